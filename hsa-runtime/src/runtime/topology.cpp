// Agents and regions from the thunk's topology: one CPU agent per CPU node,
// one GPU agent per GPU node, and both for an APU node (CPU cores and a GPU
// in one node, as amdkfd reports an IOMMUv2 APU; ROCr does the same). System memory (fine-grained
// and kernarg) is a CPU agent's region that GPU agents list as well, as ROCm does, so that programs
// searching a GPU agent for its kernarg region find one.
#include "runtime/topology.h"

#include <cstdio>

#include "runtime/isa.h"
#include "runtime/runtime.h"

namespace hsart {
namespace {

const std::vector<Isa> kIsas = {
    {"amdgcn-amd-amdhsa--gfx900", "AMD:AMDGPU:9:0:0", "gfx900", 64, 40},
};

bool is_vram(HSA_HEAPTYPE t) {
  return t == HSA_HEAPTYPE_FRAME_BUFFER_PUBLIC || t == HSA_HEAPTYPE_FRAME_BUFFER_PRIVATE;
}

std::string ascii_of(const HSAuint16* utf16, size_t n) {
  std::string s;
  for (size_t i = 0; i < n && utf16[i]; ++i) s.push_back(utf16[i] < 0x80 ? char(utf16[i]) : '?');
  return s;
}

// Reads node as an agent of type: an APU node is read twice, once per agent.
hsa_status_t read_node(uint32_t node, hsa_device_type_t type, Agent* a) {
  a->node = node;
  if (hsaKmtGetNodeProperties(node, &a->props) != HSAKMT_STATUS_SUCCESS)
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  a->type = type;
  a->banks.resize(a->props.NumMemoryBanks);
  if (!a->banks.empty() && hsaKmtGetNodeMemoryProperties(node, a->props.NumMemoryBanks,
                                                         a->banks.data()) != HSAKMT_STATUS_SUCCESS)
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  a->caches.resize(a->props.NumCaches);
  const uint32_t first_processor =
      a->type == HSA_DEVICE_TYPE_GPU ? a->props.FComputeIdLo : a->props.CComputeIdLo;
  if (!a->caches.empty() && hsaKmtGetNodeCacheProperties(node, first_processor, a->props.NumCaches,
                                                         a->caches.data()) != HSAKMT_STATUS_SUCCESS)
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  const bool apu = a->props.NumCPUCores && a->props.NumFComputeCores;
  if (apu) {
    // Each agent of an APU node keeps its own caches (CPU or HSA CU).
    std::vector<HsaCacheProperties> own;
    for (const HsaCacheProperties& c : a->caches)
      if (type == HSA_DEVICE_TYPE_GPU ? c.CacheType.ui32.HSACU : c.CacheType.ui32.CPU)
        own.push_back(c);
    a->caches = std::move(own);
  }
  // The node's name (the ASIC's) names its GPU, not an APU's CPU.
  a->product_name = apu && type == HSA_DEVICE_TYPE_CPU
                        ? std::string()
                        : ascii_of(a->props.MarketingName, HSA_PUBLIC_NAME_SIZE);
  if (a->type == HSA_DEVICE_TYPE_GPU) {
    // The agent's name is its gfx target, from the GFX IP version (the
    // topology's AMDName is the thunk's "GFX090000" form, not a target).
    const HSA_ENGINE_ID& e = a->props.EngineId;
    char gfx[32];
    std::snprintf(gfx, sizeof gfx, "gfx%u%x%x", unsigned{e.ui32.Major}, unsigned{e.ui32.Minor},
                  unsigned{e.ui32.Stepping});
    a->name = gfx;
    a->isa = nullptr;  // a GPU we have no ISA for runs no code objects
    for (const Isa& isa : kIsas)
      if (a->name == isa.gfx) a->isa = &isa;
  } else {
    a->isa = nullptr;
    a->name = a->product_name.empty() ? "CPU" : a->product_name;
  }
  return HSA_STATUS_SUCCESS;
}

Region make_region(RegionKind kind, const Agent* owner, uint32_t alloc_node, uint64_t size) {
  Region r{};
  r.kind = kind;
  r.owner = owner;
  r.alloc_node = alloc_node;
  r.size = size;
  return r;
}

void add_bank_facts(Region* r, const HsaMemoryProperties& bank) {
  r->base = bank.VirtualBaseAddress;
  r->bus_width = bank.Width;
  r->max_clock_mhz = bank.MemoryClockMax;
}

}  // namespace

const std::vector<Isa>& isas() { return kIsas; }

hsa_status_t build_topology(Runtime& rt) {
  HsaSystemProperties sys{};
  if (hsaKmtAcquireSystemProperties(&sys) != HSAKMT_STATUS_SUCCESS)
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  for (uint32_t n = 0; n < sys.NumNodes; ++n) {
    HsaNodeProperties props{};
    if (hsaKmtGetNodeProperties(n, &props) != HSAKMT_STATUS_SUCCESS)
      return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
    std::vector<hsa_device_type_t> types;
    if (props.NumCPUCores || !props.NumFComputeCores) types.push_back(HSA_DEVICE_TYPE_CPU);
    if (props.NumFComputeCores) types.push_back(HSA_DEVICE_TYPE_GPU);
    for (hsa_device_type_t type : types) {
      Agent a{};
      const hsa_status_t s = read_node(n, type, &a);
      if (s != HSA_STATUS_SUCCESS) return s;
      rt.agents.push_back(std::move(a));
    }
  }

  // System memory: the first CPU agent owns it; allocations come from node 0.
  const Region* system = nullptr;
  const Region* kernarg = nullptr;
  for (Agent& a : rt.agents) {
    if (a.type != HSA_DEVICE_TYPE_CPU) continue;
    uint64_t bytes = 0;
    const HsaMemoryProperties* first = nullptr;
    for (const HsaMemoryProperties& b : a.banks) {
      if (b.HeapType != HSA_HEAPTYPE_SYSTEM) continue;
      bytes += b.SizeInBytes;
      if (!first) first = &b;
    }
    if (!first) continue;
    rt.regions.push_back(make_region(RegionKind::kSystem, &a, 0, bytes));
    add_bank_facts(&rt.regions.back(), *first);
    a.regions.push_back(&rt.regions.back());
    rt.regions.push_back(make_region(RegionKind::kKernarg, &a, 0, bytes));
    add_bank_facts(&rt.regions.back(), *first);
    a.regions.push_back(&rt.regions.back());
    if (!system) {
      system = a.regions[a.regions.size() - 2];
      kernarg = a.regions.back();
    }
    break;  // one system memory, whatever the NUMA layout
  }

  for (Agent& a : rt.agents) {
    if (a.type != HSA_DEVICE_TYPE_GPU) continue;
    for (const HsaMemoryProperties& b : a.banks) {
      if (!is_vram(b.HeapType)) continue;
      rt.regions.push_back(make_region(RegionKind::kVram, &a, a.node, b.SizeInBytes));
      add_bank_facts(&rt.regions.back(), b);
      a.regions.push_back(&rt.regions.back());
      break;
    }
    const uint64_t lds = uint64_t{a.props.LDSSizeInKB} * 1024;
    rt.regions.push_back(make_region(RegionKind::kGroup, &a, a.node, lds ? lds : 64 * 1024));
    a.regions.push_back(&rt.regions.back());
    if (system) a.regions.push_back(system);
    if (kernarg) a.regions.push_back(kernarg);
  }
  return HSA_STATUS_SUCCESS;
}

bool full_profile(const Agent& agent) {
  return agent.type == HSA_DEVICE_TYPE_CPU || agent.props.NumCPUCores != 0;
}

bool isa_has_full_profile_agent(const Isa& isa) {
  for (const Agent& a : runtime().agents)
    if (a.type == HSA_DEVICE_TYPE_GPU && a.isa == &isa && full_profile(a)) return true;
  return false;
}

const Agent* agent_from(hsa_agent_t agent) {
  for (const Agent& a : runtime().agents)
    if (reinterpret_cast<uint64_t>(&a) == agent.handle) return &a;
  return nullptr;
}

const Region* region_from(hsa_region_t region) {
  for (const Region& r : runtime().regions)
    if (reinterpret_cast<uint64_t>(&r) == region.handle) return &r;
  return nullptr;
}

const Isa* isa_from(hsa_isa_t isa) {
  for (const Isa& i : kIsas)
    if (reinterpret_cast<uint64_t>(&i) == isa.handle) return &i;
  return nullptr;
}

hsa_agent_t handle_of(const Agent* agent) { return {reinterpret_cast<uint64_t>(agent)}; }
hsa_region_t handle_of(const Region* region) { return {reinterpret_cast<uint64_t>(region)}; }
hsa_isa_t handle_of(const Isa* isa) { return {reinterpret_cast<uint64_t>(isa)}; }

}  // namespace hsart
