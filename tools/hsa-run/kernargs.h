// The kernarg block: each argument at its natural alignment (buffers as
// 8-byte addresses), the layout clang gives OpenCL and HIP kernels; the
// hidden arguments after them stay zero (no global offset).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "plan.h"

namespace hsarun {

// addresses[i]: buffer i's device address (unused for scalars). Fails
// when the explicit arguments alone overflow the kernel's kernarg segment
// (too many or too large arguments).
bool layout_kernargs(const std::vector<Arg>& args, const std::vector<uint64_t>& addresses,
                     uint32_t segment_size, std::vector<uint8_t>* block, std::string* error);

}  // namespace hsarun
