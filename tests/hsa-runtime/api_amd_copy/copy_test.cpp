// hsa_amd_memory_async_copy: bytes between system memory and VRAM at many
// sizes and alignments (checked against memcpy on host copies), dependency
// signals, copies from several threads at once, and every error status.
#include <atomic>
#include <cstring>
#include <thread>

#include "copy_fixture.h"

namespace copy_test {
namespace {

class ApiCopyTest : public ApiCopyFixture {
 protected:
  // Copies `size` bytes from src + src_off to dst + dst_off and waits.
  void copy(uint8_t* dst, hsa_agent_t dst_agent, const uint8_t* src, hsa_agent_t src_agent,
            size_t size) {
    hsa_signal_t done = signal(1);
    ASSERT_EQ(hsa_amd_memory_async_copy(dst, dst_agent, src, src_agent, size, 0, nullptr, done),
              HSA_STATUS_SUCCESS);
    ASSERT_TRUE(wait_zero(done));
  }
};

struct Case {
  size_t size;
  size_t src_off;
  size_t dst_off;
};

// Sizes from 1 byte to 1 MiB with pointers sharing their offset within 16
// bytes (vector path, with head and tail bytes when not 16-aligned), and
// differing by a multiple of 4 or by an odd amount (shifted-dword path).
const Case kCases[] = {
    {1, 0, 0},       {1, 7, 3},
    {3, 1, 1},       {15, 0, 0},
    {16, 0, 0},      {17, 1, 1},
    {33, 5, 21},     {100, 3, 0},
    {4096, 0, 0},    {4096, 1, 2},
    {4099, 13, 13},  {4097, 2, 9},
    {4096, 0, 8},    {65536 + 5, 0, 4},
    {1 << 20, 0, 0}, {(1 << 20) - 3, 1, 17},
    {1 << 20, 3, 0}, {(1 << 20) + 1, 14, 1},
};

TEST_F(ApiCopyTest, SystemToVramAndBackMatchesMemcpy) {
  constexpr size_t kBytes = (1 << 20) + 64;
  uint8_t* src = alloc(system_, kBytes);
  uint8_t* vram = alloc(vram_, kBytes);
  uint8_t* back = alloc(system_, kBytes);
  ASSERT_TRUE(src && vram && back);
  std::vector<uint8_t> expected(kBytes);
  uint32_t seed = 1;
  for (const Case& c : kCases) {
    SCOPED_TRACE("size " + std::to_string(c.size) + " src+" + std::to_string(c.src_off) + " dst+" +
                 std::to_string(c.dst_off));
    fill_pattern(src, kBytes, seed++);
    std::memset(back, 0xEE, kBytes);
    copy(vram + c.dst_off, gpu_, src + c.src_off, cpu_, c.size);
    // Back to system memory at the source's offset, so the bytes around the
    // copied range show any overrun of either copy.
    copy(back + c.src_off, cpu_, vram + c.dst_off, gpu_, c.size);
    std::memset(expected.data(), 0xEE, kBytes);
    std::memcpy(expected.data() + c.src_off, src + c.src_off, c.size);
    for (size_t i = 0; i < kBytes; ++i) ASSERT_EQ(back[i], expected[i]) << "byte " << i;
  }
}

TEST_F(ApiCopyTest, SystemToSystemLeavesNeighboursAlone) {
  constexpr size_t kBytes = 8192;
  uint8_t* src = alloc(system_, kBytes);
  uint8_t* dst = alloc(system_, kBytes);
  ASSERT_TRUE(src && dst);
  for (const Case& c : kCases) {
    if (c.size + 32 > kBytes) continue;
    SCOPED_TRACE("size " + std::to_string(c.size));
    fill_pattern(src, kBytes, static_cast<uint32_t>(c.size));
    std::memset(dst, 0x5A, kBytes);
    std::vector<uint8_t> expected(dst, dst + kBytes);
    std::memcpy(expected.data() + c.dst_off, src + c.src_off, c.size);
    copy(dst + c.dst_off, cpu_, src + c.src_off, cpu_, c.size);
    ASSERT_EQ(std::memcmp(dst, expected.data(), kBytes), 0);
  }
}

TEST_F(ApiCopyTest, VramToVram) {
  constexpr size_t kBytes = 4096 + 7;
  uint8_t* src = alloc(system_, kBytes);
  uint8_t* a = alloc(vram_, kBytes);
  uint8_t* b = alloc(vram_, kBytes);
  uint8_t* back = alloc(system_, kBytes);
  fill_pattern(src, kBytes, 99);
  copy(a, gpu_, src, cpu_, kBytes);
  copy(b + 1, gpu_, a, gpu_, kBytes - 1);
  copy(back, cpu_, b + 1, gpu_, kBytes - 1);
  ASSERT_EQ(std::memcmp(back, src, kBytes - 1), 0);
}

TEST_F(ApiCopyTest, SizeZeroCompletesAtOnce) {
  uint8_t* p = alloc(system_, 64);
  hsa_signal_t done = signal(3);
  ASSERT_EQ(hsa_amd_memory_async_copy(p, cpu_, p + 1, cpu_, 0, 0, nullptr, done),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_signal_load_scacquire(done), 2);  // decremented by exactly 1
}

TEST_F(ApiCopyTest, CompletionDecrementsByOne) {
  uint8_t* src = alloc(system_, 256);
  uint8_t* dst = alloc(system_, 256);
  fill_pattern(src, 256, 5);
  hsa_signal_t done = signal(2);
  ASSERT_EQ(hsa_amd_memory_async_copy(dst, cpu_, src, cpu_, 256, 0, nullptr, done),
            HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_signal_wait_scacquire(done, HSA_SIGNAL_CONDITION_LT, 2, 20000000000ull,
                                      HSA_WAIT_STATE_BLOCKED),
            1);
  EXPECT_EQ(std::memcmp(dst, src, 256), 0);
}

TEST_F(ApiCopyTest, WaitsForEveryDependency) {
  constexpr size_t kBytes = 4096;
  uint8_t* src = alloc(system_, kBytes);
  uint8_t* dst = alloc(system_, kBytes);
  fill_pattern(src, kBytes, 11);
  std::memset(dst, 0, kBytes);
  // Seven dependencies: fourteen polls on the SDMA ring (two barrier
  // packets ahead of the copy on the blit queue).
  std::vector<hsa_signal_t> deps;
  for (int i = 0; i < 7; ++i) deps.push_back(signal(1));
  hsa_signal_t done = signal(1);
  ASSERT_EQ(hsa_amd_memory_async_copy(dst, cpu_, src, cpu_, kBytes, 7, deps.data(), done),
            HSA_STATUS_SUCCESS);
  for (int i = 0; i < 7; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(i == 6 ? 50 : 5));
    EXPECT_EQ(hsa_signal_load_scacquire(done), 1) << "copied with " << 7 - i << " deps unset";
    EXPECT_EQ(dst[0], 0);
    EXPECT_EQ(dst[kBytes - 1], 0);
    hsa_signal_store_screlease(deps[i], 0);
  }
  ASSERT_TRUE(wait_zero(done));
  EXPECT_EQ(std::memcmp(dst, src, kBytes), 0);
}

TEST_F(ApiCopyTest, ManyThreadsCopyAtOnce) {
  constexpr int kThreads = 4;
  constexpr int kCopies = 24;  // per thread
  constexpr size_t kBytes = 1000;
  uint8_t* src = alloc(system_, kThreads * kCopies * kBytes);
  uint8_t* dst = alloc(system_, kThreads * kCopies * kBytes);
  ASSERT_TRUE(src && dst);
  fill_pattern(src, kThreads * kCopies * kBytes, 77);
  std::memset(dst, 0, kThreads * kCopies * kBytes);
  hsa_signal_t done = signal(kThreads * kCopies);
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kCopies; ++i) {
        const size_t off = (t * kCopies + i) * kBytes;
        if (hsa_amd_memory_async_copy(dst + off, cpu_, src + off, cpu_, kBytes, 0, nullptr, done) !=
            HSA_STATUS_SUCCESS)
          failures.fetch_add(1);
      }
    });
  }
  for (std::thread& t : threads) t.join();
  ASSERT_EQ(failures.load(), 0);
  ASSERT_TRUE(wait_zero(done));
  EXPECT_EQ(std::memcmp(dst, src, kThreads * kCopies * kBytes), 0);
}

