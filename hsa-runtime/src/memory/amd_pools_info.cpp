// Memory pools as ROCr shows them: a pool is a region (the handles are the
// same), and an agent's pools are the regions it owns, not the system
// memory a GPU also lists among its regions. hsa_amd_agent_iterate_memory_pools,
// hsa_amd_memory_pool_get_info and hsa_amd_agent_memory_pool_get_info.
#include <hsa/hsa_ext_amd.h>

#include <cstring>
#include <vector>

#include "memory/records.h"
#include "runtime/init_check.h"
#include "runtime/topology.h"

namespace {

using hsart::Agent;
using hsart::Region;
using hsart::RegionKind;

bool is_system(const Region& r) {
  return r.kind == RegionKind::kSystem || r.kind == RegionKind::kKernarg;
}

template <typename T>
hsa_status_t put(void* value, T v) {
  *static_cast<T*>(value) = v;
  return HSA_STATUS_SUCCESS;
}

// The thunk's IO link types as the pool link info names them; a type not
// listed has no AMD name and is reported as PCIe.
struct LinkTypeName {
  HSA_IOLINKTYPE thunk;
  hsa_amd_link_info_type_t amd;
};
constexpr LinkTypeName kLinkTypes[] = {
    {HSA_IOLINKTYPE_HYPERTRANSPORT, HSA_AMD_LINK_INFO_TYPE_HYPERTRANSPORT},
    {HSA_IOLINKTYPE_PCIEXPRESS, HSA_AMD_LINK_INFO_TYPE_PCIE},
    {HSA_IOLINK_TYPE_QPI_1_1, HSA_AMD_LINK_INFO_TYPE_QPI},
    {HSA_IOLINK_TYPE_INFINIBAND, HSA_AMD_LINK_INFO_TYPE_INFINBAND},
    {HSA_IOLINK_TYPE_XGMI, HSA_AMD_LINK_INFO_TYPE_XGMI},
};

hsa_amd_link_info_type_t link_type_of(HSA_IOLINKTYPE t) {
  for (const LinkTypeName& n : kLinkTypes)
    if (n.thunk == t) return n.amd;
  return HSA_AMD_LINK_INFO_TYPE_PCIE;
}

// The route from an agent to a pool's owner. As in ROCr every link the
// thunk reports counts as one hop (the thunk already folds routes through
// the CPUs into indirect links); an agent reaches its own node in 0 hops.
struct Route {
  uint32_t hops = 0;
  hsa_amd_memory_pool_link_info_t info{};
};

Route route_between(const Agent& from, const Agent& to) {
  Route r;
  if (from.node == to.node || from.props.NumIOLinks == 0) return r;
  std::vector<HsaIoLinkProperties> links(from.props.NumIOLinks);
  if (hsaKmtGetNodeIoLinkProperties(from.node, from.props.NumIOLinks, links.data()) !=
      HSAKMT_STATUS_SUCCESS)
    return r;
  for (const HsaIoLinkProperties& l : links) {
    if (l.NodeTo != to.node) continue;
    r.hops = 1;
    r.info.min_latency = l.MinimumLatency;
    r.info.max_latency = l.MaximumLatency;
    r.info.min_bandwidth = l.MinimumBandwidth;
    r.info.max_bandwidth = l.MaximumBandwidth;
    r.info.atomic_support_32bit = !l.Flags.ui32.NoAtomics32bit;
    r.info.atomic_support_64bit = !l.Flags.ui32.NoAtomics64bit;
    r.info.coherent_support = !l.Flags.ui32.NonCoherent;
    r.info.link_type = link_type_of(l.IoLinkType);
    r.info.numa_distance = l.Weight;
    break;
  }
  return r;
}

// ROCr's access rules: the owner uses its pool freely; an agent with no
// link to the owner never can; system memory is the CPUs' by default and
// a GPU's once allowed; VRAM (coarse-grained) needs allowing for anyone
// else; anything else (LDS) is the owner's alone.
hsa_amd_memory_pool_access_t access_of(const Agent& agent, const Region& pool, const Route& r) {
  if (&agent == pool.owner) return HSA_AMD_MEMORY_POOL_ACCESS_ALLOWED_BY_DEFAULT;
  if (r.hops == 0) return HSA_AMD_MEMORY_POOL_ACCESS_NEVER_ALLOWED;
  if (is_system(pool))
    return agent.type == HSA_DEVICE_TYPE_CPU ? HSA_AMD_MEMORY_POOL_ACCESS_ALLOWED_BY_DEFAULT
                                             : HSA_AMD_MEMORY_POOL_ACCESS_DISALLOWED_BY_DEFAULT;
  if (pool.kind == RegionKind::kVram) return HSA_AMD_MEMORY_POOL_ACCESS_DISALLOWED_BY_DEFAULT;
  return HSA_AMD_MEMORY_POOL_ACCESS_NEVER_ALLOWED;
}

const Region* pool_from(hsa_amd_memory_pool_t pool) {
  return hsart::region_from(hsa_region_t{pool.handle});
}

}  // namespace

