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

#include "hsa_test_agents.h"

class ApiUnsupportedFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
    const hsa_test::FirstAgents first = hsa_test::first_agents();
    gpu_ = first.gpu;
    cpu_ = first.cpu;
    ASSERT_NE(gpu_.handle, 0u) << "the emulated topology has a GPU";
    ASSERT_NE(cpu_.handle, 0u);
  }

  void TearDown() override {
    for (hsa_signal_t s : signals_) EXPECT_EQ(hsa_signal_destroy(s), HSA_STATUS_SUCCESS);
    for (void* p : allocations_) EXPECT_EQ(hsa_memory_free(p), HSA_STATUS_SUCCESS);
    EXPECT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS);
  }

  hsa_signal_t signal(hsa_signal_value_t value = 1) {
    hsa_signal_t s{};
    EXPECT_EQ(hsa_signal_create(value, 0, nullptr, &s), HSA_STATUS_SUCCESS);
    signals_.push_back(s);
    return s;
  }

  // Memory from the agent's first allocatable global region.
  void* alloc(hsa_agent_t agent, size_t bytes) {
    hsa_region_t region{0};
    hsa_agent_iterate_regions(
        agent,
        [](hsa_region_t r, void* data) {
          hsa_region_segment_t seg{};
          bool allowed = false;
          hsa_region_get_info(r, HSA_REGION_INFO_SEGMENT, &seg);
          hsa_region_get_info(r, HSA_REGION_INFO_RUNTIME_ALLOC_ALLOWED, &allowed);
          auto* out = static_cast<hsa_region_t*>(data);
          if (seg == HSA_REGION_SEGMENT_GLOBAL && allowed && out->handle == 0) *out = r;
          return HSA_STATUS_SUCCESS;
        },
        &region);
    void* p = nullptr;
    EXPECT_EQ(hsa_memory_allocate(region, bytes, &p), HSA_STATUS_SUCCESS);
    if (p) allocations_.push_back(p);
    return p;
  }

  uint32_t node_of(hsa_agent_t agent) {
    uint32_t node = UINT32_MAX;
    EXPECT_EQ(hsa_agent_get_info(
                  agent, static_cast<hsa_agent_info_t>(HSA_AMD_AGENT_INFO_DRIVER_NODE_ID), &node),
              HSA_STATUS_SUCCESS);
    return node;
  }

  hsa_agent_t gpu_{0}, cpu_{0};
  // No agent or signal lives at a stack address, and 0 is never a handle.
  hsa_agent_t made_up_agent_{reinterpret_cast<uint64_t>(&gpu_)};
  hsa_agent_t null_agent_{0};
  hsa_signal_t made_up_signal_{reinterpret_cast<uint64_t>(&cpu_)};
  hsa_signal_t null_signal_{0};
  std::vector<hsa_signal_t> signals_;
  std::vector<void*> allocations_;
};
