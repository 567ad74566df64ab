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
// The KFD numbers GPU SIMDs from here (virtual CRAT processor ids).
constexpr uint32_t kGpuProcessorIdBase = 0x80001000;
constexpr uint32_t kPcieBandwidthMBs = 15760;  // PCIe 3.0 x16
constexpr uint32_t kLinkWeightPcie = 20;

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

std::string cache_text(const Cache& c) {
  std::ostringstream o;
  o << "processor_id_low " << c.processor_id_low << "\nlevel " << c.level << "\nsize " << c.size_kb
    << "\ncache_line_size " << c.line << "\ncache_lines_per_tag " << c.lines_per_tag
    << "\nassociation " << c.assoc << "\nlatency " << c.latency << "\ntype " << c.type << "\n"
    << sibling_line(c.siblings);
  return o.str();
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

uint64_t host_ram_bytes() {
  return static_cast<uint64_t>(sysconf(_SC_PHYS_PAGES)) *
         static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
}

// The KFD hashes device properties into a 16-bit id; any stable nonzero
// value that differs between GPUs serves.
uint32_t make_gpu_id(unsigned index, const std::vector<GpuInfo>& taken) {
  uint32_t h = 2166136261u;
  for (uint32_t v : {kVendorAmd, kDeviceVega10, 0x0300u + index, index}) {
    h ^= v;
    h *= 16777619u;
  }
  uint32_t id = (h ^ (h >> 16)) & 0xffff;
  for (;;) {
    bool clash = id == 0;
    for (const GpuInfo& g : taken) clash = clash || g.gpu_id == id;
    if (!clash) return id;
    id = (id + 1) & 0xffff;
  }
}

struct Props {
  std::ostringstream o;
  void add(const char* name, uint64_t v) { o << name << ' ' << v << '\n'; }
};

std::string node_properties(bool gpu, unsigned cpus, const GpuInfo* g, uint32_t caches,
                            uint32_t io_links, uint32_t cpu_mhz) {
  Props p;
  const uint32_t cus = gpu ? g->compute_units : 0;
  p.add("cpu_cores_count", gpu ? 0 : cpus);
  p.add("simd_count", cus * kSimdPerCu);
  p.add("mem_banks_count", 1);
  p.add("caches_count", caches);
  p.add("io_links_count", io_links);
  p.add("p2p_links_count", 0);
  p.add("cpu_core_id_base", 0);
  p.add("simd_id_base", gpu ? kGpuProcessorIdBase + (g->node_id - 1) * 0x1000 : 0);
  p.add("max_waves_per_simd", gpu ? kMaxWavesPerSimd : 0);
  p.add("lds_size_in_kb", gpu ? kLdsKb : 0);
  p.add("gds_size_in_kb", 0);
  p.add("num_gws", 0);
  p.add("wave_front_size", gpu ? 64 : 0);
  p.add("array_count", gpu ? kShaderArrays : 0);
  p.add("simd_arrays_per_engine", gpu ? 1 : 0);
  p.add("cu_per_simd_array", gpu ? (cus + kShaderArrays - 1) / kShaderArrays : 0);
  p.add("simd_per_cu", gpu ? kSimdPerCu : 0);
  p.add("max_slots_scratch_cu", gpu ? 32 : 0);
  p.add("gfx_target_version", gpu ? kGfxTargetVersion : 0);
  p.add("vendor_id", gpu ? kVendorAmd : 0);
  p.add("device_id", gpu ? kDeviceVega10 : 0);
  p.add("location_id", gpu ? (g->node_id << 8) : 0);  // PCI bus n, device 0
  p.add("domain", 0);
  p.add("drm_render_minor", gpu ? g->render_minor : 0);
  p.add("hive_id", 0);
  p.add("num_sdma_engines", gpu ? kSdmaEngines : 0);
  p.add("num_sdma_xgmi_engines", gpu ? kSdmaXgmiEngines : 0);
  p.add("num_sdma_queues_per_engine", gpu ? kSdmaQueuesPerEngine : 0);
  p.add("num_cp_queues", gpu ? 24 : 0);
  if (gpu) {
    p.add("max_engine_clk_fcompute", 1600);
    p.add("local_mem_size", 0);  // the KFD reports VRAM in mem_banks only
    p.add("fw_version", 446);    // MEC firmware
    p.add("capability", kCapDoorbellType2);
    p.add("sdma_fw_version", 433);  // SDMA0 firmware of a Vega 10
    p.add("unique_id", 0x1000000000000000ull | g->gpu_id);
  }
  p.add("max_engine_clk_ccompute", cpu_mhz);
  return p.o.str();
}

std::string mem_bank(uint32_t heap, uint64_t bytes, uint32_t width, uint32_t clk) {
  Props p;
  p.add("heap_type", heap);
  p.add("size_in_bytes", bytes);
  p.add("flags", 0);
  p.add("width", width);
  p.add("mem_clk_max", clk);
  return p.o.str();
}

std::string io_link(uint32_t from, uint32_t to) {
  Props p;
  p.add("type", kIoLinkPcie);
  p.add("version_major", 0);
  p.add("version_minor", 0);
  p.add("node_from", from);
  p.add("node_to", to);
  p.add("weight", kLinkWeightPcie);
  p.add("min_latency", 0);
  p.add("max_latency", 0);
  p.add("min_bandwidth", kPcieBandwidthMBs);
  p.add("max_bandwidth", kPcieBandwidthMBs);
  p.add("recommended_transfer_size", 0);
  p.add("flags", kIoLinkEnabled);
  return p.o.str();
}

Machine build() {
  Machine m;
  const unsigned gpus = env_count("GCN_EMU_GPUS", 1, 0, 16);
  const unsigned cus = env_count("GCN_EMU_CUS", 64, 1, 64);
  for (unsigned i = 0; i < gpus; ++i) {
    GpuInfo g;
    g.node_id = m.cpu_nodes + i;
    g.compute_units = cus;
    g.render_minor = 128 + i;
    g.gpu_id = make_gpu_id(i, m.gpus);
    m.gpus.push_back(g);
  }

  const unsigned cpus = static_cast<unsigned>(sysconf(_SC_NPROCESSORS_ONLN));
  const uint32_t mhz = max_cpu_mhz();
  const std::string root = std::string(kTopologyRoot) + "/";
  auto& f = m.files;
  f[root + "generation_id"] = "1\n";
  f[root + "system_properties"] = "platform_oem 0\nplatform_id 0\nplatform_rev 0\n";

  // CPU node 0.
  const std::string cpu = root + "nodes/0/";
  const std::vector<Cache> caches = host_caches(cpus);
  f[cpu + "gpu_id"] = "0\n";
  f[cpu + "name"] = "\n";
  f[cpu + "properties"] =
      node_properties(false, cpus, nullptr, static_cast<uint32_t>(caches.size()),
                      static_cast<uint32_t>(m.gpus.size()), mhz);
  f[cpu + "mem_banks/0/properties"] = mem_bank(kHeapSystem, host_ram_bytes(), 64, 0);
  for (size_t i = 0; i < caches.size(); ++i)
    f[cpu + "caches/" + std::to_string(i) + "/properties"] = cache_text(caches[i]);
  for (size_t i = 0; i < m.gpus.size(); ++i)
    f[cpu + "io_links/" + std::to_string(i) + "/properties"] = io_link(0, m.gpus[i].node_id);

  for (const GpuInfo& g : m.gpus) {
    const std::string n = root + "nodes/" + std::to_string(g.node_id) + "/";
    const uint32_t simd_base = kGpuProcessorIdBase + (g.node_id - 1) * 0x1000;
    f[n + "gpu_id"] = std::to_string(g.gpu_id) + "\n";
    f[n + "name"] = "vega10\n";
    // One 16 KiB vector L1 per CU, one 4 MiB L2 shared by all.
    std::vector<Cache> gc;
    for (unsigned cu = 0; cu < g.compute_units; ++cu) {
      Cache c;
      c.processor_id_low = simd_base + cu * kSimdPerCu;
      c.level = 1;
      c.size_kb = 16;
      c.line = 64;
      c.type = kCacheData | kCacheHsaCu;
      c.siblings.assign(g.compute_units, false);
      c.siblings[cu] = true;
      gc.push_back(c);
    }
    Cache l2;
    l2.processor_id_low = simd_base;
    l2.level = 2;
    l2.size_kb = 4096;
    l2.line = 128;
    l2.assoc = 16;
    l2.type = kCacheData | kCacheHsaCu;
    l2.siblings.assign(g.compute_units, true);
    gc.push_back(l2);
    f[n + "properties"] = node_properties(true, cpus, &g, static_cast<uint32_t>(gc.size()), 1, mhz);
    f[n + "mem_banks/0/properties"] = mem_bank(kHeapFbPublic, g.vram_bytes, 2048, 945);
    for (size_t i = 0; i < gc.size(); ++i)
      f[n + "caches/" + std::to_string(i) + "/properties"] = cache_text(gc[i]);
    f[n + "io_links/0/properties"] = io_link(g.node_id, 0);
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
