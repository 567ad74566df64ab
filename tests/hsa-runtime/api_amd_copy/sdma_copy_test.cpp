// hsa_amd_memory_async_copy on the SDMA engines: which copies take an SDMA
// queue (as ROCr 5.2: host<->device and peer copies do, copies within one
// GPU and HSA_ENABLE_SDMA=0 do not; checked by how many SDMA queues the
// thunk still grants this process), bytes at 1 B to 17 MiB (several
// COPY_LINEAR packets) with odd alignments checked against the source,
// dependencies the host sets later (including one whose value's high word
// alone is non-zero), the completion signal's value and the wake-up of a
// blocked waiter, copies from two threads, and a copy between two GPUs.
#include <hsakmt.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include "copy_fixture.h"

namespace copy_test {
namespace {

using Clock = std::chrono::steady_clock;

class ApiSdmaCopyTest : public ApiCopyFixture {
 protected:
  void TearDown() override {
    ApiCopyFixture::TearDown();
    unsetenv("HSA_ENABLE_SDMA");
  }

  void copy(void* dst, hsa_agent_t dst_agent, const void* src, hsa_agent_t src_agent, size_t size) {
    hsa_signal_t done = signal(1);
    ASSERT_EQ(hsa_amd_memory_async_copy(dst, dst_agent, src, src_agent, size, 0, nullptr, done),
              HSA_STATUS_SUCCESS);
    ASSERT_TRUE(wait_zero(done));
  }

  static uint32_t node_of(hsa_agent_t agent) {
    uint32_t node = 0;
    EXPECT_EQ(hsa_agent_get_info(
                  agent, static_cast<hsa_agent_info_t>(HSA_AMD_AGENT_INFO_DRIVER_NODE_ID), &node),
              HSA_STATUS_SUCCESS);
    return node;
  }

  // How many more SDMA queues the thunk grants this process on the GPU
  // (Vega 10: 2 engines x 2 queues); every one made here is destroyed.
  uint32_t free_sdma_queues(hsa_agent_t gpu) {
    constexpr size_t kRing = 4096;
    std::vector<HsaQueueResource> made;
    uint8_t* rings = alloc(system_, kRing * 8);
    for (uint32_t i = 0; i < 8; ++i) {
      HsaQueueResource r{};
      if (hsaKmtCreateQueue(node_of(gpu), HSA_QUEUE_SDMA, 100, HSA_QUEUE_PRIORITY_NORMAL,
                            rings + i * kRing, kRing, nullptr, &r) != HSAKMT_STATUS_SUCCESS)
        break;
      made.push_back(r);
    }
    for (const HsaQueueResource& r : made) EXPECT_EQ(hsaKmtDestroyQueue(r.QueueId), 0);
    return static_cast<uint32_t>(made.size());
  }

