// The parser on mutated corpus text: every input is either assembled or
// rejected with a SyntaxError; whatever is assembled must load back and
// disassemble (the writer never produces BRIG the reader refuses).
#include <gtest/gtest.h>

#include <random>
#include <string>

#include <hsail/brig/module.h>
#include <hsail/disasm/disassembler.h>
#include <hsail/text/parser.h>

#include "test_util.h"

namespace {

TEST(HsailParserFuzz, SeededMutationsNeverCrash) {
  std::mt19937 rng(6);
  static const char kAlphabet[] = "$%&@[](){},;:=+-_.0123456789abcdfsuvxF \n/*\"";
  int accepted = 0, rejected = 0;
  for (const std::string& path : hsail_test::corpus_files()) {
    const std::string orig = hsail_test::read_file(path);
    for (int round = 0; round < 150; ++round) {
      std::string text = orig;
      int edits = 1 + static_cast<int>(rng() % 3);
      for (int e = 0; e < edits && !text.empty(); ++e) {
        size_t pos = rng() % text.size();
        char c = kAlphabet[rng() % (sizeof(kAlphabet) - 1)];
        switch (rng() % 3) {
          case 0:
            text[pos] = c;
            break;
          case 1:
            text.insert(pos, 1, c);
            break;
          default:
            text.erase(pos, 1 + rng() % 8);
            break;
        }
      }
      try {
        std::vector<uint8_t> brig = hsail::parse_hsail(text).to_brig();
        hsail::Module back = hsail::Module::from_brig(brig.data(), brig.size());
        EXPECT_NO_THROW(hsail::disassemble(back)) << path << " round " << round << ":\n" << text;
        ++accepted;
      } catch (const hsail::SyntaxError&) {
        ++rejected;
      }
    }
  }
  EXPECT_GT(rejected, 0);
  EXPECT_GT(accepted, 0);
}

}  // namespace
