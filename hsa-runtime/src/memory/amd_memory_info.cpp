// What the runtime knows about an address: hsa_amd_pointer_info and
// hsa_amd_pointer_info_set_userdata. As in ROCr the thunk's view of the
// address is the base (kind, addresses, size, mapped GPUs, owner node), and
// the runtime's own allocation record adds what it keeps itself (the pool,
// the user data of an allocation).
#include <hsa/hsa_ext_amd.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "memory/records.h"
#include "runtime/runtime.h"
#include "runtime/topology.h"

namespace {

using hsart::Runtime;

// The thunk's pointer kinds as HSA names them.
struct PointerKind {
  HSA_POINTER_TYPE thunk;
  hsa_amd_pointer_type_t hsa;
};
constexpr PointerKind kPointerKinds[] = {
    {HSA_POINTER_ALLOCATED, HSA_EXT_POINTER_TYPE_HSA},
    {HSA_POINTER_REGISTERED_USER, HSA_EXT_POINTER_TYPE_LOCKED},
    {HSA_POINTER_REGISTERED_GRAPHICS, HSA_EXT_POINTER_TYPE_GRAPHICS},
    {HSA_POINTER_REGISTERED_SHARED, HSA_EXT_POINTER_TYPE_IPC},
};

hsa_amd_pointer_type_t kind_of(HSA_POINTER_TYPE t) {
  for (const PointerKind& k : kPointerKinds)
    if (k.thunk == t) return k.hsa;
  return HSA_EXT_POINTER_TYPE_UNKNOWN;
}

const hsart::Agent* agent_on_node(const Runtime& rt, uint32_t node) {
  for (const hsart::Agent& a : rt.agents)
    if (a.node == node) return &a;
  return nullptr;
}

// A region's global flags, as hsa_region_get_info gives them.
uint32_t flags_of(const hsart::Region* r) {
  uint32_t flags = 0;
  if (r) hsa_region_get_info(hsart::handle_of(r), HSA_REGION_INFO_GLOBAL_FLAGS, &flags);
  return flags;
}

}  // namespace

extern "C" hsa_status_t hsa_amd_pointer_info(const void* ptr, hsa_amd_pointer_info_t* info,
                                             void* (*alloc)(size_t),
                                             uint32_t* num_agents_accessible,
                                             hsa_agent_t** accessible) {
  HSART_CHECK_INIT();
  if (!ptr || !info || info->size == 0) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  Runtime& rt = hsart::runtime();
  hsa_amd_pointer_info_t out{};
  std::vector<hsa_agent_t> mapped;
  {
    // Held so that the mappings and user data do not change mid-answer.
    std::lock_guard<std::mutex> guard(rt.memory_mu);
    HsaPointerInfo t{};
    // An address the thunk does not know is UNKNOWN, which is an answer.
    if (hsaKmtQueryPointerInfo(ptr, &t) != HSAKMT_STATUS_SUCCESS) t = HsaPointerInfo{};
    out.type = kind_of(t.Type);
    if (out.type != HSA_EXT_POINTER_TYPE_UNKNOWN) {
      out.agentBaseAddress = reinterpret_cast<void*>(t.GPUAddress);
      out.hostBaseAddress = t.CPUAddress;
      out.sizeInBytes = t.SizeInBytes;
      out.userData = t.UserData;
      if (const hsart::Agent* owner = agent_on_node(rt, t.Node))
        out.agentOwner = hsart::handle_of(owner);
      out.global_flags = t.MemFlags.ui32.CoarseGrain ? HSA_REGION_GLOBAL_FLAG_COARSE_GRAINED
                                                     : HSA_REGION_GLOBAL_FLAG_FINE_GRAINED;
      for (uint32_t i = 0; i < t.NMappedNodes; ++i)
        if (const hsart::Agent* a = agent_on_node(rt, t.MappedNodes[i]))
          mapped.push_back(hsart::handle_of(a));
    }
    if (out.type == HSA_EXT_POINTER_TYPE_HSA) {
      auto it = rt.allocations.upper_bound(const_cast<void*>(ptr));
      if (it != rt.allocations.begin()) {
        --it;
        const char* base = static_cast<const char*>(it->first);
        if (static_cast<const char*>(ptr) < base + it->second.bytes) {
          out.agentBaseAddress = it->first;
          out.hostBaseAddress = it->first;
          out.sizeInBytes = it->second.bytes;
          out.userData = it->second.user_data;
          out.agentOwner = hsart::handle_of(it->second.region->owner);
          out.global_flags = flags_of(it->second.region);
        }
      }
    }
  }
  // A caller built against an older, shorter struct gets only its part.
  out.size = std::min<uint32_t>(info->size, sizeof(hsa_amd_pointer_info_t));
  std::memcpy(info, &out, out.size);

  if (alloc && num_agents_accessible && accessible) {
    *accessible = nullptr;
    if (!mapped.empty()) {
      auto* list = static_cast<hsa_agent_t*>(alloc(mapped.size() * sizeof(hsa_agent_t)));
      if (!list) return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
      std::copy(mapped.begin(), mapped.end(), list);
      *accessible = list;
    }
    *num_agents_accessible = static_cast<uint32_t>(mapped.size());
  }
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_amd_pointer_info_set_userdata(const void* ptr, void* userdata) {
  HSART_CHECK_INIT();
  if (!ptr) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  Runtime& rt = hsart::runtime();
  std::lock_guard<std::mutex> guard(rt.memory_mu);
  // An allocation keeps its own (ROCr: only its start names it); anything
  // else the thunk knows (locked memory) keeps it in the thunk.
  auto it = rt.allocations.find(const_cast<void*>(ptr));
  if (it != rt.allocations.end()) {
    it->second.user_data = userdata;
    return HSA_STATUS_SUCCESS;
  }
  return hsaKmtSetMemoryUserData(ptr, userdata) == HSAKMT_STATUS_SUCCESS
             ? HSA_STATUS_SUCCESS
             : HSA_STATUS_ERROR_INVALID_ARGUMENT;
}
