// The two ioctls for features the virtual GPU lacks that look at the
// process (the queues): ALLOC_QUEUE_GWS (no GWS on gfx9) and SET_XNACK_MODE
// (gfx900 has no XNACK), with kfd-common's rules. Commands that fail the
// same way whatever the process has (DBG_*, dma-buf, SMI events, SVM, CRIU)
// have no handler: kfd_ioctl_rules.h gives their errno.
#include <cerrno>

#include "emulated/ioctl_table.h"
#include "kfd_ioctl_rules.h"

namespace hsakmt::emu {

int ioctl_alloc_queue_gws(Process& p, void* args) {
  auto* a = static_cast<kfd_ioctl_alloc_queue_gws_args*>(args);
  std::lock_guard<std::mutex> lock(p.mu);
  return kfdc_alloc_queue_gws(p.queues.count(a->queue_id) != 0);
}

int ioctl_set_xnack_mode(Process& p, void* args) {
  std::lock_guard<std::mutex> lock(p.mu);
  return kfdc_set_xnack_mode(static_cast<kfd_ioctl_set_xnack_mode_args*>(args), !p.queues.empty());
}

}  // namespace hsakmt::emu
