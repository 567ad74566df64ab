// The region a runtime test allocates its memory from: an agent's first
// global-segment region that allows runtime allocation. Header-only, so
// programs built against Debian's ROCr (tests/rocm) share it too.
#pragma once

#include <hsa/hsa.h>

namespace hsa_test {

// Handle 0 when the agent has no such region.
inline hsa_region_t first_global_region(hsa_agent_t agent) {
  hsa_region_t found{0};
  hsa_agent_iterate_regions(
      agent,
      [](hsa_region_t r, void* data) {
        hsa_region_segment_t seg{};
        bool allowed = false;
        hsa_region_get_info(r, HSA_REGION_INFO_SEGMENT, &seg);
        hsa_region_get_info(r, HSA_REGION_INFO_RUNTIME_ALLOC_ALLOWED, &allowed);
        auto* out = static_cast<hsa_region_t*>(data);
        if (seg == HSA_REGION_SEGMENT_GLOBAL && allowed && out->handle == 0) *out = r;
        return HSA_STATUS_SUCCESS;
      },
      &found);
  return found;
}

}  // namespace hsa_test
