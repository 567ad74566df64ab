// SDMA user queues of the emulated KFD (sdma_queues.cpp): what
// queue_ioctls.cpp hands over once the common checks passed.
#pragma once

#include "emulated/kfd_process.h"

namespace hsakmt::emu {

// What the CP and the SDMA engines are told about the process that owns a
// queue on d (the HWS's MAP_PROCESS state).
gcn::QueueOwner queue_owner(const Process& p, const Device& d);

// CREATE_QUEUE of type SDMA or SDMA_XGMI on d for q (id and properties set):
// takes an SDMA slot and its static doorbell, builds the SDMA MQD and maps
// it on the engines. Called with p.mu held.
int create_sdma_queue(Process& p, Device& d, Queue& q, bool active);
// Releases q's engine queue and SDMA slot (p.mu held).
void destroy_sdma_queue(Queue& q);

}  // namespace hsakmt::emu
