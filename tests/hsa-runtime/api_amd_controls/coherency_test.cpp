// Coherency type: COHERENT by default, set values read back per agent and
// are forgotten at shut_down; a CPU agent has none.
#include "controls_fixture.h"

namespace {

using ApiCoherencyTest = ApiControlsTest;

TEST_F(ApiCoherencyTest, DefaultSetAndReadBack) {
  hsa_amd_coherency_type_t t = HSA_AMD_COHERENCY_TYPE_NONCOHERENT;
  ASSERT_EQ(hsa_amd_coherency_get_type(gpu_, &t), HSA_STATUS_SUCCESS);
  EXPECT_EQ(t, HSA_AMD_COHERENCY_TYPE_COHERENT);
  ASSERT_EQ(hsa_amd_coherency_set_type(gpu_, HSA_AMD_COHERENCY_TYPE_NONCOHERENT),
            HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_amd_coherency_get_type(gpu_, &t), HSA_STATUS_SUCCESS);
  EXPECT_EQ(t, HSA_AMD_COHERENCY_TYPE_NONCOHERENT);
}

TEST_F(ApiCoherencyTest, ForgottenAtShutDown) {
  ASSERT_EQ(hsa_amd_coherency_set_type(gpu_, HSA_AMD_COHERENCY_TYPE_NONCOHERENT),
            HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS);
  gpu_.handle = cpu_.handle = 0;  // agent handles live for one session
  SetUp();
  hsa_amd_coherency_type_t t = HSA_AMD_COHERENCY_TYPE_NONCOHERENT;
  ASSERT_EQ(hsa_amd_coherency_get_type(gpu_, &t), HSA_STATUS_SUCCESS);
  EXPECT_EQ(t, HSA_AMD_COHERENCY_TYPE_COHERENT);
}

TEST_F(ApiCoherencyTest, Errors) {
  hsa_amd_coherency_type_t t{};
  EXPECT_EQ(hsa_amd_coherency_get_type(cpu_, &t), HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_amd_coherency_get_type(hsa_agent_t{77}, &t), HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_amd_coherency_get_type(gpu_, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_coherency_set_type(cpu_, HSA_AMD_COHERENCY_TYPE_COHERENT),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_amd_coherency_set_type(gpu_, static_cast<hsa_amd_coherency_type_t>(2)),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

}  // namespace
