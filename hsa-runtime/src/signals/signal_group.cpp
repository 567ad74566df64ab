// SignalGroup::wait_any: poll every member; then, when all members are
// interrupt signals, block on all their events at once (any one wakes us),
// otherwise keep polling with back-off.
#include "signals/signal_group.h"

#include <sched.h>

#include "signals/timestamp.h"
#include "signals/wait_condition.h"
#include "signals/wait_policy.h"

namespace hsart {

SignalGroup::SignalGroup(std::vector<Signal*> signals) : signals_(std::move(signals)) {
  for (Signal* s : signals_) {
    if (!s->is_interrupt()) {
      events_.clear();
      return;
    }
    events_.push_back(s->event());
  }
}

size_t SignalGroup::scan(const WaitCondition* conditions, const int64_t* compares,
                         MemoryOrder order, int64_t* value) const {
  for (size_t i = 0; i < signals_.size(); ++i) {
    const int64_t v = signals_[i]->load(order);
    if (i == 0) *value = v;
    if (condition_met(conditions[i], v, compares[i])) {
      *value = v;
      return i;
    }
  }
  return kNone;
}

SignalStatus SignalGroup::wait_any(const WaitCondition* conditions, const int64_t* compares,
                                   WaitExpectancy expectancy, MemoryOrder order, uint64_t timeout,
                                   size_t* index, int64_t* value) const {
  if (!conditions || !compares || !index || !value) return SignalStatus::kInvalidArgument;
  for (size_t i = 0; i < signals_.size(); ++i)
    if (!condition_valid(conditions[i])) return SignalStatus::kInvalidArgument;
  const MemoryOrder load_order =
      order == MemoryOrder::kRelaxed ? MemoryOrder::kRelaxed : MemoryOrder::kAcquire;

  const uint64_t start = timestamp_now();
  const uint64_t deadline = timestamp_after(start, timeout);
  const uint64_t poll_until = timestamp_after(start, poll_budget(expectancy));
  const bool can_block = !events_.empty();

  uint32_t round = 0;
  for (;;) {
    *index = scan(conditions, compares, load_order, value);
    if (*index != kNone) return SignalStatus::kSuccess;
    const uint64_t now = timestamp_now();
    if (now >= deadline) return SignalStatus::kSuccess;
    if (now >= poll_until && can_block) break;
    constexpr uint32_t kSpinRounds = 256;
    if (round >= kSpinRounds && !spin_only(expectancy, now, poll_until))
      poll_pause(round - kSpinRounds);
    ++round;
  }

  for (Signal* s : signals_) s->begin_wait();
  auto* events = const_cast<HsaEvent**>(events_.data());
  for (;;) {
    *index = scan(conditions, compares, load_order, value);
    if (*index != kNone) break;
    const uint64_t now = timestamp_now();
    if (now >= deadline) break;
    const uint32_t ms = block_ms(now, deadline);
    if (ms == 0)
      sched_yield();
    else
      hsaKmtWaitOnMultipleEvents(events, static_cast<HSAuint32>(events_.size()), false, ms);
  }
  for (Signal* s : signals_) s->end_wait();
  return SignalStatus::kSuccess;
}

}  // namespace hsart
