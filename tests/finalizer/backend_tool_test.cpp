// The hsail-finalize tool: HSAIL text and BRIG in, a code object out that
// llvm-readelf-14 reads as the requested GPU and code object version;
// front-end errors with their positions, exit statuses 1 (bad input, no
// output file) and 2 (usage).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <fstream>
#include <string>

#include <hsail/text/parser.h>

#include "backend_test_kernels.h"

namespace finalizer_test {
namespace {

struct Result {
  int status = -1;
  std::string output;  // stdout and stderr
};

Result tool(const std::string& args) {
  Result r;
  FILE* p = popen((std::string(HSAIL_FINALIZE_TOOL) + " " + args + " 2>&1").c_str(), "r");
  if (!p) return r;
  char buf[4096];
  size_t got;
  while ((got = fread(buf, 1, sizeof buf, p)) > 0) r.output.append(buf, got);
  const int raw = pclose(p);
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return r;
}

bool exists(const std::string& path) { return std::ifstream(path).good(); }

std::vector<uint8_t> text_bytes(const std::string& text) {
  return std::vector<uint8_t>(text.begin(), text.end());
}

TEST(BackendTool, FinalizesTextToTheDefaultOutputName) {
  TempDir dir;
  const std::string input = dir.write("vector_add.hsail", text_bytes(kVectorAddHsail));
  const Result r = tool(input);
  ASSERT_EQ(r.status, 0) << r.output;
  const std::string co = input.substr(0, input.size() - 6) + ".co";
  ASSERT_TRUE(exists(co));
  const std::string elf = run(std::string(LLVM_READELF) + " -h --syms --notes " + co);
  EXPECT_NE(elf.find("0x22C"), std::string::npos) << "gfx900, xnack off, v4\n" << elf;
  EXPECT_NE(elf.find(" &vector_add.kd"), std::string::npos) << elf;
  // The kernel declares no group or private memory, so its HSAIL registers
  // must end up in machine registers, not in LDS or scratch.
  EXPECT_NE(elf.find(".group_segment_fixed_size: 0"), std::string::npos) << elf;
  EXPECT_NE(elf.find(".private_segment_fixed_size: 0"), std::string::npos) << elf;
}

TEST(BackendTool, FinalizesBrigForGfx803V3) {
  TempDir dir;
  const std::string input =
      dir.write("vector_add.brig", hsail::parse_hsail(kVectorAddHsail).to_brig());
  const std::string co = input + ".co";
  const Result r = tool(input + " -o " + co + " --mcpu gfx803 --code-object-v3");
  ASSERT_EQ(r.status, 0) << r.output;
  const std::string elf = run(std::string(LLVM_READELF) + " -h " + co);
  EXPECT_NE(elf.find("0x2A"), std::string::npos) << elf;
  EXPECT_NE(elf.find("ABI Version:                       1"), std::string::npos) << elf;
}

TEST(BackendTool, EmitsLlvmIr) {
  TempDir dir;
  const std::string input = dir.write("vector_add.hsail", text_bytes(kVectorAddHsail));
  const Result r = tool(input + " --emit-llvm -o -");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("define amdgpu_kernel void @\"&vector_add\""), std::string::npos)
      << r.output;
}

TEST(BackendTool, SyntaxErrorHasItsPositionAndLeavesNoOutput) {
  TempDir dir;
  std::string text = kVectorAddHsail;
  text.replace(text.find("add_u32"), 7, "add_u99");
  const std::string input = dir.write("bad.hsail", text_bytes(text));
  const std::string co = input + ".co";
  const Result r = tool(input + " -o " + co);
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("bad.hsail:17:"), std::string::npos) << r.output;
  EXPECT_FALSE(exists(co));
}

TEST(BackendTool, UsageErrorsExitWithTwo) {
  TempDir dir;
  const std::string input = dir.write("vector_add.hsail", text_bytes(kVectorAddHsail));
  EXPECT_EQ(tool(input + " --mcpu gfx1030").status, 2);
  EXPECT_EQ(tool(input + " --code-object-v9").status, 2);
  EXPECT_EQ(tool("").status, 2);
  EXPECT_EQ(tool(input + " -o").status, 2);
}

}  // namespace
}  // namespace finalizer_test
