// Buffer objects: ALLOC/FREE/MAP/UNMAP_MEMORY_*. A GTT buffer is a memfd, a
// VRAM buffer a range of its GPU's heap (memory_heap.h); the process maps
// it at its VA through the render node (mmap with the BO's mmap_offset)
// and MAP_MEMORY_TO_GPU makes [va, va + size) of the GPU's address space
// point at the KFD's own mapping of the same pages, so both sides see one
// memory whether or not the CPU ever maps it. Errnos follow kfd_chardev.c
// and amdgpu_amdkfd_gpuvm.c (e.g. a wrong handle is -EINVAL to FREE but
// -ENOMEM to MAP/UNMAP; freeing a mapped BO is -EBUSY).
#include <sys/mman.h>

#include <cerrno>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "emulated/kfd_process.h"
#include "kfd_memory_rules.h"

namespace hsakmt::emu {
namespace {

bool overlaps_any(const Process& p, uint64_t va, uint64_t size) {
  auto next = p.bo_by_va.lower_bound(va);
  if (next != p.bo_by_va.end() && next->first < va + size) return true;
  if (next == p.bo_by_va.begin()) return false;
  const BufferObject* prev = std::prev(next)->second;
  return prev->va + prev->size > va;
}

// How much address space a device's VRAM heap reserves per byte of VRAM:
// room for fragmentation (the budget, vram_used, stays the VRAM size).
constexpr uint64_t kHeapSpacePerVramByte = 4;

// VRAM from the device's heap; false when the heap cannot hold it (the
// caller falls back to a memfd of the BO's own).
bool vram_from_heap(Device& d, BufferObject& bo) {
  if (!d.vram_heap.ready() &&
      d.vram_heap.create("kfd-vram", d.info->props.local_mem_size * kHeapSpacePerVramByte) != 0)
    return false;
  if (!d.vram_heap.allocate(bo.size, &bo.heap_offset)) return false;
  bo.heap = &d.vram_heap;
  bo.host = d.vram_heap.host() + bo.heap_offset;
  return true;
}

// Every page of [addr, addr + size) is mapped in this process.
bool host_range_mapped(uint64_t addr, uint64_t size) {
  return msync(reinterpret_cast<void*>(addr), size, MS_ASYNC) == 0;
}

// Every page of [addr, addr + size) is mapped writable: what pinning a
// WRITABLE userptr with FOLL_WRITE needs (the mappings, in address order).
bool host_range_writable(uint64_t addr, uint64_t size) {
  std::ifstream maps("/proc/self/maps");
  std::string line;
  uint64_t covered = addr;
  while (covered < addr + size && std::getline(maps, line)) {
    unsigned long long lo = 0, hi = 0;
    char perms[5] = {};
    if (std::sscanf(line.c_str(), "%llx-%llx %4s", &lo, &hi, perms) != 3) continue;
    if (hi <= covered || lo > covered) continue;
    if (perms[1] != 'w') return false;
    covered = hi;
  }
  return covered >= addr + size;
}

int fill_backing(Process& p, Device& d, BufferObject& bo, uint64_t user_addr) {
  const uint32_t f = bo.flags;
  if (f & (KFD_IOC_ALLOC_MEM_FLAGS_VRAM | KFD_IOC_ALLOC_MEM_FLAGS_GTT)) {
    const bool vram = f & KFD_IOC_ALLOC_MEM_FLAGS_VRAM;
    if (!vram || !vram_from_heap(d, bo)) {
      bo.memory = std::make_unique<SharedMemory>();
      if (int r = bo.memory->create(vram ? "kfd-vram" : "kfd-gtt", bo.size)) return r;
      bo.host = bo.memory->host();
    }
    // The module's encoding (kfd_mmap.h): type BO, the GPU, then a place
    // unique in the process.
    bo.mmap_offset = KFDC_MMAP_TYPE_BO | kfdc_mmap_gpu_id(d.info->gpu_id) | p.next_mmap_offset;
    p.next_mmap_offset += bo.size;
    if (vram) d.vram_used += bo.size;
    return 0;
  }
  if (f & KFD_IOC_ALLOC_MEM_FLAGS_USERPTR) {
    // kfdc_check_alloc has seen an address; its alignment is checked here,
    // after the limits, as the module does.
    if (user_addr % kPage) return -EINVAL;
    if (!host_range_mapped(user_addr, bo.size)) return -EFAULT;
    if ((f & KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE) && !host_range_writable(user_addr, bo.size))
      return -EFAULT;
    bo.host = reinterpret_cast<uint8_t*>(user_addr);
    return 0;
  }
  if (f & KFD_IOC_ALLOC_MEM_FLAGS_DOORBELL) {
    bo.host = d.doorbells.host();
    return bo.host ? 0 : -ENOMEM;
  }
  if (f & KFD_IOC_ALLOC_MEM_FLAGS_MMIO_REMAP) {
    bo.host = d.mmio.host();
    return bo.host ? 0 : -ENOMEM;
  }
  return -EINVAL;  // no memory domain
}

// Shared head of MAP and UNMAP: the argument checks, the devices array and
// the BO, in the kernel's order.
int map_args(Process& p, uint64_t handle, uint64_t devices_ptr, uint32_t n_devices,
             uint32_t n_success, std::vector<uint32_t>* ids, BufferObject** bo) {
  if (int r = kfdc_check_map_counts(n_devices, n_success)) return r;
  ids->assign(n_devices, 0);
  if (!copy_from_user(ids->data(), devices_ptr, n_devices * 4ull)) return -EFAULT;
  Device* d = p.device(static_cast<uint32_t>(handle >> 32));
  if (!d) return -EINVAL;
  if (!d->render_file) return -ENODEV;
  *bo = p.bo(handle);
  return *bo ? 0 : -ENOMEM;
}

}  // namespace

int ioctl_alloc_memory(Process& p, void* args) {
  auto* a = static_cast<kfd_ioctl_alloc_memory_of_gpu_args*>(args);
  if (a->size == 0) return -EINVAL;
  std::lock_guard<std::mutex> lock(p.mu);
  Device* d = p.device(a->gpu_id);
  if (!d) return -EINVAL;
  if (!d->render_file) return -ENODEV;
  uint32_t type = 0;
  uint64_t size = 0;
  if (int r = kfdc_check_alloc(a, KFDC_GPUVM_BASE, KFDC_GPUVM_LIMIT, &type, &size)) return r;
  // The GPU's page tables need a VA no other buffer object uses.
  if (overlaps_any(p, a->va_addr, size)) return -EINVAL;
  if (int r = kfdc_check_alloc_limit(type, size, d->info->props.local_mem_size - d->vram_used,
                                     machine().ram_bytes))
    return r;
  auto bo = std::make_unique<BufferObject>();
  bo->owner = d;
  bo->flags = a->flags;
  bo->va = a->va_addr;
  bo->size = size;
  if (int r = fill_backing(p, *d, *bo, a->mmap_offset)) return r;
  bo->handle = kfdc_handle(d->info->gpu_id, d->next_idr++);
  a->handle = bo->handle;
  if (bo->flags & KFD_IOC_ALLOC_MEM_FLAGS_MMIO_REMAP)
    a->mmap_offset = KFDC_MMAP_TYPE_MMIO | kfdc_mmap_gpu_id(d->info->gpu_id);
  else if (bo->flags & KFD_IOC_ALLOC_MEM_FLAGS_DOORBELL)
    a->mmap_offset = KFDC_MMAP_TYPE_DOORBELL | kfdc_mmap_gpu_id(d->info->gpu_id);
  else
    a->mmap_offset = bo->mmap_offset;  // 0 for USERPTR: not mappable
  if (bo->mmap_offset) p.bo_by_offset[bo->mmap_offset] = bo.get();
  p.bo_by_va[bo->va] = bo.get();
  p.bos[bo->handle] = std::move(bo);
  return 0;
}

int ioctl_free_memory(Process& p, void* args) {
  auto* a = static_cast<kfd_ioctl_free_memory_of_gpu_args*>(args);
  std::lock_guard<std::mutex> lock(p.mu);
  {
    // The event page stays until the process goes.
    std::lock_guard<std::mutex> ev_lock(p.ev_mu);
    if (p.signal_handle && p.signal_handle == a->handle) return -EPERM;
  }
  if (!p.device(static_cast<uint32_t>(a->handle >> 32))) return -EINVAL;
  BufferObject* bo = p.bo(a->handle);
  if (!bo) return -EINVAL;
  if (!bo->mapped_on.empty()) return -EBUSY;
  if (bo->flags & KFD_IOC_ALLOC_MEM_FLAGS_VRAM) bo->owner->vram_used -= bo->size;
  if (bo->mmap_offset) p.bo_by_offset.erase(bo->mmap_offset);
  p.bo_by_va.erase(bo->va);
  p.bos.erase(a->handle);
  return 0;
}

int ioctl_map_memory(Process& p, void* args) {
  auto* a = static_cast<kfd_ioctl_map_memory_to_gpu_args*>(args);
  std::lock_guard<std::mutex> lock(p.mu);
  std::vector<uint32_t> ids;
  BufferObject* bo = nullptr;
  if (int r =
          map_args(p, a->handle, a->device_ids_array_ptr, a->n_devices, a->n_success, &ids, &bo))
    return r;
  const bool writable = bo->flags & KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE;
  for (uint32_t i = a->n_success; i < a->n_devices; ++i) {
    Device* peer = p.device(ids[i]);
    if (!peer) return -EINVAL;
    if (!peer->render_file) return -ENODEV;
    if (!bo->mapped_on.count(peer)) {
      if (!peer->gpu->memory().map(bo->va, bo->host, bo->size, writable)) return -EINVAL;
      bo->mapped_on.insert(peer);
    }
    a->n_success = i + 1;
  }
  return 0;
}

int ioctl_unmap_memory(Process& p, void* args) {
  auto* a = static_cast<kfd_ioctl_unmap_memory_from_gpu_args*>(args);
  std::lock_guard<std::mutex> lock(p.mu);
  std::vector<uint32_t> ids;
  BufferObject* bo = nullptr;
  if (int r =
          map_args(p, a->handle, a->device_ids_array_ptr, a->n_devices, a->n_success, &ids, &bo))
    return r;
  for (uint32_t i = a->n_success; i < a->n_devices; ++i) {
    Device* peer = p.device(ids[i]);
    if (!peer) return -EINVAL;
    // Unmapping from a GPU the BO was never mapped on is refused.
    if (!bo->mapped_on.count(peer)) return -EINVAL;
    peer->gpu->memory().unmap(bo->va);
    bo->mapped_on.erase(peer);
    a->n_success = i + 1;
  }
  return 0;
}

}  // namespace hsakmt::emu
