// Regions and hsa_memory_*: the HSA 1.1 status of each invalid argument.
#include <cstdint>

#include "spec_fixture.h"

namespace spec_status_test {
namespace {

bool alloc_allowed(hsa_region_t r) {
  bool ok = false;
  hsa_region_get_info(r, HSA_REGION_INFO_RUNTIME_ALLOC_ALLOWED, &ok);
  return ok;
}

TEST_F(SpecStatusTest, RegionQueriesCheckTheirArguments) {
  const hsa_region_t r = region_of(cpu_, alloc_allowed);
  ASSERT_NE(r.handle, 0u);
  size_t size = 0;
  EXPECT_EQ(hsa_region_get_info(r, HSA_REGION_INFO_SIZE, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_region_get_info(r, static_cast<hsa_region_info_t>(kBadEnum), &size),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_region_get_info(hsa_region_t{0xdead0000}, HSA_REGION_INFO_SIZE, &size),
            HSA_STATUS_ERROR_INVALID_REGION);
  EXPECT_EQ(hsa_agent_iterate_regions(gpu_, nullptr, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(
      hsa_agent_iterate_regions(
          hsa_agent_t{0xdead0000}, [](hsa_region_t, void*) { return HSA_STATUS_SUCCESS; }, nullptr),
      HSA_STATUS_ERROR_INVALID_AGENT);
}

TEST_F(SpecStatusTest, MemoryAllocateChecksItsArguments) {
  const hsa_region_t r = region_of(cpu_, alloc_allowed);
  ASSERT_NE(r.handle, 0u);
  void* p = nullptr;
  EXPECT_EQ(hsa_memory_allocate(r, 0, &p), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_memory_allocate(r, 4096, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_memory_allocate(hsa_region_t{0xdead0000}, 4096, &p),
            HSA_STATUS_ERROR_INVALID_REGION);
  EXPECT_EQ(p, nullptr);
}

// HSA 1.1 puts a size above ALLOC_MAX_SIZE under INVALID_ALLOCATION, not
// INVALID_ARGUMENT.
TEST_F(SpecStatusTest, MemoryAllocateAboveTheRegionMaximumIsAnInvalidAllocation) {
  const hsa_region_t r = region_of(cpu_, alloc_allowed);
  ASSERT_NE(r.handle, 0u);
  size_t max = 0;
  ASSERT_EQ(hsa_region_get_info(r, HSA_REGION_INFO_ALLOC_MAX_SIZE, &max), HSA_STATUS_SUCCESS);
  ASSERT_LT(max, SIZE_MAX);
  void* p = nullptr;
  EXPECT_EQ(hsa_memory_allocate(r, max + 1, &p), HSA_STATUS_ERROR_INVALID_ALLOCATION);
}

TEST_F(SpecStatusTest, MemoryAllocateInARegionWithoutRuntimeAllocationIsAnInvalidAllocation) {
  const hsa_region_t r =
      region_of(gpu_, [](hsa_region_t region) { return !alloc_allowed(region); });
  if (r.handle == 0) GTEST_SKIP() << "every region of the GPU allows runtime allocation";
  void* p = nullptr;
  EXPECT_EQ(hsa_memory_allocate(r, 4096, &p), HSA_STATUS_ERROR_INVALID_ALLOCATION);
}

TEST_F(SpecStatusTest, MemoryFreeOfNullDoesNothing) {
  EXPECT_EQ(hsa_memory_free(nullptr), HSA_STATUS_SUCCESS);
}

TEST_F(SpecStatusTest, MemoryCopyOfNullIsAnInvalidArgument) {
  int a = 0;
  int b = 0;
  EXPECT_EQ(hsa_memory_copy(nullptr, &b, sizeof b), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_memory_copy(&a, nullptr, sizeof a), HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

TEST_F(SpecStatusTest, MemoryAssignAgentChecksItsArguments) {
  const hsa_region_t r = region_of(cpu_, alloc_allowed);
  ASSERT_NE(r.handle, 0u);
  void* p = nullptr;
  ASSERT_EQ(hsa_memory_allocate(r, 4096, &p), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_memory_assign_agent(nullptr, gpu_, HSA_ACCESS_PERMISSION_RW),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_memory_assign_agent(p, gpu_, static_cast<hsa_access_permission_t>(kBadEnum)),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_memory_assign_agent(p, hsa_agent_t{0xdead0000}, HSA_ACCESS_PERMISSION_RW),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_memory_free(p), HSA_STATUS_SUCCESS);
}

TEST_F(SpecStatusTest, MemoryRegisterOfZeroBytesIsAnInvalidArgument) {
  int a = 0;
  EXPECT_EQ(hsa_memory_register(&a, 0), HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

// HSA 1.1: "If a NULL pointer is passed, no operation is performed" (the
// size is then not looked at; ROCr agrees), and the same for deregister.
TEST_F(SpecStatusTest, MemoryRegisterAndDeregisterOfNullDoNothing) {
  EXPECT_EQ(hsa_memory_register(nullptr, 4096), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_memory_register(nullptr, 0), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_memory_deregister(nullptr, 4096), HSA_STATUS_SUCCESS);
}

}  // namespace
}  // namespace spec_status_test
