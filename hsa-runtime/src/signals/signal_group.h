// A signal group (hsa_signal_group_t): a fixed set of signals a thread can
// wait on for the first one that satisfies its condition.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "signals/signal.h"
#include "signals/signal_types.h"

namespace hsart {

class SignalGroup {
 public:
  // The signals are distinct and live (checked by SignalPool).
  explicit SignalGroup(std::vector<Signal*> signals);

  uint64_t handle() const { return reinterpret_cast<uintptr_t>(this); }
  size_t size() const { return signals_.size(); }
  Signal* signal(size_t i) const { return signals_[i]; }

  // No signal satisfied its condition before the timeout.
  static constexpr size_t kNone = SIZE_MAX;

  // Waits until some signal i satisfies (conditions[i], compares[i]) — one
  // entry per group member — and reports i and the value it observed
  // (index = kNone on timeout, value then that of signal 0). With several
  // satisfied, the lowest index wins. kInvalidArgument for null arrays or
  // a bad condition.
  SignalStatus wait_any(const WaitCondition* conditions, const int64_t* compares,
                        WaitExpectancy expectancy, MemoryOrder order, uint64_t timeout,
                        size_t* index, int64_t* value) const;

 private:
  // One scan; the satisfied index or kNone, with the value seen.
  size_t scan(const WaitCondition* conditions, const int64_t* compares, MemoryOrder order,
              int64_t* value) const;

  std::vector<Signal*> signals_;
  std::vector<HsaEvent*> events_;  // every member's event, or empty
};

}  // namespace hsart
