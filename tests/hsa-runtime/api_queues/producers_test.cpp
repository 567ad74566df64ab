// Many producers on one GPU queue: each thread reserves slots with
// hsa_queue_add_write_index_screlease, publishes barrier-AND packets and
// rings the doorbell; the packet processor completes every one.
#include <thread>
#include <vector>

#include "amd_signal.h"
#include "queue_fixture.h"

namespace queue_test {
namespace {

using ApiQueueProducers = ApiQueueTest;

TEST_F(ApiQueueProducers, FourThreadsShareOneQueue) {
  constexpr int kThreads = 4;
  constexpr int kPerThread = 50;
  constexpr int kTotal = kThreads * kPerThread;
  hsa_queue_t* q = nullptr;
  // A ring smaller than the packet count makes producers wait for slots.
  ASSERT_EQ(hsa_queue_create(gpu_, 64, HSA_QUEUE_TYPE_MULTI, nullptr, nullptr, UINT32_MAX,
                             UINT32_MAX, &q),
            HSA_STATUS_SUCCESS);
  fw_amd_signal* signals = hsakmt_test::alloc_array<fw_amd_signal>(kTotal);
  ASSERT_NE(signals, nullptr);
  for (int i = 0; i < kTotal; ++i) {
    signals[i].kind = FW_AMD_SIGNAL_KIND_USER;
    signals[i].value = 1;
  }
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < kPerThread; ++i) {
        const fw_aql_barrier_packet p =
            barrier(reinterpret_cast<uintptr_t>(&signals[t * kPerThread + i]));
        submit(q, &p);
      }
    });
  for (std::thread& t : threads) t.join();
  for (int i = 0; i < kTotal; ++i) ASSERT_TRUE(wait_zero(&signals[i], 20000)) << "packet " << i;
  EXPECT_EQ(hsa_queue_load_write_index_scacquire(q), uint64_t{kTotal});
  // The CP moves the read index past a packet after completing it.
  for (int spins = 0; hsa_queue_load_read_index_scacquire(q) != kTotal && spins < 100000; ++spins)
    std::this_thread::yield();
  EXPECT_EQ(hsa_queue_load_read_index_scacquire(q), uint64_t{kTotal});
  EXPECT_EQ(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
  hsakmt_test::free_system(signals, kTotal * sizeof(fw_amd_signal));
}

}  // namespace
}  // namespace queue_test
