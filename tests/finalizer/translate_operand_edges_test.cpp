// Operands at the edges of their encoding, end to end on the emulated
// gfx900: WAVESIZE read as a b1 condition (PRM 2.6.2: WAVESIZE is 64
// here, and a non-zero b1 source is true) and negative zeros among the
// elements of a packed f16 immediate, which bit moves (unpacklo/hi,
// shuffle) must keep; subnormal f16 elements under packed cmp_*_ftz,
// which compare as zeros as in the scalar form (PRM 4.19.3). Expected
// values are written out bit for bit.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "finalized_gpu.h"

namespace finalizer_test {
namespace {

class OperandEdges : public FinalizedGpu {};

// out[i] is 1 when cbr_b1 WAVESIZE was taken, 2 when it fell through.
const char kWavesizeBranch[] = R"(module &wavesizecbr:1:0:$full:$large:$default;
kernel &wavesize_cbr(kernarg_u64 %out)
{
	ld_kernarg_u64 $d0, [%out];
	workitemabsid_u32 $s0, 0;
	cvt_u64_u32 $d1, $s0;
	shl_u64 $d1, $d1, 2;
	add_u64 $d0, $d0, $d1;
	mov_b32 $s1, 1;
	cbr_b1 WAVESIZE, @taken;
	mov_b32 $s1, 2;
@taken:
	st_global_u32 $s1, [$d0];
	ret;
};
)";

TEST_F(OperandEdges, CbrOnWavesizeIsTaken) {
  uint64_t object = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kWavesizeBranch, "&wavesize_cbr", &object));
  const uint32_t n = 128;
  auto* out = Buffer<uint32_t>(n);
  ASSERT_NE(out, nullptr);
  ASSERT_TRUE(Dispatch(object, {Ptr(out)}, n, 64));
  for (uint32_t i = 0; i < n; ++i) EXPECT_EQ(out[i], 1u) << "work-item " << i;
}

// x is loaded (so the backend cannot fold the result); the immediates list
// elements from the highest down (PRM 4.8.2), so f16x4(1, 3, 4, -0) is
// 0x3c00'4200'4400'8000 with -0.0 as element 0.
const char kNegativeZeros[] = R"(module &negzero:1:0:$full:$large:$default;
kernel &negzero(kernarg_u64 %io)
{
	ld_kernarg_u64 $d0, [%io];
	ld_global_u64 $d2, [$d0];
	unpacklo_f16x4 $d1, $d2, f16x4(1.0h, 3.0h, 4.0h, -0.0h);
	st_global_u64 $d1, [$d0+8];
	unpackhi_f16x4 $d1, $d2, f16x4(-0.0h, 3.0h, -0.0h, 2.0h);
	st_global_u64 $d1, [$d0+16];
	shuffle_f16x4 $d1, $d2, f16x4(-0.0h, -0.0h, 1.0h, -0.0h), 0x44;
	st_global_u64 $d1, [$d0+24];
	ret;
};
)";

TEST_F(OperandEdges, PackedImmediatesKeepNegativeZeros) {
  uint64_t object = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kNegativeZeros, "&negzero", &object));
  auto* io = Buffer<uint64_t>(4);
  ASSERT_NE(io, nullptr);
  io[0] = 0x1111'2222'3333'4444ull;  // x: elements 0x4444, 0x3333, 0x2222, 0x1111
  ASSERT_TRUE(Dispatch(object, {Ptr(io)}, 1, 1));
  // unpacklo: x.e0, y.e0, x.e1, y.e1 (element 0 lowest).
  EXPECT_EQ(io[1], 0x4400'3333'8000'4444ull);
  // unpackhi: x.e2, y.e2, x.e3, y.e3 with y = -0, 3, -0, 2 from the top.
  EXPECT_EQ(io[2], 0x8000'1111'4200'2222ull);
  // shuffle 0x44: elements 0, 1 of x, then 0, 1 of y (-0.0, 1.0).
  EXPECT_EQ(io[3], 0x3c00'8000'3333'4444ull);
}

// x and y as loaded f16x4 (elements 0x0001, 0x8001, 0x03ff, 0x3c00 and
// 0x8000, 0x0000, 0x0000, 0x03ff): with ftz every subnormal is a zero.
const char kPackedCmpFtz[] = R"(module &cmpftz:1:0:$full:$large:$default;
kernel &cmpftz(kernarg_u64 %io)
{
	ld_kernarg_u64 $d0, [%io];
	ld_global_u64 $d2, [$d0];
	ld_global_u64 $d3, [$d0+8];
	cmp_eq_ftz_pp_u16x4_f16x4 $d1, $d2, $d3;
	st_global_u64 $d1, [$d0+16];
	cmp_gt_ftz_pp_u16x4_f16x4 $d1, $d2, $d3;
	st_global_u64 $d1, [$d0+24];
	cmp_eq_pp_u16x4_f16x4 $d1, $d2, $d3;
	st_global_u64 $d1, [$d0+32];
	ret;
};
)";

TEST_F(OperandEdges, PackedCmpFtzComparesSubnormalsAsZeros) {
  uint64_t object = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kPackedCmpFtz, "&cmpftz", &object));
  auto* io = Buffer<uint64_t>(5);
  ASSERT_NE(io, nullptr);
  io[0] = 0x3c00'03ff'8001'0001ull;
  io[1] = 0x03ff'0000'0000'8000ull;
  ASSERT_TRUE(Dispatch(object, {Ptr(io)}, 1, 1));
  // ftz: 0 == -0, -0 == 0, 0 == 0, 1.0 > 0 (y's 0x03ff flushed).
  EXPECT_EQ(io[2], 0x0000'ffff'ffff'ffffull);
  EXPECT_EQ(io[3], 0xffff'0000'0000'0000ull);
  // Without ftz the subnormals are not zeros: no element is equal.
  EXPECT_EQ(io[4], 0x0000'0000'0000'0000ull);
}

}  // namespace
}  // namespace finalizer_test
