// Deterministic mutation fuzzing of Parse and Load over the real code
// objects: byte flips, overwrites with boundary values, and truncations.
// Whatever the bytes, Parse must return (never crash or read out of
// bounds; run under -DSANITIZE=address,undefined to see overruns), a
// failure must carry a message, and a success must load cleanly.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "code_object.h"
#include "test_files.h"

namespace hsart::loader::test {
namespace {

// xorshift64*: fixed sequence on every platform and library.
class Rng {
 public:
  explicit Rng(uint64_t seed) : s_(seed | 1) {}
  uint64_t next() {
    s_ ^= s_ >> 12;
    s_ ^= s_ << 25;
    s_ ^= s_ >> 27;
    return s_ * 0x2545f4914f6cdd1dull;
  }
  size_t below(size_t n) { return n ? static_cast<size_t>(next() % n) : 0; }

 private:
  uint64_t s_;
};

// HSA_LOADER_FUZZ_ITERATIONS overrides the count for longer local runs.
int Iterations() {
  const char* env = std::getenv("HSA_LOADER_FUZZ_ITERATIONS");
  const int n = env ? std::atoi(env) : 0;
  return n > 0 ? n : 20000;
}

void Mutate(Rng& rng, std::vector<uint8_t>* b) {
  static constexpr uint8_t kInteresting[] = {0x00, 0x01, 0x7f, 0x80, 0xff, 0xfe, 0x40, 0x10};
  switch (rng.below(4)) {
    case 0: {  // flip a few random bits
      const size_t n = 1 + rng.below(8);
      for (size_t i = 0; i < n; ++i) (*b)[rng.below(b->size())] ^= uint8_t(1u << rng.below(8));
      break;
    }
    case 1: {  // boundary bytes, biased to the headers where offsets live
      const size_t n = 1 + rng.below(4);
      const size_t span = rng.below(2) ? std::min<size_t>(b->size(), 0x240) : b->size();
      for (size_t i = 0; i < n; ++i)
        (*b)[rng.below(span)] = kInteresting[rng.below(sizeof(kInteresting))];
      break;
    }
    case 2:  // truncate
      b->resize(rng.below(b->size()));
      break;
    default: {  // random bytes in a random window, then maybe truncate
      const size_t at = rng.below(b->size()), n = std::min<size_t>(b->size() - at, 16);
      for (size_t i = 0; i < n; ++i) (*b)[at + i] = static_cast<uint8_t>(rng.next());
      if (rng.below(4) == 0) b->resize(at + rng.below(b->size() - at + 1));
      break;
    }
  }
}

class FuzzTest : public ::testing::TestWithParam<const char*> {};

TEST_P(FuzzTest, MutatedCodeObjectsNeverCrash) {
  const std::vector<uint8_t> original = ReadFile(KernelPath(GetParam()));
  ASSERT_FALSE(original.empty());
  Rng rng(0x5eed0000u + original.size());
  const int iterations = Iterations();
  int parsed = 0, rejected = 0;
  for (int it = 0; it < iterations; ++it) {
    std::vector<uint8_t> b = original;
    Mutate(rng, &b);
    if (rng.below(3) == 0 && !b.empty()) Mutate(rng, &b);
    CodeObject co;
    std::string error;
    // Parse must never touch bytes beyond b.size(): hand it an exact-size
    // heap copy so ASan sees any overrun.
    std::unique_ptr<uint8_t[]> exact(new uint8_t[b.size() + (b.empty() ? 1 : 0)]);
    if (!b.empty()) std::memcpy(exact.get(), b.data(), b.size());
    if (!Parse(exact.get(), b.size(), &co, &error)) {
      ASSERT_FALSE(error.empty()) << "iteration " << it;
      ++rejected;
      continue;
    }
    ++parsed;
    if (co.image_size > (1u << 20)) continue;  // keep the test fast
    std::vector<uint8_t> image(co.image_size);
    // A failing Load (e.g. misdescribed relocation) is fine; a crash is not.
    if (!Load(
            co, image.data(), 0x100000000ull,
            [](const std::string&, uint64_t* a) {
              *a = 0xdead0000;
              return true;
            },
            &error)) {
      ASSERT_FALSE(error.empty()) << "iteration " << it;
    }
  }
  RecordProperty("parsed", parsed);
  RecordProperty("rejected", rejected);
  // Both outcomes happen: the mutations are neither all fatal nor all benign.
  EXPECT_GT(parsed, 0);
  EXPECT_GT(rejected, iterations / 10);
}

INSTANTIATE_TEST_SUITE_P(Versions, FuzzTest, ::testing::Values("v2", "v3", "v4"));

}  // namespace
}  // namespace hsart::loader::test
