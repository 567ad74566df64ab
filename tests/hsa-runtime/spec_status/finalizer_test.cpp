// The finalizer extension (hsa_ext_program_*): the status HSA 1.1 names
// for each invalid argument, the program checked before the rest.
// Extension statuses lie outside hsa_status_t's enumerators and are
// compared as integers.
#include <hsa/hsa_ext_finalize.h>

#include <cstdint>

#include "spec_fixture.h"

namespace spec_status_test {
namespace {

constexpr hsa_ext_program_t kNoProgram{0xdead0000};

int status(hsa_status_t s) { return static_cast<int>(s); }

class SpecStatusFinalizerTest : public SpecStatusTest {
 protected:
  void SetUp() override {
    SpecStatusTest::SetUp();
    ASSERT_EQ(hsa_ext_program_create(HSA_MACHINE_MODEL_LARGE, HSA_PROFILE_FULL,
                                     HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT, nullptr, &program_),
              HSA_STATUS_SUCCESS);
    ASSERT_EQ(hsa_agent_get_info(gpu_, HSA_AGENT_INFO_ISA, &isa_), HSA_STATUS_SUCCESS);
  }
  void TearDown() override {
    EXPECT_EQ(hsa_ext_program_destroy(program_), HSA_STATUS_SUCCESS);
    SpecStatusTest::TearDown();
  }
  hsa_ext_program_t program_{0};
  hsa_isa_t isa_{0};
};

TEST_F(SpecStatusFinalizerTest, ProgramCreateChecksItsArguments) {
  hsa_ext_program_t p{0};
  EXPECT_EQ(hsa_ext_program_create(static_cast<hsa_machine_model_t>(kBadEnum), HSA_PROFILE_FULL,
                                   HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT, nullptr, &p),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_ext_program_create(HSA_MACHINE_MODEL_LARGE, static_cast<hsa_profile_t>(kBadEnum),
                                   HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT, nullptr, &p),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(
      hsa_ext_program_create(HSA_MACHINE_MODEL_LARGE, HSA_PROFILE_FULL,
                             static_cast<hsa_default_float_rounding_mode_t>(kBadEnum), nullptr, &p),
      HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_ext_program_create(HSA_MACHINE_MODEL_LARGE, HSA_PROFILE_FULL,
                                   HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

TEST_F(SpecStatusFinalizerTest, MadeUpProgramsAreInvalidPrograms) {
  static const char kNotBrig[256] = {};  // at least a BRIG header
  auto* module = reinterpret_cast<hsa_ext_module_t>(const_cast<char*>(kNotBrig));
  uint32_t v = 0;
  hsa_code_object_t co{0};
  const int invalid = HSA_EXT_STATUS_ERROR_INVALID_PROGRAM;
  EXPECT_EQ(status(hsa_ext_program_destroy(kNoProgram)), invalid);
  EXPECT_EQ(status(hsa_ext_program_add_module(kNoProgram, module)), invalid);
  EXPECT_EQ(status(hsa_ext_program_add_module(kNoProgram, nullptr)), invalid);
  EXPECT_EQ(status(hsa_ext_program_iterate_modules(kNoProgram, nullptr, nullptr)), invalid);
  EXPECT_EQ(status(hsa_ext_program_get_info(kNoProgram, HSA_EXT_PROGRAM_INFO_PROFILE, &v)),
            invalid);
  EXPECT_EQ(status(hsa_ext_program_finalize(kNoProgram, hsa_isa_t{0xdead0000}, 0, {}, nullptr,
                                            HSA_CODE_OBJECT_TYPE_PROGRAM, nullptr)),
            invalid);
  (void)co;
}

TEST_F(SpecStatusFinalizerTest, AddModuleJudgesTheModule) {
  static const char kNotBrig[256] = {};  // at least a BRIG header
  auto* garbage = reinterpret_cast<hsa_ext_module_t>(const_cast<char*>(kNotBrig));
  EXPECT_EQ(status(hsa_ext_program_add_module(program_, nullptr)),
            HSA_EXT_STATUS_ERROR_INVALID_MODULE);
  EXPECT_EQ(status(hsa_ext_program_add_module(program_, garbage)),
            HSA_EXT_STATUS_ERROR_INVALID_MODULE);
}

TEST_F(SpecStatusFinalizerTest, QueriesCheckTheirArguments) {
  uint32_t v = 0;
  EXPECT_EQ(hsa_ext_program_iterate_modules(program_, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_ext_program_get_info(program_, HSA_EXT_PROGRAM_INFO_PROFILE, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_ext_program_get_info(program_, static_cast<hsa_ext_program_info_t>(kBadEnum), &v),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

// The ISA before the other arguments; an empty program is a finalization
// that fails (there is nothing to finalize).
TEST_F(SpecStatusFinalizerTest, FinalizeChecksItsArguments) {
  hsa_code_object_t co{0};
  EXPECT_EQ(hsa_ext_program_finalize(program_, hsa_isa_t{0xdead0000}, 0, {}, nullptr,
                                     HSA_CODE_OBJECT_TYPE_PROGRAM, &co),
            HSA_STATUS_ERROR_INVALID_ISA);
  EXPECT_EQ(hsa_ext_program_finalize(program_, hsa_isa_t{0xdead0000}, 0, {}, nullptr,
                                     HSA_CODE_OBJECT_TYPE_PROGRAM, nullptr),
            HSA_STATUS_ERROR_INVALID_ISA);
  EXPECT_EQ(hsa_ext_program_finalize(program_, isa_, 0, {}, nullptr, HSA_CODE_OBJECT_TYPE_PROGRAM,
                                     nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_ext_program_finalize(program_, isa_, 0, {}, nullptr,
                                     static_cast<hsa_code_object_type_t>(kBadEnum), &co),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(
      hsa_ext_program_finalize(program_, isa_, -2, {}, nullptr, HSA_CODE_OBJECT_TYPE_PROGRAM, &co),
      HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(co.handle, 0u);
}

}  // namespace
}  // namespace spec_status_test
