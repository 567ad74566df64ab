// Pinning host memory for agents: hsa_amd_memory_lock, _lock_to_pool and
// _unlock. The range is registered with the thunk (which pins it and
// counts registrations of the same range) for the GPUs asked for, and
// mapped to them; agents reach it at the address the thunk returns. The
// thunk maps user memory to the GPUs it was registered for whatever node
// list the map names (as ROCm's does), so the registration is what keeps
// a lock for one GPU off the others.
#include <hsa/hsa_ext_amd.h>

#include <algorithm>
#include <vector>

#include "memory/allocation.h"
#include "memory/records.h"
#include "runtime/runtime.h"
#include "runtime/topology.h"

namespace {

using hsart::Region;
using hsart::Runtime;

// The GPU nodes an agent list names (every GPU when there is no list),
// sorted, each once.
hsa_status_t gpu_nodes_of(const hsa_agent_t* agents, int num_agent, std::vector<HSAuint32>* nodes) {
  const Runtime& rt = hsart::runtime();
  if (!agents) {
    for (const hsart::Agent& a : rt.agents)
      if (a.type == HSA_DEVICE_TYPE_GPU) nodes->push_back(a.node);
    return HSA_STATUS_SUCCESS;
  }
  for (int i = 0; i < num_agent; ++i) {
    const hsart::Agent* a = hsart::agent_from(agents[i]);
    if (!a) return HSA_STATUS_ERROR_INVALID_AGENT;
    if (a->type == HSA_DEVICE_TYPE_GPU) nodes->push_back(a->node);
  }
  // An agent named twice is one GPU (ROCr keeps a set).
  std::sort(nodes->begin(), nodes->end());
  nodes->erase(std::unique(nodes->begin(), nodes->end()), nodes->end());
  return HSA_STATUS_SUCCESS;
}

// Whether p lies in memory the runtime allocated (memory_mu held).
bool in_allocation(const Runtime& rt, const void* p) {
  auto it = rt.allocations.upper_bound(const_cast<void*>(p));
  if (it == rt.allocations.begin()) return false;
  --it;
  return static_cast<const char*>(p) < static_cast<const char*>(it->first) + it->second.bytes;
}

// The arguments both lock calls check first, in ROCr's order.
hsa_status_t check_lock_args(void* host_ptr, size_t size, const hsa_agent_t* agents, int num_agent,
                             void** agent_ptr) {
  if (size == 0 || !host_ptr || !agent_ptr) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  *agent_ptr = nullptr;
  if ((agents && num_agent == 0) || (!agents && num_agent != 0) || num_agent < 0)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  return HSA_STATUS_SUCCESS;
}

// Whether every node of `part` is in `whole`.
bool subset_of(const std::vector<HSAuint32>& part, const std::vector<HSAuint32>& whole) {
  for (HSAuint32 n : part)
    if (std::find(whole.begin(), whole.end(), n) == whole.end()) return false;
  return true;
}

// Registers a range not locked yet with the thunk for exactly `nodes`.
// The thunk's node-list registration is coarse grained (as ROCm's); a
// fine-grained lock for a strict subset of the GPUs has no thunk call
// that takes both, and keeps its granularity over the node list (it is
// registered, so mapped, for every GPU).
HSAKMT_STATUS register_range(void* host_ptr, size_t size, std::vector<HSAuint32>& nodes,
                             bool coarse) {
  if (coarse) return hsaKmtRegisterMemoryToNodes(host_ptr, size, nodes.size(), nodes.data());
  HsaMemFlags flags{};
  flags.ui32.HostAccess = 1;
  flags.ui32.CoarseGrain = 0;
  nodes.clear();
  gpu_nodes_of(nullptr, 0, &nodes);
  return hsaKmtRegisterMemoryWithFlags(host_ptr, size, flags);
}

// Pins [host_ptr, host_ptr + size) for the listed agents. coarse: the
// granularity of the registration (hsa_amd_memory_lock uses ROCr's
// coarse-grained system memory; a fine-grained pool gives fine).
hsa_status_t lock(void* host_ptr, size_t size, const hsa_agent_t* agents, int num_agent,
                  bool coarse, void** agent_ptr) {
  std::vector<HSAuint32> nodes;
  const hsa_status_t s = gpu_nodes_of(agents, num_agent, &nodes);
  if (s != HSA_STATUS_SUCCESS) return s;
  if (nodes.empty()) {
    // Only CPUs: the host reaches its own memory, nothing to pin (ROCr).
    *agent_ptr = host_ptr;
    return HSA_STATUS_SUCCESS;
  }
  Runtime& rt = hsart::runtime();
  std::lock_guard<std::mutex> guard(rt.memory_mu);
  HsaMemMapFlags map{};
  HSAuint64 alternate = 0;
  if (in_allocation(rt, host_ptr)) {
    // The runtime's own memory needs no pinning, only the mappings.
    if (hsaKmtMapMemoryToGPUNodes(host_ptr, size, &alternate, map, nodes.size(), nodes.data()) !=
        HSAKMT_STATUS_SUCCESS)
      return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
    *agent_ptr = alternate ? reinterpret_cast<void*>(alternate) : host_ptr;
    return HSA_STATUS_SUCCESS;
  }
  // Locks are counted by their start: another size at a locked start
  // would be a second range the count cannot tell apart, so it is refused
  // as a plain error. Ranges that merely share pages are separate
  // registrations in the thunk, as in ROCm's.
  auto locked = rt.locks.find(host_ptr);
  HSAKMT_STATUS registered;
  if (locked != rt.locks.end()) {
    if (locked->second.bytes != size) return HSA_STATUS_ERROR;
    // The range stays registered for the GPUs of its first lock; the thunk
    // cannot add GPUs to a registration, so a lock naming one more is
    // refused rather than leaving that GPU without access.
    if (!subset_of(nodes, locked->second.nodes)) return HSA_STATUS_ERROR;
    nodes = locked->second.nodes;
    HsaMemFlags same{};
    same.ui32.HostAccess = 1;
    same.ui32.CoarseGrain = coarse;
    registered = hsaKmtRegisterMemoryWithFlags(host_ptr, size, same);  // counted
  } else {
    registered = register_range(host_ptr, size, nodes, coarse);
  }
  if (registered != HSAKMT_STATUS_SUCCESS) return HSA_STATUS_ERROR;
  if (hsaKmtMapMemoryToGPUNodes(host_ptr, size, &alternate, map, nodes.size(), nodes.data()) !=
      HSAKMT_STATUS_SUCCESS) {
    hsaKmtDeregisterMemory(host_ptr);
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  }
  void* seen_at = alternate ? reinterpret_cast<void*>(alternate) : host_ptr;
  hsart::Lock& l = rt.locks[host_ptr];
  if (l.count++ == 0) {
    l.bytes = size;
    l.agent_ptr = seen_at;
    l.nodes = nodes;
  }
  *agent_ptr = l.agent_ptr;
  return HSA_STATUS_SUCCESS;
}

}  // namespace

