// Forward progress: every resident workgroup keeps running, as the
// hardware's wave scheduler keeps every resident wave issuing. Kernels whose
// groups wait on each other through memory must complete whatever the
// number of host threads, including a single one.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "snippet_runner.h"

namespace {

using gcn_test::SnippetRunner;

// A kernel that cannot complete without forward progress would hang the
// test: the watchdog cancels it (DispatchRequest::cancel) instead.
gcn::DispatchResult run_with_watchdog(SnippetRunner& r,
                                      const std::function<gcn::DispatchResult()>& run) {
  std::atomic<bool> cancel{false};
  std::mutex mu;
  std::condition_variable cv;
  bool finished = false;
  r.cancel = &cancel;
  std::thread watchdog([&] {
    std::unique_lock<std::mutex> lock(mu);
    if (!cv.wait_for(lock, std::chrono::seconds(20), [&] { return finished; })) cancel.store(true);
  });
  gcn::DispatchResult res = run();
  {
    std::lock_guard<std::mutex> lock(mu);
    finished = true;
  }
  cv.notify_all();
  watchdog.join();
  r.cancel = nullptr;
  return res;
}

// Groups 0..spinners-1 poll flags[0] until the last group (255) sets it,
// then write 2 to flags[1 + group]. sleep: the poll loop has s_sleep.
std::string spin_on_last_group(unsigned spinners, bool sleep) {
  return std::string(R"(
s_load_dwordx2 s[4:5], s[0:1], 0x0
s_waitcnt lgkmcnt(0)
v_mov_b32 v1, 0
s_cmp_lt_u32 s2, )") +
         std::to_string(spinners) + R"(
s_cbranch_scc1 wait
s_cmpk_eq_u32 s2, 255
s_cbranch_scc0 done
v_mov_b32 v2, 1
global_store_dword v1, v2, s[4:5]
s_branch done
wait:
global_load_dword v2, v1, s[4:5] glc
s_waitcnt vmcnt(0)
)" + (sleep ? "s_sleep 1\n" : "") +
         R"(v_cmp_eq_u32 vcc, 0, v2
s_cbranch_vccnz wait
s_lshl_b32 s6, s2, 2
v_mov_b32 v3, s6
v_mov_b32 v2, 2
global_store_dword v3, v2, s[4:5] offset:4
done:
s_endpgm
)";
}

void expect_spinners_released(unsigned threads, unsigned spinners, bool sleep) {
  SnippetRunner r(threads);
  auto* flags = r.alloc<uint32_t>(1 + 256);
  auto res = run_with_watchdog(r, [&] {
    return r.run(spin_on_last_group(spinners, sleep), 256 * 64, 64,
                 {reinterpret_cast<uintptr_t>(flags)});
  });
  ASSERT_TRUE(res.ok) << res.error;
  EXPECT_EQ(flags[0], 1u);
  for (unsigned g = 0; g < spinners; ++g) EXPECT_EQ(flags[1 + g], 2u) << "group " << g;
  EXPECT_EQ(res.waves, 256u);
}

TEST(ForwardProgress, GroupSpinningOnTheLastGroupCompletesOnOneThread) {
  expect_spinners_released(1, 1, false);
}

TEST(ForwardProgress, GroupsSpinningOnTheLastGroupCompleteOnTwoThreads) {
  expect_spinners_released(2, 2, false);
}

TEST(ForwardProgress, SleepingPollersCompleteOnOneThread) { expect_spinners_released(1, 3, true); }

// Two single-lane groups take turns: group g increments the counter when it
// is even (g = 0) or odd (g = 1), until 200. Each waits for the other.
const char* kPingPong = R"(
s_load_dwordx2 s[4:5], s[0:1], 0x0
s_waitcnt lgkmcnt(0)
v_mov_b32 v1, 0
loop:
global_load_dword v2, v1, s[4:5] glc
s_waitcnt vmcnt(0)
v_readfirstlane_b32 s6, v2
s_cmpk_ge_u32 s6, 200
s_cbranch_scc1 done
s_and_b32 s7, s6, 1
s_cmp_eq_u32 s7, s2
s_cbranch_scc0 loop
s_add_u32 s6, s6, 1
v_mov_b32 v2, s6
global_store_dword v1, v2, s[4:5]
s_branch loop
done:
s_endpgm
)";

TEST(ForwardProgress, ProducerAndConsumerTakeTurnsOnOneThread) {
  SnippetRunner r(1);
  auto* counter = r.alloc<uint32_t>(1);
  auto res = run_with_watchdog(
      r, [&] { return r.run(kPingPong, 2, 1, {reinterpret_cast<uintptr_t>(counter)}); });
  ASSERT_TRUE(res.ok) << res.error;
  EXPECT_EQ(*counter, 200u);
}

// A software global barrier: each of 96 groups of 2 waves adds one, then
// every wave polls until all have arrived. It needs all 96 groups resident
// at once (a Vega 10 holds them: 64 CUs).
TEST(ForwardProgress, GlobalBarrierOfManyGroupsCompletesOnOneThread) {
  SnippetRunner r(1);
  auto* counter = r.alloc<uint32_t>(2);
  auto res = run_with_watchdog(r, [&] {
    return r.run(R"(
s_load_dwordx2 s[4:5], s[0:1], 0x0
s_waitcnt lgkmcnt(0)
v_mov_b32 v1, 0
v_mov_b32 v2, 1
s_mov_b64 s[6:7], exec
s_mov_b64 exec, 1
global_atomic_add v1, v2, s[4:5]
s_mov_b64 exec, s[6:7]
wait:
s_sleep 1
global_load_dword v3, v1, s[4:5] glc
s_waitcnt vmcnt(0)
v_cmp_gt_u32 vcc, 0xc0, v3
s_cbranch_vccnz wait
s_mov_b64 exec, 1
global_atomic_add v1, v2, s[4:5] offset:4
s_endpgm
)",
                 96 * 128, 128, {reinterpret_cast<uintptr_t>(counter)});
  });
  ASSERT_TRUE(res.ok) << res.error;
  EXPECT_EQ(counter[0], 192u);
  EXPECT_EQ(counter[1], 192u);
}

// Each wave stores its group id in its private memory, sleeps (so the
// thread admits and interleaves more groups) and reads it back: resident
// groups never share scratch slots. out[global id] = the value read back.
TEST(ForwardProgress, InterleavedGroupsHaveScratchSlotsOfTheirOwn) {
  SnippetRunner r(1);
  const uint32_t groups = 64;
  auto* out = r.alloc<uint32_t>(groups * 64);
  auto res = run_with_watchdog(r, [&] {
    return r.run(R"(
s_load_dwordx2 s[4:5], s[0:1], 0x0
s_mov_b32 s9, src_private_base
v_mov_b32 v2, 0
v_mov_b32 v3, s9
v_mov_b32 v1, s2
flat_store_dword v[2:3], v1
s_waitcnt vmcnt(0) lgkmcnt(0)
s_sleep 1
s_sleep 1
s_sleep 1
flat_load_dword v4, v[2:3]
s_lshl_b32 s6, s2, 6
v_add_u32 v6, s6, v0
v_lshlrev_b32 v6, 2, v6
s_waitcnt vmcnt(0) lgkmcnt(0)
global_store_dword v6, v4, s[4:5]
s_endpgm
)",
                 groups * 64, 64, {reinterpret_cast<uintptr_t>(out)}, 0, 16);
  });
  ASSERT_TRUE(res.ok) << res.error;
  for (uint32_t i = 0; i < groups * 64; ++i) ASSERT_EQ(out[i], i / 64) << "work-item " << i;
}

}  // namespace
