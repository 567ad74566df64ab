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
      0,           // kLong: block at once
      50000,       // kUnknown: 50 us, about a system call's cost many times over
  };
  return kBudget[static_cast<unsigned>(e) < 3 ? static_cast<unsigned>(e) : 2];
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
