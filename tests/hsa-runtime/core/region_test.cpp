// Regions: the GPU's coarse-grained VRAM and 64 KiB group memory; system
// memory (fine-grained and kernarg) owned by the CPU and listed by the GPU.
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <algorithm>

#include "core_fixture.h"

namespace {

using CoreRegionTest = CoreTest;

template <typename T>
T rinfo(hsa_region_t r, int attribute) {
  T v{};
  EXPECT_EQ(hsa_region_get_info(r, static_cast<hsa_region_info_t>(attribute), &v),
            HSA_STATUS_SUCCESS)
      << "attribute 0x" << std::hex << attribute;
  return v;
}

uint32_t node_of(hsa_agent_t a) {
  uint32_t node = 0;
  EXPECT_EQ(hsa_agent_get_info(a, HSA_AGENT_INFO_NODE, &node), HSA_STATUS_SUCCESS);
  return node;
}

TEST_F(CoreRegionTest, GpuVramIsCoarseGrainedAndSizedByTheTopology) {
  const hsa_region_t vram =
      find_region(gpu_, HSA_REGION_SEGMENT_GLOBAL, HSA_REGION_GLOBAL_FLAG_COARSE_GRAINED);
  ASSERT_NE(vram.handle, 0u);
  const core_test::ThunkNode t = core_test::thunk_node(node_of(gpu_));
  uint64_t vram_bytes = 0;
  for (const HsaMemoryProperties& b : t.banks)
    if (!vram_bytes && (b.HeapType == HSA_HEAPTYPE_FRAME_BUFFER_PUBLIC ||
                        b.HeapType == HSA_HEAPTYPE_FRAME_BUFFER_PRIVATE))
      vram_bytes = b.SizeInBytes;
  ASSERT_GT(vram_bytes, 0u);
  EXPECT_EQ(rinfo<size_t>(vram, HSA_REGION_INFO_SIZE), vram_bytes);
  EXPECT_EQ(rinfo<size_t>(vram, HSA_REGION_INFO_ALLOC_MAX_SIZE), vram_bytes);
  EXPECT_EQ(rinfo<uint32_t>(vram, HSA_REGION_INFO_GLOBAL_FLAGS),
            uint32_t{HSA_REGION_GLOBAL_FLAG_COARSE_GRAINED});
  EXPECT_TRUE(rinfo<bool>(vram, HSA_REGION_INFO_RUNTIME_ALLOC_ALLOWED));
  EXPECT_EQ(rinfo<size_t>(vram, HSA_REGION_INFO_RUNTIME_ALLOC_GRANULE), 4096u);
  EXPECT_EQ(rinfo<size_t>(vram, HSA_REGION_INFO_RUNTIME_ALLOC_ALIGNMENT), 4096u);
  EXPECT_FALSE(rinfo<bool>(vram, HSA_AMD_REGION_INFO_HOST_ACCESSIBLE));
}

TEST_F(CoreRegionTest, GpuGroupRegionIs64KiB) {
  const hsa_region_t group = find_region(gpu_, HSA_REGION_SEGMENT_GROUP, 0);
  ASSERT_NE(group.handle, 0u);
  const core_test::ThunkNode t = core_test::thunk_node(node_of(gpu_));
  EXPECT_EQ(t.props.LDSSizeInKB, 64u);
  EXPECT_EQ(rinfo<size_t>(group, HSA_REGION_INFO_SIZE), 64u * 1024);
  EXPECT_FALSE(rinfo<bool>(group, HSA_REGION_INFO_RUNTIME_ALLOC_ALLOWED));
  void* p = nullptr;
  EXPECT_EQ(hsa_memory_allocate(group, 256, &p), HSA_STATUS_ERROR_INVALID_ALLOCATION);
}

TEST_F(CoreRegionTest, SystemRegionsBelongToTheCpuAndAreListedByTheGpu) {
  const hsa_region_t fine =
      find_region(cpu_, HSA_REGION_SEGMENT_GLOBAL, HSA_REGION_GLOBAL_FLAG_FINE_GRAINED);
  const hsa_region_t kernarg =
      find_region(cpu_, HSA_REGION_SEGMENT_GLOBAL, HSA_REGION_GLOBAL_FLAG_KERNARG);
  ASSERT_NE(fine.handle, 0u);
  ASSERT_NE(kernarg.handle, 0u);
  EXPECT_NE(fine.handle, kernarg.handle);
  EXPECT_TRUE(rinfo<bool>(fine, HSA_AMD_REGION_INFO_HOST_ACCESSIBLE));
  EXPECT_TRUE(rinfo<bool>(kernarg, HSA_AMD_REGION_INFO_HOST_ACCESSIBLE));
  EXPECT_EQ(rinfo<uint32_t>(kernarg, HSA_REGION_INFO_GLOBAL_FLAGS),
            uint32_t{HSA_REGION_GLOBAL_FLAG_KERNARG | HSA_REGION_GLOBAL_FLAG_FINE_GRAINED});

  // The size is the CPU node's system memory.
  const core_test::ThunkNode t = core_test::thunk_node(node_of(cpu_));
  uint64_t system_bytes = 0;
  for (const HsaMemoryProperties& b : t.banks)
    if (b.HeapType == HSA_HEAPTYPE_SYSTEM) system_bytes += b.SizeInBytes;
  EXPECT_EQ(rinfo<size_t>(fine, HSA_REGION_INFO_SIZE), system_bytes);

  // The GPU lists the same two regions (programs look for kernarg there).
  const std::vector<hsa_region_t> gpu_regions = core_test::regions_of(gpu_);
  auto listed = [&](hsa_region_t r) {
    return std::any_of(gpu_regions.begin(), gpu_regions.end(),
                       [&](hsa_region_t g) { return g.handle == r.handle; });
  };
  EXPECT_TRUE(listed(fine));
  EXPECT_TRUE(listed(kernarg));
  // The CPU has no group or coarse-grained region.
  EXPECT_EQ(find_region(cpu_, HSA_REGION_SEGMENT_GROUP, 0).handle, 0u);
  EXPECT_EQ(
      find_region(cpu_, HSA_REGION_SEGMENT_GLOBAL, HSA_REGION_GLOBAL_FLAG_COARSE_GRAINED).handle,
      0u);
}

TEST_F(CoreRegionTest, IterationStopsAndChecksArguments) {
  int calls = 0;
  EXPECT_EQ(hsa_agent_iterate_regions(
                gpu_,
                [](hsa_region_t, void* d) {
                  ++*static_cast<int*>(d);
                  return HSA_STATUS_INFO_BREAK;
                },
                &calls),
            HSA_STATUS_INFO_BREAK);
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(hsa_agent_iterate_regions(gpu_, nullptr, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(
      hsa_agent_iterate_regions(
          hsa_agent_t{0x1234}, [](hsa_region_t, void*) { return HSA_STATUS_SUCCESS; }, nullptr),
      HSA_STATUS_ERROR_INVALID_AGENT);
}

TEST_F(CoreRegionTest, InvalidRegionAndArguments) {
  size_t size = 0;
  const hsa_region_t any = core_test::regions_of(gpu_).at(0);
  EXPECT_EQ(hsa_region_get_info(hsa_region_t{0x1234}, HSA_REGION_INFO_SIZE, &size),
            HSA_STATUS_ERROR_INVALID_REGION);
  EXPECT_EQ(hsa_region_get_info(any, HSA_REGION_INFO_SIZE, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_region_get_info(any, static_cast<hsa_region_info_t>(0x999), &size),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

}  // namespace
