// Reads the KFD's sysfs topology through the transport into a snapshot:
//   <root>/generation_id, <root>/system_properties,
//   <root>/nodes/<n>/{gpu_id,name,properties},
//   <root>/nodes/<n>/{mem_banks,caches,io_links,p2p_links}/<i>/properties
// and fills in what ROCm's thunk derives on top of the files (node ids,
// names, LocalMemSize, indirect links).
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "topology_snapshot.h"

namespace hsakmt {
namespace {

// The KFD may change the topology (hotplug) while we read; a snapshot is
// retaken when generation_id moved. A KFD that keeps changing is broken.
constexpr int kMaxSnapshotAttempts = 16;
// More nodes than the KFD supports means a transport that never says ENOENT.
constexpr uint32_t kMaxNodes = 1024;

std::string node_dir(uint32_t sysfs_id) {
  return std::string(kTopologyRoot) + "/nodes/" + std::to_string(sysfs_id) + "/";
}

// Text of one file as a property list; the status says what went wrong.
HSAKMT_STATUS read_properties(Transport& t, const std::string& path, PropertyList* list) {
  std::string text;
  const int r = t.read_file(path, &text);
  if (r == -EPERM || r == -EACCES) return HSAKMT_STATUS_UNAVAILABLE;
  if (r != 0) return HSAKMT_STATUS_ERROR;
  return parse_property_text(text, list) ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_ERROR;
}

HSAKMT_STATUS read_number(Transport& t, const std::string& path, uint64_t* value) {
  std::string text;
  if (t.read_file(path, &text) != 0) return HSAKMT_STATUS_ERROR;
  char* end = nullptr;
  errno = 0;
  *value = std::strtoull(text.c_str(), &end, 10);
  if (errno != 0 || end == text.c_str() || (*end != '\0' && *end != '\n'))
    return HSAKMT_STATUS_ERROR;
  return HSAKMT_STATUS_SUCCESS;
}

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

// The CPU's model name ("model name : ..." in /proc/cpuinfo). The host's
// file is the truth for both transports; the transport is asked first.
std::string cpu_model_name(Transport& t) {
  std::string text;
  if (t.read_file("/proc/cpuinfo", &text) != 0) {
    std::ifstream in("/proc/cpuinfo");
    std::stringstream ss;
    ss << in.rdbuf();
    text = ss.str();
  }
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.compare(0, 10, "model name") != 0) continue;
    const size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    const size_t start = line.find_first_not_of(" \t", colon + 1);
    return start == std::string::npos ? std::string() : line.substr(start);
  }
  return std::string();
}

// $HSA_OVERRIDE_GFX_VERSION=major.minor.stepping replaces the GPU's ISA
// version, as with ROCm's thunk. Malformed values are an error.
HSAKMT_STATUS apply_gfx_override(HsaNodeProperties* props) {
  const char* env = std::getenv("HSA_OVERRIDE_GFX_VERSION");
  if (env == nullptr) return HSAKMT_STATUS_SUCCESS;
  unsigned major = 0, minor = 0, stepping = 0;
  char extra = 0;
  if (std::sscanf(env, "%u.%u.%u%c", &major, &minor, &stepping, &extra) != 3 || major > 63 ||
      minor > 99 || stepping > 99)
    return HSAKMT_STATUS_ERROR;
  set_gfx_version(major * 10000 + minor * 100 + stepping, props);
  return HSAKMT_STATUS_SUCCESS;
}

// One subdirectory list (mem_banks, caches, ...) of a node. A count no
// KFD would print (from a corrupt file) is an error, not an allocation.
template <class T>
HSAKMT_STATUS read_items(Transport& t, const std::string& dir, uint64_t count,
                         bool (*convert)(const PropertyList&, T*), std::vector<T>* out) {
  constexpr uint64_t kMaxItems = 1u << 16;
  out->clear();
  if (count > kMaxItems) return HSAKMT_STATUS_ERROR;
  for (uint64_t i = 0; i < count; ++i) {
    PropertyList list;
    const HSAKMT_STATUS s = read_properties(t, dir + std::to_string(i) + "/properties", &list);
    if (s != HSAKMT_STATUS_SUCCESS) return s;
    T item{};
    if (!convert(list, &item)) return HSAKMT_STATUS_ERROR;
    out->push_back(item);
  }
  return HSAKMT_STATUS_SUCCESS;
}

