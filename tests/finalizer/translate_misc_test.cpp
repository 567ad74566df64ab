// Miscellaneous (PRM 11.4), packet (PRM 11.1) and user mode queue
// (PRM 11.3) instructions end to end, dispatched through the HSA runtime's
// own queue so that what the kernel reads can be compared with what the
// host sees: agent info for maxcuid/maxwaveid, the system timestamp for
// clock, the write index hsa_queue_add_write_index returned for packetid,
// hsa_queue_load_*_index for the queue instructions.
#include <gtest/gtest.h>
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <set>
#include <thread>
#include <vector>

#include "finalized_gpu.h"

namespace {

class FinalizedMisc : public finalizer_test::FinalizedGpu {
 protected:
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(FinalizedGpu::SetUp());
    ASSERT_EQ(hsa_queue_create(gpu_, 64, HSA_QUEUE_TYPE_SINGLE, OnError, &errors_, UINT32_MAX,
                               UINT32_MAX, &queue_),
              HSA_STATUS_SUCCESS);
    ASSERT_EQ(hsa_signal_create(1, 0, nullptr, &done_), HSA_STATUS_SUCCESS);
  }
  void TearDown() override {
    if (done_.handle != 0) hsa_signal_destroy(done_);
    if (queue_ != nullptr) hsa_queue_destroy(queue_);
    FinalizedGpu::TearDown();
  }

  static void OnError(hsa_status_t, hsa_queue_t*, void* data) {
    static_cast<std::atomic<int>*>(data)->fetch_add(1);
  }

  // Submits a 1D dispatch on queue_ with done_ as completion signal and
  // kernargs of 8 bytes each; returns the packet's index, or ~0 when the
  // dispatch did not complete (within wait_ns).
  uint64_t Run(uint64_t object, const std::vector<uint64_t>& kernargs, uint32_t n, uint16_t group,
               uint64_t wait_ns = 20'000'000'000ull) {
    auto* args = Buffer<uint64_t>(64);
    if (args == nullptr) return ~0ull;
    std::memcpy(args, kernargs.data(), kernargs.size() * 8);
    hsa_signal_store_relaxed(done_, 1);
    const uint32_t grid[3] = {n, 1, 1};
    const uint16_t sizes[3] = {group, 1, 1};
    fw_aql_kernel_dispatch_packet p =
        hsakmt_test::AqlQueue::dispatch(object, grid, sizes, 1, args, done_.handle);
    const uint64_t index = hsa_queue_add_write_index_screlease(queue_, 1);
    auto* slot =
        static_cast<fw_aql_kernel_dispatch_packet*>(queue_->base_address) + index % queue_->size;
    const uint16_t header = p.header;
    p.header = HSA_PACKET_TYPE_INVALID << HSA_PACKET_HEADER_TYPE;
    std::memcpy(slot, &p, sizeof p);
    __atomic_store_n(&slot->header, header, __ATOMIC_RELEASE);
    hsa_signal_store_screlease(queue_->doorbell_signal, static_cast<hsa_signal_value_t>(index));
    const bool ok = hsa_signal_wait_scacquire(done_, HSA_SIGNAL_CONDITION_EQ, 0, wait_ns,
                                              HSA_WAIT_STATE_BLOCKED) == 0;
    return ok ? index : ~0ull;
  }

  template <class T>
  T AgentInfo(int attribute) {
    T v{};
    EXPECT_EQ(hsa_agent_get_info(gpu_, static_cast<hsa_agent_info_t>(attribute), &v),
              HSA_STATUS_SUCCESS);
    return v;
  }
  static uint64_t Now() {
    uint64_t t = 0;
    hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP, &t);
    return t;
  }

  hsa_queue_t* queue_ = nullptr;
  hsa_signal_t done_{0};
  std::atomic<int> errors_{0};
};

// 96 bytes per work-item.
struct Misc {
  uint64_t clock;
  uint32_t cuid, waveid, maxcuid, maxwaveid;
  uint64_t packetid, completion, write_index, read_index;
  uint32_t null_group, null_private;
  uint64_t null_flat, null_kernarg;
  uint32_t group_base, after_nop;
  uint64_t pad;
};
static_assert(sizeof(Misc) == 96, "one record per work-item");

