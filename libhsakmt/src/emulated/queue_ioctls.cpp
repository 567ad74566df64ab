// User queues: CREATE/DESTROY/UPDATE_QUEUE, SET_CU_MASK and
// GET_QUEUE_WAVE_STATE. The argument rules, the doorbell layout, the CU-mask
// mapping and the MQD builder are kfd-common's, shared with the module: a
// compute queue's MQD is handed to the virtual GPU's command processor (as
// the HWS's MAP_QUEUES hands it to the CP), an SDMA queue's to the SDMA
// engines (sdma_queues.cpp). Each queue has a 64-bit doorbell slot in the
// process's doorbell slice of that GPU.
#include <algorithm>
#include <cerrno>
#include <vector>

#include "emulated/kfd_process.h"
#include "emulated/sdma_queues.h"
#include "kfd_queue_rules.h"

namespace hsakmt::emu {
namespace {

// access_ok(): the range lies in the user half (NULL passes, as in Linux).
bool access_ok(uint64_t addr, uint64_t bytes) {
  return addr + bytes >= addr && addr + bytes <= (1ull << 47);
}

int lowest_free(const std::vector<bool>& used) {
  for (size_t i = 0; i < used.size(); ++i)
    if (!used[i]) return static_cast<int>(i);
  return -1;
}

// A free CP doorbell slot: never one of the static SDMA slots.
int cp_doorbell_alloc(const Device& d) {
  for (uint32_t slot = 0; slot < KFDC_DOORBELLS_PER_PROCESS; ++slot)
    if (!d.doorbell_used[slot] && !kfdc_vega10_doorbell_is_sdma(&d.info->props, slot))
      return static_cast<int>(slot);
  return -1;
}

Queue* find_queue(Process& p, uint32_t id) {
  auto it = p.queues.find(id);
  return it == p.queues.end() ? nullptr : it->second.get();
}

kfdc_queue_props queue_props(const kfd_ioctl_create_queue_args& a, const Device& d) {
  kfdc_queue_props q{};
  q.type = a.queue_type;
  q.ring_base = a.ring_base_address;
  q.ring_size = a.ring_size;
  q.read_ptr = a.read_pointer_address;
  q.write_ptr = a.write_pointer_address;
  q.eop_base = a.eop_buffer_address;
  q.eop_size = a.eop_buffer_size;
  q.priority = a.queue_priority;
  q.trap_handler = d.tba != 0;
  return q;
}

}  // namespace

gcn::QueueOwner queue_owner(const Process& p, const Device& d) {
  gcn::QueueOwner o;
  o.pasid = p.pasid;
  o.vmid = kProcessVmid;
  o.doorbells = reinterpret_cast<const volatile uint64_t*>(d.doorbells.host());
  o.doorbell_slots = KFDC_DOORBELLS_PER_PROCESS;
  return o;
}

int ioctl_create_queue(Process& p, void* args) {
  auto* a = static_cast<kfd_ioctl_create_queue_args*>(args);
  if (int r = kfdc_check_create_queue(access_ok, a)) return r;
  std::lock_guard<std::mutex> lock(p.mu);
  Device* d = p.device(a->gpu_id);
  if (!d) return -EINVAL;
  if (!d->render_file) return -ESRCH;
  if (d->queue_count >= KFDC_MAX_QUEUES_PER_DEVICE) return -ENOSPC;
  const int qid = lowest_free(p.queue_ids);
  if (qid < 0) return -ENOMEM;
  const bool active = kfdc_queue_is_active(a->ring_base_address, a->ring_size, a->queue_percentage);
  auto q = std::make_unique<Queue>();
  q->id = static_cast<uint32_t>(qid);
  q->dev = d;
  q->props = queue_props(*a, *d);
  q->active = active;
  if (kfdc_queue_type_is_sdma(a->queue_type)) {
    if (int r = create_sdma_queue(p, *d, *q, active)) return r;
  } else {
    const int slot = cp_doorbell_alloc(*d);
    if (slot < 0 || !d->doorbells.host()) return -ENOMEM;
    q->props.doorbell = static_cast<uint32_t>(slot);
    reinterpret_cast<volatile uint64_t*>(d->doorbells.host())[slot] = 0;
    kfdc_v9_mqd_init(&q->mqd, &q->props);
    q->cp_id = d->gpu->cp().map_queue(q->mqd, queue_owner(p, *d), active);
    if (q->cp_id < 0) return -EINVAL;
  }
  p.queue_ids[qid] = true;
  d->doorbell_used[q->props.doorbell] = true;
  ++d->queue_count;
  a->queue_id = q->id;
  // SOC15: doorbell type, gpu id and the byte offset in the process's slice.
  a->doorbell_offset = KFDC_MMAP_TYPE_DOORBELL | kfdc_mmap_gpu_id(d->info->gpu_id) |
                       static_cast<uint64_t>(q->props.doorbell) * 8;
  p.queues[q->id] = std::move(q);
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
  q->dev->doorbell_used[q->props.doorbell] = false;
  --q->dev->queue_count;
  p.queue_ids[q->id] = false;
  p.queues.erase(a->queue_id);
  return 0;
}

int ioctl_update_queue(Process& p, void* args) {
  auto* a = static_cast<kfd_ioctl_update_queue_args*>(args);
  uint32_t ring_size = a->ring_size;
  if (int r = kfdc_check_ring(access_ok, a->queue_percentage, a->queue_priority,
                              a->ring_base_address, &ring_size))
    return r;
  std::lock_guard<std::mutex> lock(p.mu);
  Queue* q = find_queue(p, a->queue_id);
  if (!q) return -EFAULT;
  const bool active = kfdc_queue_is_active(a->ring_base_address, ring_size, a->queue_percentage);
  q->props.ring_base = a->ring_base_address;
  q->props.ring_size = ring_size;
  q->props.priority = a->queue_priority;
  q->active = active;
  bool ok;
  if (q->sdma_id >= 0) {
    kfdc_v9_sdma_mqd_update(&q->sdma_mqd, &q->props);
    ok = q->dev->gpu->sdma().update_queue(q->cp_id, q->sdma_mqd, active);
  } else {
    kfdc_v9_mqd_update(&q->mqd, &q->props);
    ok = q->dev->gpu->cp().update_queue(q->cp_id, q->mqd, active);
  }
  return ok ? 0 : -EFAULT;
}

int ioctl_set_cu_mask(Process& p, void* args) {
  auto* a = static_cast<kfd_ioctl_set_cu_mask_args*>(args);
  const int bits = kfdc_cu_mask_bits(a->num_cu_mask);
  if (bits < 0) return bits;
  std::vector<uint32_t> mask(static_cast<size_t>(bits) / 32);
  if (!copy_from_user(mask.data(), a->cu_mask_ptr, mask.size() * 4)) return -EFAULT;
  std::lock_guard<std::mutex> lock(p.mu);
  Queue* q = find_queue(p, a->queue_id);
  if (!q) return -EFAULT;
  q->cu_mask = std::move(mask);
  // An SDMA queue's MQD has no CU mask: accepted without effect, as the
  // KFD's SDMA MQD manager ignores it. A mask that leaves no CU enabled is
  // accepted too (the KFD does not check): the queue then hangs at its next
  // dispatch until another mask enables some.
  if (q->sdma_id >= 0) return 0;
  uint32_t se_mask[FW_GFX9_MAX_SE];
  kfdc_map_cu_mask(&q->dev->info->props, q->cu_mask.data(), static_cast<uint32_t>(bits), se_mask);
  kfdc_v9_mqd_set_cu_mask(&q->mqd, se_mask);
  return q->dev->gpu->cp().update_queue(q->cp_id, q->mqd, q->active) ? 0 : -EFAULT;
}

int ioctl_get_queue_wave_state(Process& p, void* args) {
  auto* a = static_cast<kfd_ioctl_get_queue_wave_state_args*>(args);
  std::lock_guard<std::mutex> lock(p.mu);
  // No compute-wave save/restore (CWSR) on the virtual GPU, so there is no
  // saved state to report.
  return find_queue(p, a->queue_id) ? -EINVAL : -EFAULT;
}

}  // namespace hsakmt::emu
