// Executables and code object readers: the HSA 1.1 status of each invalid
// argument.
#include <cstdint>

#include "spec_fixture.h"

namespace spec_status_test {
namespace {

constexpr hsa_executable_t kNoExecutable{0xdead0000};

TEST_F(SpecStatusTest, ExecutableCreateChecksItsArguments) {
  hsa_executable_t e{0};
  EXPECT_EQ(hsa_executable_create_alt(static_cast<hsa_profile_t>(kBadEnum),
                                      HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT, nullptr, &e),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(
      hsa_executable_create_alt(
          HSA_PROFILE_FULL, static_cast<hsa_default_float_rounding_mode_t>(kBadEnum), nullptr, &e),
      HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_executable_create_alt(HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
                                      nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

TEST_F(SpecStatusTest, MadeUpExecutablesAreInvalidExecutables) {
  uint32_t v = 0;
  hsa_executable_symbol_t sym{0};
  EXPECT_EQ(hsa_executable_destroy(kNoExecutable), HSA_STATUS_ERROR_INVALID_EXECUTABLE);
  EXPECT_EQ(hsa_executable_freeze(kNoExecutable, nullptr), HSA_STATUS_ERROR_INVALID_EXECUTABLE);
  EXPECT_EQ(hsa_executable_get_info(kNoExecutable, HSA_EXECUTABLE_INFO_STATE, &v),
            HSA_STATUS_ERROR_INVALID_EXECUTABLE);
  EXPECT_EQ(hsa_executable_validate(kNoExecutable, &v), HSA_STATUS_ERROR_INVALID_EXECUTABLE);
  EXPECT_EQ(hsa_executable_get_symbol_by_name(kNoExecutable, "k", &gpu_, &sym),
            HSA_STATUS_ERROR_INVALID_EXECUTABLE);
}

TEST_F(SpecStatusTest, ExecutableQueriesCheckTheirArguments) {
  hsa_executable_t e{0};
  ASSERT_EQ(hsa_executable_create_alt(HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
                                      nullptr, &e),
            HSA_STATUS_SUCCESS);
  uint32_t v = 0;
  hsa_executable_symbol_t sym{0};
  EXPECT_EQ(hsa_executable_get_info(e, HSA_EXECUTABLE_INFO_STATE, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_executable_get_info(e, static_cast<hsa_executable_info_t>(kBadEnum), &v),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_executable_global_variable_define(e, nullptr, &v),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_executable_agent_global_variable_define(e, gpu_, nullptr, &v),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_executable_readonly_variable_define(e, gpu_, nullptr, &v),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_executable_agent_global_variable_define(e, hsa_agent_t{0xdead0000}, "v", &v),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_executable_get_symbol_by_name(e, nullptr, &gpu_, &sym),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_executable_get_symbol_by_name(e, "k", &gpu_, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_executable_get_symbol_by_name(e, "no_such_symbol", &gpu_, &sym),
            HSA_STATUS_ERROR_INVALID_SYMBOL_NAME);
  EXPECT_EQ(hsa_executable_iterate_agent_symbols(e, gpu_, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_executable_iterate_program_symbols(e, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_executable_freeze(e, nullptr), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_executable_validate(e, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_executable_destroy(e), HSA_STATUS_SUCCESS);
}

TEST_F(SpecStatusTest, CodeObjectReadersCheckTheirArguments) {
  static const char kBytes[16] = {};
  hsa_code_object_reader_t r{0};
  EXPECT_EQ(hsa_code_object_reader_create_from_memory(nullptr, sizeof kBytes, &r),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_code_object_reader_create_from_memory(kBytes, 0, &r),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_code_object_reader_create_from_memory(kBytes, sizeof kBytes, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_code_object_reader_create_from_file(-1, &r), HSA_STATUS_ERROR_INVALID_FILE);
  EXPECT_EQ(hsa_code_object_reader_create_from_file(0, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_code_object_reader_destroy(hsa_code_object_reader_t{0xdead0000}),
            HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER);
  EXPECT_EQ(hsa_executable_symbol_get_info(hsa_executable_symbol_t{0xdead0000},
                                           HSA_EXECUTABLE_SYMBOL_INFO_TYPE, &r),
            HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL);
}

TEST_F(SpecStatusTest, LoadingChecksItsArguments) {
  static const char kNotElf[64] = {};
  hsa_code_object_reader_t r{0};
  ASSERT_EQ(hsa_code_object_reader_create_from_memory(kNotElf, sizeof kNotElf, &r),
            HSA_STATUS_SUCCESS);
  hsa_executable_t e{0};
  ASSERT_EQ(hsa_executable_create_alt(HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
                                      nullptr, &e),
            HSA_STATUS_SUCCESS);
  const hsa_code_object_reader_t kNoReader{0xdead0000};
  EXPECT_EQ(hsa_executable_load_agent_code_object(kNoExecutable, gpu_, r, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_EXECUTABLE);
  EXPECT_EQ(hsa_executable_load_agent_code_object(e, hsa_agent_t{0xdead0000}, r, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_executable_load_agent_code_object(e, gpu_, kNoReader, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER);
  EXPECT_EQ(hsa_executable_load_program_code_object(kNoExecutable, r, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_EXECUTABLE);
  EXPECT_EQ(hsa_executable_load_program_code_object(e, kNoReader, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER);
  EXPECT_EQ(hsa_executable_validate_alt(e, nullptr, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  uint32_t result = 1;
  EXPECT_EQ(hsa_executable_validate_alt(kNoExecutable, nullptr, &result),
            HSA_STATUS_ERROR_INVALID_EXECUTABLE);
  EXPECT_EQ(hsa_executable_validate_alt(e, nullptr, &result), HSA_STATUS_SUCCESS);
  EXPECT_EQ(result, 0u);
  EXPECT_EQ(hsa_executable_freeze(e, nullptr), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_executable_load_agent_code_object(e, gpu_, r, nullptr, nullptr),
            HSA_STATUS_ERROR_FROZEN_EXECUTABLE);
  EXPECT_EQ(hsa_executable_destroy(e), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_code_object_reader_destroy(r), HSA_STATUS_SUCCESS);
}

}  // namespace
}  // namespace spec_status_test
