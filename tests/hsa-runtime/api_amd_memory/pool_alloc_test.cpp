// hsa_amd_memory_pool_allocate/free, hsa_amd_agents_allow_access and the
// migration queries: data written and read back, and where each allocation
// is mapped checked in the thunk's pointer info.
#include <cstring>
#include <vector>

#include "memory_fixture.h"

namespace {

using amd_memory_test::pool_info;
using amd_memory_test::thunk_pointer;

constexpr hsa_status_t kBadPool = static_cast<hsa_status_t>(HSA_STATUS_ERROR_INVALID_MEMORY_POOL);

std::vector<uint8_t> pattern(size_t n, uint8_t seed) {
  std::vector<uint8_t> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<uint8_t>(i * 37 + seed);
  return v;
}

class ApiPoolAllocateTest : public AmdMemoryTest {};

TEST_F(ApiPoolAllocateTest, AllocateWriteReadFree) {
  const size_t n = 2 * 4096 + 77;
  uint8_t seed = 1;
  for (hsa_amd_memory_pool_t pool : {system_, kernarg_, vram_}) {
    SCOPED_TRACE(pool.handle);
    void* p = nullptr;
    ASSERT_EQ(hsa_amd_memory_pool_allocate(pool, n, 0, &p), HSA_STATUS_SUCCESS);
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 4096, 0u);
    const auto t = thunk_pointer(p);
    EXPECT_EQ(t.type, HSA_POINTER_ALLOCATED);
    EXPECT_EQ(t.size, 3u * 4096);  // rounded up to the granule
    const std::vector<uint8_t> data = pattern(n, seed++);
    std::memcpy(p, data.data(), n);
    std::vector<uint8_t> back(n);
    ASSERT_EQ(hsa_memory_copy(back.data(), p, n), HSA_STATUS_SUCCESS);
    EXPECT_EQ(back, data);
    EXPECT_EQ(hsa_amd_memory_pool_free(p), HSA_STATUS_SUCCESS);
    EXPECT_EQ(thunk_pointer(p).type, HSA_POINTER_UNKNOWN);
  }
}

TEST_F(ApiPoolAllocateTest, OnlyTheOwnerHasItUntilAllowed) {
  void* sys = nullptr;
  void* dev = nullptr;
  ASSERT_EQ(hsa_amd_memory_pool_allocate(system_, 4096, 0, &sys), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_amd_memory_pool_allocate(vram_, 4096, 0, &dev), HSA_STATUS_SUCCESS);
  const uint32_t gpu_node = amd_memory_test::node_of(gpu_);
  // System memory: the host's alone; VRAM: its GPU's.
  EXPECT_TRUE(thunk_pointer(sys).mapped.empty());
  EXPECT_EQ(thunk_pointer(dev).mapped, std::vector<uint32_t>{gpu_node});

  ASSERT_EQ(hsa_amd_agents_allow_access(1, &gpu_, nullptr, sys), HSA_STATUS_SUCCESS);
  EXPECT_EQ(thunk_pointer(sys).mapped, std::vector<uint32_t>{gpu_node});
  ASSERT_EQ(
      hsa_amd_agents_allow_access(static_cast<uint32_t>(gpus_.size()), gpus_.data(), nullptr, sys),
      HSA_STATUS_SUCCESS);
  EXPECT_EQ(thunk_pointer(sys).mapped, gpu_nodes_);
  // Back to the CPU only: unmapped from every GPU (ROCr).
  ASSERT_EQ(hsa_amd_agents_allow_access(1, &cpu_, nullptr, sys), HSA_STATUS_SUCCESS);
  EXPECT_TRUE(thunk_pointer(sys).mapped.empty());
  // The CPU asking for VRAM keeps the owner's mapping.
  ASSERT_EQ(hsa_amd_agents_allow_access(1, &cpu_, nullptr, dev), HSA_STATUS_SUCCESS);
  EXPECT_EQ(thunk_pointer(dev).mapped, std::vector<uint32_t>{gpu_node});
  const hsa_agent_t both[] = {cpu_, gpu_};
  ASSERT_EQ(hsa_amd_agents_allow_access(2, both, nullptr, dev), HSA_STATUS_SUCCESS);
  EXPECT_EQ(thunk_pointer(dev).mapped, std::vector<uint32_t>{gpu_node});

  EXPECT_EQ(hsa_amd_memory_pool_free(sys), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_amd_memory_pool_free(dev), HSA_STATUS_SUCCESS);
}

TEST_F(ApiPoolAllocateTest, RegionAllocationsStayMappedToEveryGpu) {
  // hsa_memory_allocate through a pool's handle: the HSA 1.0 promise
  // (system memory visible to every agent) holds; pool_free frees it.
  void* p = nullptr;
  ASSERT_EQ(hsa_memory_allocate(hsa_region_t{system_.handle}, 4096, &p), HSA_STATUS_SUCCESS);
  EXPECT_EQ(thunk_pointer(p).mapped, gpu_nodes_);
  EXPECT_EQ(hsa_amd_memory_pool_free(p), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_memory_free(p), HSA_STATUS_ERROR_INVALID_ARGUMENT);  // gone
}

