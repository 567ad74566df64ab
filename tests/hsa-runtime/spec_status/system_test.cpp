// System, agents, caches, extensions, status strings and ISAs: the HSA 1.1
// status of each invalid argument.
#include "spec_fixture.h"

namespace spec_status_test {
namespace {

constexpr hsa_agent_t kNoAgent{0xdead0000};

TEST_F(SpecStatusTest, SystemInfoChecksItsArguments) {
  uint64_t v = 0;
  EXPECT_EQ(hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_system_get_info(static_cast<hsa_system_info_t>(kBadEnum), &v),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

TEST_F(SpecStatusTest, StatusStringChecksItsArguments) {
  const char* s = nullptr;
  EXPECT_EQ(hsa_status_string(HSA_STATUS_SUCCESS, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_status_string(static_cast<hsa_status_t>(0x7ffe), &s),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

TEST_F(SpecStatusTest, ExtensionQueriesCheckTheirArguments) {
  const char* name = nullptr;
  uint16_t minor = 0;
  bool yes = false;
  char table[256] = {};
  EXPECT_EQ(hsa_extension_get_name(HSA_EXTENSION_FINALIZER, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_extension_get_name(0x1ff, &name), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_system_major_extension_supported(0x1ff, 1, &minor, &yes),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_system_major_extension_supported(HSA_EXTENSION_FINALIZER, 1, nullptr, &yes),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_system_major_extension_supported(HSA_EXTENSION_FINALIZER, 1, &minor, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_system_get_major_extension_table(0x1ff, 1, sizeof table, table),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_system_get_major_extension_table(HSA_EXTENSION_FINALIZER, 1, sizeof table, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_agent_major_extension_supported(0x1ff, gpu_, 1, &minor, &yes),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_agent_major_extension_supported(HSA_EXTENSION_FINALIZER, gpu_, 1, nullptr, &yes),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_agent_major_extension_supported(HSA_EXTENSION_FINALIZER, kNoAgent, 1, &minor, &yes),
            HSA_STATUS_ERROR_INVALID_AGENT);
}

TEST_F(SpecStatusTest, AgentQueriesCheckTheirArguments) {
  uint32_t v = 0;
  uint16_t mask = 0;
  EXPECT_EQ(hsa_iterate_agents(nullptr, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_agent_get_info(gpu_, HSA_AGENT_INFO_QUEUE_MAX_SIZE, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_agent_get_info(gpu_, static_cast<hsa_agent_info_t>(kBadEnum), &v),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_agent_get_info(kNoAgent, HSA_AGENT_INFO_QUEUE_MAX_SIZE, &v),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_agent_get_exception_policies(gpu_, static_cast<hsa_profile_t>(kBadEnum), &mask),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_agent_get_exception_policies(gpu_, HSA_PROFILE_BASE, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_agent_get_exception_policies(kNoAgent, HSA_PROFILE_BASE, &mask),
            HSA_STATUS_ERROR_INVALID_AGENT);
}

TEST_F(SpecStatusTest, CacheQueriesCheckTheirArguments) {
  uint32_t v = 0;
  EXPECT_EQ(hsa_agent_iterate_caches(gpu_, nullptr, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_agent_iterate_caches(
                kNoAgent, [](hsa_cache_t, void*) { return HSA_STATUS_SUCCESS; }, nullptr),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_cache_get_info(hsa_cache_t{0xdead0000}, HSA_CACHE_INFO_SIZE, &v),
            HSA_STATUS_ERROR_INVALID_CACHE);
  hsa_cache_t cache{0};
  hsa_agent_iterate_caches(
      gpu_,
      [](hsa_cache_t c, void* data) {
        *static_cast<hsa_cache_t*>(data) = c;
        return HSA_STATUS_INFO_BREAK;
      },
      &cache);
  if (cache.handle == 0) return;
  EXPECT_EQ(hsa_cache_get_info(cache, HSA_CACHE_INFO_SIZE, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_cache_get_info(cache, static_cast<hsa_cache_info_t>(kBadEnum), &v),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

TEST_F(SpecStatusTest, IsaQueriesCheckTheirArguments) {
  hsa_isa_t isa{0};
  EXPECT_EQ(hsa_isa_from_name(nullptr, &isa), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_isa_from_name("amdgcn-amd-amdhsa--gfx900", nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_isa_from_name("no-such-isa", &isa), HSA_STATUS_ERROR_INVALID_ISA_NAME);
  EXPECT_EQ(hsa_agent_iterate_isas(gpu_, nullptr, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_agent_iterate_isas(
                kNoAgent, [](hsa_isa_t, void*) { return HSA_STATUS_SUCCESS; }, nullptr),
            HSA_STATUS_ERROR_INVALID_AGENT);
  ASSERT_EQ(hsa_isa_from_name("amdgcn-amd-amdhsa--gfx900", &isa), HSA_STATUS_SUCCESS);
  uint32_t v = 0;
  uint16_t mask = 0;
  hsa_round_method_t round{};
  EXPECT_EQ(hsa_isa_get_info_alt(isa, HSA_ISA_INFO_NAME_LENGTH, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_isa_get_info_alt(isa, static_cast<hsa_isa_info_t>(kBadEnum), &v),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_isa_get_info_alt(hsa_isa_t{0xdead0000}, HSA_ISA_INFO_NAME_LENGTH, &v),
            HSA_STATUS_ERROR_INVALID_ISA);
  EXPECT_EQ(hsa_isa_get_exception_policies(isa, static_cast<hsa_profile_t>(kBadEnum), &mask),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_isa_get_exception_policies(isa, HSA_PROFILE_BASE, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(
      hsa_isa_get_round_method(isa, static_cast<hsa_fp_type_t>(3), HSA_FLUSH_MODE_FTZ, &round),
      HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_isa_get_round_method(isa, HSA_FP_TYPE_32, static_cast<hsa_flush_mode_t>(3), &round),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_isa_get_round_method(isa, HSA_FP_TYPE_32, HSA_FLUSH_MODE_FTZ, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_isa_iterate_wavefronts(isa, nullptr, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_wavefront_get_info(hsa_wavefront_t{0xdead0000}, HSA_WAVEFRONT_INFO_SIZE, &v),
            HSA_STATUS_ERROR_INVALID_WAVEFRONT);
}

}  // namespace
}  // namespace spec_status_test
