// Text for the runtime's enumerations and bit masks, as tables: a value
// the table does not know prints as its number, never as a wrong name.
#pragma once

#include <cstdint>
#include <string>

namespace hsainfo {

std::string device_type_name(uint32_t v);
std::string profile_name(uint32_t v);
std::string machine_model_name(uint32_t v);
std::string endianness_name(uint32_t v);
std::string rounding_mode_name(uint32_t v);
std::string queue_type_name(uint32_t v);
std::string segment_name(uint32_t v);
// Bit masks: the names of the set bits joined by ", ", or "none".
std::string agent_features(uint32_t mask);
std::string region_global_flags(uint32_t mask);
std::string pool_access_name(uint32_t v);
// BASE_PROFILE_DEFAULT_FLOAT_ROUNDING_MODES: a mask of the mode values
// (ZERO = 1, NEAR = 2), as ROCm reports it.
std::string rounding_mode_mask(uint32_t mask);

// Names of the extensions set in a uint8_t[128] bit mask (bit i of byte
// i / 8 is extension i), from hsa_extension_get_name; "none" if empty.
std::string extension_list(const uint8_t mask[128]);

}  // namespace hsainfo
