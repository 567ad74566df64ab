// hsa_memory_*: allocations through the thunk, always mapped to every GPU.
// In this process VRAM is allocated host-accessible (the emulated GPU's VRAM
// is ordinary process memory, and on a large-BAR card it is CPU-mappable
// too), so hsa_memory_copy is a memcpy whatever the two sides are.
#include <cstring>

#include "runtime.h"

namespace hsart {
namespace {

constexpr uint64_t kPage = 4096;

uint64_t round_page(uint64_t n) { return (n + kPage - 1) & ~(kPage - 1); }

HsaMemFlags flags_for(RegionKind kind) {
  HsaMemFlags f{};
  f.ui32.HostAccess = 1;
  f.ui32.NonPaged = 1;
  f.ui32.CoarseGrain = kind == RegionKind::kVram;
  return f;
}

// Whether p falls inside a runtime allocation (memory_mu held).
bool inside_allocation(const Runtime& rt, const void* p) {
  auto it = rt.allocations.upper_bound(const_cast<void*>(p));
  if (it == rt.allocations.begin()) return false;
  --it;
  const auto* base = static_cast<const char*>(it->first);
  return static_cast<const char*>(p) < base + it->second;
}

}  // namespace

void release_memory(Runtime& rt) {
  std::lock_guard<std::mutex> lock(rt.memory_mu);
  for (const auto& [ptr, count] : rt.registrations) {
    (void)count;
    hsaKmtUnmapMemoryToGPU(ptr);
    hsaKmtDeregisterMemory(ptr);
  }
  rt.registrations.clear();
  for (const auto& [ptr, bytes] : rt.allocations) {
    hsaKmtUnmapMemoryToGPU(ptr);
    hsaKmtFreeMemory(ptr, bytes);
  }
  rt.allocations.clear();
}

}  // namespace hsart

using hsart::Runtime;

extern "C" hsa_status_t hsa_memory_allocate(hsa_region_t region, size_t size, void** ptr) {
  HSART_CHECK_INIT();
  if (!ptr || size == 0) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const hsart::Region* r = hsart::region_from(region);
  if (!r) return HSA_STATUS_ERROR_INVALID_REGION;
  if (r->kind == hsart::RegionKind::kGroup || size > r->size)
    return HSA_STATUS_ERROR_INVALID_ALLOCATION;
  const uint64_t bytes = hsart::round_page(size);
  void* p = nullptr;
  if (hsaKmtAllocMemory(r->alloc_node, bytes, hsart::flags_for(r->kind), &p) !=
      HSAKMT_STATUS_SUCCESS)
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  if (hsaKmtMapMemoryToGPU(p, bytes, nullptr) != HSAKMT_STATUS_SUCCESS) {
    hsaKmtFreeMemory(p, bytes);
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  }
  Runtime& rt = hsart::runtime();
  std::lock_guard<std::mutex> lock(rt.memory_mu);
  rt.allocations[p] = bytes;
  *ptr = p;
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_memory_free(void* ptr) {
  HSART_CHECK_INIT();
  if (!ptr) return HSA_STATUS_SUCCESS;  // the specification's no-op
  Runtime& rt = hsart::runtime();
  uint64_t bytes = 0;
  {
    std::lock_guard<std::mutex> lock(rt.memory_mu);
    auto it = rt.allocations.find(ptr);
    // A pointer this runtime did not hand out (or freed already) is left
    // undefined by the specification; refusing it beats a crash.
    if (it == rt.allocations.end()) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
    bytes = it->second;
    rt.allocations.erase(it);
  }
  hsaKmtUnmapMemoryToGPU(ptr);
  return hsaKmtFreeMemory(ptr, bytes) == HSAKMT_STATUS_SUCCESS ? HSA_STATUS_SUCCESS
                                                               : HSA_STATUS_ERROR_RESOURCE_FREE;
}

extern "C" hsa_status_t hsa_memory_register(void* ptr, size_t size) {
  HSART_CHECK_INIT();
  if (!ptr) return size == 0 ? HSA_STATUS_SUCCESS : HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (size == 0) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  Runtime& rt = hsart::runtime();
  std::lock_guard<std::mutex> lock(rt.memory_mu);
  // The runtime's own memory is already visible to every agent.
  if (hsart::inside_allocation(rt, ptr)) return HSA_STATUS_SUCCESS;
  auto it = rt.registrations.find(ptr);
  if (it != rt.registrations.end()) {
    ++it->second;
    return HSA_STATUS_SUCCESS;
  }
  if (hsaKmtRegisterMemory(ptr, size) != HSAKMT_STATUS_SUCCESS)
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  if (hsaKmtMapMemoryToGPU(ptr, size, nullptr) != HSAKMT_STATUS_SUCCESS) {
    hsaKmtDeregisterMemory(ptr);
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  }
  rt.registrations[ptr] = 1;
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_memory_deregister(void* ptr, size_t size) {
  HSART_CHECK_INIT();
  (void)size;  // the registration is found by its start
  if (!ptr) return HSA_STATUS_SUCCESS;
  Runtime& rt = hsart::runtime();
  std::lock_guard<std::mutex> lock(rt.memory_mu);
  if (hsart::inside_allocation(rt, ptr)) return HSA_STATUS_SUCCESS;
  auto it = rt.registrations.find(ptr);
  if (it == rt.registrations.end()) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (--it->second > 0) return HSA_STATUS_SUCCESS;
  rt.registrations.erase(it);
  hsaKmtUnmapMemoryToGPU(ptr);
  hsaKmtDeregisterMemory(ptr);
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_memory_copy(void* dst, const void* src, size_t size) {
  HSART_CHECK_INIT();
  if (!dst || !src) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (size) std::memmove(dst, src, size);
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_memory_assign_agent(void* ptr, hsa_agent_t agent,
                                                hsa_access_permission_t access) {
  HSART_CHECK_INIT();
  if (!hsart::agent_from(agent)) return HSA_STATUS_ERROR_INVALID_AGENT;
  if (!ptr || access < HSA_ACCESS_PERMISSION_RO || access > HSA_ACCESS_PERMISSION_RW)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  // Every allocation is mapped to every agent already: ownership changes
  // nothing.
  return HSA_STATUS_SUCCESS;
}
