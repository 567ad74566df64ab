// The AMD profiling API: queue timestamps written by the command processor
// into completion signals (barrier packets on a user queue), async-copy
// timestamps, tick conversion against the host's CLOCK_MONOTONIC, the
// behaviour with profiling off, and the error statuses.
#include <chrono>
#include <cstring>
#include <thread>

#include "copy_fixture.h"

namespace copy_test {
namespace {

class ApiProfilingTest : public ApiCopyFixture {
 protected:
  void TearDown() override {
    if (queue_) {
      EXPECT_EQ(hsa_queue_destroy(queue_), HSA_STATUS_SUCCESS);
    }
    ApiCopyFixture::TearDown();
  }

  hsa_queue_t* make_queue() {
    EXPECT_EQ(hsa_queue_create(gpu_, 64, HSA_QUEUE_TYPE_MULTI, nullptr, nullptr, 0, 0, &queue_),
              HSA_STATUS_SUCCESS);
    return queue_;
  }

  // A barrier-AND packet on queue_ waiting for `dep`, completing `done`.
  void submit_barrier(hsa_signal_t dep, hsa_signal_t done) {
    const uint64_t index = hsa_queue_add_write_index_scacq_screl(queue_, 1);
    auto* p = reinterpret_cast<hsa_barrier_and_packet_t*>(
        static_cast<uint8_t*>(queue_->base_address) + (index % queue_->size) * 64);
    std::memset(reinterpret_cast<uint8_t*>(p) + 4, 0, 60);
    p->dep_signal[0] = dep;
    p->completion_signal = done;
    const uint16_t header = HSA_PACKET_TYPE_BARRIER_AND << HSA_PACKET_HEADER_TYPE |
                            HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE |
                            HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE;
    __atomic_store_n(reinterpret_cast<uint32_t*>(p), header, __ATOMIC_RELEASE);
    hsa_signal_store_screlease(queue_->doorbell_signal, static_cast<hsa_signal_value_t>(index));
  }

