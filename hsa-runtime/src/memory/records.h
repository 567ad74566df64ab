// The runtime's records of the memory it handed out or pinned, for the API
// files that need to know what an address is (pools, locks, pointer info,
// async copies). Everything here takes Runtime::memory_mu itself unless its
// name ends in _locked.
#pragma once

#include <hsa/hsa.h>

#include <cstddef>
#include <cstdint>

#include "runtime/topology.h"

namespace hsart {

struct Runtime;

constexpr uint64_t kMemoryPage = 4096;

inline uint64_t round_to_page(uint64_t n) { return (n + kMemoryPage - 1) & ~(kMemoryPage - 1); }

// The largest single allocation a region grants (ROCr: the size rounded
// down to whole pages); 0 for a region the runtime does not allocate from.
inline uint64_t alloc_max_size(const Region& r) {
  return r.kind == RegionKind::kGroup ? 0 : r.size & ~(kMemoryPage - 1);
}

// What covers an address range.
struct MemoryBlock {
  enum class Kind { kAllocation, kLocked } kind;
  void* base;            // the allocation's base, or the locked host pointer
  uint64_t bytes;        // the allocation's page-rounded size, or the locked size
  const Region* region;  // the pool of an allocation; nullptr when locked
  void* agent_ptr;       // the address agents use for base
};

// Finds the allocation or locked range holding all of [p, p + len) (len 0
// counts as 1). False when none does.
bool find_memory(const void* p, size_t len, MemoryBlock* out);

// Allocates from r for the API. restricted follows ROCr's pool rule: only
// the owner may use it (VRAM mapped to its GPU, system memory to no GPU)
// until hsa_amd_agents_allow_access; otherwise it is mapped the way
// hsa_memory_allocate promises (system memory to every GPU). Returns
// INVALID_ALLOCATION for a region without runtime allocation or a size over
// its maximum, OUT_OF_RESOURCES when the thunk refuses.
hsa_status_t allocate_memory(const Region& r, size_t size, bool restricted, void** ptr);

// Frees what allocate_memory returned; INVALID_ARGUMENT for anything else.
hsa_status_t free_memory(void* ptr);

// Returns memory still allocated or registered to the thunk (the last
// hsa_shut_down).
void release_memory(Runtime& rt);

}  // namespace hsart
