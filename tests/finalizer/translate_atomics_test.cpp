// atomic/atomicnoret (PRM 6.6, 6.7): orders and scopes reach the IR as
// LLVM orderings and AMDGPU sync scopes; under contention on the emulated
// GPU every work-item's atomic lands exactly once (totals, maxima, a CAS
// loop, exchange, wrapinc) in global and in group memory.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "finalized_gpu.h"
#include "translate_test_util.h"

namespace {

using finalizer_test::FinalizedGpu;

const char kOrdersAndScopes[] = R"(module &o:1:0:$full:$large:$default;
kernel &orders(kernarg_u64 %p)
{
	group_u32 %g;
	ld_kernarg_u64 $d0, [%p];
	atomic_add_global_scar_agent_u32 $s0, [$d0], 1;
	atomic_sub_global_scacq_wave_u32 $s1, [$d0], 2;
	atomicnoret_and_global_screl_system_b32 [$d0], 7;
	atomic_or_global_rlx_agent_b64 $d1, [$d0], 8;
	atomicnoret_xor_group_rlx_wg_b32 [%g], 3;
	atomic_min_global_rlx_agent_s32 $s2, [$d0], -4;
	atomic_max_global_rlx_agent_u32 $s3, [$d0], 9;
	atomic_exch_scar_system_b32 $s4, [$d0], 5;
	atomic_cas_global_scar_agent_b32 $s5, [$d0], 1, 2;
	atomic_wrapinc_global_rlx_agent_u32 $s6, [$d0], 10;
	atomic_wrapdec_group_scar_wg_u32 $s7, [%g], 10;
	atomic_ld_global_scacq_agent_b32 $s8, [$d0];
	atomicnoret_st_global_screl_system_b64 [$d0], $d1;
	memfence_scar_wg;
	ret;
};
)";

TEST(TranslateAtomics, OrdersAndScopesMapToLlvm) {
  llvm::LLVMContext context;
  auto m = finalizer_test::translate_text(context, kOrdersAndScopes);
  ASSERT_TRUE(m);
  EXPECT_EQ(finalizer_test::verify(*m), "");
  const std::string ir = finalizer_test::ir_text(*m);
  for (const char* want : {
           "atomicrmw add i32 addrspace(1)*",
           "syncscope(\"agent\") acq_rel",
           "atomicrmw sub",
           "syncscope(\"wavefront\") acquire",
           "atomicrmw and",
           "i32 7 release",
           "atomicrmw or i64",
           "atomicrmw xor i32 addrspace(3)*",
           "syncscope(\"workgroup\") monotonic",
           "atomicrmw min i32",
           "atomicrmw umax i32",
           "atomicrmw xchg i32*",
           "cmpxchg i32 addrspace(1)*",
           "acq_rel acquire",
           "@llvm.amdgcn.atomic.inc.i32.p1i32",
           "@llvm.amdgcn.atomic.dec.i32.p3i32",
           "load atomic i32",
           "store atomic i64",
           "fence syncscope(\"workgroup\") acq_rel",
       }) {
    EXPECT_NE(ir.find(want), std::string::npos) << want << "\n" << ir;
  }
}

// Counters in %c: [0] += 1 (returning the old value to ret[i]), [1] max
// of a spread of signed values, [2] += i + 1 by a CAS loop, [3] exchanged
// with i + 1 (the old value to old[i]), [4] wrapinc 9.
const char kContention[] = R"(module &c:1:0:$full:$large:$default;
kernel &contend(kernarg_u64 %c, kernarg_u64 %ret, kernarg_u64 %old)
{
	ld_kernarg_u64 $d0, [%c];
	workitemabsid_u32 $s0, 0;
	cvt_u64_u32 $d1, $s0;
	shl_u64 $d1, $d1, 2;
	atomic_add_global_scar_agent_u32 $s1, [$d0], 1;
	ld_kernarg_u64 $d2, [%ret];
	add_u64 $d2, $d2, $d1;
	st_global_u32 $s1, [$d2];
	mul_u32 $s2, $s0, 37;
	rem_u32 $s2, $s2, 251;
	sub_s32 $s2, $s2, 200;
	atomicnoret_max_global_rlx_agent_s32 [$d0+4], $s2;
	add_u32 $s3, $s0, 1;
	atomic_ld_global_rlx_agent_b32 $s4, [$d0+8];
@retry:
	add_u32 $s5, $s4, $s3;
	atomic_cas_global_scar_agent_b32 $s6, [$d0+8], $s4, $s5;
	cmp_eq_b1_u32 $c0, $s6, $s4;
	mov_b32 $s4, $s6;
	cbr_b1 $c0, @done;
	br @retry;
@done:
	atomic_exch_global_scar_agent_b32 $s7, [$d0+12], $s3;
	ld_kernarg_u64 $d3, [%old];
	add_u64 $d3, $d3, $d1;
	st_global_u32 $s7, [$d3];
	atomicnoret_wrapinc_global_rlx_agent_u32 [$d0+16], 9;
	ret;
};
)";

