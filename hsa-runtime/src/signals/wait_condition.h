// Whether an observed signal value satisfies a wait condition.
#pragma once

#include <cstdint>

#include "signals/signal_types.h"

namespace hsart {

inline bool condition_met(WaitCondition c, int64_t value, int64_t compare) {
  switch (c) {
    case WaitCondition::kEq:
      return value == compare;
    case WaitCondition::kNe:
      return value != compare;
    case WaitCondition::kLt:
      return value < compare;
    case WaitCondition::kGte:
      return value >= compare;
  }
  return false;
}

inline bool condition_valid(WaitCondition c) {
  return static_cast<unsigned>(c) < kWaitConditionCount;
}

inline bool order_valid(MemoryOrder o) { return static_cast<unsigned>(o) < kMemoryOrderCount; }

}  // namespace hsart
