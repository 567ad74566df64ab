// Programs and their modules: create, destroy, get_info, add_module and
// iterate_modules with every status HSA 1.1 lists for them.
#include <cstring>

#include <hsail/validate/validator.h>

#include "finalizer_fixture.h"

namespace fin_test {
namespace {

using ApiExtFinalizerProgram = FinalizerTest;

TEST(ApiExtFinalizerNotInitialized, EveryFunctionSaysSo) {
  hsa_ext_program_t p{1};
  hsa_code_object_t co{0};
  hsa_machine_model_t model{};
  EXPECT_EQ(hsa_ext_program_create(HSA_MACHINE_MODEL_LARGE, HSA_PROFILE_FULL,
                                   HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT, nullptr, &p),
            HSA_STATUS_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(hsa_ext_program_destroy(p), HSA_STATUS_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(hsa_ext_program_add_module(p, nullptr), HSA_STATUS_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(hsa_ext_program_iterate_modules(
                p, [](hsa_ext_program_t, hsa_ext_module_t, void*) { return HSA_STATUS_SUCCESS; },
                nullptr),
            HSA_STATUS_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(hsa_ext_program_get_info(p, HSA_EXT_PROGRAM_INFO_MACHINE_MODEL, &model),
            HSA_STATUS_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(hsa_ext_program_finalize(p, hsa_isa_t{1}, 0, hsa_ext_control_directives_t{}, nullptr,
                                     HSA_CODE_OBJECT_TYPE_PROGRAM, &co),
            HSA_STATUS_ERROR_NOT_INITIALIZED);
}

TEST_F(ApiExtFinalizerProgram, CreateChecksEveryArgument) {
  hsa_ext_program_t p{0};
  const auto create = [&](int model, int profile, int rounding, hsa_ext_program_t* out) {
    return hsa_ext_program_create(
        static_cast<hsa_machine_model_t>(model), static_cast<hsa_profile_t>(profile),
        static_cast<hsa_default_float_rounding_mode_t>(rounding), nullptr, out);
  };
  EXPECT_EQ(create(2, 1, 0, &p), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(create(1, 2, 0, &p), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(create(1, 1, 3, &p), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(create(1, 1, 0, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(p.handle, 0u);
  // Every valid combination, options given or not, reads back as created.
  for (int model = 0; model <= 1; ++model) {
    for (int profile = 0; profile <= 1; ++profile) {
      for (int rounding = 0; rounding <= 2; ++rounding) {
        ASSERT_EQ(create(model, profile, rounding, &p), HSA_STATUS_SUCCESS);
        hsa_machine_model_t m{};
        hsa_profile_t pr{};
        hsa_default_float_rounding_mode_t r{};
        ASSERT_EQ(hsa_ext_program_get_info(p, HSA_EXT_PROGRAM_INFO_MACHINE_MODEL, &m),
                  HSA_STATUS_SUCCESS);
        ASSERT_EQ(hsa_ext_program_get_info(p, HSA_EXT_PROGRAM_INFO_PROFILE, &pr),
                  HSA_STATUS_SUCCESS);
        ASSERT_EQ(hsa_ext_program_get_info(p, HSA_EXT_PROGRAM_INFO_DEFAULT_FLOAT_ROUNDING_MODE, &r),
                  HSA_STATUS_SUCCESS);
        EXPECT_EQ(m, model);
        EXPECT_EQ(pr, profile);
        EXPECT_EQ(r, rounding);
        EXPECT_EQ(hsa_ext_program_destroy(p), HSA_STATUS_SUCCESS);
      }
    }
  }
  ASSERT_EQ(hsa_ext_program_create(HSA_MACHINE_MODEL_LARGE, HSA_PROFILE_BASE,
                                   HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR, "-O2", &p),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_ext_program_destroy(p), HSA_STATUS_SUCCESS);
}

TEST_F(ApiExtFinalizerProgram, DestroyedAndMadeUpProgramsAreInvalid) {
  hsa_ext_program_t p{0};
  ASSERT_EQ(hsa_ext_program_create(HSA_MACHINE_MODEL_LARGE, HSA_PROFILE_FULL,
                                   HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT, nullptr, &p),
            HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_ext_program_destroy(p), HSA_STATUS_SUCCESS);
  std::vector<uint8_t> brig = brig_of(vec_add_hsail());
  hsa_machine_model_t model{};
  hsa_code_object_t co{0};
  for (hsa_ext_program_t bad : {p, hsa_ext_program_t{0}, hsa_ext_program_t{0x1234}}) {
    EXPECT_STATUS(hsa_ext_program_destroy(bad), ext(HSA_EXT_STATUS_ERROR_INVALID_PROGRAM));
    EXPECT_STATUS(hsa_ext_program_add_module(bad, module_of(brig)),
                  ext(HSA_EXT_STATUS_ERROR_INVALID_PROGRAM));
    EXPECT_STATUS(
        hsa_ext_program_iterate_modules(
            bad, [](hsa_ext_program_t, hsa_ext_module_t, void*) { return HSA_STATUS_SUCCESS; },
            nullptr),
        ext(HSA_EXT_STATUS_ERROR_INVALID_PROGRAM));
    EXPECT_STATUS(hsa_ext_program_get_info(bad, HSA_EXT_PROGRAM_INFO_MACHINE_MODEL, &model),
                  ext(HSA_EXT_STATUS_ERROR_INVALID_PROGRAM));
    EXPECT_STATUS(hsa_ext_program_finalize(bad, isa_, 0, hsa_ext_control_directives_t{}, nullptr,
                                           HSA_CODE_OBJECT_TYPE_PROGRAM, &co),
                  ext(HSA_EXT_STATUS_ERROR_INVALID_PROGRAM));
  }
}

TEST_F(ApiExtFinalizerProgram, GetInfoChecksAttributeAndValue) {
  NewProgram();
  hsa_machine_model_t model{};
  EXPECT_EQ(hsa_ext_program_get_info(program_, HSA_EXT_PROGRAM_INFO_MACHINE_MODEL, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_ext_program_get_info(program_, static_cast<hsa_ext_program_info_t>(3), &model),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

TEST_F(ApiExtFinalizerProgram, AddModuleJudgesTheModule) {
  NewProgram();
  EXPECT_STATUS(hsa_ext_program_add_module(program_, nullptr),
                ext(HSA_EXT_STATUS_ERROR_INVALID_MODULE));
  // Not BRIG at all, BRIG cut short (byte_count beyond the sections), and
  // BRIG that reads but breaks a rule of the validator.
  std::vector<uint8_t> text(256, 'x');
  EXPECT_STATUS(hsa_ext_program_add_module(program_, module_of(text)),
                ext(HSA_EXT_STATUS_ERROR_INVALID_MODULE));
  std::vector<uint8_t> cut = brig_of(vec_add_hsail());
  const uint64_t short_count = 112;
  std::memcpy(cut.data() + 16, &short_count, sizeof short_count);
  EXPECT_STATUS(hsa_ext_program_add_module(program_, module_of(cut)),
                ext(HSA_EXT_STATUS_ERROR_INVALID_MODULE));
  // A global variable read as group memory: parsed, refused by the validator.
  const std::string wrong_segment =
      "module &m:1:0:$full:$large:$default;\nglobal_u32 &g[4];\n"
      "kernel &k() { ld_group_u32 $s0, [&g]; ret; };\n";
  EXPECT_THROW(hsail::validate(hsail::parse_hsail(wrong_segment)), hsail::ValidationError);
  std::vector<uint8_t> invalid = brig_of(wrong_segment);
  EXPECT_STATUS(hsa_ext_program_add_module(program_, module_of(invalid)),
                ext(HSA_EXT_STATUS_ERROR_INVALID_MODULE));

  // Machine model and profile must match the program's (HSA 1.1 lists
  // only these for INCOMPATIBLE_MODULE); the rounding only "should".
  std::vector<uint8_t> small = brig_of(kPrmVectorAdd);
  std::vector<uint8_t> base = brig_of(vec_add_hsail("&B", "$base:$large:$default"));
  std::vector<uint8_t> zero = brig_of(vec_add_hsail("&Z", "$full:$large:$zero"));
  std::vector<uint8_t> near = brig_of(vec_add_hsail("&N", "$full:$large:$near", "&kn"));
  EXPECT_STATUS(hsa_ext_program_add_module(program_, module_of(small)),
                ext(HSA_EXT_STATUS_ERROR_INCOMPATIBLE_MODULE));
  EXPECT_STATUS(hsa_ext_program_add_module(program_, module_of(base)),
                ext(HSA_EXT_STATUS_ERROR_INCOMPATIBLE_MODULE));
  EXPECT_EQ(hsa_ext_program_add_module(program_, module_of(zero)), HSA_STATUS_SUCCESS);
  hsa_ext_program_t zero_program{0};
  ASSERT_EQ(hsa_ext_program_create(HSA_MACHINE_MODEL_LARGE, HSA_PROFILE_FULL,
                                   HSA_DEFAULT_FLOAT_ROUNDING_MODE_ZERO, nullptr, &zero_program),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_ext_program_add_module(zero_program, module_of(zero)), HSA_STATUS_SUCCESS);
  // A $near module in a ZERO program keeps its rounding.
  EXPECT_EQ(hsa_ext_program_add_module(zero_program, module_of(near)), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_ext_program_destroy(zero_program), HSA_STATUS_SUCCESS);
  // The PRM's small-model kernel belongs in a small-model program.
  hsa_ext_program_t small_program{0};
  ASSERT_EQ(
      hsa_ext_program_create(HSA_MACHINE_MODEL_SMALL, HSA_PROFILE_FULL,
                             HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT, nullptr, &small_program),
      HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_ext_program_add_module(small_program, module_of(small)), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_ext_program_destroy(small_program), HSA_STATUS_SUCCESS);

  // A good module once; the same pointer again is refused.
  std::vector<uint8_t> good = brig_of(vec_add_hsail());
  EXPECT_EQ(hsa_ext_program_add_module(program_, module_of(good)), HSA_STATUS_SUCCESS);
  EXPECT_STATUS(hsa_ext_program_add_module(program_, module_of(good)),
                ext(HSA_EXT_STATUS_ERROR_MODULE_ALREADY_INCLUDED));
}

TEST_F(ApiExtFinalizerProgram, IterateModulesGivesThemInOrder) {
  NewProgram();
  EXPECT_EQ(hsa_ext_program_iterate_modules(program_, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  std::vector<uint8_t> one = brig_of(vec_add_hsail("&one", "$full:$large:$default", "&k1"));
  std::vector<uint8_t> two = brig_of(vec_add_hsail("&two", "$full:$large:$near", "&k2"));
  ASSERT_EQ(hsa_ext_program_add_module(program_, module_of(one)), HSA_STATUS_SUCCESS);
  hsa_default_float_rounding_mode_t r{};
  ASSERT_EQ(
      hsa_ext_program_get_info(program_, HSA_EXT_PROGRAM_INFO_DEFAULT_FLOAT_ROUNDING_MODE, &r),
      HSA_STATUS_SUCCESS);
  // A $near module joins a program of any rounding.
  ASSERT_EQ(hsa_ext_program_add_module(program_, module_of(two)), HSA_STATUS_SUCCESS);
  std::vector<uint8_t> three = brig_of(vec_add_hsail("&three", "$full:$large:$default", "&k3"));
  ASSERT_EQ(hsa_ext_program_add_module(program_, module_of(three)), HSA_STATUS_SUCCESS);
  std::vector<hsa_ext_module_t> seen;
  ASSERT_EQ(hsa_ext_program_iterate_modules(
                program_,
                [](hsa_ext_program_t, hsa_ext_module_t m, void* data) {
                  static_cast<std::vector<hsa_ext_module_t>*>(data)->push_back(m);
                  return HSA_STATUS_SUCCESS;
                },
                &seen),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(seen,
            (std::vector<hsa_ext_module_t>{module_of(one), module_of(two), module_of(three)}));
  // A callback's status other than SUCCESS stops the walk and comes back.
  int calls = 0;
  EXPECT_EQ(hsa_ext_program_iterate_modules(
                program_,
                [](hsa_ext_program_t, hsa_ext_module_t, void* data) {
                  ++*static_cast<int*>(data);
                  return HSA_STATUS_INFO_BREAK;
                },
                &calls),
            HSA_STATUS_INFO_BREAK);
  EXPECT_EQ(calls, 1);
}

}  // namespace
}  // namespace fin_test
