// hipGetDeviceProperties and hipDeviceGetAttribute against the topology the
// emulated KFD serves, read independently of HIP and ROCr through the
// thunk's own API (hsaKmtAcquireSystemProperties re-reads the sysfs-format
// topology; hsaKmtGetNode*Properties answer from that snapshot). Values HIP
// derives by a fixed rule are checked with that rule (e.g. CUs = SIMDs /
// SIMDs per CU, clockRate in kHz = MHz * 1000, PCI bus = LocationId >> 8).
#include <hsakmt.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "hip_check.h"

namespace {

#define HSAKMT_CHECK(call)                                                                \
  do {                                                                                    \
    const HSAKMT_STATUS s = (call);                                                       \
    if (s != HSAKMT_STATUS_SUCCESS && s != HSAKMT_STATUS_KERNEL_ALREADY_OPENED) {         \
      std::fprintf(stderr, "%s:%d: %s returned %d\n", __FILE__, __LINE__, #call, int(s)); \
      std::exit(1);                                                                       \
    }                                                                                     \
  } while (0)

struct GpuTopology {
  HsaNodeProperties node;
  uint64_t local_memory = 0;  // HSA_HEAPTYPE_FRAME_BUFFER_PUBLIC/PRIVATE banks
  uint32_t memory_width = 0;
  uint32_t memory_clock_mhz = 0;
  uint64_t l2_bytes = 0;
};

// The first GPU node of the thunk's snapshot (HIP's device 0).
GpuTopology read_topology() {
  // HIP has opened the KFD already; a second open only counts.
  HSAKMT_CHECK(hsaKmtOpenKFD());
  HsaSystemProperties system{};
  HSAKMT_CHECK(hsaKmtAcquireSystemProperties(&system));
  for (uint32_t n = 0; n < system.NumNodes; ++n) {
    GpuTopology t{};
    HSAKMT_CHECK(hsaKmtGetNodeProperties(n, &t.node));
    if (t.node.NumFComputeCores == 0) continue;  // a CPU node
    std::vector<HsaMemoryProperties> banks(t.node.NumMemoryBanks);
    HSAKMT_CHECK(hsaKmtGetNodeMemoryProperties(n, t.node.NumMemoryBanks, banks.data()));
    for (const HsaMemoryProperties& b : banks) {
      if (b.HeapType == HSA_HEAPTYPE_FRAME_BUFFER_PUBLIC ||
          b.HeapType == HSA_HEAPTYPE_FRAME_BUFFER_PRIVATE) {
        t.local_memory += b.SizeInBytes;
        t.memory_width = b.Width;
        t.memory_clock_mhz = b.MemoryClockMax;
      }
    }
    std::vector<HsaCacheProperties> caches(t.node.NumCaches);
    HSAKMT_CHECK(
        hsaKmtGetNodeCacheProperties(n, t.node.CComputeIdLo, t.node.NumCaches, caches.data()));
    for (const HsaCacheProperties& c : caches) {
      if (c.CacheLevel == 2) t.l2_bytes = uint64_t(c.CacheSize) * 1024;
    }
    return t;
  }
  std::fprintf(stderr, "the thunk's topology has no GPU node\n");
  std::exit(1);
}

std::string marketing_name(const HsaNodeProperties& node) {
  std::string s;
  for (size_t i = 0; i < HSA_PUBLIC_NAME_SIZE && node.MarketingName[i] != 0; ++i) {
    s.push_back(static_cast<char>(node.MarketingName[i]));
  }
  return s;
}

#define EXPECT_EQ_INT(hip_value, topo_value)                                            \
  EXPECT_TRUE(static_cast<long long>(hip_value) == static_cast<long long>(topo_value),  \
              "%s = %lld, topology says %lld (%s)", #hip_value, (long long)(hip_value), \
              (long long)(topo_value), #topo_value)

int attribute(hipDeviceAttribute_t a) {
  int v = -1;
  HIP_CHECK(hipDeviceGetAttribute(&v, a, 0));
  return v;
}

}  // namespace

int main() {
  int count = 0;
  HIP_CHECK(hipGetDeviceCount(&count));
  hipDeviceProp_t p;
  HIP_CHECK(hipGetDeviceProperties(&p, 0));
  const GpuTopology t = read_topology();
  const HsaNodeProperties& n = t.node;

  EXPECT_TRUE(count >= 1, "hipGetDeviceCount = %d", count);
  // ROCr's ISA name is gfx<major><minor><stepping> from the node's EngineId,
  // plus target features after a colon.
  char isa[32];
  std::snprintf(isa, sizeof isa, "gfx%u%u%x", n.EngineId.ui32.Major, n.EngineId.ui32.Minor,
                n.EngineId.ui32.Stepping);
  EXPECT_TRUE(std::strncmp(p.gcnArchName, isa, std::strlen(isa)) == 0 &&
                  (p.gcnArchName[std::strlen(isa)] == 0 || p.gcnArchName[std::strlen(isa)] == ':'),
              "gcnArchName \"%s\", topology's EngineId gives %s", p.gcnArchName, isa);
  EXPECT_TRUE(std::strncmp(p.gcnArchName, "gfx900", 6) == 0, "gcnArchName \"%s\"", p.gcnArchName);
  EXPECT_TRUE(marketing_name(n) == p.name, "name \"%s\", topology's marketing name \"%s\"", p.name,
              marketing_name(n).c_str());
  char dev_name[256] = {};
  HIP_CHECK(hipDeviceGetName(dev_name, sizeof dev_name, 0));
  EXPECT_TRUE(std::strcmp(dev_name, p.name) == 0, "hipDeviceGetName \"%s\", props \"%s\"", dev_name,
              p.name);
  EXPECT_EQ_INT(p.major, n.EngineId.ui32.Major);
  EXPECT_EQ_INT(p.minor, n.EngineId.ui32.Minor);
  EXPECT_EQ_INT(p.gcnArch, n.EngineId.ui32.Major * 100 + n.EngineId.ui32.Minor * 10 +
                               n.EngineId.ui32.Stepping);

  EXPECT_EQ_INT(p.multiProcessorCount, n.NumFComputeCores / n.NumSIMDPerCU);
  EXPECT_EQ_INT(p.clockRate, n.MaxEngineClockMhzFCompute * 1000);
  EXPECT_EQ_INT(p.warpSize, n.WaveFrontSize);
  EXPECT_EQ_INT(p.warpSize, 64);
  EXPECT_EQ_INT(p.sharedMemPerBlock, n.LDSSizeInKB * 1024);
  EXPECT_EQ_INT(p.sharedMemPerBlock, 64 * 1024);
  EXPECT_EQ_INT(p.maxSharedMemoryPerMultiProcessor, n.LDSSizeInKB * 1024);
  EXPECT_EQ_INT(p.maxThreadsPerMultiProcessor,
                n.MaxWavesPerSIMD * n.NumSIMDPerCU * n.WaveFrontSize);
  // ROCr's fixed work-group limit (HSA_AGENT_INFO_WORKGROUP_MAX_SIZE).
  EXPECT_EQ_INT(p.maxThreadsPerBlock, 1024);
  EXPECT_EQ_INT(p.maxThreadsDim[0], 1024);
  EXPECT_EQ_INT(p.totalGlobalMem, t.local_memory);
  EXPECT_EQ_INT(p.memoryBusWidth, t.memory_width);
  EXPECT_EQ_INT(p.memoryClockRate, t.memory_clock_mhz * 1000);
  EXPECT_EQ_INT(p.l2CacheSize, t.l2_bytes);
  EXPECT_TRUE(t.l2_bytes > 0, "the topology lists no L2 cache");
  // LocationId is the PCI bus/device/function (KFD's location_id).
  EXPECT_EQ_INT(p.pciDomainID, n.Domain);
  EXPECT_EQ_INT(p.pciBusID, (n.LocationId >> 8) & 0xff);
  EXPECT_EQ_INT(p.pciDeviceID, (n.LocationId >> 3) & 0x1f);
  EXPECT_EQ_INT(p.integrated, 0);  // a discrete GPU: it has local memory
  EXPECT_TRUE(t.local_memory > 0, "the GPU node has no local memory bank");

  char bus_id[32] = {};
  HIP_CHECK(hipDeviceGetPCIBusId(bus_id, sizeof bus_id, 0));
  char want_bus[32];
  std::snprintf(want_bus, sizeof want_bus, "%04x:%02x:%02x.%x", n.Domain,
                (n.LocationId >> 8) & 0xff, (n.LocationId >> 3) & 0x1f, n.LocationId & 0x7);
  EXPECT_TRUE(strcasecmp(bus_id, want_bus) == 0, "hipDeviceGetPCIBusId \"%s\", topology %s", bus_id,
              want_bus);

  EXPECT_EQ_INT(attribute(hipDeviceAttributeMultiprocessorCount), p.multiProcessorCount);
  EXPECT_EQ_INT(attribute(hipDeviceAttributeWarpSize), n.WaveFrontSize);
  EXPECT_EQ_INT(attribute(hipDeviceAttributeMaxSharedMemoryPerBlock), n.LDSSizeInKB * 1024);
  EXPECT_EQ_INT(attribute(hipDeviceAttributeClockRate), n.MaxEngineClockMhzFCompute * 1000);
  EXPECT_EQ_INT(attribute(hipDeviceAttributeL2CacheSize), t.l2_bytes);
  EXPECT_EQ_INT(attribute(hipDeviceAttributePciBusId), (n.LocationId >> 8) & 0xff);
  EXPECT_EQ_INT(attribute(hipDeviceAttributeMaxThreadsPerBlock), 1024);

  size_t total = 0, free_bytes = 0;
  HIP_CHECK(hipDeviceTotalMem(&total, 0));
  EXPECT_EQ_INT(total, t.local_memory);
  HIP_CHECK(hipMemGetInfo(&free_bytes, &total));
  EXPECT_EQ_INT(total, t.local_memory);
  EXPECT_TRUE(free_bytes <= total && free_bytes > 0, "hipMemGetInfo free %zu of %zu", free_bytes,
              total);

  HSAKMT_CHECK(hsaKmtReleaseSystemProperties());
  HSAKMT_CHECK(hsaKmtCloseKFD());  // only drops our count; HIP's open stays
  std::printf("%s (%s): %d CUs at %d MHz, %zu MiB, L2 %d KiB, PCI %s\n", p.name, p.gcnArchName,
              p.multiProcessorCount, p.clockRate / 1000, p.totalGlobalMem >> 20,
              p.l2CacheSize / 1024, bus_id);
  return hip_report("device_properties");
}
