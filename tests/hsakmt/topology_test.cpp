// The topology through the thunk's API on the emulated KFD (one gfx900 GPU
// by default) or on the gcnkfd module's virtual gfx900s, checked against
// the host (sysconf, /proc/cpuinfo, the CPU's cache directories in sysfs),
// gfx900's published figures and the API's own consistency rules; plus
// clocks, tiling, XNACK and the calls that report NOT_SUPPORTED.
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "host_caches.h"
#include "hsakmt.h"

namespace {

// The API's structs are 4-byte packed: read 64-bit members by value, never
// through a reference (gtest's EXPECT_* take references).
HSAuint64 u64(HSAuint64 v) { return v; }

std::string host_cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) != 0) continue;
    const size_t v = line.find_first_not_of(" \t", line.find(':') + 1);
    return v == std::string::npos ? "" : line.substr(v);
  }
  return "";
}

// The thunk reads the gcnkfd module's topology rather than the emulated
// machine's: the kfd transport (forced, or chosen because /dev/kfd exists)
// with the module loaded.
bool on_gcnkfd() {
  const char* forced = std::getenv("HSAKMT_TRANSPORT");
  if (forced && std::strcmp(forced, "emulated") == 0) return false;
  return access("/sys/module/gcnkfd", F_OK) == 0;
}

std::string utf16_to_ascii(const HSAuint16* s, size_t max) {
  std::string out;
  for (size_t i = 0; i < max && s[i] != 0; ++i) out += static_cast<char>(s[i]);
  return out;
}

class Topology : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(hsaKmtOpenKFD(), HSAKMT_STATUS_SUCCESS);
    ASSERT_EQ(hsaKmtAcquireSystemProperties(&sys_), HSAKMT_STATUS_SUCCESS);
    for (HSAuint32 n = 0; n < sys_.NumNodes; ++n) {
      HsaNodeProperties p{};
      ASSERT_EQ(hsaKmtGetNodeProperties(n, &p), HSAKMT_STATUS_SUCCESS) << "node " << n;
      nodes_.push_back(p);
    }
  }
  void TearDown() override {
    EXPECT_EQ(hsaKmtReleaseSystemProperties(), HSAKMT_STATUS_SUCCESS);
    EXPECT_EQ(hsaKmtCloseKFD(), HSAKMT_STATUS_SUCCESS);
  }

  std::vector<HsaMemoryProperties> banks(HSAuint32 node) {
    std::vector<HsaMemoryProperties> m(nodes_[node].NumMemoryBanks);
    if (m.empty()) return m;  // an empty array is a NULL pointer to the API
    EXPECT_EQ(hsaKmtGetNodeMemoryProperties(node, static_cast<HSAuint32>(m.size()), m.data()),
              HSAKMT_STATUS_SUCCESS);
    return m;
  }
  std::vector<HsaCacheProperties> caches(HSAuint32 node) {
    std::vector<HsaCacheProperties> c(nodes_[node].NumCaches);
    if (c.empty()) return c;
    EXPECT_EQ(hsaKmtGetNodeCacheProperties(node, 0, static_cast<HSAuint32>(c.size()), c.data()),
              HSAKMT_STATUS_SUCCESS);
    return c;
  }
  std::vector<HsaIoLinkProperties> links(HSAuint32 node) {
    std::vector<HsaIoLinkProperties> l(nodes_[node].NumIOLinks);
    if (l.empty()) return l;
    EXPECT_EQ(hsaKmtGetNodeIoLinkProperties(node, static_cast<HSAuint32>(l.size()), l.data()),
              HSAKMT_STATUS_SUCCESS);
    return l;
  }

  HsaSystemProperties sys_{};
  std::vector<HsaNodeProperties> nodes_;
  static constexpr HSAuint32 kCpu = 0, kGpu = 1;  // the emulated machine's order
};

