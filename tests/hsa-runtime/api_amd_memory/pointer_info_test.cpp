// hsa_amd_pointer_info and hsa_amd_pointer_info_set_userdata for each kind
// of address: pool and region allocations, locked host memory, unknown
// memory; the accessible agents checked against the thunk's mappings.
#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "memory_fixture.h"

namespace {

using amd_memory_test::thunk_pointer;

struct Answer {
  hsa_status_t status;
  hsa_amd_pointer_info_t info;
  std::vector<uint64_t> accessible;  // agent handles, sorted
};

Answer query(const void* p) {
  Answer a{};
  a.info.size = sizeof a.info;
  uint32_t n = 0xFFFF;
  hsa_agent_t* list = nullptr;
  a.status = hsa_amd_pointer_info(p, &a.info, std::malloc, &n, &list);
  if (a.status == HSA_STATUS_SUCCESS) {
    for (uint32_t i = 0; i < n; ++i) a.accessible.push_back(list[i].handle);
    std::sort(a.accessible.begin(), a.accessible.end());
  }
  std::free(list);
  return a;
}

class ApiPointerInfoTest : public AmdMemoryTest {
 protected:
  std::vector<uint64_t> sorted(std::vector<hsa_agent_t> agents) {
    std::vector<uint64_t> v;
    for (hsa_agent_t a : agents) v.push_back(a.handle);
    std::sort(v.begin(), v.end());
    return v;
  }
};

TEST_F(ApiPointerInfoTest, PoolAllocationInVram) {
  void* p = nullptr;
  ASSERT_EQ(hsa_amd_memory_pool_allocate(vram_, 5000, 0, &p), HSA_STATUS_SUCCESS);
  // Any address inside describes the whole allocation.
  const Answer a = query(static_cast<char*>(p) + 4321);
  ASSERT_EQ(a.status, HSA_STATUS_SUCCESS);
  EXPECT_EQ(a.info.size, sizeof(hsa_amd_pointer_info_t));
  EXPECT_EQ(a.info.type, HSA_EXT_POINTER_TYPE_HSA);
  EXPECT_EQ(a.info.agentBaseAddress, p);
  EXPECT_EQ(a.info.hostBaseAddress, p);
  EXPECT_EQ(a.info.sizeInBytes, 8192u);
  EXPECT_EQ(a.info.userData, nullptr);
  EXPECT_EQ(a.info.agentOwner.handle, gpu_.handle);
  EXPECT_EQ(a.info.global_flags, uint32_t{HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED});
  EXPECT_EQ(a.accessible, sorted({gpu_}));
  EXPECT_EQ(hsa_amd_memory_pool_free(p), HSA_STATUS_SUCCESS);
}

TEST_F(ApiPointerInfoTest, SystemMemoryFollowsAllowAccess) {
  void* p = nullptr;
  ASSERT_EQ(hsa_amd_memory_pool_allocate(system_, 4096, 0, &p), HSA_STATUS_SUCCESS);
  Answer a = query(p);
  ASSERT_EQ(a.status, HSA_STATUS_SUCCESS);
  EXPECT_EQ(a.info.type, HSA_EXT_POINTER_TYPE_HSA);
  EXPECT_EQ(a.info.agentOwner.handle, cpu_.handle);
  EXPECT_EQ(a.info.global_flags, uint32_t{HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED});
  EXPECT_TRUE(a.accessible.empty());
  ASSERT_EQ(
      hsa_amd_agents_allow_access(static_cast<uint32_t>(gpus_.size()), gpus_.data(), nullptr, p),
      HSA_STATUS_SUCCESS);
  EXPECT_EQ(query(p).accessible, sorted(gpus_));
  EXPECT_EQ(hsa_amd_memory_pool_free(p), HSA_STATUS_SUCCESS);
  EXPECT_EQ(query(p).info.type, HSA_EXT_POINTER_TYPE_UNKNOWN);
}

TEST_F(ApiPointerInfoTest, RegionAllocationIsHsaToo) {
  void* p = nullptr;
  ASSERT_EQ(hsa_memory_allocate(hsa_region_t{kernarg_.handle}, 100, &p), HSA_STATUS_SUCCESS);
  const Answer a = query(p);
  ASSERT_EQ(a.status, HSA_STATUS_SUCCESS);
  EXPECT_EQ(a.info.type, HSA_EXT_POINTER_TYPE_HSA);
  EXPECT_EQ(a.info.agentBaseAddress, p);
  EXPECT_EQ(a.info.sizeInBytes, 4096u);
  EXPECT_EQ(a.info.agentOwner.handle, cpu_.handle);
  EXPECT_EQ(a.info.global_flags, uint32_t{HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED |
                                          HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT});
  EXPECT_EQ(a.accessible, sorted(gpus_));  // hsa_memory_allocate: every GPU
  EXPECT_EQ(hsa_memory_free(p), HSA_STATUS_SUCCESS);
}

TEST_F(ApiPointerInfoTest, LockedHostMemory) {
  const size_t n = 2 * 4096;
  char* host = static_cast<char*>(std::aligned_alloc(4096, n));
  ASSERT_NE(host, nullptr);
  void* agent_ptr = nullptr;
  ASSERT_EQ(hsa_amd_memory_lock(host, n, &gpu_, 1, &agent_ptr), HSA_STATUS_SUCCESS);
  const Answer a = query(host + 10);
  ASSERT_EQ(a.status, HSA_STATUS_SUCCESS);
  EXPECT_EQ(a.info.type, HSA_EXT_POINTER_TYPE_LOCKED);
  EXPECT_EQ(a.info.hostBaseAddress, static_cast<void*>(host));
  EXPECT_EQ(a.info.agentBaseAddress, agent_ptr);
  EXPECT_EQ(a.info.sizeInBytes, n);
  EXPECT_EQ(a.info.global_flags, uint32_t{HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED});
  EXPECT_EQ(a.accessible, sorted({gpu_}));
  // The owner is the agent of the node the thunk names for the range.
  HsaPointerInfo t{};
  ASSERT_EQ(hsaKmtQueryPointerInfo(host, &t), HSAKMT_STATUS_SUCCESS);
  uint64_t owner = 0;
  for (hsa_agent_t g : gpus_)
    if (amd_memory_test::node_of(g) == t.Node) owner = g.handle;
  if (amd_memory_test::node_of(cpu_) == t.Node) owner = cpu_.handle;
  EXPECT_EQ(a.info.agentOwner.handle, owner);

  int tag = 0;
  EXPECT_EQ(hsa_amd_pointer_info_set_userdata(host, &tag), HSA_STATUS_SUCCESS);
  EXPECT_EQ(query(host).info.userData, &tag);
  ASSERT_EQ(hsa_amd_memory_unlock(host), HSA_STATUS_SUCCESS);
  EXPECT_EQ(query(host).info.type, HSA_EXT_POINTER_TYPE_UNKNOWN);
  std::free(host);
}

TEST_F(ApiPointerInfoTest, UnknownMemory) {
  int local = 0;
  const Answer a = query(&local);
  ASSERT_EQ(a.status, HSA_STATUS_SUCCESS);
  EXPECT_EQ(a.info.type, HSA_EXT_POINTER_TYPE_UNKNOWN);
  EXPECT_EQ(a.info.sizeInBytes, 0u);
  EXPECT_EQ(a.info.agentOwner.handle, 0u);
  EXPECT_TRUE(a.accessible.empty());
  EXPECT_EQ(hsa_amd_pointer_info_set_userdata(&local, &local), HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

TEST_F(ApiPointerInfoTest, UserDataOfAnAllocation) {
  void* p = nullptr;
  ASSERT_EQ(hsa_amd_memory_pool_allocate(system_, 4096, 0, &p), HSA_STATUS_SUCCESS);
  int tag = 0;
  ASSERT_EQ(hsa_amd_pointer_info_set_userdata(p, &tag), HSA_STATUS_SUCCESS);
  EXPECT_EQ(query(static_cast<char*>(p) + 100).info.userData, &tag);
  ASSERT_EQ(hsa_amd_pointer_info_set_userdata(p, nullptr), HSA_STATUS_SUCCESS);
  EXPECT_EQ(query(p).info.userData, nullptr);
  EXPECT_EQ(hsa_amd_memory_pool_free(p), HSA_STATUS_SUCCESS);
}

TEST_F(ApiPointerInfoTest, ShortStructGetsOnlyItsPart) {
  void* p = nullptr;
  ASSERT_EQ(hsa_amd_memory_pool_allocate(vram_, 4096, 0, &p), HSA_STATUS_SUCCESS);
  hsa_amd_pointer_info_t info;
  std::memset(&info, 0xCD, sizeof info);
  info.size = offsetof(hsa_amd_pointer_info_t, userData);
  ASSERT_EQ(hsa_amd_pointer_info(p, &info, nullptr, nullptr, nullptr), HSA_STATUS_SUCCESS);
  EXPECT_EQ(info.size, offsetof(hsa_amd_pointer_info_t, userData));
  EXPECT_EQ(info.type, HSA_EXT_POINTER_TYPE_HSA);
  EXPECT_EQ(info.sizeInBytes, 4096u);
  hsa_amd_pointer_info_t untouched;
  std::memset(&untouched, 0xCD, sizeof untouched);
  EXPECT_EQ(std::memcmp(&info.userData, &untouched.userData,
                        sizeof info - offsetof(hsa_amd_pointer_info_t, userData)),
            0);
  EXPECT_EQ(hsa_amd_memory_pool_free(p), HSA_STATUS_SUCCESS);
}

TEST_F(ApiPointerInfoTest, Errors) {
  hsa_amd_pointer_info_t info{};
  info.size = sizeof info;
  int local = 0;
  EXPECT_EQ(hsa_amd_pointer_info(nullptr, &info, nullptr, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_pointer_info(&local, nullptr, nullptr, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  info.size = 0;
  EXPECT_EQ(hsa_amd_pointer_info(&local, &info, nullptr, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_pointer_info_set_userdata(nullptr, &local), HSA_STATUS_ERROR_INVALID_ARGUMENT);

  // An allocator that fails: out of resources, but only when there is a list.
  void* p = nullptr;
  ASSERT_EQ(hsa_amd_memory_pool_allocate(vram_, 4096, 0, &p), HSA_STATUS_SUCCESS);
  info.size = sizeof info;
  uint32_t n = 0;
  hsa_agent_t* list = nullptr;
  auto refuse = [](size_t) -> void* { return nullptr; };
  EXPECT_EQ(hsa_amd_pointer_info(p, &info, refuse, &n, &list), HSA_STATUS_ERROR_OUT_OF_RESOURCES);
  EXPECT_EQ(hsa_amd_pointer_info(&local, &info, refuse, &n, &list), HSA_STATUS_SUCCESS);
  EXPECT_EQ(n, 0u);
  EXPECT_EQ(hsa_amd_memory_pool_free(p), HSA_STATUS_SUCCESS);
}

}  // namespace