TEST_F(FinalizedGpu, GlobalAtomicsUnderContentionGiveExactTotals) {
  uint64_t object = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kContention, "&contend", &object));
  const uint32_t n = 256;
  uint32_t* c = Buffer<uint32_t>(8);
  uint32_t* ret = Buffer<uint32_t>(n);
  uint32_t* old = Buffer<uint32_t>(n);
  ASSERT_TRUE(c && ret && old);
  c[1] = static_cast<uint32_t>(-1000);
  ASSERT_TRUE(Dispatch(object, {Ptr(c), Ptr(ret), Ptr(old)}, n, 64));
  EXPECT_EQ(c[0], n);
  int32_t max = -1000;
  for (uint32_t i = 0; i < n; ++i) max = std::max(max, static_cast<int32_t>((i * 37) % 251) - 200);
  EXPECT_EQ(static_cast<int32_t>(c[1]), max);
  EXPECT_EQ(c[2], n * (n + 1) / 2);
  EXPECT_EQ(c[4], n % 10);
  // Each old value of the add was seen once: 0 .. n-1.
  std::vector<uint32_t> seen(ret, ret + n);
  std::sort(seen.begin(), seen.end());
  for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(seen[i], i) << "add's old values";
  // Exchange chains: the old values and the final one are 0 .. n.
  std::vector<uint32_t> chain(old, old + n);
  chain.push_back(c[3]);
  std::sort(chain.begin(), chain.end());
  for (uint32_t i = 0; i <= n; ++i) ASSERT_EQ(chain[i], i) << "exchanged values";
}

// Per work-group: work-item 0 zeroes two group counters, a barrier, every
// work-item adds 1 to one and maxes its id into the other, a barrier,
// work-item 0 writes both to out[2 * group].
const char kGroup[] = R"(module &g:1:0:$full:$large:$default;
kernel &group_atomics(kernarg_u64 %out)
{
	group_u32 %n;
	group_u32 %m;
	workitemid_u32 $s0, 0;
	cmp_eq_b1_u32 $c0, $s0, 0;
	cbr_b1 $c0, @zero;
	br @zeroed;
@zero:
	st_group_u32 0, [%n];
	st_group_u32 0, [%m];
@zeroed:
	barrier;
	atomicnoret_add_group_rlx_wg_u32 [%n], 1;
	atomic_max_group_scar_wg_u32 $s1, [%m], $s0;
	barrier;
	cbr_b1 $c0, @write;
	ret;
@write:
	ld_group_u32 $s2, [%n];
	ld_group_u32 $s3, [%m];
	workgroupid_u32 $s4, 0;
	cvt_u64_u32 $d0, $s4;
	shl_u64 $d0, $d0, 3;
	ld_kernarg_u64 $d1, [%out];
	add_u64 $d1, $d1, $d0;
	st_global_u32 $s2, [$d1];
	st_global_u32 $s3, [$d1+4];
	ret;
};
)";

TEST_F(FinalizedGpu, GroupAtomicsAcrossBarriersCountEachWorkGroup) {
  uint64_t object = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kGroup, "&group_atomics", &object));
  const uint32_t n = 224, group = 64;  // the last work-group is partial
  const uint32_t groups = (n + group - 1) / group;
  uint32_t* out = Buffer<uint32_t>(2 * groups);
  ASSERT_TRUE(out);
  ASSERT_TRUE(Dispatch(object, {Ptr(out)}, n, group));
  for (uint32_t g = 0; g < groups; ++g) {
    const uint32_t size = std::min(group, n - g * group);
    EXPECT_EQ(out[2 * g], size) << "group " << g;
    EXPECT_EQ(out[2 * g + 1], size - 1) << "group " << g;
  }
}

}  // namespace
