// Vocabulary of the signal API: memory orders, wait conditions and
// expectancies, status codes and the HSA system timestamp. Plain C++ enums
// so that this part needs no hsa.h; the signal API (api_*.cpp) maps them
// to the hsa_* names.
#pragma once

#include <cstdint>

namespace hsart {

// The orders of the HSA 1.1 signal API (scacquire = kAcquire, screlease =
// kRelease, scacq_screl = kAcqRel). An order that means nothing for an
// operation (a releasing load, an acquiring store) is strengthened to the
// nearest order that does.
enum class MemoryOrder : uint8_t { kRelaxed, kAcquire, kRelease, kAcqRel };
constexpr unsigned kMemoryOrderCount = 4;

// hsa_signal_condition_t, same numbering.
enum class WaitCondition : uint8_t { kEq = 0, kNe = 1, kLt = 2, kGte = 3 };
constexpr unsigned kWaitConditionCount = 4;

// How long the caller expects to wait: kShort polls (lowest latency),
// kLong blocks at once (hsa_wait_state_t BLOCKED), kUnknown polls briefly
// and then blocks.
enum class WaitExpectancy : uint8_t { kShort, kLong, kUnknown };

enum class SignalStatus : uint8_t {
  kSuccess,
  kInvalidArgument,     // bad pointer, count, condition or order
  kInvalidSignal,       // handle names no live signal
  kInvalidSignalGroup,  // handle names no live group
  kOutOfResources,      // no GPU-visible memory or no KFD event left
};

// A timeout hint meaning "wait forever".
constexpr uint64_t kWaitForever = UINT64_MAX;

}  // namespace hsart