// One CPU node, then $GCN_EMU_GPUS GPU nodes (one when unset), or as many
// as gcnkfd's num_gpus parameter asked for.
TEST_F(Topology, OneCpuNodeThenTheGpuNodes) {
  const char* env = std::getenv("GCN_EMU_GPUS");
  HSAuint32 gpus = env ? static_cast<HSAuint32>(std::atoi(env)) : 1;
  if (on_gcnkfd()) {
    std::ifstream param("/sys/module/gcnkfd/parameters/num_gpus");
    ASSERT_TRUE(param >> gpus) << "gcnkfd's num_gpus parameter";
  }
  EXPECT_EQ(sys_.NumNodes, 1 + gpus);
  ASSERT_EQ(nodes_.size(), sys_.NumNodes);
  EXPECT_EQ(nodes_[kCpu].NumFComputeCores, 0u);
  for (HSAuint32 g = kGpu; g < sys_.NumNodes; ++g) EXPECT_GT(nodes_[g].NumFComputeCores, 0u);
}

TEST_F(Topology, CpuNodeIsTheHost) {
  const HsaNodeProperties& cpu = nodes_[kCpu];
  EXPECT_EQ(cpu.NumCPUCores, static_cast<HSAuint32>(sysconf(_SC_NPROCESSORS_ONLN)));
  EXPECT_EQ(cpu.VendorId, 0);
  EXPECT_EQ(utf16_to_ascii(cpu.MarketingName, HSA_PUBLIC_NAME_SIZE),
            host_cpu_model().substr(0, HSA_PUBLIC_NAME_SIZE - 1));

  // One system-memory bank of the host's RAM.
  const std::vector<HsaMemoryProperties> m = banks(kCpu);
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0].HeapType, HSA_HEAPTYPE_SYSTEM);
  EXPECT_EQ(u64(m[0].SizeInBytes), static_cast<HSAuint64>(sysconf(_SC_PHYS_PAGES)) *
                                       static_cast<HSAuint64>(sysconf(_SC_PAGESIZE)));
}

// The CPU node's caches are the host's: cpu0's cache directories in sysfs,
// or sysconf's levels where sysfs has none (some containers).
TEST_F(Topology, CpuCachesAreTheHostsCaches) {
  const std::vector<gcn::test::HostCache> host = gcn::test::host_cpu_caches();
  const std::vector<HsaCacheProperties> c = caches(kCpu);
  ASSERT_EQ(c.size(), host.size());
  ASSERT_FALSE(c.empty()) << "ROCm's runtime needs CPU caches in the topology";
  for (size_t i = 0; i < c.size(); ++i) {
    EXPECT_EQ(c[i].CacheLevel, host[i].level) << "cache " << i;
    EXPECT_EQ(c[i].CacheSize, host[i].size_kb) << "cache " << i << " (KiB)";
    EXPECT_EQ(c[i].CacheType.ui32.CPU, 1u);
    EXPECT_EQ(c[i].CacheType.ui32.HSACU, 0u);
    EXPECT_EQ(c[i].SiblingMap[0], 1u) << "cpu0 shares every cache it sees";
  }
}

// gfx900 (Vega 10): GFX IP 9.0.0, 64-wide waves, 4 SIMDs per CU, 64 KiB LDS,
// 64-bit doorbells (type 2), AMD's PCI vendor id.
TEST_F(Topology, GpuNodeIsAGfx900) {
  const HsaNodeProperties& gpu = nodes_[kGpu];
  EXPECT_EQ(gpu.NumCPUCores, 0u);
  EXPECT_EQ(gpu.EngineId.ui32.Major, 9u);
  EXPECT_EQ(gpu.EngineId.ui32.Minor, 0u);
  EXPECT_EQ(gpu.EngineId.ui32.Stepping, 0u);
  EXPECT_STREQ(reinterpret_cast<const char*>(gpu.AMDName), "GFX090000");
  EXPECT_EQ(utf16_to_ascii(gpu.MarketingName, HSA_PUBLIC_NAME_SIZE), "vega10");
  EXPECT_EQ(gpu.VendorId, 0x1002);
  EXPECT_EQ(gpu.WaveFrontSize, 64u);
  EXPECT_EQ(gpu.NumSIMDPerCU, 4u);
  EXPECT_EQ(gpu.LDSSizeInKB, 64u);
  EXPECT_EQ(gpu.Capability.ui32.DoorbellType, 2u);
  // A DRM render node on both KFDs, numbered from 128 as DRM's are.
  EXPECT_GE(gpu.DrmRenderMinor, 128);
  // The CU count is the same however it is counted.
  const HSAuint32 cus = gpu.NumShaderBanks * gpu.NumArrays * gpu.NumCUPerArray;
  EXPECT_EQ(gpu.NumFComputeCores, cus * gpu.NumSIMDPerCU);
  EXPECT_EQ(cus, 64u) << "default CU count";
}

