// sqrt (PRM 5.11) is correctly rounded on the emulated GPU: bit-exact
// against the CPU's IEEE square root; the native functions (PRM 5.14)
// are within a loose relative tolerance of the CPU's exact functions.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

#include "finalized_gpu.h"
#include "translate_test_util.h"

namespace {

using finalizer_test::FinalizedGpu;

// out[8i..8i+7] = sqrt, nsqrt, nrcp, nrsqrt, nsin, ncos, nexp2, nlog2 of
// in[i] (f32); d[i] = sqrt of the f64 in[i].
const char kNative[] = R"(module &n:1:0:$full:$large:$default;
kernel &native(kernarg_u64 %in, kernarg_u64 %out, kernarg_u64 %din, kernarg_u64 %dout)
{
	workitemabsid_u32 $s0, 0;
	cvt_u64_u32 $d0, $s0;
	shl_u64 $d1, $d0, 2;
	ld_kernarg_u64 $d2, [%in];
	add_u64 $d2, $d2, $d1;
	ld_global_f32 $s1, [$d2];
	shl_u64 $d1, $d0, 5;
	ld_kernarg_u64 $d3, [%out];
	add_u64 $d3, $d3, $d1;
	sqrt_f32 $s2, $s1;
	st_global_f32 $s2, [$d3];
	nsqrt_f32 $s2, $s1;
	st_global_f32 $s2, [$d3+4];
	nrcp_f32 $s2, $s1;
	st_global_f32 $s2, [$d3+8];
	nrsqrt_f32 $s2, $s1;
	st_global_f32 $s2, [$d3+12];
	nsin_f32 $s2, $s1;
	st_global_f32 $s2, [$d3+16];
	ncos_f32 $s2, $s1;
	st_global_f32 $s2, [$d3+20];
	nexp2_f32 $s2, $s1;
	st_global_f32 $s2, [$d3+24];
	nlog2_f32 $s2, $s1;
	st_global_f32 $s2, [$d3+28];
	shl_u64 $d1, $d0, 3;
	ld_kernarg_u64 $d4, [%din];
	add_u64 $d4, $d4, $d1;
	ld_global_f64 $d5, [$d4];
	sqrt_f64 $d5, $d5;
	ld_kernarg_u64 $d4, [%dout];
	add_u64 $d4, $d4, $d1;
	st_global_f64 $d5, [$d4];
	ret;
};
)";

TEST(TranslateNative, VerifiesAndUsesTheIntrinsics) {
  llvm::LLVMContext context;
  auto m = finalizer_test::translate_text(context, kNative);
  ASSERT_TRUE(m);
  EXPECT_EQ(finalizer_test::verify(*m), "");
  const std::string ir = finalizer_test::ir_text(*m);
  for (const char* want :
       {"@llvm.sqrt.f64", "@llvm.sqrt.f32", "@llvm.amdgcn.rcp.f32", "@llvm.amdgcn.rsq.f32",
        "@llvm.sin.f32", "@llvm.cos.f32", "@llvm.exp2.f32", "@llvm.log2.f32"}) {
    EXPECT_NE(ir.find(want), std::string::npos) << want;
  }
}

bool Near(float got, double want, double rel) {
  if (std::isnan(want)) return std::isnan(got);
  if (std::isinf(want)) return got == static_cast<float>(want);
  return std::fabs(got - want) <= rel * std::fabs(want) + 1e-5;
}

TEST_F(FinalizedGpu, SqrtIsCorrectlyRoundedAndNativesAreClose) {
  uint64_t object = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kNative, "&native", &object));
  const uint32_t n = 256;
  float* in = Buffer<float>(n);
  float* out = Buffer<float>(8 * n);
  double* din = Buffer<double>(n);
  double* dout = Buffer<double>(n);
  ASSERT_TRUE(in && out && din && dout);
  uint32_t x = 12345;
  for (uint32_t i = 0; i < n; ++i) {
    x = x * 1664525u + 1013904223u;
    // Positive values over many binades, with 0, 1, 2 and a square.
    uint32_t bits = 0x30000000u + (x >> 4) % 0x1c000000u;
    std::memcpy(&in[i], &bits, 4);
    if (i < 4) in[i] = static_cast<float>(i == 3 ? 49 : i);
    din[i] = static_cast<double>(in[i]) * (1.0 + 1.0 / (i + 3));
  }
  ASSERT_TRUE(Dispatch(object, {Ptr(in), Ptr(out), Ptr(din), Ptr(dout)}, n, 64));
  for (uint32_t i = 0; i < n; ++i) {
    const float v = in[i];
    const float* o = out + 8 * i;
    ASSERT_EQ(o[0], std::sqrt(v)) << "sqrt of " << v;
    ASSERT_EQ(dout[i], std::sqrt(din[i])) << "sqrt of " << din[i];
    EXPECT_TRUE(Near(o[1], std::sqrt(double(v)), 1e-5)) << "nsqrt " << v << " " << o[1];
    if (v == 0) continue;
    EXPECT_TRUE(Near(o[2], 1.0 / v, 1e-5)) << "nrcp " << v << " " << o[2];
    EXPECT_TRUE(Near(o[3], 1.0 / std::sqrt(double(v)), 1e-5)) << "nrsqrt " << v << " " << o[3];
    if (v < 100) {
      EXPECT_NEAR(o[4], std::sin(double(v)), 1e-3) << "nsin " << v << " " << o[4];
      EXPECT_NEAR(o[5], std::cos(double(v)), 1e-3) << "ncos " << v << " " << o[5];
      EXPECT_TRUE(Near(o[6], std::exp2(double(v)), 1e-5)) << "nexp2 " << v << " " << o[6];
    }
    EXPECT_TRUE(Near(o[7], std::log2(double(v)), 1e-5)) << "nlog2 " << v << " " << o[7];
  }
}

}  // namespace
