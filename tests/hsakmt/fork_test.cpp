// fork() after hsaKmtOpenKFD, as ROCm's thunk handles it: the child does
// not share the parent's KFD session (every call before its own open says
// KERNEL_IO_CHANNEL_NOT_OPENED), its hsaKmtOpenKFD opens a fresh one with
// its own GPU, and a child that never touches the thunk does no harm. The
// parent has a queue running on its GPU when it forks, so the child starts
// with a copy of a busy device whose threads it does not have.
//
// Children report through their exit status and leave with _exit, so no
// gtest or static state of the copied process runs in them (except the
// child that checks exit() itself).
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>

#include "thunk_fixture.h"

namespace {

// The process that runs the tests; any other is a forked child.
const pid_t kTestProcess = getpid();

}  // namespace

// LeakSanitizer asks this at its exit check. A child that exits with
// exit() leaves the parent's in-process virtual GPU behind on purpose (its
// threads, whose stacks held some of its pointers, exist only in the
// parent), so the check is for the test process only.
extern "C" int __lsan_is_turned_off() { return getpid() != kTestProcess; }

namespace {

using hsakmt_test::AqlQueue;
using hsakmt_test::GpuCodeObject;
using hsakmt_test::Kernargs;
using hsakmt_test::Signal;

std::string VectorAddPath() { return std::string(KERNEL_DIR) + "/vector_add.O3.co"; }

// c = a + b for n floats on a new queue of `node`; 0 when the result is
// right, otherwise a small number saying which step failed.
int VectorAdd(uint32_t node, uint32_t n, float seed) {
  GpuCodeObject code;
  std::string error;
  if (!code.load(VectorAddPath(), &error)) return 20;
  AqlQueue q(node);
  if (q.status() != HSAKMT_STATUS_SUCCESS) return 21;
  float* a = hsakmt_test::alloc_array<float>(n);
  float* b = hsakmt_test::alloc_array<float>(n);
  float* c = hsakmt_test::alloc_array<float>(n);
  if (!a || !b || !c) return 22;
  for (uint32_t i = 0; i < n; ++i) {
    a[i] = seed + static_cast<float>(i);
    b[i] = 2.0f * static_cast<float>(i);
    c[i] = -1.0f;
  }
  Kernargs args;
  args.ptr(a).ptr(b).ptr(c).add(n);
  Signal done(true);
  if (!done.ok()) return 23;
  const uint32_t grid[3] = {n, 1, 1};
  const uint16_t group[3] = {64, 1, 1};
  auto pkt = AqlQueue::dispatch(code.kernel_object("vector_add"), grid, group, 1, args.place(),
                                done.address());
  q.submit(&pkt);
  if (!done.wait_zero(20000)) return 24;
  for (uint32_t i = 0; i < n; ++i)
    if (c[i] != a[i] + b[i]) return 25;
  hsakmt_test::free_system(a, n * 4);
  hsakmt_test::free_system(b, n * 4);
  hsakmt_test::free_system(c, n * 4);
  return 0;
}

// The child's exit status, or -1 when it was killed or did not finish in
// time (a child blocked on the parent's copied state is killed, not left
// to hang the test).
int WaitChild(pid_t pid) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(40);
  int status = 0;
  while (waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      return -1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

class ForkTest : public ThunkTest {
 protected:
  void SetUp() override {
    ThunkTest::SetUp();
    // A queue and a finished dispatch: the parent's GPU has running threads
    // and the thunk has memory, events and a doorbell page to copy.
    busy_ = std::make_unique<AqlQueue>(gpu());
    ASSERT_EQ(busy_->status(), HSAKMT_STATUS_SUCCESS);
    ASSERT_EQ(VectorAdd(gpu(), 128, 3.0f), 0);
  }
  void TearDown() override {
    // The parent's session is untouched by whatever the child did.
    EXPECT_EQ(VectorAdd(gpu(), 256, 5.0f), 0);
    busy_.reset();
    ThunkTest::TearDown();
  }

  std::unique_ptr<AqlQueue> busy_;
};

TEST_F(ForkTest, ChildOpensItsOwnKfdAndDispatches) {
  const uint32_t node = gpu();
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    HsaVersionInfo v{};
    if (hsaKmtGetVersion(&v) != HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED) _exit(10);
    if (hsaKmtOpenKFD() != HSAKMT_STATUS_SUCCESS) _exit(11);
    if (hsaKmtGetVersion(&v) != HSAKMT_STATUS_SUCCESS) _exit(12);
    const int r = VectorAdd(node, 1000, 1.0f);
    if (r) _exit(r);
    if (hsaKmtCloseKFD() != HSAKMT_STATUS_SUCCESS) _exit(13);
    _exit(0);
  }
  EXPECT_EQ(WaitChild(pid), 0);
}

TEST_F(ForkTest, ChildThatNeverUsesTheThunkExitsCleanly) {
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) std::exit(0);  // static destructors and atexit handlers run
  EXPECT_EQ(WaitChild(pid), 0);
}

TEST_F(ForkTest, ChildCallsBeforeItsOwnOpenReportTheClosedChannel) {
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    // The parent's session is not the child's to use: its calls report the
    // closed channel.
    HsaVersionInfo v{};
    if (hsaKmtGetVersion(&v) != HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED) _exit(11);
    void* p = nullptr;
    if (hsaKmtAllocMemory(0, 4096, HsaMemFlags{}, &p) != HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED)
      _exit(12);
    // As with ROCm's thunk, a close counts down the opens the child
    // inherited (SUCCESS each), then reports the closed channel; the
    // parent's session is untouched (the parent checks below).
    if (hsaKmtCloseKFD() != HSAKMT_STATUS_SUCCESS) _exit(10);
    int closes = 1;
    HSAKMT_STATUS s;
    while ((s = hsaKmtCloseKFD()) == HSAKMT_STATUS_SUCCESS && closes < 16) ++closes;
    if (s != HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED) _exit(16);
    if (hsaKmtGetVersion(&v) != HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED) _exit(17);
    // Opening and closing a session of its own still works.
    if (hsaKmtOpenKFD() != HSAKMT_STATUS_SUCCESS) _exit(13);
    if (hsaKmtCloseKFD() != HSAKMT_STATUS_SUCCESS) _exit(14);
    if (hsaKmtCloseKFD() != HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED) _exit(15);
    _exit(0);
  }
  EXPECT_EQ(WaitChild(pid), 0);
  HsaVersionInfo v{};
  EXPECT_EQ(hsaKmtGetVersion(&v), HSAKMT_STATUS_SUCCESS);  // the parent's session goes on
  EXPECT_EQ(VectorAdd(gpu(), 256, 2.0f), 0);
}

}  // namespace
