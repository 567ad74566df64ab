// Our assembler and disassembler against Debian's HSAILasm on every corpus
// file: identical BRIG bytes, identical disassembly of HSAILasm's BRIG, and a
// text -> BRIG -> text -> BRIG round trip that changes nothing.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <hsail/brig/module.h>
#include <hsail/disasm/disassembler.h>
#include <hsail/text/parser.h>

#include "test_util.h"

namespace {

using hsail_test::corpus_files;
using hsail_test::oracle_path;
using hsail_test::read_file;
using hsail_test::run;
using hsail_test::ScratchDir;

std::string to_string(const std::vector<uint8_t>& v) { return std::string(v.begin(), v.end()); }

hsail::Module load(const std::string& brig) {
  return hsail::Module::from_brig(reinterpret_cast<const uint8_t*>(brig.data()), brig.size());
}

// "first difference at byte N" helps find the entry that differs.
std::string first_difference(const std::string& a, const std::string& b) {
  size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  return "sizes " + std::to_string(a.size()) + " vs " + std::to_string(b.size()) +
         ", first difference at byte " + std::to_string(i);
}

class HsailCompat : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    oracle_ = oracle_path();
    ASSERT_FALSE(oracle_.empty()) << "HSAILasm not found: install hsail-tools (tools/deps)";
    source_ = read_file(GetParam());
  }

  // HSAILasm's BRIG for the corpus file.
  std::string oracle_brig() {
    std::string out = dir_.file("ref.brig");
    auto r = run({oracle_, "-assemble", GetParam(), "-o", out});
    EXPECT_EQ(r.exit_code, 0) << "HSAILasm rejected " << GetParam() << ":\n" << r.err;
    return r.exit_code == 0 ? read_file(out) : "";
  }

  std::string oracle_;
  std::string source_;
  ScratchDir dir_;
};

TEST_P(HsailCompat, BrigIsByteIdenticalToHsailasm) {
  std::string ours = to_string(hsail::parse_hsail(source_).to_brig());
  std::string ref = oracle_brig();
  ASSERT_FALSE(ref.empty());
  EXPECT_TRUE(ours == ref) << first_difference(ours, ref);
}

TEST_P(HsailCompat, DisassemblyOfHsailasmBrigMatchesHsailasm) {
  std::string ref = oracle_brig();
  ASSERT_FALSE(ref.empty());
  std::string ref_text_path = dir_.file("ref.hsail");
  auto r = run({oracle_, "-disassemble", dir_.file("ref.brig"), "-o", ref_text_path});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(hsail::disassemble(load(ref)), read_file(ref_text_path));
}

TEST_P(HsailCompat, TextBrigTextBrigIsStable) {
  std::string brig1 = to_string(hsail::parse_hsail(source_).to_brig());
  std::string text1 = hsail::disassemble(load(brig1));
  std::string brig2 = to_string(hsail::parse_hsail(text1).to_brig());
  EXPECT_TRUE(brig1 == brig2) << first_difference(brig1, brig2);
  EXPECT_EQ(hsail::disassemble(load(brig2)), text1);
}

// The command-line tool writes what the library produces.
TEST_P(HsailCompat, ToolAssemblesAndDisassembles) {
  std::string brig = dir_.file("tool.brig"), text = dir_.file("tool.hsail");
  auto a = run({HSAILASM_TOOL, "-assemble", GetParam(), "-o", brig});
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_TRUE(read_file(brig) == to_string(hsail::parse_hsail(source_).to_brig()));
  auto d = run({HSAILASM_TOOL, "-disassemble", brig, "-o", text});
  ASSERT_EQ(d.exit_code, 0) << d.err;
  EXPECT_EQ(read_file(text), hsail::disassemble(load(read_file(brig))));
}

INSTANTIATE_TEST_SUITE_P(Corpus, HsailCompat, ::testing::ValuesIn(corpus_files()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return hsail_test::stem(info.param);
                         });

}  // namespace
