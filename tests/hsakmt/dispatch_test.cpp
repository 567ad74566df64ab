// AQL dispatches through the thunk: clang-14 gfx900 kernels on the virtual
// GPU, completion signals with KFD events, registered user memory through
// its GPU address, two queues at once, a faulting kernel that errors only
// its own queue, and destroying a busy queue.
#include <string>
#include <thread>
#include <vector>

#include "thunk_fixture.h"

namespace {

using hsakmt_test::AqlQueue;
using hsakmt_test::GpuCodeObject;
using hsakmt_test::Kernargs;
using hsakmt_test::Signal;

std::string KernelPath(const char* name) { return std::string(KERNEL_DIR) + "/" + name + ".O3.co"; }

class DispatchTest : public ThunkTest {
 protected:
  void SetUp() override {
    ThunkTest::SetUp();
    std::string error;
    ASSERT_TRUE(vector_add_.load(KernelPath("vector_add"), &error)) << error;
  }

  // Runs c = a + b for n floats on q and checks the result on the CPU.
  void RunVectorAdd(AqlQueue& q, uint32_t n, float seed) {
    float* a = hsakmt_test::alloc_array<float>(n);
    float* b = hsakmt_test::alloc_array<float>(n);
    float* c = hsakmt_test::alloc_array<float>(n);
    ASSERT_TRUE(a && b && c);
    for (uint32_t i = 0; i < n; ++i) {
      a[i] = seed + static_cast<float>(i);
      b[i] = 0.5f * static_cast<float>(i);
      c[i] = -1.0f;
    }
    Kernargs args;
    args.ptr(a).ptr(b).ptr(c).add(n);
    Signal done(true);
    ASSERT_TRUE(done.ok());
    const uint32_t grid[3] = {n, 1, 1};
    const uint16_t group[3] = {64, 1, 1};
    auto pkt = AqlQueue::dispatch(vector_add_.kernel_object("vector_add"), grid, group, 1,
                                  args.place(), done.address());
    q.submit(&pkt);
    ASSERT_TRUE(done.wait_zero(20000)) << "the completion signal never reached 0";
    for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(c[i], a[i] + b[i]) << "element " << i;
    hsakmt_test::free_system(a, n * 4);
    hsakmt_test::free_system(b, n * 4);
    hsakmt_test::free_system(c, n * 4);
  }

