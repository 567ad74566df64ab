// Concurrency through the public API: many host threads waiting on one
// signal all wake on one store, in both wait states; several threads
// submitting to one multi-producer queue whose packets all decrement one
// runtime completion signal that a single waiter sleeps on.
#include <atomic>
#include <thread>
#include <vector>

#include "lifetime_helpers.h"

namespace lifetime_test {
namespace {

constexpr uint64_t kTenSeconds = 10000000000ull;  // system timestamp units (ns)

class ApiConcurrency : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS); }
  void TearDown() override { EXPECT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS); }
};

// The waiters' conditions: each satisfied by the released value 7 and by
// neither 0 nor 3.
struct WaitCase {
  hsa_signal_condition_t cond;
  hsa_signal_value_t compare;
};
constexpr WaitCase kCases[] = {
    {HSA_SIGNAL_CONDITION_EQ, 7},
    {HSA_SIGNAL_CONDITION_GTE, 5},
};

// 16 threads wait on one signal; one store of 7 releases all of them. A
// prior store of 3 (satisfying none) must not release anyone.
void many_waiters(hsa_wait_state_t (*state_of)(int)) {
  constexpr int kThreads = 16;
  hsa_signal_t s{0};
  ASSERT_EQ(hsa_signal_create(0, 0, nullptr, &s), HSA_STATUS_SUCCESS);
  std::atomic<int> waiting{0}, woken{0};
  std::vector<hsa_signal_value_t> seen(kThreads, -1);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      const WaitCase c = kCases[t % 2];  // EQ 7 or GTE 5
      waiting.fetch_add(1);
      seen[t] = hsa_signal_wait_scacquire(s, c.cond, c.compare, kTenSeconds, state_of(t));
      woken.fetch_add(1);
    });
  while (waiting.load() < kThreads) std::this_thread::yield();
  std::this_thread::sleep_for(std::chrono::milliseconds(30));  // let them block
  hsa_signal_store_screlease(s, 3);
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  EXPECT_EQ(woken.load(), 0) << "3 satisfies no waiter";
  const auto start = std::chrono::steady_clock::now();
  hsa_signal_store_screlease(s, 7);
  for (std::thread& t : threads) t.join();
  const auto took = std::chrono::steady_clock::now() - start;
  EXPECT_EQ(woken.load(), kThreads);
  for (int t = 0; t < kThreads; ++t) EXPECT_EQ(seen[t], 7) << "thread " << t;
  // Well before the 10 s timeout: every waiter was woken, none timed out.
  EXPECT_LT(took, std::chrono::seconds(5));
  EXPECT_EQ(hsa_signal_destroy(s), HSA_STATUS_SUCCESS);
}

TEST_F(ApiConcurrency, SixteenBlockedWaitersWakeOnOneStore) {
  many_waiters([](int) { return HSA_WAIT_STATE_BLOCKED; });
}

TEST_F(ApiConcurrency, SixteenActiveWaitersWakeOnOneStore) {
  many_waiters([](int) { return HSA_WAIT_STATE_ACTIVE; });
}

TEST_F(ApiConcurrency, MixedWaitStatesWakeOnOneStore) {
  many_waiters([](int t) { return t % 3 ? HSA_WAIT_STATE_BLOCKED : HSA_WAIT_STATE_ACTIVE; });
}

// Threads waiting on one signal through hsa_amd_signal_wait_any with
// another signal that never fires.
TEST_F(ApiConcurrency, WaitAnyWaitersWakeOnOneStore) {
  constexpr int kThreads = 8;
  hsa_signal_t pair[2];
  ASSERT_EQ(hsa_signal_create(1, 0, nullptr, &pair[0]), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_signal_create(0, 0, nullptr, &pair[1]), HSA_STATUS_SUCCESS);
  std::atomic<int> waiting{0};
  std::vector<uint32_t> index(kThreads, 99);
  std::vector<hsa_signal_value_t> value(kThreads, -1);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      hsa_signal_t signals[2] = {pair[0], pair[1]};
      hsa_signal_condition_t conds[2] = {HSA_SIGNAL_CONDITION_EQ, HSA_SIGNAL_CONDITION_EQ};
      hsa_signal_value_t compares[2] = {0, 9};
      waiting.fetch_add(1);
      index[t] = hsa_amd_signal_wait_any(2, signals, conds, compares, kTenSeconds,
                                         HSA_WAIT_STATE_BLOCKED, &value[t]);
    });
  while (waiting.load() < kThreads) std::this_thread::yield();
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  hsa_signal_subtract_screlease(pair[0], 1);
  for (std::thread& t : threads) t.join();
  for (int t = 0; t < kThreads; ++t) {
    EXPECT_EQ(index[t], 0u) << "thread " << t;
    EXPECT_EQ(value[t], 0) << "thread " << t;
  }
  EXPECT_EQ(hsa_signal_destroy(pair[0]), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_signal_destroy(pair[1]), HSA_STATUS_SUCCESS);
}

