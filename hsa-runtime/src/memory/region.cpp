// hsa_agent_iterate_regions and hsa_region_get_info.
#include <hsa/hsa_ext_amd.h>

#include "runtime/init_check.h"
#include "runtime/topology.h"

namespace {

using hsart::Region;
using hsart::RegionKind;

constexpr size_t kGranule = 4096;

// One row per kind: what the region is and what the host may do with it.
struct KindFacts {
  hsa_region_segment_t segment;
  uint32_t global_flags;
  bool alloc_allowed;
  bool host_accessible;  // what the AMD attribute reports (ROCm's answer)
};

KindFacts facts_of(RegionKind kind) {
  switch (kind) {
    case RegionKind::kVram:
      return {HSA_REGION_SEGMENT_GLOBAL, HSA_REGION_GLOBAL_FLAG_COARSE_GRAINED, true, false};
    case RegionKind::kSystem:
      return {HSA_REGION_SEGMENT_GLOBAL, HSA_REGION_GLOBAL_FLAG_FINE_GRAINED, true, true};
    case RegionKind::kKernarg:
      return {HSA_REGION_SEGMENT_GLOBAL,
              HSA_REGION_GLOBAL_FLAG_KERNARG | HSA_REGION_GLOBAL_FLAG_FINE_GRAINED, true, true};
    case RegionKind::kGroup:
      break;
  }
  return {HSA_REGION_SEGMENT_GROUP, 0, false, false};
}

template <typename T>
hsa_status_t put(void* value, T v) {
  *static_cast<T*>(value) = v;
  return HSA_STATUS_SUCCESS;
}

}  // namespace

extern "C" hsa_status_t hsa_agent_iterate_regions(
    hsa_agent_t agent, hsa_status_t (*callback)(hsa_region_t region, void* data), void* data) {
  HSART_CHECK_INIT();
  const hsart::Agent* a = hsart::agent_from(agent);
  if (!a) return HSA_STATUS_ERROR_INVALID_AGENT;
  if (!callback) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  for (const Region* r : a->regions) {
    const hsa_status_t s = callback(hsart::handle_of(r), data);
    if (s != HSA_STATUS_SUCCESS) return s;
  }
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_region_get_info(hsa_region_t region, hsa_region_info_t attribute,
                                            void* value) {
  HSART_CHECK_INIT();
  const Region* r = hsart::region_from(region);
  if (!r) return HSA_STATUS_ERROR_INVALID_REGION;
  if (!value) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const KindFacts f = facts_of(r->kind);
  switch (static_cast<int>(attribute)) {
    case HSA_REGION_INFO_SEGMENT:
      return put(value, f.segment);
    case HSA_REGION_INFO_GLOBAL_FLAGS:
      return put(value, f.global_flags);
    case HSA_REGION_INFO_SIZE:
    case HSA_REGION_INFO_ALLOC_MAX_SIZE:
      return put(value, static_cast<size_t>(r->size));
    case HSA_REGION_INFO_ALLOC_MAX_PRIVATE_WORKGROUP_SIZE:
      // Only a private-segment region has one; there is none.
      return put(value, uint32_t{0});
    case HSA_REGION_INFO_RUNTIME_ALLOC_ALLOWED:
      return put(value, f.alloc_allowed);
    case HSA_REGION_INFO_RUNTIME_ALLOC_GRANULE:
    case HSA_REGION_INFO_RUNTIME_ALLOC_ALIGNMENT:
      return put(value, f.alloc_allowed ? kGranule : size_t{0});
    case HSA_AMD_REGION_INFO_HOST_ACCESSIBLE:
      return put(value, f.host_accessible);
    case HSA_AMD_REGION_INFO_BASE:
      return put(value, reinterpret_cast<void*>(r->base));
    case HSA_AMD_REGION_INFO_BUS_WIDTH:
      return put(value, r->bus_width);
    case HSA_AMD_REGION_INFO_MAX_CLOCK_FREQUENCY:
      return put(value, r->max_clock_mhz);
    default:
      return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  }
}
