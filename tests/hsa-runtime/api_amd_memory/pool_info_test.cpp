// hsa_amd_agent_iterate_memory_pools, hsa_amd_memory_pool_get_info and
// hsa_amd_agent_memory_pool_get_info, checked against the thunk's topology
// and ROCr's documented access rules.
#include <cstring>

#include "memory_fixture.h"

namespace {

using amd_memory_test::pool_info;
using amd_memory_test::pools_of;
using amd_memory_test::thunk_node;

constexpr size_t kPage = 4096;

uint64_t system_bytes(const amd_memory_test::ThunkNode& n) {
  uint64_t bytes = 0;
  for (const HsaMemoryProperties& b : n.banks)
    if (b.HeapType == HSA_HEAPTYPE_SYSTEM) bytes += b.SizeInBytes;
  return bytes;
}

uint64_t vram_bytes(const amd_memory_test::ThunkNode& n) {
  for (const HsaMemoryProperties& b : n.banks)
    if (b.HeapType == HSA_HEAPTYPE_FRAME_BUFFER_PUBLIC ||
        b.HeapType == HSA_HEAPTYPE_FRAME_BUFFER_PRIVATE)
      return b.SizeInBytes;
  return 0;
}

template <typename T>
T agent_pool(hsa_agent_t a, hsa_amd_memory_pool_t p, hsa_amd_agent_memory_pool_info_t attribute) {
  T v{};
  EXPECT_EQ(hsa_amd_agent_memory_pool_get_info(a, p, attribute, &v), HSA_STATUS_SUCCESS);
  return v;
}

class ApiPoolInfoTest : public AmdMemoryTest {};

TEST(ApiPoolUninitialized, EveryCallSaysNotInitialized) {
  hsa_amd_memory_pool_t pool{1};
  hsa_agent_t agent{1};
  void* p = nullptr;
  bool b = false;
  hsa_amd_pointer_info_t info{};
  info.size = sizeof info;
  char buf[64];
  constexpr hsa_status_t kNo = HSA_STATUS_ERROR_NOT_INITIALIZED;
  EXPECT_EQ(hsa_amd_agent_iterate_memory_pools(
                agent, [](hsa_amd_memory_pool_t, void*) { return HSA_STATUS_SUCCESS; }, nullptr),
            kNo);
  EXPECT_EQ(hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_SIZE, buf), kNo);
  EXPECT_EQ(
      hsa_amd_agent_memory_pool_get_info(agent, pool, HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS, buf),
      kNo);
  EXPECT_EQ(hsa_amd_memory_pool_allocate(pool, 4096, 0, &p), kNo);
  EXPECT_EQ(hsa_amd_memory_pool_free(buf), kNo);
  EXPECT_EQ(hsa_amd_agents_allow_access(1, &agent, nullptr, buf), kNo);
  EXPECT_EQ(hsa_amd_memory_pool_can_migrate(pool, pool, &b), kNo);
  EXPECT_EQ(hsa_amd_memory_migrate(buf, pool, 0), kNo);
  EXPECT_EQ(hsa_amd_memory_lock(buf, sizeof buf, nullptr, 0, &p), kNo);
  EXPECT_EQ(hsa_amd_memory_lock_to_pool(buf, sizeof buf, nullptr, 0, pool, 0, &p), kNo);
  EXPECT_EQ(hsa_amd_memory_unlock(buf), kNo);
  EXPECT_EQ(hsa_amd_pointer_info(buf, &info, nullptr, nullptr, nullptr), kNo);
  EXPECT_EQ(hsa_amd_pointer_info_set_userdata(buf, nullptr), kNo);
}

TEST_F(ApiPoolInfoTest, AgentsShowTheirOwnPools) {
  // A CPU: fine-grained system memory and the kernarg pool; a GPU: its
  // VRAM and its LDS, not the system memory it lists among its regions.
  EXPECT_EQ(pools_of(cpu_).size(), 2u);
  for (hsa_agent_t g : gpus_) {
    const auto pools = pools_of(g);
    ASSERT_EQ(pools.size(), 2u);
    for (hsa_amd_memory_pool_t p : pools) {
      EXPECT_NE(p.handle, system_.handle);
      EXPECT_NE(p.handle, kernarg_.handle);
    }
  }
  EXPECT_NE(system_.handle, kernarg_.handle);
}

