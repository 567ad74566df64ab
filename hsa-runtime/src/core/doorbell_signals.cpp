#include "doorbell_signals.h"

#include <mutex>
#include <unordered_set>

namespace hsart {
namespace {

struct Registry {
  std::mutex mu;
  std::unordered_set<uint64_t> handles;
};

Registry& registry() {
  static Registry* const r = new Registry;  // used until process exit
  return *r;
}

}  // namespace

void doorbell_signal_add(uint64_t handle) {
  std::lock_guard<std::mutex> lock(registry().mu);
  registry().handles.insert(handle);
}

void doorbell_signal_remove(uint64_t handle) {
  std::lock_guard<std::mutex> lock(registry().mu);
  registry().handles.erase(handle);
}

bool is_doorbell_signal(uint64_t handle) {
  std::lock_guard<std::mutex> lock(registry().mu);
  return registry().handles.count(handle) != 0;
}

}  // namespace hsart
