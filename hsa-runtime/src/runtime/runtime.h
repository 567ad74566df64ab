// The runtime's state between hsa_init and the last hsa_shut_down: the
// agents and regions read from the thunk's topology, the ISA table, and the
// memory the API handed out. API files reach it through runtime().
#pragma once

#include <hsa/hsa.h>
#include <hsakmt.h>

#include <atomic>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace hsart {

struct Agent;

// An instruction set the runtime knows; its address is the hsa_isa_t handle.
struct Isa {
  const char* name;   // "amdgcn-amd-amdhsa--gfx900"
  const char* alias;  // the HSA 1.0 style name some programs still pass
  const char* gfx;    // the target an agent of this ISA is named after
  uint32_t wavefront_size;
  uint32_t waves_per_cu;  // the call convention's wavefronts per compute unit
};

enum class RegionKind { kVram, kSystem, kKernarg, kGroup };

// A region; its address is the hsa_region_t handle.
struct Region {
  RegionKind kind;
  const Agent* owner;
  uint32_t alloc_node;  // thunk node that backs allocations
  uint64_t size;
  uint64_t base;  // where the bank appears to the process, or 0
  uint32_t bus_width;
  uint32_t max_clock_mhz;
};

// An agent; its address is the hsa_agent_t handle.
struct Agent {
  hsa_device_type_t type;
  uint32_t node;
  HsaNodeProperties props;
  std::vector<HsaMemoryProperties> banks;
  std::vector<HsaCacheProperties> caches;
  std::vector<const Region*> regions;  // what hsa_agent_iterate_regions shows
  const Isa* isa;                      // nullptr for a CPU agent
  std::string name;
  std::string product_name;
};

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
};

struct Runtime {
  std::mutex mu;  // guards refcount and the topology's lifetime
  int refcount = 0;
  // refcount > 0 and the parts started, readable without mu: every API call
  // checks it, and a lock there would cost more than a signal operation.
  std::atomic<bool> up{false};
  std::deque<Agent> agents;
  std::deque<Region> regions;

  std::mutex memory_mu;                     // guards the three maps below
  std::map<void*, Allocation> allocations;  // by base: hsa_memory_allocate, pools
  std::map<void*, unsigned> registrations;  // hsa_memory_register count
  std::map<void*, Lock> locks;              // by host pointer: hsa_amd_memory_lock*
};

Runtime& runtime();
bool initialized();

// Handle <-> object, checked against the live tables (a stale or made-up
// handle gives nullptr, never a wild pointer).
const Agent* agent_from(hsa_agent_t agent);
const Region* region_from(hsa_region_t region);
const Isa* isa_from(hsa_isa_t isa);
hsa_agent_t handle_of(const Agent* agent);
hsa_region_t handle_of(const Region* region);
hsa_isa_t handle_of(const Isa* isa);

// The ISA table.
const std::vector<Isa>& isas();

// Zeroed host-accessible system memory mapped to every GPU, for the
// runtime's own structures (rings, amd_queue_t, loaded code objects); the
// size is rounded up to whole pages. nullptr when the thunk refuses.
void* alloc_gpu_visible(uint64_t bytes);
void free_gpu_visible(void* p, uint64_t bytes);

// Reads the thunk's topology into rt (KFD already open).
hsa_status_t build_topology(Runtime& rt);
// Returns memory still allocated or registered to the thunk.
void release_memory(Runtime& rt);

// Extensions: whether hsa.h names the id, and whether its table exists.
bool extension_known(uint16_t id);
bool extension_implemented(uint16_t id, uint16_t major);
// The 128-byte HSA_*_INFO_EXTENSIONS bitmask of the implemented ones.
void extension_mask(void* value);

// The clock behind HSA_SYSTEM_INFO_TIMESTAMP: CLOCK_MONOTONIC in ns.
constexpr uint64_t kTimestampFrequency = 1000000000;
uint64_t timestamp_now();

}  // namespace hsart

// Checks shared by every API function.
#define HSART_CHECK_INIT()                                                \
  do {                                                                    \
    if (!::hsart::initialized()) return HSA_STATUS_ERROR_NOT_INITIALIZED; \
  } while (0)