TEST_F(ApiPoolInfoTest, PoolsAreRegions) {
  // The same handles: every pool is one of the agent's regions and answers
  // the region queries with the same values.
  for (hsa_agent_t a : {cpu_, gpu_}) {
    std::vector<uint64_t> regions;
    hsa_agent_iterate_regions(
        a,
        [](hsa_region_t r, void* d) {
          static_cast<std::vector<uint64_t>*>(d)->push_back(r.handle);
          return HSA_STATUS_SUCCESS;
        },
        &regions);
    for (hsa_amd_memory_pool_t p : pools_of(a)) {
      EXPECT_NE(std::find(regions.begin(), regions.end(), p.handle), regions.end());
      size_t region_size = 0;
      ASSERT_EQ(hsa_region_get_info(hsa_region_t{p.handle}, HSA_REGION_INFO_SIZE, &region_size),
                HSA_STATUS_SUCCESS);
      EXPECT_EQ(pool_info<size_t>(p, HSA_AMD_MEMORY_POOL_INFO_SIZE), region_size);
    }
  }
}

TEST_F(ApiPoolInfoTest, SizesMatchTheThunkTopology) {
  const auto cpu = thunk_node(amd_memory_test::node_of(cpu_));
  const auto gpu = thunk_node(amd_memory_test::node_of(gpu_));
  const uint64_t sys = system_bytes(cpu);
  ASSERT_GT(sys, 0u);
  EXPECT_EQ(pool_info<size_t>(system_, HSA_AMD_MEMORY_POOL_INFO_SIZE), sys);
  EXPECT_EQ(pool_info<size_t>(kernarg_, HSA_AMD_MEMORY_POOL_INFO_SIZE), sys);
  EXPECT_EQ(pool_info<size_t>(system_, HSA_AMD_MEMORY_POOL_INFO_ALLOC_MAX_SIZE),
            sys / kPage * kPage);
  const uint64_t vram = vram_bytes(gpu);
  ASSERT_GT(vram, 0u);
  EXPECT_EQ(pool_info<size_t>(vram_, HSA_AMD_MEMORY_POOL_INFO_SIZE), vram);
  EXPECT_EQ(pool_info<size_t>(vram_, HSA_AMD_MEMORY_POOL_INFO_ALLOC_MAX_SIZE),
            vram / kPage * kPage);
  const uint64_t lds = uint64_t{gpu.props.LDSSizeInKB} * 1024;
  ASSERT_GT(lds, 0u);
  EXPECT_EQ(pool_info<size_t>(group_, HSA_AMD_MEMORY_POOL_INFO_SIZE), lds);
  EXPECT_EQ(pool_info<size_t>(group_, HSA_AMD_MEMORY_POOL_INFO_ALLOC_MAX_SIZE), 0u);
}

TEST_F(ApiPoolInfoTest, FlagsGranulesAndAccessibility) {
  struct Expect {
    hsa_amd_memory_pool_t pool;
    hsa_amd_segment_t segment;
    uint32_t flags;
    bool allocatable;
    bool by_all;
  };
  const Expect table[] = {
      {system_, HSA_AMD_SEGMENT_GLOBAL, HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED, true, true},
      {kernarg_, HSA_AMD_SEGMENT_GLOBAL,
       HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED | HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT,
       true, true},
      {vram_, HSA_AMD_SEGMENT_GLOBAL, HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED, true, false},
      {group_, HSA_AMD_SEGMENT_GROUP, 0, false, false},
  };
  for (const Expect& e : table) {
    SCOPED_TRACE(e.pool.handle);
    EXPECT_EQ(pool_info<hsa_amd_segment_t>(e.pool, HSA_AMD_MEMORY_POOL_INFO_SEGMENT), e.segment);
    EXPECT_EQ(pool_info<uint32_t>(e.pool, HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS), e.flags);
    EXPECT_EQ(pool_info<bool>(e.pool, HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED),
              e.allocatable);
    const size_t granule = e.allocatable ? kPage : 0;
    EXPECT_EQ(pool_info<size_t>(e.pool, HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_GRANULE), granule);
    EXPECT_EQ(pool_info<size_t>(e.pool, HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALIGNMENT), granule);
    EXPECT_EQ(pool_info<bool>(e.pool, HSA_AMD_MEMORY_POOL_INFO_ACCESSIBLE_BY_ALL), e.by_all);
  }
}

