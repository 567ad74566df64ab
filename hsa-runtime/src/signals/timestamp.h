// The HSA system timestamp (HSA_SYSTEM_INFO_TIMESTAMP): nanoseconds of
// CLOCK_MONOTONIC, so its frequency is 1 GHz. Wait timeouts are given in
// these units.
#pragma once

#include <cstdint>

namespace hsart {

constexpr uint64_t kTimestampFrequencyHz = 1000000000;

// The current system timestamp.
uint64_t timestamp_now();

// start + delta, saturating at UINT64_MAX (a timeout of "forever").
inline uint64_t timestamp_after(uint64_t start, uint64_t delta) {
  return delta > UINT64_MAX - start ? UINT64_MAX : start + delta;
}

}  // namespace hsart
