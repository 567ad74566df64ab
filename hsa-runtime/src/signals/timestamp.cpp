#include "signals/timestamp.h"

#include <ctime>

namespace hsart {

uint64_t timestamp_now() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<uint64_t>(ts.tv_sec) * kTimestampFrequencyHz +
         static_cast<uint64_t>(ts.tv_nsec);
}

}  // namespace hsart
