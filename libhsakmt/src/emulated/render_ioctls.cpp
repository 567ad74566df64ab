// The ioctls of the emulated KFD's render nodes: what gcnkfd's render node
// answers (kfd-common/kfd_drm_info.h), the DRM version and the AMDGPU_INFO
// queries libdrm_amdgpu makes, with the DRM core's and amdgpu's errnos.
// Our thunk makes none of them; a program that opens the node through
// libdrm on the emulated transport gets the module's answers.
#include <sys/ioctl.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "emulated/kfd_process.h"
#include "emulated/topology.h"
#include "kfd_device_vega10.h"
#include "kfd_drm_info.h"

namespace hsakmt {
namespace emu {
namespace {

// drm_copy_field: as much of the text as fits, and its whole length.
void copy_field(char* user, __kernel_size_t* len, const char* text) {
  const size_t n = std::strlen(text);
  if (user && *len) std::memcpy(user, text, std::min<size_t>(*len, n));
  *len = n;
}

int version(drm_version* v) {
  v->version_major = KFDC_DRM_MAJOR;
  v->version_minor = KFDC_DRM_MINOR;
  v->version_patchlevel = KFDC_DRM_PATCHLEVEL;
  copy_field(v->name, &v->name_len, KFDC_DRM_NAME);
  copy_field(v->date, &v->date_len, KFDC_DRM_DATE);
  copy_field(v->desc, &v->desc_len, KFDC_DRM_DESC);
  return 0;
}

int amdgpu_info(const GpuInfo& gpu, const drm_amdgpu_info* info) {
  kfdc_drm_info_value v{};
  size_t bytes = 0;
  const int r = kfdc_drm_info(info, &gpu.props, KFDC_VEGA10_GB_ADDR_CONFIG, &v, &bytes);
  if (r) return r;
  std::memcpy(reinterpret_cast<void*>(static_cast<uintptr_t>(info->return_pointer)), &v,
              std::min<size_t>(info->return_size, bytes));
  return 0;
}

}  // namespace

int render_ioctl(uint32_t gpu_id, unsigned long request, void* arg) {
  const GpuInfo* gpu = gpu_by_id(gpu_id);
  if (!gpu) return -ENODEV;
  if (_IOC_TYPE(request) != DRM_IOCTL_BASE) return -ENOTTY;
  if (!arg) return -EFAULT;
  if (request == DRM_IOCTL_VERSION) return version(static_cast<drm_version*>(arg));
  if (request == DRM_IOCTL_AMDGPU_INFO)
    return amdgpu_info(*gpu, static_cast<const drm_amdgpu_info*>(arg));
  // Any other core or driver ioctl: none the node has a function for.
  return -EINVAL;
}

}  // namespace emu
}  // namespace hsakmt
