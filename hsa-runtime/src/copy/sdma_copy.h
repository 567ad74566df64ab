// One hsa_amd_memory_async_copy as SDMA v4 packets on a ring, in the order
// ROCr's BlitSdma writes them: a poll per dependency half (the engine
// compares 32-bit words, a signal value has 64 bits), the bytes as
// COPY_LINEAR packets, then the completion signal's decrement (a 64-bit
// ATOMIC add of -1) and, for a signal with a KFD event, its event id into
// the event's mailbox (FENCE) and the interrupt that wakes waiters (TRAP).
// With profiling on, the engine's clock goes to the signal's start_ts and
// end_ts around the copy, where the profiling API reads a packet's times.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "copy/sdma_ring.h"

namespace hsart {

struct SdmaCopy {
  uint64_t dst = 0;
  uint64_t src = 0;
  uint64_t size = 0;           // > 0
  std::vector<uint64_t> deps;  // signal handles (amd_signal_t addresses)
  uint64_t completion = 0;     // signal handle
  bool profiling = false;
};

void sdma_submit_copy(SdmaRing& ring, const SdmaCopy& copy);

// The same frame around other packets that move bytes (`body` writes
// them; hsa_amd_memory_async_copy_rect's tiles): the dependency polls,
// then the body between the profiling timestamps, then the completion.
void sdma_submit(SdmaRing& ring, const std::vector<uint64_t>& deps, uint64_t completion,
                 bool profiling, const std::function<void(SdmaRing::Writer&)>& body);

}  // namespace hsart
