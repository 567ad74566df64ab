// Events: hsaKmtCreateEvent and friends. Signal events have a slot in the
// process's event page, which the thunk allocates (system memory the GPUs
// can write) and hands to the KFD with the first event; a completion
// signal's mailbox is that slot.
//
// Waits pass each signal event's age (kfd_event_rules.h): the thunk keeps,
// per thread and event, the age the thread's last completed wait returned,
// so that a SET between a caller's check of its signal and its wait is
// never lost, even for callers (ROCr 5.x) that know nothing of ages. A
// kernel without ages (Linux 6.1's amdkfd) ignores them.
#include <linux/kfd_ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstring>
#include <memory>
#include <new>
#include <unordered_map>
#include <utility>
#include <vector>

#include "kfd_event_rules.h"
#include "thunk.h"

namespace hsakmt {
namespace {

constexpr uint64_t kEventPageBytes = KFD_SIGNAL_EVENT_LIMIT * 8;

// A thread's last age of one event; threads come and go, so an event keeps
// at most this many and forgets the oldest (which then waits as a new
// thread would, at worst waking once for a SET it had seen).
struct SeenAge {
  pid_t tid;
  uint64_t age;
};
constexpr size_t kMaxThreadsPerEvent = 64;

struct EventTable {
  std::mutex mu;
  uint64_t* page = nullptr;
  std::mutex ages_mu;
  std::unordered_map<uint32_t, std::vector<SeenAge>> ages;  // by event id
};

EventTable& events() {
  static EventTable* const e = new EventTable;
  return *e;
}

// Node changes, device state changes, memory and hardware exceptions are
// raised by the system, never by the process.
bool system_event(HSA_EVENTTYPE t) {
  return t != HSA_EVENTTYPE_SIGNAL && t != HSA_EVENTTYPE_DEBUG_EVENT;
}

// The event page: host memory mapped to every GPU, so the command processor
// can write a mailbox slot.
uint64_t* allocate_event_page() {
  HsaMemFlags flags{};
  flags.ui32.NonPaged = 1;
  flags.ui32.HostAccess = 1;
  flags.ui32.ExecuteAccess = 0;
  void* p = nullptr;
  if (hsaKmtAllocMemory(0, kEventPageBytes, flags, &p) != HSAKMT_STATUS_SUCCESS) return nullptr;
  if (hsaKmtMapMemoryToGPU(p, kEventPageBytes, nullptr) != HSAKMT_STATUS_SUCCESS) {
    hsaKmtFreeMemory(p, kEventPageBytes);
    return nullptr;
  }
  return static_cast<uint64_t*>(p);
}

pid_t this_thread() {
  static thread_local const pid_t tid = static_cast<pid_t>(syscall(SYS_gettid));
  return tid;
}

// The age this thread saw last, or a new event's for a thread that never
// waited on it: a SET since the event was made then ends the first wait.
uint64_t last_age(EventTable& e, uint32_t id, pid_t tid) {
  auto it = e.ages.find(id);
  if (it != e.ages.end())
    for (const SeenAge& s : it->second)
      if (s.tid == tid) return s.age;
  return KFDC_EVENT_AGE_INITIAL;
}

void remember_age(EventTable& e, uint32_t id, pid_t tid, uint64_t age) {
  std::vector<SeenAge>& seen = e.ages[id];
  for (SeenAge& s : seen)
    if (s.tid == tid) {
      s.age = age;
      return;
    }
  if (seen.size() == kMaxThreadsPerEvent) seen.erase(seen.begin());
  seen.push_back({tid, age});
}

void put_age(kfd_event_data& d, uint64_t age) {
  std::memcpy(reinterpret_cast<char*>(&d) + KFDC_EVENT_DATA_AGE_OFFSET, &age, sizeof(age));
}

uint64_t get_age(const kfd_event_data& d) {
  uint64_t age;
  std::memcpy(&age, reinterpret_cast<const char*>(&d) + KFDC_EVENT_DATA_AGE_OFFSET, sizeof(age));
  return age;
}

}  // namespace

std::mutex& events_mutex() { return events().mu; }

// The page was the parent's (memory_forget drops its mapping); the next
// event of the child's own session allocates one.
void events_forget() {
  events().page = nullptr;
  events().ages.clear();
}

void events_fini() {
  // The KFD drops the process's events and the page with the process; the
  // page's memory is released by memory_fini.
  events().page = nullptr;
  std::lock_guard<std::mutex> lock(events().ages_mu);
  events().ages.clear();
}

}  // namespace hsakmt

