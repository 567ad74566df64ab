// Robustness: translate() on BRIG it has never been promised is valid.
// Every corpus module (tests/hsail/corpus) is assembled, then damaged one
// 32-bit word at a time at seeded positions in its code and operand
// sections (the entries the translator walks); each damaged module that
// still loads must either translate to IR the verifier accepts or fail
// with a FinalizeError, never crash, hang or throw anything else.
#include <gtest/gtest.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include <finalizer/finalizer.h>
#include <hsail/brig/error.h>
#include <hsail/brig/module.h>
#include <hsail/text/parser.h>

#include "translate_test_util.h"

namespace {

std::string read_text(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(TranslateMutatedBrig, DamagedModulesTranslateOrFailCleanly) {
  const std::filesystem::path corpus = std::filesystem::path(HSAIL_CORPUS_DIR);
  std::mt19937 rng(20261125);
  size_t loaded = 0, translated = 0, refused = 0;
  for (const auto& entry : std::filesystem::directory_iterator(corpus)) {
    if (entry.path().extension() != ".hsail") continue;
    const std::vector<uint8_t> brig = hsail::parse_hsail(read_text(entry.path())).to_brig();
    for (int round = 0; round < 1500; ++round) {
      std::vector<uint8_t> bad = brig;
      // Past the module header (its section offsets are the reader's
      // business, fuzzed in tests/hsail): words inside the sections.
      std::uniform_int_distribution<size_t> at(64 / 4, bad.size() / 4 - 1);
      const size_t word = at(rng) * 4;
      const uint32_t values[] = {0u, 0xffffffffu, static_cast<uint32_t>(rng()),
                                 static_cast<uint32_t>(rng() % 64)};
      const uint32_t v = values[rng() % 4];
      std::memcpy(bad.data() + word, &v, 4);
      hsail::Module m;
      try {
        m = hsail::Module::from_brig(bad.data(), bad.size());
      } catch (const hsail::BrigError&) {
        continue;
      }
      ++loaded;
      llvm::LLVMContext context;
      try {
        std::unique_ptr<llvm::Module> ir =
            hsail::finalizer::translate(m, context, hsail::finalizer::Options{});
        ++translated;
        EXPECT_EQ(finalizer_test::verify(*ir), "") << entry.path().filename() << " word " << word;
      } catch (const hsail::finalizer::FinalizeError&) {
        ++refused;
      }
    }
  }
  // The damage must reach the translator often enough to mean something.
  EXPECT_GT(loaded, 10000u);
  EXPECT_GT(refused, 1000u);
  std::printf("mutated BRIG: %zu loaded, %zu translated, %zu refused\n", loaded, translated,
              refused);
}

}  // namespace