  std::vector<hsa_agent_t> gpus() {
    std::vector<hsa_agent_t> out;
    for (hsa_agent_t a : hsa_test::all_agents())
      if (hsa_test::device_of(a) == HSA_DEVICE_TYPE_GPU) out.push_back(a);
    return out;
  }
};

TEST_F(ApiSdmaCopyTest, HostDeviceCopiesTakeTwoSdmaQueuesAndVramToVramNone) {
  const uint32_t before = free_sdma_queues(gpu_);
  ASSERT_EQ(before, 4u) << "the emulated Vega 10: 2 engines x 2 queues, none in use yet";
  uint8_t* host = alloc(system_, 4096);
  uint8_t* a = alloc(vram_, 4096);
  uint8_t* b = alloc(vram_, 4096);
  fill_pattern(host, 4096, 3);
  copy(a, gpu_, b, gpu_, 4096);
  EXPECT_EQ(free_sdma_queues(gpu_), 4u) << "VRAM to VRAM on one GPU runs blit kernels";
  copy(a, gpu_, host, cpu_, 4096);
  EXPECT_EQ(free_sdma_queues(gpu_), 3u) << "the host-to-device ring";
  copy(host, cpu_, a, gpu_, 4096);
  EXPECT_EQ(free_sdma_queues(gpu_), 2u) << "the device-to-host ring";
  copy(a, gpu_, host, cpu_, 4096);
  copy(host, cpu_, a, gpu_, 4096);
  EXPECT_EQ(free_sdma_queues(gpu_), 2u) << "one ring per direction, reused";
}

TEST_F(ApiSdmaCopyTest, EnableSdmaZeroKeepsEveryCopyOnBlitKernels) {
  setenv("HSA_ENABLE_SDMA", "0", 1);
  uint8_t* host = alloc(system_, 8192);
  uint8_t* back = alloc(system_, 8192);
  uint8_t* vram = alloc(vram_, 8192);
  fill_pattern(host, 8192, 8);
  copy(vram + 3, gpu_, host + 1, cpu_, 8000);
  copy(back + 1, cpu_, vram + 3, gpu_, 8000);
  EXPECT_EQ(std::memcmp(back + 1, host + 1, 8000), 0);
  EXPECT_EQ(free_sdma_queues(gpu_), 4u);
}

TEST_F(ApiSdmaCopyTest, OddSizesAndAlignmentsUpTo17MiBMatchTheSource) {
  constexpr size_t kMiB = size_t{1} << 20;
  constexpr size_t kGuard = 8;
  constexpr size_t kBytes = 17 * kMiB + 64;
  uint8_t* src = alloc(system_, kBytes);
  uint8_t* guard = alloc(system_, kBytes);
  uint8_t* vram = alloc(vram_, kBytes);
  uint8_t* back = alloc(system_, kBytes);
  ASSERT_TRUE(src && guard && vram && back);
  fill_pattern(src, kBytes, 17);
  std::memset(guard, 0xEE, kBytes);
  struct Case {
    size_t size, src_off, dst_off;
  };
  // Across the 4 MiB a COPY_LINEAR packet moves at most, and 17 MiB
  // (five packets), at offsets of every residue mod 4.
  const Case cases[] = {{1, 9, 13},
                        {2, 10, 9},
                        {3, 11, 15},
                        {5, 8, 27},
                        {17, 13, 8},
                        {255, 9, 11},
                        {4097, 15, 10},
                        {65535, 8, 17},
                        {kMiB + 1, 11, 9},
                        {4 * kMiB - 1, 9, 8},
                        {4 * kMiB, 10, 13},
                        {4 * kMiB + 1, 13, 14},
                        {8 * kMiB + 3, 8, 11},
                        {17 * kMiB, 15, 9},
                        {17 * kMiB + 1, 9, 15}};
  for (const Case& c : cases) {
    SCOPED_TRACE("size " + std::to_string(c.size) + " src+" + std::to_string(c.src_off) + " dst+" +
                 std::to_string(c.dst_off));
    const size_t window = c.size + 2 * kGuard;
    // VRAM around the destination to 0xEE, the copy, then the window back:
    // the guard bytes show an overrun of either direction.
    copy(vram + c.dst_off - kGuard, gpu_, guard, cpu_, window);
    copy(vram + c.dst_off, gpu_, src + c.src_off, cpu_, c.size);
    std::memset(back, 0x11, window + 64);
    copy(back + 1, cpu_, vram + c.dst_off - kGuard, gpu_, window);
    ASSERT_EQ(back[0], 0x11) << "nothing before the device-to-host range";
    ASSERT_EQ(back[window + 1], 0x11) << "nothing after the device-to-host range";
    for (size_t i = 0; i < kGuard; ++i) {
      ASSERT_EQ(back[1 + i], 0xEE) << "VRAM before the copy, byte " << i;
      ASSERT_EQ(back[1 + kGuard + c.size + i], 0xEE) << "VRAM after the copy, byte " << i;
    }
    ASSERT_EQ(std::memcmp(back + 1 + kGuard, src + c.src_off, c.size), 0);
  }
}

// The copy runs only once every dependency is 0: the host sets them one by
// one; the last is 1 << 32 (low word 0), which is not 0 either.
TEST_F(ApiSdmaCopyTest, DependenciesSetLaterByTheHostHoldTheCopyBack) {
  constexpr size_t kBytes = (size_t{1} << 20) + 3;
  uint8_t* src = alloc(system_, kBytes);
  uint8_t* vram = alloc(vram_, kBytes);
  uint8_t* back = alloc(system_, kBytes);
  fill_pattern(src, kBytes, 23);
  std::vector<uint8_t> zero(kBytes, 0);
  std::memset(back, 0, kBytes);
  copy(vram, gpu_, back, cpu_, kBytes);  // VRAM zeroed
  hsa_signal_t deps[3] = {signal(1), signal(-1), signal(int64_t{1} << 32)};
  hsa_signal_t done = signal(1);
  ASSERT_EQ(hsa_amd_memory_async_copy(vram + 1, gpu_, src + 2, cpu_, kBytes - 2, 3, deps, done),
            HSA_STATUS_SUCCESS);
  for (int i = 0; i < 3; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_EQ(hsa_signal_load_scacquire(done), 1) << "ran with " << 3 - i << " deps not 0";
    copy(back, cpu_, vram, gpu_, kBytes);
    EXPECT_EQ(std::memcmp(back, zero.data(), kBytes), 0) << "bytes moved with deps not 0";
    hsa_signal_store_screlease(deps[i], 0);
  }
  ASSERT_TRUE(wait_zero(done));
  copy(back, cpu_, vram, gpu_, kBytes);
  EXPECT_EQ(back[0], 0);
  EXPECT_EQ(std::memcmp(back + 1, src + 2, kBytes - 2), 0);
}

TEST_F(ApiSdmaCopyTest, CompletionDecrementsByExactlyOne) {
  uint8_t* src = alloc(system_, 4096);
  uint8_t* vram = alloc(vram_, 4096);
  hsa_signal_t done = signal(5);
  ASSERT_EQ(hsa_amd_memory_async_copy(vram, gpu_, src, cpu_, 4096, 0, nullptr, done),
            HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_signal_wait_scacquire(done, HSA_SIGNAL_CONDITION_LT, 5, 20000000000ull,
                                      HSA_WAIT_STATE_BLOCKED),
            4);
  std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_EQ(hsa_signal_load_scacquire(done), 4);
  // A negative start goes one lower too (a 64-bit add of -1).
  hsa_signal_store_relaxed(done, -7);
  ASSERT_EQ(hsa_amd_memory_async_copy(src, cpu_, vram, gpu_, 4096, 0, nullptr, done),
            HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_signal_wait_scacquire(done, HSA_SIGNAL_CONDITION_LT, -7, 20000000000ull,
                                      HSA_WAIT_STATE_BLOCKED),
            -8);
}

// A waiter blocked on the completion signal's KFD event wakes when the
// engine finishes (its FENCE to the event's mailbox and TRAP), not at the
// end of one of its 10 ms re-check slices: over many rounds the median
// wake-up after the dependency is released stays well under 5 ms.
TEST_F(ApiSdmaCopyTest, CompletionWakesABlockedWaiter) {
  uint8_t* src = alloc(system_, 4096);
  uint8_t* vram = alloc(vram_, 4096);
  constexpr int kRounds = 15;
  std::vector<double> ms;
  for (int r = 0; r < kRounds; ++r) {
    hsa_signal_t dep = signal(1);
    hsa_signal_t done = signal(1);
    ASSERT_EQ(hsa_amd_memory_async_copy(vram, gpu_, src, cpu_, 4096, 1, &dep, done),
              HSA_STATUS_SUCCESS);
    std::atomic<bool> waiting{false};
    Clock::time_point woke;
    hsa_signal_value_t seen = 1;
    std::thread waiter([&] {
      waiting = true;
      seen = hsa_signal_wait_scacquire(done, HSA_SIGNAL_CONDITION_EQ, 0, UINT64_MAX,
                                       HSA_WAIT_STATE_BLOCKED);
      woke = Clock::now();
    });
    while (!waiting) std::this_thread::yield();
    std::this_thread::sleep_for(std::chrono::milliseconds(3));  // past the spin, blocked
    const Clock::time_point released = Clock::now();
    hsa_signal_store_screlease(dep, 0);
    waiter.join();
    EXPECT_EQ(seen, 0);
    ms.push_back(std::chrono::duration<double, std::milli>(woke - released).count());
  }
  std::sort(ms.begin(), ms.end());
  EXPECT_LT(ms[kRounds / 2], 5.0) << "median wake-up in ms";
}

TEST_F(ApiSdmaCopyTest, TwoThreadsCopyBothWaysAtOnce) {
  constexpr int kCopies = 64;  // per thread
  constexpr size_t kSlot = 70001;
  constexpr size_t kBytes = kCopies * kSlot;
  uint8_t* src[2] = {alloc(system_, kBytes), alloc(system_, kBytes)};
  uint8_t* vram[2] = {alloc(vram_, kBytes), alloc(vram_, kBytes)};
  uint8_t* back[2] = {alloc(system_, kBytes), alloc(system_, kBytes)};
  for (int t = 0; t < 2; ++t) {
    ASSERT_TRUE(src[t] && vram[t] && back[t]);
    fill_pattern(src[t], kBytes, 40 + t);
    std::memset(back[t], 0, kBytes);
  }
  std::atomic<int> failures{0};
  // Made here: the fixture's list of signals is not thread-safe.
  const hsa_signal_t to_vram_of[2] = {signal(kCopies), signal(kCopies)};
  const hsa_signal_t to_host_of[2] = {signal(kCopies), signal(kCopies)};
  auto work = [&](int t) {
    const hsa_signal_t to_vram = to_vram_of[t], to_host = to_host_of[t];
    // Sizes differ per copy and are odd: each copy's bytes stay its own.
    for (int i = 0; i < kCopies; ++i) {
      const size_t off = i * kSlot, n = kSlot - static_cast<size_t>(i % 7);
      if (hsa_amd_memory_async_copy(vram[t] + off, gpu_, src[t] + off, cpu_, n, 0, nullptr,
                                    to_vram) != HSA_STATUS_SUCCESS)
        ++failures;
    }
    if (!wait_zero(to_vram)) ++failures;
    for (int i = 0; i < kCopies; ++i) {
      const size_t off = i * kSlot, n = kSlot - static_cast<size_t>(i % 7);
      if (hsa_amd_memory_async_copy(back[t] + off, cpu_, vram[t] + off, gpu_, n, 0, nullptr,
                                    to_host) != HSA_STATUS_SUCCESS)
        ++failures;
    }
    if (!wait_zero(to_host)) ++failures;
  };
  std::thread a(work, 0), b(work, 1);
  a.join();
  b.join();
  ASSERT_EQ(failures.load(), 0);
  for (int t = 0; t < 2; ++t) {
    for (int i = 0; i < kCopies; ++i) {
      const size_t off = i * kSlot, n = kSlot - static_cast<size_t>(i % 7);
      ASSERT_EQ(std::memcmp(back[t] + off, src[t] + off, n), 0) << "thread " << t << " copy " << i;
      for (size_t k = n; k < kSlot; ++k) ASSERT_EQ(back[t][off + k], 0) << t << " " << i;
    }
  }
}

// GPU to GPU: the source GPU's device-to-host ring, as ROCr's PCIe blit.
TEST_F(ApiSdmaCopyTest, PeerCopyBetweenTwoGpus) {
  const std::vector<hsa_agent_t> g = gpus();
  if (g.size() < 2) GTEST_SKIP() << "needs two GPUs (GCN_EMU_GPUS=2)";
  const hsa_region_t vram1 = global_region(g[1]);
  ASSERT_NE(vram1.handle, 0u);
  constexpr size_t kBytes = 5 * (size_t{1} << 20) + 7;
  uint8_t* src = alloc(system_, kBytes);
  uint8_t* a = alloc(vram_, kBytes);
  uint8_t* b = alloc(vram1, kBytes);
  uint8_t* back = alloc(system_, kBytes);
  ASSERT_TRUE(src && a && b && back);
  // Both GPUs reach both buffers.
  hsa_agent_t both[2] = {g[0], g[1]};
  ASSERT_EQ(hsa_amd_agents_allow_access(2, both, nullptr, a), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_amd_agents_allow_access(2, both, nullptr, b), HSA_STATUS_SUCCESS);
  fill_pattern(src, kBytes, 51);
  std::memset(back, 0, kBytes);
  const uint32_t free_before = free_sdma_queues(g[0]);
  copy(a, g[0], src, cpu_, kBytes);
  copy(b + 3, g[1], a + 1, g[0], kBytes - 4);
  copy(back, cpu_, b + 3, g[1], kBytes - 4);
  EXPECT_EQ(std::memcmp(back, src + 1, kBytes - 4), 0);
  EXPECT_EQ(free_sdma_queues(g[0]), free_before - 2) << "GPU 0: host-to-device, device-to-host";
}

}  // namespace
}  // namespace copy_test