// Four producers share one multi-producer queue: three dispatch the empty
// kernel, one submits barrier packets; every packet's completion signal is
// the same runtime signal, starting at the packet count, and one host
// thread sleeps until the command processor has counted it down to 0.
TEST_F(ApiConcurrency, ProducersCountDownOneCompletionSignal) {
  constexpr int kThreads = 4;
  constexpr int kPerThread = 40;
  constexpr int kTotal = kThreads * kPerThread;
  const hsa_agent_t gpu = find_agent(HSA_DEVICE_TYPE_GPU);
  ASSERT_NE(gpu.handle, 0u);
  EmptyKernel kernel;
  ASSERT_TRUE(kernel.load(gpu));
  hsa_queue_t* q = nullptr;
  // Smaller than the packet count: producers also wait for free slots.
  ASSERT_EQ(
      hsa_queue_create(gpu, 32, HSA_QUEUE_TYPE_MULTI, nullptr, nullptr, UINT32_MAX, UINT32_MAX, &q),
      HSA_STATUS_SUCCESS);
  hsa_signal_t done{0};
  ASSERT_EQ(hsa_signal_create(kTotal, 0, nullptr, &done), HSA_STATUS_SUCCESS);

  std::atomic<bool> go{false};
  std::vector<std::thread> producers;
  for (int t = 0; t < kThreads; ++t)
    producers.emplace_back([&, t] {
      while (!go.load()) std::this_thread::yield();
      for (int i = 0; i < kPerThread; ++i) {
        if (t == 0)
          barrier(q, done);
        else
          dispatch_empty(q, kernel.kernel_object, done);
      }
    });
  hsa_signal_value_t last = -1;
  std::thread waiter([&] {
    last = hsa_signal_wait_scacquire(done, HSA_SIGNAL_CONDITION_EQ, 0, 4 * kTenSeconds,
                                     HSA_WAIT_STATE_BLOCKED);
  });
  go = true;
  for (std::thread& t : producers) t.join();
  waiter.join();
  EXPECT_EQ(last, 0) << "every packet decremented the signal once";
  EXPECT_EQ(hsa_queue_load_write_index_scacquire(q), uint64_t{kTotal});
  for (int spins = 0; hsa_queue_load_read_index_scacquire(q) != kTotal && spins < 1000; ++spins)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_EQ(hsa_queue_load_read_index_scacquire(q), uint64_t{kTotal});
  // Nothing decrements it further.
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(hsa_signal_load_scacquire(done), 0);

  EXPECT_EQ(hsa_signal_destroy(done), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_executable_destroy(kernel.exe), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_code_object_reader_destroy(kernel.reader), HSA_STATUS_SUCCESS);
}

// Threads hammer one signal with adds while others wait for the total.
TEST_F(ApiConcurrency, ConcurrentAddsReachTheTotal) {
  constexpr int kThreads = 4;
  constexpr int kAdds = 20000;
  hsa_signal_t s{0};
  ASSERT_EQ(hsa_signal_create(0, 0, nullptr, &s), HSA_STATUS_SUCCESS);
  hsa_signal_value_t seen = -1;
  std::thread waiter([&] {
    seen = hsa_signal_wait_scacquire(s, HSA_SIGNAL_CONDITION_EQ, kThreads * kAdds, kTenSeconds,
                                     HSA_WAIT_STATE_BLOCKED);
  });
  std::vector<std::thread> adders;
  for (int t = 0; t < kThreads; ++t)
    adders.emplace_back([&] {
      for (int i = 0; i < kAdds; ++i) hsa_signal_add_relaxed(s, 1);
    });
  for (std::thread& t : adders) t.join();
  waiter.join();
  EXPECT_EQ(seen, kThreads * kAdds);
  EXPECT_EQ(hsa_signal_destroy(s), HSA_STATUS_SUCCESS);
}

}  // namespace
}  // namespace lifetime_test