using namespace hsakmt;

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtCreateEvent(HsaEventDescriptor* EventDesc,
                                                     bool ManualReset, bool IsSignaled,
                                                     HsaEvent** Event) {
  HSAKMT_CHECK_OPEN();
  if (!EventDesc || !Event || EventDesc->EventType >= HSA_EVENTTYPE_MAXID)
    return HSAKMT_STATUS_INVALID_PARAMETER;

  kfd_ioctl_create_event_args args{};
  args.event_type = EventDesc->EventType;
  args.node_id = EventDesc->NodeId;
  args.auto_reset = !ManualReset;

  EventTable& ev = events();
  uint64_t* page;
  {
    std::lock_guard<std::mutex> lock(ev.mu);
    if (!ev.page && !thunk().gpus.empty()) {
      ev.page = allocate_event_page();
      if (!ev.page) return HSAKMT_STATUS_NO_MEMORY;
      uint64_t handle = 0;
      memory_handle(ev.page, &handle);
      args.event_page_offset = handle;
    }
    const int r = kfd_ioctl(AMDKFD_IOC_CREATE_EVENT, &args);
    if (r) return status_from_errno(r);
    page = ev.page;
  }

  auto* e = new (std::nothrow) HsaEvent{};
  if (!e) {
    kfd_ioctl_destroy_event_args d{};
    d.event_id = args.event_id;
    kfd_ioctl(AMDKFD_IOC_DESTROY_EVENT, &d);
    return HSAKMT_STATUS_NO_MEMORY;
  }
  e->EventId = args.event_id;
  e->EventData.EventType = EventDesc->EventType;
  e->EventData.HWData1 = args.event_id;
  // HWData2 is the mailbox a completion signal names; HWData3 the value the
  // KFD expects written there.
  if (page && args.event_slot_index < KFD_SIGNAL_EVENT_LIMIT)
    e->EventData.HWData2 = reinterpret_cast<uint64_t>(&page[args.event_slot_index]);
  e->EventData.HWData3 = args.event_trigger_data;
  e->EventData.EventData.SyncVar = EventDesc->SyncVar;

  if (IsSignaled && !system_event(EventDesc->EventType)) {
    kfd_ioctl_set_event_args s{};
    s.event_id = args.event_id;
    const int r = kfd_ioctl(AMDKFD_IOC_SET_EVENT, &s);
    if (r) {
      hsaKmtDestroyEvent(e);
      return status_from_errno(r);
    }
  }
  *Event = e;
  return HSAKMT_STATUS_SUCCESS;
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtDestroyEvent(HsaEvent* Event) {
  HSAKMT_CHECK_OPEN();
  if (!Event) return HSAKMT_STATUS_INVALID_HANDLE;
  kfd_ioctl_destroy_event_args args{};
  args.event_id = Event->EventId;
  const int r = kfd_ioctl(AMDKFD_IOC_DESTROY_EVENT, &args);
  if (r) return status_from_errno(r);
  {
    std::lock_guard<std::mutex> lock(events().ages_mu);
    events().ages.erase(Event->EventId);
  }
  delete Event;
  return HSAKMT_STATUS_SUCCESS;
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtSetEvent(HsaEvent* Event) {
  HSAKMT_CHECK_OPEN();
  if (!Event) return HSAKMT_STATUS_INVALID_HANDLE;
  if (system_event(Event->EventData.EventType)) return HSAKMT_STATUS_ERROR;
  kfd_ioctl_set_event_args args{};
  args.event_id = Event->EventId;
  return status_from_errno(kfd_ioctl(AMDKFD_IOC_SET_EVENT, &args));
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtResetEvent(HsaEvent* Event) {
  HSAKMT_CHECK_OPEN();
  if (!Event) return HSAKMT_STATUS_INVALID_HANDLE;
  if (system_event(Event->EventData.EventType)) return HSAKMT_STATUS_ERROR;
  kfd_ioctl_reset_event_args args{};
  args.event_id = Event->EventId;
  return status_from_errno(kfd_ioctl(AMDKFD_IOC_RESET_EVENT, &args));
}

// The KFD has no "query" command: the state is learnt by waiting.
extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtQueryEventState(HsaEvent* Event) {
  HSAKMT_CHECK_OPEN();
  return Event ? HSAKMT_STATUS_SUCCESS : HSAKMT_STATUS_INVALID_HANDLE;
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtWaitOnMultipleEvents(HsaEvent* Events[],
                                                              HSAuint32 NumEvents, bool WaitOnAll,
                                                              HSAuint32 Milliseconds) {
  HSAKMT_CHECK_OPEN();
  if (!Events || NumEvents == 0) return HSAKMT_STATUS_INVALID_HANDLE;
  std::vector<kfd_event_data> data(NumEvents);
  EventTable& ev = events();
  const pid_t tid = this_thread();
  {
    std::lock_guard<std::mutex> lock(ev.ages_mu);
    for (HSAuint32 i = 0; i < NumEvents; ++i) {
      if (!Events[i]) return HSAKMT_STATUS_INVALID_HANDLE;
      data[i].event_id = Events[i]->EventId;
      if (Events[i]->EventData.EventType == HSA_EVENTTYPE_SIGNAL)
        put_age(data[i], last_age(ev, Events[i]->EventId, tid));
    }
  }
  kfd_ioctl_wait_events_args args{};
  args.events_ptr = reinterpret_cast<uintptr_t>(data.data());
  args.num_events = NumEvents;
  args.wait_for_all = WaitOnAll;
  args.timeout = Milliseconds;
  const int r = kfd_ioctl(AMDKFD_IOC_WAIT_EVENTS, &args);
  if (r) return status_from_errno(r);
  if (args.wait_result == KFD_IOC_WAIT_RESULT_TIMEOUT) return HSAKMT_STATUS_WAIT_TIMEOUT;
  if (args.wait_result != KFD_IOC_WAIT_RESULT_COMPLETE) return HSAKMT_STATUS_WAIT_FAILURE;
  {
    std::lock_guard<std::mutex> lock(ev.ages_mu);
    for (HSAuint32 i = 0; i < NumEvents; ++i)
      if (Events[i]->EventData.EventType == HSA_EVENTTYPE_SIGNAL)
        remember_age(ev, Events[i]->EventId, tid, get_age(data[i]));
  }

  // Memory events carry the fault the KFD reported. A memory event that did
  // not fire (a wait for any event ended on another one) comes back with
  // gpu_id 0 and keeps what the caller had in it.
  for (HSAuint32 i = 0; i < NumEvents; ++i) {
    if (Events[i]->EventData.EventType != HSA_EVENTTYPE_MEMORY) continue;
    const kfd_hsa_memory_exception_data& m = data[i].memory_exception_data;
    if (m.gpu_id == 0) continue;
    HsaMemoryAccessFault& f = Events[i]->EventData.EventData.MemoryAccessFault;
    const GpuNode* g = gpu_node_by_gpu_id(m.gpu_id);
    f.NodeId = g ? g->node_id : 0;
    f.VirtualAddress = m.va;
    f.Failure.NotPresent = m.failure.NotPresent;
    f.Failure.ReadOnly = m.failure.ReadOnly;
    f.Failure.NoExecute = m.failure.NoExecute;
    f.Failure.Imprecise = m.failure.imprecise;
    f.Flags = HSA_EVENTID_MEMORY_FATAL_PROCESS;
  }
  return HSAKMT_STATUS_SUCCESS;
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtWaitOnEvent(HsaEvent* Event, HSAuint32 Milliseconds) {
  if (!Event) return HSAKMT_STATUS_INVALID_HANDLE;
  return hsaKmtWaitOnMultipleEvents(&Event, 1, true, Milliseconds);
}