const char kMisc[] = R"(module &miscmod:1:0:$full:$large:$default;
kernel &misc(kernarg_u64 %out, kernarg_u64 %queue)
{
	ld_kernarg_u64 $d0, [%out];
	ld_kernarg_u64 $d9, [%queue];
	workitemabsid_u32 $s0, 0;
	mul_u32 $s0, $s0, 96;
	cvt_u64_u32 $d1, $s0;
	add_u64 $d0, $d0, $d1;
	clock_u64 $d2;
	st_global_u64 $d2, [$d0];
	cuid_u32 $s1;
	st_global_u32 $s1, [$d0+8];
	waveid_u32 $s1;
	st_global_u32 $s1, [$d0+12];
	maxcuid_u32 $s1;
	st_global_u32 $s1, [$d0+16];
	maxwaveid_u32 $s1;
	st_global_u32 $s1, [$d0+20];
	packetid_u64 $d2;
	st_global_u64 $d2, [$d0+24];
	packetcompletionsig_sig64 $d2;
	st_global_u64 $d2, [$d0+32];
	ldqueuewriteindex_global_scacq_u64 $d2, [$d9];
	st_global_u64 $d2, [$d0+40];
	ldqueuereadindex_rlx_u64 $d2, [$d9];
	st_global_u64 $d2, [$d0+48];
	nullptr_group_u32 $s1;
	st_global_u32 $s1, [$d0+56];
	nullptr_private_u32 $s1;
	st_global_u32 $s1, [$d0+60];
	nullptr_u64 $d2;
	st_global_u64 $d2, [$d0+64];
	nullptr_kernarg_u64 $d2;
	st_global_u64 $d2, [$d0+72];
	groupbaseptr_u32 $s1;
	st_global_u32 $s1, [$d0+80];
	nop;
	mov_b32 $s1, 1;
	st_global_u32 $s1, [$d0+84];
	ret;
};
)";

TEST_F(FinalizedMisc, IdsLimitsClockAndPacketMatchTheHost) {
  uint64_t object = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kMisc, "&misc", &object));
  const uint32_t n = 512, group = 256;  // two work-groups of four wavefronts
  Misc* out = Buffer<Misc>(n);
  ASSERT_NE(out, nullptr);
  const uint32_t cus = AgentInfo<uint32_t>(HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT);
  const uint32_t waves = AgentInfo<uint32_t>(HSA_AMD_AGENT_INFO_MAX_WAVES_PER_CU);
  ASSERT_GT(cus, 0u);
  ASSERT_GT(waves, 0u);

  for (uint64_t run = 0; run < 2; ++run) {
    const uint64_t before = Now();
    const uint64_t index = Run(object, {Ptr(out), Ptr(queue_)}, n, group);
    const uint64_t after = Now();
    ASSERT_EQ(index, run) << "the dispatch did not complete";
    for (uint32_t i = 0; i < n; ++i) {
      const Misc& m = out[i];
      // The REALTIME counter has 10 ns ticks.
      EXPECT_GE(m.clock + 10, before) << i;
      EXPECT_LE(m.clock, after) << i;
      EXPECT_EQ(m.maxcuid, cus - 1) << i;
      EXPECT_EQ(m.maxwaveid, waves - 1) << i;
      EXPECT_LE(m.cuid, m.maxcuid) << i;
      EXPECT_LE(m.waveid, m.maxwaveid) << i;
      // A wavefront has one place; a work-group runs on one compute unit.
      const Misc& wave_first = out[i / 64 * 64];
      EXPECT_EQ(m.waveid, wave_first.waveid) << i;
      EXPECT_EQ(m.cuid, out[i / group * group].cuid) << i;
      EXPECT_EQ(m.packetid, index) << i;
      EXPECT_EQ(m.completion, done_.handle) << i;
      EXPECT_EQ(m.write_index, index + 1) << i;
      EXPECT_GE(m.read_index, index) << i;
      EXPECT_LE(m.read_index, index + 1) << i;
      EXPECT_EQ(m.null_group, 0xffffffffu) << i;
      EXPECT_EQ(m.null_private, 0xffffffffu) << i;
      EXPECT_EQ(m.null_flat, 0u) << i;
      EXPECT_EQ(m.null_kernarg, 0u) << i;
      EXPECT_EQ(m.group_base, 0u) << i;
      EXPECT_EQ(m.after_nop, 1u) << i;
    }
    // The wavefronts of a work-group run at once on one CU: distinct ids.
    for (uint32_t g = 0; g < n / group; ++g) {
      std::set<uint32_t> ids;
      for (uint32_t w = 0; w < group / 64; ++w) ids.insert(out[g * group + w * 64].waveid);
      EXPECT_EQ(ids.size(), group / 64u) << "work-group " << g;
    }
    EXPECT_EQ(hsa_queue_load_write_index_scacquire(queue_), index + 1);
  }
}