extern "C" hsa_status_t hsa_amd_memory_lock(void* host_ptr, size_t size, hsa_agent_t* agents,
                                            int num_agent, void** agent_ptr) {
  HSART_CHECK_INIT();
  const hsa_status_t s = check_lock_args(host_ptr, size, agents, num_agent, agent_ptr);
  if (s != HSA_STATUS_SUCCESS) return s;
  return lock(host_ptr, size, agents, num_agent, true, agent_ptr);
}

extern "C" hsa_status_t hsa_amd_memory_lock_to_pool(void* host_ptr, size_t size,
                                                    hsa_agent_t* agents, int num_agent,
                                                    hsa_amd_memory_pool_t pool, uint32_t flags,
                                                    void** agent_ptr) {
  HSART_CHECK_INIT();
  if (flags != 0) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const hsa_status_t s = check_lock_args(host_ptr, size, agents, num_agent, agent_ptr);
  if (s != HSA_STATUS_SUCCESS) return s;
  // Only a CPU's (system memory) pool can hold host memory.
  const Region* r = hsart::region_from(hsa_region_t{pool.handle});
  if (!r || r->owner->type != HSA_DEVICE_TYPE_CPU)
    return static_cast<hsa_status_t>(HSA_STATUS_ERROR_INVALID_MEMORY_POOL);
  return lock(host_ptr, size, agents, num_agent, false, agent_ptr);
}

// Undoes one lock of host_ptr; the thunk unmaps and unpins the range when
// its last registration goes. A pointer that is not locked is left alone
// with success, as ROCr does (the API leaves it undefined).
extern "C" hsa_status_t hsa_amd_memory_unlock(void* host_ptr) {
  HSART_CHECK_INIT();
  Runtime& rt = hsart::runtime();
  std::lock_guard<std::mutex> guard(rt.memory_mu);
  auto it = rt.locks.find(host_ptr);
  if (it == rt.locks.end()) return HSA_STATUS_SUCCESS;
  hsaKmtDeregisterMemory(host_ptr);
  if (--it->second.count == 0) rt.locks.erase(it);
  return HSA_STATUS_SUCCESS;
}
