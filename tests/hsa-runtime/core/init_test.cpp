// hsa_init / hsa_shut_down reference counting, and NOT_INITIALIZED from
// every function while the count is zero.
#include <gtest/gtest.h>
#include <hsa/hsa.h>

#include "core_fixture.h"

namespace {

// Every function of the core, called with otherwise valid-looking arguments.
void expect_all_not_initialized() {
  const hsa_status_t kNot = HSA_STATUS_ERROR_NOT_INITIALIZED;
  const char* text = nullptr;
  uint16_t u16 = 0;
  uint64_t u64 = 0;
  bool b = false;
  void* p = nullptr;
  char buf[64];
  hsa_isa_t isa{0};
  auto agent_cb = [](hsa_agent_t, void*) { return HSA_STATUS_SUCCESS; };
  auto region_cb = [](hsa_region_t, void*) { return HSA_STATUS_SUCCESS; };
  auto isa_cb = [](hsa_isa_t, void*) { return HSA_STATUS_SUCCESS; };
  auto wave_cb = [](hsa_wavefront_t, void*) { return HSA_STATUS_SUCCESS; };
  EXPECT_EQ(hsa_shut_down(), kNot);
  EXPECT_EQ(hsa_status_string(HSA_STATUS_SUCCESS, &text), kNot);
  EXPECT_EQ(hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP, &u64), kNot);
  EXPECT_EQ(hsa_extension_get_name(HSA_EXTENSION_IMAGES, &text), kNot);
  EXPECT_EQ(hsa_system_extension_supported(HSA_EXTENSION_IMAGES, 1, 0, &b), kNot);
  EXPECT_EQ(hsa_system_major_extension_supported(HSA_EXTENSION_IMAGES, 1, &u16, &b), kNot);
  EXPECT_EQ(hsa_system_get_extension_table(HSA_EXTENSION_IMAGES, 1, 0, buf), kNot);
  EXPECT_EQ(hsa_system_get_major_extension_table(HSA_EXTENSION_IMAGES, 1, sizeof buf, buf), kNot);
  EXPECT_EQ(hsa_iterate_agents(agent_cb, nullptr), kNot);
  EXPECT_EQ(hsa_agent_get_info(hsa_agent_t{1}, HSA_AGENT_INFO_NAME, buf), kNot);
  EXPECT_EQ(hsa_agent_extension_supported(HSA_EXTENSION_IMAGES, hsa_agent_t{1}, 1, 0, &b), kNot);
  EXPECT_EQ(hsa_agent_major_extension_supported(HSA_EXTENSION_IMAGES, hsa_agent_t{1}, 1, &u16, &b),
            kNot);
  EXPECT_EQ(hsa_agent_iterate_regions(hsa_agent_t{1}, region_cb, nullptr), kNot);
  EXPECT_EQ(hsa_region_get_info(hsa_region_t{1}, HSA_REGION_INFO_SIZE, &u64), kNot);
  EXPECT_EQ(hsa_memory_allocate(hsa_region_t{1}, 4096, &p), kNot);
  EXPECT_EQ(hsa_memory_free(buf), kNot);
  EXPECT_EQ(hsa_memory_register(buf, sizeof buf), kNot);
  EXPECT_EQ(hsa_memory_deregister(buf, sizeof buf), kNot);
  EXPECT_EQ(hsa_memory_copy(buf, buf + 32, 8), kNot);
  EXPECT_EQ(hsa_memory_assign_agent(buf, hsa_agent_t{1}, HSA_ACCESS_PERMISSION_RW), kNot);
  EXPECT_EQ(hsa_isa_from_name("amdgcn-amd-amdhsa--gfx900", &isa), kNot);
  EXPECT_EQ(hsa_agent_iterate_isas(hsa_agent_t{1}, isa_cb, nullptr), kNot);
  EXPECT_EQ(hsa_isa_get_info(hsa_isa_t{1}, HSA_ISA_INFO_NAME_LENGTH, 0, &u64), kNot);
  EXPECT_EQ(hsa_isa_get_info_alt(hsa_isa_t{1}, HSA_ISA_INFO_NAME_LENGTH, &u64), kNot);
  EXPECT_EQ(hsa_isa_iterate_wavefronts(hsa_isa_t{1}, wave_cb, nullptr), kNot);
  EXPECT_EQ(hsa_wavefront_get_info(hsa_wavefront_t{1}, HSA_WAVEFRONT_INFO_SIZE, &u64), kNot);
  EXPECT_EQ(hsa_isa_compatible(hsa_isa_t{1}, hsa_isa_t{1}, &b), kNot);
}

TEST(CoreInitTest, EveryFunctionIsNotInitializedBeforeInit) { expect_all_not_initialized(); }

TEST(CoreInitTest, NestedInitNeedsAsManyShutDowns) {
  ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
  uint16_t major = 0;
  for (int i = 0; i < 2; ++i) {
    ASSERT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS);
    // Still initialized: the count is above zero.
    EXPECT_EQ(hsa_system_get_info(HSA_SYSTEM_INFO_VERSION_MAJOR, &major), HSA_STATUS_SUCCESS);
    EXPECT_EQ(major, 1);
  }
  ASSERT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS);
  expect_all_not_initialized();
}

TEST(CoreInitTest, HandlesFromAnEarlierInitAreInvalidAfterShutDown) {
  ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
  const std::vector<hsa_agent_t> before = core_test::all_agents();
  ASSERT_FALSE(before.empty());
  ASSERT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_iterate_agents([](hsa_agent_t, void*) { return HSA_STATUS_SUCCESS; }, nullptr),
            HSA_STATUS_ERROR_NOT_INITIALIZED);

  // A second life works, with the same number of agents.
  ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
  EXPECT_EQ(core_test::all_agents().size(), before.size());
  ASSERT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS);
}

TEST(CoreInitTest, ShutDownReleasesLiveAllocations) {
  ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
  void* p = nullptr;
  bool allocated = false;
  for (hsa_agent_t a : core_test::all_agents()) {
    for (hsa_region_t r : core_test::regions_of(a)) {
      bool allowed = false;
      hsa_region_get_info(r, HSA_REGION_INFO_RUNTIME_ALLOC_ALLOWED, &allowed);
      if (allowed && !allocated) allocated = hsa_memory_allocate(r, 8192, &p) == HSA_STATUS_SUCCESS;
    }
  }
  ASSERT_TRUE(allocated);
  // Shut down with the allocation live: the runtime gives it back itself,
  // and the next life does not know the old pointer.
  ASSERT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_memory_free(p), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  ASSERT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS);
}

}  // namespace
