// Shared by the signal API files (signals/api_*.cpp): the runtime's
// SignalPool (alive between the first hsa_init and the last hsa_shut_down),
// handle lookup, and the mapping from hsa.h vocabulary to the signal part's
// enums.
#pragma once

#include <hsa/hsa.h>

#include <cstdint>

#include "signals/signal.h"
#include "signals/signal_pool.h"
#include "signals/signal_types.h"

namespace hsart {

// The pool, or nullptr while the runtime is not initialized.
SignalPool* signal_pool();

// The live user signal a handle names, or nullptr (stale, made-up, a
// doorbell signal, or the runtime is down).
Signal* signal_from(hsa_signal_t signal);

// The status an hsa_* function reports for a pool result.
hsa_status_t status_of(SignalStatus s);

// BLOCKED: the caller expects a long wait, ACTIVE: a short one; anything
// else lets the policy decide.
WaitExpectancy expectancy_of(hsa_wait_state_t state);

// Checks a consumer list (num == 0: every agent) and tells whether a host
// thread may wait on the signal, which needs an interrupt signal.
// HSA_STATUS_ERROR_INVALID_ARGUMENT for a null list, an unknown or a
// repeated agent.
hsa_status_t check_consumers(uint32_t num, const hsa_agent_t* consumers, bool* host_waits);

}  // namespace hsart
