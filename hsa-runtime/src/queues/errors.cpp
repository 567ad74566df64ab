// The queue error watcher: a thread that sleeps on the KFD's HW_EXCEPTION
// (malformed packet) and MEMORY (faulting kernel) events. When one fires,
// the command processor has already stored why into the failed queue's
// queue_inactive_signal, so the watcher finds the queues with a code there
// and runs each one's callback once, after telling the system event
// handlers about a memory fault. The queues' inactive signals interrupt
// with a third event (a SIGNAL event): the CP uses it to ask for scratch,
// which the watcher grants first (queues/scratch.cpp). stop() sets the
// event to wake it; the kPollMs timeout is a fallback.
#include <atomic>
#include <functional>
#include <thread>

#include "amd/system_events.h"
#include "queues/state.h"

namespace hsart {
namespace {

constexpr HSAuint32 kPollMs = 50;

struct Watcher {
  std::thread thread;
  std::atomic<bool> stop{false};
  HsaEvent* events[3] = {nullptr, nullptr, nullptr};  // HW exception, memory, queue signal
};

Watcher& watcher() {
  static Watcher* w = new Watcher;
  return *w;
}

void destroy_events(Watcher& w) {
  for (HsaEvent*& e : w.events) {
    if (e) hsaKmtDestroyEvent(e);
    e = nullptr;
  }
}

void run_callbacks() {
  hsa_status_t status = HSA_STATUS_SUCCESS;
  while (Queue* q = queue_take_failed(&status)) {
    // The callback may destroy its queue: copy what it needs first.
    auto* handle = reinterpret_cast<hsa_queue_t*>(&q->block->amd);
    void (*callback)(hsa_status_t, hsa_queue_t*, void*) = q->callback;
    void* data = q->data;
    callback(status, handle, data);
    queue_callback_done();
  }
}

void watch(Watcher& w) {
  HsaMemoryAccessFault& fault = w.events[1]->EventData.EventData.MemoryAccessFault;
  while (!w.stop.load(std::memory_order_acquire)) {
    // The thunk fills the fault in only when the memory event fired.
    fault = HsaMemoryAccessFault{};
    const HSAKMT_STATUS s = hsaKmtWaitOnMultipleEvents(w.events, 3, false, kPollMs);
    if (s == HSAKMT_STATUS_SUCCESS && fault.Flags == HSA_EVENTID_MEMORY_FATAL_PROCESS)
      report_memory_fault(fault);
    // A timeout costs one scan of the queue table: a cheap safety net in
    // case the interrupt was missed.
    if (s == HSAKMT_STATUS_SUCCESS || s == HSAKMT_STATUS_WAIT_TIMEOUT) {
      queue_serve_scratch();
      run_callbacks();
    }
  }
}

}  // namespace

hsa_status_t error_watcher_start() {
  Watcher& w = watcher();
  const HSA_EVENTTYPE types[3] = {HSA_EVENTTYPE_HW_EXCEPTION, HSA_EVENTTYPE_MEMORY,
                                  HSA_EVENTTYPE_SIGNAL};
  for (int i = 0; i < 3; ++i) {
    HsaEventDescriptor desc{};
    desc.EventType = types[i];
    if (hsaKmtCreateEvent(&desc, false, false, &w.events[i]) != HSAKMT_STATUS_SUCCESS) {
      w.events[i] = nullptr;
      destroy_events(w);
      return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
    }
  }
  w.stop.store(false);
  w.thread = std::thread(watch, std::ref(w));
  return HSA_STATUS_SUCCESS;
}

void error_watcher_stop() {
  Watcher& w = watcher();
  w.stop.store(true, std::memory_order_release);
  // Wakes the watcher at once instead of at its next timeout.
  if (w.events[0]) hsaKmtSetEvent(w.events[0]);
  if (w.thread.joinable()) w.thread.join();
  destroy_events(w);
}

const HsaEvent* queue_event() { return watcher().events[2]; }

bool on_error_watcher_thread() { return std::this_thread::get_id() == watcher().thread.get_id(); }

}  // namespace hsart
