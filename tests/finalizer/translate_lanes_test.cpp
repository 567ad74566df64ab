// Cross-lane instructions (PRM 9.4) and laneid (PRM 11.4) end to end on
// the emulated gfx900, checked against a CPU model of 64-lane wavefronts:
// a wavefront is 64 consecutive work-items of a work-group, the active
// lanes of a branch are the existing ones whose condition sent them there,
// and each result follows the PRM's description (activelanepermute's
// pseudo code included). gccbrig's runtime has one lane per wavefront, so
// it is no oracle for these.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "finalized_gpu.h"

namespace {

// Work-item i (absolute id) writes 128 bytes at out + 128 * i:
//   +0  activelanecount of (i % 3 == 0) with every lane active
//   +4  laneid                              +36 activelaneid there
//   and, only when i % 5 != 0 (a divergent branch):
//   +8  activelanecount of (i % 3 == 0)     +12 activelaneid
//   +16 activelanemask dest0                +24 dest1 | dest2 | dest3
//   +32 permute_b32 of 7i from lane+1, identity 57005 when i % 7 == 0
//   +40 permute_b64 of (7i << 32 | i) from lane+61 (lane-3), identity 12345
//   +48 permute_b1 of (i % 3 == 0) from lane+1, identity 1
//   +64 permute_b128 of (i, 7i, lane+1, lane) from lane+61, identity i % 7
//       in each word
const char kLanes[] = R"(module &lanemod:1:0:$full:$large:$default;
kernel &lanes(kernarg_u64 %out)
{
	ld_kernarg_u64 $d0, [%out];
	workitemabsid_u32 $s0, 0;
	cvt_u64_u32 $d1, $s0;
	shl_u64 $d1, $d1, 7;
	add_u64 $d0, $d0, $d1;
	rem_u32 $s1, $s0, 3;
	cmp_eq_b1_u32 $c0, $s1, 0;
	activelanecount_u32_b1 $s2, $c0;
	st_global_u32 $s2, [$d0];
	laneid_u32 $s3;
	st_global_u32 $s3, [$d0+4];
	activelaneid_u32 $s2;
	st_global_u32 $s2, [$d0+36];
	rem_u32 $s4, $s0, 5;
	cmp_eq_b1_u32 $c1, $s4, 0;
	cbr_b1 $c1, @skip;
	activelanecount_width(WAVESIZE)_u32_b1 $s2, $c0;
	st_global_u32 $s2, [$d0+8];
	activelaneid_u32 $s2;
	st_global_u32 $s2, [$d0+12];
	activelanemask_v4_b64_b1 ($d2, $d3, $d4, $d5), $c0;
	st_global_u64 $d2, [$d0+16];
	or_b64 $d3, $d3, $d4;
	or_b64 $d3, $d3, $d5;
	st_global_u64 $d3, [$d0+24];
	mul_u32 $s5, $s0, 7;
	add_u32 $s6, $s3, 1;
	rem_u32 $s7, $s0, 7;
	cmp_eq_b1_u32 $c2, $s7, 0;
	activelanepermute_b32 $s8, $s5, $s6, 57005, $c2;
	st_global_u32 $s8, [$d0+32];
	cvt_u64_u32 $d6, $s5;
	shl_u64 $d6, $d6, 32;
	cvt_u64_u32 $d7, $s0;
	or_b64 $d6, $d6, $d7;
	add_u32 $s9, $s3, 61;
	activelanepermute_b64 $d8, $d6, $s9, 12345, 0;
	st_global_u64 $d8, [$d0+40];
	activelanepermute_width(all)_b1 $c3, $c0, $s6, 1, 0;
	cvt_u32_b1 $s10, $c3;
	st_global_u32 $s10, [$d0+48];
	combine_v4_b128_b32 $q0, ($s0, $s5, $s6, $s3);
	combine_v4_b128_b32 $q2, ($s7, $s7, $s7, $s7);
	activelanepermute_b128 $q1, $q0, $s9, $q2, 0;
	expand_v4_b32_b128 ($s11, $s12, $s13, $s14), $q1;
	st_v4_global_u32 ($s11, $s12, $s13, $s14), [$d0+64];
@skip:
	ret;
};
)";

