// User queues: CREATE/DESTROY/UPDATE_QUEUE, SET_CU_MASK and
// GET_QUEUE_WAVE_STATE. A compute queue becomes a queue descriptor (the
// MQD's contents) mapped on the virtual GPU's command processor, with a
// 64-bit doorbell slot in the process's doorbell slice of that GPU; an SDMA
// queue goes to the SDMA engines (sdma_queues.cpp). Checks and errnos
// follow kfd_chardev.c and the process queue manager.
#include <algorithm>
#include <cerrno>
#include <cstddef>

#include "amd_queue.h"
#include "emulated/kfd_process.h"
#include "emulated/sdma_queues.h"
#include "gfx9_cu_placement.h"

namespace hsakmt::emu {
namespace {

constexpr uint32_t kMaxQueuePercentage = 100;
constexpr uint32_t kMaxQueuePriority = 15;
constexpr uint32_t kMinQueueRingBytes = 1024;
constexpr uint32_t kMaxCuMaskBits = 1024;
constexpr uint32_t kFirstKfdVmid = 8;

// access_ok(): the range lies in the user half (NULL passes, as in Linux).
bool access_ok(uint64_t addr, uint64_t bytes) {
  return addr + bytes >= addr && addr + bytes <= (1ull << 47);
}

bool is_power_of_2(uint64_t v) { return v && !(v & (v - 1)); }

// What set_queue_properties_from_user and UPDATE_QUEUE check in common.
int check_ring(uint32_t percentage, uint32_t priority, uint64_t ring_base, uint32_t* ring_size) {
  if (percentage > kMaxQueuePercentage) return -EINVAL;
  if (priority > kMaxQueuePriority) return -EINVAL;
  if (ring_base && !access_ok(ring_base, sizeof(uint64_t))) return -EFAULT;
  if (*ring_size && !is_power_of_2(*ring_size)) return -EINVAL;
  if (*ring_size < kMinQueueRingBytes) *ring_size = kMinQueueRingBytes;
  return 0;
}

int check_create(kfd_ioctl_create_queue_args* a) {
  if (int r =
          check_ring(a->queue_percentage, a->queue_priority, a->ring_base_address, &a->ring_size))
    return r;
  if (!access_ok(a->read_pointer_address, 4) || !access_ok(a->write_pointer_address, 4))
    return -EFAULT;
  if (a->eop_buffer_address && !access_ok(a->eop_buffer_address, 4)) return -EFAULT;
  if (a->ctx_save_restore_address && !access_ok(a->ctx_save_restore_address, 4)) return -EFAULT;
  switch (a->queue_type) {
    case KFD_IOC_QUEUE_TYPE_COMPUTE:
    case KFD_IOC_QUEUE_TYPE_COMPUTE_AQL:
    case KFD_IOC_QUEUE_TYPE_SDMA:
    case KFD_IOC_QUEUE_TYPE_SDMA_XGMI:
      return 0;
    default:
      return -kENOTSUPP;
  }
}

bool queue_active(uint64_t ring_base, uint32_t ring_size, uint32_t percentage) {
  return ring_base != 0 && ring_size != 0 && percentage > 0;
}

int lowest_free(const std::vector<bool>& used) {
  for (size_t i = 0; i < used.size(); ++i)
    if (!used[i]) return static_cast<int>(i);
  return -1;
}

// mqd_symmetrically_map_cu_mask on gfx9: user bit i names the i-th active
// CU counted across SEs first, then across a SE's shader arrays, then up
// the CU index, so a mask of n bits spreads over every SE. Bits past the
// GPU's active CU count are ignored; the result is the MQD's
// COMPUTE_STATIC_THREAD_MGMT_SE0..3 (SH0 in bits 15:0, SH1 in 31:16).
void map_cu_mask(const gcn::ShaderEngine& engine, const std::vector<uint32_t>& user,
                 uint32_t (&se_mask)[FW_GFX9_MAX_SE]) {
  const unsigned cus = engine.compute_units();
  unsigned per_sh[FW_GFX9_MAX_SE][FW_GFX9_MAX_SH_PER_SE] = {};
  for (unsigned se = 0; se < gcn::kShaderEngines; ++se)
    for (unsigned sh = 0; sh < gcn::kShaderArraysPerEngine; ++sh)
      per_sh[se][sh] =
          static_cast<unsigned>(__builtin_popcount(gcn::active_cu_bitmap(cus, se, sh)));
  const size_t count = std::min<size_t>(user.size() * 32, cus);
  for (uint32_t& m : se_mask) m = 0;
  size_t i = 0;
  for (unsigned cu = 0; cu < FW_GFX9_MAX_CU_PER_SH && i < count; ++cu)
    for (unsigned sh = 0; sh < gcn::kShaderArraysPerEngine && i < count; ++sh)
      for (unsigned se = 0; se < gcn::kShaderEngines && i < count; ++se) {
        if (per_sh[se][sh] <= cu) continue;
        if (user[i / 32] >> (i % 32) & 1) se_mask[se] |= 1u << (cu + sh * FW_GFX9_MAX_CU_PER_SH);
        ++i;
      }
}

Queue* find_queue(Process& p, uint32_t id) {
  auto it = p.queues.find(id);
  return it == p.queues.end() ? nullptr : it->second.get();
}

}  // namespace

int ioctl_create_queue(Process& p, void* args) {
  auto* a = static_cast<kfd_ioctl_create_queue_args*>(args);
  const bool had_ring = a->ring_size != 0;
  if (int r = check_create(a)) return r;
  std::lock_guard<std::mutex> lock(p.mu);
  Device* d = p.device(a->gpu_id);
  if (!d) return -EINVAL;
  if (!d->render_file) return -ESRCH;
  if (d->queue_count >= kMaxQueuesPerDevice) return -ENOSPC;
  const int qid = lowest_free(p.queue_ids);
  if (qid < 0) return -ENOMEM;
  if (a->queue_type == KFD_IOC_QUEUE_TYPE_SDMA || a->queue_type == KFD_IOC_QUEUE_TYPE_SDMA_XGMI)
    return create_sdma_queue(
        p, *d, a, static_cast<uint32_t>(qid),
        had_ring && queue_active(a->ring_base_address, a->ring_size, a->queue_percentage));
  const int slot = lowest_free(d->doorbell_used);
  if (slot < 0 || !d->doorbells.host()) return -ENOMEM;

  auto* doorbell = reinterpret_cast<volatile uint64_t*>(d->doorbells.host()) + slot;
  *doorbell = 0;
  gcn::QueueDescriptor desc;
  const bool aql = a->queue_type == KFD_IOC_QUEUE_TYPE_COMPUTE_AQL;
  desc.type = aql ? gcn::QueueDescriptor::Type::kAql : gcn::QueueDescriptor::Type::kPm4;
  desc.ring_va = a->ring_base_address;
  desc.ring_bytes = a->ring_size;
  desc.read_ptr_va = a->read_pointer_address;
  desc.write_ptr_va = a->write_pointer_address;
  desc.doorbell = doorbell;
  desc.doorbell_id = static_cast<uint32_t>(slot);
  // The AQL read pointer is amd_queue_t.read_dispatch_id.
  desc.queue_va = aql && a->read_pointer_address >= offsetof(fw_amd_queue, read_dispatch_id)
                      ? a->read_pointer_address - offsetof(fw_amd_queue, read_dispatch_id)
                      : 0;
  desc.pasid = p.pasid;
  desc.vmid = kFirstKfdVmid;
  desc.active = had_ring && queue_active(a->ring_base_address, a->ring_size, a->queue_percentage);
  const int cp_id = d->gpu->cp().map_queue(desc);
  if (cp_id < 0) return -EINVAL;

  auto q = std::make_unique<Queue>();
  q->id = static_cast<uint32_t>(qid);
  q->dev = d;
  q->cp_id = cp_id;
  q->doorbell_slot = static_cast<unsigned>(slot);
  q->aql = aql;
  p.queue_ids[qid] = true;
  d->doorbell_used[slot] = true;
  ++d->queue_count;
  p.queues[q->id] = std::move(q);

  a->queue_id = static_cast<uint32_t>(qid);
  // SOC15: doorbell type, gpu id and the byte offset in the process's slice.
  a->doorbell_offset =
      kMmapTypeDoorbell | mmap_gpu_id(d->info->gpu_id) | static_cast<uint64_t>(slot) * 8;
  return 0;
}

int ioctl_destroy_queue(Process& p, void* args) {
  auto* a = static_cast<kfd_ioctl_destroy_queue_args*>(args);
  std::lock_guard<std::mutex> lock(p.mu);
  Queue* q = find_queue(p, a->queue_id);
  if (!q) return -EINVAL;
  // Returns once the CP (or SDMA engine) no longer touches the queue's memory.
  if (q->sdma_id >= 0)
    destroy_sdma_queue(*q);
  else
    q->dev->gpu->cp().unmap_queue(q->cp_id);
  q->dev->doorbell_used[q->doorbell_slot] = false;
  --q->dev->queue_count;
  p.queue_ids[q->id] = false;
  p.queues.erase(a->queue_id);
  return 0;
}

int ioctl_update_queue(Process& p, void* args) {
  auto* a = static_cast<kfd_ioctl_update_queue_args*>(args);
  const bool had_ring = a->ring_size != 0;
  uint32_t ring_size = a->ring_size;
  if (int r = check_ring(a->queue_percentage, a->queue_priority, a->ring_base_address, &ring_size))
    return r;
  std::lock_guard<std::mutex> lock(p.mu);
  Queue* q = find_queue(p, a->queue_id);
  if (!q) return -EFAULT;
  const bool active =
      had_ring && queue_active(a->ring_base_address, ring_size, a->queue_percentage);
  const bool ok =
      q->sdma_id >= 0
          ? q->dev->gpu->sdma().update_queue(q->cp_id, a->ring_base_address, ring_size, active)
          : q->dev->gpu->cp().update_queue(q->cp_id, a->ring_base_address, ring_size, active);
  if (!ok) return -EFAULT;
  return 0;
}

int ioctl_set_cu_mask(Process& p, void* args) {
  auto* a = static_cast<kfd_ioctl_set_cu_mask_args*>(args);
  if (a->num_cu_mask % 32 != 0) return -EINVAL;
  if (a->num_cu_mask == 0) return -EINVAL;
  // Bits past the hardware's maximum are dropped.
  const uint32_t bits = a->num_cu_mask > kMaxCuMaskBits ? kMaxCuMaskBits : a->num_cu_mask;
  if (!user_range_ok(a->cu_mask_ptr, bits / 8)) return -EFAULT;
  const auto* words = reinterpret_cast<const uint32_t*>(a->cu_mask_ptr);
  std::lock_guard<std::mutex> lock(p.mu);
  Queue* q = find_queue(p, a->queue_id);
  if (!q) return -EFAULT;
  q->cu_mask.assign(words, words + bits / 32);
  // An SDMA queue's MQD has no CU mask: accepted without effect, as the
  // KFD's SDMA MQD manager ignores it. A mask that leaves no CU enabled is
  // accepted too (the KFD does not check): the queue then hangs at its next
  // dispatch until another mask enables some.
  if (q->sdma_id >= 0) return 0;
  uint32_t se_mask[FW_GFX9_MAX_SE];
  map_cu_mask(q->dev->gpu->engine(), q->cu_mask, se_mask);
  return q->dev->gpu->cp().set_queue_cu_mask(q->cp_id, se_mask) ? 0 : -EFAULT;
}

int ioctl_get_queue_wave_state(Process& p, void* args) {
  auto* a = static_cast<kfd_ioctl_get_queue_wave_state_args*>(args);
  std::lock_guard<std::mutex> lock(p.mu);
  // No compute-wave save/restore (CWSR) on the virtual GPU, so there is no
  // saved state to report.
  return find_queue(p, a->queue_id) ? -EINVAL : -EFAULT;
}

}  // namespace hsakmt::emu
