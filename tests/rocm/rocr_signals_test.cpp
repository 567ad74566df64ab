// ROCr's signals on our thunk's events, and the timestamps ROCr's profiling
// API reads from the virtual GPU's dispatches and copies.
#include <atomic>
#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

#include "rocr_fixture.h"

namespace rocm_test {
namespace {

constexpr uint64_t kTenSeconds = 10'000'000'000ull;

TEST_F(Rocr, SignalArithmeticAndTimedWait) {
  hsa_signal_t s{};
  ASSERT_EQ(hsa_signal_create(7, 0, nullptr, &s), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_signal_load_scacquire(s), 7);
  hsa_signal_add_screlease(s, 5);
  hsa_signal_subtract_screlease(s, 2);
  EXPECT_EQ(hsa_signal_exchange_scacq_screl(s, 40), 10);
  EXPECT_EQ(hsa_signal_cas_scacq_screl(s, 40, 41), 40);
  EXPECT_EQ(hsa_signal_cas_scacq_screl(s, 40, 99), 41);  // no swap: value was 41
  // An unmet condition returns after the timeout with the current value.
  const auto t0 = std::chrono::steady_clock::now();
  EXPECT_EQ(
      hsa_signal_wait_scacquire(s, HSA_SIGNAL_CONDITION_EQ, 0, 20'000'000, HSA_WAIT_STATE_BLOCKED),
      41);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));
  EXPECT_EQ(hsa_signal_destroy(s), HSA_STATUS_SUCCESS);
}

// Several threads blocked on one signal all wake when the host stores the
// awaited value.
TEST_F(Rocr, StoreWakesEveryWaiter) {
  hsa_signal_t s{};
  ASSERT_EQ(hsa_signal_create(0, 0, nullptr, &s), HSA_STATUS_SUCCESS);
  constexpr int kWaiters = 4;
  std::atomic<int> woke{0};
  std::vector<std::thread> waiters;
  for (int i = 0; i < kWaiters; ++i)
    waiters.emplace_back([&] {
      if (hsa_signal_wait_scacquire(s, HSA_SIGNAL_CONDITION_GTE, 5, kTenSeconds,
                                    HSA_WAIT_STATE_BLOCKED) >= 5)
        ++woke;
    });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(woke.load(), 0) << "a waiter returned before the store";
  hsa_signal_store_screlease(s, 5);
  for (auto& t : waiters) t.join();
  EXPECT_EQ(woke.load(), kWaiters);
  hsa_signal_destroy(s);
}

// The GPU's decrement of a completion signal wakes host threads blocked on
// it (the CP's end-of-pipe interrupt reaches ROCr's event wait), and ROCr's
// asynchronous handler runs once for it.
TEST_F(Rocr, CompletionWakesWaitersAndAsyncHandler) {
  hsa_signal_t done{};
  ASSERT_EQ(hsa_signal_create(1, 0, nullptr, &done), HSA_STATUS_SUCCESS);
  std::atomic<int> woke{0}, handled{0};
  ASSERT_EQ(hsa_amd_signal_async_handler(
                done, HSA_SIGNAL_CONDITION_EQ, 0,
                [](hsa_signal_value_t v, void* arg) {
                  if (v == 0) ++*static_cast<std::atomic<int>*>(arg);
                  return false;  // once
                },
                &handled),
            HSA_STATUS_SUCCESS);
  std::vector<std::thread> waiters;
  for (int i = 0; i < 3; ++i)
    waiters.emplace_back([&] {
      if (hsa_signal_wait_scacquire(done, HSA_SIGNAL_CONDITION_EQ, 0, kTenSeconds,
                                    HSA_WAIT_STATE_BLOCKED) == 0)
        ++woke;
    });
  // A barrier-AND packet with no dependencies: the CP only completes it.
  hsa_barrier_and_packet_t p{};
  p.completion_signal = done;
  submit_packet(queue(), &p,
                (HSA_PACKET_TYPE_BARRIER_AND << HSA_PACKET_HEADER_TYPE) |
                    (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE));
  for (auto& t : waiters) t.join();
  EXPECT_EQ(woke.load(), 3);
  for (int i = 0; i < 500 && handled.load() == 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_EQ(handled.load(), 1);
  hsa_signal_destroy(done);
}

uint64_t system_now() {
  uint64_t t = 0;
  hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP, &t);
  return t;
}