struct Record {
  uint32_t count_all, laneid, count, activelaneid;
  uint64_t mask0, mask_rest;
  uint32_t p32, id_all;
  uint64_t p64;
  uint32_t p1, pad1[3];
  uint32_t p128[4];
  uint32_t pad2[12];
};
static_assert(sizeof(Record) == 128, "one record per work-item");

class FinalizedLanes : public finalizer_test::FinalizedGpu {};

TEST_F(FinalizedLanes, CrossLaneResultsMatchA64LaneModel) {
  uint64_t object = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kLanes, "&lanes", &object));
  // Two work-groups of 128; the second is partial (72 work-items), so its
  // second wavefront has only 8 lanes.
  const uint32_t n = 200, group = 128;
  Record* out = Buffer<Record>(n);
  ASSERT_NE(out, nullptr);
  ASSERT_TRUE(Dispatch(object, {Ptr(out)}, n, group)) << "the dispatch did not complete";

  for (uint32_t first = 0; first < n;) {
    // One wavefront: work-items first .. last-1 in lanes 0 ..
    const uint32_t group_end = std::min(n, (first / group + 1) * group);
    const uint32_t last = std::min(group_end, first + 64);
    const uint32_t lanes = last - first;
    auto exists = [&](uint32_t l) { return l < lanes; };
    auto active = [&](uint32_t l) { return exists(l) && (first + l) % 5 != 0; };
    auto cond = [&](uint32_t l) { return (first + l) % 3 == 0; };
    uint32_t count_all = 0, count = 0;
    uint64_t mask = 0;
    for (uint32_t l = 0; l < lanes; ++l) {
      count_all += cond(l);
      if (active(l) && cond(l)) {
        ++count;
        mask |= uint64_t{1} << l;
      }
    }
    uint32_t below = 0;
    for (uint32_t l = 0; l < lanes; ++l) {
      const uint32_t i = first + l;
      const Record& r = out[i];
      EXPECT_EQ(r.count_all, count_all) << i;
      EXPECT_EQ(r.laneid, i % group % 64) << i;
      EXPECT_EQ(r.id_all, l) << i;
      if (!active(l)) {
        EXPECT_EQ(r.count, 0u) << i << " ran the branch it should skip";
        continue;
      }
      EXPECT_EQ(r.count, count) << i;
      EXPECT_EQ(r.activelaneid, below++) << i;
      EXPECT_EQ(r.mask0, mask) << i;
      EXPECT_EQ(r.mask_rest, 0u) << i;
      const uint32_t next = (l + 1) % 64, back = (l + 61) % 64;
      const uint32_t j = first + next, k = first + back;
      EXPECT_EQ(r.p32, i % 7 == 0 || !active(next) ? 57005u : 7 * j) << i;
      EXPECT_EQ(r.p64, active(back) ? (uint64_t{7 * k} << 32 | k) : 12345u) << i;
      EXPECT_EQ(r.p1, active(next) ? uint32_t{cond(next)} : 1u) << i;
      const uint32_t q[4] = {k, 7 * k, (back + 1), back};
      for (int w = 0; w < 4; ++w)
        EXPECT_EQ(r.p128[w], active(back) ? q[w] : i % 7) << i << " " << w;
    }
    first = last;
  }
}

// wavebarrier compiles to nothing that stops the wavefront: every
// work-item gets past it and sees its neighbours' group-memory writes,
// since a wavefront's lanes run in lockstep.
const char kWaveBarrier[] = R"(module &wbmod:1:0:$full:$large:$default;
kernel &wb(kernarg_u64 %out)
{
	group_u32 %t[64];
	ld_kernarg_u64 $d0, [%out];
	workitemid_u32 $s0, 0;
	shl_u32 $s1, $s0, 2;
	st_group_u32 $s0, [%t][$s1];
	wavebarrier;
	xor_b32 $s2, $s0, 1;
	shl_u32 $s2, $s2, 2;
	ld_group_u32 $s3, [%t][$s2];
	cvt_u64_u32 $d1, $s1;
	add_u64 $d0, $d0, $d1;
	st_global_u32 $s3, [$d0];
	ret;
};
)";

