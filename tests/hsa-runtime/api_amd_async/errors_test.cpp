// Every documented error of hsa_amd_signal_async_handler and
// hsa_amd_async_function, as ROCr reports them: NOT_INITIALIZED outside
// init .. shut_down, INVALID_SIGNAL for a handle that names no signal the
// host can wait on, INVALID_ARGUMENT for a null handler or callback and a
// condition hsa.h does not define.
#include "async_fixture.h"

namespace async_test {
namespace {

bool never(hsa_signal_value_t, void*) { return false; }
void nothing(void*) {}

using ApiAsyncErrors = ApiAsyncTest;

TEST(ApiAsyncErrorsNoRuntime, NotInitialized) {
  hsa_signal_t s{0x1000};
  EXPECT_EQ(hsa_amd_signal_async_handler(s, HSA_SIGNAL_CONDITION_EQ, 0, never, nullptr),
            HSA_STATUS_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(hsa_amd_async_function(nothing, nullptr), HSA_STATUS_ERROR_NOT_INITIALIZED);
  // The null checks come after the init check.
  EXPECT_EQ(hsa_amd_signal_async_handler(s, HSA_SIGNAL_CONDITION_EQ, 0, nullptr, nullptr),
            HSA_STATUS_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(hsa_amd_async_function(nullptr, nullptr), HSA_STATUS_ERROR_NOT_INITIALIZED);
}

TEST(ApiAsyncErrorsNoRuntime, NotInitializedAfterShutDown) {
  ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
  hsa_signal_t s{0};
  ASSERT_EQ(hsa_signal_create(0, 0, nullptr, &s), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_amd_signal_async_handler(s, HSA_SIGNAL_CONDITION_EQ, 5, never, nullptr),
            HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_amd_signal_async_handler(s, HSA_SIGNAL_CONDITION_EQ, 5, never, nullptr),
            HSA_STATUS_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(hsa_amd_async_function(nothing, nullptr), HSA_STATUS_ERROR_NOT_INITIALIZED);
}

TEST_F(ApiAsyncErrors, InvalidSignal) {
  const hsa_signal_t null_signal{0};
  const hsa_signal_t made_up{0xdead0040};
  for (const hsa_signal_t s : {null_signal, made_up})
    EXPECT_EQ(hsa_amd_signal_async_handler(s, HSA_SIGNAL_CONDITION_EQ, 0, never, nullptr),
              HSA_STATUS_ERROR_INVALID_SIGNAL)
        << s.handle;
  // A destroyed signal.
  hsa_signal_t gone = make_signal(0);
  ASSERT_EQ(hsa_signal_destroy(gone), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_amd_signal_async_handler(gone, HSA_SIGNAL_CONDITION_EQ, 0, never, nullptr),
            HSA_STATUS_ERROR_INVALID_SIGNAL);
  // A signal only GPUs consume has no event for the host to sleep on.
  hsa_signal_t gpu_only{0};
  ASSERT_EQ(hsa_amd_signal_create(0, 0, nullptr, HSA_AMD_SIGNAL_AMD_GPU_ONLY, &gpu_only),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_amd_signal_async_handler(gpu_only, HSA_SIGNAL_CONDITION_EQ, 0, never, nullptr),
            HSA_STATUS_ERROR_INVALID_SIGNAL);
  EXPECT_EQ(hsa_signal_destroy(gpu_only), HSA_STATUS_SUCCESS);
  // The signal is checked before the handler (ROCr's order).
  EXPECT_EQ(hsa_amd_signal_async_handler(made_up, HSA_SIGNAL_CONDITION_EQ, 0, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_SIGNAL);
}

TEST_F(ApiAsyncErrors, InvalidArgument) {
  hsa_signal_t s = make_signal(0);
  EXPECT_EQ(hsa_amd_signal_async_handler(s, HSA_SIGNAL_CONDITION_EQ, 0, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(
      hsa_amd_signal_async_handler(s, static_cast<hsa_signal_condition_t>(4), 0, never, nullptr),
      HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_async_function(nullptr, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_signal_destroy(s), HSA_STATUS_SUCCESS);
}

}  // namespace
}  // namespace async_test
