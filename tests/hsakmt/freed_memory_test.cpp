// Memory freed under running work (issue 22, item 13): the host unmaps and
// frees buffers while a kernel or an SDMA copy still uses them. The GPU
// must fault that queue (a VM fault, as for any unmapped page: the queue
// errors and the memory exception event is raised) or have finished
// first; the host process must never crash, and a new queue works after.
#include <chrono>
#include <cstring>
#include <thread>

#include "../sdma/sdma_builder.h"
#include "thunk_fixture.h"

namespace {

using hsakmt_test::AqlQueue;
using hsakmt_test::GpuCodeObject;
using hsakmt_test::Kernargs;
using hsakmt_test::Signal;

std::string KernelPath(const char* name) { return std::string(KERNEL_DIR) + "/" + name + ".O3.co"; }

class FreedMemoryTest : public ThunkTest {
 protected:
  void SetUp() override {
    ThunkTest::SetUp();
    HsaEventDescriptor d{};
    d.EventType = HSA_EVENTTYPE_MEMORY;
    d.NodeId = gpu();
    ASSERT_EQ(hsaKmtCreateEvent(&d, false, false, &memory_event_), HSAKMT_STATUS_SUCCESS);
  }
  void TearDown() override {
    EXPECT_EQ(hsaKmtDestroyEvent(memory_event_), HSAKMT_STATUS_SUCCESS);
    ThunkTest::TearDown();
  }

  // Waits until done() holds or the memory event fires: 1 done, 2 fault,
  // 0 neither within 20 s.
  template <class Done>
  int outcome(Done done) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (std::chrono::steady_clock::now() < deadline) {
      if (done()) return 1;
      if (hsaKmtWaitOnEvent(memory_event_, 1) == HSAKMT_STATUS_SUCCESS) return 2;
    }
    return 0;
  }

  HsaEvent* memory_event_ = nullptr;
};

TEST_F(FreedMemoryTest, BuffersFreedUnderARunningKernelFaultItsQueue) {
  GpuCodeObject code;
  std::string error;
  ASSERT_TRUE(code.load(KernelPath("vector_add"), &error)) << error;
  const uint32_t n = 1u << 18;
  const size_t bytes = size_t{n} * 4;
  int faults = 0, completions = 0;
  for (int round = 0; round < 24; ++round) {
    AqlQueue q(gpu());
    ASSERT_EQ(q.status(), HSAKMT_STATUS_SUCCESS);
    float* a = hsakmt_test::alloc_array<float>(n);
    float* b = hsakmt_test::alloc_array<float>(n);
    float* c = hsakmt_test::alloc_array<float>(n);
    ASSERT_TRUE(a && b && c);
    Kernargs args;
    args.ptr(a).ptr(b).ptr(c).add(n);
    Signal done;
    const uint32_t grid[3] = {n, 1, 1};
    const uint16_t group[3] = {64, 1, 1};
    auto pkt = AqlQueue::dispatch(code.kernel_object("vector_add"), grid, group, 1, args.place(),
                                  done.address());
    // Several dispatches back to back keep the engine busy across the free.
    for (int k = 0; k < 4; ++k) q.submit(&pkt);
    std::this_thread::sleep_for(std::chrono::microseconds(500 * (round % 8)));
    hsakmt_test::free_system(a, bytes);
    hsakmt_test::free_system(b, bytes);
    hsakmt_test::free_system(c, bytes);
    const int r = outcome([&] { return done.value() <= -3; });
    ASSERT_NE(r, 0) << "round " << round << ": neither completed nor faulted";
    (r == 1 ? completions : faults)++;
  }
  RecordProperty("faults", faults);
  RecordProperty("completions", completions);
  EXPECT_GT(faults, 0) << "some rounds freed the buffers under the kernel";

  AqlQueue next(gpu());
  ASSERT_EQ(next.status(), HSAKMT_STATUS_SUCCESS);
  const uint32_t m = 256;
  float* a = hsakmt_test::alloc_array<float>(m);
  float* c = hsakmt_test::alloc_array<float>(m);
  for (uint32_t i = 0; i < m; ++i) a[i] = static_cast<float>(i);
  Kernargs args;
  args.ptr(a).ptr(a).ptr(c).add(m);
  Signal done;
  const uint32_t grid[3] = {m, 1, 1};
  const uint16_t group[3] = {64, 1, 1};
  auto pkt = AqlQueue::dispatch(code.kernel_object("vector_add"), grid, group, 1, args.place(),
                                done.address());
  next.submit(&pkt);
  ASSERT_TRUE(done.wait_zero(20000));
  for (uint32_t i = 0; i < m; ++i) ASSERT_EQ(c[i], 2.0f * static_cast<float>(i));
  hsakmt_test::free_system(a, m * 4);
  hsakmt_test::free_system(c, m * 4);
}