TEST_F(ApiPoolInfoTest, Errors) {
  size_t v = 0;
  EXPECT_EQ(hsa_amd_memory_pool_get_info(system_, HSA_AMD_MEMORY_POOL_INFO_SIZE, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  for (uint64_t bad : {uint64_t{0}, uint64_t{0x1234}, gpu_.handle}) {
    EXPECT_EQ(
        hsa_amd_memory_pool_get_info(hsa_amd_memory_pool_t{bad}, HSA_AMD_MEMORY_POOL_INFO_SIZE, &v),
        static_cast<hsa_status_t>(HSA_STATUS_ERROR_INVALID_MEMORY_POOL));
  }
  // 3 and 4 are region attributes a pool does not have.
  for (int attribute : {3, 4, 8, 14, 17, 0xA000}) {
    EXPECT_EQ(hsa_amd_memory_pool_get_info(system_,
                                           static_cast<hsa_amd_memory_pool_info_t>(attribute), &v),
              HSA_STATUS_ERROR_INVALID_ARGUMENT)
        << attribute;
  }
  auto count = [](hsa_amd_memory_pool_t, void* d) {
    ++*static_cast<int*>(d);
    return HSA_STATUS_SUCCESS;
  };
  int n = 0;
  EXPECT_EQ(hsa_amd_agent_iterate_memory_pools(gpu_, nullptr, &n),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_agent_iterate_memory_pools(hsa_agent_t{0x99}, count, &n),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(n, 0);
}

TEST_F(ApiPoolInfoTest, IterationStopsAtTheCallbacksStatus) {
  int calls = 0;
  EXPECT_EQ(hsa_amd_agent_iterate_memory_pools(
                gpu_,
                [](hsa_amd_memory_pool_t, void* d) {
                  ++*static_cast<int*>(d);
                  return HSA_STATUS_INFO_BREAK;
                },
                &calls),
            HSA_STATUS_INFO_BREAK);
  EXPECT_EQ(calls, 1);
}

TEST_F(ApiPoolInfoTest, AccessFollowsRocrRules) {
  using A = hsa_amd_memory_pool_access_t;
  auto access = [](hsa_agent_t a, hsa_amd_memory_pool_t p) {
    return agent_pool<A>(a, p, HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS);
  };
  EXPECT_EQ(access(cpu_, system_), HSA_AMD_MEMORY_POOL_ACCESS_ALLOWED_BY_DEFAULT);
  EXPECT_EQ(access(cpu_, kernarg_), HSA_AMD_MEMORY_POOL_ACCESS_ALLOWED_BY_DEFAULT);
  EXPECT_EQ(access(gpu_, vram_), HSA_AMD_MEMORY_POOL_ACCESS_ALLOWED_BY_DEFAULT);
  EXPECT_EQ(access(gpu_, group_), HSA_AMD_MEMORY_POOL_ACCESS_ALLOWED_BY_DEFAULT);
  // Others: allowed by asking if a link joins the two nodes, else never.
  const auto gpu_topology = thunk_node(amd_memory_test::node_of(gpu_));
  const auto cpu_topology = thunk_node(amd_memory_test::node_of(cpu_));
  auto linked = [](const amd_memory_test::ThunkNode& from, uint32_t to) {
    for (const HsaIoLinkProperties& l : from.links)
      if (l.NodeTo == to) return true;
    return false;
  };
  const bool gpu_to_cpu = linked(gpu_topology, amd_memory_test::node_of(cpu_));
  const bool cpu_to_gpu = linked(cpu_topology, amd_memory_test::node_of(gpu_));
  ASSERT_TRUE(gpu_to_cpu) << "the emulated GPU hangs off a CPU";
  EXPECT_EQ(access(gpu_, system_), HSA_AMD_MEMORY_POOL_ACCESS_DISALLOWED_BY_DEFAULT);
  EXPECT_EQ(access(cpu_, vram_), cpu_to_gpu ? HSA_AMD_MEMORY_POOL_ACCESS_DISALLOWED_BY_DEFAULT
                                            : HSA_AMD_MEMORY_POOL_ACCESS_NEVER_ALLOWED);
  EXPECT_EQ(access(cpu_, group_), HSA_AMD_MEMORY_POOL_ACCESS_NEVER_ALLOWED);
}

TEST_F(ApiPoolInfoTest, LinkInfoIsTheThunksIoLink) {
  const uint32_t cpu_node = amd_memory_test::node_of(cpu_);
  const auto gpu_topology = thunk_node(amd_memory_test::node_of(gpu_));
  const HsaIoLinkProperties* link = nullptr;
  for (const HsaIoLinkProperties& l : gpu_topology.links)
    if (l.NodeTo == cpu_node) link = &l;
  ASSERT_NE(link, nullptr);
  EXPECT_EQ(agent_pool<uint32_t>(gpu_, system_, HSA_AMD_AGENT_MEMORY_POOL_INFO_NUM_LINK_HOPS), 1u);
  const auto info = agent_pool<hsa_amd_memory_pool_link_info_t>(
      gpu_, system_, HSA_AMD_AGENT_MEMORY_POOL_INFO_LINK_INFO);
  EXPECT_EQ(info.min_latency, link->MinimumLatency);
  EXPECT_EQ(info.max_latency, link->MaximumLatency);
  EXPECT_EQ(info.min_bandwidth, link->MinimumBandwidth);
  EXPECT_EQ(info.max_bandwidth, link->MaximumBandwidth);
  EXPECT_EQ(info.numa_distance, link->Weight);
  EXPECT_EQ(info.atomic_support_32bit, !link->Flags.ui32.NoAtomics32bit);
  EXPECT_EQ(info.atomic_support_64bit, !link->Flags.ui32.NoAtomics64bit);
  EXPECT_EQ(info.coherent_support, !link->Flags.ui32.NonCoherent);
  if (link->IoLinkType == HSA_IOLINKTYPE_PCIEXPRESS) {
    EXPECT_EQ(info.link_type, HSA_AMD_LINK_INFO_TYPE_PCIE);
  }

  // Its own pool: no hop and a zeroed entry; LDS from a CPU: none either.
  EXPECT_EQ(agent_pool<uint32_t>(gpu_, vram_, HSA_AMD_AGENT_MEMORY_POOL_INFO_NUM_LINK_HOPS), 0u);
  hsa_amd_memory_pool_link_info_t own;
  std::memset(&own, 0xAB, sizeof own);
  ASSERT_EQ(hsa_amd_agent_memory_pool_get_info(gpu_, vram_,
                                               HSA_AMD_AGENT_MEMORY_POOL_INFO_LINK_INFO, &own),
            HSA_STATUS_SUCCESS);
  const hsa_amd_memory_pool_link_info_t zero{};
  EXPECT_EQ(std::memcmp(&own, &zero, sizeof own), 0);
  EXPECT_EQ(agent_pool<uint32_t>(cpu_, group_, HSA_AMD_AGENT_MEMORY_POOL_INFO_NUM_LINK_HOPS), 0u);
}

TEST_F(ApiPoolInfoTest, AgentPoolErrors) {
  uint32_t v = 0;
  EXPECT_EQ(hsa_amd_agent_memory_pool_get_info(gpu_, vram_, HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS,
                                               nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_agent_memory_pool_get_info(hsa_agent_t{0x77}, vram_,
                                               HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS, &v),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_amd_agent_memory_pool_get_info(gpu_, hsa_amd_memory_pool_t{0x77},
                                               HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS, &v),
            static_cast<hsa_status_t>(HSA_STATUS_ERROR_INVALID_MEMORY_POOL));
  EXPECT_EQ(hsa_amd_agent_memory_pool_get_info(
                gpu_, vram_, static_cast<hsa_amd_agent_memory_pool_info_t>(3), &v),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

}  // namespace
