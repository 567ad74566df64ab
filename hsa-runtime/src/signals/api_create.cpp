// hsa_signal_create/destroy, hsa_amd_signal_create and
// hsa_amd_signal_value_pointer. A signal a host thread may wait on (no
// consumer list, or the CPU agent among the consumers) is an interrupt
// signal with a KFD event; a GPU-only signal is just polled memory.
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include "runtime/init_check.h"
#include "signals/api_state.h"
#include "signals/doorbell_signals.h"

namespace {

hsa_status_t create_signal(hsa_signal_value_t initial, uint32_t num_consumers,
                           const hsa_agent_t* consumers, bool gpu_only, hsa_signal_t* signal) {
  if (!signal) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  bool host_waits = false;
  const hsa_status_t checked = hsart::check_consumers(num_consumers, consumers, &host_waits);
  if (checked != HSA_STATUS_SUCCESS) return checked;
  hsart::SignalPool* pool = hsart::signal_pool();
  if (!pool) return HSA_STATUS_ERROR_NOT_INITIALIZED;
  hsart::Signal* s = nullptr;
  const hsart::SignalStatus st = pool->create(initial, host_waits && !gpu_only, &s);
  if (st != hsart::SignalStatus::kSuccess) return hsart::status_of(st);
  signal->handle = s->handle();
  return HSA_STATUS_SUCCESS;
}

}  // namespace

extern "C" {

hsa_status_t HSA_API hsa_signal_create(hsa_signal_value_t initial_value, uint32_t num_consumers,
                                       const hsa_agent_t* consumers, hsa_signal_t* signal) {
  HSART_CHECK_INIT();
  return create_signal(initial_value, num_consumers, consumers, false, signal);
}

hsa_status_t HSA_API hsa_amd_signal_create(hsa_signal_value_t initial_value, uint32_t num_consumers,
                                           const hsa_agent_t* consumers, uint64_t attributes,
                                           hsa_signal_t* signal) {
  HSART_CHECK_INIT();
  constexpr uint64_t kKnown = HSA_AMD_SIGNAL_AMD_GPU_ONLY | HSA_AMD_SIGNAL_IPC;
  if (attributes & ~kKnown) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  // Sharing a signal with another process needs IPC memory we lack; hsa.h
  // has no "not supported" status, so this is the generic error.
  if (attributes & HSA_AMD_SIGNAL_IPC) return HSA_STATUS_ERROR;
  return create_signal(initial_value, num_consumers, consumers,
                       (attributes & HSA_AMD_SIGNAL_AMD_GPU_ONLY) != 0, signal);
}

hsa_status_t HSA_API hsa_signal_destroy(hsa_signal_t signal) {
  HSART_CHECK_INIT();
  hsart::SignalPool* pool = hsart::signal_pool();
  if (!pool) return HSA_STATUS_ERROR_NOT_INITIALIZED;
  // HSA 1.1 names the null handle an invalid argument, apart from a handle
  // that names no signal.
  if (signal.handle == 0) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  // A queue's doorbell signal dies with its queue, never through here.
  if (hsart::is_doorbell_signal(signal.handle)) return HSA_STATUS_ERROR_INVALID_SIGNAL;
  return hsart::status_of(pool->destroy(signal.handle));
}

hsa_status_t HSA_API hsa_amd_signal_value_pointer(hsa_signal_t signal,
                                                  volatile hsa_signal_value_t** value_ptr) {
  HSART_CHECK_INIT();
  if (!value_ptr) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  hsart::Signal* s = hsart::signal_from(signal);
  if (!s) return HSA_STATUS_ERROR_INVALID_SIGNAL;
  *value_ptr = &s->amd_signal()->value;
  return HSA_STATUS_SUCCESS;
}

}  // extern "C"
