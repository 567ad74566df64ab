// Signals and signal groups: the HSA 1.1 status of each invalid argument.
#include "spec_fixture.h"

namespace spec_status_test {
namespace {

TEST_F(SpecStatusTest, SignalCreateWithoutAnOutputIsAnInvalidArgument) {
  EXPECT_EQ(hsa_signal_create(0, 0, nullptr, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

TEST_F(SpecStatusTest, SignalDestroyOfTheNullHandleIsAnInvalidArgument) {
  EXPECT_EQ(hsa_signal_destroy(hsa_signal_t{0}), HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

TEST_F(SpecStatusTest, SignalDestroyOfAMadeUpHandleIsAnInvalidSignal) {
  EXPECT_EQ(hsa_signal_destroy(hsa_signal_t{0xdead0000}), HSA_STATUS_ERROR_INVALID_SIGNAL);
}

TEST_F(SpecStatusTest, SignalGroupCreateArgumentsAreChecked) {
  hsa_signal_t s{0};
  ASSERT_EQ(hsa_signal_create(1, 0, nullptr, &s), HSA_STATUS_SUCCESS);
  hsa_signal_group_t g{0};
  EXPECT_EQ(hsa_signal_group_create(0, &s, 1, &cpu_, &g), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_signal_group_create(1, nullptr, 1, &cpu_, &g), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_signal_group_create(1, &s, 1, &cpu_, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_signal_group_create(1, &s, 1, nullptr, &g), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  const hsa_agent_t twice[2] = {cpu_, cpu_};
  EXPECT_EQ(hsa_signal_group_create(1, &s, 2, twice, &g), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_signal_destroy(s), HSA_STATUS_SUCCESS);
}

TEST_F(SpecStatusTest, SignalGroupDestroyOfAMadeUpGroupIsAnInvalidGroup) {
  EXPECT_EQ(hsa_signal_group_destroy(hsa_signal_group_t{0xdead0000}),
            HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP);
}

TEST_F(SpecStatusTest, SignalGroupWaitArgumentsAreChecked) {
  hsa_signal_t s{0};
  ASSERT_EQ(hsa_signal_create(0, 0, nullptr, &s), HSA_STATUS_SUCCESS);
  hsa_signal_group_t g{0};
  ASSERT_EQ(hsa_signal_group_create(1, &s, 1, &cpu_, &g), HSA_STATUS_SUCCESS);
  const hsa_signal_condition_t cond = HSA_SIGNAL_CONDITION_EQ;
  const hsa_signal_value_t cmp = 0;
  hsa_signal_t which{0};
  hsa_signal_value_t value = 0;
  EXPECT_EQ(
      hsa_signal_group_wait_any_relaxed(g, nullptr, &cmp, HSA_WAIT_STATE_ACTIVE, &which, &value),
      HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(
      hsa_signal_group_wait_any_relaxed(g, &cond, nullptr, HSA_WAIT_STATE_ACTIVE, &which, &value),
      HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(
      hsa_signal_group_wait_any_relaxed(g, &cond, &cmp, HSA_WAIT_STATE_ACTIVE, nullptr, &value),
      HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(
      hsa_signal_group_wait_any_scacquire(g, &cond, &cmp, HSA_WAIT_STATE_ACTIVE, &which, nullptr),
      HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_signal_group_wait_any_relaxed(hsa_signal_group_t{0xdead0000}, &cond, &cmp,
                                              HSA_WAIT_STATE_ACTIVE, &which, &value),
            HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP);
  EXPECT_EQ(hsa_signal_group_destroy(g), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_signal_destroy(s), HSA_STATUS_SUCCESS);
}

}  // namespace
}  // namespace spec_status_test
