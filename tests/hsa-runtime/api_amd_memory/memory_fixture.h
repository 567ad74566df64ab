// A fixture holding the runtime initialized with its agents and their
// pools found by iteration, and helpers reading the thunk directly (the
// independent reference: topology for pool facts, pointer info for what is
// mapped where).
#pragma once

#include <gtest/gtest.h>
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>
#include <hsakmt.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "hsa_test_agents.h"

namespace amd_memory_test {

using hsa_test::all_agents;
using hsa_test::device_of;

inline std::vector<hsa_amd_memory_pool_t> pools_of(hsa_agent_t a) {
  std::vector<hsa_amd_memory_pool_t> pools;
  EXPECT_EQ(hsa_amd_agent_iterate_memory_pools(
                a,
                [](hsa_amd_memory_pool_t p, void* data) {
                  static_cast<std::vector<hsa_amd_memory_pool_t>*>(data)->push_back(p);
                  return HSA_STATUS_SUCCESS;
                },
                &pools),
            HSA_STATUS_SUCCESS);
  return pools;
}

template <typename T>
T pool_info(hsa_amd_memory_pool_t p, hsa_amd_memory_pool_info_t attribute) {
  T v{};
  EXPECT_EQ(hsa_amd_memory_pool_get_info(p, attribute, &v), HSA_STATUS_SUCCESS);
  return v;
}

template <typename T>
T agent_info(hsa_agent_t a, hsa_agent_info_t attribute) {
  T v{};
  EXPECT_EQ(hsa_agent_get_info(a, attribute, &v), HSA_STATUS_SUCCESS);
  return v;
}

inline uint32_t node_of(hsa_agent_t a) {
  return agent_info<uint32_t>(a, static_cast<hsa_agent_info_t>(HSA_AMD_AGENT_INFO_DRIVER_NODE_ID));
}

// The thunk's topology of one node, read with our own (counted) open.
struct ThunkNode {
  HsaNodeProperties props{};
  std::vector<HsaMemoryProperties> banks;
  std::vector<HsaIoLinkProperties> links;
};

inline ThunkNode thunk_node(uint32_t node) {
  ThunkNode n;
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
  n.links.resize(n.props.NumIOLinks);
  if (!n.links.empty()) {
    EXPECT_EQ(hsaKmtGetNodeIoLinkProperties(node, n.props.NumIOLinks, n.links.data()),
              HSAKMT_STATUS_SUCCESS);
  }
  EXPECT_EQ(hsaKmtCloseKFD(), HSAKMT_STATUS_SUCCESS);
  return n;
}

// The thunk's view of an address.
struct ThunkPointer {
  HSA_POINTER_TYPE type = HSA_POINTER_UNKNOWN;
  std::vector<uint32_t> mapped;  // GPU nodes, sorted
  bool coarse = false;
  void* cpu = nullptr;
  uint64_t gpu = 0;
  uint64_t size = 0;
};

inline ThunkPointer thunk_pointer(const void* p) {
  ThunkPointer t;
  HsaPointerInfo info{};
  if (hsaKmtQueryPointerInfo(p, &info) != HSAKMT_STATUS_SUCCESS) return t;
  t.type = info.Type;
  t.mapped.assign(info.MappedNodes, info.MappedNodes + info.NMappedNodes);
  std::sort(t.mapped.begin(), t.mapped.end());
  t.coarse = info.MemFlags.ui32.CoarseGrain;
  t.cpu = info.CPUAddress;
  t.gpu = info.GPUAddress;
  t.size = info.SizeInBytes;
  return t;
}

}  // namespace amd_memory_test

class AmdMemoryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
    using amd_memory_test::agent_info;
    for (hsa_agent_t a : amd_memory_test::all_agents()) {
      if (agent_info<hsa_device_type_t>(a, HSA_AGENT_INFO_DEVICE) == HSA_DEVICE_TYPE_GPU) {
        gpus_.push_back(a);
        gpu_nodes_.push_back(amd_memory_test::node_of(a));
      } else if (cpu_.handle == 0) {
        cpu_ = a;
      }
    }
    ASSERT_FALSE(gpus_.empty()) << "no GPU agent";
    ASSERT_NE(cpu_.handle, 0u) << "no CPU agent";
    std::sort(gpu_nodes_.begin(), gpu_nodes_.end());
    gpu_ = gpus_.front();
    for (hsa_amd_memory_pool_t p : amd_memory_test::pools_of(cpu_)) {
      const auto flags =
          amd_memory_test::pool_info<uint32_t>(p, HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS);
      if (flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT)
        kernarg_ = p;
      else if (flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED)
        system_ = p;
    }
    for (hsa_amd_memory_pool_t p : amd_memory_test::pools_of(gpu_)) {
      const auto segment =
          amd_memory_test::pool_info<hsa_amd_segment_t>(p, HSA_AMD_MEMORY_POOL_INFO_SEGMENT);
      if (segment == HSA_AMD_SEGMENT_GROUP) group_ = p;
      if (segment == HSA_AMD_SEGMENT_GLOBAL) vram_ = p;
    }
    ASSERT_NE(system_.handle, 0u);
    ASSERT_NE(kernarg_.handle, 0u);
    ASSERT_NE(vram_.handle, 0u);
    ASSERT_NE(group_.handle, 0u);
  }
  void TearDown() override { EXPECT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS); }

  hsa_agent_t cpu_{0}, gpu_{0};
  std::vector<hsa_agent_t> gpus_;
  std::vector<uint32_t> gpu_nodes_;  // sorted
  hsa_amd_memory_pool_t system_{0}, kernarg_{0}, vram_{0}, group_{0};
};
