// What the runtime records of memory it handed out or pinned (kept in
// Runtime, runtime/runtime.h; looked up through memory/records.h).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace hsart {

struct Region;

// Memory the API handed out (hsa_memory_allocate, and
// hsa_amd_memory_pool_allocate: a pool is a region).
struct Allocation {
  const Region* region = nullptr;  // where it came from
  uint64_t bytes = 0;              // what the thunk holds: the size in whole pages
  void* user_data = nullptr;       // hsa_amd_pointer_info_set_userdata
  // hsa_amd_register_deallocation_callback: run (base, data) when freed.
  std::vector<std::pair<void (*)(void*, void*), void*>> on_free;
};

// Host memory pinned by hsa_amd_memory_lock*: every lock of the same range
// is counted (as the thunk counts its registrations) and the last unlock
// unpins it.
struct Lock {
  uint64_t bytes = 0;  // the size of the first lock
  unsigned count = 0;
  void* agent_ptr = nullptr;  // where agents see it
  // The GPU nodes the range is registered and mapped for (the first
  // lock's; a later lock may name these or fewer).
  std::vector<uint32_t> nodes;
};

}  // namespace hsart
