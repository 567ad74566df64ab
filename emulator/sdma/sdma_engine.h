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

class SdmaEngine {
 public:
  using InterruptHandler = CommandProcessor::InterruptHandler;

  // The engines' queues are served by one thread (the engines of the
  // virtual GPU share it, as the CP's pipes share the CP thread).
  SdmaEngine(AddressSpace& memory, InterruptHandler irq);
  ~SdmaEngine();  // unmaps every queue and stops the thread
  SdmaEngine(const SdmaEngine&) = delete;
  SdmaEngine& operator=(const SdmaEngine&) = delete;

  // Maps an RLC queue from the KFD's SDMA MQD (gfx9_mqd.h): its ring, read
  // pointer write-back address, doorbell offset and engine. Returns the
  // queue's id (>= 0), or -1 for an unusable MQD (ring under 256 bytes,
  // doorbell outside the owner's slice).
  int map_queue(const fw_v9_sdma_mqd& mqd, const QueueOwner& owner, bool active);
  // UPDATE_QUEUE: the MQD's new ring and the active state. False for an
  // unknown id or a bad ring size.
  bool update_queue(int id, const fw_v9_sdma_mqd& mqd, bool active);
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
