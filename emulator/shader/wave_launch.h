// The initial state of a wave at kernel entry (AMDGPU usage: "Initial Kernel
// Execution State"; Compute ABI: "Initial kernel register state").
#pragma once

#include "wave/dispatch_state.h"

namespace gcn {

// Fills SGPRs, work-item id VGPRs, EXEC and MODE for wave `wave_index` of
// workgroup wg. first_lane is the flat work-item index of lane 0 in the
// group; lanes past the group's size start inactive.
void launch_wave(Wave& w, const DispatchState& d, const Workgroup& wg, unsigned wave_index,
                 uint64_t wave_scratch_offset);

// Fills v[0..3] with a swizzled scratch V# over base (what ROCm's runtime
// puts in amd_queue_t.scratch_resource_descriptor), for scratch the engine
// backs itself.
void swizzled_scratch_descriptor(uint64_t base, uint32_t* v);

}  // namespace gcn