  hsa_queue_t* queue_ = nullptr;
};

TEST_F(ApiProfilingTest, DispatchTimeIsInsideTheHostInterval) {
  make_queue();
  ASSERT_EQ(hsa_amd_profiling_set_profiler_enabled(queue_, 1), HSA_STATUS_SUCCESS);
  hsa_signal_t dep = signal(1);
  hsa_signal_t done = signal(1);
  const uint64_t before = monotonic_ns();
  submit_barrier(dep, done);
  std::this_thread::sleep_for(std::chrono::milliseconds(10));
  const uint64_t released = monotonic_ns();
  hsa_signal_store_screlease(dep, 0);
  ASSERT_TRUE(wait_zero(done));
  const uint64_t after = monotonic_ns();

  hsa_amd_profiling_dispatch_time_t t{};
  ASSERT_EQ(hsa_amd_profiling_get_dispatch_time(gpu_, done, &t), HSA_STATUS_SUCCESS);
  EXPECT_GE(t.start, before);
  EXPECT_LT(t.start, released);  // the barrier started, then waited
  EXPECT_GE(t.end, released);
  EXPECT_LE(t.end, after);
  // The system timestamp the runtime reports is the same clock.
  uint64_t now = 0;
  ASSERT_EQ(hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP, &now), HSA_STATUS_SUCCESS);
  EXPECT_GE(now, t.end);
}

TEST_F(ApiProfilingTest, ProfilingOffStillSucceedsWithoutTimes) {
  make_queue();
  hsa_signal_t dep = signal(0);
  hsa_signal_t done = signal(1);
  submit_barrier(dep, done);
  ASSERT_TRUE(wait_zero(done));
  hsa_amd_profiling_dispatch_time_t t{1, 1};
  // As ROCr: SUCCESS; the signal holds no timestamps, so both read 0.
  ASSERT_EQ(hsa_amd_profiling_get_dispatch_time(gpu_, done, &t), HSA_STATUS_SUCCESS);
  EXPECT_EQ(t.start, 0u);
  EXPECT_EQ(t.end, 0u);
  // Turning it on and off again: later packets are not stamped.
  ASSERT_EQ(hsa_amd_profiling_set_profiler_enabled(queue_, 1), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_amd_profiling_set_profiler_enabled(queue_, 0), HSA_STATUS_SUCCESS);
  hsa_signal_t done2 = signal(1);
  submit_barrier(dep, done2);
  ASSERT_TRUE(wait_zero(done2));
  ASSERT_EQ(hsa_amd_profiling_get_dispatch_time(gpu_, done2, &t), HSA_STATUS_SUCCESS);
  EXPECT_EQ(t.end, 0u);
}

TEST_F(ApiProfilingTest, AsyncCopyTimeIsInsideTheHostInterval) {
  constexpr size_t kBytes = 1 << 16;
  uint8_t* src = alloc(system_, kBytes);
  uint8_t* dst = alloc(vram_, kBytes);
  fill_pattern(src, kBytes, 3);
  hsa_signal_t done = signal(1);
  hsa_amd_profiling_async_copy_time_t t{};
  // No copy has completed into this signal yet.
  EXPECT_EQ(hsa_amd_profiling_get_async_copy_time(done, &t), HSA_STATUS_ERROR);

  ASSERT_EQ(hsa_amd_profiling_async_copy_enable(true), HSA_STATUS_SUCCESS);
  const uint64_t before = monotonic_ns();
  ASSERT_EQ(hsa_amd_memory_async_copy(dst, gpu_, src, cpu_, kBytes, 0, nullptr, done),
            HSA_STATUS_SUCCESS);
  ASSERT_TRUE(wait_zero(done));
  const uint64_t after = monotonic_ns();
  ASSERT_EQ(hsa_amd_profiling_get_async_copy_time(done, &t), HSA_STATUS_SUCCESS);
  EXPECT_GE(t.start, before);
  EXPECT_LE(t.start, t.end);
  EXPECT_LE(t.end, after);

  // Off again: a later copy leaves no timestamps.
  ASSERT_EQ(hsa_amd_profiling_async_copy_enable(false), HSA_STATUS_SUCCESS);
  hsa_signal_t done2 = signal(1);
  ASSERT_EQ(hsa_amd_memory_async_copy(dst, gpu_, src, cpu_, kBytes, 0, nullptr, done2),
            HSA_STATUS_SUCCESS);
  ASSERT_TRUE(wait_zero(done2));
  ASSERT_EQ(hsa_amd_profiling_get_async_copy_time(done2, &t), HSA_STATUS_SUCCESS);
  EXPECT_EQ(t.end, 0u);
}

TEST_F(ApiProfilingTest, ConvertTickMatchesTheSystemClock) {
  // The emulated GPU clock counts CLOCK_MONOTONIC ns: a tick converts to
  // itself within the measurement's jitter.
  const uint64_t tick = monotonic_ns();
  uint64_t system = 0;
  ASSERT_EQ(hsa_amd_profiling_convert_tick_to_system_domain(gpu_, tick, &system),
            HSA_STATUS_SUCCESS);
  const int64_t diff = static_cast<int64_t>(system - tick);
  EXPECT_LT(diff < 0 ? -diff : diff, 1000000) << "within 1 ms";
  // Later ticks convert to later times, by the same distance at 1 GHz.
  uint64_t later = 0;
  ASSERT_EQ(hsa_amd_profiling_convert_tick_to_system_domain(gpu_, tick + 5000000, &later),
            HSA_STATUS_SUCCESS);
  const int64_t step = static_cast<int64_t>(later - system);
  EXPECT_GT(step, 4900000);
  EXPECT_LT(step, 5100000);
}

TEST_F(ApiProfilingTest, ErrorStatuses) {
  make_queue();
  hsa_signal_t s = signal(0);
  const hsa_agent_t bad_agent{0x1234};
  const hsa_signal_t bad_signal{0x5678};
  hsa_amd_profiling_dispatch_time_t dt{};
  hsa_amd_profiling_async_copy_time_t ct{};
  uint64_t tick = 0;
  hsa_queue_t fake{};
  EXPECT_EQ(hsa_amd_profiling_set_profiler_enabled(nullptr, 1), HSA_STATUS_ERROR_INVALID_QUEUE);
  EXPECT_EQ(hsa_amd_profiling_set_profiler_enabled(&fake, 1), HSA_STATUS_ERROR_INVALID_QUEUE);
  EXPECT_EQ(hsa_amd_profiling_get_dispatch_time(gpu_, s, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_profiling_get_dispatch_time(bad_agent, s, &dt), HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_amd_profiling_get_dispatch_time(cpu_, s, &dt), HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_amd_profiling_get_dispatch_time(gpu_, bad_signal, &dt),
            HSA_STATUS_ERROR_INVALID_SIGNAL);
  EXPECT_EQ(hsa_amd_profiling_get_async_copy_time(s, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_profiling_get_async_copy_time(bad_signal, &ct),
            HSA_STATUS_ERROR_INVALID_SIGNAL);
  EXPECT_EQ(hsa_amd_profiling_convert_tick_to_system_domain(gpu_, 1, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_profiling_convert_tick_to_system_domain(bad_agent, 1, &tick),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_amd_profiling_convert_tick_to_system_domain(cpu_, 1, &tick),
            HSA_STATUS_ERROR_INVALID_AGENT);
}

TEST(ApiProfilingNotInitialized, ReportsNotInitialized) {
  uint64_t tick = 0;
  EXPECT_EQ(hsa_amd_profiling_async_copy_enable(true), HSA_STATUS_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(hsa_amd_profiling_convert_tick_to_system_domain(hsa_agent_t{1}, 1, &tick),
            HSA_STATUS_ERROR_NOT_INITIALIZED);
}

}  // namespace
}  // namespace copy_test
