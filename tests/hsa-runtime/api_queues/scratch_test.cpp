// Scratch on demand: a runtime queue starts without scratch; the first
// dispatch that needs private memory makes the CP ask through the queue's
// inactive signal, the runtime grants scratch sized from the packet (filling
// amd_queue_t as ROCr does) and the kernel runs. Results are checked against
// the CPU, and the queue's scratch fields against the packet's needs.
#include <algorithm>
#include <atomic>
#include <string>

#include "amd_queue.h"
#include "kernel_descriptor.h"
#include "pm4_packets.h"
#include "queue_fixture.h"

namespace queue_test {
namespace {

using hsakmt_test::AqlQueue;
using hsakmt_test::GpuCodeObject;
using hsakmt_test::Kernargs;
using hsakmt_test::Signal;

std::atomic<int> error_calls{0};
void count_error(hsa_status_t, hsa_queue_t*, void*) { error_calls.fetch_add(1); }

class ApiQueueScratch : public ApiQueueTest {
 protected:
  void SetUp() override {
    ApiQueueTest::SetUp();
    std::string error;
    ASSERT_TRUE(code_.load(kernel_path("private_array"), &error)) << error;
    kernel_ = code_.kernel_object("private_array");
    ASSERT_NE(kernel_, 0u);
    private_bytes_ = code_.descriptor("private_array")->private_segment_fixed_size;
    ASSERT_GT(private_bytes_, 1024u) << "private_array keeps 256 uints in scratch";
    error_calls = 0;
    ASSERT_EQ(hsa_queue_create(gpu_, 64, HSA_QUEUE_TYPE_MULTI, count_error, nullptr, UINT32_MAX,
                               UINT32_MAX, &queue_),
              HSA_STATUS_SUCCESS);
    amd_ = reinterpret_cast<fw_amd_queue*>(queue_);
  }
  void TearDown() override {
    if (queue_) {
      EXPECT_EQ(hsa_queue_destroy(queue_), HSA_STATUS_SUCCESS);
    }
    ApiQueueTest::TearDown();
  }

  // private_array over n work-items with the packet asking for
  // packet_private bytes per work-item; out checked against the CPU.
  void run(uint32_t n, uint32_t packet_private, uint32_t seed) {
    auto* idx = hsakmt_test::alloc_array<uint32_t>(4 * n);
    auto* out = hsakmt_test::alloc_array<uint32_t>(n);
    ASSERT_TRUE(idx && out);
    for (uint32_t i = 0; i < 4 * n; ++i) idx[i] = i * 2654435761u + seed;
    Kernargs args;
    args.ptr(idx).ptr(out);
    Signal done;
    ASSERT_TRUE(done.ok());
    const uint32_t grid[3] = {n, 1, 1};
    const uint16_t group[3] = {64, 1, 1};
    auto pkt = AqlQueue::dispatch(kernel_, grid, group, 1, args.place(), done.address());
    pkt.private_segment_size = packet_private;
    submit(queue_, &pkt);
    ASSERT_TRUE(done.wait_zero(20000)) << "the kernel never completed";
    for (uint32_t gid = 0; gid < n; ++gid) {
      uint32_t arr[256];
      for (uint32_t i = 0; i < 256; ++i) arr[i] = i * i + gid;
      for (uint32_t k = 0; k < 4; ++k) arr[idx[gid * 4 + k] & 255u] += k + 1;
      uint32_t sum = 0;
      for (uint32_t k = 0; k < 4; ++k) sum = sum * 31 + arr[idx[gid * 4 + ((k + 1) & 3)] & 255u];
      ASSERT_EQ(out[gid], sum) << "work-item " << gid;
    }
    hsakmt_test::free_system(idx, 16 * n);
    hsakmt_test::free_system(out, 4 * n);
  }

  // The queue's scratch fields hold lane_bytes per work-item in every slot
  // of every CU, consistently (V#, base, size, COMPUTE_TMPRING_SIZE).
  void expect_scratch_for(uint32_t lane_bytes) {
    EXPECT_GE(amd_->scratch_wave64_lane_byte_size, lane_bytes);
    EXPECT_EQ(amd_->scratch_wave64_lane_byte_size % 16, 0u);
    const uint64_t base = amd_->scratch_backing_memory_location;
    ASSERT_NE(base, 0u);
    const uint32_t* v = amd_->scratch_resource_descriptor;
    EXPECT_EQ(v[0] | uint64_t{FW_FIELD_GET(v[1], FW_BUF_RSRC1_BASE_HI)} << 32, base);
    EXPECT_EQ(FW_FIELD_GET(v[1], FW_BUF_RSRC1_SWIZZLE_ENABLE), 1u);
    EXPECT_EQ(FW_FIELD_GET(v[3], FW_BUF_RSRC3_ADD_TID_ENABLE), 1u);
    const uint32_t waves = FW_FIELD_GET(amd_->compute_tmpring_size, FW_COMPUTE_TMPRING_WAVES);
    const uint64_t wave_bytes =
        FW_FIELD_GET(amd_->compute_tmpring_size, FW_COMPUTE_TMPRING_WAVESIZE) * 1024ull;
    EXPECT_GE(wave_bytes, uint64_t{lane_bytes} * 64);
    // One slot per scratch slot of every CU, as the thunk's topology says.
    HsaNodeProperties props{};
    ASSERT_EQ(hsaKmtGetNodeProperties(hsakmt_test::first_gpu_node(), &props),
              HSAKMT_STATUS_SUCCESS);
    ASSERT_GT(props.MaxSlotsScratchCU, 0u);
    const uint32_t cus = props.NumFComputeCores / props.NumSIMDPerCU;
    EXPECT_EQ(waves, std::min<uint32_t>(cus * props.MaxSlotsScratchCU, 4095));
    EXPECT_GE(amd_->scratch_backing_memory_byte_size, wave_bytes * waves);
  }

  GpuCodeObject code_;
  uint64_t kernel_ = 0;
  uint32_t private_bytes_ = 0;
  hsa_queue_t* queue_ = nullptr;
  fw_amd_queue* amd_ = nullptr;
};

TEST_F(ApiQueueScratch, NewQueueHasNoScratch) {
  EXPECT_EQ(amd_->scratch_backing_memory_location, 0u);
  EXPECT_EQ(amd_->scratch_backing_memory_byte_size, 0u);
  EXPECT_EQ(amd_->compute_tmpring_size, 0u);
}

TEST_F(ApiQueueScratch, FirstPrivateArrayDispatchGetsScratchAndMatchesTheCpu) {
  run(256, private_bytes_, 1);
  expect_scratch_for(private_bytes_);
  // The grant stays with the queue: the next dispatch needs no new one.
  const uint64_t base = amd_->scratch_backing_memory_location;
  run(192, private_bytes_, 2);
  EXPECT_EQ(amd_->scratch_backing_memory_location, base);
  EXPECT_EQ(__atomic_load_n(&reinterpret_cast<fw_amd_signal*>(amd_->queue_inactive_signal)->value,
                            __ATOMIC_ACQUIRE),
            0);
  EXPECT_EQ(error_calls.load(), 0);
}

TEST_F(ApiQueueScratch, LargerRequestGrowsTheScratch) {
  run(128, private_bytes_, 3);
  const uint32_t first = amd_->scratch_wave64_lane_byte_size;
  const uint32_t larger = first + 1024;  // a packet may ask for more than the kernel
  run(128, larger, 4);
  expect_scratch_for(larger);
  EXPECT_GT(amd_->scratch_wave64_lane_byte_size, first);
  EXPECT_EQ(error_calls.load(), 0);
}

}  // namespace
}  // namespace queue_test
