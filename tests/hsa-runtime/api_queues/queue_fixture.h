// A fixture holding the runtime initialized with its GPU and CPU agents,
// and helpers that publish AQL packets the way a program does: reserve an
// index, wait for the slot, write the body, then the header with release
// order, then ring the doorbell.
#pragma once

#include <gtest/gtest.h>
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <chrono>
#include <cstring>
#include <thread>

#include "aql_packet.h"
#include "fw_common.h"
#include "hsa_test_agents.h"
#include "thunk_gpu.h"

namespace queue_test {

class ApiQueueTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
    find_agents();
  }
  void TearDown() override { EXPECT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS); }

  // Agent handles are valid for one init .. shut_down span.
  void find_agents() {
    const hsa_test::FirstAgents first = hsa_test::first_agents();
    gpu_ = first.gpu;
    cpu_ = first.cpu;
    ASSERT_NE(gpu_.handle, 0u) << "the emulated topology has a GPU";
    ASSERT_NE(cpu_.handle, 0u);
  }

  uint32_t agent_u32(hsa_agent_t a, hsa_agent_info_t what) {
    uint32_t v = 0;
    EXPECT_EQ(hsa_agent_get_info(a, what, &v), HSA_STATUS_SUCCESS);
    return v;
  }

  hsa_agent_t gpu_{0};
  hsa_agent_t cpu_{0};
};

// The packet types' header words.
inline uint16_t header(uint32_t type) {
  return static_cast<uint16_t>(
      FW_FIELD_PREP(FW_AQL_HEADER_TYPE, type) | FW_FIELD_PREP(FW_AQL_HEADER_BARRIER, 1) |
      FW_FIELD_PREP(FW_AQL_HEADER_ACQUIRE_FENCE_SCOPE, FW_AQL_FENCE_SCOPE_SYSTEM) |
      FW_FIELD_PREP(FW_AQL_HEADER_RELEASE_FENCE_SCOPE, FW_AQL_FENCE_SCOPE_SYSTEM));
}

// Rings q's doorbell with the packet index just published.
inline void ring_doorbell(hsa_queue_t* q, uint64_t index) {
  hsa_signal_store_screlease(q->doorbell_signal, static_cast<hsa_signal_value_t>(index));
}

// Writes a 64-byte packet into slot `index` (already reserved), header last.
inline void publish(hsa_queue_t* q, uint64_t index, const void* packet64) {
  // Wait until the packet processor has freed the slot.
  while (index - hsa_queue_load_read_index_scacquire(q) >= q->size) std::this_thread::yield();
  uint8_t* slot = static_cast<uint8_t*>(q->base_address) + (index % q->size) * 64;
  std::memcpy(slot + 4, static_cast<const uint8_t*>(packet64) + 4, 60);
  uint32_t first_word;
  std::memcpy(&first_word, packet64, 4);
  __atomic_store_n(reinterpret_cast<uint32_t*>(slot), first_word, __ATOMIC_RELEASE);
  ring_doorbell(q, index);
}

// Reserves the next index and publishes the packet there; returns the index.
inline uint64_t submit(hsa_queue_t* q, const void* packet64) {
  const uint64_t index = hsa_queue_add_write_index_screlease(q, 1);
  publish(q, index, packet64);
  return index;
}

// A barrier-AND packet without dependencies: completes at once.
inline fw_aql_barrier_packet barrier(uint64_t completion_signal) {
  fw_aql_barrier_packet p{};
  p.header = header(FW_AQL_PACKET_TYPE_BARRIER_AND);
  p.completion_signal = completion_signal;
  return p;
}

// Waits until the signal slot holds 0; false after timeout_ms.
inline bool wait_zero(const fw_amd_signal* s, unsigned timeout_ms) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (__atomic_load_n(&s->value, __ATOMIC_ACQUIRE) != 0) {
    if (std::chrono::steady_clock::now() > end) return false;
    std::this_thread::yield();
  }
  return true;
}

inline std::string kernel_path(const char* name) {
  return std::string(KERNEL_DIR) + "/" + name + ".O3.co";
}

}  // namespace queue_test
