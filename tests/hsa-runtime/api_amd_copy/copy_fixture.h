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

#include "hsa_test_fixture.h"

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

class ApiCopyFixture : public hsa_test::RuntimeFixture {
 protected:
  void SetUp() override {
    RuntimeFixture::SetUp();
    if (HasFatalFailure()) return;
    system_ = global_region(cpu_);
    vram_ = global_region(gpu_);
    ASSERT_NE(system_.handle, 0u) << "the CPU has a global region";
    ASSERT_NE(vram_.handle, 0u) << "the GPU has a global (VRAM) region";
  }

  void release() override {
    for (hsa_signal_t s : signals_) EXPECT_EQ(hsa_signal_destroy(s), HSA_STATUS_SUCCESS);
  }

  // The agent's first global-segment region that allows allocation.
  static hsa_region_t global_region(hsa_agent_t agent) {
    return hsa_test::first_global_region(agent);
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

  hsa_region_t system_{0};
  hsa_region_t vram_{0};
  std::vector<hsa_signal_t> signals_;
};

}  // namespace copy_test
