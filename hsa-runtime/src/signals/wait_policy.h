// Shared pacing of signal waits: how long to poll before blocking, how long
// one blocking call may last, and how a poller without an event backs off.
#pragma once

#include <cstdint>

#include "signals/signal_types.h"

namespace hsart {

// Polling time before blocking, in system timestamp units (ns).
inline uint64_t poll_budget(WaitExpectancy e) {
  static constexpr uint64_t kBudget[] = {
      UINT64_MAX,  // kShort: poll for the whole wait
      // kLong (HSA_WAIT_STATE_BLOCKED): spin 20 us first, about six
      // empty-kernel round trips, so that short work never pays a thread
      // wake-up (~10 us here); ROCr spins 200 us (see spin_only).
      20000,
      50000,  // kUnknown: 50 us, about a system call's cost many times over
  };
  return kBudget[static_cast<unsigned>(e) < 3 ? static_cast<unsigned>(e) : 2];
}

// Whether a poller before its budget's end spins without yielding. A
// BLOCKED wait's short spin does: on a busy host sched_yield hands the core
// to other runnable threads for whole time slices (a 12 ms p99 at load 4),
// while spinning 20 us and then sleeping costs at most those 20 us.
inline bool spin_only(WaitExpectancy e, uint64_t now, uint64_t poll_until) {
  return e == WaitExpectancy::kLong && now < poll_until;
}

// One hsaKmtWaitOnEvent call lasts at most this long, so that a wake-up
// lost to the auto-reset event (many waiters, one reset) costs bounded time
// and the value is re-checked regularly.
constexpr uint32_t kMaxBlockMs = 10;

// Milliseconds to block on an event before re-checking, given the time
// left; 0 means "less than a millisecond left: poll instead".
inline uint32_t block_ms(uint64_t now, uint64_t deadline) {
  if (deadline == UINT64_MAX) return kMaxBlockMs;
  const uint64_t left_ms = deadline > now ? (deadline - now) / 1000000 : 0;
  return left_ms < kMaxBlockMs ? static_cast<uint32_t>(left_ms) : kMaxBlockMs;
}

// Pauses a poller for its n-th idle round: a few yields, then sleeps that
// grow to 200 us (no event to block on for these signals).
void poll_pause(uint32_t round);

}  // namespace hsart
