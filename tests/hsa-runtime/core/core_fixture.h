// A fixture holding the runtime initialized, with its CPU and GPU agents
// found by iteration, and helpers to read the topology through the thunk
// directly (the independent reference for agent and region facts).
#pragma once

#include <gtest/gtest.h>
#include <hsa/hsa.h>
#include <hsakmt.h>

#include <vector>

#include "hsa_test_agents.h"

namespace core_test {

using hsa_test::all_agents;
using hsa_test::device_of;

inline std::vector<hsa_region_t> regions_of(hsa_agent_t a) {
  std::vector<hsa_region_t> regions;
  EXPECT_EQ(hsa_agent_iterate_regions(
                a,
                [](hsa_region_t r, void* data) {
                  static_cast<std::vector<hsa_region_t>*>(data)->push_back(r);
                  return HSA_STATUS_SUCCESS;
                },
                &regions),
            HSA_STATUS_SUCCESS);
  return regions;
}

// The node properties the thunk reports, read with our own open of the KFD.
struct ThunkNode {
  HsaNodeProperties props{};
  std::vector<HsaMemoryProperties> banks;
  std::vector<HsaCacheProperties> caches;
};

inline ThunkNode thunk_node(uint32_t node) {
  ThunkNode n;
  // The runtime holds the thunk open already: the thunk counts this open.
  const HSAKMT_STATUS opened = hsaKmtOpenKFD();
  EXPECT_TRUE(opened == HSAKMT_STATUS_SUCCESS || opened == HSAKMT_STATUS_KERNEL_ALREADY_OPENED);
  HsaSystemProperties sys{};
  EXPECT_EQ(hsaKmtAcquireSystemProperties(&sys), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtGetNodeProperties(node, &n.props), HSAKMT_STATUS_SUCCESS);
  n.banks.resize(n.props.NumMemoryBanks);
  if (!n.banks.empty()) {
    EXPECT_EQ(hsaKmtGetNodeMemoryProperties(node, n.props.NumMemoryBanks, n.banks.data()),
              HSAKMT_STATUS_SUCCESS);
  }
  n.caches.resize(n.props.NumCaches);
  const uint32_t first = n.props.NumFComputeCores ? n.props.FComputeIdLo : n.props.CComputeIdLo;
  if (!n.caches.empty()) {
    EXPECT_EQ(hsaKmtGetNodeCacheProperties(node, first, n.props.NumCaches, n.caches.data()),
              HSAKMT_STATUS_SUCCESS);
  }
  EXPECT_EQ(hsaKmtCloseKFD(), HSAKMT_STATUS_SUCCESS);
  return n;
}

}  // namespace core_test

class CoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
    for (hsa_agent_t a : core_test::all_agents()) {
      if (core_test::device_of(a) == HSA_DEVICE_TYPE_GPU && gpu_.handle == 0) gpu_ = a;
      if (core_test::device_of(a) == HSA_DEVICE_TYPE_CPU && cpu_.handle == 0) cpu_ = a;
    }
    ASSERT_NE(gpu_.handle, 0u) << "no GPU agent";
    ASSERT_NE(cpu_.handle, 0u) << "no CPU agent";
  }
  void TearDown() override { EXPECT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS); }

  // A region of agent whose global flags contain flag (0 for group).
  hsa_region_t find_region(hsa_agent_t agent, hsa_region_segment_t segment, uint32_t flag) {
    for (hsa_region_t r : core_test::regions_of(agent)) {
      hsa_region_segment_t s{};
      uint32_t flags = 0;
      hsa_region_get_info(r, HSA_REGION_INFO_SEGMENT, &s);
      hsa_region_get_info(r, HSA_REGION_INFO_GLOBAL_FLAGS, &flags);
      if (s == segment && (flags & flag) == flag) return r;
    }
    return hsa_region_t{0};
  }

  hsa_agent_t gpu_{0};
  hsa_agent_t cpu_{0};
};