TEST_F(Topology, GpuMemoryIsVramPlusTheApertures) {
  const HsaNodeProperties& gpu = nodes_[kGpu];
  const std::vector<HsaMemoryProperties> m = banks(kGpu);
  HSAuint64 vram = 0;
  bool lds = false, scratch = false;
  for (const HsaMemoryProperties& b : m) {
    if (b.HeapType == HSA_HEAPTYPE_FRAME_BUFFER_PUBLIC ||
        b.HeapType == HSA_HEAPTYPE_FRAME_BUFFER_PRIVATE)
      vram += b.SizeInBytes;
    if (b.HeapType == HSA_HEAPTYPE_GPU_LDS) {
      lds = true;
      EXPECT_EQ(u64(b.SizeInBytes), HSAuint64{gpu.LDSSizeInKB} * 1024);
      EXPECT_NE(u64(b.VirtualBaseAddress), 0u);
    }
    if (b.HeapType == HSA_HEAPTYPE_GPU_SCRATCH) {
      scratch = true;
      EXPECT_GT(u64(b.SizeInBytes), 0u);
      EXPECT_NE(u64(b.VirtualBaseAddress), 0u);
    }
  }
  EXPECT_GT(vram, 0u);
  EXPECT_EQ(u64(gpu.LocalMemSize), vram);
  EXPECT_TRUE(lds);
  EXPECT_TRUE(scratch);
}

TEST_F(Topology, GpuCachesAreComputeUnitCaches) {
  const HsaNodeProperties& gpu = nodes_[kGpu];
  const std::vector<HsaCacheProperties> c = caches(kGpu);
  ASSERT_FALSE(c.empty());
  HSAuint32 l1 = 0;
  for (const HsaCacheProperties& cache : c) {
    EXPECT_EQ(cache.CacheType.ui32.HSACU, 1u);
    EXPECT_EQ(cache.CacheType.ui32.CPU, 0u);
    EXPECT_GE(cache.ProcessorIdLow, gpu.FComputeIdLo);
    if (cache.CacheLevel == 1) ++l1;
  }
  // One vector L1 per compute unit.
  EXPECT_EQ(l1, gpu.NumFComputeCores / gpu.NumSIMDPerCU);
}

// Every GPU hangs off the CPU by PCIe, both ways; GPUs reach each other
// through the CPU with the weights of both hops added (ROCm's indirect
// links; seen with GCN_EMU_GPUS=2 or more).
TEST_F(Topology, LinksJoinEveryGpuToTheCpu) {
  const std::vector<HsaIoLinkProperties> from_cpu = links(kCpu);
  for (HSAuint32 g = kGpu; g < sys_.NumNodes; ++g) {
    const std::vector<HsaIoLinkProperties> from_gpu = links(g);
    ASSERT_EQ(from_gpu.size(), sys_.NumNodes - 1) << "one link to every other node";
    EXPECT_EQ(from_gpu[0].NodeFrom, g);
    EXPECT_EQ(from_gpu[0].NodeTo, kCpu) << "the KFD's direct link comes first";
    EXPECT_EQ(from_gpu[0].IoLinkType, HSA_IOLINKTYPE_PCIEXPRESS);
    const HsaIoLinkProperties* back = nullptr;
    for (const HsaIoLinkProperties& l : from_cpu)
      if (l.NodeTo == g) back = &l;
    ASSERT_NE(back, nullptr) << "no link from the CPU to node " << g;
    EXPECT_EQ(back->IoLinkType, HSA_IOLINKTYPE_PCIEXPRESS);
    for (size_t i = 1; i < from_gpu.size(); ++i) {
      const HsaIoLinkProperties& l = from_gpu[i];
      EXPECT_EQ(l.NodeFrom, g);
      EXPECT_NE(l.NodeTo, kCpu);
      EXPECT_EQ(l.Weight, from_gpu[0].Weight + links(l.NodeTo)[0].Weight) << "via the CPU";
    }
  }
}

