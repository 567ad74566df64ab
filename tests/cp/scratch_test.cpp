// Scratch on demand for AQL queues: the CP reads the queue's scratch from
// amd_queue_t, asks the runtime for more through queue_inactive_signal
// (code 1, the signal's event woken) and stalls until the signal is 0 again,
// then runs the waves in the queue's slots, no more of them at once than
// COMPUTE_TMPRING_SIZE.WAVES allows. The test plays ROCr's part.
#include "compute_pgm_rsrc.h"
#include "cp_fixture.h"
#include "kernel_descriptor.h"
#include "pm4_packets.h"

namespace gcn_cp_test {
namespace {

constexpr uint32_t kPrivateDwords = 16;  // per work-item
constexpr uint32_t kPrivateBytes = kPrivateDwords * 4;
constexpr uint32_t kWaveKib = 4;  // 64 lanes * 64 bytes
constexpr uint32_t kGroups = 8;
constexpr uint32_t kEventId = 42;

// Each work-item stores gid + i into its private dword i through the
// private segment buffer V# (s[0:3]) at its wave's offset (s7), reads the 16
// back and writes their sum to out[gid]; lane 0 writes the wave offset to
// offsets[group]. Kernargs: out, offsets.
std::string private_sum_kernel() {
  std::string t =
      "s_load_dwordx4 s[8:11], s[4:5], 0x0\n"
      "s_lshl_b32 s12, s6, 6\n"
      "v_add_u32 v1, s12, v0\n";
  for (uint32_t i = 0; i < kPrivateDwords; ++i)
    t += "v_add_u32 v3, " + std::to_string(i) + ", v1\n" +
         "buffer_store_dword v3, off, s[0:3], s7 offset:" + std::to_string(4 * i) + "\n";
  t += "s_waitcnt vmcnt(0)\nv_mov_b32 v4, 0\n";
  for (uint32_t i = 0; i < kPrivateDwords; ++i)
    t += "buffer_load_dword v3, off, s[0:3], s7 offset:" + std::to_string(4 * i) +
         "\ns_waitcnt vmcnt(0)\nv_add_u32 v4, v4, v3\n";
  t += "v_lshlrev_b32 v5, 2, v1\n"
       "s_waitcnt lgkmcnt(0)\n"
       "global_store_dword v5, v4, s[8:9]\n"
       "v_mov_b32 v6, s7\n"
       "s_lshl_b32 s14, s6, 2\n"
       "v_mov_b32 v7, s14\n"
       "s_mov_b64 exec, 1\n"
       "global_store_dword v7, v6, s[10:11]\n"
       "s_endpgm\n";
  return t;
}

class ScratchTest : public CpTest {
 protected:
  void SetUp() override {
    q_ = make_aql_queue();
    mailbox_ = alloc_array<uint64_t>(1);
    inactive_ = make_signal(0);
    inactive_->event_mailbox_ptr = va(mailbox_);
    inactive_->event_id = kEventId;
    q_.amd->queue_inactive_signal = va(inactive_);
    kernel_ = assemble(private_sum_kernel());
    kernel_.kd->kernel_code_properties =
        FW_FIELD_PREP(FW_KD_ENABLE_SGPR_PRIVATE_SEGMENT_BUFFER, 1) |
        FW_FIELD_PREP(FW_KD_ENABLE_SGPR_KERNARG_SEGMENT_PTR, 1);
    kernel_.kd->compute_pgm_rsrc2 =
        FW_FIELD_PREP(FW_RSRC2_USER_SGPR_COUNT, 6) |
        FW_FIELD_PREP(FW_RSRC2_ENABLE_SGPR_WORKGROUP_ID_X, 1) |
        FW_FIELD_PREP(FW_RSRC2_ENABLE_SGPR_PRIVATE_SEGMENT_WAVE_OFFSET, 1);
    out_ = alloc_array<uint32_t>(64 * kGroups);
    offsets_ = alloc_array<uint32_t>(kGroups);
    for (uint32_t g = 0; g < kGroups; ++g) offsets_[g] = 0xDEAD;
    done_ = make_signal(1);
  }

  uint64_t submit() {
    auto pkt = dispatch_packet(kernel_, 64 * kGroups, 64, {va(out_), va(offsets_)}, done_);
    pkt.private_segment_size = kPrivateBytes;
    return q_.submit(&pkt);
  }

