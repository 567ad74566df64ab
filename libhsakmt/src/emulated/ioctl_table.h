// The emulated KFD's ioctl entry point: one table indexed by the command
// number, as kfd_chardev.c's amdkfd_ioctls.
#pragma once

#include "emulated/kfd_process.h"

namespace hsakmt::emu {

// Runs one AMDKFD_IOC_* request on the process, copying the struct in and
// out as the kernel does. Returns 0 or -errno.
int kfd_ioctl(Process& p, unsigned long request, void* arg);

int ioctl_alloc_queue_gws(Process& p, void* args);
int ioctl_set_xnack_mode(Process& p, void* args);

}  // namespace hsakmt::emu