// More copies in flight than the blit queue has slots (and many on the
// SDMA ring): each copy keeps its own arguments while queued.
TEST_F(ApiCopyTest, MoreCopiesThanQueueSlots) {
  constexpr int kCopies = 700;
  constexpr size_t kBytes = 37;  // odd: byte head and tail on every copy
  uint8_t* src = alloc(system_, kCopies * kBytes);
  uint8_t* dst = alloc(system_, kCopies * kBytes + 1);
  ASSERT_TRUE(src && dst);
  fill_pattern(src, kCopies * kBytes, 21);
  std::memset(dst, 0, kCopies * kBytes + 1);
  hsa_signal_t done = signal(kCopies);
  for (int i = 0; i < kCopies; ++i)
    ASSERT_EQ(hsa_amd_memory_async_copy(dst + 1 + i * kBytes, cpu_, src + i * kBytes, cpu_, kBytes,
                                        0, nullptr, done),
              HSA_STATUS_SUCCESS);
  ASSERT_TRUE(wait_zero(done));
  EXPECT_EQ(dst[0], 0);
  EXPECT_EQ(std::memcmp(dst + 1, src, kCopies * kBytes), 0);
}

TEST_F(ApiCopyTest, ErrorStatuses) {
  uint8_t* p = alloc(system_, 4096);
  hsa_signal_t done = signal(1);
  hsa_signal_t dep = signal(1);
  const hsa_agent_t bad_agent{0x1234};
  const hsa_signal_t bad_signal{0x5678};
  EXPECT_EQ(hsa_amd_memory_async_copy(nullptr, cpu_, p, cpu_, 8, 0, nullptr, done),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_memory_async_copy(p, cpu_, nullptr, cpu_, 8, 0, nullptr, done),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_memory_async_copy(p, cpu_, p + 8, cpu_, 8, 1, nullptr, done),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_memory_async_copy(p, cpu_, p + 8, cpu_, 8, 0, &dep, done),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_memory_async_copy(p, bad_agent, p + 8, cpu_, 8, 0, nullptr, done),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_amd_memory_async_copy(p, cpu_, p + 8, bad_agent, 8, 0, nullptr, done),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_amd_memory_async_copy(p, cpu_, p + 8, cpu_, 8, 0, nullptr, bad_signal),
            HSA_STATUS_ERROR_INVALID_SIGNAL);
  EXPECT_EQ(hsa_amd_memory_async_copy(p, cpu_, p + 8, cpu_, 8, 0, nullptr, hsa_signal_t{0}),
            HSA_STATUS_ERROR_INVALID_SIGNAL);
  EXPECT_EQ(hsa_amd_memory_async_copy(p, cpu_, p + 8, cpu_, 8, 1, &bad_signal, done),
            HSA_STATUS_ERROR_INVALID_SIGNAL);
  // Memory the GPU cannot reach: host stack and heap, and a range running
  // past the end of an allocation.
  uint8_t stack[64] = {};
  std::vector<uint8_t> heap(64);
  EXPECT_EQ(hsa_amd_memory_async_copy(stack, cpu_, p, cpu_, 8, 0, nullptr, done),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_memory_async_copy(p, cpu_, heap.data(), cpu_, 8, 0, nullptr, done),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_memory_async_copy(p + 4000, cpu_, p, cpu_, 200, 0, nullptr, done),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  // None of the failed calls touched the signal.
  EXPECT_EQ(hsa_signal_load_scacquire(done), 1);
}

TEST(ApiCopyNotInitialized, ReportsNotInitialized) {
  uint8_t b[8] = {};
  EXPECT_EQ(hsa_amd_memory_async_copy(b, hsa_agent_t{1}, b, hsa_agent_t{1}, 1, 0, nullptr,
                                      hsa_signal_t{1}),
            HSA_STATUS_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(hsa_amd_memory_fill(b, 0, 1), HSA_STATUS_ERROR_NOT_INITIALIZED);
}

}  // namespace
}  // namespace copy_test
