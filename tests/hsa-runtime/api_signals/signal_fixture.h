// A fixture holding the runtime initialized, with its CPU and GPU agents,
// and a few shared helpers of the signal API tests.
#pragma once

#include <gtest/gtest.h>
#include <hsa/hsa.h>

#include <chrono>
#include <cstdint>

namespace api_signals_test {

// One millisecond in system timestamp units (the runtime's clock is 1 GHz).
constexpr uint64_t kMs = 1000000;

inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

class ApiSignalTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
    ASSERT_EQ(hsa_iterate_agents(
                  [](hsa_agent_t a, void* data) {
                    auto* self = static_cast<ApiSignalTest*>(data);
                    hsa_device_type_t type{};
                    hsa_agent_get_info(a, HSA_AGENT_INFO_DEVICE, &type);
                    if (type == HSA_DEVICE_TYPE_CPU && !self->cpu_.handle) self->cpu_ = a;
                    if (type == HSA_DEVICE_TYPE_GPU && !self->gpu_.handle) self->gpu_ = a;
                    return HSA_STATUS_SUCCESS;
                  },
                  this),
              HSA_STATUS_SUCCESS);
    ASSERT_NE(cpu_.handle, 0u) << "no CPU agent";
    ASSERT_NE(gpu_.handle, 0u) << "no GPU agent";
  }
  void TearDown() override { EXPECT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS); }

  // A signal with no consumer list (an interrupt signal).
  hsa_signal_t make(hsa_signal_value_t initial) {
    hsa_signal_t s{0};
    EXPECT_EQ(hsa_signal_create(initial, 0, nullptr, &s), HSA_STATUS_SUCCESS);
    return s;
  }

  hsa_agent_t cpu_{0};
  hsa_agent_t gpu_{0};
};

}  // namespace api_signals_test
