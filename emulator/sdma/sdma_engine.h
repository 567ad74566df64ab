// The virtual GPU's system DMA (SDMA v4) engines: user-mode ring buffers of
// SDMA packets (copies, fills, writes, fences, traps, polls, atomics,
// timestamps) executed in order against GPU memory, next to the command
// processor. Like the CP it sees only GPU memory, doorbell slots and queue
// descriptors, and reports through memory writes and interrupts.
#pragma once

#include <cstdint>
#include <string>

#include "cp/command_processor.h"

namespace gcn {

class AddressSpace;

// What the KFD's SDMA MQD tells the engine about one user queue.
struct SdmaQueueDescriptor {
  uint64_t ring_va = 0;     // ring of dwords, GPU VA
  uint64_t ring_bytes = 0;  // power of two; 0 = no ring yet
  // Where the engine writes back its read pointer: a 64-bit byte offset
  // that only grows (the ring position is the offset modulo the ring size).
  uint64_t read_ptr_va = 0;
  // Where the client keeps its write pointer (the engine reads the doorbell).
  uint64_t write_ptr_va = 0;
  // The 64-bit doorbell slot: the write pointer in bytes, growing like the
  // read pointer.
  const volatile uint64_t* doorbell = nullptr;
  uint32_t engine = 0;  // reported as interrupt client SDMA0 + engine
  uint32_t pasid = 0;
  uint32_t vmid = 0;
  bool active = true;
};

class SdmaEngine {
 public:
  using InterruptHandler = CommandProcessor::InterruptHandler;

  // The engines' queues are served by one thread (the engines of the
  // virtual GPU share it, as the CP's pipes share the CP thread).
  SdmaEngine(AddressSpace& memory, InterruptHandler irq);
  ~SdmaEngine();  // unmaps every queue and stops the thread
  SdmaEngine(const SdmaEngine&) = delete;
  SdmaEngine& operator=(const SdmaEngine&) = delete;

  // Returns the queue's id (>= 0), or -1 for an unusable descriptor (ring
  // size not a power of two or under 256 bytes, no doorbell).
  int map_queue(const SdmaQueueDescriptor& q);
  // UPDATE_QUEUE: new ring and active state. False for an unknown id or a
  // bad ring size.
  bool update_queue(int id, uint64_t ring_va, uint64_t ring_bytes, bool active);
  // Returns once the engine no longer touches the queue's memory (from the
  // interrupt handler it returns at once).
  void unmap_queue(int id);

  QueueState state(int id) const;
  // Why the queue entered kError ("" otherwise): the packet and the reason.
  std::string error(int id) const;

  // A hint that a doorbell or polled memory may have changed.
  void kick();

  uint64_t packets() const;  // packets executed, every queue

  struct Impl;

 private:
  Impl* impl_;
};

}  // namespace gcn
