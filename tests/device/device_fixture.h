// VgpuDevice on a fake port, with helpers that play the module's part
// (messages: PROCESS_ADD, VM_MAP of buffers, MAP_QUEUE with MQDs built by
// kfd-common) and the user process's (writing packets and doorbells through
// the host side of the mapped pages). GPU VAs are chosen by the tests, per
// process, and never equal the host addresses behind them.
#pragma once

#include <gtest/gtest.h>
#include "test_kernels.h"

#include <chrono>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "amd_queue.h"
#include "amd_signal.h"
#include "aql_packet.h"
#include "fake_port.h"
#include "vgpu_device.h"

namespace gcn_device_test {

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

template <typename T>
T load(const T* p) {
  return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}

inline uint32_t ih_pasid(const fw_ih_entry& e) { return FW_FIELD_GET(e.dw3, FW_IH_PASID); }

// Where each process's buffers start (the same for every process: the
// contexts' address spaces are separate).
inline constexpr uint64_t kVaBase = 0x10000000;

// A buffer of one process: GPU VA, and the host side of its pages.
struct Buf {
  uint64_t va = 0;
  uint8_t* host = nullptr;
  uint64_t size = 0;
  template <typename T>
  T* as() const {
    return reinterpret_cast<T*>(host);
  }
};

struct AqlQueue {
  uint32_t hqd = 0;
  Buf amd, ring;
  uint32_t slots = 0;
  uint64_t* doorbell = nullptr;  // host side of the queue's doorbell slot

  fw_amd_queue* queue() const { return amd.as<fw_amd_queue>(); }
  // Writes a packet as the runtime does: body, header (release), doorbell.
  void submit(const void* packet);
};

// A hand-assembled kernel: descriptor at va, code 256 bytes after it.
struct Kernel {
  Buf code;
};

class DeviceTest : public ::testing::Test {
 protected:
  DeviceTest();
  ~DeviceTest() override;

  // Applies a message, numbering it as the module does.
  int send(fw_vgpu_msg m);
  static fw_vgpu_msg message(uint32_t op, uint32_t pasid);

  int add_process(uint32_t pasid, uint64_t tba = 0, uint64_t tma = 0);
  // Backing pages VM_MAPped for pasid at its next free VA (or at va).
  Buf alloc(uint32_t pasid, uint64_t bytes, bool writable = true);
  Buf alloc_at(uint32_t pasid, uint64_t va, uint64_t bytes, bool writable = true);
  int vm_unmap(uint32_t pasid, const Buf& b);

  AqlQueue make_aql_queue(uint32_t pasid, uint32_t hqd, uint32_t doorbell_slot = 0,
                          uint32_t slots = 64);
  Kernel assemble(uint32_t pasid, const std::string& text);
  // An amd_signal_t of pasid with value; mailbox/event id for an interrupt
  // signal when mailbox is given.
  Buf make_signal(uint32_t pasid, int64_t value, const Buf* mailbox = nullptr,
                  uint32_t event_id = 0);
  // A 1-D dispatch of k with the kernarg VAs given (copied into a buffer of
  // pasid).
  fw_aql_kernel_dispatch_packet dispatch_packet(uint32_t pasid, const Kernel& k, uint32_t grid,
                                                uint16_t group, const std::vector<uint64_t>& args,
                                                const Buf& completion);
  uint64_t* doorbells(uint32_t pasid) { return procs_[pasid].doorbells; }

  FakePort port_;
  std::unique_ptr<gcn::device::VgpuDevice> dev_;  // stops before the port goes
  uint32_t seq_ = 0;
  struct Proc {
    uint64_t* doorbells = nullptr;
    uint64_t next_va = kVaBase;
  };
  std::map<uint32_t, Proc> procs_;
};

// out[gid] = 5 * in[gid] + 7; out at kernarg 0, in at kernarg 1.
extern const char* const kScaleAdd;

}  // namespace gcn_device_test
