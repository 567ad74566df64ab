// The GPU path: an AQL dispatch whose completion_signal is one of our
// interrupt signals. The command processor decrements it and raises its
// event through the mailbox; a blocking wait (expectancy LONG) returns.
#include <string>
#include <thread>

#include "signal_fixture.h"
#include "signals/timestamp.h"
#include "thunk_gpu.h"

namespace {

using hsakmt_test::AqlQueue;
using hsakmt_test::GpuCodeObject;
using hsakmt_test::Kernargs;
using hsart::MemoryOrder;
using hsart::Signal;
using hsart::WaitCondition;
using hsart::WaitExpectancy;

constexpr uint64_t kMs = hsart::kTimestampFrequencyHz / 1000;

TEST_F(SignalTest, CommandProcessorCompletesABlockingWait) {
  const int node = hsakmt_test::first_gpu_node();
  ASSERT_GE(node, 0) << "the topology has no GPU node";
  GpuCodeObject code;
  std::string error;
  ASSERT_TRUE(code.load(std::string(KERNEL_DIR) + "/vector_add.O3.co", &error)) << error;
  AqlQueue queue(static_cast<uint32_t>(node));
  ASSERT_EQ(queue.status(), HSAKMT_STATUS_SUCCESS);

  constexpr uint32_t n = 512;
  float* a = hsakmt_test::alloc_array<float>(n);
  float* c = hsakmt_test::alloc_array<float>(n);
  ASSERT_TRUE(a && c);
  for (uint32_t i = 0; i < n; ++i) {
    a[i] = 0.25f * static_cast<float>(i);
    c[i] = -1.0f;
  }
  Kernargs args;
  args.ptr(a).ptr(a).ptr(c).add(n);

  const uint32_t grid[3] = {n, 1, 1};
  const uint16_t group[3] = {64, 1, 1};
  const void* kernargs = args.place();
  ASSERT_NE(kernargs, nullptr);
  const uint64_t kernel = code.kernel_object("vector_add");
  ASSERT_NE(kernel, 0u);

  // Two dispatches on one signal, submitted while the waiter is already
  // blocked: the CP decrements it by one each time.
  Signal* done = Make(2, true);
  ASSERT_NE(done, nullptr);
  int64_t seen = -1;
  std::thread waiter([&] {
    seen = done->wait(WaitCondition::kEq, 0, 30000 * kMs, WaitExpectancy::kLong,
                      MemoryOrder::kAcquire);
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  EXPECT_EQ(done->load(MemoryOrder::kRelaxed), 2) << "nothing ran yet";
  for (int i = 0; i < 2; ++i) {
    auto pkt = AqlQueue::dispatch(kernel, grid, group, 1, kernargs, done->handle());
    queue.submit(&pkt);
  }
  waiter.join();
  ASSERT_EQ(seen, 0) << "the completion signal never reached 0";
  EXPECT_EQ(done->load(MemoryOrder::kRelaxed), 0);
  EXPECT_EQ(queue.read_index(), 2u);
  // The acquiring wait makes the kernel's results visible.
  for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(c[i], a[i] + a[i]) << "element " << i;

  // The CP itself raises the signal's KFD event through the mailbox and
  // event id our amd_signal_t names (no host store involved).
  Signal* raw = Make(1, true);
  ASSERT_NE(raw, nullptr);
  auto pkt = AqlQueue::dispatch(kernel, grid, group, 1, kernargs, raw->handle());
  queue.submit(&pkt);
  EXPECT_EQ(hsaKmtWaitOnEvent(raw->event(), 30000), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(raw->load(MemoryOrder::kAcquire), 0);

  hsakmt_test::free_system(a, n * sizeof(float));
  hsakmt_test::free_system(c, n * sizeof(float));
}

}  // namespace
