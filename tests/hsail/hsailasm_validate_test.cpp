// hsailasm -validate, and the validation every action does: an invalid
// module (text or BRIG) gets "file:line:column: message" or
// "file: hsa_code@0x...: message", exit status 1 and no output file, as
// HSAILasm refuses it; a valid one passes silently.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include <hsail/brig/module.h>
#include <hsail/text/parser.h>

#include "test_util.h"

namespace {

using hsail_test::file_exists;
using hsail_test::run;
using hsail_test::ScratchDir;
using hsail_test::write_file;

const char kValid[] =
    "module &m:1:0:$full:$large:$default;\n"
    "kernel &k(kernarg_u64 %p)\n"
    "{\n"
    "\tld_kernarg_u64 $d0, [%p];\n"
    "\tret;\n"
    "};\n";

// ld_kernarg_u64 -> ld_kernarg_b64: ld takes no b types but b128 (PRM
// 6.3), a rule only the validator can check on BRIG.
std::string invalid_brig() {
  hsail::Module m = hsail::parse_hsail(kValid);
  hsail::Section& code = m.code();
  for (uint32_t off = code.header_size(); off < code.size();) {
    fw_brig_base b = m.base_at(code, off);
    if (b.kind == FW_BRIG_KIND_INST_MEM) {
      auto inst = m.code_entry<fw_brig_inst_mem>(off);
      inst.base.type = FW_BRIG_TYPE_B64;
      code.put(off, inst);
      break;
    }
    off += b.byte_count;
  }
  std::vector<uint8_t> brig = m.to_brig();
  return std::string(brig.begin(), brig.end());
}

TEST(HsailToolValidate, ValidTextAndBrigPassSilently) {
  ScratchDir dir;
  write_file(dir.file("ok.hsail"), kValid);
  auto r = run({HSAILASM_TOOL, "-validate", dir.file("ok.hsail")});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  ASSERT_EQ(run({HSAILASM_TOOL, dir.file("ok.hsail"), "-o", dir.file("ok.brig")}).exit_code, 0);
  r = run({HSAILASM_TOOL, "-validate", dir.file("ok.brig")});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  // -validate writes nothing: the directory holds only our two files.
  size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir.path()))
    files += e.is_regular_file();
  EXPECT_EQ(files, 2u);
}

TEST(HsailToolValidate, InvalidTextGetsItsPosition) {
  ScratchDir dir;
  std::string in = dir.file("bad.hsail");
  std::string text = kValid;
  text.replace(text.find("\tret;"), 5, "\tadd_ftz_u32 $s0, $s1, $s2;\n\tret;");
  write_file(in, text);
  auto r = run({HSAILASM_TOOL, "-validate", in});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find(in + ":5:2: "), std::string::npos) << r.err;
  r = run({HSAILASM_TOOL, "-assemble", in, "-o", dir.file("bad.brig")});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_FALSE(file_exists(dir.file("bad.brig")));
  if (!hsail_test::oracle_path().empty()) {
    EXPECT_NE(run({hsail_test::oracle_path(), in, "-o", dir.file("h.brig")}).exit_code, 0)
        << "HSAILasm accepts what we refuse";
  }
}

TEST(HsailToolValidate, InvalidBrigIsRefusedByValidateAndDisassemble) {
  ScratchDir dir;
  std::string in = dir.file("bad.brig");
  write_file(in, invalid_brig());
  auto r = run({HSAILASM_TOOL, "-validate", in});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find(in + ": hsa_code@0x"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("b64"), std::string::npos) << r.err;
  r = run({HSAILASM_TOOL, "-disassemble", in, "-o", dir.file("bad.hsail")});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_FALSE(file_exists(dir.file("bad.hsail")));
  std::string oracle = hsail_test::oracle_path();
  ASSERT_FALSE(oracle.empty()) << "HSAILasm not found: install hsail-tools (tools/deps)";
  EXPECT_NE(run({oracle, "-disassemble", in, "-o", dir.file("h.hsail")}).exit_code, 0)
      << "HSAILasm disassembles what we refuse";
}

}  // namespace
