// White-box tests of the thunk's topology parsing (libhsakmt/src/
// topology_text.cpp, topology_links.cpp) on fixture texts in the format of
// Linux 6.1's kfd_topology.c, independent of any transport: a Vega 10 node
// as the real driver prints it, malformed input, sibling maps, gfx version
// decoding and ROCm's indirect links on synthetic multi-socket machines.
#include <gtest/gtest.h>

#include <sys/mman.h>

#include <cerrno>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "topology_snapshot.h"

namespace {

// The API's structs are 4-byte packed: read 64-bit members by value, never
// through a reference (gtest's EXPECT_* take references).
HSAuint64 u64(HSAuint64 v) { return v; }

using hsakmt::PropertyList;

// A Radeon Vega Frontier Edition node as Linux 6.1 prints it (values from
// the driver's tables for Vega 10: 64 CUs in 4 engines, 40 waves per CU).
const char kVega10Node[] =
    "cpu_cores_count 0\n"
    "simd_count 256\n"
    "mem_banks_count 1\n"
    "caches_count 65\n"
    "io_links_count 1\n"
    "p2p_links_count 0\n"
    "cpu_core_id_base 0\n"
    "simd_id_base 2147487744\n"
    "max_waves_per_simd 10\n"
    "lds_size_in_kb 64\n"
    "gds_size_in_kb 0\n"
    "num_gws 64\n"
    "wave_front_size 64\n"
    "array_count 4\n"
    "simd_arrays_per_engine 1\n"
    "cu_per_simd_array 16\n"
    "simd_per_cu 4\n"
    "max_slots_scratch_cu 32\n"
    "gfx_target_version 90000\n"
    "vendor_id 4098\n"
    "device_id 26723\n"
    "location_id 768\n"
    "domain 0\n"
    "drm_render_minor 128\n"
    "hive_id 0\n"
    "num_sdma_engines 2\n"
    "num_sdma_xgmi_engines 0\n"
    "num_sdma_queues_per_engine 2\n"
    "num_cp_queues 24\n"
    "max_engine_clk_fcompute 1600\n"
    "local_mem_size 0\n"
    "fw_version 446\n"
    "capability 8832\n"
    "sdma_fw_version 433\n"
    "unique_id 12345678901234567890\n"
    "max_engine_clk_ccompute 3400\n";

PropertyList parse(const std::string& text) {
  PropertyList list;
  EXPECT_TRUE(hsakmt::parse_property_text(text, &list)) << text;
  return list;
}

TEST(TopologyText, Vega10NodeFromLinux61) {
  HsaNodeProperties p{};
  ASSERT_TRUE(hsakmt::node_from_properties(parse(kVega10Node), &p));
  EXPECT_EQ(p.NumCPUCores, 0u);
  EXPECT_EQ(p.NumFComputeCores, 256u);
  EXPECT_EQ(p.NumMemoryBanks, 1u);
  EXPECT_EQ(p.NumCaches, 65u);
  EXPECT_EQ(p.NumIOLinks, 1u);
  EXPECT_EQ(p.FComputeIdLo, 2147487744u);
  EXPECT_EQ(p.MaxWavesPerSIMD, 10u);
  EXPECT_EQ(p.LDSSizeInKB, 64u);
  EXPECT_EQ(p.NumGws, 64u);
  EXPECT_EQ(p.WaveFrontSize, 64u);
  EXPECT_EQ(p.NumShaderBanks, 4u);
  EXPECT_EQ(p.NumArrays, 1u);
  EXPECT_EQ(p.NumCUPerArray, 16u);
  EXPECT_EQ(p.NumSIMDPerCU, 4u);
  EXPECT_EQ(p.MaxSlotsScratchCU, 32u);
  EXPECT_EQ(p.VendorId, 0x1002);
  EXPECT_EQ(p.DeviceId, 0x6863);
  EXPECT_EQ(p.LocationId, 768u);
  EXPECT_EQ(p.DrmRenderMinor, 128);
  EXPECT_EQ(p.NumSdmaEngines, 2u);
  EXPECT_EQ(p.NumSdmaQueuesPerEngine, 2u);
  EXPECT_EQ(p.NumCpQueues, 24u);
  EXPECT_EQ(p.MaxEngineClockMhzFCompute, 1600u);
  EXPECT_EQ(p.MaxEngineClockMhzCCompute, 3400u);
  EXPECT_EQ(u64(p.UniqueID), 12345678901234567890ull);
  // capability 8832 = 0x2280: doorbell type 2 (bits 12-13), bit 7 watch
  // points supported, bits 8-11 = 2 (log2 of 4 watch points).
  EXPECT_EQ(p.Capability.Value, 8832u);
  EXPECT_EQ(p.Capability.ui32.DoorbellType, 2u);
  EXPECT_EQ(p.Capability.ui32.WatchPointsSupported, 1u);
  EXPECT_EQ(p.Capability.ui32.WatchPointsTotalBits, 2u);
  // Firmware: the packet processor's version in EngineId.uCode next to the
  // GFX IP version from gfx_target_version.
  EXPECT_EQ(p.EngineId.ui32.uCode, 446u);
  EXPECT_EQ(p.EngineId.ui32.Major, 9u);
  EXPECT_EQ(p.EngineId.ui32.Minor, 0u);
  EXPECT_EQ(p.EngineId.ui32.Stepping, 0u);
  EXPECT_EQ(p.uCodeEngineVersions.uCodeSDMA, 433u);
  EXPECT_STREQ(reinterpret_cast<const char*>(p.AMDName), "GFX090000");
}

TEST(TopologyText, GfxVersionDecoding) {
  struct Case {
    uint32_t version;
    unsigned major, minor, stepping;
    const char* name;
  };
  const Case cases[] = {
      {80003, 8, 0, 3, "GFX080003"},    // Fiji
      {90010, 9, 0, 10, "GFX09000a"},   // MI200 (gfx90a): stepping in hex
      {100300, 10, 3, 0, "GFX0a0300"},  // gfx1030
  };
  for (const Case& c : cases) {
    HsaNodeProperties p{};
    hsakmt::set_gfx_version(c.version, &p);
    EXPECT_EQ(p.EngineId.ui32.Major, c.major) << c.version;
    EXPECT_EQ(p.EngineId.ui32.Minor, c.minor) << c.version;
    EXPECT_EQ(p.EngineId.ui32.Stepping, c.stepping) << c.version;
    EXPECT_STREQ(reinterpret_cast<const char*>(p.AMDName), c.name);
  }
  HsaNodeProperties cpu{};
  hsakmt::set_gfx_version(0, &cpu);
  EXPECT_EQ(cpu.AMDName[0], 0) << "a CPU node has no ISA name";
}

TEST(TopologyText, MalformedTextIsRejected) {
  PropertyList list;
  EXPECT_FALSE(hsakmt::parse_property_text("simd_count\n", &list)) << "no value";
  EXPECT_FALSE(hsakmt::parse_property_text(" 4\n", &list)) << "no name";
  EXPECT_TRUE(hsakmt::parse_property_text("", &list));
  EXPECT_TRUE(list.empty());
  HsaNodeProperties p{};
  EXPECT_FALSE(hsakmt::node_from_properties(parse("simd_count four\n"), &p));
  EXPECT_FALSE(hsakmt::node_from_properties(parse("simd_count -4\n"), &p));
  EXPECT_FALSE(hsakmt::node_from_properties(parse("simd_count 4x\n"), &p));
  EXPECT_FALSE(hsakmt::node_from_properties(parse("hive_id 99999999999999999999999\n"), &p));
  // Names this thunk does not know (newer kernels) are skipped.
  EXPECT_TRUE(hsakmt::node_from_properties(parse("num_xcc 1\nsimd_count 4\n"), &p));
  EXPECT_EQ(p.NumFComputeCores, 4u);
}

TEST(TopologyText, MemoryBank) {
  HsaMemoryProperties m{};
  ASSERT_TRUE(hsakmt::memory_from_properties(
      parse("heap_type 1\nsize_in_bytes 17163091968\nflags 0\nwidth 2048\nmem_clk_max 945\n"), &m));
  EXPECT_EQ(m.HeapType, HSA_HEAPTYPE_FRAME_BUFFER_PUBLIC);
  EXPECT_EQ(u64(m.SizeInBytes), 17163091968ull);
  EXPECT_EQ(m.ui32.SizeInBytesHigh, 3u);
  EXPECT_EQ(m.Width, 2048u);
  EXPECT_EQ(m.MemoryClockMax, 945u);
}

TEST(TopologyText, CacheWithSiblingMap) {
  HsaCacheProperties c{};
  ASSERT_TRUE(hsakmt::cache_from_properties(parse("processor_id_low 2147487744\nlevel 2\n"
                                                  "size 4096\ncache_line_size 128\n"
                                                  "cache_lines_per_tag 1\nassociation 16\n"
                                                  "latency 0\ntype 9\n"
                                                  "sibling_map 1,1,0,1\n"),
                                            &c));
  EXPECT_EQ(c.ProcessorIdLow, 2147487744u);
  EXPECT_EQ(c.CacheLevel, 2u);
  EXPECT_EQ(c.CacheSize, 4096u);
  EXPECT_EQ(c.CacheLineSize, 128u);
  EXPECT_EQ(c.CacheAssociativity, 16u);
  EXPECT_EQ(c.CacheType.ui32.Data, 1u);  // 9 = data | HSA CU
  EXPECT_EQ(c.CacheType.ui32.HSACU, 1u);
  const HSAuint32 expected[] = {1, 1, 0, 1, 0};
  for (size_t i = 0; i < 5; ++i) EXPECT_EQ(c.SiblingMap[i], expected[i]) << i;
  // A longer map than the API holds is cut at HSA_CPU_SIBLINGS entries.
  std::string map = "sibling_map ";
  for (int i = 0; i < 300; ++i) map += i ? ",1" : "1";
  HsaCacheProperties wide{};
  ASSERT_TRUE(hsakmt::cache_from_properties(parse(map + "\n"), &wide));
  EXPECT_EQ(wide.SiblingMap[HSA_CPU_SIBLINGS - 1], 1u);
  HsaCacheProperties bad{};
  EXPECT_FALSE(hsakmt::cache_from_properties(parse("sibling_map 1,,0\n"), &bad));
}

TEST(TopologyText, IoLink) {
  HsaIoLinkProperties l{};
  ASSERT_TRUE(hsakmt::io_link_from_properties(
      parse("type 2\nversion_major 0\nversion_minor 0\nnode_from 1\nnode_to 0\nweight 20\n"
            "min_latency 0\nmax_latency 0\nmin_bandwidth 312\nmax_bandwidth 16000\n"
            "recommended_transfer_size 0\nflags 1\n"),
      &l));
  EXPECT_EQ(l.IoLinkType, HSA_IOLINKTYPE_PCIEXPRESS);
  EXPECT_EQ(l.NodeFrom, 1u);
  EXPECT_EQ(l.NodeTo, 0u);
  EXPECT_EQ(l.Weight, 20u);
  EXPECT_EQ(l.MinimumBandwidth, 312u);
  EXPECT_EQ(l.MaximumBandwidth, 16000u);
  EXPECT_EQ(l.Flags.ui32.Override, 1u);
}

TEST(TopologyText, MarketingNameIsUtf16AndTerminated) {
  HsaNodeProperties p{};
  std::memset(p.MarketingName, 0xff, sizeof(p.MarketingName));
  hsakmt::set_marketing_name("vega10", &p);
  EXPECT_EQ(p.MarketingName[0], 'v');
  EXPECT_EQ(p.MarketingName[5], '0');
  EXPECT_EQ(p.MarketingName[6], 0);
  hsakmt::set_marketing_name(std::string(100, 'x'), &p);
  EXPECT_EQ(p.MarketingName[HSA_PUBLIC_NAME_SIZE - 2], 'x');
  EXPECT_EQ(p.MarketingName[HSA_PUBLIC_NAME_SIZE - 1], 0);
}

// ---------------------------------------------------------------------------
// Indirect links on synthetic machines.

hsakmt::NodeSnapshot node(uint32_t gpu_id) {
  hsakmt::NodeSnapshot n;
  n.gpu_id = gpu_id;
  return n;
}

void link(std::vector<hsakmt::NodeSnapshot>& nodes, uint32_t from, uint32_t to, HSA_IOLINKTYPE type,
          uint32_t weight) {
  HsaIoLinkProperties l{};
  l.IoLinkType = type;
  l.NodeFrom = from;
  l.NodeTo = to;
  l.Weight = weight;
  nodes[from].links.push_back(l);
  nodes[from].props.NumIOLinks = static_cast<HSAuint32>(nodes[from].links.size());
}

const HsaIoLinkProperties* find(const std::vector<hsakmt::NodeSnapshot>& nodes, uint32_t from,
                                uint32_t to) {
  for (const HsaIoLinkProperties& l : nodes[from].links)
    if (l.NodeTo == to) return &l;
  return nullptr;
}

// CPU 0 with GPUs 1 and 2: the GPUs reach each other through the CPU.
TEST(TopologyLinks, GpusOnOneCpu) {
  std::vector<hsakmt::NodeSnapshot> n = {node(0), node(11), node(22)};
  for (uint32_t g : {1u, 2u}) {
    link(n, 0, g, HSA_IOLINKTYPE_PCIEXPRESS, 20);
    link(n, g, 0, HSA_IOLINKTYPE_PCIEXPRESS, 20);
  }
  hsakmt::add_indirect_links(&n);
  for (auto [a, b] : {std::pair<uint32_t, uint32_t>{1, 2}, {2, 1}}) {
    const HsaIoLinkProperties* l = find(n, a, b);
    ASSERT_NE(l, nullptr) << a << "->" << b;
    EXPECT_EQ(l->Weight, 40u);
    EXPECT_EQ(l->IoLinkType, HSA_IOLINKTYPE_PCIEXPRESS);
    EXPECT_EQ(n[a].props.NumIOLinks, 2u);
  }
  EXPECT_EQ(n[0].links.size(), 2u) << "the CPU's direct links stay as they are";
}

// Two sockets (0, 1) joined by a link of weight w, a GPU on each: GPU to
// GPU and GPU to the far CPU go over it, typed as the CPU-to-CPU link.
// On QPI, GPUs on different sockets cannot reach each other at all.
TEST(TopologyLinks, TwoSockets) {
  for (HSA_IOLINKTYPE cpu_link : {HSA_IOLINKTYPE_HYPERTRANSPORT, HSA_IOLINK_TYPE_QPI_1_1}) {
    std::vector<hsakmt::NodeSnapshot> n = {node(0), node(0), node(33), node(44)};
    link(n, 0, 1, cpu_link, 32);
    link(n, 1, 0, cpu_link, 32);
    link(n, 2, 0, HSA_IOLINKTYPE_PCIEXPRESS, 20);
    link(n, 0, 2, HSA_IOLINKTYPE_PCIEXPRESS, 20);
    link(n, 3, 1, HSA_IOLINKTYPE_PCIEXPRESS, 20);
    link(n, 1, 3, HSA_IOLINKTYPE_PCIEXPRESS, 20);
    hsakmt::add_indirect_links(&n);

    const HsaIoLinkProperties* far_cpu = find(n, 2, 1);
    ASSERT_NE(far_cpu, nullptr);
    EXPECT_EQ(far_cpu->Weight, 52u);
    EXPECT_EQ(far_cpu->IoLinkType, cpu_link);
    ASSERT_NE(find(n, 1, 2), nullptr) << "and back";

    const HsaIoLinkProperties* peer = find(n, 2, 3);
    if (cpu_link == HSA_IOLINK_TYPE_QPI_1_1) {
      EXPECT_EQ(peer, nullptr);
    } else {
      ASSERT_NE(peer, nullptr);
      EXPECT_EQ(peer->Weight, 72u);
      EXPECT_EQ(peer->IoLinkType, cpu_link);
    }
    EXPECT_EQ(find(n, 0, 1)->Weight, 32u) << "CPU links are the KFD's";
    EXPECT_EQ(n[0].links.size(), 3u) << "socket 0: socket 1, its GPU, the far GPU";
  }
}

// A GPU without a PCIe link to a CPU (XGMI-only in this fixture) gets no
// invented route.
TEST(TopologyLinks, NoRouteWithoutACpuLink) {
  std::vector<hsakmt::NodeSnapshot> n = {node(0), node(11), node(22)};
  link(n, 0, 1, HSA_IOLINKTYPE_PCIEXPRESS, 20);
  link(n, 1, 0, HSA_IOLINKTYPE_PCIEXPRESS, 20);
  link(n, 2, 1, HSA_IOLINK_TYPE_XGMI, 15);
  link(n, 1, 2, HSA_IOLINK_TYPE_XGMI, 15);
  hsakmt::add_indirect_links(&n);
  EXPECT_EQ(find(n, 2, 0), nullptr);
  EXPECT_EQ(find(n, 0, 2), nullptr);
  EXPECT_EQ(n[1].links.size(), 2u) << "the direct XGMI link is not duplicated";
}

// ---------------------------------------------------------------------------
// read_topology on a transport serving fixture files.

class FixtureTransport : public hsakmt::Transport {
 public:
  std::map<std::string, std::string> files;
  std::map<std::string, int> errors;  // path -> -errno
  int generation_reads = 0;
  int generation_changes = 0;  // how many reads see a new generation

