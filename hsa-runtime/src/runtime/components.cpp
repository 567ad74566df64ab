// The one ordered list of the runtime's parts with state. hsa_init starts
// them top to bottom once the topology is read; hsa_shut_down stops them
// bottom to top before memory goes back to the thunk. The list is explicit
// (rather than built by static initialisers) so that the order is written
// down in one place and does not depend on link order.
#include "runtime/components.h"

#include <cstddef>

namespace hsart {
namespace {

struct Component {
  const char* name;
  hsa_status_t (*start)(Runtime& rt);  // nullptr: nothing to start
  void (*stop)(Runtime& rt);
};

// Why this order:
// - signals first (stopped last): every later part makes or waits on
//   signals (a queue's doorbell and inactive signals, blit completion
//   signals, the async loop's waits), and stopping the pool frees every
//   signal still left.
// - queues next: the blit queues are queues, and the error watcher they
//   start reports memory faults to system events.
// - blit after queues, so it stops first: it waits for its queues to drain
//   and frees their kernel memory while the queues still exist.
// - sdma next to blit: its rings' last packets write completion signals,
//   so they drain and go before the signal pool does.
// - async handlers last, so they stop first: the loop's thread waits on
//   pool signals and runs application handlers that may call any part.
// - The parts between have no order among themselves; they stay in the
//   order the static initialisers that used to register them gave
//   (coherency, profiling clocks, system events, code objects v1,
//   executables, finalizer programs, then images), with caches after blit.
constexpr Component kComponents[] = {
    {"signals", signals_start, signals_stop},
    {"queues", queues_start, queues_stop},
    {"coherency", nullptr, coherency_stop},
    {"profiling clocks", profiling_clocks_start, profiling_clocks_stop},
    {"system events", nullptr, system_events_stop},
    {"code objects v1", nullptr, v1::code_objects_v1_stop},
    {"executables", nullptr, exec::executables_stop},
    {"finalizer programs", nullptr, finalizer::finalizer_programs_stop},
    {"images", nullptr, image::images_stop},
    {"blit", nullptr, blit_stop},
    {"sdma", nullptr, sdma_stop},
    {"caches", caches_start, caches_stop},
    {"async handlers", nullptr, async_handlers_stop},
};

}  // namespace

hsa_status_t start_components(Runtime& rt) {
  constexpr size_t n = sizeof kComponents / sizeof kComponents[0];
  for (size_t i = 0; i < n; ++i) {
    const hsa_status_t s = kComponents[i].start ? kComponents[i].start(rt) : HSA_STATUS_SUCCESS;
    if (s == HSA_STATUS_SUCCESS) continue;
    while (i-- > 0) kComponents[i].stop(rt);
    return s;
  }
  return HSA_STATUS_SUCCESS;
}

void stop_components(Runtime& rt) {
  for (size_t i = sizeof kComponents / sizeof kComponents[0]; i-- > 0;) kComponents[i].stop(rt);
}

}  // namespace hsart
