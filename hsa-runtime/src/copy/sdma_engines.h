// The SDMA rings of the GPU agents and which copies go to them, as ROCr
// 5.2's GpuAgent picks a blit object: a host-to-device ring and a
// device-to-host ring per GPU (the latter also for copies to a peer GPU),
// made on first use and destroyed at shut-down. Copies within one GPU's
// memory and fills stay on the blit kernels, as in ROCr.
//
// HSA_ENABLE_SDMA=0 (read at the first copy after hsa_init, as ROCr reads
// it at hsa_init) turns the SDMA rings off; so does a GPU without an SDMA
// queue left for this process. Either way the blit kernels copy instead,
// as ROCr falls back to them.
#pragma once

#include "copy/sdma_ring.h"
#include "runtime/topology.h"

namespace hsart {

enum class SdmaPath { kHostToDevice, kDeviceToHost };

// The ring of `gpu` for the path, or nullptr (the blit kernels copy).
SdmaRing* sdma_ring_for(const Agent* gpu, SdmaPath path);

}  // namespace hsart