TEST_F(Topology, BadArgumentsFollowRocm) {
  // A node past the last is not a node (ROCm's validate_nodeid), for every
  // node-indexed query; a missing output pointer is a bad parameter.
  HsaNodeProperties p{};
  EXPECT_EQ(hsaKmtGetNodeProperties(sys_.NumNodes, &p), HSAKMT_STATUS_INVALID_NODE_UNIT);
  EXPECT_EQ(hsaKmtGetNodeProperties(~0u, &p), HSAKMT_STATUS_INVALID_NODE_UNIT);
  EXPECT_EQ(hsaKmtGetNodeProperties(kGpu, nullptr), HSAKMT_STATUS_INVALID_PARAMETER);
  HsaMemoryProperties m{};
  EXPECT_EQ(hsaKmtGetNodeMemoryProperties(sys_.NumNodes, 1, &m), HSAKMT_STATUS_INVALID_NODE_UNIT);
  EXPECT_EQ(hsaKmtGetNodeMemoryProperties(kGpu, 1, nullptr), HSAKMT_STATUS_INVALID_PARAMETER);
  HsaCacheProperties one_cache{};
  EXPECT_EQ(hsaKmtGetNodeCacheProperties(sys_.NumNodes, 0, 1, &one_cache),
            HSAKMT_STATUS_INVALID_NODE_UNIT);
  HsaIoLinkProperties one_link{};
  EXPECT_EQ(hsaKmtGetNodeIoLinkProperties(sys_.NumNodes, 1, &one_link),
            HSAKMT_STATUS_INVALID_NODE_UNIT);
  // Asking for more caches or links than the node has.
  std::vector<HsaCacheProperties> c(nodes_[kGpu].NumCaches + 1);
  EXPECT_EQ(hsaKmtGetNodeCacheProperties(kGpu, 0, nodes_[kGpu].NumCaches + 1, c.data()),
            HSAKMT_STATUS_INVALID_PARAMETER);
  std::vector<HsaIoLinkProperties> l(nodes_[kGpu].NumIOLinks + 1);
  EXPECT_EQ(hsaKmtGetNodeIoLinkProperties(kGpu, nodes_[kGpu].NumIOLinks + 1, l.data()),
            HSAKMT_STATUS_INVALID_PARAMETER);
  EXPECT_EQ(hsaKmtAcquireSystemProperties(nullptr), HSAKMT_STATUS_INVALID_PARAMETER);
}

// ROCm's thunk fills the register file sizes itself (the KFD does not
// publish them): 16 KiB of SGPRs and, on gfx9 before gfx908, 256 KiB of
// VGPRs per CU; CPU nodes have none.
TEST_F(Topology, RegisterFileSizesAreRocmsPerCuFigures) {
  EXPECT_EQ(nodes_[kGpu].SGPRSizePerCU, 16384u);
  EXPECT_EQ(nodes_[kGpu].VGPRSizePerCU, 262144u);
  EXPECT_EQ(nodes_[kCpu].SGPRSizePerCU, 0u);
  EXPECT_EQ(nodes_[kCpu].VGPRSizePerCU, 0u);
}

