// Owner of every signal and signal group of a runtime instance. Signal
// slots come from pages of GPU-visible system memory (node 0, host access,
// non-paged, mapped to every GPU), 64 per page; a side table keyed by the
// handle (the slot's address) maps handles to objects, so a stale or
// forged handle is rejected without touching the memory it names (and a
// lock-free index of the pages serves lookups: signal_index.h).
//
// Create after hsaKmtOpenKFD and destroy before hsaKmtCloseKFD: the
// destructor releases all remaining signals, events, groups and pages.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <shared_mutex>
#include <unordered_map>
#include <vector>

#include "amd_signal.h"
#include "signals/signal.h"
#include "signals/signal_group.h"
#include "signals/signal_index.h"
#include "signals/signal_types.h"

namespace hsart {

class SignalPool {
 public:
  SignalPool() = default;
  ~SignalPool();
  SignalPool(const SignalPool&) = delete;
  SignalPool& operator=(const SignalPool&) = delete;

  // A new signal with the given value. An interrupt signal owns a KFD event
  // (blocking waits, GPU wake-ups); others are only polled.
  SignalStatus create(int64_t initial, bool interrupt, Signal** out);
  // kInvalidSignal if handle names no live signal.
  SignalStatus destroy(uint64_t handle);
  // The live signal with this handle, or nullptr. Lock-free.
  Signal* find(uint64_t handle) const { return index_.find(handle); }

  // Groups hold their members by pointer: destroy a group before its
  // signals (HSA leaves the other order undefined).
  // A group of n distinct live signals (kInvalidArgument for n == 0, a null
  // array or a repeated signal; kInvalidSignal for a dead one).
  SignalStatus create_group(const uint64_t* handles, size_t n, SignalGroup** out);
  SignalStatus destroy_group(uint64_t handle);
  SignalGroup* find_group(uint64_t handle) const;

  size_t live_signals() const;

 private:
  // A free slot, allocating a new page when none is left; nullptr if the
  // KFD has no memory for us.
  fw_amd_signal* take_slot();
  void release_slot(fw_amd_signal* slot);

  mutable std::shared_mutex mutex_;
  std::unordered_map<uint64_t, std::unique_ptr<Signal>> signals_;
  std::unordered_map<uint64_t, std::unique_ptr<SignalGroup>> groups_;
  std::vector<void*> pages_;
  std::vector<fw_amd_signal*> free_slots_;
  SignalIndex index_;  // what find() reads; written under mutex_
};

}  // namespace hsart
