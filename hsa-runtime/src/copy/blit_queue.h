// The runtime's blit engine per GPU agent, standing in for the SDMA engine
// this GPU lacks (as ROCr does on such GPUs): the blit kernels
// (copy/blit/) loaded into GPU-visible memory and an internal AQL queue they
// are dispatched on, both made on first use and freed at shut_down.
// Several threads may submit at once: packet slots are reserved with an
// atomic add on the write index.
#pragma once

#include <hsa/hsa.h>

#include <cstdint>
#include <vector>

#include "runtime/topology.h"

namespace hsart {

struct Blit;

// The blit engine of a GPU agent, made on first use.
hsa_status_t blit_for(const Agent* gpu, Blit** out);

// Which blit kernel to run.
enum class BlitKernel { kCopyAligned, kCopyUnaligned, kFill };

// One kernel launch: explicit arguments in order (each written with the
// size the kernel's metadata gives it) and how many elements the grid-stride
// loop covers (the grid is capped).
struct BlitLaunch {
  BlitKernel kernel;
  std::vector<uint64_t> args;
  uint64_t items;
};

// Queues barrier-AND packets for the dependencies (five per packet), then
// the kernel with `completion` (a signal handle, or 0) as its completion
// signal. HSA_STATUS_ERROR if the blit queue has failed.
hsa_status_t blit_submit(Blit& b, const BlitLaunch& launch, const std::vector<uint64_t>& deps,
                         uint64_t completion);

// Waits until `signal` reaches 0; HSA_STATUS_ERROR if the blit queue
// fails first.
hsa_status_t blit_wait(Blit& b, hsa_signal_t signal);

// Sets or clears a queue's ENABLE_PROFILING bit: the command processor
// then writes each packet's start and end ticks into its completion signal.
void set_queue_profiling(hsa_queue_t* q, bool enable);

// Turns timestamps on or off for every blit queue, now and later
// (hsa_amd_profiling_async_copy_enable).
void blit_set_profiling(bool enable);
// Whether async copies are timed now (the SDMA rings write the times).
bool blit_profiling();

// The GPU agent whose blit queue last completed a copy into `signal`, or
// nullptr (hsa_amd_profiling_get_async_copy_time).
void blit_note_copy_signal(uint64_t signal, const Agent* gpu);
const Agent* blit_copy_agent(uint64_t signal);

}  // namespace hsart
