// System events (hsa_amd_register_system_event_handler): the queue error
// watcher hands every GPU memory fault the KFD reports to the handlers the
// application registered, before the failed queue's own error callback runs.
#pragma once

#include <hsakmt.h>

namespace hsart {

void report_memory_fault(const HsaMemoryAccessFault& fault);

}  // namespace hsart
