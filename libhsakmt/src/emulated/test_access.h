// White-box access for the emulated KFD's own tests: the virtual GPU behind
// a gpu_id in the current emulated process (nullptr when no /dev/kfd is
// open or the id is unknown), so a test can check what the GPU sees at a VA.
// Valid until the last /dev/kfd fd closes. Not used by the thunk.
#pragma once

#include <cstdint>

#include "platform/virtual_gpu.h"

namespace hsakmt::emu {

gcn::VirtualGpu* emulated_gpu_for_testing(uint32_t gpu_id);

}  // namespace hsakmt::emu
