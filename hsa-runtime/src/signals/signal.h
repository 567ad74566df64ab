// One HSA signal: an amd_signal_t (kind USER) in GPU-visible system memory
// whose address is the hsa_signal_t handle, so kernels and the command
// processor (an AQL packet's completion_signal) use it directly. An
// interrupt signal also owns an auto-reset KFD event whose mailbox the
// amd_signal_t names: whoever changes the value (GPU or host) raises the
// event, and blocked waiters wake up and re-check the value.
#pragma once

#include <atomic>
#include <cstdint>

#include "amd_signal.h"
#include "hsakmt.h"
#include "signals/signal_types.h"

namespace hsart {

class Signal {
 public:
  // Takes a zeroed, 64-byte aligned slot; event may be nullptr (a signal
  // only the host polls).
  Signal(fw_amd_signal* slot, int64_t initial, HsaEvent* event);
  Signal(const Signal&) = delete;
  Signal& operator=(const Signal&) = delete;

  uint64_t handle() const { return reinterpret_cast<uintptr_t>(amd_); }
  fw_amd_signal* amd_signal() const { return amd_; }
  bool is_interrupt() const { return event_ != nullptr; }
  HsaEvent* event() const { return event_; }

  int64_t load(MemoryOrder order) const;
  // store wakes waiters; silent_store (hsa_signal_silent_store_*) does not.
  void store(int64_t value, MemoryOrder order);
  void silent_store(int64_t value, MemoryOrder order);
  // Read-modify-writes; each returns the value before the operation and
  // wakes waiters. HSA's API returns nothing for add..xor and the observed
  // value for exchange and cas.
  int64_t exchange(int64_t value, MemoryOrder order);
  int64_t cas(int64_t expected, int64_t desired, MemoryOrder order);
  int64_t add(int64_t value, MemoryOrder order);
  int64_t subtract(int64_t value, MemoryOrder order);
  int64_t bit_and(int64_t value, MemoryOrder order);
  int64_t bit_or(int64_t value, MemoryOrder order);
  int64_t bit_xor(int64_t value, MemoryOrder order);

  // Waits until the value satisfies (condition, compare) or timeout (system
  // timestamp units, kWaitForever) elapses, and returns the value observed
  // last: as HSA allows, it may no longer satisfy the condition, and a
  // timeout is visible only through it. order is kRelaxed or kAcquire.
  int64_t wait(WaitCondition condition, int64_t compare, uint64_t timeout,
               WaitExpectancy expectancy, MemoryOrder order);

  // Wait bookkeeping, also used by signal groups: while a waiter may be
  // blocked on the event, changes must raise it.
  void begin_wait() { waiters_.fetch_add(1, std::memory_order_seq_cst); }
  void end_wait() { waiters_.fetch_sub(1, std::memory_order_seq_cst); }
  // Raises the event if anyone may be blocked on it (after a change).
  void notify();

 private:
  fw_amd_signal* amd_;
  HsaEvent* event_;
  std::atomic<uint32_t> waiters_{0};
};

}  // namespace hsart
