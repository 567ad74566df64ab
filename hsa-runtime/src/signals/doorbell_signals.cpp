#include "signals/doorbell_signals.h"

#include <mutex>
#include <shared_mutex>
#include <unordered_set>

namespace hsart {
namespace {

// Every doorbell ring looks here (from any number of producer threads), so
// lookups share the lock; queues come and go rarely.
struct Registry {
  std::shared_mutex mu;
  std::unordered_set<uint64_t> handles;
};

Registry& registry() {
  static Registry* const r = new Registry;  // used until process exit
  return *r;
}

}  // namespace

void doorbell_signal_add(uint64_t handle) {
  std::lock_guard<std::shared_mutex> lock(registry().mu);
  registry().handles.insert(handle);
}

void doorbell_signal_remove(uint64_t handle) {
  std::lock_guard<std::shared_mutex> lock(registry().mu);
  registry().handles.erase(handle);
}

bool is_doorbell_signal(uint64_t handle) {
  std::shared_lock<std::shared_mutex> lock(registry().mu);
  return registry().handles.count(handle) != 0;
}

}  // namespace hsart
