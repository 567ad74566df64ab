// A signal made by hsa_signal_create completes a GPU dispatch: it is the
// AQL packet's completion_signal on a thunk queue, the command processor
// decrements it and raises its KFD event, and a BLOCKED scacquire wait
// wakes up and sees the kernel's results.
#include <string>

#include "signal_fixture.h"
#include "thunk_gpu.h"

namespace {

using api_signals_test::ApiSignalTest;
using api_signals_test::kMs;

TEST_F(ApiSignalTest, GpuCompletionWakesBlockedWait) {
  const int node = hsakmt_test::first_gpu_node();
  ASSERT_GE(node, 0);
  hsakmt_test::GpuCodeObject code;
  std::string error;
  ASSERT_TRUE(code.load(std::string(KERNEL_DIR) + "/vector_add.O3.co", &error)) << error;
  const uint64_t kernel = code.kernel_object("vector_add");
  ASSERT_NE(kernel, 0u);

  const uint32_t n = 300;
  float* a = hsakmt_test::alloc_array<float>(n);
  float* b = hsakmt_test::alloc_array<float>(n);
  float* c = hsakmt_test::alloc_array<float>(n);
  ASSERT_TRUE(a && b && c);
  for (uint32_t i = 0; i < n; ++i) {
    a[i] = static_cast<float>(i);
    b[i] = 2.0f * static_cast<float>(i) + 1.0f;
    c[i] = -1.0f;
  }

  hsa_signal_t done{0};
  ASSERT_EQ(hsa_signal_create(1, 1, &cpu_, &done), HSA_STATUS_SUCCESS);
  {
    hsakmt_test::AqlQueue queue(static_cast<uint32_t>(node));
    ASSERT_EQ(queue.status(), HSAKMT_STATUS_SUCCESS);
    hsakmt_test::Kernargs args;
    args.ptr(a).ptr(b).ptr(c).add(n);
    const uint32_t grid[3] = {n, 1, 1};
    const uint16_t group[3] = {64, 1, 1};
    auto packet =
        hsakmt_test::AqlQueue::dispatch(kernel, grid, group, 1, args.place(), done.handle);
    queue.submit(&packet);
    EXPECT_EQ(hsa_signal_wait_scacquire(done, HSA_SIGNAL_CONDITION_EQ, 0, 30000 * kMs,
                                        HSA_WAIT_STATE_BLOCKED),
              0)
        << "the completion signal never reached 0";
    EXPECT_EQ(hsa_signal_load_relaxed(done), 0);
    for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(c[i], a[i] + b[i]) << "element " << i;
  }
  EXPECT_EQ(hsa_signal_destroy(done), HSA_STATUS_SUCCESS);
  hsakmt_test::free_system(a, 4096);
  hsakmt_test::free_system(b, 4096);
  hsakmt_test::free_system(c, 4096);
}

}  // namespace
