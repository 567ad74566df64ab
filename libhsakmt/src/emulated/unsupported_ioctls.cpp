// ioctls for hardware or kernel features the virtual GPU does not have.
// Each fails with the errno the Linux 6.1 KFD gives in the same situation
// (or, where the KFD would do work the emulation cannot, -EOPNOTSUPP):
//   DBG_* (deprecated)   -EPERM, as Linux 6.1 itself
//   GET_DMABUF_INFO      -EINVAL: no fd is a dma-buf of ours
//   IMPORT_DMABUF        -EINVAL: likewise
//   ALLOC_QUEUE_GWS      -EINVAL for an unknown queue, else -ENODEV (no GWS)
//   SMI_EVENTS           -EOPNOTSUPP: no system-management event stream
//   SVM                  -EPERM, as a kernel built without HSA_AMD_SVM
//   SET_XNACK_MODE       query reports off; enabling is -EPERM (gfx900
//                        has no XNACK), changing with queues is -EBUSY
//   CRIU_OP              -EOPNOTSUPP: no checkpoint/restore
#include <cerrno>

#include "emulated/ioctl_table.h"

namespace hsakmt::emu {

int ioctl_deprecated_debug(Process&, void*) { return -EPERM; }

int ioctl_dmabuf(Process&, void*) { return -EINVAL; }

int ioctl_alloc_queue_gws(Process& p, void* args) {
  auto* a = static_cast<kfd_ioctl_alloc_queue_gws_args*>(args);
  std::lock_guard<std::mutex> lock(p.mu);
  return p.queues.count(a->queue_id) ? -ENODEV : -EINVAL;
}

int ioctl_not_supported(Process&, void*) { return -EOPNOTSUPP; }

int ioctl_svm(Process&, void*) { return -EPERM; }

int ioctl_set_xnack_mode(Process& p, void* args) {
  auto* a = static_cast<kfd_ioctl_set_xnack_mode_args*>(args);
  if (a->xnack_enabled >= 0) {
    std::lock_guard<std::mutex> lock(p.mu);
    if (!p.queues.empty()) return -EBUSY;
    if (a->xnack_enabled) return -EPERM;
  }
  a->xnack_enabled = 0;
  return 0;
}

}  // namespace hsakmt::emu
