// The fixture most runtime tests start from: the runtime initialized, its
// first GPU and CPU agents found (both must exist: the emulated topology
// has them), and the memory a test took from alloc() given back before
// hsa_shut_down. Fixtures holding other objects (images, signals) destroy
// them in release(), which runs first.
#pragma once

#include <gtest/gtest.h>
#include <hsa/hsa.h>

#include <cstddef>
#include <vector>

#include "hsa_test_agents.h"
#include "hsa_test_regions.h"

namespace hsa_test {

class RuntimeFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
    const FirstAgents first = first_agents();
    gpu_ = first.gpu;
    cpu_ = first.cpu;
    ASSERT_NE(gpu_.handle, 0u) << "the emulated topology has a GPU";
    ASSERT_NE(cpu_.handle, 0u) << "the topology has a CPU agent";
  }

  void TearDown() override {
    release();
    for (void* p : allocations_) EXPECT_EQ(hsa_memory_free(p), HSA_STATUS_SUCCESS);
    EXPECT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS);
  }

  // What a derived fixture made besides memory, destroyed before the memory.
  virtual void release() {}

  // Memory from the agent's first allocatable global region.
  void* alloc(hsa_agent_t agent, size_t bytes) {
    void* p = nullptr;
    EXPECT_EQ(hsa_memory_allocate(first_global_region(agent), bytes, &p), HSA_STATUS_SUCCESS);
    if (p) allocations_.push_back(p);
    return p;
  }

  hsa_agent_t gpu_{0}, cpu_{0};
  std::vector<void*> allocations_;
};

}  // namespace hsa_test
