// Debian's ROCr starts on our thunk and sees what a Vega 10 system shows:
// a CPU agent and a gfx900 GPU agent, their memory pools, and AQL queues
// of the sizes the GPU advertises.
#include <cstring>
#include <string>
#include <vector>

#include "rocr_fixture.h"

namespace rocm_test {
namespace {

std::string agent_name(hsa_agent_t a) {
  char name[64] = {};
  hsa_agent_get_info(a, HSA_AGENT_INFO_NAME, name);
  return name;
}

hsa_status_t first_isa(hsa_isa_t isa, void* data) {
  *static_cast<hsa_isa_t*>(data) = isa;
  return HSA_STATUS_INFO_BREAK;
}

TEST_F(Rocr, FindsCpuAndGfx900Agents) {
  EXPECT_EQ(agent_name(agents_.gpu), "gfx900");
  EXPECT_FALSE(agent_name(agents_.cpu).empty());
  hsa_isa_t isa{};
  hsa_agent_iterate_isas(agents_.gpu, first_isa, &isa);
  ASSERT_NE(isa.handle, 0u);
  uint32_t len = 0;
  ASSERT_EQ(hsa_isa_get_info_alt(isa, HSA_ISA_INFO_NAME_LENGTH, &len), HSA_STATUS_SUCCESS);
  std::string isa_name(len, '\0');
  ASSERT_EQ(hsa_isa_get_info_alt(isa, HSA_ISA_INFO_NAME, isa_name.data()), HSA_STATUS_SUCCESS);
  // XNACK is off on a dGPU without retry faults: ROCr names the ISA as on
  // a real Vega 10.
  EXPECT_EQ(isa_name.c_str(), std::string("amdgcn-amd-amdhsa--gfx900:xnack-"));
  uint32_t wave = 0;
  hsa_agent_get_info(agents_.gpu, HSA_AGENT_INFO_WAVEFRONT_SIZE, &wave);
  EXPECT_EQ(wave, 64u);
  hsa_agent_feature_t feature{};
  hsa_agent_get_info(agents_.gpu, HSA_AGENT_INFO_FEATURE, &feature);
  EXPECT_TRUE(feature & HSA_AGENT_FEATURE_KERNEL_DISPATCH);
}

TEST_F(Rocr, PoolsAllocateAndReportAccess) {
  size_t vram = 0, granule = 0;
  hsa_amd_memory_pool_get_info(agents_.vram, HSA_AMD_MEMORY_POOL_INFO_SIZE, &vram);
  hsa_amd_memory_pool_get_info(agents_.vram, HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_GRANULE,
                               &granule);
  EXPECT_GT(vram, 0u);
  EXPECT_EQ(granule, 4096u);
  // On a dGPU each side reaches the other's memory only when allowed
  // (hsa_amd_agents_allow_access); the GPU reaches its own VRAM by default.
  hsa_amd_memory_pool_access_t access{};
  hsa_amd_agent_memory_pool_get_info(agents_.gpu, agents_.vram,
                                     HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS, &access);
  EXPECT_EQ(access, HSA_AMD_MEMORY_POOL_ACCESS_ALLOWED_BY_DEFAULT);
  hsa_amd_agent_memory_pool_get_info(agents_.gpu, agents_.system,
                                     HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS, &access);
  EXPECT_EQ(access, HSA_AMD_MEMORY_POOL_ACCESS_DISALLOWED_BY_DEFAULT);
  hsa_amd_agent_memory_pool_get_info(agents_.cpu, agents_.vram,
                                     HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS, &access);
  EXPECT_EQ(access, HSA_AMD_MEMORY_POOL_ACCESS_DISALLOWED_BY_DEFAULT);

  PoolBuffer v(agents_.vram, 3 * granule + 1);
  ASSERT_EQ(v.status(), HSA_STATUS_SUCCESS) << status_text(v.status());
  hsa_amd_pointer_info_t info{};
  info.size = sizeof(info);
  ASSERT_EQ(hsa_amd_pointer_info(v.get(), &info, nullptr, nullptr, nullptr), HSA_STATUS_SUCCESS);
  EXPECT_EQ(info.type, HSA_EXT_POINTER_TYPE_HSA);
  EXPECT_GE(info.sizeInBytes, 3 * granule + 1);
  EXPECT_EQ(info.agentOwner.handle, agents_.gpu.handle);

  PoolBuffer s(agents_.system, 1 << 20);
  ASSERT_EQ(s.status(), HSA_STATUS_SUCCESS) << status_text(s.status());
  std::memset(s.get(), 0x5a, 1 << 20);  // host-visible: the CPU writes it directly
  EXPECT_EQ(s.as<uint8_t>()[(1 << 20) - 1], 0x5a);
}

TEST_F(Rocr, QueuesOfEveryAdvertisedSize) {
  uint32_t min = 0, max = 0;
  hsa_agent_get_info(agents_.gpu, HSA_AGENT_INFO_QUEUE_MIN_SIZE, &min);
  hsa_agent_get_info(agents_.gpu, HSA_AGENT_INFO_QUEUE_MAX_SIZE, &max);
  ASSERT_GT(min, 0u);
  ASSERT_GE(max, 4096u);
  for (uint32_t size : {min, 1024u, 4096u, max}) {
    hsa_queue_t* q = nullptr;
    ASSERT_EQ(hsa_queue_create(agents_.gpu, size, HSA_QUEUE_TYPE_MULTI, nullptr, nullptr,
                               UINT32_MAX, UINT32_MAX, &q),
              HSA_STATUS_SUCCESS)
        << "size " << size;
    EXPECT_EQ(q->size, size);
    EXPECT_EQ(hsa_queue_load_read_index_scacquire(q), 0u);
    EXPECT_EQ(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
  }
  // The size must be a power of two (else INVALID_ARGUMENT) no larger than
  // the maximum (ROCr answers OUT_OF_RESOURCES).
  hsa_queue_t* q = nullptr;
  EXPECT_EQ(hsa_queue_create(agents_.gpu, 100, HSA_QUEUE_TYPE_MULTI, nullptr, nullptr, UINT32_MAX,
                             UINT32_MAX, &q),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_queue_create(agents_.gpu, max * 2, HSA_QUEUE_TYPE_MULTI, nullptr, nullptr,
                             UINT32_MAX, UINT32_MAX, &q),
            HSA_STATUS_ERROR_OUT_OF_RESOURCES);
}

}  // namespace
}  // namespace rocm_test