extern "C" hsa_status_t hsa_amd_agent_iterate_memory_pools(
    hsa_agent_t agent, hsa_status_t (*callback)(hsa_amd_memory_pool_t memory_pool, void* data),
    void* data) {
  HSART_CHECK_INIT();
  if (!callback) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const Agent* a = hsart::agent_from(agent);
  if (!a) return HSA_STATUS_ERROR_INVALID_AGENT;
  for (const Region* r : a->regions) {
    if (r->owner != a) continue;
    const hsa_status_t s = callback(hsa_amd_memory_pool_t{hsart::handle_of(r).handle}, data);
    if (s != HSA_STATUS_SUCCESS) return s;
  }
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_amd_memory_pool_get_info(hsa_amd_memory_pool_t memory_pool,
                                                     hsa_amd_memory_pool_info_t attribute,
                                                     void* value) {
  HSART_CHECK_INIT();
  if (!value) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const Region* r = pool_from(memory_pool);
  if (!r) return static_cast<hsa_status_t>(HSA_STATUS_ERROR_INVALID_MEMORY_POOL);
  switch (attribute) {
    case HSA_AMD_MEMORY_POOL_INFO_SEGMENT:
    case HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS:
    case HSA_AMD_MEMORY_POOL_INFO_SIZE:
    case HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED:
    case HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_GRANULE:
    case HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALIGNMENT:
      // The same numbers and answers as the region attributes (the segment
      // and flag enumerations share their values too).
      return hsa_region_get_info(hsart::handle_of(r), static_cast<hsa_region_info_t>(attribute),
                                 value);
    case HSA_AMD_MEMORY_POOL_INFO_ACCESSIBLE_BY_ALL:
      return put(value, is_system(*r));
    case HSA_AMD_MEMORY_POOL_INFO_ALLOC_MAX_SIZE:
      return put(value, static_cast<size_t>(hsart::alloc_max_size(*r)));
  }
  return HSA_STATUS_ERROR_INVALID_ARGUMENT;
}

extern "C" hsa_status_t hsa_amd_agent_memory_pool_get_info(
    hsa_agent_t agent, hsa_amd_memory_pool_t memory_pool,
    hsa_amd_agent_memory_pool_info_t attribute, void* value) {
  HSART_CHECK_INIT();
  if (!value) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const Agent* a = hsart::agent_from(agent);
  if (!a) return HSA_STATUS_ERROR_INVALID_AGENT;
  const Region* r = pool_from(memory_pool);
  if (!r) return static_cast<hsa_status_t>(HSA_STATUS_ERROR_INVALID_MEMORY_POOL);
  const Route route = route_between(*a, *r->owner);
  const hsa_amd_memory_pool_access_t access = access_of(*a, *r, route);
  const bool reachable = access != HSA_AMD_MEMORY_POOL_ACCESS_NEVER_ALLOWED;
  switch (attribute) {
    case HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS:
      return put(value, access);
    case HSA_AMD_AGENT_MEMORY_POOL_INFO_NUM_LINK_HOPS:
      return put(value, reachable ? route.hops : 0u);
    case HSA_AMD_AGENT_MEMORY_POOL_INFO_LINK_INFO:
      // One entry per hop; nothing is written beyond the first (ROCr's
      // behaviour), and a pool reached in 0 hops has a zeroed entry.
      std::memset(value, 0, sizeof(hsa_amd_memory_pool_link_info_t));
      if (reachable && route.hops > 0)
        std::memcpy(value, &route.info, sizeof(hsa_amd_memory_pool_link_info_t));
      return HSA_STATUS_SUCCESS;
  }
  return HSA_STATUS_ERROR_INVALID_ARGUMENT;
}
