#include "signals/signal_pool.h"

#include <cstring>
#include <mutex>

#include "hsakmt.h"

namespace hsart {
namespace {

constexpr size_t kPageBytes = 4096;
constexpr size_t kSlotsPerPage = kPageBytes / sizeof(fw_amd_signal);
static_assert(sizeof(fw_amd_signal) == FW_AMD_SIGNAL_ALIGN, "one slot per 64 bytes");

// A page of system memory the host and every GPU can access.
void* alloc_gpu_visible_page() {
  HsaMemFlags flags{};
  flags.ui32.HostAccess = 1;
  flags.ui32.NonPaged = 1;
  void* p = nullptr;
  if (hsaKmtAllocMemory(0, kPageBytes, flags, &p) != HSAKMT_STATUS_SUCCESS) return nullptr;
  if (hsaKmtMapMemoryToGPU(p, kPageBytes, nullptr) != HSAKMT_STATUS_SUCCESS) {
    hsaKmtFreeMemory(p, kPageBytes);
    return nullptr;
  }
  return p;
}

// An auto-reset event the GPU can raise through its mailbox slot.
HsaEvent* create_event() {
  HsaEventDescriptor desc{};
  desc.EventType = HSA_EVENTTYPE_SIGNAL;
  HsaEvent* e = nullptr;
  if (hsaKmtCreateEvent(&desc, false, false, &e) != HSAKMT_STATUS_SUCCESS) return nullptr;
  return e;
}

}  // namespace

SignalPool::~SignalPool() {
  groups_.clear();
  for (auto& entry : signals_)
    if (entry.second->event()) hsaKmtDestroyEvent(entry.second->event());
  signals_.clear();
  for (void* p : pages_) {
    hsaKmtUnmapMemoryToGPU(p);
    hsaKmtFreeMemory(p, kPageBytes);
  }
}

fw_amd_signal* SignalPool::take_slot() {
  if (free_slots_.empty()) {
    void* page = alloc_gpu_visible_page();
    if (!page) return nullptr;
    if (!index_.add_page(reinterpret_cast<uintptr_t>(page))) {
      hsaKmtUnmapMemoryToGPU(page);
      hsaKmtFreeMemory(page, kPageBytes);
      return nullptr;
    }
    pages_.push_back(page);
    auto* slots = static_cast<fw_amd_signal*>(page);
    // Hand out low addresses first.
    for (size_t i = kSlotsPerPage; i-- > 0;) free_slots_.push_back(&slots[i]);
  }
  fw_amd_signal* slot = free_slots_.back();
  free_slots_.pop_back();
  std::memset(static_cast<void*>(slot), 0, sizeof(*slot));
  return slot;
}

void SignalPool::release_slot(fw_amd_signal* slot) {
  // A stale handle that a kernel still uses then reads an INVALID kind.
  __atomic_store_n(&slot->kind, int64_t{FW_AMD_SIGNAL_KIND_INVALID}, __ATOMIC_RELEASE);
  free_slots_.push_back(slot);
}

SignalStatus SignalPool::create(int64_t initial, bool interrupt, Signal** out) {
  if (!out) return SignalStatus::kInvalidArgument;
  HsaEvent* event = nullptr;
  if (interrupt && !(event = create_event())) return SignalStatus::kOutOfResources;
  std::unique_lock<std::shared_mutex> lock(mutex_);
  fw_amd_signal* slot = take_slot();
  if (!slot) {
    lock.unlock();
    if (event) hsaKmtDestroyEvent(event);
    return SignalStatus::kOutOfResources;
  }
  auto s = std::make_unique<Signal>(slot, initial, event);
  *out = s.get();
  index_.set(s->handle(), s.get());
  signals_.emplace(s->handle(), std::move(s));
  return SignalStatus::kSuccess;
}

SignalStatus SignalPool::destroy(uint64_t handle) {
  std::unique_ptr<Signal> s;
  {
    std::unique_lock<std::shared_mutex> lock(mutex_);
    auto it = signals_.find(handle);
    if (it == signals_.end()) return SignalStatus::kInvalidSignal;
    s = std::move(it->second);
    index_.set(handle, nullptr);
    signals_.erase(it);
    release_slot(s->amd_signal());
  }
  if (s->event()) hsaKmtDestroyEvent(s->event());
  return SignalStatus::kSuccess;
}

size_t SignalPool::live_signals() const {
  std::shared_lock<std::shared_mutex> lock(mutex_);
  return signals_.size();
}

SignalStatus SignalPool::create_group(const uint64_t* handles, size_t n, SignalGroup** out) {
  if (!handles || n == 0 || !out) return SignalStatus::kInvalidArgument;
  std::vector<Signal*> members;
  members.reserve(n);
  {
    std::shared_lock<std::shared_mutex> lock(mutex_);
    for (size_t i = 0; i < n; ++i) {
      auto it = signals_.find(handles[i]);
      if (it == signals_.end()) return SignalStatus::kInvalidSignal;
      for (Signal* m : members)
        if (m == it->second.get()) return SignalStatus::kInvalidArgument;
      members.push_back(it->second.get());
    }
  }
  auto g = std::make_unique<SignalGroup>(std::move(members));
  std::unique_lock<std::shared_mutex> lock(mutex_);
  *out = g.get();
  groups_.emplace(g->handle(), std::move(g));
  return SignalStatus::kSuccess;
}

SignalStatus SignalPool::destroy_group(uint64_t handle) {
  std::unique_lock<std::shared_mutex> lock(mutex_);
  return groups_.erase(handle) ? SignalStatus::kSuccess : SignalStatus::kInvalidSignalGroup;
}

SignalGroup* SignalPool::find_group(uint64_t handle) const {
  std::shared_lock<std::shared_mutex> lock(mutex_);
  auto it = groups_.find(handle);
  return it == groups_.end() ? nullptr : it->second.get();
}

}  // namespace hsart
