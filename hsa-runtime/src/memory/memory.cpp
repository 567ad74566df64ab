// hsa_memory_*: allocations through the thunk, mapped to every GPU that
// may use them, and the records of allocated and locked memory the AMD
// memory extensions share (memory/records.h). In this process VRAM is
// allocated host-accessible (the emulated GPU's VRAM is ordinary process
// memory, and on a large-BAR card it is CPU-mappable too), so
// hsa_memory_copy is a memcpy whatever the two sides are.
#include <cstring>

#include "memory/allocation.h"
#include "memory/records.h"
#include "runtime/runtime.h"
#include "runtime/topology.h"

namespace hsart {
namespace {

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
  return static_cast<const char*>(p) < base + it->second.bytes;
}

// The entry of map m whose [key, key + size_of(entry)) holds [p, end), or
// m.end().
template <typename Map, typename SizeOf>
typename Map::const_iterator covering(const Map& m, const char* p, const char* end,
                                      SizeOf size_of) {
  auto it = m.upper_bound(const_cast<char*>(p));
  if (it == m.begin()) return m.end();
  --it;
  const char* base = static_cast<const char*>(it->first);
  return end <= base + size_of(it->second) ? it : m.end();
}

// Maps a fresh allocation where its kind says (see allocate_memory).
bool map_new(const Region& r, void* p, uint64_t bytes, bool restricted) {
  if (!restricted) return hsaKmtMapMemoryToGPU(p, bytes, nullptr) == HSAKMT_STATUS_SUCCESS;
  if (r.kind != RegionKind::kVram) return true;  // system memory: the host only
  HSAuint32 node = r.owner->node;
  HsaMemMapFlags map{};
  return hsaKmtMapMemoryToGPUNodes(p, bytes, nullptr, map, 1, &node) == HSAKMT_STATUS_SUCCESS;
}

}  // namespace

bool find_memory(const void* p, size_t len, MemoryBlock* out) {
  if (!p || !out) return false;
  const char* begin = static_cast<const char*>(p);
  const char* end = begin + (len ? len : 1);
  if (end < begin) return false;
  Runtime& rt = runtime();
  std::lock_guard<std::mutex> lock(rt.memory_mu);
  auto a = covering(rt.allocations, begin, end, [](const Allocation& x) { return x.bytes; });
  if (a != rt.allocations.end()) {
    *out = {MemoryBlock::Kind::kAllocation, a->first, a->second.bytes, a->second.region, a->first};
    return true;
  }
  auto l = covering(rt.locks, begin, end, [](const Lock& x) { return x.bytes; });
  if (l != rt.locks.end()) {
    *out = {MemoryBlock::Kind::kLocked, l->first, l->second.bytes, nullptr, l->second.agent_ptr};
    return true;
  }
  return false;
}

hsa_status_t allocate_memory(const Region& r, size_t size, bool restricted, void** ptr) {
  if (r.kind == RegionKind::kGroup || size > alloc_max_size(r))
    return HSA_STATUS_ERROR_INVALID_ALLOCATION;
  const uint64_t bytes = round_to_page(size);
  void* p = nullptr;
  if (hsaKmtAllocMemory(r.alloc_node, bytes, flags_for(r.kind), &p) != HSAKMT_STATUS_SUCCESS)
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  if (!map_new(r, p, bytes, restricted)) {
    hsaKmtFreeMemory(p, bytes);
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  }
  Runtime& rt = runtime();
  std::lock_guard<std::mutex> lock(rt.memory_mu);
  Allocation& a = rt.allocations[p];
  a.region = &r;
  a.bytes = bytes;
  *ptr = p;
  return HSA_STATUS_SUCCESS;
}

hsa_status_t free_memory(void* ptr) {
  Runtime& rt = runtime();
  uint64_t bytes = 0;
  std::vector<std::pair<void (*)(void*, void*), void*>> on_free;
  {
    std::lock_guard<std::mutex> lock(rt.memory_mu);
    auto it = rt.allocations.find(ptr);
    // A pointer this runtime did not hand out (or freed already) is left
    // undefined by the specification; refusing it beats a crash.
    if (it == rt.allocations.end()) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
    bytes = it->second.bytes;
    on_free = std::move(it->second.on_free);
    rt.allocations.erase(it);
  }
  // Deallocation callbacks run without the lock (they may allocate or
  // free), while the memory is still there for them to look at.
  for (const auto& [callback, data] : on_free) callback(ptr, data);
  hsaKmtUnmapMemoryToGPU(ptr);
  return hsaKmtFreeMemory(ptr, bytes) == HSAKMT_STATUS_SUCCESS ? HSA_STATUS_SUCCESS
                                                               : HSA_STATUS_ERROR_RESOURCE_FREE;
}

void release_memory(Runtime& rt) {
  std::lock_guard<std::mutex> lock(rt.memory_mu);
  // The thunk counts registrations: each lock and hsa_memory_register of a
  // range is undone once.
  for (const auto& [ptr, l] : rt.locks) {
    hsaKmtUnmapMemoryToGPU(ptr);
    for (unsigned i = 0; i < l.count; ++i) hsaKmtDeregisterMemory(ptr);
  }
  rt.locks.clear();
  for (const auto& [ptr, base] : rt.imports) {
    (void)ptr;
    hsaKmtUnmapMemoryToGPU(base);
    hsaKmtDeregisterMemory(base);
  }
  rt.imports.clear();
  for (const auto& [ptr, count] : rt.registrations) {
    (void)count;
    hsaKmtUnmapMemoryToGPU(ptr);
    hsaKmtDeregisterMemory(ptr);
  }
  rt.registrations.clear();
  for (const auto& [ptr, a] : rt.allocations) {
    hsaKmtUnmapMemoryToGPU(ptr);
    hsaKmtFreeMemory(ptr, a.bytes);
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
  return hsart::allocate_memory(*r, size, false, ptr);
}

extern "C" hsa_status_t hsa_memory_free(void* ptr) {
  HSART_CHECK_INIT();
  if (!ptr) return HSA_STATUS_SUCCESS;  // the specification's no-op
  return hsart::free_memory(ptr);
}

extern "C" hsa_status_t hsa_memory_register(void* ptr, size_t size) {
  HSART_CHECK_INIT();
  // HSA 1.1: a NULL pointer is no operation, whatever the size (ROCr
  // agrees); a size of 0 is refused only with a pointer.
  if (!ptr) return HSA_STATUS_SUCCESS;
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