// cpu_index counts the CPU nodes before this one: CPU node k is NUMA node k.
HSAKMT_STATUS read_node(Transport& t, uint32_t sysfs_id, uint32_t cpu_index,
                        const std::string& cpu_name, NodeSnapshot* node) {
  const std::string dir = node_dir(sysfs_id);
  node->sysfs_id = sysfs_id;
  PropertyList list;
  HSAKMT_STATUS s = read_properties(t, dir + "properties", &list);
  if (s != HSAKMT_STATUS_SUCCESS) return s;
  HsaNodeProperties& p = node->props;
  if (!node_from_properties(list, &p)) return HSAKMT_STATUS_ERROR;

  uint64_t gpu_id = 0;
  if (read_number(t, dir + "gpu_id", &gpu_id) != HSAKMT_STATUS_SUCCESS) return HSAKMT_STATUS_ERROR;
  node->gpu_id = static_cast<uint32_t>(gpu_id);

  if (node->gpu_id != 0) {
    s = apply_gfx_override(&p);
    if (s != HSAKMT_STATUS_SUCCESS) return s;
    set_register_file_sizes(&p);
    // ROCm asks libdrm for a marketing name; the KFD's name file (the ASIC,
    // e.g. "vega10") is what every transport can give.
    std::string name;
    if (t.read_file(dir + "name", &name) == 0) set_marketing_name(first_line(name), &p);
  } else {
    set_marketing_name(cpu_name, &p);
    const size_t n = std::min(cpu_name.size(), sizeof(p.AMDName) - 1);
    for (size_t i = 0; i < n; ++i) p.AMDName[i] = static_cast<HSAuint8>(cpu_name[i]);
  }

  s = read_items(t, dir + "mem_banks/", p.NumMemoryBanks, memory_from_properties, &node->mem);
  if (s != HSAKMT_STATUS_SUCCESS) return s;
  s = read_items(t, dir + "caches/", p.NumCaches, cache_from_properties, &node->caches);
  if (s != HSAKMT_STATUS_SUCCESS) return s;
  if (node->gpu_id == 0 && p.NumCaches == 0) {
    node->caches = host_cpu_caches(t, cpu_index);
    p.NumCaches = static_cast<HSAuint32>(node->caches.size());
  }

  // Recent KFDs (Linux 6.1 among them) list GPU-to-GPU links separately.
  uint64_t p2p = 0;
  for (const auto& [name, value] : list)
    if (name == "p2p_links_count") p2p = std::strtoull(value.c_str(), nullptr, 10);
  std::vector<HsaIoLinkProperties> io, peer;
  s = read_items(t, dir + "io_links/", p.NumIOLinks, io_link_from_properties, &io);
  if (s != HSAKMT_STATUS_SUCCESS) return s;
  s = read_items(t, dir + "p2p_links/", p2p, io_link_from_properties, &peer);
  if (s != HSAKMT_STATUS_SUCCESS) return s;
  node->links = std::move(io);
  node->links.insert(node->links.end(), peer.begin(), peer.end());

  // Linux reports local_mem_size 0 and the VRAM as memory banks.
  if (p.LocalMemSize == 0)
    for (const HsaMemoryProperties& m : node->mem)
      if (m.HeapType == HSA_HEAPTYPE_FRAME_BUFFER_PUBLIC ||
          m.HeapType == HSA_HEAPTYPE_FRAME_BUFFER_PRIVATE)
        p.LocalMemSize += m.SizeInBytes;
  return HSAKMT_STATUS_SUCCESS;
}

// Link ends are sysfs ids; the API speaks our node ids. Links to nodes this
// process cannot see are dropped.
void map_link_ends(std::vector<NodeSnapshot>* nodes) {
  auto to_node_id = [nodes](uint32_t sysfs_id, uint32_t* id) {
    for (uint32_t i = 0; i < nodes->size(); ++i)
      if ((*nodes)[i].sysfs_id == sysfs_id) {
        *id = i;
        return true;
      }
    return false;
  };
  for (NodeSnapshot& n : *nodes) {
    std::vector<HsaIoLinkProperties> kept;
    for (HsaIoLinkProperties l : n.links)
      if (to_node_id(l.NodeFrom, &l.NodeFrom) && to_node_id(l.NodeTo, &l.NodeTo)) kept.push_back(l);
    n.links = std::move(kept);
    n.props.NumIOLinks = static_cast<HSAuint32>(n.links.size());
  }
}

HSAKMT_STATUS read_once(Transport& t, TopologySnapshot* out) {
  PropertyList list;
  HSAKMT_STATUS s = read_properties(t, std::string(kTopologyRoot) + "/system_properties", &list);
  if (s != HSAKMT_STATUS_SUCCESS) return HSAKMT_STATUS_ERROR;
  out->system = HsaSystemProperties{};
  for (const auto& [name, value] : list) {
    const HSAuint32 v = static_cast<HSAuint32>(std::strtoull(value.c_str(), nullptr, 10));
    if (name == "platform_oem") out->system.PlatformOem = v;
    if (name == "platform_id") out->system.PlatformId = v;
    if (name == "platform_rev") out->system.PlatformRev = v;
  }

  const std::string cpu_name = cpu_model_name(t);
  out->nodes.clear();
  uint32_t cpu_nodes = 0;
  // Nodes are numbered densely from 0; the first missing one ends the list.
  for (uint32_t id = 0;; ++id) {
    std::string probe;
    const int r = t.read_file(node_dir(id) + "gpu_id", &probe);
    if (r == -ENOENT) break;
    if (id == kMaxNodes) return HSAKMT_STATUS_ERROR;
    NodeSnapshot node;
    s = read_node(t, id, cpu_nodes, cpu_name, &node);
    if (s == HSAKMT_STATUS_UNAVAILABLE) continue;  // hidden from this process
    if (s != HSAKMT_STATUS_SUCCESS) return s;
    if (node.gpu_id == 0) ++cpu_nodes;
    out->nodes.push_back(std::move(node));
  }
  map_link_ends(&out->nodes);
  add_indirect_links(&out->nodes);
  out->system.NumNodes = static_cast<HSAuint32>(out->nodes.size());
  return HSAKMT_STATUS_SUCCESS;
}

}  // namespace

HSAKMT_STATUS read_topology(Transport& t, TopologySnapshot* out) {
  const std::string generation = std::string(kTopologyRoot) + "/generation_id";
  for (int attempt = 0; attempt < kMaxSnapshotAttempts; ++attempt) {
    uint64_t before = 0, after = 0;
    if (read_number(t, generation, &before) != HSAKMT_STATUS_SUCCESS) return HSAKMT_STATUS_ERROR;
    const HSAKMT_STATUS s = read_once(t, out);
    if (s != HSAKMT_STATUS_SUCCESS) return s;
    if (read_number(t, generation, &after) != HSAKMT_STATUS_SUCCESS) return HSAKMT_STATUS_ERROR;
    if (before == after) return HSAKMT_STATUS_SUCCESS;
  }
  return HSAKMT_STATUS_ERROR;
}

}  // namespace hsakmt
