// Builds the topology files of the emulated machine in the KFD's sysfs text
// format: "name value\n" lines with the property names in the order the
// driver prints them, so one parser serves the real and the emulated KFD.
#include "emulated/topology.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "kfd_topology.h"
#include "transport/transport.h"

namespace hsakmt::emu {
namespace {

// sysfs values from <linux/kfd_sysfs.h>.
constexpr uint32_t kHeapSystem = 0;
constexpr uint32_t kHeapFbPublic = 1;
constexpr uint32_t kCacheData = 0x1;
constexpr uint32_t kCacheInstruction = 0x2;
constexpr uint32_t kCacheCpu = 0x4;
constexpr uint32_t kCacheHsaCu = 0x8;
constexpr uint32_t kIoLinkPcie = 2;
constexpr uint32_t kIoLinkEnabled = 1;
constexpr uint32_t kCapDoorbellType2 = 0x2u << 12;
// HSA_CAP_ATS_PRESENT: what amdkfd sets on a GPU that uses IOMMUv2.
constexpr uint32_t kCapAtsPresent = 0x2;

unsigned env_count(const char* name, unsigned fallback, unsigned lo, unsigned hi) {
  const char* v = std::getenv(name);
  if (!v || !*v) return fallback;
  char* end = nullptr;
  const unsigned long n = std::strtoul(v, &end, 10);
  if (*end || n < lo || n > hi) {
    std::fprintf(stderr, "libhsakmt: %s='%s' is not in %u..%u; using %u\n", name, v, lo, hi,
                 fallback);
    return fallback;
  }
  return static_cast<unsigned>(n);
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::string s;
  std::getline(in, s);
  return s;
}

// "0-3,8" -> bits.
std::vector<bool> parse_cpu_list(const std::string& list, unsigned cpus) {
  std::vector<bool> bits(cpus, false);
  std::stringstream ss(list);
  std::string part;
  while (std::getline(ss, part, ',')) {
    unsigned a = 0, b = 0;
    const int n = std::sscanf(part.c_str(), "%u-%u", &a, &b);
    if (n == 1) b = a;
    if (n < 1) continue;
    for (unsigned i = a; i <= b && i < cpus; ++i) bits[i] = true;
  }
  return bits;
}

struct Cache {
  uint32_t processor_id_low = 0, level = 0, size_kb = 0, line = 0, lines_per_tag = 1;
  uint32_t assoc = 0, latency = 0, type = 0;
  std::vector<bool> siblings;
};

// "sibling_map b,b,b...\n" with 32 bits per word, as the driver prints it.
std::string sibling_line(const std::vector<bool>& bits) {
  std::string s = "sibling_map ";
  const size_t n = (bits.size() + 31) / 32 * 32;
  for (size_t i = 0; i < n; ++i) {
    s += i < bits.size() && bits[i] ? '1' : '0';
    s += i + 1 < n ? ',' : '\n';
  }
  return s;
}

// "name value" lines in kfd-common's order for the node kind.
struct Props {
  std::ostringstream o;
  static void emit(void* ctx, const char* name, uint64_t v) {
    static_cast<Props*>(ctx)->o << name << ' ' << v << '\n';
  }
  std::string print(const kfdc_prop* props, unsigned count, const uint64_t* values, bool gpu) {
    kfdc_print_props(props, count, values, gpu, emit, this);
    return o.str();
  }
};

std::string cache_text(const Cache& c) {
  uint64_t v[KFDC_CACHE_PROP_COUNT] = {};
  v[KFDC_CACHE_processor_id_low] = c.processor_id_low;
  v[KFDC_CACHE_level] = c.level;
  v[KFDC_CACHE_size] = c.size_kb;
  v[KFDC_CACHE_cache_line_size] = c.line;
  v[KFDC_CACHE_cache_lines_per_tag] = c.lines_per_tag;
  v[KFDC_CACHE_association] = c.assoc;
  v[KFDC_CACHE_latency] = c.latency;
  v[KFDC_CACHE_type] = c.type;
  return Props().print(kfdc_cache_props, KFDC_CACHE_PROP_COUNT, v, false) +
         sibling_line(c.siblings);
}

// Where sysfs lists no caches (some containers), glibc's sysconf still
// knows the levels: L1 data and instruction and L2 private to cpu0, L3
// shared by every CPU. ROCm's runtime expects CPU nodes to have caches.
std::vector<Cache> sysconf_caches(unsigned cpus) {
  const struct {
    uint32_t level, type;
    int size, assoc, line;
  } kLevels[] = {
      {1, kCacheData, _SC_LEVEL1_DCACHE_SIZE, _SC_LEVEL1_DCACHE_ASSOC, _SC_LEVEL1_DCACHE_LINESIZE},
      {1, kCacheInstruction, _SC_LEVEL1_ICACHE_SIZE, _SC_LEVEL1_ICACHE_ASSOC,
       _SC_LEVEL1_ICACHE_LINESIZE},
      {2, kCacheData | kCacheInstruction, _SC_LEVEL2_CACHE_SIZE, _SC_LEVEL2_CACHE_ASSOC,
       _SC_LEVEL2_CACHE_LINESIZE},
      {3, kCacheData | kCacheInstruction, _SC_LEVEL3_CACHE_SIZE, _SC_LEVEL3_CACHE_ASSOC,
       _SC_LEVEL3_CACHE_LINESIZE},
  };
  std::vector<Cache> out;
  for (const auto& l : kLevels) {
    const long bytes = sysconf(l.size);
    if (bytes <= 0) continue;
    Cache c;
    c.level = l.level;
    c.size_kb = static_cast<uint32_t>(bytes / 1024);
    c.line = static_cast<uint32_t>(std::max(0L, sysconf(l.line)));
    c.assoc = static_cast<uint32_t>(std::max(0L, sysconf(l.assoc)));
    c.type = kCacheCpu | l.type;
    c.siblings.assign(cpus, l.level == 3);
    if (cpus) c.siblings[0] = true;
    out.push_back(c);
  }
  return out;
}

// The host's caches as cpu0 sees them.
std::vector<Cache> host_caches(unsigned cpus) {
  std::vector<Cache> out;
  for (int i = 0;; ++i) {
    const std::string dir = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(i) + "/";
    const std::string level = read_text(dir + "level");
    if (level.empty()) break;
    Cache c;
    c.level = static_cast<uint32_t>(std::atoi(level.c_str()));
    c.size_kb = static_cast<uint32_t>(std::atoi(read_text(dir + "size").c_str()));
    c.line = static_cast<uint32_t>(std::atoi(read_text(dir + "coherency_line_size").c_str()));
    c.assoc = static_cast<uint32_t>(std::atoi(read_text(dir + "ways_of_associativity").c_str()));
    const std::string type = read_text(dir + "type");
    c.type = kCacheCpu | (type == "Instruction" ? kCacheInstruction
                          : type == "Data"      ? kCacheData
                                                : kCacheData | kCacheInstruction);
    c.siblings = parse_cpu_list(read_text(dir + "shared_cpu_list"), cpus);
    out.push_back(c);
  }
  if (out.empty()) out = sysconf_caches(cpus);
  return out;
}

uint32_t max_cpu_mhz() {
  const std::string khz = read_text("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq");
  return static_cast<uint32_t>(std::strtoul(khz.c_str(), nullptr, 10) / 1000);
}

// The RAM Linux counts (totalram, /proc/meminfo's MemTotal), which the
// module's memory limits and VRAM size use too.
uint64_t host_ram_bytes() {
  return static_cast<uint64_t>(sysconf(_SC_PHYS_PAGES)) *
         static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
}

bool gpu_id_taken(uint32_t id, void* ctx) {
  for (const GpuInfo& g : *static_cast<const std::vector<GpuInfo>*>(ctx))
    if (g.gpu_id == id) return true;
  return false;
}

// A node's properties: CPU cores, GPU g (nullptr for a CPU node), or both
// for an APU node.
std::string node_properties(unsigned cpu_cores, const GpuInfo* g, uint32_t simd_base,
                            uint32_t caches, uint32_t io_links, uint32_t cpu_mhz) {
  const bool gpu = g != nullptr;
  uint64_t v[KFDC_NODE_PROP_COUNT] = {};
  if (gpu) kfdc_gpu_node_values(&g->props, v);
  v[KFDC_NODE_cpu_cores_count] = cpu_cores;
  v[KFDC_NODE_mem_banks_count] = 1;
  v[KFDC_NODE_caches_count] = caches;
  v[KFDC_NODE_io_links_count] = io_links;
  v[KFDC_NODE_simd_id_base] = gpu ? simd_base : 0;
  // The emulated KFD has render nodes (emulated_transport.cpp); the module
  // has none and prints -1.
  v[KFDC_NODE_drm_render_minor] = gpu ? g->render_minor : 0;
  v[KFDC_NODE_capability] = gpu ? kCapDoorbellType2 | (g->apu ? kCapAtsPresent : 0) : 0;
  v[KFDC_NODE_max_engine_clk_ccompute] = cpu_mhz;
  return Props().print(kfdc_node_props, KFDC_NODE_PROP_COUNT, v, gpu);
}

std::string mem_bank(uint32_t heap, uint64_t bytes, uint32_t width, uint32_t clk) {
  uint64_t v[KFDC_MEM_PROP_COUNT] = {};
  v[KFDC_MEM_heap_type] = heap;
  v[KFDC_MEM_size_in_bytes] = bytes;
  v[KFDC_MEM_width] = width;
  v[KFDC_MEM_mem_clk_max] = clk;
  return Props().print(kfdc_mem_props, KFDC_MEM_PROP_COUNT, v, false);
}

std::string io_link(uint32_t from, uint32_t to) {
  uint64_t v[KFDC_LINK_PROP_COUNT] = {};
  v[KFDC_LINK_type] = kIoLinkPcie;
  v[KFDC_LINK_node_from] = from;
  v[KFDC_LINK_node_to] = to;
  v[KFDC_LINK_weight] = KFDC_PCIE_LINK_WEIGHT;
  v[KFDC_LINK_min_bandwidth] = KFDC_PCIE_BANDWIDTH_MBS;
  v[KFDC_LINK_max_bandwidth] = KFDC_PCIE_BANDWIDTH_MBS;
  v[KFDC_LINK_flags] = kIoLinkEnabled;
  return Props().print(kfdc_link_props, KFDC_LINK_PROP_COUNT, v, false);
}

Machine build() {
  Machine m;
  m.ram_bytes = host_ram_bytes();
  const unsigned gpus = env_count("GCN_EMU_GPUS", 1, 0, 16);
  const unsigned cus = env_count("GCN_EMU_CUS", 64, 1, 64);
  // An IOMMUv2 APU's CRAT has one node with the CPU cores and the GPU;
  // amdkfd assigns the GPU to it (kfd_double_confirm_iommu_support).
  const bool apu = gpus > 0 && env_count("GCN_EMU_APU", 0, 0, 1) == 1;
  if (apu) m.cpu_nodes = 0;
  for (unsigned i = 0; i < gpus; ++i) {
    GpuInfo g;
    g.apu = apu && i == 0;
    g.node_id = m.cpu_nodes + i;
    g.render_minor = 128 + i;
    kfdc_vega10_props(&g.props, i, cus, m.ram_bytes);
    g.gpu_id = kfdc_make_gpu_id(&g.props, gpu_id_taken, &m.gpus);
    m.gpus.push_back(g);
  }

  const unsigned cpus = static_cast<unsigned>(sysconf(_SC_NPROCESSORS_ONLN));
  const uint32_t mhz = max_cpu_mhz();
  const std::string root = std::string(kTopologyRoot) + "/";
  auto& f = m.files;
  f[root + "generation_id"] = "1\n";
  f[root + "system_properties"] = "platform_oem 0\nplatform_id 0\nplatform_rev 0\n";

  // CPU node 0 (with an APU, node 0 is the APU's, below).
  const std::string cpu = root + "nodes/0/";
  const std::vector<Cache> caches = host_caches(cpus);
  for (uint32_t n = 0; n < m.cpu_nodes + m.gpus.size(); ++n)
    for (const char* d : {"p2p_links", "perf"})
      m.empty_dirs.push_back(root + "nodes/" + std::to_string(n) + "/" + d);
  if (!apu) {
    f[cpu + "gpu_id"] = "0\n";
    f[cpu + "name"] = "\n";
    f[cpu + "properties"] = node_properties(cpus, nullptr, 0, static_cast<uint32_t>(caches.size()),
                                            static_cast<uint32_t>(m.gpus.size()), mhz);
    f[cpu + "mem_banks/0/properties"] = mem_bank(kHeapSystem, m.ram_bytes, 64, 0);
    for (size_t i = 0; i < caches.size(); ++i)
      f[cpu + "caches/" + std::to_string(i) + "/properties"] = cache_text(caches[i]);
    for (size_t i = 0; i < m.gpus.size(); ++i)
      f[cpu + "io_links/" + std::to_string(i) + "/properties"] = io_link(0, m.gpus[i].node_id);
  }

  for (size_t index = 0; index < m.gpus.size(); ++index) {
    const GpuInfo& g = m.gpus[index];
    const std::string n = root + "nodes/" + std::to_string(g.node_id) + "/";
    const kfdc_gpu_props& pr = g.props;
    const uint32_t simd_base = KFDC_GPU_PROCESSOR_ID_BASE + static_cast<uint32_t>(index) * 0x1000;
    f[n + "gpu_id"] = std::to_string(g.gpu_id) + "\n";
    f[n + "name"] = std::string(KFDC_VEGA10_NAME) + "\n";
    // As the module (and Linux's CRAT) lists them: a vector L1 per CU,
    // numbered by CU, with a 32-bit CU mask per shader array relative to
    // processor_id_low; one L2 shared by every array's CUs.
    // An APU node lists the CPU's caches first, then the GPU's.
    std::vector<Cache> gc = g.apu ? caches : std::vector<Cache>{};
    for (unsigned cu = 0; cu < pr.cu_count; ++cu) {
      Cache c;
      c.processor_id_low = simd_base + cu;
      c.level = 1;
      c.size_kb = pr.l1_cache_kb;
      c.line = pr.cacheline_size;
      c.type = kCacheData | kCacheHsaCu;
      c.siblings.assign(32, false);
      c.siblings[0] = true;
      gc.push_back(c);
    }
    Cache l2;
    l2.processor_id_low = simd_base;
    l2.level = 2;
    l2.size_kb = pr.l2_cache_kb;
    l2.line = pr.cacheline_size;
    l2.type = kCacheData | kCacheHsaCu;
    l2.siblings.assign(pr.array_count * 32, false);
    for (unsigned a = 0; a < pr.array_count; ++a)
      for (unsigned cu = 0; cu < pr.cu_per_simd_array && cu < 32; ++cu)
        l2.siblings[a * 32 + cu] = true;
    gc.push_back(l2);
    // An APU node's memory is the system's (kfd_parse_subtype_mem: a node
    // with CPU cores has a SYSTEM heap); it links to every other GPU, as the
    // CPU node does on a discrete machine.
    const uint32_t links = g.apu ? static_cast<uint32_t>(m.gpus.size() - 1) : 1;
    f[n + "properties"] = node_properties(g.apu ? cpus : 0, &g, simd_base,
                                          static_cast<uint32_t>(gc.size()), links, mhz);
    f[n + "mem_banks/0/properties"] =
        g.apu ? mem_bank(kHeapSystem, m.ram_bytes, 64, 0)
              : mem_bank(kHeapFbPublic, pr.local_mem_size, pr.vram_width, pr.mem_clk_max);
    for (size_t i = 0; i < gc.size(); ++i)
      f[n + "caches/" + std::to_string(i) + "/properties"] = cache_text(gc[i]);
    if (g.apu) {
      for (size_t i = 1; i < m.gpus.size(); ++i)
        f[n + "io_links/" + std::to_string(i - 1) + "/properties"] =
            io_link(g.node_id, m.gpus[i].node_id);
    } else {
      f[n + "io_links/0/properties"] = io_link(g.node_id, 0);
    }
  }
  return m;
}

}  // namespace

const Machine& machine() {
  static const Machine* const m = new Machine(build());
  return *m;
}

const GpuInfo* gpu_by_id(uint32_t gpu_id) {
  for (const GpuInfo& g : machine().gpus)
    if (g.gpu_id == gpu_id) return &g;
  return nullptr;
}

const GpuInfo* gpu_by_render_minor(uint32_t minor) {
  for (const GpuInfo& g : machine().gpus)
    if (g.render_minor == minor) return &g;
  return nullptr;
}

}  // namespace hsakmt::emu
