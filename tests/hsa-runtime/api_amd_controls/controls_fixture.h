// The runtime initialized, with its first CPU and GPU agents.
#pragma once

#include <gtest/gtest.h>
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

class ApiControlsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
    ASSERT_EQ(hsa_iterate_agents(
                  [](hsa_agent_t a, void* data) {
                    auto* self = static_cast<ApiControlsTest*>(data);
                    hsa_device_type_t t{};
                    hsa_agent_get_info(a, HSA_AGENT_INFO_DEVICE, &t);
                    if (t == HSA_DEVICE_TYPE_GPU && !self->gpu_.handle) self->gpu_ = a;
                    if (t == HSA_DEVICE_TYPE_CPU && !self->cpu_.handle) self->cpu_ = a;
                    return HSA_STATUS_SUCCESS;
                  },
                  this),
              HSA_STATUS_SUCCESS);
    ASSERT_NE(gpu_.handle, 0u);
    ASSERT_NE(cpu_.handle, 0u);
  }
  void TearDown() override { EXPECT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS); }

  hsa_agent_t gpu_{0};
  hsa_agent_t cpu_{0};
};