  GpuCodeObject vector_add_;
};

TEST_F(DispatchTest, VectorAddCompletesWithItsSignalAndEvent) {
  AqlQueue q(gpu());
  ASSERT_EQ(q.status(), HSAKMT_STATUS_SUCCESS);
  RunVectorAdd(q, 1000, 1.0f);  // a partial last workgroup
  EXPECT_EQ(q.read_index(), 1u) << "the CP consumed exactly one packet";
}

TEST_F(DispatchTest, ResultLandsInVram) {
  AqlQueue q(gpu());
  ASSERT_EQ(q.status(), HSAKMT_STATUS_SUCCESS);
  const uint32_t n = 256;
  HsaMemFlags vram{};
  vram.ui32.HostAccess = 1;
  void* c = nullptr;
  ASSERT_EQ(hsaKmtAllocMemory(gpu(), 4096, vram, &c), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(hsaKmtMapMemoryToGPU(c, 4096, nullptr), HSAKMT_STATUS_SUCCESS);
  float* a = hsakmt_test::alloc_array<float>(n);
  for (uint32_t i = 0; i < n; ++i) a[i] = static_cast<float>(i) * 3.0f;
  Kernargs args;
  args.ptr(a).ptr(a).ptr(c).add(n);
  Signal done;
  const uint32_t grid[3] = {n, 1, 1};
  const uint16_t group[3] = {128, 1, 1};
  auto pkt = AqlQueue::dispatch(vector_add_.kernel_object("vector_add"), grid, group, 1,
                                args.place(), done.address());
  q.submit(&pkt);
  ASSERT_TRUE(done.wait_zero(20000));
  for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(static_cast<float*>(c)[i], 6.0f * i);
  EXPECT_EQ(hsaKmtFreeMemory(c, 4096), HSAKMT_STATUS_SUCCESS);
  hsakmt_test::free_system(a, n * 4);
}

// Registered user memory is reached through the GPU address the map
// returned (ROCm's thunk on a dGPU): the kernel's writes there land in the
// user's own pages.
TEST_F(DispatchTest, RegisteredUserMemoryThroughItsGpuAddress) {
  AqlQueue q(gpu());
  ASSERT_EQ(q.status(), HSAKMT_STATUS_SUCCESS);
  const uint32_t n = 1000;
  std::vector<float> user(n + 8, -1.0f);
  float* c = user.data() + 3;  // not page aligned
  ASSERT_EQ(hsaKmtRegisterMemory(c, n * 4), HSAKMT_STATUS_SUCCESS);
  HSAuint64 c_gpu = 0;
  ASSERT_EQ(hsaKmtMapMemoryToGPU(c, n * 4, &c_gpu), HSAKMT_STATUS_SUCCESS);
  ASSERT_NE(c_gpu, reinterpret_cast<uintptr_t>(c));
  float* a = hsakmt_test::alloc_array<float>(n);
  ASSERT_NE(a, nullptr);
  for (uint32_t i = 0; i < n; ++i) a[i] = static_cast<float>(i) + 0.25f;
  Kernargs args;
  args.ptr(a).ptr(a).add(c_gpu).add(n);
  Signal done;
  const uint32_t grid[3] = {n, 1, 1};
  const uint16_t group[3] = {64, 1, 1};
  auto pkt = AqlQueue::dispatch(vector_add_.kernel_object("vector_add"), grid, group, 1,
                                args.place(), done.address());
  q.submit(&pkt);
  ASSERT_TRUE(done.wait_zero(20000));
  for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(c[i], 2 * a[i]) << "element " << i;
  EXPECT_EQ(user[2], -1.0f) << "nothing before the range";
  EXPECT_EQ(user[n + 3], -1.0f) << "nothing after the range";
  EXPECT_EQ(hsaKmtUnmapMemoryToGPU(c), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtDeregisterMemory(c), HSAKMT_STATUS_SUCCESS);
  hsakmt_test::free_system(a, n * 4);
}

TEST_F(DispatchTest, TwoQueuesWorkConcurrently) {
  AqlQueue q1(gpu()), q2(gpu());
  ASSERT_EQ(q1.status(), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(q2.status(), HSAKMT_STATUS_SUCCESS);
  auto work = [this](AqlQueue* q, float seed) {
    for (int i = 0; i < 20; ++i) RunVectorAdd(*q, 512, seed + static_cast<float>(i));
  };
  std::thread t1(work, &q1, 0.0f), t2(work, &q2, 1000.0f);
  t1.join();
  t2.join();
  EXPECT_EQ(q1.read_index(), 20u);
  EXPECT_EQ(q2.read_index(), 20u);
}

TEST_F(DispatchTest, FaultingKernelErrorsItsQueueOnly) {
  GpuCodeObject fault;
  std::string error;
  ASSERT_TRUE(fault.load(KernelPath("fault_store"), &error)) << error;
  HsaEventDescriptor d{};
  d.EventType = HSA_EVENTTYPE_MEMORY;
  d.NodeId = gpu();
  HsaEvent* memory_event = nullptr;
  ASSERT_EQ(hsaKmtCreateEvent(&d, false, false, &memory_event), HSAKMT_STATUS_SUCCESS);

  AqlQueue bad(gpu()), good(gpu());
  ASSERT_EQ(bad.status(), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(good.status(), HSAKMT_STATUS_SUCCESS);
  const uint64_t unmapped = 0x7000DEAD0000ull;
  Kernargs args;
  args.add(unmapped);
  Signal never;
  const uint32_t grid[3] = {64, 1, 1};
  const uint16_t group[3] = {64, 1, 1};
  auto pkt = AqlQueue::dispatch(fault.kernel_object("fault_store"), grid, group, 1, args.place(),
                                never.address());
  bad.submit(&pkt);

  ASSERT_EQ(hsaKmtWaitOnEvent(memory_event, 20000), HSAKMT_STATUS_SUCCESS)
      << "a GPU page fault raises the process's memory events";
  const HsaMemoryAccessFault& f = memory_event->EventData.EventData.MemoryAccessFault;
  EXPECT_EQ(f.VirtualAddress & ~0xfffull, unmapped & ~0xfffull);
  EXPECT_EQ(f.NodeId, gpu());
  EXPECT_EQ(never.value(), 1) << "a faulted dispatch does not complete";

  // The other queue and the process carry on.
  RunVectorAdd(good, 300, 7.0f);
  EXPECT_EQ(hsaKmtDestroyEvent(memory_event), HSAKMT_STATUS_SUCCESS);
}

TEST_F(DispatchTest, DestroyingABusyQueueIsSafe) {
  AqlQueue* q = new AqlQueue(gpu());
  ASSERT_EQ(q->status(), HSAKMT_STATUS_SUCCESS);
  // A large grid keeps the engine busy while the queue goes away.
  const uint32_t n = 1u << 22;
  float* buf = hsakmt_test::alloc_array<float>(n);
  ASSERT_NE(buf, nullptr);
  Kernargs args;
  args.ptr(buf).ptr(buf).ptr(buf).add(n);
  Signal done;
  const uint32_t grid[3] = {n, 1, 1};
  const uint16_t group[3] = {256, 1, 1};
  auto pkt = AqlQueue::dispatch(vector_add_.kernel_object("vector_add"), grid, group, 1,
                                args.place(), done.address());
  for (int i = 0; i < 4; ++i) q->submit(&pkt);
  delete q;  // destroys the queue with packets in flight
  hsakmt_test::free_system(buf, size_t{n} * 4);

  AqlQueue next(gpu());
  ASSERT_EQ(next.status(), HSAKMT_STATUS_SUCCESS);
  RunVectorAdd(next, 128, 3.0f);
}

}  // namespace
