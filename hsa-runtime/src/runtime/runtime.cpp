// hsa_init / hsa_shut_down: the first init opens the thunk and reads the
// topology; the matching last shut_down gives everything back.
#include "runtime/runtime.h"

#include <climits>

#include "memory/records.h"
#include "runtime/components.h"
#include "runtime/topology.h"

namespace hsart {

Runtime& runtime() {
  static Runtime rt;
  return rt;
}

// Between the first hsa_init's end and the last hsa_shut_down's start. A
// call racing with that shut_down is the program's error (HSA leaves it
// undefined); a part's thread calling in while the parts stop is told
// NOT_INITIALIZED rather than blocked behind the shut_down.
bool initialized() { return runtime().up.load(std::memory_order_acquire); }

namespace {

void drop_topology(Runtime& rt) {
  release_memory(rt);
  rt.agents.clear();
  rt.regions.clear();
  hsaKmtReleaseSystemProperties();
  hsaKmtCloseKFD();
}

}  // namespace

}  // namespace hsart

using hsart::Runtime;

extern "C" hsa_status_t hsa_init(void) {
  Runtime& rt = hsart::runtime();
  std::lock_guard<std::mutex> lock(rt.mu);
  if (rt.refcount == INT_MAX) return HSA_STATUS_ERROR_REFCOUNT_OVERFLOW;
  if (rt.refcount > 0) {
    ++rt.refcount;
    return HSA_STATUS_SUCCESS;
  }
  // The program may hold the thunk open itself: the thunk counts opens and
  // says so, and our close at shut_down still matches our open.
  const HSAKMT_STATUS opened = hsaKmtOpenKFD();
  if (opened != HSAKMT_STATUS_SUCCESS && opened != HSAKMT_STATUS_KERNEL_ALREADY_OPENED)
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  hsa_status_t status = hsart::build_topology(rt);
  if (status == HSA_STATUS_SUCCESS) status = hsart::start_components(rt);
  if (status != HSA_STATUS_SUCCESS) {
    hsart::drop_topology(rt);
    return status;
  }
  rt.refcount = 1;
  rt.up.store(true, std::memory_order_release);
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_shut_down(void) {
  Runtime& rt = hsart::runtime();
  std::lock_guard<std::mutex> lock(rt.mu);
  if (rt.refcount == 0) return HSA_STATUS_ERROR_NOT_INITIALIZED;
  if (--rt.refcount == 0) {
    rt.up.store(false, std::memory_order_release);
    hsart::stop_components(rt);
    hsart::drop_topology(rt);
  }
  return HSA_STATUS_SUCCESS;
}
