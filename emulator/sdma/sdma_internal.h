// The SDMA engines' inside, shared by the queue/thread part
// (sdma_engine.cpp) and the packet part (sdma_packets.cpp).
#pragma once

#include <atomic>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "cp/cp_internal.h"
#include "platform/queue_set.h"
#include "sdma/sdma_engine.h"

namespace gcn {

namespace sdma {

// An RLC queue's registers once the engine has loaded the KFD's SDMA MQD,
// plus what the scheduler added (owner PASID/VMID, the doorbell).
struct RlcQueue {
  uint64_t ring_va = 0;     // SDMAx_RLCx_RB_BASE
  uint64_t ring_bytes = 0;  // RB_CNTL.RB_SIZE, a power of two
  // RB_RPTR_ADDR: where the engine writes back its read pointer, a 64-bit
  // byte offset that only grows (the ring position is it modulo the size).
  uint64_t read_ptr_va = 0;
  // The 64-bit doorbell slot: the write pointer in bytes, growing too.
  const volatile uint64_t* doorbell = nullptr;
  uint32_t engine = 0;  // reported as interrupt client SDMA0 + engine
  uint32_t pasid = 0;
  uint32_t vmid = 0;
  bool active = true;
};

struct Queue {
  int id = -1;
  RlcQueue desc;
  std::atomic<QueueState> state{QueueState::kActive};
  // Under Impl::mu.
  std::string error;
  bool unmapped = false;
  bool update_pending = false;
  uint64_t new_ring_va = 0, new_ring_bytes = 0;

  // The engine thread's own progress.
  uint64_t rptr = 0;  // bytes, growing
  bool quiet = false;
  uint64_t quiet_doorbell = 0;
  std::vector<uint32_t> packet;  // the packet being run, out of the ring
  // The quiet state as kick() reads it from other threads.
  std::atomic<bool> idle{false};
  std::atomic<uint64_t> idle_doorbell{0};
};

// What one packet did.
enum class Step {
  kDone,     // finished: move past it
  kBlocked,  // waits for memory to change (POLL_REGMEM, looping atomic)
  kError,    // the queue is in error (already reported)
};

}  // namespace sdma

// The queue set, the thread and its handshakes come from QueueSet.
struct SdmaEngine::Impl : QueueSet<sdma::Queue> {
  Impl(AddressSpace& m, InterruptHandler h) : memory(m), irq(std::move(h)) {}

  AddressSpace& memory;
  AddressSpace::Reader reader{memory};  // the engine thread's claim on memory
  InterruptHandler irq;

  std::atomic<uint64_t> packets{0};

  void main();
  bool may_have_work();  // under mu: whether a kick could find new work
  // One pass over a queue; true if it moved. *waiting: stopped at a packet
  // that waits for memory.
  bool service(sdma::Queue& q, bool* waiting);

  // Packets (sdma_packets.cpp). pkt holds the whole packet.
  sdma::Step execute(sdma::Queue& q, cp::GpuMemory& mem, const uint32_t* pkt, uint32_t dwords,
                     const std::string& where);

  sdma::Step copy_sub_window(sdma::Queue& q, const uint32_t* pkt, const std::string& where);

  // Errors and interrupts.
  void raise(uint32_t client, uint32_t source, const sdma::Queue& q, uint32_t data0,
             uint32_t data1 = 0);
  // A malformed packet: the queue stops, an illegal-packet interrupt.
  sdma::Step fail_queue(sdma::Queue& q, const std::string& why);
  // An access to an unmapped (or read-only) address: the queue stops, a VM
  // fault interrupt naming the page.
  sdma::Step fault(sdma::Queue& q, const std::string& where, uint64_t va);
};

// Dwords of the packet whose first n dwords are pkt (n >= 1); 0 when the
// operation is unknown. A WRITE's size is in its dword 3: with fewer
// dwords it answers 4, and the caller asks again once it has them.
uint32_t sdma_packet_dwords(const uint32_t* pkt, uint32_t n);

}  // namespace gcn
