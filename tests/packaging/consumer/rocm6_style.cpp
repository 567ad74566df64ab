// ROCm 6 spells the headers with their directories; an installed hsa-gcn
// must compile both spellings (main.cpp has ROCm 5's).
#include "rocm6_style.h"

#include <hsa/hsa.h>
#include <hsakmt/hsakmt.h>

std::string rocm6_style_runtime_version() {
  uint16_t major = 0;
  uint16_t minor = 0;
  if (hsa_system_get_info(HSA_SYSTEM_INFO_VERSION_MAJOR, &major) != HSA_STATUS_SUCCESS ||
      hsa_system_get_info(HSA_SYSTEM_INFO_VERSION_MINOR, &minor) != HSA_STATUS_SUCCESS)
    return "?";
  return std::to_string(major) + "." + std::to_string(minor);
}
