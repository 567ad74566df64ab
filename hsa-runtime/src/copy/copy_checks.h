// Checks shared by the copy entry points (amd_copy_async.cpp,
// amd_copy_rect.cpp).
#pragma once

#include <cstdint>

namespace hsart {

// Whether [p, p + size) lies in one allocation mapped to the GPU `node`:
// an unmapped range is an invalid argument rather than a GPU memory fault
// that would stop the engine's queue.
bool gpu_mapped(const void* p, uint64_t size, uint32_t node);

}  // namespace hsart