  // What ROCr's InitScratchSRD writes for a backing of `waves` slots of
  // kWaveKib, then the store of 0 that restarts the queue.
  uint8_t* grant(uint32_t waves, uint32_t lane_bytes = kPrivateBytes) {
    const uint64_t bytes = uint64_t{waves} * kWaveKib * 1024;
    auto* base = static_cast<uint8_t*>(alloc(bytes));
    fw_amd_queue* a = q_.amd;
    a->scratch_resource_descriptor[0] = static_cast<uint32_t>(va(base));
    a->scratch_resource_descriptor[1] = FW_FIELD_PREP(FW_BUF_RSRC1_BASE_HI, va(base) >> 32) |
                                        FW_FIELD_PREP(FW_BUF_RSRC1_SWIZZLE_ENABLE, 1);
    a->scratch_resource_descriptor[2] = static_cast<uint32_t>(bytes);
    a->scratch_resource_descriptor[3] =
        FW_FIELD_PREP(FW_BUF_RSRC3_DST_SEL_XYZW, 0xFAC) |
        FW_FIELD_PREP(FW_BUF_RSRC3_NUM_FORMAT, 4) | FW_FIELD_PREP(FW_BUF_RSRC3_DATA_FORMAT, 4) |
        FW_FIELD_PREP(FW_BUF_RSRC3_ELEMENT_SIZE, 1) | FW_FIELD_PREP(FW_BUF_RSRC3_INDEX_STRIDE, 3) |
        FW_FIELD_PREP(FW_BUF_RSRC3_ADD_TID_ENABLE, 1);
    a->scratch_backing_memory_location = va(base);
    a->scratch_backing_memory_byte_size = bytes;
    a->scratch_wave64_lane_byte_size = lane_bytes;
    a->compute_tmpring_size = FW_FIELD_PREP(FW_COMPUTE_TMPRING_WAVES, waves) |
                              FW_FIELD_PREP(FW_COMPUTE_TMPRING_WAVESIZE, kWaveKib);
    __atomic_store_n(&inactive_->value, 0, __ATOMIC_RELEASE);
    return base;
  }

  // out[] against the CPU: the sum of gid + i over the private dwords.
  void expect_results() {
    for (uint32_t gid = 0; gid < 64 * kGroups; ++gid)
      ASSERT_EQ(out_[gid], kPrivateDwords * gid + kPrivateDwords * (kPrivateDwords - 1) / 2)
          << "work-item " << gid;
  }