  const char* name() const override { return "fixture"; }
  int open(const char*, int) override { return -ENODEV; }
  int close(int) override { return -EBADF; }
  int ioctl(int, unsigned long, void*) override { return -ENOTTY; }
  void* mmap(void*, size_t, int, int, int, off_t) override {
    errno = ENODEV;
    return MAP_FAILED;
  }
  int munmap(void*, size_t) override { return -EINVAL; }
  int read_file(const std::string& path, std::string* text) override {
    if (path == root() + "generation_id") {
      ++generation_reads;
      *text = std::to_string(generation_reads <= generation_changes ? generation_reads : 0) + "\n";
      return 0;
    }
    if (auto e = errors.find(path); e != errors.end()) return e->second;
    auto f = files.find(path);
    if (f == files.end()) return -ENOENT;
    *text = f->second;
    return 0;
  }
  static std::string root() { return std::string(hsakmt::kTopologyRoot) + "/"; }
  void add_node(uint32_t id, uint32_t gpu_id, const std::string& props) {
    const std::string n = root() + "nodes/" + std::to_string(id) + "/";
    files[n + "gpu_id"] = std::to_string(gpu_id) + "\n";
    files[n + "name"] = gpu_id ? "vega10\n" : "\n";
    files[n + "properties"] = props;
  }
  void add(const std::string& relative, const std::string& text) {
    files[root() + relative] = text;
  }
};

std::string link_text(uint32_t from, uint32_t to, uint32_t type = 2, uint32_t weight = 20) {
  return "type " + std::to_string(type) + "\nnode_from " + std::to_string(from) + "\nnode_to " +
         std::to_string(to) + "\nweight " + std::to_string(weight) + "\n";
}

// A CPU (sysfs 0), a GPU this process may not use (sysfs 1: the KFD
// answers EPERM, as for a device cgroup), and a GPU (sysfs 2) with VRAM and
// a p2p link to the hidden GPU.
FixtureTransport machine_with_hidden_gpu() {
  FixtureTransport t;
  t.add("system_properties", "platform_oem 2\nplatform_id 3\nplatform_rev 4\n");
  t.add_node(0, 0,
             "cpu_cores_count 8\nsimd_count 0\nmem_banks_count 1\ncaches_count 0\n"
             "io_links_count 2\n");
  t.add("nodes/0/mem_banks/0/properties", "heap_type 0\nsize_in_bytes 1024\n");
  t.add("nodes/0/io_links/0/properties", link_text(0, 1));
  t.add("nodes/0/io_links/1/properties", link_text(0, 2));
  t.add_node(1, 111, "simd_count 4\n");
  t.errors[FixtureTransport::root() + "nodes/1/properties"] = -EPERM;
  t.add_node(2, 222,
             "cpu_cores_count 0\nsimd_count 256\nmem_banks_count 2\ncaches_count 1\n"
             "io_links_count 1\np2p_links_count 1\ngfx_target_version 90000\n"
             "local_mem_size 0\n");
  t.add("nodes/2/mem_banks/0/properties", "heap_type 1\nsize_in_bytes 268435456\n");
  t.add("nodes/2/mem_banks/1/properties", "heap_type 2\nsize_in_bytes 805306368\n");
  t.add("nodes/2/caches/0/properties", "level 2\nsize 4096\ntype 9\nsibling_map 1,1\n");
  t.add("nodes/2/io_links/0/properties", link_text(2, 0));
  t.add("nodes/2/p2p_links/0/properties", link_text(2, 1, 11, 15));
  return t;
}

TEST(TopologyRead, HiddenNodesAreSkippedAndLinksRenumbered) {
  FixtureTransport t = machine_with_hidden_gpu();
  hsakmt::TopologySnapshot s;
  ASSERT_EQ(hsakmt::read_topology(t, &s), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(s.system.NumNodes, 2u);
  EXPECT_EQ(s.system.PlatformOem, 2u);
  EXPECT_EQ(s.system.PlatformId, 3u);
  EXPECT_EQ(s.system.PlatformRev, 4u);
  ASSERT_EQ(s.nodes.size(), 2u);
  EXPECT_EQ(s.nodes[0].sysfs_id, 0u);
  EXPECT_EQ(s.nodes[1].sysfs_id, 2u);
  EXPECT_EQ(s.nodes[1].gpu_id, 222u);

  // Links to the hidden GPU are gone; sysfs node 2 is node 1 now.
  ASSERT_EQ(s.nodes[0].links.size(), 1u);
  EXPECT_EQ(s.nodes[0].links[0].NodeTo, 1u);
  EXPECT_EQ(s.nodes[0].props.NumIOLinks, 1u);
  ASSERT_EQ(s.nodes[1].links.size(), 1u);
  EXPECT_EQ(s.nodes[1].links[0].NodeFrom, 1u);
  EXPECT_EQ(s.nodes[1].links[0].NodeTo, 0u);

  // VRAM: LocalMemSize is the sum of the frame-buffer banks.
  const HsaNodeProperties& gpu = s.nodes[1].props;
  EXPECT_EQ(u64(gpu.LocalMemSize), 268435456ull + 805306368ull);
  ASSERT_EQ(s.nodes[1].mem.size(), 2u);
  EXPECT_EQ(s.nodes[1].mem[1].HeapType, HSA_HEAPTYPE_FRAME_BUFFER_PRIVATE);
  ASSERT_EQ(s.nodes[1].caches.size(), 1u);
  EXPECT_EQ(s.nodes[1].caches[0].SiblingMap[1], 1u);
  EXPECT_EQ(gpu.MarketingName[0], 'v');
  EXPECT_STREQ(reinterpret_cast<const char*>(gpu.AMDName), "GFX090000");
}

TEST(TopologyRead, P2pLinksFollowIoLinks) {
  FixtureTransport t = machine_with_hidden_gpu();
  t.errors.clear();  // the GPU at sysfs 1 is visible now
  hsakmt::TopologySnapshot s;
  ASSERT_EQ(hsakmt::read_topology(t, &s), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(s.nodes.size(), 3u);
  ASSERT_EQ(s.nodes[2].links.size(), 2u);
  EXPECT_EQ(s.nodes[2].links[0].NodeTo, 0u);
  EXPECT_EQ(s.nodes[2].links[1].NodeTo, 1u);
  EXPECT_EQ(s.nodes[2].links[1].IoLinkType, HSA_IOLINK_TYPE_XGMI);
  EXPECT_EQ(s.nodes[2].props.NumIOLinks, 2u);
}

TEST(TopologyRead, ChangingGenerationIsRetried) {
  FixtureTransport t = machine_with_hidden_gpu();
  t.generation_changes = 3;  // generation reads 1, 2, 3, then 0 for good
  hsakmt::TopologySnapshot s;
  ASSERT_EQ(hsakmt::read_topology(t, &s), HSAKMT_STATUS_SUCCESS);
  EXPECT_GE(t.generation_reads, 4 + 2) << "retaken until two reads agree";
  FixtureTransport unstable = machine_with_hidden_gpu();
  unstable.generation_changes = 1000;
  EXPECT_EQ(hsakmt::read_topology(unstable, &s), HSAKMT_STATUS_ERROR);
}

TEST(TopologyRead, BrokenFilesAreErrorsNotCrashes) {
  hsakmt::TopologySnapshot s;
  FixtureTransport missing_bank = machine_with_hidden_gpu();
  missing_bank.files.erase(FixtureTransport::root() + "nodes/2/mem_banks/1/properties");
  EXPECT_EQ(hsakmt::read_topology(missing_bank, &s), HSAKMT_STATUS_ERROR);
  FixtureTransport garbage = machine_with_hidden_gpu();
  garbage.add("nodes/2/properties", "simd_count lots\n");
  EXPECT_EQ(hsakmt::read_topology(garbage, &s), HSAKMT_STATUS_ERROR);
  FixtureTransport no_system = machine_with_hidden_gpu();
  no_system.files.erase(FixtureTransport::root() + "system_properties");
  EXPECT_EQ(hsakmt::read_topology(no_system, &s), HSAKMT_STATUS_ERROR);
  FixtureTransport huge_count = machine_with_hidden_gpu();
  huge_count.add("nodes/2/properties", "caches_count 4294967295\n");
  EXPECT_EQ(hsakmt::read_topology(huge_count, &s), HSAKMT_STATUS_ERROR);
  FixtureTransport bad_gpu_id = machine_with_hidden_gpu();
  bad_gpu_id.add("nodes/2/gpu_id", "x\n");
  EXPECT_EQ(hsakmt::read_topology(bad_gpu_id, &s), HSAKMT_STATUS_ERROR);
}

// A CPU node the KFD lists without caches (as Linux does) gets the host's:
// 4 CPUs with private L1s, an L2 per pair and one L3.
TEST(TopologyRead, CpuCachesComeFromHostSysfs) {
  FixtureTransport t = machine_with_hidden_gpu();
  t.files["/sys/devices/system/node/node0/cpulist"] = "0-3\n";
  for (int cpu = 0; cpu < 4; ++cpu) {
    const std::string d = "/sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/cache/";
    const std::string pair = cpu < 2 ? "0-1" : "2-3";
    const char* levels[] = {"1", "2", "3"};
    const char* sizes[] = {"48K", "2048K", "32M"};
    const std::string shared[] = {std::to_string(cpu), pair, "0-3"};
    for (int i = 0; i < 3; ++i) {
      const std::string x = d + "index" + std::to_string(i) + "/";
      t.files[x + "level"] = std::string(levels[i]) + "\n";
      t.files[x + "size"] = std::string(sizes[i]) + "\n";
      t.files[x + "type"] = i == 0 ? "Data\n" : "Unified\n";
      t.files[x + "coherency_line_size"] = "64\n";
      t.files[x + "ways_of_associativity"] = "12\n";
      t.files[x + "shared_cpu_list"] = shared[i] + "\n";
    }
  }
  hsakmt::TopologySnapshot s;
  ASSERT_EQ(hsakmt::read_topology(t, &s), HSAKMT_STATUS_SUCCESS);
  const std::vector<HsaCacheProperties>& c = s.nodes[0].caches;
  ASSERT_EQ(c.size(), 7u);
  EXPECT_EQ(s.nodes[0].props.NumCaches, 7u);
  int per_level[4] = {};
  for (const HsaCacheProperties& cache : c) {
    ++per_level[cache.CacheLevel];
    EXPECT_EQ(cache.CacheType.ui32.CPU, 1u);
    EXPECT_EQ(cache.CacheLineSize, 64u);
    EXPECT_EQ(cache.SiblingMap[cache.ProcessorIdLow], 1u) << "its own CPU shares it";
    if (cache.CacheLevel == 1) {
      EXPECT_EQ(cache.CacheSize, 48u);
      EXPECT_EQ(cache.CacheType.ui32.Instruction, 0u);
    }
    if (cache.CacheLevel == 2 && cache.ProcessorIdLow == 2) {
      EXPECT_EQ(cache.SiblingMap[3], 1u);
      EXPECT_EQ(cache.SiblingMap[1], 0u);
    }
    if (cache.CacheLevel == 3) {
      EXPECT_EQ(cache.CacheSize, 32u * 1024);
      EXPECT_EQ(cache.ProcessorIdLow, 0u);
      for (int cpu = 0; cpu < 4; ++cpu) EXPECT_EQ(cache.SiblingMap[cpu], 1u);
    }
  }
  EXPECT_EQ(per_level[1], 4);
  EXPECT_EQ(per_level[2], 2);
  EXPECT_EQ(per_level[3], 1);
  EXPECT_EQ(s.nodes[1].caches.size(), 1u) << "GPU caches are the KFD's";
}

}  // namespace
