// The HSA extensions the runtime knows and implements
// (runtime/system_info.cpp).
#pragma once

#include <cstdint>

namespace hsart {

// Whether hsa.h names the id, and whether its table exists.
bool extension_known(uint16_t id);
bool extension_implemented(uint16_t id, uint16_t major);
// The 128-byte HSA_*_INFO_EXTENSIONS bitmask of the implemented ones.
void extension_mask(void* value);

}  // namespace hsart