TEST_F(Topology, QueriesNeedASnapshot) {
  ASSERT_EQ(hsaKmtReleaseSystemProperties(), HSAKMT_STATUS_SUCCESS);
  HsaNodeProperties p{};
  EXPECT_EQ(hsaKmtGetNodeProperties(kCpu, &p), HSAKMT_STATUS_INVALID_NODE_UNIT);
  // A new snapshot is the same topology.
  HsaSystemProperties again{};
  ASSERT_EQ(hsaKmtAcquireSystemProperties(&again), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(again.NumNodes, sys_.NumNodes);
  ASSERT_EQ(hsaKmtGetNodeProperties(kGpu, &p), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(0, std::memcmp(&p, &nodes_[kGpu], sizeof(p)));
}

TEST_F(Topology, ClockCountersAdvance) {
  HsaClockCounters a{}, b{};
  ASSERT_EQ(hsaKmtGetClockCounters(kGpu, &a), HSAKMT_STATUS_SUCCESS);
  usleep(2000);
  ASSERT_EQ(hsaKmtGetClockCounters(kGpu, &b), HSAKMT_STATUS_SUCCESS);
  EXPECT_GT(u64(a.SystemClockFrequencyHz), 0u);
  EXPECT_GT(u64(b.SystemClockCounter), u64(a.SystemClockCounter));
  EXPECT_GE(u64(b.GPUClockCounter), u64(a.GPUClockCounter));
  EXPECT_EQ(hsaKmtGetClockCounters(kCpu, &a), HSAKMT_STATUS_SUCCESS) << "CPU clocks only";
  EXPECT_EQ(hsaKmtGetClockCounters(sys_.NumNodes, &a), HSAKMT_STATUS_INVALID_NODE_UNIT);
  EXPECT_EQ(hsaKmtGetClockCounters(kGpu, nullptr), HSAKMT_STATUS_INVALID_PARAMETER);
}

TEST_F(Topology, TileConfigFitsTheCallersArrays) {
  HSAuint32 tile[32] = {}, macro[16] = {};
  HsaGpuTileConfig config{};
  config.TileConfig = tile;
  config.MacroTileConfig = macro;
  config.NumTileConfigs = 32;
  config.NumMacroTileConfigs = 16;
  ASSERT_EQ(hsaKmtGetTileConfig(kGpu, &config), HSAKMT_STATUS_SUCCESS);
  EXPECT_LE(config.NumTileConfigs, 32u);
  EXPECT_LE(config.NumMacroTileConfigs, 16u);
  EXPECT_EQ(hsaKmtGetTileConfig(kGpu, nullptr), HSAKMT_STATUS_INVALID_PARAMETER);
  EXPECT_EQ(hsaKmtGetTileConfig(sys_.NumNodes, &config), HSAKMT_STATUS_INVALID_NODE_UNIT);
}

// gfx900 cannot retry on page faults: XNACK is off (or the query is not
// supported), and switching it on is refused.
TEST_F(Topology, XnackIsOffOnGfx900) {
  HSAint32 mode = 7;
  const HSAKMT_STATUS s = hsaKmtGetXNACKMode(&mode);
  if (s == HSAKMT_STATUS_SUCCESS)
    EXPECT_EQ(mode, 0);
  else
    EXPECT_EQ(s, HSAKMT_STATUS_NOT_SUPPORTED);
  EXPECT_NE(hsaKmtSetXNACKMode(1), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtGetXNACKMode(nullptr), HSAKMT_STATUS_INVALID_PARAMETER);
}

TEST_F(Topology, FeaturesWithoutHardwareAreNotSupported) {
  HSAuint32 major = 0, minor = 0, first = 0;
  EXPECT_EQ(hsaKmtGetKernelDebugTrapVersionInfo(&major, &minor), HSAKMT_STATUS_NOT_SUPPORTED);
  EXPECT_EQ(hsaKmtRuntimeEnable(nullptr, false), HSAKMT_STATUS_NOT_SUPPORTED);
  EXPECT_EQ(hsaKmtRuntimeDisable(), HSAKMT_STATUS_NOT_SUPPORTED);
  EXPECT_EQ(hsaKmtDbgRegister(kGpu), HSAKMT_STATUS_NOT_SUPPORTED);
  EXPECT_EQ(hsaKmtSPMAcquire(kGpu), HSAKMT_STATUS_NOT_SUPPORTED);
  HsaCounterProperties* counters = nullptr;
  EXPECT_EQ(hsaKmtPmcGetCounterProperties(kGpu, &counters), HSAKMT_STATUS_NOT_SUPPORTED);
  EXPECT_EQ(counters, nullptr);
  EXPECT_EQ(hsaKmtAllocQueueGWS(0, 1, &first), HSAKMT_STATUS_NOT_SUPPORTED);
  HSA_SVM_ATTRIBUTE attr{HSA_SVM_ATTR_PREFERRED_LOC, 0};
  EXPECT_EQ(hsaKmtSVMGetAttr(nullptr, 4096, 1, &attr), HSAKMT_STATUS_NOT_SUPPORTED);
  HSAuint64 copied = 0;
  EXPECT_EQ(hsaKmtProcessVMRead(0, nullptr, 0, nullptr, 0, &copied), HSAKMT_STATUS_NOT_SUPPORTED);
}

TEST(TopologyClosed, EveryCallNeedsTheKfdOpen) {
  HsaSystemProperties sys{};
  EXPECT_EQ(hsaKmtAcquireSystemProperties(&sys), HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED);
  HsaNodeProperties p{};
  EXPECT_EQ(hsaKmtGetNodeProperties(0, &p), HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED);
  HsaClockCounters c{};
  EXPECT_EQ(hsaKmtGetClockCounters(0, &c), HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED);
  EXPECT_EQ(hsaKmtSPMRelease(0), HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED);
}

}  // namespace
