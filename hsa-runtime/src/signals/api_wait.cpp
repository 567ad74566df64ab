// Waiting: hsa_signal_wait_*, signal groups (hsa_signal_group_*) and
// hsa_amd_signal_wait_any. Timeouts are in system timestamp units (1 GHz);
// the wait state picks the policy: BLOCKED sleeps on the KFD event at
// once, ACTIVE polls.
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <vector>

#include "runtime/init_check.h"
#include "signals/api_state.h"
#include "signals/signal_group.h"
#include "signals/wait_condition.h"

namespace {

using hsart::MemoryOrder;
using hsart::WaitCondition;

hsa_signal_value_t wait(hsa_signal_t signal, hsa_signal_condition_t condition,
                        hsa_signal_value_t compare, uint64_t timeout, hsa_wait_state_t state,
                        MemoryOrder order) {
  hsart::Signal* s = hsart::signal_from(signal);
  const auto c = static_cast<WaitCondition>(condition);
  // No status to report: a bad signal or condition returns at once.
  if (!s || !hsart::condition_valid(c)) return 0;
  return static_cast<hsa_signal_value_t>(
      s->wait(c, compare, timeout, hsart::expectancy_of(state), order));
}

std::vector<WaitCondition> conditions_of(const hsa_signal_condition_t* c, size_t n) {
  std::vector<WaitCondition> out(n);
  for (size_t i = 0; i < n; ++i) out[i] = static_cast<WaitCondition>(c[i]);
  return out;
}

hsa_status_t group_wait(hsa_signal_group_t group, const hsa_signal_condition_t* conditions,
                        const hsa_signal_value_t* compares, hsa_wait_state_t state,
                        hsa_signal_t* signal, hsa_signal_value_t* value, MemoryOrder order) {
  hsart::SignalPool* pool = hsart::signal_pool();
  if (!pool) return HSA_STATUS_ERROR_NOT_INITIALIZED;
  hsart::SignalGroup* g = pool->find_group(group.handle);
  if (!g) return HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP;
  if (!conditions || !compares || !signal || !value) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const std::vector<WaitCondition> conds = conditions_of(conditions, g->size());
  const std::vector<int64_t> values(compares, compares + g->size());
  size_t index = hsart::SignalGroup::kNone;
  int64_t seen = 0;
  const hsart::SignalStatus st =
      g->wait_any(conds.data(), values.data(), hsart::expectancy_of(state), order,
                  hsart::kWaitForever, &index, &seen);
  if (st != hsart::SignalStatus::kSuccess) return hsart::status_of(st);
  if (index == hsart::SignalGroup::kNone) return HSA_STATUS_ERROR;  // no timeout was asked
  signal->handle = g->signal(index)->handle();
  *value = static_cast<hsa_signal_value_t>(seen);
  return HSA_STATUS_SUCCESS;
}

}  // namespace

