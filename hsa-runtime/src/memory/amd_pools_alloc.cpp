// Allocating from memory pools and granting agents access:
// hsa_amd_memory_pool_allocate/free, hsa_amd_agents_allow_access and the
// migration queries ROCr does not implement either.
#include <hsa/hsa_ext_amd.h>

#include <vector>

#include "memory/records.h"
#include "runtime/runtime.h"
#include "runtime/topology.h"

namespace {

using hsart::Region;
using hsart::RegionKind;

// ROCr's one allocation flag (HSA_AMD_MEMORY_POOL_PCIE_FLAG, absent from
// our header) asks for VRAM the host may reach over PCIe; our VRAM is
// host-reachable already, so it is accepted and changes nothing.
constexpr uint32_t kPcieFlag = 1;

const Region* pool_from(hsa_amd_memory_pool_t pool) {
  return hsart::region_from(hsa_region_t{pool.handle});
}

}  // namespace

extern "C" hsa_status_t hsa_amd_memory_pool_allocate(hsa_amd_memory_pool_t memory_pool, size_t size,
                                                     uint32_t flags, void** ptr) {
  HSART_CHECK_INIT();
  if (size == 0 || !ptr || flags > kPcieFlag) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const Region* r = pool_from(memory_pool);
  if (!r) return static_cast<hsa_status_t>(HSA_STATUS_ERROR_INVALID_MEMORY_POOL);
  // A pool allocation is its owner's until hsa_amd_agents_allow_access.
  return hsart::allocate_memory(*r, size, true, ptr);
}

// ROCr frees pool memory and region memory alike.
extern "C" hsa_status_t hsa_amd_memory_pool_free(void* ptr) { return hsa_memory_free(ptr); }

extern "C" hsa_status_t hsa_amd_agents_allow_access(uint32_t num_agents, const hsa_agent_t* agents,
                                                    const uint32_t* flags, const void* ptr) {
  HSART_CHECK_INIT();
  if (num_agents == 0 || !agents || flags || !ptr) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::vector<HSAuint32> nodes;
  for (uint32_t i = 0; i < num_agents; ++i) {
    const hsart::Agent* a = hsart::agent_from(agents[i]);
    if (!a) return HSA_STATUS_ERROR_INVALID_AGENT;
    if (a->type == HSA_DEVICE_TYPE_GPU) nodes.push_back(a->node);
  }
  hsart::Runtime& rt = hsart::runtime();
  // Held while the mappings change, so pointer info never reads them
  // half-changed.
  std::lock_guard<std::mutex> guard(rt.memory_mu);
  // As in ROCr only the start of an allocation names it; anything else
  // (a pointer inside one, locked or unknown memory) is a plain error.
  auto it = rt.allocations.find(const_cast<void*>(ptr));
  if (it == rt.allocations.end()) return HSA_STATUS_ERROR;
  const Region& r = *it->second.region;
  if (nodes.empty()) {
    // Only CPUs: system memory becomes the host's alone again (ROCr); VRAM
    // stays with its owner.
    if (r.kind != RegionKind::kVram) hsaKmtUnmapMemoryToGPU(const_cast<void*>(ptr));
    return HSA_STATUS_SUCCESS;
  }
  // The owner of VRAM keeps its mapping whatever the list says.
  if (r.kind == RegionKind::kVram) nodes.push_back(r.owner->node);
  HsaMemMapFlags map{};
  if (hsaKmtMapMemoryToGPUNodes(const_cast<void*>(ptr), it->second.bytes, nullptr, map,
                                nodes.size(), nodes.data()) != HSAKMT_STATUS_SUCCESS)
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  return HSA_STATUS_SUCCESS;
}

// No memory moves between pools. ROCr answers false but with
// HSA_STATUS_ERROR_OUT_OF_RESOURCES; we answer the question (false) with
// success, which is what a caller checking the result needs.
extern "C" hsa_status_t hsa_amd_memory_pool_can_migrate(hsa_amd_memory_pool_t src_memory_pool,
                                                        hsa_amd_memory_pool_t dst_memory_pool,
                                                        bool* result) {
  HSART_CHECK_INIT();
  if (!result) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (!pool_from(src_memory_pool) || !pool_from(dst_memory_pool))
    return static_cast<hsa_status_t>(HSA_STATUS_ERROR_INVALID_MEMORY_POOL);
  *result = false;
  return HSA_STATUS_SUCCESS;
}

// Migration is not implemented, as in ROCr, whose answer we return:
// HSA_STATUS_ERROR_OUT_OF_RESOURCES (HSA has no "not supported" status).
extern "C" hsa_status_t hsa_amd_memory_migrate(const void* ptr, hsa_amd_memory_pool_t memory_pool,
                                               uint32_t flags) {
  HSART_CHECK_INIT();
  if (!ptr || flags != 0) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (!pool_from(memory_pool))
    return static_cast<hsa_status_t>(HSA_STATUS_ERROR_INVALID_MEMORY_POOL);
  return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
}
