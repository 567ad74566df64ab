// A command processor on a shader engine, with helpers that play the
// driver's and the runtime's parts: identity-mapped buffers, AQL queues
// (amd_queue_t, ring, doorbell) and PM4 rings, signals, hand-assembled
// kernels, and the interrupts the CP raised.
#pragma once

#include <gtest/gtest.h>
#include "test_kernels.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "amd_queue.h"
#include "amd_signal.h"
#include "aql_packet.h"
#include "cp/command_processor.h"
#include "gpu_harness.h"
#include "ih_entry.h"
#include "pm4_packets.h"
#include "test_mqd.h"

namespace gcn_cp_test {

// The shared kernels (tests/support/test_kernels.h).
using gcn_test::kSpinForever;
using gcn_test::kStoreLinear;

// Waits up to 20 s (a hang guard, not a timing check) for pred.
inline bool eventually(const std::function<bool()>& pred) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!pred()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::microseconds(100));
  }
  return true;
}

inline uint64_t va(const void* p) { return reinterpret_cast<uintptr_t>(p); }

template <typename T>
T load(const T* p) {
  return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}

struct AqlQueue {
  int id = -1;
  fw_amd_queue* amd = nullptr;
  uint8_t* ring = nullptr;
  uint32_t slots = 0;
  uint64_t* doorbell = nullptr;
  fw_v9_mqd mqd{};  // as mapped; tests change it and call update_queue

  // Writes a packet (64 bytes, header first) the way the HSA runtime does:
  // body, then the header with release order, then the doorbell.
  uint64_t submit(const void* packet) {
    const uint64_t index = __atomic_fetch_add(&amd->write_dispatch_id, 1, __ATOMIC_ACQ_REL);
    uint8_t* slot = ring + (index % slots) * FW_AQL_PACKET_SIZE;
    std::memcpy(slot + 2, static_cast<const uint8_t*>(packet) + 2, FW_AQL_PACKET_SIZE - 2);
    uint16_t header;
    std::memcpy(&header, packet, 2);
    __atomic_store_n(reinterpret_cast<uint16_t*>(slot), header, __ATOMIC_RELEASE);
    __atomic_store_n(doorbell, index, __ATOMIC_RELEASE);
    return index;
  }
  uint64_t read_index() const { return load(&amd->read_dispatch_id); }
};

struct Pm4Queue {
  int id = -1;
  uint32_t* ring = nullptr;
  uint32_t dwords = 0;
  uint32_t* rptr = nullptr;  // dwords, wrapped to the ring (32-bit report)
  uint64_t* doorbell = nullptr;
  uint64_t wptr = 0;
  fw_v9_mqd mqd{};

  // Appends dwords and rings the doorbell with the new write pointer.
  void submit(const std::vector<uint32_t>& words) {
    for (uint32_t w : words) ring[wptr++ % dwords] = w;
    __atomic_store_n(doorbell, wptr, __ATOMIC_RELEASE);
  }
};

// 64-work-item-per-group kernel code: s[0:1] kernarg pointer, s2 group id,
// v0 local id; 32 VGPRs.
struct Kernel {
  fw_kernel_descriptor* kd = nullptr;
  uint8_t* code = nullptr;  // 256-byte aligned
};

class CpTest : public ::testing::Test {
 protected:
  CpTest();
  ~CpTest() override;

  void* alloc(size_t bytes) { return harness_.alloc(bytes); }
  template <typename T>
  T* alloc_array(size_t n) {
    return harness_.alloc_array<T>(n);
  }
  gcn::CommandProcessor& cp() { return *cp_; }
  gcn::test::GpuHarness& harness() { return harness_; }

  AqlQueue make_aql_queue(uint32_t slots = 64, uint32_t pasid = 7, uint32_t doorbell_id = 0);
  // SET_CU_MASK as the KFD does it: the MQD's COMPUTE_STATIC_THREAD_MGMT_SE0..3
  // rewritten and the queue's MQD reloaded (an active queue).
  template <typename Queue>
  bool set_cu_mask(Queue& q, const uint32_t (&se_mask)[FW_GFX9_MAX_SE]) {
    kfdc_v9_mqd_set_cu_mask(&q.mqd, se_mask);
    return cp().update_queue(q.id, q.mqd, true);
  }
  Pm4Queue make_pm4_queue(uint32_t dwords = 1024, uint32_t pasid = 9);

  fw_amd_signal* make_signal(int64_t value);
  Kernel assemble(const std::string& text);
  // A kernel dispatch packet for a 1-D grid of a hand-assembled kernel.
  fw_aql_kernel_dispatch_packet dispatch_packet(const Kernel& k, uint32_t grid, uint16_t group,
                                                const std::vector<uint64_t>& kernargs,
                                                fw_amd_signal* completion);

  // The interrupts raised so far (copied under the lock).
  std::vector<fw_ih_entry> interrupts();
  bool wait_for_interrupt(uint32_t client, uint32_t source, fw_ih_entry* out);

  gcn::test::GpuHarness harness_{2};
  std::mutex irq_mu_;
  std::vector<fw_ih_entry> irqs_;
  std::unique_ptr<gcn::CommandProcessor> cp_;
};

inline uint32_t ih_client(const fw_ih_entry& e) { return FW_FIELD_GET(e.dw0, FW_IH_CLIENT_ID); }
inline uint32_t ih_source(const fw_ih_entry& e) { return FW_FIELD_GET(e.dw0, FW_IH_SOURCE_ID); }
inline uint32_t ih_pasid(const fw_ih_entry& e) { return FW_FIELD_GET(e.dw3, FW_IH_PASID); }

// PM4 packet builders (header + payload).
inline uint32_t pm4_header(uint32_t opcode, uint32_t payload) {
  return FW_PM4_HEADER(opcode, payload);
}
std::vector<uint32_t> pm4_write_data(uint64_t addr, const std::vector<uint32_t>& data);
std::vector<uint32_t> pm4_release_mem(uint64_t addr, uint32_t data_sel, uint64_t data,
                                      uint32_t int_sel, uint32_t ctxid);
std::vector<uint32_t> pm4_wait_reg_mem_eq(uint64_t addr, uint32_t ref, uint32_t mask);
std::vector<uint32_t> pm4_indirect_buffer(const uint32_t* ib, uint32_t dwords);
std::vector<uint32_t> pm4_set_sh_reg(uint32_t reg, const std::vector<uint32_t>& values);
std::vector<uint32_t> operator+(std::vector<uint32_t> a, const std::vector<uint32_t>& b);

}  // namespace gcn_cp_test
