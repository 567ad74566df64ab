// Per-device ioctls that report or record: version, apertures, VM
// acquisition, cache policy, scratch and trap-handler addresses (the trap
// handler also goes to the virtual GPU's CP), clocks,
// tile configuration and free VRAM. Errnos follow kfd_chardev.c.
#include <time.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

#include "emulated/kfd_process.h"
#include "wave/dispatch_state.h"

namespace hsakmt::emu {
namespace {

// gfx9 flat apertures (64-bit process) of kfd-common; the emulator's LDS
// and scratch apertures are the same windows (SH_MEM_BASES).
static_assert(gcn::kSharedApertureBase == KFDC_LDS_APERTURE_BASE);
static_assert(gcn::kPrivateApertureBase == KFDC_SCRATCH_APERTURE_BASE);
static_assert(gcn::kApertureSize == KFDC_APERTURE_SIZE);

kfd_process_device_apertures apertures_of(const Device& d) {
  kfd_process_device_apertures a;
  kfdc_gfx9_apertures(d.info->gpu_id, &a);
  return a;
}

uint64_t clock_ns(clockid_t id) {
  timespec ts{};
  clock_gettime(id, &ts);
  return static_cast<uint64_t>(ts.tv_sec) * 1000000000ull + static_cast<uint64_t>(ts.tv_nsec);
}

}  // namespace

int ioctl_get_version(Process&, void* args) {
  auto* a = static_cast<kfd_ioctl_get_version_args*>(args);
  a->major_version = KFD_IOCTL_MAJOR_VERSION;
  a->minor_version = KFD_IOCTL_MINOR_VERSION;
  return 0;
}

int ioctl_get_process_apertures(Process& p, void* args) {
  auto* a = static_cast<kfd_ioctl_get_process_apertures_args*>(args);
  std::lock_guard<std::mutex> lock(p.mu);
  uint32_t n = 0;
  for (auto& d : p.devices) {
    if (n >= NUM_OF_SUPPORTED_GPUS) break;
    a->process_apertures[n++] = apertures_of(*d);
  }
  a->num_of_nodes = n;
  return 0;
}

int ioctl_get_process_apertures_new(Process& p, void* args) {
  auto* a = static_cast<kfd_ioctl_get_process_apertures_new_args*>(args);
  std::lock_guard<std::mutex> lock(p.mu);
  const uint32_t devices = static_cast<uint32_t>(p.devices.size());
  // Zero nodes asks how many there are.
  if (a->num_of_nodes == 0) {
    a->num_of_nodes = devices;
    return 0;
  }
  // Linux compares with all topology nodes, the CPU nodes included: a
  // caller sizing its array by the topology gets the GPUs only.
  if (a->num_of_nodes > devices + machine().cpu_nodes) return -EINVAL;
  const uint32_t n = std::min(devices, a->num_of_nodes);
  uint32_t done = 0;
  int r = 0;
  for (; done < n; ++done) {
    const kfd_process_device_apertures ap = apertures_of(*p.devices[done]);
    if (!copy_to_user(a->kfd_process_device_apertures_ptr + done * sizeof(ap), &ap, sizeof(ap))) {
      r = -EFAULT;
      break;
    }
  }
  a->num_of_nodes = done;
  return r;
}

int ioctl_acquire_vm(Process& p, void* args) {
  auto* a = static_cast<kfd_ioctl_acquire_vm_args*>(args);
  uint32_t fd_gpu = 0;
  const uint64_t file = render_file_of_fd(static_cast<int>(a->drm_fd), &fd_gpu);
  if (!file) return -EINVAL;  // not a render node of ours
  std::lock_guard<std::mutex> lock(p.mu);
  Device* d = p.device(a->gpu_id);
  if (!d || fd_gpu != a->gpu_id) return -EINVAL;
  // Acquiring again with the same open file is a no-op; another file is
  // refused because the VM already belongs to the first.
  if (d->render_file) return d->render_file == file ? 0 : -EBUSY;
  d->render_file = file;
  return 0;
}

int ioctl_set_memory_policy(Process& p, void* args) {
  auto* a = static_cast<kfd_ioctl_set_memory_policy_args*>(args);
  auto valid = [](uint32_t v) {
    return v == KFD_IOC_CACHE_POLICY_COHERENT || v == KFD_IOC_CACHE_POLICY_NONCOHERENT;
  };
  if (!valid(a->default_policy) || !valid(a->alternate_policy)) return -EINVAL;
  std::lock_guard<std::mutex> lock(p.mu);
  Device* d = p.device(a->gpu_id);
  if (!d) return -EINVAL;
  if (!d->render_file) return -ESRCH;
  d->default_policy = a->default_policy;
  d->alternate_policy = a->alternate_policy;
  d->alternate_aperture_base = a->alternate_aperture_base;
  d->alternate_aperture_size = a->alternate_aperture_size;
  return 0;
}

int ioctl_set_scratch_backing_va(Process& p, void* args) {
  auto* a = static_cast<kfd_ioctl_set_scratch_backing_va_args*>(args);
  std::lock_guard<std::mutex> lock(p.mu);
  Device* d = p.device(a->gpu_id);
  if (!d) return -EINVAL;
  if (!d->render_file) return -ENODEV;
  // SH_HIDDEN_PRIVATE_BASE_VMID (bits 47:16 of the VA): the scratch of the
  // process's PM4 dispatches. AQL queues take theirs from amd_queue_t.
  d->scratch_va = a->va_addr;
  d->gpu->cp().set_scratch_backing(kProcessVmid, a->va_addr << 16);
  return 0;
}

int ioctl_set_trap_handler(Process& p, void* args) {
  auto* a = static_cast<kfd_ioctl_set_trap_handler_args*>(args);
  std::lock_guard<std::mutex> lock(p.mu);
  Device* d = p.device(a->gpu_id);
  if (!d) return -EINVAL;
  if (!d->render_file) return -ESRCH;
  d->tba = a->tba_addr;
  d->tma = a->tma_addr;
  // Without CWSR the KFD programs the VMID's SQ_SHADER_TBA/TMA with the
  // process's handler itself, so waves enter it directly.
  d->gpu->cp().set_trap_handler(kProcessVmid, d->tba, d->tma);
  return 0;
}

int ioctl_get_clock_counters(Process& p, void* args) {
  auto* a = static_cast<kfd_ioctl_get_clock_counters_args*>(args);
  bool known;
  {
    std::lock_guard<std::mutex> lock(p.mu);
    known = p.device(a->gpu_id) != nullptr;
  }
  // The virtual GPU's clock (s_memrealtime, CP timestamps) counts host
  // monotonic nanoseconds; an unknown gpu_id reads 0, as in the KFD.
  a->gpu_clock_counter = known ? clock_ns(CLOCK_MONOTONIC) : 0;
  a->cpu_clock_counter = clock_ns(CLOCK_MONOTONIC_RAW);
  a->system_clock_counter = clock_ns(CLOCK_BOOTTIME);
  a->system_clock_freq = 1000000000ull;
  return 0;
}

int ioctl_get_tile_config(Process& p, void* args) {
  auto* a = static_cast<kfd_ioctl_get_tile_config_args*>(args);
  {
    std::lock_guard<std::mutex> lock(p.mu);
    if (!p.device(a->gpu_id)) return -EINVAL;
  }
  a->gb_addr_config = KFDC_VEGA10_GB_ADDR_CONFIG;
  a->num_banks = 0;
  a->num_ranks = 0;
  a->num_tile_configs = std::min<uint32_t>(a->num_tile_configs, KFDC_NUM_TILE_CONFIGS);
  if (a->num_tile_configs) {
    const std::vector<uint32_t> zeros(a->num_tile_configs, 0);
    if (!copy_to_user(a->tile_config_ptr, zeros.data(), zeros.size() * 4)) {
      a->num_tile_configs = 0;
      return -EFAULT;
    }
  }
  a->num_macro_tile_configs =
      std::min<uint32_t>(a->num_macro_tile_configs, KFDC_NUM_MACRO_TILE_CONFIGS);
  if (a->num_macro_tile_configs) {
    const std::vector<uint32_t> zeros(a->num_macro_tile_configs, 0);
    if (!copy_to_user(a->macro_tile_config_ptr, zeros.data(), zeros.size() * 4)) {
      a->num_macro_tile_configs = 0;
      return -EFAULT;
    }
  }
  return 0;
}

int ioctl_available_memory(Process& p, void* args) {
  auto* a = static_cast<kfd_ioctl_get_available_memory_args*>(args);
  std::lock_guard<std::mutex> lock(p.mu);
  Device* d = p.device(a->gpu_id);
  if (!d) return -EINVAL;
  a->available = d->info->props.local_mem_size - d->vram_used;
  return 0;
}

}  // namespace hsakmt::emu