  AqlQueue q_;
  uint64_t* mailbox_ = nullptr;
  fw_amd_signal* inactive_ = nullptr;
  Kernel kernel_;
  uint32_t* out_ = nullptr;
  uint32_t* offsets_ = nullptr;
  fw_amd_signal* done_ = nullptr;
};

TEST_F(ScratchTest, QueueWithoutScratchAsksTheRuntimeAndStallsOnThePacket) {
  submit();
  ASSERT_TRUE(eventually([&] { return load(&inactive_->value) != 0; }));
  EXPECT_EQ(load(&inactive_->value), FW_AMD_QUEUE_ERROR_INSUFFICIENT_SCRATCH);
  // The signal's waiters are woken as for a completion signal.
  fw_ih_entry e{};
  ASSERT_TRUE(wait_for_interrupt(FW_IH_CLIENT_GRBM_CP, FW_IH_SRC_CP_END_OF_PIPE, &e));
  EXPECT_EQ(load(mailbox_), kEventId);
  EXPECT_EQ(cp().stats().scratch_requests, 1u);
  // Stalled: the packet is neither run nor retired, the queue not in error.
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(q_.read_index(), 0u);
  EXPECT_EQ(load(&done_->value), 1);
  EXPECT_EQ(cp().stats().dispatches, 0u);
  EXPECT_EQ(cp().state(q_.id), gcn::QueueState::kActive);
  EXPECT_EQ(cp().stats().scratch_requests, 1u);  // asked once, not at every poll
}

TEST_F(ScratchTest, GrantedScratchRunsTheKernelInTheQueuesBacking) {
  submit();
  ASSERT_TRUE(eventually([&] { return load(&inactive_->value) == 1; }));
  const uint8_t* backing = grant(/*waves=*/1);
  ASSERT_TRUE(eventually([&] { return load(&done_->value) == 0; }));
  expect_results();
  EXPECT_EQ(q_.read_index(), 1u);
  EXPECT_EQ(cp().stats().scratch_requests, 1u);
  // One slot: every wave ran at offset 0, one at a time (the engine has two
  // threads, which would otherwise use a second slot).
  for (uint32_t g = 0; g < kGroups; ++g) EXPECT_EQ(offsets_[g], 0u) << "group " << g;
  // The private dwords went where the queue's swizzled V# puts them: dword
  // i of lane l at i * 256 + l * 4, holding gid + i of the last wave.
  const auto* words = reinterpret_cast<const uint32_t*>(backing);
  const uint32_t last_gid = words[0];
  EXPECT_EQ(last_gid % 64, 0u);
  for (uint32_t i = 0; i < kPrivateDwords; ++i)
    for (uint32_t l = 0; l < 64; ++l)
      ASSERT_EQ(words[i * 64 + l], last_gid + l + i) << "dword " << i << " lane " << l;
}

TEST_F(ScratchTest, WavesUseOnlyTheSlotsOfTheQueue) {
  grant(/*waves=*/2);
  submit();
  ASSERT_TRUE(eventually([&] { return load(&done_->value) == 0; }));
  expect_results();
  EXPECT_EQ(cp().stats().scratch_requests, 0u);  // the queue had enough
  EXPECT_EQ(load(&inactive_->value), 0);
  for (uint32_t g = 0; g < kGroups; ++g) {
    EXPECT_EQ(offsets_[g] % (kWaveKib * 1024), 0u) << "group " << g;
    EXPECT_LT(offsets_[g], 2 * kWaveKib * 1024) << "group " << g;
  }
}

TEST_F(ScratchTest, TooSmallAGrantIsAskedForAgain) {
  submit();
  ASSERT_TRUE(eventually([&] { return load(&inactive_->value) == 1; }));
  grant(/*waves=*/1, /*lane_bytes=*/kPrivateBytes / 2);
  ASSERT_TRUE(eventually([&] { return cp().stats().scratch_requests == 2; }));
  EXPECT_EQ(load(&inactive_->value), FW_AMD_QUEUE_ERROR_INSUFFICIENT_SCRATCH);
  EXPECT_EQ(load(&done_->value), 1);
  grant(/*waves=*/1);
  ASSERT_TRUE(eventually([&] { return load(&done_->value) == 0; }));
  expect_results();
}

TEST_F(ScratchTest, SingleUseGrantIsHandedBackBeforeThePacketRetires) {
  grant(/*waves=*/1);
  q_.amd->queue_properties |= FW_FIELD_PREP(FW_AMD_QUEUE_PROP_USE_SCRATCH_ONCE, 1);
  submit();
  // After the dispatch the CP asks for the reclaim and waits for the
  // runtime to clear USE_SCRATCH_ONCE.
  ASSERT_TRUE(eventually([&] { return load(&inactive_->value) == FW_AMD_QUEUE_SCRATCH_RECLAIM; }));
  expect_results();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(load(&done_->value), 1);
  EXPECT_EQ(q_.read_index(), 0u);
  EXPECT_EQ(cp().stats().dispatches, 1u);
  // ROCr: release, zero the fields, store 0, then clear the bit.
  std::memset(q_.amd->scratch_resource_descriptor, 0, 16);
  q_.amd->compute_tmpring_size = 0;
  q_.amd->scratch_backing_memory_byte_size = 0;
  __atomic_store_n(&inactive_->value, 0, __ATOMIC_RELEASE);
  __atomic_and_fetch(&q_.amd->queue_properties,
                     ~FW_FIELD_PREP(FW_AMD_QUEUE_PROP_USE_SCRATCH_ONCE, 1), __ATOMIC_RELEASE);
  ASSERT_TRUE(eventually([&] { return load(&done_->value) == 0; }));
  EXPECT_EQ(q_.read_index(), 1u);
  EXPECT_EQ(cp().stats().dispatches, 1u);  // not run again
}

TEST_F(ScratchTest, QueueWithoutInactiveSignalFailsClearly) {
  q_.amd->queue_inactive_signal = 0;
  submit();
  ASSERT_TRUE(eventually([&] { return cp().state(q_.id) == gcn::QueueState::kError; }));
  EXPECT_NE(cp().error(q_.id).find("no queue_inactive_signal"), std::string::npos)
      << cp().error(q_.id);
}

}  // namespace
}  // namespace gcn_cp_test
