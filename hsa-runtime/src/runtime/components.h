// The parts of the runtime with state between the first hsa_init and the
// last hsa_shut_down. Each part defines its start and stop hooks in its own
// folder; runtime/components.cpp calls them in the one order they need.
#pragma once

#include <hsa/hsa.h>

namespace hsart {

struct Runtime;

// Starts every part in order (after the topology is read); a start that
// fails stops the parts already started, in reverse, and its status is
// returned.
hsa_status_t start_components(Runtime& rt);
// Stops every part in reverse order (before memory is given back).
void stop_components(Runtime& rt);

// The hooks, each defined in the file named above it. A part whose state
// needs nothing at start has only a stop.
// signals/api_pool.cpp
hsa_status_t signals_start(Runtime& rt);
void signals_stop(Runtime& rt);
// queues/create.cpp
hsa_status_t queues_start(Runtime& rt);
void queues_stop(Runtime& rt);
// memory/amd_coherency.cpp
void coherency_stop(Runtime& rt);
// amd/profiling_time.cpp
hsa_status_t profiling_clocks_start(Runtime& rt);
void profiling_clocks_stop(Runtime& rt);
// amd/system_events.cpp
void system_events_stop(Runtime& rt);
// executables/code_objects_v1.cpp
namespace v1 {
void code_objects_v1_stop(Runtime& rt);
}
// ext/image/objects.cpp
namespace image {
void images_stop(Runtime& rt);
}
// executables/reader.cpp
namespace exec {
void executables_stop(Runtime& rt);
}
// ext/finalizer/programs.cpp
namespace finalizer {
void finalizer_programs_stop(Runtime& rt);
}
// copy/blit_queue.cpp
void blit_stop(Runtime& rt);
// copy/sdma_engines.cpp
void sdma_stop(Runtime& rt);
// runtime/caches.cpp
hsa_status_t caches_start(Runtime& rt);
void caches_stop(Runtime& rt);
// amd/async_handler.cpp
void async_handlers_stop(Runtime& rt);

}  // namespace hsart
