// The blit kernels (blit_kernels.cl) as a gfx900 code object, compiled at
// build time and embedded in the runtime; the copy and fill API loads it
// once per GPU agent.
#pragma once

#include <cstddef>

namespace hsart::blit {

extern const unsigned char kCodeObject[];
extern const size_t kCodeObjectSize;

// Kernel names in the code object.
constexpr const char* kCopyAligned = "blit_copy_aligned";
constexpr const char* kCopyUnaligned = "blit_copy_unaligned";
constexpr const char* kFill = "blit_fill";

}  // namespace hsart::blit
