// Packed float arithmetic under the directed roundings (PRM 4.19.2, 5.2,
// 5.11): add/sub/mul/div/sqrt on f32x2 with up, down and zero, element by
// element,
// against the host's IEEE arithmetic under fesetround. gccbrig-11 ignores
// directed roundings, so it cannot be the reference here.
#include <cfenv>
#include <cmath>
#include <cstring>
#include <iterator>
#include <random>

#include "finalized_gpu.h"
#include "translate_test_util.h"

namespace finalizer_test {
namespace {

constexpr const char* kOps[] = {"add", "sub", "mul", "div", "sqrt"};
constexpr const char* kModes[] = {"up", "down", "zero"};
constexpr int kFenv[] = {FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
constexpr unsigned kOpCount = std::size(kOps);
constexpr unsigned kResults = kOpCount * 3;  // ops x modes per work-item

std::string kernel_text() {
  std::string t = R"(module &pr:1:0:$full:$large:$default;
kernel &k(kernarg_u64 %a, kernarg_u64 %b, kernarg_u64 %out)
{
	workitemabsid_u32 $s0, 0;
	cvt_u64_u32 $d0, $s0;
	shl_u64 $d1, $d0, 3;
	ld_kernarg_u64 $d2, [%a];
	add_u64 $d2, $d2, $d1;
	ld_global_u64 $d3, [$d2];
	ld_kernarg_u64 $d2, [%b];
	add_u64 $d2, $d2, $d1;
	ld_global_u64 $d4, [$d2];
	mul_u64 $d1, $d0, )" +
                  std::to_string(kResults * 8) + R"(;
	ld_kernarg_u64 $d2, [%out];
	add_u64 $d2, $d2, $d1;
)";
  unsigned slot = 0;
  for (const char* op : kOps) {
    for (const char* mode : kModes) {
      const bool unary = !std::strcmp(op, "sqrt");
      t += std::string("\t") + op + "_" + mode +
           (unary ? "_p_f32x2 $d5, $d3;\n" : "_pp_f32x2 $d5, $d3, $d4;\n");
      t += "\tst_global_u64 $d5, [$d2+" + std::to_string(slot++ * 8) + "];\n";
    }
  }
  return t + "\tret;\n};\n";
}

float host(const char* op, int mode, float x, float y) {
  std::fesetround(mode);
  volatile float a = x, b = y, r = 0;
  if (!std::strcmp(op, "add")) r = a + b;
  if (!std::strcmp(op, "sub")) r = a - b;
  if (!std::strcmp(op, "mul")) r = a * b;
  if (!std::strcmp(op, "div")) r = a / b;
  if (!std::strcmp(op, "sqrt")) r = std::sqrt(a);  // correctly rounded in the mode (IEEE 754)
  std::fesetround(FE_TONEAREST);
  return r;
}

using PackedDirectedRounding = FinalizedGpu;

TEST_F(PackedDirectedRounding, F32x2MatchesTheHostUnderFesetround) {
  constexpr uint32_t n = 256;
  auto* a = Buffer<float>(2 * n);
  auto* b = Buffer<float>(2 * n);
  auto* out = Buffer<float>(2 * n * kResults);
  ASSERT_TRUE(a && b && out);
  std::mt19937 rng(4192);
  const float specials[] = {0.0f,    -0.0f,   1.0f,     3.0f,     0.1f, 1e-40f,
                            -1e-45f, 3.4e38f, -3.4e38f, INFINITY, NAN,  1.17549435e-38f};
  for (uint32_t i = 0; i < 2 * n; ++i) {
    auto pick = [&]() {
      if (rng() % 4 == 0) return specials[rng() % std::size(specials)];
      uint32_t u = rng();
      float f;
      std::memcpy(&f, &u, 4);
      return std::isnan(f) ? 1.5f : f;
    };
    a[i] = pick();
    b[i] = (i % 3 == 0) ? a[i] * 0.75f : pick();  // near-cancellations too
  }
  uint64_t object = 0;
  Load(kernel_text().c_str(), "&k", &object);
  ASSERT_NE(object, 0u);
  ASSERT_TRUE(Dispatch(object, {Ptr(a), Ptr(b), Ptr(out)}, n, 64));
  unsigned differ_up_down = 0;
  for (uint32_t i = 0; i < n; ++i) {
    for (unsigned op = 0; op < kOpCount; ++op) {
      for (unsigned mode = 0; mode < 3; ++mode) {
        for (unsigned e = 0; e < 2; ++e) {
          const float x = a[2 * i + e], y = b[2 * i + e];
          const float want = host(kOps[op], kFenv[mode], x, y);
          const float got = out[(i * kResults + op * 3 + mode) * 2 + e];
          if (std::isnan(want)) {
            EXPECT_TRUE(std::isnan(got))
                << kOps[op] << "_" << kModes[mode] << " " << x << ", " << y;
            continue;
          }
          EXPECT_EQ(bits(got), bits(want)) << kOps[op] << "_" << kModes[mode] << " element " << e
                                           << " of work-item " << i << ": " << x << ", " << y;
        }
        if (mode == 0)
          differ_up_down +=
              bits(out[(i * kResults + op * 3) * 2]) != bits(out[(i * kResults + op * 3 + 1) * 2]);
      }
    }
  }
  EXPECT_GT(differ_up_down, 100u) << "up and down should differ on inexact results";
}

}  // namespace
}  // namespace finalizer_test
