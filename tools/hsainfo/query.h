// Typed attribute queries: a core attribute the runtime fails to answer
// throws (hsainfo exits non-zero with the status string); an AMD extension
// attribute is optional and its line is left out when unanswered.
#pragma once

#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <array>
#include <optional>
#include <string>

#include "report.h"

namespace hsainfo {

using Bitmask128 = std::array<uint8_t, 128>;  // the EXTENSIONS attributes
using Name64 = std::array<char, 64>;          // agent names

// get(void* value) -> hsa_status_t writes one T.
template <typename T, typename Get>
T must(Get get, const std::string& what) {
  T v{};
  check(get(&v), what);
  return v;
}

template <typename T, typename Get>
std::optional<T> maybe(Get get) {
  T v{};
  if (get(&v) != HSA_STATUS_SUCCESS) return std::nullopt;
  return v;
}

}  // namespace hsainfo

// The attribute's own name goes into the error message.
#define HSAINFO_SYSTEM(T, attr)                                                              \
  ::hsainfo::must<T>(                                                                        \
      [&](void* v) { return hsa_system_get_info(static_cast<hsa_system_info_t>(attr), v); }, \
      "hsa_system_get_info(" #attr ")")
#define HSAINFO_AGENT(T, agent, attr)                                                             \
  ::hsainfo::must<T>(                                                                             \
      [&](void* v) { return hsa_agent_get_info(agent, static_cast<hsa_agent_info_t>(attr), v); }, \
      "hsa_agent_get_info(" #attr ")")
#define HSAINFO_AMD_AGENT(T, agent, attr) \
  ::hsainfo::maybe<T>(                    \
      [&](void* v) { return hsa_agent_get_info(agent, static_cast<hsa_agent_info_t>(attr), v); })
#define HSAINFO_ISA(T, isa, attr)                                                 \
  ::hsainfo::must<T>([&](void* v) { return hsa_isa_get_info_alt(isa, attr, v); }, \
                     "hsa_isa_get_info_alt(" #attr ")")
#define HSAINFO_REGION(T, region, attr)                                              \
  ::hsainfo::must<T>(                                                                \
      [&](void* v) {                                                                 \
        return hsa_region_get_info(region, static_cast<hsa_region_info_t>(attr), v); \
      },                                                                             \
      "hsa_region_get_info(" #attr ")")
#define HSAINFO_AMD_REGION(T, region, attr)                                      \
  ::hsainfo::maybe<T>([&](void* v) {                                             \
    return hsa_region_get_info(region, static_cast<hsa_region_info_t>(attr), v); \
  })
