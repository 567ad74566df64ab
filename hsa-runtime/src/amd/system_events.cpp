// hsa_amd_register_system_event_handler. ROCr ends the process on a GPU
// memory fault unless a handler is registered; this runtime never does (a
// faulting kernel fails its queue, whose error callback reports it), so the
// handlers are purely informative: they see the faulting agent, address
// and reasons, then the queue's callback runs.
#include <hsa/hsa_ext_amd.h>

#include <mutex>
#include <utility>
#include <vector>

#include "amd/system_events.h"
#include "runtime/components.h"
#include "runtime/runtime.h"
#include "runtime/topology.h"

namespace hsart {
namespace {

struct Handlers {
  std::mutex mu;
  std::vector<std::pair<hsa_amd_system_event_callback_t, void*>> list;
};

Handlers& handlers() {
  static Handlers h;
  return h;
}

}  // namespace

// Handlers belong to one runtime session, as ROCr's do.
void system_events_stop(Runtime&) {
  std::lock_guard<std::mutex> lock(handlers().mu);
  handlers().list.clear();
}

namespace {

// The thunk's failure bits and the reason bits they become.
uint32_t reasons_of(const HsaMemoryAccessFault& f) {
  uint32_t mask = 0;
  if (f.Failure.NotPresent) mask |= HSA_AMD_MEMORY_FAULT_PAGE_NOT_PRESENT;
  if (f.Failure.ReadOnly) mask |= HSA_AMD_MEMORY_FAULT_READ_ONLY;
  if (f.Failure.NoExecute) mask |= HSA_AMD_MEMORY_FAULT_NX;
  if (f.Failure.GpuAccess) mask |= HSA_AMD_MEMORY_FAULT_HOST_ONLY;
  if (f.Failure.ECC) mask |= HSA_AMD_MEMORY_FAULT_DRAMECC;
  if (f.Failure.Imprecise) mask |= HSA_AMD_MEMORY_FAULT_IMPRECISE;
  if (f.Failure.ErrorType == 1) mask |= HSA_AMD_MEMORY_FAULT_SRAMECC;
  if (f.Failure.ErrorType == 3) mask |= static_cast<uint32_t>(HSA_AMD_MEMORY_FAULT_HANG);
  return mask;
}

}  // namespace

void report_memory_fault(const HsaMemoryAccessFault& fault) {
  hsa_amd_event_t event{};
  event.event_type = HSA_AMD_GPU_MEMORY_FAULT_EVENT;
  for (const Agent& a : runtime().agents)
    if (a.node == fault.NodeId) event.memory_fault.agent = handle_of(&a);
  event.memory_fault.virtual_address = fault.VirtualAddress;
  event.memory_fault.fault_reason_mask = reasons_of(fault);
  std::vector<std::pair<hsa_amd_system_event_callback_t, void*>> list;
  {
    std::lock_guard<std::mutex> lock(handlers().mu);
    list = handlers().list;
  }
  // Without the lock: a handler may register another one.
  for (const auto& [callback, data] : list) callback(&event, data);
}

}  // namespace hsart

extern "C" hsa_status_t hsa_amd_register_system_event_handler(
    hsa_amd_system_event_callback_t callback, void* data) {
  HSART_CHECK_INIT();
  if (!callback) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::lock_guard<std::mutex> lock(hsart::handlers().mu);
  hsart::handlers().list.emplace_back(callback, data);
  return HSA_STATUS_SUCCESS;
}
