// The thunk's shared state and the helpers every API file uses.
#include "thunk.h"

#include <linux/kfd_ioctl.h>

#include <cerrno>

namespace hsakmt {

Thunk& thunk() {
  static Thunk* const state = new Thunk;  // outlives static destructors
  return *state;
}

HSAKMT_STATUS status_from_errno(int neg_errno) {
  switch (-neg_errno) {
    case 0:
      return HSAKMT_STATUS_SUCCESS;
    case EINVAL:
    case EFAULT:
      return HSAKMT_STATUS_INVALID_PARAMETER;
    case ENOMEM:
      return HSAKMT_STATUS_NO_MEMORY;
    case EBUSY:
    case ENOSPC:
      return HSAKMT_STATUS_OUT_OF_RESOURCES;
    case ENODEV:
    case ENOENT:
      return HSAKMT_STATUS_INVALID_NODE_UNIT;
    case EPERM:
    case EACCES:
      return HSAKMT_STATUS_UNAVAILABLE;
    case ENOTSUP:
    case ENOTTY:
      return HSAKMT_STATUS_NOT_SUPPORTED;
    case ETIME:
    case ETIMEDOUT:
      return HSAKMT_STATUS_WAIT_TIMEOUT;
    default:
      return HSAKMT_STATUS_ERROR;
  }
}

int kfd_ioctl(unsigned long request, void* arg) {
  Thunk& t = thunk();
  if (t.kfd_fd < 0) return -EBADF;
  int r;
  do {
    r = t.transport->ioctl(t.kfd_fd, request, arg);
  } while (r == -EINTR || r == -EAGAIN);
  return r;
}

const GpuNode* gpu_node(uint32_t node_id) {
  for (const GpuNode& g : thunk().gpus)
    if (g.node_id == node_id) return &g;
  return nullptr;
}

const GpuNode* gpu_node_by_gpu_id(uint32_t gpu_id) {
  for (const GpuNode& g : thunk().gpus)
    if (g.gpu_id == gpu_id) return &g;
  return nullptr;
}

}  // namespace hsakmt
