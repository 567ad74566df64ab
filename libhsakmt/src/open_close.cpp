// hsaKmtOpenKFD / hsaKmtCloseKFD / hsaKmtGetVersion: the process's session
// with the KFD. Opening checks the interface version, learns the GPU nodes
// from the topology, gives each GPU its VM (ACQUIRE_VM with the GPU's DRM
// render node, as ROCm's thunk does) and reads the process apertures.
#include <fcntl.h>
#include <linux/kfd_ioctl.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <vector>

#include "thunk.h"

namespace hsakmt {
namespace {

// Render minors DRM gives render nodes (ROCm's thunk refuses others).
constexpr int kFirstRenderMinor = 128;
constexpr int kLastRenderMinor = 255;

// The render node is the GPU's VM, as on amdgpu: its file names the VM in
// ACQUIRE_VM, and buffers are mapped through it.
int acquire_vm(Thunk& t, GpuNode& g) {
  if (g.drm_render_minor < kFirstRenderMinor || g.drm_render_minor > kLastRenderMinor)
    return -ENODEV;
  const std::string path = "/dev/dri/renderD" + std::to_string(g.drm_render_minor);
  const int fd = t.transport->open(path.c_str(), O_RDWR);
  if (fd < 0) return fd;
  g.drm_fd = fd;
  kfd_ioctl_acquire_vm_args args{};
  args.drm_fd = static_cast<uint32_t>(fd);
  args.gpu_id = g.gpu_id;
  return kfd_ioctl(AMDKFD_IOC_ACQUIRE_VM, &args);
}

int read_apertures(Thunk& t) {
  if (t.gpus.empty()) return 0;
  kfd_ioctl_get_process_apertures_new_args args{};
  // First call: how many nodes the process has apertures on.
  int r = kfd_ioctl(AMDKFD_IOC_GET_PROCESS_APERTURES_NEW, &args);
  if (r) return r;
  std::vector<kfd_process_device_apertures> ap(args.num_of_nodes);
  args.kfd_process_device_apertures_ptr = reinterpret_cast<uintptr_t>(ap.data());
  r = kfd_ioctl(AMDKFD_IOC_GET_PROCESS_APERTURES_NEW, &args);
  if (r) return r;
  for (uint32_t i = 0; i < args.num_of_nodes && i < ap.size(); ++i) {
    for (GpuNode& g : t.gpus) {
      if (g.gpu_id != ap[i].gpu_id) continue;
      g.lds_base = ap[i].lds_base;
      g.lds_limit = ap[i].lds_limit;
      g.scratch_base = ap[i].scratch_base;
      g.scratch_limit = ap[i].scratch_limit;
      g.gpuvm_base = ap[i].gpuvm_base;
      g.gpuvm_limit = ap[i].gpuvm_limit;
    }
  }
  return 0;
}

void close_all(Thunk& t) {
  for (GpuNode& g : t.gpus)
    if (g.drm_fd >= 0) t.transport->close(g.drm_fd);
  t.gpus.clear();
  if (t.kfd_fd >= 0) t.transport->close(t.kfd_fd);
  t.kfd_fd = -1;
  t.node_count = 0;
}

}  // namespace
}  // namespace hsakmt

using namespace hsakmt;

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtOpenKFD(void) {
  Thunk& t = thunk();
  std::lock_guard<std::mutex> lock(t.mu);
  // A forked child opens a session of its own; the references counted in
  // open_count are the parent's. Besides the atfork mark, a process id
  // that is not the opener's catches a child made without fork(3) (clone),
  // as ROCm's is_forked_child does.
  if (t.forked.load(std::memory_order_relaxed) || (t.open_count > 0 && t.opener != getpid()))
    forget_parent_session();
  if (t.open_count > 0) {
    ++t.open_count;
    return HSAKMT_STATUS_KERNEL_ALREADY_OPENED;
  }
  t.transport = &transport();
  const int fd = t.transport->open(kKfdDevice, O_RDWR);
  if (fd < 0) return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
  t.kfd_fd = fd;

  kfd_ioctl_get_version_args version{};
  if (kfd_ioctl(AMDKFD_IOC_GET_VERSION, &version) != 0) {
    close_all(t);
    return HSAKMT_STATUS_KERNEL_COMMUNICATION_ERROR;
  }
  if (version.major_version != KFD_IOCTL_MAJOR_VERSION) {
    close_all(t);
    return HSAKMT_STATUS_DRIVER_MISMATCH;
  }

  HSAKMT_STATUS status = topology_discover();
  if (status == HSAKMT_STATUS_SUCCESS) {
    for (GpuNode& g : t.gpus) {
      const int r = acquire_vm(t, g);
      if (r) {
        status = status_from_errno(r);
        break;
      }
    }
  }
  if (status == HSAKMT_STATUS_SUCCESS) status = status_from_errno(read_apertures(t));
  if (status == HSAKMT_STATUS_SUCCESS) status = memory_init();
  if (status != HSAKMT_STATUS_SUCCESS) {
    close_all(t);
    return status;
  }
  t.open_count = 1;
  t.opener = getpid();
  install_fork_handlers();
  return HSAKMT_STATUS_SUCCESS;
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtCloseKFD(void) {
  Thunk& t = thunk();
  std::lock_guard<std::mutex> lock(t.mu);
  if (t.open_count == 0) return HSAKMT_STATUS_KERNEL_IO_CHANNEL_NOT_OPENED;
  // A forked child counts down the opens it inherited, as ROCm's
  // hsaKmtCloseKFD does (SUCCESS); the last one forgets the parent's
  // session without an ioctl (none of it is the child's to release).
  if (t.forked.load(std::memory_order_relaxed) || t.opener != getpid()) {
    if (--t.open_count == 0) forget_parent_session();
    return HSAKMT_STATUS_SUCCESS;
  }
  if (--t.open_count > 0) return HSAKMT_STATUS_SUCCESS;
  // What a process leaves behind is released as at process exit: queues
  // first (they reference memory), then events, then memory.
  queues_fini();
  events_fini();
  memory_fini();
  close_all(t);
  return HSAKMT_STATUS_SUCCESS;
}

extern "C" HSAKMT_STATUS HSAKMTAPI hsaKmtGetVersion(HsaVersionInfo* info) {
  HSAKMT_CHECK_OPEN();
  if (!info) return HSAKMT_STATUS_INVALID_PARAMETER;
  kfd_ioctl_get_version_args version{};
  const int r = kfd_ioctl(AMDKFD_IOC_GET_VERSION, &version);
  if (r) return status_from_errno(r);
  info->KernelInterfaceMajorVersion = version.major_version;
  info->KernelInterfaceMinorVersion = version.minor_version;
  return HSAKMT_STATUS_SUCCESS;
}
