// The deprecated HSA 1.0 entry points programs still call (code objects,
// hsa_executable_load_code_object, hsa_executable_get_symbol): the status
// HSA 1.1 names for each invalid argument.
#include <cstdint>

#include "spec_fixture.h"

namespace spec_status_test {
namespace {

constexpr hsa_code_object_t kNoCodeObject{0xdead0000};

hsa_status_t alloc_with_malloc(size_t, hsa_callback_data_t, void**) { return HSA_STATUS_SUCCESS; }

TEST_F(SpecStatusTest, CodeObjectSerializationChecksItsArguments) {
  char bytes[64] = {};
  hsa_code_object_t co{0};
  EXPECT_EQ(hsa_code_object_deserialize(nullptr, sizeof bytes, nullptr, &co),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_code_object_deserialize(bytes, 0, nullptr, &co), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_code_object_deserialize(bytes, sizeof bytes, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_code_object_deserialize(bytes, sizeof bytes, nullptr, &co),
            HSA_STATUS_ERROR_INVALID_CODE_OBJECT);
  void* out = nullptr;
  size_t size = 0;
  EXPECT_EQ(hsa_code_object_serialize(kNoCodeObject, nullptr, {}, nullptr, &out, &size),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(
      hsa_code_object_serialize(kNoCodeObject, alloc_with_malloc, {}, nullptr, nullptr, &size),
      HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_code_object_serialize(kNoCodeObject, alloc_with_malloc, {}, nullptr, &out, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_code_object_serialize(kNoCodeObject, alloc_with_malloc, {}, nullptr, &out, &size),
            HSA_STATUS_ERROR_INVALID_CODE_OBJECT);
}

TEST_F(SpecStatusTest, MadeUpCodeObjectsAreInvalidCodeObjects) {
  uint32_t v = 0;
  hsa_code_symbol_t sym{0};
  EXPECT_EQ(hsa_code_object_destroy(kNoCodeObject), HSA_STATUS_ERROR_INVALID_CODE_OBJECT);
  EXPECT_EQ(hsa_code_object_get_info(kNoCodeObject, HSA_CODE_OBJECT_INFO_TYPE, &v),
            HSA_STATUS_ERROR_INVALID_CODE_OBJECT);
  EXPECT_EQ(hsa_code_object_get_symbol(kNoCodeObject, "k", &sym),
            HSA_STATUS_ERROR_INVALID_CODE_OBJECT);
  EXPECT_EQ(hsa_code_object_get_symbol_from_name(kNoCodeObject, nullptr, "k", &sym),
            HSA_STATUS_ERROR_INVALID_CODE_OBJECT);
  EXPECT_EQ(
      hsa_code_object_iterate_symbols(
          kNoCodeObject,
          [](hsa_code_object_t, hsa_code_symbol_t, void*) { return HSA_STATUS_SUCCESS; }, nullptr),
      HSA_STATUS_ERROR_INVALID_CODE_OBJECT);
  EXPECT_EQ(hsa_code_symbol_get_info(hsa_code_symbol_t{0xdead0000}, HSA_CODE_SYMBOL_INFO_TYPE, &v),
            HSA_STATUS_ERROR_INVALID_CODE_SYMBOL);
}

TEST_F(SpecStatusTest, CodeObjectQueriesCheckTheirArguments) {
  uint32_t v = 0;
  hsa_code_symbol_t sym{0};
  EXPECT_EQ(hsa_code_object_get_info(kNoCodeObject, HSA_CODE_OBJECT_INFO_TYPE, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_code_object_get_symbol(kNoCodeObject, nullptr, &sym),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_code_object_get_symbol(kNoCodeObject, "k", nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_code_object_get_symbol_from_name(kNoCodeObject, nullptr, nullptr, &sym),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_code_object_iterate_symbols(kNoCodeObject, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(
      hsa_code_symbol_get_info(hsa_code_symbol_t{0xdead0000}, HSA_CODE_SYMBOL_INFO_TYPE, nullptr),
      HSA_STATUS_ERROR_INVALID_ARGUMENT);
  (void)v;
}

TEST_F(SpecStatusTest, LoadCodeObjectChecksItsArguments) {
  hsa_executable_t e{0};
  ASSERT_EQ(hsa_executable_create_alt(HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
                                      nullptr, &e),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_executable_load_code_object(e, gpu_, kNoCodeObject, nullptr),
            HSA_STATUS_ERROR_INVALID_CODE_OBJECT);
  EXPECT_EQ(hsa_executable_destroy(e), HSA_STATUS_SUCCESS);
}

// hsa_executable_get_symbol lists no INVALID_AGENT: a symbol is found by
// name (agent symbols for the agent, then program symbols) or it is not.
TEST_F(SpecStatusTest, GetSymbolChecksItsArguments) {
  hsa_executable_t e{0};
  ASSERT_EQ(hsa_executable_create_alt(HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
                                      nullptr, &e),
            HSA_STATUS_SUCCESS);
  hsa_executable_symbol_t sym{0};
  EXPECT_EQ(hsa_executable_get_symbol(e, nullptr, nullptr, gpu_, 0, &sym),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_executable_get_symbol(e, nullptr, "k", gpu_, 0, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_executable_get_symbol(e, nullptr, "k", gpu_, 0, &sym),
            HSA_STATUS_ERROR_INVALID_SYMBOL_NAME);
  EXPECT_EQ(hsa_executable_get_symbol(e, "&m", "k", gpu_, 0, &sym),
            HSA_STATUS_ERROR_INVALID_SYMBOL_NAME);
  EXPECT_EQ(hsa_executable_get_symbol(e, nullptr, "k", hsa_agent_t{0xdead0000}, 0, &sym),
            HSA_STATUS_ERROR_INVALID_SYMBOL_NAME);
  EXPECT_EQ(hsa_executable_get_symbol(hsa_executable_t{0xdead0000}, nullptr, "k", gpu_, 0, &sym),
            HSA_STATUS_ERROR_INVALID_EXECUTABLE);
  EXPECT_EQ(hsa_executable_get_symbol(hsa_executable_t{0xdead0000}, "&m", "k", gpu_, 0, &sym),
            HSA_STATUS_ERROR_INVALID_EXECUTABLE);
  EXPECT_EQ(hsa_executable_destroy(e), HSA_STATUS_SUCCESS);
}

}  // namespace
}  // namespace spec_status_test
