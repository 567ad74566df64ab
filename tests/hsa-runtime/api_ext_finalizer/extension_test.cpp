// The finalizer extension as the system and agents report it: the
// extension bitmasks, the "supported" queries, and the version 1.00
// function table, whose pointers run a whole finalization.
#include <cstring>

#include "finalizer_fixture.h"

namespace fin_test {
namespace {

using ApiExtFinalizerExtension = FinalizerTest;

bool bit(const uint8_t (&mask)[128], unsigned id) { return (mask[id / 8] >> (id % 8)) & 1; }

TEST_F(ApiExtFinalizerExtension, SystemAndAgentsReportIt) {
  uint8_t mask[128];
  std::memset(mask, 0xff, sizeof mask);
  ASSERT_EQ(hsa_system_get_info(HSA_SYSTEM_INFO_EXTENSIONS, mask), HSA_STATUS_SUCCESS);
  EXPECT_TRUE(bit(mask, HSA_EXTENSION_FINALIZER));
  // The finalizer and images (api_image/ tests the images) and no other.
  for (unsigned id = 1; id < 128 * 8; ++id)
    EXPECT_EQ(bit(mask, id), id == HSA_EXTENSION_IMAGES) << id;
  std::memset(mask, 0, sizeof mask);
  ASSERT_EQ(hsa_agent_get_info(gpu_, HSA_AGENT_INFO_EXTENSIONS, mask), HSA_STATUS_SUCCESS);
  EXPECT_TRUE(bit(mask, HSA_EXTENSION_FINALIZER));

  bool yes = false;
  ASSERT_EQ(hsa_system_extension_supported(HSA_EXTENSION_FINALIZER, 1, 0, &yes),
            HSA_STATUS_SUCCESS);
  EXPECT_TRUE(yes);
  ASSERT_EQ(hsa_system_extension_supported(HSA_EXTENSION_FINALIZER, 1, 1, &yes),
            HSA_STATUS_SUCCESS);
  EXPECT_FALSE(yes) << "only version 1.00 exists";
  ASSERT_EQ(hsa_system_extension_supported(HSA_EXTENSION_FINALIZER, 2, 0, &yes),
            HSA_STATUS_SUCCESS);
  EXPECT_FALSE(yes);
  ASSERT_EQ(hsa_system_extension_supported(HSA_EXTENSION_PERFORMANCE_COUNTERS, 1, 0, &yes),
            HSA_STATUS_SUCCESS);
  EXPECT_FALSE(yes);
  uint16_t minor = 99;
  ASSERT_EQ(hsa_system_major_extension_supported(HSA_EXTENSION_FINALIZER, 1, &minor, &yes),
            HSA_STATUS_SUCCESS);
  EXPECT_TRUE(yes);
  EXPECT_EQ(minor, 0);
  ASSERT_EQ(hsa_agent_extension_supported(HSA_EXTENSION_FINALIZER, gpu_, 1, 0, &yes),
            HSA_STATUS_SUCCESS);
  EXPECT_TRUE(yes);
  ASSERT_EQ(hsa_agent_extension_supported(HSA_EXTENSION_FINALIZER, gpu_, 1, 1, &yes),
            HSA_STATUS_SUCCESS);
  EXPECT_FALSE(yes);
  minor = 99;
  ASSERT_EQ(hsa_agent_major_extension_supported(HSA_EXTENSION_FINALIZER, gpu_, 1, &minor, &yes),
            HSA_STATUS_SUCCESS);
  EXPECT_TRUE(yes);
  EXPECT_EQ(minor, 0);
}

TEST_F(ApiExtFinalizerExtension, TablesHoldTheExportedFunctions) {
  hsa_ext_finalizer_1_00_pfn_t table{};
  EXPECT_EQ(hsa_system_get_extension_table(HSA_EXTENSION_FINALIZER, 1, 0, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_system_get_extension_table(HSA_EXTENSION_FINALIZER, 2, 0, &table),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_system_get_extension_table(HSA_EXTENSION_FINALIZER, 1, 1, &table),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_system_get_extension_table(HSA_EXTENSION_PROFILING_EVENTS, 1, 0, &table),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  ASSERT_EQ(hsa_system_get_extension_table(HSA_EXTENSION_FINALIZER, 1, 0, &table),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(table.hsa_ext_program_create, &hsa_ext_program_create);
  EXPECT_EQ(table.hsa_ext_program_destroy, &hsa_ext_program_destroy);
  EXPECT_EQ(table.hsa_ext_program_add_module, &hsa_ext_program_add_module);
  EXPECT_EQ(table.hsa_ext_program_iterate_modules, &hsa_ext_program_iterate_modules);
  EXPECT_EQ(table.hsa_ext_program_get_info, &hsa_ext_program_get_info);
  EXPECT_EQ(table.hsa_ext_program_finalize, &hsa_ext_program_finalize);

  // The major-version query fills as much of the table as the caller has.
  hsa_ext_finalizer_1_00_pfn_t major{};
  EXPECT_EQ(hsa_system_get_major_extension_table(HSA_EXTENSION_FINALIZER, 1, 0, &major),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  ASSERT_EQ(
      hsa_system_get_major_extension_table(HSA_EXTENSION_FINALIZER, 1, 2 * sizeof(void*), &major),
      HSA_STATUS_SUCCESS);
  EXPECT_EQ(major.hsa_ext_program_destroy, table.hsa_ext_program_destroy);
  EXPECT_EQ(major.hsa_ext_program_add_module, nullptr);
  ASSERT_EQ(hsa_system_get_major_extension_table(HSA_EXTENSION_FINALIZER, 1, sizeof major, &major),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(std::memcmp(&major, &table, sizeof table), 0);

  // A whole finalization through the table's pointers.
  hsa_ext_program_t p{0};
  ASSERT_EQ(table.hsa_ext_program_create(HSA_MACHINE_MODEL_LARGE, HSA_PROFILE_FULL,
                                         HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT, nullptr, &p),
            HSA_STATUS_SUCCESS);
  std::vector<uint8_t> brig = brig_of(vec_add_hsail());
  ASSERT_EQ(table.hsa_ext_program_add_module(p, module_of(brig)), HSA_STATUS_SUCCESS);
  hsa_profile_t profile{};
  ASSERT_EQ(table.hsa_ext_program_get_info(p, HSA_EXT_PROGRAM_INFO_PROFILE, &profile),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(profile, HSA_PROFILE_FULL);
  int modules = 0;
  ASSERT_EQ(table.hsa_ext_program_iterate_modules(
                p,
                [](hsa_ext_program_t, hsa_ext_module_t, void* n) {
                  ++*static_cast<int*>(n);
                  return HSA_STATUS_SUCCESS;
                },
                &modules),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(modules, 1);
  hsa_code_object_t co{0};
  ASSERT_EQ(table.hsa_ext_program_finalize(p, isa_, HSA_EXT_FINALIZER_CALL_CONVENTION_AUTO,
                                           hsa_ext_control_directives_t{}, nullptr,
                                           HSA_CODE_OBJECT_TYPE_PROGRAM, &co),
            HSA_STATUS_SUCCESS);
  hsa_code_symbol_t kernel{0};
  EXPECT_EQ(hsa_code_object_get_symbol(co, "&vec_add", &kernel), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_code_object_destroy(co), HSA_STATUS_SUCCESS);
  EXPECT_EQ(table.hsa_ext_program_destroy(p), HSA_STATUS_SUCCESS);
}

}  // namespace
}  // namespace fin_test
