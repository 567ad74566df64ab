// One SDMA queue of a GPU agent, made through the thunk as ROCr's BlitSdma
// makes its own (hsaKmtCreateQueue, HSA_QUEUE_SDMA): a ring of SDMA v4
// packets (firmware-interfaces/sdma_packets.h) in GPU-visible memory whose
// read and write pointers are 64-bit byte offsets that only grow. The
// engine reads packets in ring order and may wrap within a packet.
//
// Several threads may copy at once: a Writer holds the ring's lock while
// it appends one copy's packets, so each copy's packets stay together and
// in order, and publishes them (write pointer, then doorbell) when done.
#pragma once

#include <hsakmt.h>

#include <cstdint>
#include <memory>
#include <mutex>

#include "runtime/topology.h"

namespace hsart {

class SdmaRing {
 public:
  // HSA_STATUS_ERROR_OUT_OF_RESOURCES when the thunk has no SDMA queue
  // left for this process on the GPU or no memory for the ring.
  static hsa_status_t create(const Agent& gpu, std::unique_ptr<SdmaRing>* out);
  ~SdmaRing();  // destroys the thunk's queue and frees the ring
  SdmaRing(const SdmaRing&) = delete;
  SdmaRing& operator=(const SdmaRing&) = delete;

  const Agent& agent() const { return *agent_; }

  // Appends whole packets under the ring's lock; the destructor publishes
  // them. When the ring is full the packets written so far are published
  // first, so the engine can make the room the writer waits for.
  class Writer {
   public:
    explicit Writer(SdmaRing& ring);
    ~Writer();
    Writer(const Writer&) = delete;
    Writer& operator=(const Writer&) = delete;
    // `bytes` is a multiple of 4 and at most the ring's size less a dword.
    void put(const void* packet, uint32_t bytes);

   private:
    void publish();
    SdmaRing& r_;
    std::lock_guard<std::mutex> lock_;
  };

  // Waits up to `ms` milliseconds for the engine to read everything
  // published; false on time-out (a packet still polls a signal).
  bool drain(uint32_t ms) const;

 private:
  SdmaRing() = default;
  uint64_t read_ptr() const;

  const Agent* agent_ = nullptr;
  uint32_t* ring_ = nullptr;
  uint64_t ring_bytes_ = 0;
  HsaQueueResource resource_{};
  bool created_ = false;
  std::mutex mu_;           // the writers
  uint64_t write_ptr_ = 0;  // bytes appended (guarded by mu_)
  uint64_t published_ = 0;  // bytes the engine was told about (guarded by mu_)
};

}  // namespace hsart