TEST_F(FinalizedLanes, WaveBarrierLetsTheWavefrontThrough) {
  uint64_t object = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kWaveBarrier, "&wb", &object));
  uint32_t* out = Buffer<uint32_t>(64);
  ASSERT_NE(out, nullptr);
  ASSERT_TRUE(Dispatch(object, {Ptr(out)}, 64, 64)) << "the dispatch did not complete";
  for (uint32_t i = 0; i < 64; ++i) EXPECT_EQ(out[i], i ^ 1) << i;
}

// Both arms of an if/else run the same cross-lane instructions (issue 23
// item 7b): each arm's lanes must see only that arm's lanes, so LLVM may
// neither hoist the twins into the branch nor sink them into the join.
// Work-item i takes the first arm when i % 3 == 0; record at out + 32 * i:
//   +0 activelanecount of true   +4 activelaneid   +8 activelanemask dest0
//   +16 permute_b32 of i + 1000 from lane + 1, identity 77
const char kLanesIfElse[] = R"(module &lanemod2:1:0:$full:$large:$default;
kernel &arms(kernarg_u64 %out)
{
	ld_kernarg_u64 $d0, [%out];
	workitemabsid_u32 $s0, 0;
	cvt_u64_u32 $d1, $s0;
	shl_u64 $d1, $d1, 5;
	add_u64 $d0, $d0, $d1;
	laneid_u32 $s9;
	add_u32 $s9, $s9, 1;
	add_u32 $s8, $s0, 1000;
	rem_u32 $s1, $s0, 3;
	cmp_eq_b1_u32 $c1, $s1, 0;
	cbr_b1 $c1, @first;
	activelanecount_u32_b1 $s2, 1;
	activelaneid_u32 $s3;
	activelanemask_v4_b64_b1 ($d2, $d3, $d4, $d5), 1;
	activelanepermute_b32 $s4, $s8, $s9, 77, 0;
	br @join;
@first:
	activelanecount_u32_b1 $s2, 1;
	activelaneid_u32 $s3;
	activelanemask_v4_b64_b1 ($d2, $d3, $d4, $d5), 1;
	activelanepermute_b32 $s4, $s8, $s9, 77, 0;
@join:
	st_global_u32 $s2, [$d0];
	st_global_u32 $s3, [$d0+4];
	st_global_u64 $d2, [$d0+8];
	st_global_u32 $s4, [$d0+16];
	ret;
};
)";

struct ArmRecord {
  uint32_t count, id;
  uint64_t mask;
  uint32_t permuted, pad[3];
};
static_assert(sizeof(ArmRecord) == 32, "one record per work-item");

TEST_F(FinalizedLanes, IfElseArmsEachSeeOnlyTheirLanes) {
  uint64_t object = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kLanesIfElse, "&arms", &object));
  const uint32_t n = 100, group = 100;  // a full wavefront and one of 36 lanes
  ArmRecord* out = Buffer<ArmRecord>(n);
  ASSERT_NE(out, nullptr);
  ASSERT_TRUE(Dispatch(object, {Ptr(out)}, n, group)) << "the dispatch did not complete";
  for (uint32_t first = 0; first < n; first += 64) {
    const uint32_t lanes = std::min<uint32_t>(64, n - first);
    auto arm = [&](uint32_t l) { return (first + l) % 3 == 0; };
    for (uint32_t l = 0; l < lanes; ++l) {
      // The CPU's view: the lanes of this wavefront that took l's arm.
      uint64_t mask = 0;
      for (uint32_t m = 0; m < lanes; ++m) {
        if (arm(m) == arm(l)) mask |= uint64_t{1} << m;
      }
      const uint32_t i = first + l, next = (l + 1) % 64;
      const ArmRecord& r = out[i];
      EXPECT_EQ(r.count, static_cast<uint32_t>(__builtin_popcountll(mask))) << i;
      EXPECT_EQ(r.id, static_cast<uint32_t>(__builtin_popcountll(mask & ((uint64_t{1} << l) - 1))))
          << i;
      EXPECT_EQ(r.mask, mask) << i;
      EXPECT_EQ(r.permuted, (mask >> next & 1) ? first + next + 1000 : 77u) << i;
    }
  }
}

}  // namespace
