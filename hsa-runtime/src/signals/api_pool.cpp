// The signal API's start and stop hooks (runtime/components.cpp): the
// SignalPool lives from the first hsa_init (after the KFD is open) to the
// last hsa_shut_down (before it closes); destroying the pool frees any
// signal, event and group still left. Also the helpers every
// signals/api_*.cpp shares.
#include <atomic>
#include <unordered_set>

#include "runtime/components.h"
#include "runtime/runtime.h"
#include "runtime/topology.h"
#include "signals/api_state.h"

namespace hsart {
namespace {

std::atomic<SignalPool*> g_pool{nullptr};

}  // namespace

hsa_status_t signals_start(Runtime&) {
  g_pool.store(new SignalPool, std::memory_order_release);
  return HSA_STATUS_SUCCESS;
}

void signals_stop(Runtime&) { delete g_pool.exchange(nullptr, std::memory_order_acq_rel); }

SignalPool* signal_pool() { return g_pool.load(std::memory_order_acquire); }

Signal* signal_from(hsa_signal_t signal) {
  SignalPool* pool = signal_pool();
  return pool ? pool->find(signal.handle) : nullptr;
}

hsa_status_t status_of(SignalStatus s) {
  static constexpr hsa_status_t kStatus[] = {
      HSA_STATUS_SUCCESS,                     // kSuccess
      HSA_STATUS_ERROR_INVALID_ARGUMENT,      // kInvalidArgument
      HSA_STATUS_ERROR_INVALID_SIGNAL,        // kInvalidSignal
      HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP,  // kInvalidSignalGroup
      HSA_STATUS_ERROR_OUT_OF_RESOURCES,      // kOutOfResources
  };
  const auto i = static_cast<unsigned>(s);
  return i < sizeof(kStatus) / sizeof(kStatus[0]) ? kStatus[i] : HSA_STATUS_ERROR;
}

WaitExpectancy expectancy_of(hsa_wait_state_t state) {
  switch (state) {
    case HSA_WAIT_STATE_BLOCKED:
      return WaitExpectancy::kLong;
    case HSA_WAIT_STATE_ACTIVE:
      return WaitExpectancy::kShort;
  }
  return WaitExpectancy::kUnknown;
}

hsa_status_t check_consumers(uint32_t num, const hsa_agent_t* consumers, bool* host_waits) {
  // As ROCr: no list means anyone, the host included, may wait.
  *host_waits = num == 0;
  if (num == 0) return HSA_STATUS_SUCCESS;
  if (!consumers) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::unordered_set<uint64_t> seen;
  for (uint32_t i = 0; i < num; ++i) {
    const Agent* agent = agent_from(consumers[i]);
    if (!agent || !seen.insert(consumers[i].handle).second)
      return HSA_STATUS_ERROR_INVALID_ARGUMENT;
    if (agent->type == HSA_DEVICE_TYPE_CPU) *host_waits = true;
  }
  return HSA_STATUS_SUCCESS;
}

}  // namespace hsart