TEST_F(ApiPoolAllocateTest, AllocateErrors) {
  void* p = reinterpret_cast<void*>(0x1);
  EXPECT_EQ(hsa_amd_memory_pool_allocate(system_, 0, 0, &p), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_memory_pool_allocate(system_, 4096, 0, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_memory_pool_allocate(system_, 4096, 2, &p), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_memory_pool_allocate(hsa_amd_memory_pool_t{0}, 4096, 0, &p), kBadPool);
  EXPECT_EQ(hsa_amd_memory_pool_allocate(hsa_amd_memory_pool_t{cpu_.handle}, 4096, 0, &p),
            kBadPool);
  // LDS is not for the runtime to hand out; nothing beyond the maximum.
  EXPECT_EQ(hsa_amd_memory_pool_allocate(group_, 4096, 0, &p), HSA_STATUS_ERROR_INVALID_ALLOCATION);
  for (hsa_amd_memory_pool_t pool : {system_, vram_}) {
    const size_t max = pool_info<size_t>(pool, HSA_AMD_MEMORY_POOL_INFO_ALLOC_MAX_SIZE);
    EXPECT_EQ(hsa_amd_memory_pool_allocate(pool, max + 1, 0, &p),
              HSA_STATUS_ERROR_INVALID_ALLOCATION);
  }
  EXPECT_EQ(p, reinterpret_cast<void*>(0x1));  // untouched by every failure
}

TEST_F(ApiPoolAllocateTest, FreeErrors) {
  EXPECT_EQ(hsa_amd_memory_pool_free(nullptr), HSA_STATUS_SUCCESS);
  int local = 0;
  EXPECT_EQ(hsa_amd_memory_pool_free(&local), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  void* p = nullptr;
  ASSERT_EQ(hsa_amd_memory_pool_allocate(vram_, 8192, 0, &p), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_amd_memory_pool_free(static_cast<char*>(p) + 4096),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);  // inside, not the start
  EXPECT_EQ(hsa_amd_memory_pool_free(p), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_amd_memory_pool_free(p), HSA_STATUS_ERROR_INVALID_ARGUMENT);  // twice
}

TEST_F(ApiPoolAllocateTest, AllowAccessErrors) {
  void* p = nullptr;
  ASSERT_EQ(hsa_amd_memory_pool_allocate(system_, 4096, 0, &p), HSA_STATUS_SUCCESS);
  const uint32_t flags = 0;
  EXPECT_EQ(hsa_amd_agents_allow_access(0, &gpu_, nullptr, p), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_agents_allow_access(1, nullptr, nullptr, p), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_agents_allow_access(1, &gpu_, &flags, p), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_agents_allow_access(1, &gpu_, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  const hsa_agent_t bad[] = {gpu_, hsa_agent_t{0x55}};
  EXPECT_EQ(hsa_amd_agents_allow_access(2, bad, nullptr, p), HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_TRUE(thunk_pointer(p).mapped.empty());  // nothing half done
  // Not the start of an allocation: ROCr's plain error.
  int local = 0;
  EXPECT_EQ(hsa_amd_agents_allow_access(1, &gpu_, nullptr, &local), HSA_STATUS_ERROR);
  EXPECT_EQ(hsa_amd_agents_allow_access(1, &gpu_, nullptr, static_cast<char*>(p) + 8),
            HSA_STATUS_ERROR);
  EXPECT_EQ(hsa_amd_memory_pool_free(p), HSA_STATUS_SUCCESS);
}

TEST_F(ApiPoolAllocateTest, NothingMigrates) {
  bool can = true;
  EXPECT_EQ(hsa_amd_memory_pool_can_migrate(system_, vram_, &can), HSA_STATUS_SUCCESS);
  EXPECT_FALSE(can);
  EXPECT_EQ(hsa_amd_memory_pool_can_migrate(system_, vram_, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_memory_pool_can_migrate(hsa_amd_memory_pool_t{0x9}, vram_, &can), kBadPool);
  EXPECT_EQ(hsa_amd_memory_pool_can_migrate(system_, hsa_amd_memory_pool_t{0x9}, &can), kBadPool);

  void* p = nullptr;
  ASSERT_EQ(hsa_amd_memory_pool_allocate(system_, 4096, 0, &p), HSA_STATUS_SUCCESS);
  // Not implemented, as in ROCr, and said so with ROCr's status.
  EXPECT_EQ(hsa_amd_memory_migrate(p, vram_, 0), HSA_STATUS_ERROR_OUT_OF_RESOURCES);
  EXPECT_EQ(hsa_amd_memory_migrate(nullptr, vram_, 0), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_memory_migrate(p, vram_, 1), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_memory_migrate(p, hsa_amd_memory_pool_t{0x9}, 0), kBadPool);
  EXPECT_EQ(thunk_pointer(p).type, HSA_POINTER_ALLOCATED);  // still where it was
  EXPECT_EQ(hsa_amd_memory_pool_free(p), HSA_STATUS_SUCCESS);
}

}  // namespace
