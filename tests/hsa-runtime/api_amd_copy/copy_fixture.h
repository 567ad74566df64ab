// A fixture holding the runtime initialized with its first GPU and CPU
// agents, a system-memory region and the GPU's VRAM region, and memory
// from them (hsa_memory_allocate) freed at the end of each test.
#pragma once

#include <gtest/gtest.h>
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>
#include <time.h>

#include <cstdint>
#include <vector>

#include "hsa_test_agents.h"

namespace copy_test {

// Bytes no copy of zeroed memory could produce by accident.
inline void fill_pattern(uint8_t* p, size_t n, uint32_t seed) {
  uint32_t x = seed * 2654435761u + 1;
  for (size_t i = 0; i < n; ++i) {
    x = x * 1103515245u + 12345u;
    p[i] = static_cast<uint8_t>(x >> 16);
  }
}

// The system timestamp domain (HSA_SYSTEM_INFO_TIMESTAMP) read
// independently of the runtime: CLOCK_MONOTONIC in ns, 1 GHz.
inline uint64_t monotonic_ns() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<uint64_t>(ts.tv_sec) * 1000000000ull + static_cast<uint64_t>(ts.tv_nsec);
}

class ApiCopyFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
    const hsa_test::FirstAgents first = hsa_test::first_agents();
    gpu_ = first.gpu;
    cpu_ = first.cpu;
    ASSERT_NE(gpu_.handle, 0u) << "the emulated topology has a GPU";
    ASSERT_NE(cpu_.handle, 0u);
    system_ = global_region(cpu_);
    vram_ = global_region(gpu_);
    ASSERT_NE(system_.handle, 0u) << "the CPU has a global region";
    ASSERT_NE(vram_.handle, 0u) << "the GPU has a global (VRAM) region";
  }

  void TearDown() override {
    for (hsa_signal_t s : signals_) EXPECT_EQ(hsa_signal_destroy(s), HSA_STATUS_SUCCESS);
    for (void* p : allocations_) EXPECT_EQ(hsa_memory_free(p), HSA_STATUS_SUCCESS);
    EXPECT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS);
  }

  // The agent's first global-segment region that allows allocation.
  static hsa_region_t global_region(hsa_agent_t agent) {
    hsa_region_t found{0};
    hsa_agent_iterate_regions(
        agent,
        [](hsa_region_t r, void* data) {
          hsa_region_segment_t seg{};
          bool alloc = false;
          hsa_region_get_info(r, HSA_REGION_INFO_SEGMENT, &seg);
          hsa_region_get_info(r, HSA_REGION_INFO_RUNTIME_ALLOC_ALLOWED, &alloc);
          auto* out = static_cast<hsa_region_t*>(data);
          if (seg == HSA_REGION_SEGMENT_GLOBAL && alloc && out->handle == 0) *out = r;
          return HSA_STATUS_SUCCESS;
        },
        &found);
    return found;
  }

  uint8_t* alloc(hsa_region_t region, size_t bytes) {
    void* p = nullptr;
    EXPECT_EQ(hsa_memory_allocate(region, bytes, &p), HSA_STATUS_SUCCESS);
    if (p) allocations_.push_back(p);
    return static_cast<uint8_t*>(p);
  }

  hsa_signal_t signal(int64_t value) {
    hsa_signal_t s{0};
    EXPECT_EQ(hsa_signal_create(value, 0, nullptr, &s), HSA_STATUS_SUCCESS);
    signals_.push_back(s);
    return s;
  }

  // Waits (up to 20 s: a hang guard) for the signal to reach 0.
  static bool wait_zero(hsa_signal_t s) {
    return hsa_signal_wait_scacquire(s, HSA_SIGNAL_CONDITION_EQ, 0, 20000000000ull,
                                     HSA_WAIT_STATE_BLOCKED) == 0;
  }

  hsa_agent_t gpu_{0};
  hsa_agent_t cpu_{0};
  hsa_region_t system_{0};
  hsa_region_t vram_{0};
  std::vector<void*> allocations_;
  std::vector<hsa_signal_t> signals_;
};

}  // namespace copy_test