// An SDMA queue as ROCr drives it: packets in the ring, then the write
// pointer and the doorbell.
class Sdma {
 public:
  explicit Sdma(uint32_t node) : ring_(hsakmt_test::alloc_array<uint32_t>(kRingBytes / 4)) {
    status_ = hsaKmtCreateQueue(node, HSA_QUEUE_SDMA, 100, HSA_QUEUE_PRIORITY_MAXIMUM, ring_,
                                kRingBytes, nullptr, &r_);
  }
  ~Sdma() {
    if (status_ == HSAKMT_STATUS_SUCCESS) hsaKmtDestroyQueue(r_.QueueId);
    hsakmt_test::free_system(ring_, kRingBytes);
  }
  HSAKMT_STATUS status() const { return status_; }
  void submit(const sdma_test::Stream& s) {
    const auto& d = s.dwords();
    for (size_t i = 0; i < d.size(); ++i) ring_[(wptr_ / 4 + i) % (kRingBytes / 4)] = d[i];
    wptr_ += s.bytes();
    __atomic_store_n(r_.Queue_write_ptr_aql, wptr_, __ATOMIC_RELEASE);
    __atomic_store_n(r_.Queue_DoorBell_aql, wptr_, __ATOMIC_RELEASE);
  }
  bool drained() const { return __atomic_load_n(r_.Queue_read_ptr_aql, __ATOMIC_ACQUIRE) == wptr_; }

 private:
  static constexpr size_t kRingBytes = 64 * 1024;
  uint32_t* ring_;
  HsaQueueResource r_{};
  HSAKMT_STATUS status_ = HSAKMT_STATUS_ERROR;
  uint64_t wptr_ = 0;
};

uint64_t va(const void* p) { return reinterpret_cast<uintptr_t>(p); }

TEST_F(FreedMemoryTest, BuffersFreedUnderAnSdmaCopyFaultItsQueue) {
  const size_t bytes = 4u << 20;
  int faults = 0;
  for (int round = 0; round < 24; ++round) {
    Sdma q(gpu());
    ASSERT_EQ(q.status(), HSAKMT_STATUS_SUCCESS);
    auto* src = hsakmt_test::alloc_array<uint8_t>(bytes);
    auto* dst = hsakmt_test::alloc_array<uint8_t>(bytes);
    ASSERT_TRUE(src && dst);
    sdma_test::Stream s;
    for (int k = 0; k < 64; ++k) s.copy(va(dst), va(src), static_cast<uint32_t>(bytes));
    q.submit(s);
    std::this_thread::sleep_for(std::chrono::microseconds(300 * (round % 8)));
    hsakmt_test::free_system(src, bytes);
    hsakmt_test::free_system(dst, bytes);
    const int r = outcome([&] { return q.drained(); });
    ASSERT_NE(r, 0) << "round " << round << ": neither drained nor faulted";
    faults += r == 2;
  }
  RecordProperty("faults", faults);
  EXPECT_GT(faults, 0) << "some rounds freed the buffers under the copies";

  Sdma next(gpu());
  ASSERT_EQ(next.status(), HSAKMT_STATUS_SUCCESS);
  auto* m = hsakmt_test::alloc_array<uint32_t>(1024);
  sdma_test::Stream t;
  t.fence(va(&m[1]), 2);
  next.submit(t);
  ASSERT_TRUE(outcome([&] { return next.drained(); }) == 1);
  EXPECT_EQ(m[1], 2u);
  hsakmt_test::free_system(m, 4096);
}

}  // namespace
