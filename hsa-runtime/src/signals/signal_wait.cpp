// Signal::wait: poll the value for the expectancy's budget, then (interrupt
// signals) block on the KFD event in bounded slices, re-checking the value
// after each wake-up, or (other signals) keep polling with back-off.
#include <sched.h>

#include <chrono>
#include <thread>

#include "signals/signal.h"
#include "signals/timestamp.h"
#include "signals/wait_condition.h"
#include "signals/wait_policy.h"

namespace hsart {

void poll_pause(uint32_t round) {
  constexpr uint32_t kYieldRounds = 64;
  if (round < kYieldRounds) {
    sched_yield();
    return;
  }
  const uint32_t us = round - kYieldRounds < 200 ? round - kYieldRounds + 1 : 200;
  std::this_thread::sleep_for(std::chrono::microseconds(us));
}

int64_t Signal::wait(WaitCondition condition, int64_t compare, uint64_t timeout,
                     WaitExpectancy expectancy, MemoryOrder order) {
  const MemoryOrder load_order =
      order == MemoryOrder::kRelaxed ? MemoryOrder::kRelaxed : MemoryOrder::kAcquire;
  const uint64_t start = timestamp_now();
  const uint64_t deadline = timestamp_after(start, timeout);
  const uint64_t poll_until = timestamp_after(start, poll_budget(expectancy));

  int64_t value = load(load_order);
  uint32_t round = 0;
  // Phase 1: poll.
  for (;;) {
    if (condition_met(condition, value, compare)) return value;
    const uint64_t now = timestamp_now();
    if (now >= deadline) return value;
    if (now >= poll_until && event_) break;
    // A short burst of pure spinning, then yields and sleeps; without an
    // event a "blocking" wait is this slower poll.
    constexpr uint32_t kSpinRounds = 256;
    if (round >= kSpinRounds && !spin_only(expectancy, now, poll_until))
      poll_pause(round - kSpinRounds);
    ++round;
    value = load(load_order);
  }
  // Phase 2: block on the event; every change made while we are counted
  // raises it (host stores through notify(), the GPU through the mailbox).
  begin_wait();
  for (;;) {
    value = load(load_order);
    if (condition_met(condition, value, compare)) break;
    const uint64_t now = timestamp_now();
    if (now >= deadline) break;
    const uint32_t ms = block_ms(now, deadline);
    if (ms == 0)
      sched_yield();
    else
      hsaKmtWaitOnEvent(event_, ms);  // a timeout or error is a re-check too
  }
  end_wait();
  return value;
}

}  // namespace hsart
