// Events: CREATE/DESTROY/SET/RESET_EVENT and WAIT_EVENTS with the KFD's
// semantics (kfd_events.c): signal events own a slot of the event page
// (the first CREATE_EVENT may name a buffer object to use as that page),
// waiters are activated by set_event, auto-reset events are consumed by the
// waiter they wake, and a destroyed event fails the wait. Signal events
// also carry Linux 6.5's event age, so that a waiter that names the age it
// saw last cannot miss a SET (kfd_event_rules.h).
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <vector>

#include "emulated/event_signal.h"
#include "kfd_event_rules.h"

namespace hsakmt::emu {
namespace {

// Without a user event page the KFD keeps its own, with the 256 slots the
// oldest user mode expects.
constexpr uint32_t kInternalSignalSlots = 256;
constexpr uint32_t kTimeoutImmediate = 0;
constexpr uint32_t kTimeoutInfinite = 0xffffffffu;

Event* find(Process& p, uint32_t id) {
  auto it = p.events.find(id);
  return it == p.events.end() ? nullptr : it->second.get();
}

// Uses the buffer object as the event page (kfd_kmap_event_page).
int set_event_page(Process& p, uint64_t handle) {
  std::lock_guard<std::mutex> lock(p.mu);
  std::lock_guard<std::mutex> ev_lock(p.ev_mu);
  if (p.signal_slots) return -EINVAL;
  const Device* d = p.device(static_cast<uint32_t>(handle >> 32));
  if (!d) return -EINVAL;
  if (!d->render_file) return -ENODEV;  // a GPU without a VM, as the module
  BufferObject* bo = p.bo(handle);
  // The KFD pins the page in GTT for its own mapping and needs every slot.
  if (!bo || !(bo->flags & KFD_IOC_ALLOC_MEM_FLAGS_GTT)) return -EINVAL;
  if (bo->size < KFD_SIGNAL_EVENT_LIMIT * 8) return -EINVAL;
  const uint32_t slots = KFD_SIGNAL_EVENT_LIMIT;
  p.signal_slots = reinterpret_cast<uint64_t*>(bo->host);
  p.signal_slot_count = slots;
  p.signal_handle = handle;
  std::fill(p.signal_slots, p.signal_slots + slots, kUnsignaledSlot);
  return 0;
}

int create_signal_event(Process& p, Event& ev) {
  if (p.signal_slot_count && p.signal_event_count == p.signal_slot_count) return -ENOSPC;
  if (!p.signal_slots) {
    if (p.internal_signal_page.create("kfd-events", KFD_SIGNAL_EVENT_LIMIT * 8)) return -ENOMEM;
    p.signal_slots = reinterpret_cast<uint64_t*>(p.internal_signal_page.host());
    p.signal_slot_count = kInternalSignalSlots;
    // Every slot of the page reads unsignaled, mapped or not (as the module).
    std::fill(p.signal_slots, p.signal_slots + KFD_SIGNAL_EVENT_LIMIT, kUnsignaledSlot);
  }
  // Slot 0 is reserved: the CP sends id 0 when a packet names no event.
  for (uint32_t id = 1; id < p.signal_slot_count; ++id) {
    if (p.events.count(id)) continue;
    ev.id = id;
    p.signal_slots[id] = kUnsignaledSlot;
    ++p.signal_event_count;
    return 0;
  }
  return -ENOSPC;
}

int create_other_event(Process& p, Event& ev) {
  uint32_t id = kFirstNonSignalEventId;
  for (auto it = p.events.lower_bound(id); it != p.events.end() && it->first == id; ++it) ++id;
  if (id > 0x7fffffffu) return -ENOSPC;
  ev.id = id;
  return 0;
}

bool cpu_signalable(const Event& ev) { return ev.type == KFD_IOC_EVENT_SIGNAL; }

uint32_t test_condition(bool all, const std::vector<Waiter>& waiters) {
  size_t activated = 0;
  for (const Waiter& w : waiters) {
    if (!w.event) return KFD_IOC_WAIT_RESULT_FAIL;
    if (w.activated) {
      if (!all) return KFD_IOC_WAIT_RESULT_COMPLETE;
      ++activated;
    }
  }
  return activated == waiters.size() ? KFD_IOC_WAIT_RESULT_COMPLETE : KFD_IOC_WAIT_RESULT_TIMEOUT;
}

void remove_waiters(std::vector<Waiter>& waiters) {
  for (Waiter& w : waiters) {
    if (!w.event) continue;
    auto& list = w.event->waiters;
    list.erase(std::remove(list.begin(), list.end(), &w), list.end());
  }
}

}  // namespace

void set_event_locked(Process& p, Event& ev) {
  (void)p;
  ev.signaled = !ev.auto_reset || ev.waiters.empty();
  ev.age = kfdc_event_age_next(ev.age);
  for (Waiter* w : ev.waiters) {
    w->activated = true;
    w->wake->notify_one();
  }
}

int ioctl_create_event(Process& p, void* args) {
  auto* a = static_cast<kfd_ioctl_create_event_args*>(args);
  if (a->event_page_offset)
    if (int r = set_event_page(p, a->event_page_offset)) return r;
  auto ev = std::make_unique<Event>();
  ev->type = a->event_type;
  ev->auto_reset = a->auto_reset != 0;
  ev->age = KFDC_EVENT_AGE_INITIAL;
  std::lock_guard<std::mutex> lock(p.ev_mu);
  a->event_page_offset = 0;
  int r;
  if (ev->type == KFD_IOC_EVENT_SIGNAL || ev->type == KFD_IOC_EVENT_DEBUG_EVENT) {
    r = create_signal_event(p, *ev);
    if (r == 0) {
      a->event_page_offset = KFDC_MMAP_TYPE_EVENTS;
      a->event_slot_index = ev->id;
    }
  } else {
    r = create_other_event(p, *ev);
  }
  if (r) return r;
  a->event_id = ev->id;
  a->event_trigger_data = ev->id;
  p.events[ev->id] = std::move(ev);
  return 0;
}

int ioctl_destroy_event(Process& p, void* args) {
  auto* a = static_cast<kfd_ioctl_destroy_event_args*>(args);
  std::lock_guard<std::mutex> lock(p.ev_mu);
  Event* ev = find(p, a->event_id);
  if (!ev) return -EINVAL;
  // Waiters see the event gone and fail their wait.
  for (Waiter* w : ev->waiters) {
    w->event = nullptr;
    w->wake->notify_one();
  }
  if (ev->type == KFD_IOC_EVENT_SIGNAL || ev->type == KFD_IOC_EVENT_DEBUG_EVENT)
    --p.signal_event_count;
  p.events.erase(a->event_id);
  return 0;
}

int ioctl_set_event(Process& p, void* args) {
  auto* a = static_cast<kfd_ioctl_set_event_args*>(args);
  std::lock_guard<std::mutex> lock(p.ev_mu);
  Event* ev = find(p, a->event_id);
  if (!ev || !cpu_signalable(*ev)) return -EINVAL;
  set_event_locked(p, *ev);
  return 0;
}

int ioctl_reset_event(Process& p, void* args) {
  auto* a = static_cast<kfd_ioctl_reset_event_args*>(args);
  std::lock_guard<std::mutex> lock(p.ev_mu);
  Event* ev = find(p, a->event_id);
  if (!ev || !cpu_signalable(*ev)) return -EINVAL;
  ev->signaled = false;
  return 0;
}

int ioctl_wait_events(Process& p, void* args) {
  auto* a = static_cast<kfd_ioctl_wait_events_args*>(args);
  a->wait_result = KFD_IOC_WAIT_RESULT_FAIL;
  // No process owns more events than the signal page has slots; a longer
  // array is -ENOMEM before anything is read, as in the module.
  if (a->num_events > KFDC_MAX_WAIT_EVENTS) return -ENOMEM;
  std::vector<kfd_event_data> data(a->num_events);
  if (!copy_from_user(data.data(), a->events_ptr, data.size() * sizeof(kfd_event_data)))
    return -EFAULT;
  // A waiting thread is the CP's (and the SDMA engines') cue to look at
  // doorbells and signals now.
  for (auto& d : p.devices) {
    d->gpu->cp().kick();
    d->gpu->sdma().kick();
  }

  std::condition_variable wake;
  std::vector<Waiter> waiters(a->num_events);
  for (Waiter& w : waiters) w.wake = &wake;
  std::unique_lock<std::mutex> lock(p.ev_mu);
  for (uint32_t i = 0; i < a->num_events; ++i) {
    Event* ev = find(p, data[i].event_id);
    if (!ev) {
      remove_waiters(waiters);
      return -EINVAL;
    }
    waiters[i].event = ev;
    waiters[i].activated = ev->signaled;
    ev->signaled = ev->signaled && !ev->auto_reset;
    uint64_t last_age;
    std::memcpy(&last_age, reinterpret_cast<const char*>(&data[i]) + KFDC_EVENT_DATA_AGE_OFFSET,
                sizeof(last_age));
    if (kfdc_event_age_tracked(ev->type, last_age)) {
      waiters[i].last_age = last_age;
      if (kfdc_event_age_missed(ev->type, last_age, ev->age)) waiters[i].activated = true;
    }
    // Every waiter joins the event's list, an activated one too (as Linux's
    // wait queue): a DESTROY during the wait must reach it and fail the wait.
    ev->waiters.push_back(&waiters[i]);
  }
  const bool all = a->wait_for_all != 0;
  auto done = [&] { return test_condition(all, waiters) != KFD_IOC_WAIT_RESULT_TIMEOUT; };
  if (!done()) {
    if (a->timeout == kTimeoutInfinite) {
      wake.wait(lock, done);
    } else if (a->timeout != kTimeoutImmediate) {
      const auto ms = std::chrono::milliseconds(std::min<uint32_t>(a->timeout, 0x7fffffffu));
      wake.wait_for(lock, ms, done);
    }
  }
  const uint32_t result = test_condition(all, waiters);
  int r = 0;
  if (result == KFD_IOC_WAIT_RESULT_COMPLETE) {
    for (uint32_t i = 0; i < a->num_events; ++i) {
      Waiter& w = waiters[i];
      if (!w.event) continue;
      bool copy = false;
      if (w.activated && w.event->type == KFD_IOC_EVENT_MEMORY) {
        // Memory-exception events report where the GPU faulted.
        data[i].memory_exception_data = w.event->memory_exception;
        copy = true;
      } else if (w.last_age) {
        // The age this wait ended on: the caller's next wait misses no
        // SET after it. A waiter that was not activated saw no SET, so
        // the age is the one it passed.
        std::memcpy(reinterpret_cast<char*>(&data[i]) + KFDC_EVENT_DATA_AGE_OFFSET, &w.event->age,
                    sizeof(w.event->age));
        copy = true;
      }
      if (copy && !copy_to_user(a->events_ptr + i * sizeof(kfd_event_data), &data[i],
                                sizeof(kfd_event_data)))
        r = -EFAULT;
    }
  } else if (result == KFD_IOC_WAIT_RESULT_FAIL) {
    r = -EIO;  // an event was destroyed under the wait
  }
  remove_waiters(waiters);
  a->wait_result = r ? KFD_IOC_WAIT_RESULT_FAIL : result;
  return r;
}

}  // namespace hsakmt::emu
