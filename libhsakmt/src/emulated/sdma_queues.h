// SDMA user queues of the emulated KFD (sdma_queues.cpp): what
// queue_ioctls.cpp hands over once the common checks passed.
#pragma once

#include "emulated/kfd_process.h"

namespace hsakmt::emu {

// CREATE_QUEUE of type SDMA or SDMA_XGMI on d, with the process queue id
// qid already found free; fills the args' queue id and doorbell offset.
// Called with p.mu held.
int create_sdma_queue(Process& p, Device& d, kfd_ioctl_create_queue_args* a, uint32_t qid,
                      bool active);
// Releases q's engine queue, SDMA slot and doorbell (p.mu held).
void destroy_sdma_queue(Queue& q);

}  // namespace hsakmt::emu
