// An agent's AMD memory pools (hsa_amd_agent_iterate_memory_pools and
// hsa_amd_memory_pool_get_info, with this agent's access from
// hsa_amd_agent_memory_pool_get_info).
#include <hsa/hsa_ext_amd.h>

#include <vector>

#include "names.h"
#include "query.h"
#include "sections.h"

namespace hsainfo {

namespace {

#define HSAINFO_POOL(T, pool, attr)                                                        \
  ::hsainfo::must<T>([&](void* v) { return hsa_amd_memory_pool_get_info(pool, attr, v); }, \
                     "hsa_amd_memory_pool_get_info(" #attr ")")

void print_pool(Report& r, hsa_agent_t agent, hsa_amd_memory_pool_t pool, int index) {
  r.open("Pool " + std::to_string(index));
  const auto segment = HSAINFO_POOL(hsa_amd_segment_t, pool, HSA_AMD_MEMORY_POOL_INFO_SEGMENT);
  r.field("Segment", segment_name(segment));
  if (segment == HSA_AMD_SEGMENT_GLOBAL)
    r.field("Global Flags", region_global_flags(HSAINFO_POOL(
                                uint32_t, pool, HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS)));
  r.field("Size", bytes(HSAINFO_POOL(size_t, pool, HSA_AMD_MEMORY_POOL_INFO_SIZE)));
  const bool allowed = HSAINFO_POOL(bool, pool, HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED);
  r.field("Runtime Alloc Allowed", yes_no(allowed));
  if (allowed) {
    r.field("Alloc Granule",
            bytes(HSAINFO_POOL(size_t, pool, HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_GRANULE)));
    r.field("Alloc Alignment",
            bytes(HSAINFO_POOL(size_t, pool, HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALIGNMENT)));
    r.field("Alloc Max Size",
            bytes(HSAINFO_POOL(size_t, pool, HSA_AMD_MEMORY_POOL_INFO_ALLOC_MAX_SIZE)));
  }
  r.field("Accessible by All",
          yes_no(HSAINFO_POOL(bool, pool, HSA_AMD_MEMORY_POOL_INFO_ACCESSIBLE_BY_ALL)));
  hsa_amd_memory_pool_access_t access{};
  check(hsa_amd_agent_memory_pool_get_info(agent, pool, HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS,
                                           &access),
        "hsa_amd_agent_memory_pool_get_info(HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS)");
  r.field("Agent Access", pool_access_name(access));
  r.close();
}

}  // namespace

void print_pools(Report& r, hsa_agent_t agent) {
  std::vector<hsa_amd_memory_pool_t> pools;
  check(hsa_amd_agent_iterate_memory_pools(
            agent,
            [](hsa_amd_memory_pool_t pool, void* out) {
              static_cast<std::vector<hsa_amd_memory_pool_t>*>(out)->push_back(pool);
              return HSA_STATUS_SUCCESS;
            },
            &pools),
        "hsa_amd_agent_iterate_memory_pools");
  r.open("Memory Pools");
  if (pools.empty()) r.field("Pool", "none");
  for (size_t i = 0; i < pools.size(); ++i) print_pool(r, agent, pools[i], static_cast<int>(i));
  r.close();
}

}  // namespace hsainfo