// The queue instructions on a soft queue nobody consumes: the kernel moves
// its indices and the host reads them back through the runtime.
const char kQueueOps[] = R"(module &queuemod:1:0:$full:$large:$default;
kernel &queueops(kernarg_u64 %out, kernarg_u64 %queue)
{
	ld_kernarg_u64 $d0, [%out];
	ld_kernarg_u64 $d9, [%queue];
	ldqueuewriteindex_global_rlx_u64 $d1, [$d9];
	st_global_u64 $d1, [$d0];
	addqueuewriteindex_global_scar_u64 $d1, [$d9], 3;
	st_global_u64 $d1, [$d0+8];
	casqueuewriteindex_global_scar_u64 $d1, [$d9], 13, 20;
	st_global_u64 $d1, [$d0+16];
	casqueuewriteindex_rlx_u64 $d1, [$d9], 13, 99;
	st_global_u64 $d1, [$d0+24];
	ldqueuewriteindex_scacq_u64 $d1, [$d9];
	st_global_u64 $d1, [$d0+32];
	stqueuewriteindex_global_screl_u64 [$d9], 25;
	stqueuereadindex_rlx_u64 [$d9], 7;
	ldqueuereadindex_global_scacq_u64 $d1, [$d9];
	st_global_u64 $d1, [$d0+40];
	ret;
};
)";

// Each work-item takes one slot.
const char kQueueAdd[] = R"(module &queueaddmod:1:0:$full:$large:$default;
kernel &queueadd(kernarg_u64 %out, kernarg_u64 %queue)
{
	ld_kernarg_u64 $d0, [%out];
	ld_kernarg_u64 $d9, [%queue];
	addqueuewriteindex_global_rlx_u64 $d1, [$d9], 1;
	workitemabsid_u64 $d2, 0;
	shl_u64 $d2, $d2, 3;
	add_u64 $d0, $d0, $d2;
	st_global_u64 $d1, [$d0];
	ret;
};
)";

class FinalizedSoftQueue : public FinalizedMisc {
 protected:
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(FinalizedMisc::SetUp());
    hsa_region_t region{0};
    hsa_agent_iterate_regions(
        gpu_,
        [](hsa_region_t r, void* data) {
          hsa_region_segment_t s{};
          hsa_region_get_info(r, HSA_REGION_INFO_SEGMENT, &s);
          auto* out = static_cast<hsa_region_t*>(data);
          if (s == HSA_REGION_SEGMENT_GLOBAL && out->handle == 0) *out = r;
          return HSA_STATUS_SUCCESS;
        },
        &region);
    ASSERT_NE(region.handle, 0u);
    ASSERT_EQ(hsa_signal_create(0, 0, nullptr, &doorbell_), HSA_STATUS_SUCCESS);
    ASSERT_EQ(hsa_soft_queue_create(region, 16, HSA_QUEUE_TYPE_MULTI,
                                    HSA_QUEUE_FEATURE_AGENT_DISPATCH, doorbell_, &soft_),
              HSA_STATUS_SUCCESS);
  }
  void TearDown() override {
    if (soft_ != nullptr) hsa_queue_destroy(soft_);
    if (doorbell_.handle != 0) hsa_signal_destroy(doorbell_);
    FinalizedMisc::TearDown();
  }
  hsa_signal_t doorbell_{0};
  hsa_queue_t* soft_ = nullptr;
};

TEST_F(FinalizedSoftQueue, IndexInstructionsMoveTheIndicesTheHostSees) {
  uint64_t object = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kQueueOps, "&queueops", &object));
  hsa_queue_store_write_index_relaxed(soft_, 10);
  uint64_t* out = Buffer<uint64_t>(6);
  ASSERT_NE(out, nullptr);
  ASSERT_NE(Run(object, {Ptr(out), Ptr(soft_)}, 1, 1), ~0ull) << "the dispatch did not complete";
  EXPECT_EQ(out[0], 10u);  // ldqueuewriteindex
  EXPECT_EQ(out[1], 10u);  // addqueuewriteindex returns the old index: now 13
  EXPECT_EQ(out[2], 13u);  // cas 13 -> 20 succeeds
  EXPECT_EQ(out[3], 20u);  // cas 13 -> 99 fails and returns the index
  EXPECT_EQ(out[4], 20u);
  EXPECT_EQ(out[5], 7u);  // after stqueuereadindex
  EXPECT_EQ(hsa_queue_load_write_index_scacquire(soft_), 25u);
  EXPECT_EQ(hsa_queue_load_read_index_scacquire(soft_), 7u);
}