// Dispatch start/end times (ROCr reads them from the completion signal and
// converts GPU ticks to the system domain): each dispatch starts before it
// ends, a later dispatch on the same queue starts no earlier than the one
// before it ended, and all fall between the host's readings around them.
TEST_F(Rocr, ProfilingTimestampsIncrease) {
  Program prog;
  ASSERT_EQ(prog.load(agents_.gpu, AXPB_CO), "");
  Kernel k;
  ASSERT_EQ(prog.kernel(agents_.gpu, "axpb", &k), "");
  ASSERT_EQ(hsa_amd_profiling_set_profiler_enabled(queue(), 1), HSA_STATUS_SUCCESS);
  constexpr uint32_t kN = 4096;
  PoolBuffer buf(agents_.system, 2 * kN * 4, &agents_.gpu);
  ASSERT_TRUE(buf.get());
  std::memset(buf.get(), 0, 2 * kN * 4);
  struct {
    void* out;
    const void* in;
    int32_t a, b;
  } args{buf.as<int32_t>() + kN, buf.get(), 1, 1};
  Dispatch d;
  d.grid[0] = kN;
  d.workgroup[0] = 256;
  d.args = &args;
  d.args_size = sizeof(args);

  const uint64_t before = system_now();
  hsa_amd_profiling_dispatch_time_t t[2] = {};
  for (auto& ti : t) {
    hsa_signal_t done{};
    ASSERT_EQ(hsa_signal_create(1, 0, nullptr, &done), HSA_STATUS_SUCCESS);
    ASSERT_EQ(dispatch(agents_, queue(), k, d, done), "");
    ASSERT_EQ(hsa_amd_profiling_get_dispatch_time(agents_.gpu, done, &ti), HSA_STATUS_SUCCESS);
    hsa_signal_destroy(done);
  }
  const uint64_t after = system_now();
  EXPECT_EQ(buf.as<int32_t>()[kN + 10], 1);
  for (const auto& ti : t) {
    EXPECT_LT(ti.start, ti.end);
    EXPECT_LE(before, ti.start);
    EXPECT_LE(ti.end, after);
  }
  EXPECT_LE(t[0].end, t[1].start);

  // Copies: the SDMA engine's timestamps, once ROCr is told to take them.
  ASSERT_EQ(hsa_amd_profiling_async_copy_enable(true), HSA_STATUS_SUCCESS);
  PoolBuffer v(agents_.vram, 1 << 20);
  ASSERT_TRUE(v.get());
  hsa_signal_t copied{};
  ASSERT_EQ(hsa_signal_create(1, 0, nullptr, &copied), HSA_STATUS_SUCCESS);
  const uint64_t copy_before = system_now();
  ASSERT_EQ(hsa_amd_memory_async_copy(v.get(), agents_.gpu, buf.get(), agents_.cpu, 2 * kN * 4, 0,
                                      nullptr, copied),
            HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_signal_wait_scacquire(copied, HSA_SIGNAL_CONDITION_EQ, 0, kTenSeconds,
                                      HSA_WAIT_STATE_BLOCKED),
            0);
  const uint64_t copy_after = system_now();
  hsa_amd_profiling_async_copy_time_t ct{};
  ASSERT_EQ(hsa_amd_profiling_get_async_copy_time(copied, &ct), HSA_STATUS_SUCCESS);
  EXPECT_LT(ct.start, ct.end);
  EXPECT_LE(copy_before, ct.start);
  EXPECT_LE(ct.end, copy_after);
  EXPECT_LE(t[1].end, ct.start);
  hsa_signal_destroy(copied);
  hsa_amd_profiling_async_copy_enable(false);
}

}  // namespace
}  // namespace rocm_test
