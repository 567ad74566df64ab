// The hsa_amd_* functions this runtime exports: null pointers, made-up
// agents, pools and signals, each answered with ROCr's status (the AMD
// extensions have no HSA text of their own).
#include <hsa/hsa_ext_amd.h>

#include <cstdint>

#include "spec_fixture.h"

namespace spec_status_test {
namespace {

constexpr hsa_agent_t kNoAgent{0xdead0000};
constexpr hsa_amd_memory_pool_t kNoPool{0xdead0000};

hsa_amd_memory_pool_t first_pool(hsa_agent_t agent) {
  hsa_amd_memory_pool_t pool{0};
  hsa_amd_agent_iterate_memory_pools(
      agent,
      [](hsa_amd_memory_pool_t p, void* data) {
        *static_cast<hsa_amd_memory_pool_t*>(data) = p;
        return HSA_STATUS_INFO_BREAK;
      },
      &pool);
  return pool;
}

int status(hsa_status_t s) { return static_cast<int>(s); }

TEST_F(SpecStatusTest, AmdPoolQueriesCheckTheirArguments) {
  const hsa_amd_memory_pool_t pool = first_pool(cpu_);
  ASSERT_NE(pool.handle, 0u);
  uint32_t v = 0;
  EXPECT_EQ(hsa_amd_agent_iterate_memory_pools(gpu_, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_agent_iterate_memory_pools(
                kNoAgent, [](hsa_amd_memory_pool_t, void*) { return HSA_STATUS_SUCCESS; }, nullptr),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_SEGMENT, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(status(hsa_amd_memory_pool_get_info(kNoPool, HSA_AMD_MEMORY_POOL_INFO_SEGMENT, &v)),
            HSA_STATUS_ERROR_INVALID_MEMORY_POOL);
  EXPECT_EQ(hsa_amd_agent_memory_pool_get_info(gpu_, pool, HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS,
                                               nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(
      hsa_amd_agent_memory_pool_get_info(kNoAgent, pool, HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS, &v),
      HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(status(hsa_amd_agent_memory_pool_get_info(gpu_, kNoPool,
                                                      HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS, &v)),
            HSA_STATUS_ERROR_INVALID_MEMORY_POOL);
}

TEST_F(SpecStatusTest, AmdPoolAllocationChecksItsArguments) {
  const hsa_amd_memory_pool_t pool = first_pool(cpu_);
  ASSERT_NE(pool.handle, 0u);
  void* p = nullptr;
  EXPECT_EQ(hsa_amd_memory_pool_allocate(pool, 0, 0, &p), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_memory_pool_allocate(pool, 4096, 0, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(status(hsa_amd_memory_pool_allocate(kNoPool, 4096, 0, &p)),
            HSA_STATUS_ERROR_INVALID_MEMORY_POOL);
  EXPECT_EQ(p, nullptr);
  int x = 0;
  EXPECT_EQ(hsa_amd_agents_allow_access(0, &gpu_, nullptr, &x), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_agents_allow_access(1, nullptr, nullptr, &x),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_agents_allow_access(1, &gpu_, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

TEST_F(SpecStatusTest, AmdLockAndPointerInfoCheckTheirArguments) {
  int x = 0;
  void* agent_ptr = nullptr;
  EXPECT_EQ(hsa_amd_memory_lock(nullptr, 4, nullptr, 0, &agent_ptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_memory_lock(&x, 0, nullptr, 0, &agent_ptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_memory_lock(&x, sizeof x, nullptr, 0, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  hsa_agent_t no_agent = kNoAgent;
  EXPECT_EQ(hsa_amd_memory_lock(&x, sizeof x, &no_agent, 1, &agent_ptr),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(status(hsa_amd_memory_lock_to_pool(&x, sizeof x, nullptr, 0, kNoPool, 0, &agent_ptr)),
            HSA_STATUS_ERROR_INVALID_MEMORY_POOL);
  EXPECT_EQ(hsa_amd_pointer_info(&x, nullptr, nullptr, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

TEST_F(SpecStatusTest, AmdAgentQueriesCheckTheirArguments) {
  hsa_amd_coherency_type_t type{};
  EXPECT_EQ(hsa_amd_coherency_get_type(gpu_, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_coherency_get_type(kNoAgent, &type), HSA_STATUS_ERROR_INVALID_AGENT);
  hsa_signal_t s{0};
  ASSERT_EQ(hsa_signal_create(0, 0, nullptr, &s), HSA_STATUS_SUCCESS);
  hsa_amd_profiling_dispatch_time_t time{};
  EXPECT_EQ(hsa_amd_profiling_get_dispatch_time(gpu_, s, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_profiling_get_dispatch_time(kNoAgent, s, &time),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_amd_signal_async_handler(s, HSA_SIGNAL_CONDITION_EQ, 0, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_async_function(nullptr, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_signal_destroy(s), HSA_STATUS_SUCCESS);
}

}  // namespace
}  // namespace spec_status_test
