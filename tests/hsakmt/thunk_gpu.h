// Test and benchmark helpers that drive the virtual GPU only through the
// public thunk API, as a runtime would: system memory mapped to the GPU,
// code objects registered as user memory, AQL queues with amd_queue_t and
// completion signals whose mailbox is a KFD event slot.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "amd_queue.h"
#include "amd_signal.h"
#include "aql_packet.h"
#include "code_object.h"
#include "gpu_harness.h"
#include "hsakmt.h"

namespace hsakmt_test {

// The first GPU node of the topology, or -1 when there is none.
int first_gpu_node();
// How many GPU nodes the topology has (0 when it cannot be read).
unsigned gpu_node_count();
// The GPU nodes, in node order.
std::vector<uint32_t> gpu_nodes();

// Host-accessible system memory mapped to every GPU (what a runtime uses
// for rings, signals and kernel arguments). nullptr on failure.
void* alloc_system(size_t bytes);
void free_system(void* p, size_t bytes);

template <typename T>
T* alloc_array(size_t n) {
  return static_cast<T*>(alloc_system((n * sizeof(T) + 4095) & ~size_t{4095}));
}

// A code object registered with the thunk and mapped to the GPUs at the
// GPU address the thunk gives it.
class GpuCodeObject {
 public:
  bool load(const std::string& path, std::string* error);
  ~GpuCodeObject();
  // The kernel descriptor's GPU address, or 0.
  uint64_t kernel_object(const std::string& name) const;
  // The same descriptor where the host reads it, or nullptr.
  const fw_kernel_descriptor* descriptor(const std::string& name) const {
    return co_.descriptor(name);
  }

 private:
  gcn::test::CodeObject co_;
  bool registered_ = false;
  HSAuint64 gpu_va_ = 0;  // where the GPU sees co_.image()
};

// A completion signal in system memory. With an event, its mailbox is the
// event's slot, so the GPU raises the event when it changes the value.
class Signal {
 public:
  explicit Signal(bool with_event = false, int64_t initial = 1);
  ~Signal();
  bool ok() const { return s_ != nullptr && (!with_event_ || event_ != nullptr); }
  uint64_t address() const { return reinterpret_cast<uintptr_t>(s_); }
  int64_t value() const;
  void set(int64_t v);
  // Waits until the value is 0: spinning, or on the event. False on timeout.
  bool wait_zero(unsigned timeout_ms) const;
  HsaEvent* event() const { return event_; }

 private:
  fw_amd_signal* s_ = nullptr;
  HsaEvent* event_ = nullptr;
  bool with_event_;
};

// An AQL queue of the thunk: ring, amd_queue_t and doorbell.
class AqlQueue {
 public:
  explicit AqlQueue(uint32_t node, uint32_t packets = 64);
  ~AqlQueue();
  HSAKMT_STATUS status() const { return status_; }
  HSA_QUEUEID id() const { return resource_.QueueId; }
  fw_amd_queue* amd_queue() const { return queue_; }

  // Writes the packet (header last, with release order) and rings the
  // doorbell; returns its index. A kernel dispatch that needs more private
  // memory than the queue's scratch holds gets a larger scratch first, as a
  // runtime sizes it at queue creation (amd_queue_t's scratch fields).
  uint64_t submit(const void* packet64);
  // As submit, without ringing the doorbell (someone else rings it).
  uint64_t publish(const void* packet64);
  // The ring slot of a packet index (one address for the CPU and the GPU).
  void* slot(uint64_t index) const { return ring_ + (index % packets_) * FW_AQL_PACKET_SIZE; }
  // The queue's doorbell, where the thunk mapped it (also the GPU's VA).
  HSAuint64* doorbell() const { return resource_.Queue_DoorBell_aql; }
  // A kernel dispatch packet for a 1D/2D/3D launch.
  static fw_aql_kernel_dispatch_packet dispatch(uint64_t kernel_object, const uint32_t grid[3],
                                                const uint16_t group[3], unsigned dims,
                                                const void* kernargs, uint64_t signal);
  // Index of the next packet the CP will process.
  uint64_t read_index() const;

 private:
  HSAKMT_STATUS status_ = HSAKMT_STATUS_ERROR;
  uint32_t packets_;
  fw_amd_queue* queue_ = nullptr;
  uint8_t* ring_ = nullptr;
  HsaQueueResource resource_{};
  void grow_scratch(uint32_t private_bytes);
  // Every scratch given to the queue: an earlier one may still be in use by
  // a dispatch in flight, so all live until the queue goes.
  std::vector<std::pair<void*, size_t>> scratch_;
};

// Kernel arguments packed as gcn::test::Kernargs does (natural alignment,
// padded for code object v4's hidden arguments), placed in GPU-visible
// system memory.
class Kernargs : public gcn::test::Kernargs {
 public:
  Kernargs() = default;
  Kernargs(const Kernargs&) = delete;
  Kernargs& operator=(const Kernargs&) = delete;
  ~Kernargs();
  // Copies the block to GPU-visible memory (freed with the object).
  void* place();

 private:
  void* placed_ = nullptr;
  size_t placed_bytes_ = 0;
};

}  // namespace hsakmt_test
