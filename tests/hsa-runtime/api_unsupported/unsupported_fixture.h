// A fixture holding the runtime initialized with its first GPU and CPU
// agents, and handles that name nothing (zero, or a stack address). Signals
// and memory a test takes are given back at the end.
#pragma once

#include <gtest/gtest.h>
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>
#include <hsa/hsa_ext_image.h>
#include <hsakmt.h>

#include <cstdint>
#include <vector>

#include "hsa_test_fixture.h"

class ApiUnsupportedFixture : public hsa_test::RuntimeFixture {
 protected:
  void release() override {
    for (hsa_signal_t s : signals_) EXPECT_EQ(hsa_signal_destroy(s), HSA_STATUS_SUCCESS);
  }

  hsa_signal_t signal(hsa_signal_value_t value = 1) {
    hsa_signal_t s{};
    EXPECT_EQ(hsa_signal_create(value, 0, nullptr, &s), HSA_STATUS_SUCCESS);
    signals_.push_back(s);
    return s;
  }

  uint32_t node_of(hsa_agent_t agent) {
    uint32_t node = UINT32_MAX;
    EXPECT_EQ(hsa_agent_get_info(
                  agent, static_cast<hsa_agent_info_t>(HSA_AMD_AGENT_INFO_DRIVER_NODE_ID), &node),
              HSA_STATUS_SUCCESS);
    return node;
  }

  // No agent or signal lives at a stack address, and 0 is never a handle.
  hsa_agent_t made_up_agent_{reinterpret_cast<uint64_t>(&gpu_)};
  hsa_agent_t null_agent_{0};
  hsa_signal_t made_up_signal_{reinterpret_cast<uint64_t>(&cpu_)};
  hsa_signal_t null_signal_{0};
  std::vector<hsa_signal_t> signals_;
};
