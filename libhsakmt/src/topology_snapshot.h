// The KFD topology as the thunk reports it: nodes with their memory banks,
// caches and IO links, read from the sysfs text the KFD publishes (through
// the transport, so the emulated KFD serves the same files).
//
// Node ids are the thunk's: the sysfs nodes this process may see, in sysfs
// order (the KFD hides GPUs a device cgroup denies; reading their
// properties fails with EPERM).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "hsakmt.h"
#include "transport/transport.h"

namespace hsakmt {

struct NodeSnapshot {
  uint32_t sysfs_id = 0;
  uint32_t gpu_id = 0;  // 0 for a CPU-only node
  HsaNodeProperties props{};
  std::vector<HsaMemoryProperties> mem;    // the KFD's banks only
  std::vector<HsaCacheProperties> caches;  // as many as props.NumCaches
  std::vector<HsaIoLinkProperties> links;  // io_links, p2p_links, then indirect ones
};

struct TopologySnapshot {
  HsaSystemProperties system{};
  std::vector<NodeSnapshot> nodes;
};

// Reads the whole topology, retrying while generation_id changes under it.
HSAKMT_STATUS read_topology(Transport& transport, TopologySnapshot* out);

// ---------------------------------------------------------------------------
// Text parsing (topology_text.cpp), exposed for white-box tests.

// "name value" lines; the value is the rest of the line.
using PropertyList = std::vector<std::pair<std::string, std::string>>;

// False when a non-empty line has no value or the text is not a list.
bool parse_property_text(const std::string& text, PropertyList* out);

// Each returns false on a value that is not a number where one is needed.
bool node_from_properties(const PropertyList& list, HsaNodeProperties* props);
bool memory_from_properties(const PropertyList& list, HsaMemoryProperties* mem);
bool cache_from_properties(const PropertyList& list, HsaCacheProperties* cache);
bool io_link_from_properties(const PropertyList& list, HsaIoLinkProperties* link);

// gfx_target_version (e.g. 90000 for gfx900) into EngineId's major, minor
// and stepping, and the AMDName ROCm derives from it ("GFX090000").
void set_gfx_version(uint32_t gfx_target_version, HsaNodeProperties* props);

// ASCII into the UTF-16 MarketingName (truncated, always terminated).
void set_marketing_name(const std::string& name, HsaNodeProperties* props);
// A GPU node's SGPRSizePerCU / VGPRSizePerCU from its EngineId, as ROCm's
// thunk fills them (the KFD's sysfs has no such property).
void set_register_file_sizes(HsaNodeProperties* props);

// topology_cpu_caches.cpp: the host's caches of the CPUs of a NUMA node,
// for CPU nodes the KFD lists without caches.
std::vector<HsaCacheProperties> host_cpu_caches(Transport& transport, uint32_t numa_node);

// topology_links.cpp: links between nodes that have no direct link (GPU to
// GPU through their CPUs, GPU to a remote CPU), as ROCm's thunk adds them.
void add_indirect_links(std::vector<NodeSnapshot>* nodes);

}  // namespace hsakmt
