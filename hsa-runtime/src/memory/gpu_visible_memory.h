// The runtime's own GPU-visible memory (memory/gpu_visible_memory.cpp).
#pragma once

#include <cstdint>

namespace hsart {

// Zeroed host-accessible system memory mapped to every GPU, for the
// runtime's own structures (rings, amd_queue_t, loaded code objects); the
// size is rounded up to whole pages. nullptr when the thunk refuses.
void* alloc_gpu_visible(uint64_t bytes);
void free_gpu_visible(void* p, uint64_t bytes);

}  // namespace hsart
