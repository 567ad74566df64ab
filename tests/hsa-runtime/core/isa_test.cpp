// ISAs and wavefronts: gfx900 by name, its attributes, its one 64-wide
// wavefront, and compatibility.
#include <hsa/hsa.h>

#include <cstring>
#include <string>
#include <vector>

#include "core_fixture.h"

namespace {

constexpr const char* kGfx900 = "amdgcn-amd-amdhsa--gfx900";

class CoreIsaTest : public CoreTest {
 protected:
  void SetUp() override {
    CoreTest::SetUp();
    ASSERT_EQ(hsa_isa_from_name(kGfx900, &isa_), HSA_STATUS_SUCCESS);
  }
  hsa_isa_t isa_{0};
};

TEST_F(CoreIsaTest, NameRoundTrips) {
  uint32_t length = 0;
  ASSERT_EQ(hsa_isa_get_info_alt(isa_, HSA_ISA_INFO_NAME_LENGTH, &length), HSA_STATUS_SUCCESS);
  EXPECT_EQ(length, std::strlen(kGfx900));
  std::vector<char> name(length + 1, 0);
  ASSERT_EQ(hsa_isa_get_info_alt(isa_, HSA_ISA_INFO_NAME, name.data()), HSA_STATUS_SUCCESS);
  EXPECT_STREQ(name.data(), kGfx900);
}

TEST_F(CoreIsaTest, AgentIteratesItsIsa) {
  std::vector<hsa_isa_t> isas;
  ASSERT_EQ(hsa_agent_iterate_isas(
                gpu_,
                [](hsa_isa_t i, void* d) {
                  static_cast<std::vector<hsa_isa_t>*>(d)->push_back(i);
                  return HSA_STATUS_SUCCESS;
                },
                &isas),
            HSA_STATUS_SUCCESS);
  ASSERT_EQ(isas.size(), 1u);
  EXPECT_EQ(isas[0].handle, isa_.handle);
}

TEST_F(CoreIsaTest, SpecAttributes) {
  bool models[2] = {true, false};
  ASSERT_EQ(hsa_isa_get_info_alt(isa_, HSA_ISA_INFO_MACHINE_MODELS, models), HSA_STATUS_SUCCESS);
  EXPECT_FALSE(models[HSA_MACHINE_MODEL_SMALL]);
  EXPECT_TRUE(models[HSA_MACHINE_MODEL_LARGE]);
  bool profiles[2] = {false, true};
  ASSERT_EQ(hsa_isa_get_info_alt(isa_, HSA_ISA_INFO_PROFILES, profiles), HSA_STATUS_SUCCESS);
  EXPECT_TRUE(profiles[HSA_PROFILE_BASE]);
  EXPECT_FALSE(profiles[HSA_PROFILE_FULL]);
  bool modes[3] = {true, true, false};
  ASSERT_EQ(
      hsa_isa_get_info_alt(isa_, HSA_ISA_INFO_BASE_PROFILE_DEFAULT_FLOAT_ROUNDING_MODES, modes),
      HSA_STATUS_SUCCESS);
  EXPECT_FALSE(modes[HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT]);  // spec: must be false
  EXPECT_TRUE(modes[HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR]);
  uint16_t dims[3] = {};
  ASSERT_EQ(hsa_isa_get_info_alt(isa_, HSA_ISA_INFO_WORKGROUP_MAX_DIM, dims), HSA_STATUS_SUCCESS);
  EXPECT_EQ(dims[0], 1024);
  EXPECT_EQ(dims[2], 1024);
  uint32_t wg = 0, fbar = 0;
  ASSERT_EQ(hsa_isa_get_info_alt(isa_, HSA_ISA_INFO_WORKGROUP_MAX_SIZE, &wg), HSA_STATUS_SUCCESS);
  EXPECT_EQ(wg, 1024u);
  ASSERT_EQ(hsa_isa_get_info_alt(isa_, HSA_ISA_INFO_FBARRIER_MAX_SIZE, &fbar), HSA_STATUS_SUCCESS);
  EXPECT_GE(fbar, 32u);
  hsa_dim3_t grid{};
  uint64_t grid_size = 0;
  ASSERT_EQ(hsa_isa_get_info_alt(isa_, HSA_ISA_INFO_GRID_MAX_DIM, &grid), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_isa_get_info_alt(isa_, HSA_ISA_INFO_GRID_MAX_SIZE, &grid_size), HSA_STATUS_SUCCESS);
  // Spec: each grid maximum is at least the work-group maximum, at most the total.
  EXPECT_GE(grid.x, dims[0]);
  EXPECT_LE(grid.x, grid_size);
}

TEST_F(CoreIsaTest, WavefrontIs64Wide) {
  std::vector<hsa_wavefront_t> waves;
  ASSERT_EQ(hsa_isa_iterate_wavefronts(
                isa_,
                [](hsa_wavefront_t w, void* d) {
                  static_cast<std::vector<hsa_wavefront_t>*>(d)->push_back(w);
                  return HSA_STATUS_SUCCESS;
                },
                &waves),
            HSA_STATUS_SUCCESS);
  ASSERT_EQ(waves.size(), 1u);
  uint32_t size = 0;
  ASSERT_EQ(hsa_wavefront_get_info(waves[0], HSA_WAVEFRONT_INFO_SIZE, &size), HSA_STATUS_SUCCESS);
  EXPECT_EQ(size, 64u);
  EXPECT_EQ(hsa_wavefront_get_info(hsa_wavefront_t{0x55}, HSA_WAVEFRONT_INFO_SIZE, &size),
            HSA_STATUS_ERROR_INVALID_WAVEFRONT);
  EXPECT_EQ(hsa_wavefront_get_info(waves[0], HSA_WAVEFRONT_INFO_SIZE, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

TEST_F(CoreIsaTest, DeprecatedCallConventionQueries) {
  uint32_t count = 0, wave = 0, per_cu = 0;
  ASSERT_EQ(hsa_isa_get_info(isa_, HSA_ISA_INFO_CALL_CONVENTION_COUNT, 0, &count),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(count, 1u);
  ASSERT_EQ(hsa_isa_get_info(isa_, HSA_ISA_INFO_CALL_CONVENTION_INFO_WAVEFRONT_SIZE, 0, &wave),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(wave, 64u);
  ASSERT_EQ(hsa_isa_get_info(isa_, HSA_ISA_INFO_CALL_CONVENTION_INFO_WAVEFRONTS_PER_COMPUTE_UNIT, 0,
                             &per_cu),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(per_cu, 40u);  // 4 SIMDs x 10 waves on gfx9
  EXPECT_EQ(hsa_isa_get_info(isa_, HSA_ISA_INFO_CALL_CONVENTION_INFO_WAVEFRONT_SIZE, 1, &wave),
            HSA_STATUS_ERROR_INVALID_INDEX);
}

TEST_F(CoreIsaTest, Compatibility) {
  bool ok = false;
  ASSERT_EQ(hsa_isa_compatible(isa_, isa_, &ok), HSA_STATUS_SUCCESS);
  EXPECT_TRUE(ok);
  EXPECT_EQ(hsa_isa_compatible(hsa_isa_t{0x77}, isa_, &ok), HSA_STATUS_ERROR_INVALID_ISA);
  EXPECT_EQ(hsa_isa_compatible(isa_, hsa_isa_t{0x77}, &ok), HSA_STATUS_ERROR_INVALID_ISA);
  EXPECT_EQ(hsa_isa_compatible(isa_, isa_, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

TEST_F(CoreIsaTest, Errors) {
  hsa_isa_t isa{0};
  uint32_t v = 0;
  EXPECT_EQ(hsa_isa_from_name("amdgcn-amd-amdhsa--gfx1234", &isa),
            HSA_STATUS_ERROR_INVALID_ISA_NAME);
  EXPECT_EQ(hsa_isa_from_name(nullptr, &isa), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_isa_from_name(kGfx900, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_isa_get_info_alt(hsa_isa_t{0x77}, HSA_ISA_INFO_NAME_LENGTH, &v),
            HSA_STATUS_ERROR_INVALID_ISA);
  EXPECT_EQ(hsa_isa_get_info_alt(isa_, HSA_ISA_INFO_NAME_LENGTH, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_isa_get_info_alt(isa_, static_cast<hsa_isa_info_t>(0x99), &v),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_isa_iterate_wavefronts(isa_, nullptr, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(
      hsa_isa_iterate_wavefronts(
          hsa_isa_t{0x77}, [](hsa_wavefront_t, void*) { return HSA_STATUS_SUCCESS; }, nullptr),
      HSA_STATUS_ERROR_INVALID_ISA);
  EXPECT_EQ(hsa_agent_iterate_isas(gpu_, nullptr, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_agent_iterate_isas(
                hsa_agent_t{0x77}, [](hsa_isa_t, void*) { return HSA_STATUS_SUCCESS; }, nullptr),
            HSA_STATUS_ERROR_INVALID_AGENT);
}

}  // namespace

namespace {

// No exception policy is offered (both are optional for the base profile,
// HSAIL PRM 12.3); bad profiles and handles are refused.
TEST_F(CoreIsaTest, ExceptionPolicies) {
  uint16_t mask = 0xffff;
  ASSERT_EQ(hsa_isa_get_exception_policies(isa_, HSA_PROFILE_BASE, &mask), HSA_STATUS_SUCCESS);
  EXPECT_EQ(mask, 0u);
  mask = 0xffff;
  ASSERT_EQ(hsa_agent_get_exception_policies(gpu_, HSA_PROFILE_FULL, &mask), HSA_STATUS_SUCCESS);
  EXPECT_EQ(mask, 0u);
  EXPECT_EQ(hsa_isa_get_exception_policies(isa_, static_cast<hsa_profile_t>(7), &mask),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_isa_get_exception_policies(isa_, HSA_PROFILE_BASE, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_isa_get_exception_policies(hsa_isa_t{42}, HSA_PROFILE_BASE, &mask),
            HSA_STATUS_ERROR_INVALID_ISA);
  EXPECT_EQ(hsa_agent_get_exception_policies(hsa_agent_t{42}, HSA_PROFILE_BASE, &mask),
            HSA_STATUS_ERROR_INVALID_AGENT);
}

// gfx9 computes f16, f32 and f64 natively: one rounding, in every mode.
TEST_F(CoreIsaTest, RoundMethodIsSingle) {
  for (hsa_fp_type_t t : {HSA_FP_TYPE_16, HSA_FP_TYPE_32, HSA_FP_TYPE_64}) {
    for (hsa_flush_mode_t f : {HSA_FLUSH_MODE_FTZ, HSA_FLUSH_MODE_NON_FTZ}) {
      hsa_round_method_t m = HSA_ROUND_METHOD_DOUBLE;
      ASSERT_EQ(hsa_isa_get_round_method(isa_, t, f, &m), HSA_STATUS_SUCCESS);
      EXPECT_EQ(m, HSA_ROUND_METHOD_SINGLE);
    }
  }
  hsa_round_method_t m{};
  EXPECT_EQ(hsa_isa_get_round_method(isa_, static_cast<hsa_fp_type_t>(3), HSA_FLUSH_MODE_FTZ, &m),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_isa_get_round_method(isa_, HSA_FP_TYPE_32, static_cast<hsa_flush_mode_t>(0), &m),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_isa_get_round_method(isa_, HSA_FP_TYPE_32, HSA_FLUSH_MODE_FTZ, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_isa_get_round_method(hsa_isa_t{42}, HSA_FP_TYPE_32, HSA_FLUSH_MODE_FTZ, &m),
            HSA_STATUS_ERROR_INVALID_ISA);
}

}  // namespace
