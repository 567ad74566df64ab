// The KFD's topology text (kfd_topology.c prints one "name value" line per
// property) into the API's structs. Unknown names are skipped, as newer
// kernels add properties; a value that is not a number is an error.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "kfd_topology.h"
#include "topology_snapshot.h"

namespace hsakmt {
namespace {

bool to_u64(const std::string& text, uint64_t* value) {
  if (text.empty() || text[0] < '0' || text[0] > '9') return false;
  errno = 0;
  char* end = nullptr;
  const unsigned long long v = std::strtoull(text.c_str(), &end, 10);
  if (errno != 0 || end == nullptr || *end != '\0') return false;
  *value = v;
  return true;
}

// One row per property: its sysfs name and where the value goes.
template <class T>
struct Field {
  const char* name;
  void (*store)(T&, uint64_t);
};

// Applies every known property of the list to *out through the table.
template <class T, size_t N>
bool apply(const Field<T> (&table)[N], const PropertyList& list, T* out) {
  for (const auto& [name, text] : list) {
    for (const Field<T>& f : table) {
      if (name != f.name) continue;
      uint64_t v = 0;
      if (!to_u64(text, &v)) return false;
      f.store(*out, v);
      break;
    }
  }
  return true;
}

// Property names come from kfd-common's tables (kfd_topology.h), which the
// emulated KFD and the module print from: a name exists in one place.
#define NAME(table, kind, prop) kfdc_##table##_props[KFDC_##kind##_##prop].name
#define U32(table, kind, prop, member)                                                         \
  {                                                                                            \
    NAME(table, kind, prop), [](auto& p, uint64_t v) { p.member = static_cast<HSAuint32>(v); } \
  }
#define U64(table, kind, prop, member)                                 \
  {                                                                    \
    NAME(table, kind, prop), [](auto& p, uint64_t v) { p.member = v; } \
  }

const Field<HsaNodeProperties> kNodeFields[] = {
    U32(node, NODE, cpu_cores_count, NumCPUCores),
    U32(node, NODE, simd_count, NumFComputeCores),
    U32(node, NODE, mem_banks_count, NumMemoryBanks),
    U32(node, NODE, caches_count, NumCaches),
    U32(node, NODE, io_links_count, NumIOLinks),
    U32(node, NODE, cpu_core_id_base, CComputeIdLo),
    U32(node, NODE, simd_id_base, FComputeIdLo),
    U32(node, NODE, capability, Capability.Value),
    U64(node, NODE, debug_prop, DebugProperties.Value),
    U32(node, NODE, max_waves_per_simd, MaxWavesPerSIMD),
    U32(node, NODE, lds_size_in_kb, LDSSizeInKB),
    U32(node, NODE, gds_size_in_kb, GDSSizeInKB),
    U32(node, NODE, wave_front_size, WaveFrontSize),
    U32(node, NODE, array_count, NumShaderBanks),
    U32(node, NODE, simd_arrays_per_engine, NumArrays),
    U32(node, NODE, cu_per_simd_array, NumCUPerArray),
    U32(node, NODE, simd_per_cu, NumSIMDPerCU),
    U32(node, NODE, max_slots_scratch_cu, MaxSlotsScratchCU),
    U32(node, NODE, location_id, LocationId),
    U32(node, NODE, domain, Domain),
    U32(node, NODE, max_engine_clk_fcompute, MaxEngineClockMhzFCompute),
    U32(node, NODE, max_engine_clk_ccompute, MaxEngineClockMhzCCompute),
    U64(node, NODE, local_mem_size, LocalMemSize),
    U64(node, NODE, hive_id, HiveID),
    U64(node, NODE, unique_id, UniqueID),
    U32(node, NODE, num_sdma_engines, NumSdmaEngines),
    U32(node, NODE, num_sdma_xgmi_engines, NumSdmaXgmiEngines),
    {NAME(node, NODE, vendor_id),
     [](HsaNodeProperties& p, uint64_t v) { p.VendorId = static_cast<HSAuint16>(v); }},
    {NAME(node, NODE, device_id),
     [](HsaNodeProperties& p, uint64_t v) { p.DeviceId = static_cast<HSAuint16>(v); }},
    {NAME(node, NODE, drm_render_minor),
     [](HsaNodeProperties& p, uint64_t v) { p.DrmRenderMinor = static_cast<HSAint32>(v); }},
    {NAME(node, NODE, num_gws),
     [](HsaNodeProperties& p, uint64_t v) { p.NumGws = static_cast<HSAuint8>(v); }},
    {NAME(node, NODE, num_sdma_queues_per_engine),
     [](HsaNodeProperties& p, uint64_t v) { p.NumSdmaQueuesPerEngine = static_cast<HSAuint8>(v); }},
    {NAME(node, NODE, num_cp_queues),
     [](HsaNodeProperties& p, uint64_t v) { p.NumCpQueues = static_cast<HSAuint8>(v); }},
    // Firmware versions: the low 10 bits are the packet processor's and the
    // SDMA engine's microcode version.
    {NAME(node, NODE, fw_version),
     [](HsaNodeProperties& p, uint64_t v) { p.EngineId.ui32.uCode = static_cast<HSAuint32>(v); }},
    {NAME(node, NODE, sdma_fw_version),
     [](HsaNodeProperties& p, uint64_t v) {
       p.uCodeEngineVersions.uCodeSDMA = static_cast<HSAuint32>(v);
     }},
    {NAME(node, NODE, gfx_target_version),
     [](HsaNodeProperties& p, uint64_t v) { set_gfx_version(static_cast<uint32_t>(v), &p); }},
};

const Field<HsaMemoryProperties> kMemoryFields[] = {
    {NAME(mem, MEM, heap_type),
     [](HsaMemoryProperties& m, uint64_t v) { m.HeapType = static_cast<HSA_HEAPTYPE>(v); }},
    U64(mem, MEM, size_in_bytes, SizeInBytes),
    U32(mem, MEM, flags, Flags.MemoryProperty),
    U32(mem, MEM, width, Width),
    U32(mem, MEM, mem_clk_max, MemoryClockMax),
};

const Field<HsaCacheProperties> kCacheFields[] = {
    U32(cache, CACHE, processor_id_low, ProcessorIdLow),
    U32(cache, CACHE, level, CacheLevel),
    U32(cache, CACHE, size, CacheSize),
    U32(cache, CACHE, cache_line_size, CacheLineSize),
    U32(cache, CACHE, cache_lines_per_tag, CacheLinesPerTag),
    U32(cache, CACHE, association, CacheAssociativity),
    U32(cache, CACHE, latency, CacheLatency),
    U32(cache, CACHE, type, CacheType.Value),
};

const Field<HsaIoLinkProperties> kIoLinkFields[] = {
    {NAME(link, LINK, type),
     [](HsaIoLinkProperties& l, uint64_t v) { l.IoLinkType = static_cast<HSA_IOLINKTYPE>(v); }},
    U32(link, LINK, version_major, VersionMajor),
    U32(link, LINK, version_minor, VersionMinor),
    U32(link, LINK, node_from, NodeFrom),
    U32(link, LINK, node_to, NodeTo),
    U32(link, LINK, weight, Weight),
    U32(link, LINK, min_latency, MinimumLatency),
    U32(link, LINK, max_latency, MaximumLatency),
    U32(link, LINK, min_bandwidth, MinimumBandwidth),
    U32(link, LINK, max_bandwidth, MaximumBandwidth),
    U32(link, LINK, recommended_transfer_size, RecTransferSize),
    U32(link, LINK, flags, Flags.LinkProperty),
};

#undef U32
#undef U64
#undef NAME

// "1,0,1,..." (one entry per CPU core or CU, the kernel's bitmap unrolled)
// into SiblingMap; entries beyond HSA_CPU_SIBLINGS are dropped.
bool parse_sibling_map(const std::string& text, HsaCacheProperties* cache) {
  size_t pos = 0, index = 0;
  while (pos <= text.size()) {
    size_t comma = text.find(',', pos);
    if (comma == std::string::npos) comma = text.size();
    uint64_t v = 0;
    if (!to_u64(text.substr(pos, comma - pos), &v)) return false;
    if (index < HSA_CPU_SIBLINGS) cache->SiblingMap[index] = static_cast<HSAuint32>(v);
    ++index;
    pos = comma + 1;
  }
  return true;
}

}  // namespace

bool parse_property_text(const std::string& text, PropertyList* out) {
  out->clear();
  size_t pos = 0;
  while (pos < text.size()) {
    size_t eol = text.find('\n', pos);
    if (eol == std::string::npos) eol = text.size();
    const std::string line = text.substr(pos, eol - pos);
    pos = eol + 1;
    if (line.empty()) continue;
    const size_t space = line.find(' ');
    if (space == 0 || space == std::string::npos) return false;
    const size_t value = line.find_first_not_of(' ', space);
    if (value == std::string::npos) return false;
    out->emplace_back(line.substr(0, space), line.substr(value));
  }
  return true;
}

bool node_from_properties(const PropertyList& list, HsaNodeProperties* props) {
  return apply(kNodeFields, list, props);
}

bool memory_from_properties(const PropertyList& list, HsaMemoryProperties* mem) {
  return apply(kMemoryFields, list, mem);
}

bool cache_from_properties(const PropertyList& list, HsaCacheProperties* cache) {
  if (!apply(kCacheFields, list, cache)) return false;
  for (const auto& [name, text] : list)
    if (name == "sibling_map" && !parse_sibling_map(text, cache)) return false;
  return true;
}

bool io_link_from_properties(const PropertyList& list, HsaIoLinkProperties* link) {
  return apply(kIoLinkFields, list, link);
}

void set_gfx_version(uint32_t gfx_target_version, HsaNodeProperties* props) {
  // The KFD encodes gfx<major><minor><stepping> as major*10000 +
  // minor*100 + stepping (gfx900 -> 90000, gfx90a -> 90010).
  props->EngineId.ui32.Major = (gfx_target_version / 10000) & 0x3f;
  props->EngineId.ui32.Minor = (gfx_target_version / 100) % 100;
  props->EngineId.ui32.Stepping = gfx_target_version % 100;
  if (gfx_target_version == 0) return;  // a CPU node has no ISA name
  const unsigned full = (props->EngineId.ui32.Major << 16) | (props->EngineId.ui32.Minor << 8) |
                        props->EngineId.ui32.Stepping;
  char name[HSA_PUBLIC_NAME_SIZE];
  std::snprintf(name, sizeof(name), "GFX%06x", full);
  std::memset(props->AMDName, 0, sizeof(props->AMDName));
  std::memcpy(props->AMDName, name, std::strlen(name));
}

void set_register_file_sizes(HsaNodeProperties* props) {
  // The KFD does not publish them; ROCm's thunk fills them by ISA: 16 KiB of
  // SGPRs per CU everywhere, VGPRs 512 KiB on gfx908/gfx90a/gfx94x/gfx950,
  // 384 KiB on gfx1100/1101/1200/1201, 256 KiB otherwise (gfx900 included).
  const HSA_ENGINE_ID& e = props->EngineId;
  const unsigned full = (e.ui32.Major << 16) | (e.ui32.Minor << 8) | e.ui32.Stepping;
  props->SGPRSizePerCU = 16 * 1024;
  if (full == 0x090008 || full == 0x09000a || (full & ~0xffu) == 0x090400 || full == 0x090500)
    props->VGPRSizePerCU = 512 * 1024;
  else if (full == 0x0b0000 || full == 0x0b0001 || full == 0x0c0000 || full == 0x0c0001)
    props->VGPRSizePerCU = 384 * 1024;
  else
    props->VGPRSizePerCU = 256 * 1024;
}

void set_marketing_name(const std::string& name, HsaNodeProperties* props) {
  size_t i = 0;
  for (; i < name.size() && i + 1 < HSA_PUBLIC_NAME_SIZE; ++i)
    props->MarketingName[i] = static_cast<unsigned char>(name[i]);
  props->MarketingName[i] = 0;
}

}  // namespace hsakmt
