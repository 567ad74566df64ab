// The device's side of the IH ring (firmware-interfaces/vgpu_backend.h):
// entries written at wptr, wptr published with a release store, then the
// module told (ioctl IRQ). wptr and rptr count entries modulo 2^32 (the
// slot is the count modulo the ring's power-of-two size), so a full ring
// is wptr - rptr == entries.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>

#include "ih_entry.h"
#include "vgpu_backend.h"

namespace gcn::device {

class IhRing {
 public:
  // area: the ring's mapping (header page, then `entries` entries, a power
  // of two); notify: tells the module to drain (ioctl IRQ).
  IhRing(void* area, uint32_t entries, std::function<void()> notify);

  // Writes one entry and notifies. Thread-safe. While the ring is full it
  // notifies and waits for the module to drain, up to kFullWaitMs; after
  // that (or once stopping) the entry is dropped and counted in the
  // header's overflow, so that an engine thread never hangs on a module
  // that stopped draining.
  void push(const fw_ih_entry& entry);
  // No more waiting for room (shutdown).
  void stop() { stopping_.store(true); }

  static constexpr unsigned kFullWaitMs = 1000;

 private:
  std::mutex mu_;
  fw_vgpu_ih_header* header_;
  fw_ih_entry* slots_;
  uint32_t entries_;
  uint32_t wptr_;  // the device's copy of header_->wptr
  std::function<void()> notify_;
  std::atomic<bool> stopping_{false};
};

}  // namespace gcn::device
