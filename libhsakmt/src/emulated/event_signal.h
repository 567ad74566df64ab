// Event signalling shared by the ioctls (SET_EVENT) and the interrupt
// handler. Callers hold Process::ev_mu.
#pragma once

#include "emulated/kfd_process.h"

namespace hsakmt::emu {

inline constexpr uint64_t kUnsignaledSlot = ~0ull;
// Non-signal events get ids from here up, as in the KFD.
inline constexpr uint32_t kFirstNonSignalEventId = 0x40000000u;

// Wakes the waiters; an auto-reset event that woke someone stays unsignaled.
void set_event_locked(Process& p, Event& ev);

}  // namespace hsakmt::emu