TEST_F(FinalizedSoftQueue, ConcurrentAddsHandOutEverySlotOnce) {
  uint64_t object = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kQueueAdd, "&queueadd", &object));
  const uint64_t base = 1000;
  const uint32_t n = 300;
  hsa_queue_store_write_index_relaxed(soft_, base);
  uint64_t* out = Buffer<uint64_t>(n);
  ASSERT_NE(out, nullptr);
  ASSERT_NE(Run(object, {Ptr(out), Ptr(soft_)}, n, 128), ~0ull) << "the dispatch did not complete";
  std::set<uint64_t> slots(out, out + n);
  EXPECT_EQ(slots.size(), n);
  EXPECT_EQ(*slots.begin(), base);
  EXPECT_EQ(*slots.rbegin(), base + n - 1);
  EXPECT_EQ(hsa_queue_load_write_index_scacquire(soft_), base + n);
}

// debugtrap with no debugger: the wavefront stops and the queue reports
// an error instead of completing the dispatch (PRM 12.5.1).
const char kDebugTrap[] = R"(module &trapmod:1:0:$full:$large:$default;
kernel &trap(kernarg_u64 %out)
{
	ld_kernarg_u64 $d0, [%out];
	mov_b32 $s0, 1;
	st_global_u32 $s0, [$d0];
	debugtrap_u32 42;
	mov_b32 $s0, 2;
	st_global_u32 $s0, [$d0];
	ret;
};
)";

TEST_F(FinalizedMisc, DebugTrapStopsTheWavefrontAndFailsTheQueue) {
  uint64_t object = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kDebugTrap, "&trap", &object));
  uint32_t* out = Buffer<uint32_t>(1);
  ASSERT_NE(out, nullptr);
  EXPECT_EQ(Run(object, {Ptr(out)}, 1, 1, 1'000'000'000ull), ~0ull) << "the trap was ignored";
  for (int i = 0; i < 300 && errors_.load() == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(out[0], 1u) << "the code before the trap did not run, or the code after it did";
  EXPECT_GT(errors_.load(), 0) << "the queue's error callback was not called";
}

// DETECT flags (PRM 11.2): zero when the wavefront starts, then exactly
// what set and clear made of them (bits past 4 ignored); each wavefront
// has its own (odd work-groups also set INEXACT).
const char kDetect[] = R"(module &detectmod:1:0:$full:$large:$default;
kernel &detect(kernarg_u64 %out)
{
	getdetectexcept_u32 $s0;
	setdetectexcept_u32 5;
	getdetectexcept_u32 $s1;
	setdetectexcept_u32 0xffffffe2;
	getdetectexcept_u32 $s2;
	cleardetectexcept_u32 0xfffffffc;
	getdetectexcept_u32 $s3;
	workgroupid_u32 $s5, 0;
	and_b32 $s5, $s5, 1;
	cmp_eq_b1_u32 $c0, $s5, 0;
	cbr_b1 $c0, @even;
	setdetectexcept_u32 16;
@even:
	getdetectexcept_u32 $s4;
	ld_kernarg_u64 $d0, [%out];
	workitemabsid_u32 $s6, 0;
	mul_u32 $s6, $s6, 20;
	cvt_u64_u32 $d1, $s6;
	add_u64 $d0, $d0, $d1;
	st_global_u32 $s0, [$d0];
	st_global_u32 $s1, [$d0+4];
	st_global_u32 $s2, [$d0+8];
	st_global_u32 $s3, [$d0+12];
	st_global_u32 $s4, [$d0+16];
	ret;
};
)";

TEST_F(FinalizedMisc, DetectFlagsFollowSetAndClearPerWavefront) {
  uint64_t object = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kDetect, "&detect", &object));
  const uint32_t n = 256, group = 64;
  uint32_t* out = Buffer<uint32_t>(5 * n);
  ASSERT_NE(out, nullptr);
  ASSERT_TRUE(Dispatch(object, {Ptr(out)}, n, group)) << "the dispatch did not complete";
  for (uint32_t i = 0; i < n; ++i) {
    const bool odd = i / group % 2 == 1;
    EXPECT_EQ(out[5 * i], 0u) << i;
    EXPECT_EQ(out[5 * i + 1], 5u) << i;              // INVALID | OVERFLOW
    EXPECT_EQ(out[5 * i + 2], 7u) << i;              // | DIV_BY_ZERO
    EXPECT_EQ(out[5 * i + 3], 3u) << i;              // OVERFLOW cleared
    EXPECT_EQ(out[5 * i + 4], odd ? 19u : 3u) << i;  // | INEXACT when odd
  }
}

}  // namespace