extern "C" {

hsa_signal_value_t HSA_API hsa_signal_wait_relaxed(hsa_signal_t signal,
                                                   hsa_signal_condition_t condition,
                                                   hsa_signal_value_t compare_value,
                                                   uint64_t timeout_hint,
                                                   hsa_wait_state_t wait_state_hint) {
  return wait(signal, condition, compare_value, timeout_hint, wait_state_hint,
              MemoryOrder::kRelaxed);
}

hsa_signal_value_t HSA_API hsa_signal_wait_scacquire(hsa_signal_t signal,
                                                     hsa_signal_condition_t condition,
                                                     hsa_signal_value_t compare_value,
                                                     uint64_t timeout_hint,
                                                     hsa_wait_state_t wait_state_hint) {
  return wait(signal, condition, compare_value, timeout_hint, wait_state_hint,
              MemoryOrder::kAcquire);
}

hsa_signal_value_t HSA_API hsa_signal_wait_acquire(hsa_signal_t signal,
                                                   hsa_signal_condition_t condition,
                                                   hsa_signal_value_t compare_value,
                                                   uint64_t timeout_hint,
                                                   hsa_wait_state_t wait_state_hint) {
  return wait(signal, condition, compare_value, timeout_hint, wait_state_hint,
              MemoryOrder::kAcquire);
}

hsa_status_t HSA_API hsa_signal_group_create(uint32_t num_signals, const hsa_signal_t* signals,
                                             uint32_t num_consumers, const hsa_agent_t* consumers,
                                             hsa_signal_group_t* signal_group) {
  HSART_CHECK_INIT();
  if (num_signals == 0 || !signals || !signal_group) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  // HSA 1.1 lists num_consumers == 0 as an error, but ROCr accepts it as
  // "any agent" (as hsa_signal_create does) and programs rely on that.
  bool host_waits = false;
  const hsa_status_t checked = hsart::check_consumers(num_consumers, consumers, &host_waits);
  if (checked != HSA_STATUS_SUCCESS) return checked;
  hsart::SignalPool* pool = hsart::signal_pool();
  if (!pool) return HSA_STATUS_ERROR_NOT_INITIALIZED;
  std::vector<uint64_t> handles(num_signals);
  for (uint32_t i = 0; i < num_signals; ++i) handles[i] = signals[i].handle;
  hsart::SignalGroup* g = nullptr;
  const hsart::SignalStatus st = pool->create_group(handles.data(), handles.size(), &g);
  if (st != hsart::SignalStatus::kSuccess) return hsart::status_of(st);
  signal_group->handle = g->handle();
  return HSA_STATUS_SUCCESS;
}

hsa_status_t HSA_API hsa_signal_group_destroy(hsa_signal_group_t signal_group) {
  HSART_CHECK_INIT();
  hsart::SignalPool* pool = hsart::signal_pool();
  if (!pool) return HSA_STATUS_ERROR_NOT_INITIALIZED;
  return hsart::status_of(pool->destroy_group(signal_group.handle));
}

hsa_status_t HSA_API hsa_signal_group_wait_any_relaxed(hsa_signal_group_t signal_group,
                                                       const hsa_signal_condition_t* conditions,
                                                       const hsa_signal_value_t* compare_values,
                                                       hsa_wait_state_t wait_state_hint,
                                                       hsa_signal_t* signal,
                                                       hsa_signal_value_t* value) {
  HSART_CHECK_INIT();
  return group_wait(signal_group, conditions, compare_values, wait_state_hint, signal, value,
                    MemoryOrder::kRelaxed);
}

hsa_status_t HSA_API hsa_signal_group_wait_any_scacquire(hsa_signal_group_t signal_group,
                                                         const hsa_signal_condition_t* conditions,
                                                         const hsa_signal_value_t* compare_values,
                                                         hsa_wait_state_t wait_state_hint,
                                                         hsa_signal_t* signal,
                                                         hsa_signal_value_t* value) {
  HSART_CHECK_INIT();
  return group_wait(signal_group, conditions, compare_values, wait_state_hint, signal, value,
                    MemoryOrder::kAcquire);
}

uint32_t HSA_API hsa_amd_signal_wait_any(uint32_t signal_count, hsa_signal_t* signals,
                                         hsa_signal_condition_t* conds, hsa_signal_value_t* values,
                                         uint64_t timeout_hint, hsa_wait_state_t wait_hint,
                                         hsa_signal_value_t* satisfying_value) {
  constexpr uint32_t kNoIndex = UINT32_MAX;
  if (signal_count == 0 || !signals || !conds || !values) return kNoIndex;
  // A throw-away group over the signals (repeats allowed: the lowest index
  // wins); the caller keeps them alive for the call, as HSA requires.
  std::vector<hsart::Signal*> members(signal_count);
  for (uint32_t i = 0; i < signal_count; ++i)
    if (!(members[i] = hsart::signal_from(signals[i]))) return kNoIndex;
  const hsart::SignalGroup group(std::move(members));
  const std::vector<WaitCondition> cs = conditions_of(conds, signal_count);
  const std::vector<int64_t> compares(values, values + signal_count);
  size_t index = hsart::SignalGroup::kNone;
  int64_t seen = 0;
  if (group.wait_any(cs.data(), compares.data(), hsart::expectancy_of(wait_hint),
                     MemoryOrder::kRelaxed, timeout_hint, &index,
                     &seen) != hsart::SignalStatus::kSuccess ||
      index == hsart::SignalGroup::kNone)
    return kNoIndex;
  if (satisfying_value) *satisfying_value = static_cast<hsa_signal_value_t>(seen);
  return static_cast<uint32_t>(index);
}

}  // extern "C"
