// The agents and regions read from the thunk's topology at the first
// hsa_init (runtime/topology.cpp); their addresses are the hsa_agent_t and
// hsa_region_t handles.
#pragma once

#include <hsa/hsa.h>
#include <hsakmt.h>

#include <cstdint>
#include <string>
#include <vector>

namespace hsart {

struct Agent;
struct Isa;
struct Runtime;

enum class RegionKind { kVram, kSystem, kKernarg, kGroup };

struct Region {
  RegionKind kind;
  const Agent* owner;
  uint32_t alloc_node;  // thunk node that backs allocations
  uint64_t size;
  uint64_t base;  // where the bank appears to the process, or 0
  uint32_t bus_width;
  uint32_t max_clock_mhz;
};

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

// Handle <-> object, checked against the live tables (a stale or made-up
// handle gives nullptr, never a wild pointer).
const Agent* agent_from(hsa_agent_t agent);
const Region* region_from(hsa_region_t region);
hsa_agent_t handle_of(const Agent* agent);
hsa_region_t handle_of(const Region* region);

// A full-profile agent: a GPU in a node with CPU cores (an APU, whose GPU
// reaches all of the process's memory), as ROCr decides; CPU agents too.
bool full_profile(const Agent& agent);

// Whether some GPU agent runs isa in the full profile.
bool isa_has_full_profile_agent(const Isa& isa);

// Reads the thunk's topology into rt (KFD already open).
hsa_status_t build_topology(Runtime& rt);

}  // namespace hsart
