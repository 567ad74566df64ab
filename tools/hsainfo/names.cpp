#include "names.h"

#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <iterator>

namespace hsainfo {

namespace {

struct Name {
  uint32_t value;
  const char* text;
};

template <size_t N>
std::string lookup(const Name (&table)[N], uint32_t v) {
  for (const Name& n : table)
    if (n.value == v) return n.text;
  return "unknown (" + std::to_string(v) + ")";
}

template <size_t N>
std::string flags(const Name (&table)[N], uint32_t mask) {
  std::string out;
  uint32_t known = 0;
  for (const Name& n : table) {
    known |= n.value;
    if (!(mask & n.value)) continue;
    if (!out.empty()) out += ", ";
    out += n.text;
  }
  if (mask & ~known) {
    if (!out.empty()) out += ", ";
    out += "unknown bits " + std::to_string(mask & ~known);
  }
  return out.empty() ? "none" : out;
}

const Name kDeviceTypes[] = {
    {HSA_DEVICE_TYPE_CPU, "CPU"}, {HSA_DEVICE_TYPE_GPU, "GPU"}, {HSA_DEVICE_TYPE_DSP, "DSP"}};
const Name kProfiles[] = {{HSA_PROFILE_BASE, "BASE"}, {HSA_PROFILE_FULL, "FULL"}};
const Name kMachineModels[] = {{HSA_MACHINE_MODEL_SMALL, "SMALL (32-bit)"},
                               {HSA_MACHINE_MODEL_LARGE, "LARGE (64-bit)"}};
const Name kEndianness[] = {{HSA_ENDIANNESS_LITTLE, "LITTLE"}, {HSA_ENDIANNESS_BIG, "BIG"}};
const Name kRoundingModes[] = {{HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT, "DEFAULT"},
                               {HSA_DEFAULT_FLOAT_ROUNDING_MODE_ZERO, "ZERO"},
                               {HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR, "NEAR"}};
const Name kRoundingMask[] = {{HSA_DEFAULT_FLOAT_ROUNDING_MODE_ZERO, "ZERO"},
                              {HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR, "NEAR"}};
const Name kQueueTypes[] = {{HSA_QUEUE_TYPE_MULTI, "MULTI"},
                            {HSA_QUEUE_TYPE_SINGLE, "SINGLE"},
                            {HSA_QUEUE_TYPE_COOPERATIVE, "COOPERATIVE"}};
const Name kSegments[] = {{HSA_REGION_SEGMENT_GLOBAL, "GLOBAL"},
                          {HSA_REGION_SEGMENT_READONLY, "READONLY"},
                          {HSA_REGION_SEGMENT_PRIVATE, "PRIVATE"},
                          {HSA_REGION_SEGMENT_GROUP, "GROUP"},
                          {HSA_REGION_SEGMENT_KERNARG, "KERNARG"}};
const Name kFeatures[] = {{HSA_AGENT_FEATURE_KERNEL_DISPATCH, "KERNEL_DISPATCH"},
                          {HSA_AGENT_FEATURE_AGENT_DISPATCH, "AGENT_DISPATCH"}};
const Name kGlobalFlags[] = {{HSA_REGION_GLOBAL_FLAG_KERNARG, "KERNARG"},
                             {HSA_REGION_GLOBAL_FLAG_FINE_GRAINED, "FINE_GRAINED"},
                             {HSA_REGION_GLOBAL_FLAG_COARSE_GRAINED, "COARSE_GRAINED"}};
const Name kPoolAccess[] = {
    {HSA_AMD_MEMORY_POOL_ACCESS_NEVER_ALLOWED, "never allowed"},
    {HSA_AMD_MEMORY_POOL_ACCESS_ALLOWED_BY_DEFAULT, "allowed by default"},
    {HSA_AMD_MEMORY_POOL_ACCESS_DISALLOWED_BY_DEFAULT, "disallowed by default"}};

}  // namespace

std::string device_type_name(uint32_t v) { return lookup(kDeviceTypes, v); }
std::string profile_name(uint32_t v) { return lookup(kProfiles, v); }
std::string machine_model_name(uint32_t v) { return lookup(kMachineModels, v); }
std::string endianness_name(uint32_t v) { return lookup(kEndianness, v); }
std::string rounding_mode_name(uint32_t v) { return lookup(kRoundingModes, v); }
std::string queue_type_name(uint32_t v) { return lookup(kQueueTypes, v); }
std::string segment_name(uint32_t v) { return lookup(kSegments, v); }
std::string agent_features(uint32_t mask) { return flags(kFeatures, mask); }
std::string region_global_flags(uint32_t mask) { return flags(kGlobalFlags, mask); }
std::string pool_access_name(uint32_t v) { return lookup(kPoolAccess, v); }
std::string rounding_mode_mask(uint32_t mask) { return flags(kRoundingMask, mask); }

std::string extension_list(const uint8_t mask[128]) {
  std::string out;
  for (uint16_t id = 0; id < 128 * 8; ++id) {
    if (!(mask[id / 8] & (1u << (id % 8)))) continue;
    const char* name = nullptr;
    if (!out.empty()) out += ", ";
    if (hsa_extension_get_name(id, &name) == HSA_STATUS_SUCCESS && name)
      out += name;
    else
      out += "extension " + std::to_string(id);
  }
  return out.empty() ? "none" : out;
}

}  // namespace hsainfo
