// State shared by the thunk's API files: the open KFD, the transport and
// the topology the thunk itself uses (gpu ids of nodes, apertures). Every
// hsaKmt* function is implemented in the file of its area (open_close,
// topology, memory, queues, events, clocks, unsupported).
#pragma once

#include <sys/types.h>

#include <atomic>
#include <cstdint>
#include <mutex>
#include <vector>

#include "hsakmt.h"
#include "transport/transport.h"

namespace hsakmt {

// Per GPU node: what the thunk learned at open time.
struct GpuNode {
  uint32_t node_id = 0;
  uint32_t gpu_id = 0;
  int drm_render_minor = -1;
  // An APU node (CPU cores and the GPU in one node): its memory is system
  // memory, as ROCm's fmm.c allocates for a non-dGPU.
  bool apu = false;
  int drm_fd = -1;  // render node opened for ACQUIRE_VM, or -1
  // From GET_PROCESS_APERTURES_NEW.
  uint64_t lds_base = 0, lds_limit = 0;
  uint64_t scratch_base = 0, scratch_limit = 0;
  uint64_t gpuvm_base = 0, gpuvm_limit = 0;
};

struct Thunk {
  std::mutex mu;  // guards open/close and the fields below
  Transport* transport = nullptr;
  int kfd_fd = -1;
  unsigned open_count = 0;
  std::vector<GpuNode> gpus;  // in node order
  uint32_t node_count = 0;    // CPU and GPU nodes
  // fork(): the process that opened the KFD, and whether this process is a
  // child that inherited the parent's session (set by the atfork child
  // handler). A forked child's calls see the channel as not opened until
  // its own hsaKmtOpenKFD, as with ROCm's thunk (hsakmt_forked).
  pid_t opener = 0;
  std::atomic<bool> forked{false};
};

Thunk& thunk();

// The KFD fd, or -1 when hsaKmtOpenKFD has not been called.
inline int kfd_fd() { return thunk().kfd_fd; }

// Status for a negative errno from the transport (ROCm's mapping:
// -EINVAL/-EFAULT -> INVALID_PARAMETER, -ENOMEM -> NO_MEMORY, -EBUSY ->
// OUT_OF_RESOURCES, -ETIME -> WAIT_TIMEOUT, -ENOENT / -ENODEV ->
// INVALID_NODE_UNIT..., anything else ERROR).
HSAKMT_STATUS status_from_errno(int neg_errno);

// ioctl on /dev/kfd through the transport, retried on -EINTR/-EAGAIN as
// ROCm's thunk does. Returns 0 or -errno.
int kfd_ioctl(unsigned long request, void* arg);

// The GPU node for a node id, or nullptr (CPU node or out of range).
const GpuNode* gpu_node(uint32_t node_id);
const GpuNode* gpu_node_by_gpu_id(uint32_t gpu_id);

// Per-area setup and teardown, called by hsaKmtOpenKFD / hsaKmtCloseKFD
// with thunk().mu held: memory.cpp reserves the GPU VA range the thunk
// allocates from; closing destroys what the process left behind, as the
// KFD does when a process exits.
HSAKMT_STATUS memory_init();
void memory_fini();
void queues_fini();
void events_fini();

// fork.cpp: installs the atfork handlers once (hsaKmtOpenKFD). Around a
// fork every thunk lock is taken, so the child's copies are consistent;
// the child then marks itself forked.
void install_fork_handlers();
// fork.cpp: in a forked child, drops everything the parent's session left
// in this copy of the process without a single ioctl (the objects are the
// parent's), so hsaKmtOpenKFD starts a fresh session. Called by
// hsaKmtOpenKFD with thunk().mu held.
void forget_parent_session();
// Per-area halves of the above: their lock (taken around fork) and the
// state they drop in the child.
std::mutex& memory_mutex();
std::mutex& queues_mutex();
std::mutex& events_mutex();
void memory_forget();
void queues_forget();
void events_forget();

// memory.cpp: the KFD buffer-object handle of the allocation that starts at
// va (ROCm's fmm_get_handle), for CREATE_EVENT's event page.
bool memory_handle(const void* va, uint64_t* handle);

// topology.cpp: reads the sysfs topology through the transport and fills
// thunk().gpus (node_id, gpu_id, drm_render_minor) and node_count. Called
// by hsaKmtOpenKFD with thunk().mu held.
HSAKMT_STATUS topology_discover();

}  // namespace hsakmt

// Early return for API calls made before hsaKmtOpenKFD (in a forked child:
// before its own).
#define HSAKMT_CHECK_OPEN()                                                             \
  do {                                                                                  \
    if (hsakmt::kfd_fd() < 0 || hsakmt::thunk().forked.load(std::memory_order_relaxed)) \
      return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;                                \
  } while (0)
