// hsa_signal_create/destroy, hsa_amd_signal_create and
// hsa_amd_signal_value_pointer: success paths and every documented error.
#include <hsa/hsa_ext_amd.h>

#include <set>

#include "signal_fixture.h"

namespace {

using api_signals_test::ApiSignalTest;

TEST(ApiSignalInitTest, EveryStatusFunctionNeedsInit) {
  const hsa_status_t kNot = HSA_STATUS_ERROR_NOT_INITIALIZED;
  hsa_signal_t s{0};
  hsa_signal_group_t g{0};
  hsa_signal_condition_t cond = HSA_SIGNAL_CONDITION_EQ;
  hsa_signal_value_t v = 0;
  volatile hsa_signal_value_t* ptr = nullptr;
  EXPECT_EQ(hsa_signal_create(1, 0, nullptr, &s), kNot);
  EXPECT_EQ(hsa_amd_signal_create(1, 0, nullptr, 0, &s), kNot);
  EXPECT_EQ(hsa_signal_destroy(hsa_signal_t{64}), kNot);
  EXPECT_EQ(hsa_amd_signal_value_pointer(hsa_signal_t{64}, &ptr), kNot);
  EXPECT_EQ(hsa_signal_group_create(1, &s, 0, nullptr, &g), kNot);
  EXPECT_EQ(hsa_signal_group_destroy(hsa_signal_group_t{64}), kNot);
  EXPECT_EQ(hsa_signal_group_wait_any_relaxed(g, &cond, &v, HSA_WAIT_STATE_ACTIVE, &s, &v), kNot);
  EXPECT_EQ(hsa_signal_group_wait_any_scacquire(g, &cond, &v, HSA_WAIT_STATE_ACTIVE, &s, &v), kNot);
  // The void and value functions have no status: they must simply not crash.
  hsa_signal_store_relaxed(hsa_signal_t{64}, 3);
  EXPECT_EQ(hsa_signal_load_relaxed(hsa_signal_t{64}), 0);
  EXPECT_EQ(hsa_signal_wait_relaxed(hsa_signal_t{64}, HSA_SIGNAL_CONDITION_EQ, 1, 0,
                                    HSA_WAIT_STATE_ACTIVE),
            0);
}

TEST_F(ApiSignalTest, CreateHoldsTheInitialValue) {
  for (hsa_signal_value_t initial : {hsa_signal_value_t{0}, hsa_signal_value_t{1},
                                     hsa_signal_value_t{-7}, hsa_signal_value_t{INT64_MAX}}) {
    hsa_signal_t s{0};
    ASSERT_EQ(hsa_signal_create(initial, 0, nullptr, &s), HSA_STATUS_SUCCESS);
    EXPECT_NE(s.handle, 0u);
    EXPECT_EQ(hsa_signal_load_relaxed(s), initial);
    EXPECT_EQ(hsa_signal_destroy(s), HSA_STATUS_SUCCESS);
  }
}

TEST_F(ApiSignalTest, HandlesAreDistinct) {
  std::set<uint64_t> seen;
  std::vector<hsa_signal_t> all;
  for (int i = 0; i < 100; ++i) {  // more than one page of slots
    hsa_signal_t s = make(i);
    EXPECT_TRUE(seen.insert(s.handle).second) << "handle reused while live";
    all.push_back(s);
  }
  for (int i = 0; i < 100; ++i) EXPECT_EQ(hsa_signal_load_relaxed(all[i]), i);
  for (hsa_signal_t s : all) EXPECT_EQ(hsa_signal_destroy(s), HSA_STATUS_SUCCESS);
}

TEST_F(ApiSignalTest, ConsumersMayBeCpuGpuOrBoth) {
  const hsa_agent_t lists[][2] = {{cpu_, cpu_}, {gpu_, gpu_}, {cpu_, gpu_}};
  const uint32_t counts[] = {1, 1, 2};
  for (int i = 0; i < 3; ++i) {
    hsa_signal_t s{0};
    ASSERT_EQ(hsa_signal_create(5, counts[i], lists[i], &s), HSA_STATUS_SUCCESS) << i;
    EXPECT_EQ(hsa_signal_load_scacquire(s), 5);
    EXPECT_EQ(hsa_signal_destroy(s), HSA_STATUS_SUCCESS);
  }
}

TEST_F(ApiSignalTest, CreateRejectsBadArguments) {
  hsa_signal_t s{0};
  const hsa_agent_t bogus{0x1234};
  const hsa_agent_t twice[] = {cpu_, cpu_};
  EXPECT_EQ(hsa_signal_create(0, 0, nullptr, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_signal_create(0, 1, nullptr, &s), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_signal_create(0, 1, &bogus, &s), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_signal_create(0, 2, twice, &s), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(s.handle, 0u) << "a failed create wrote the handle";
}

TEST_F(ApiSignalTest, DestroyRejectsDeadAndMadeUpHandles) {
  hsa_signal_t s = make(1);
  EXPECT_EQ(hsa_signal_destroy(s), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_signal_destroy(s), HSA_STATUS_ERROR_INVALID_SIGNAL);
  EXPECT_EQ(hsa_signal_destroy(hsa_signal_t{0xdead0000}), HSA_STATUS_ERROR_INVALID_SIGNAL);
}

// HSA 1.1: "HSA_STATUS_ERROR_INVALID_ARGUMENT The handle in signal is 0",
// a case of its own beside INVALID_SIGNAL (ROCr returns the same).
TEST_F(ApiSignalTest, DestroyOfTheNullHandleIsAnInvalidArgument) {
  EXPECT_EQ(hsa_signal_destroy(hsa_signal_t{0}), HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

TEST_F(ApiSignalTest, SignalsLeftAtShutDownAreFreed) {
  // The pool frees leftovers at shut_down; a later init starts empty.
  make(1);
  hsa_signal_t kept = make(2);
  ASSERT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_signal_load_relaxed(kept), 0) << "an old handle survived shut_down";
  EXPECT_EQ(hsa_signal_destroy(kept), HSA_STATUS_ERROR_INVALID_SIGNAL);
}

TEST_F(ApiSignalTest, AmdCreateAcceptsGpuOnly) {
  hsa_signal_t s{0};
  ASSERT_EQ(hsa_amd_signal_create(9, 0, nullptr, 0, &s), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_signal_load_relaxed(s), 9);
  EXPECT_EQ(hsa_signal_destroy(s), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_amd_signal_create(4, 1, &gpu_, HSA_AMD_SIGNAL_AMD_GPU_ONLY, &s),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_signal_load_relaxed(s), 4);
  // Without an event the host can still poll it to completion.
  hsa_signal_store_screlease(s, 0);
  EXPECT_EQ(hsa_signal_wait_scacquire(s, HSA_SIGNAL_CONDITION_EQ, 0, 1000 * api_signals_test::kMs,
                                      HSA_WAIT_STATE_BLOCKED),
            0);
  EXPECT_EQ(hsa_signal_destroy(s), HSA_STATUS_SUCCESS);
}

TEST_F(ApiSignalTest, AmdCreateRejectsIpcAndUnknownAttributes) {
  hsa_signal_t s{0};
  EXPECT_NE(hsa_amd_signal_create(1, 0, nullptr, HSA_AMD_SIGNAL_IPC, &s), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_amd_signal_create(1, 0, nullptr, 0x100, &s), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_signal_create(1, 0, nullptr, 0, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  const hsa_agent_t bogus{0x1234};
  EXPECT_EQ(hsa_amd_signal_create(1, 1, &bogus, 0, &s), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(s.handle, 0u);
}

TEST_F(ApiSignalTest, ValuePointerAliasesTheValue) {
  hsa_signal_t s = make(11);
  volatile hsa_signal_value_t* p = nullptr;
  ASSERT_EQ(hsa_amd_signal_value_pointer(s, &p), HSA_STATUS_SUCCESS);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(*p, 11);
  hsa_signal_store_relaxed(s, 12);
  EXPECT_EQ(*p, 12);
  *p = 13;
  EXPECT_EQ(hsa_signal_load_relaxed(s), 13);
  // amd_signal_t: the value is the second 64-bit word of the handle.
  EXPECT_EQ(reinterpret_cast<uintptr_t>(p), s.handle + 8);
  EXPECT_EQ(hsa_amd_signal_value_pointer(s, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_signal_destroy(s), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_amd_signal_value_pointer(s, &p), HSA_STATUS_ERROR_INVALID_SIGNAL);
}

}  // namespace
