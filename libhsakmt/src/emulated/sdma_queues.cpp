// SDMA user queues: the device queue manager's allocate_sdma_queue and
// SOC15 doorbell assignment (Linux 6.1), then the queue mapped on the
// virtual GPU's SDMA engines. Slots are per device: sdma id n is engine
// n % engines, queue n / engines; the lowest free id is taken and none
// left is -ENOMEM. Vega 10 has no XGMI SDMA engines, so an SDMA_XGMI
// queue is always -ENOMEM.
#include "emulated/sdma_queues.h"

#include <cerrno>

namespace hsakmt::emu {
namespace {

constexpr uint32_t kFirstKfdVmid = 8;
constexpr unsigned kSdmaIds = kSdmaEngines * kSdmaQueuesPerEngine;

unsigned sdma_doorbell(unsigned sdma_id) {
  const unsigned engine = sdma_id % kSdmaEngines;
  const unsigned queue = sdma_id / kSdmaEngines;
  return kSdmaDoorbell[engine] + (queue & 1) * kSdmaDoorbellMirror + (queue >> 1);
}

}  // namespace

int create_sdma_queue(Process& p, Device& d, kfd_ioctl_create_queue_args* a, uint32_t qid,
                      bool active) {
  if (a->queue_type == KFD_IOC_QUEUE_TYPE_SDMA_XGMI) return -ENOMEM;  // no XGMI engine
  unsigned id = 0;
  while (id < kSdmaIds && (d.sdma_used & (1u << id))) ++id;
  if (id == kSdmaIds) return -ENOMEM;
  const unsigned slot = sdma_doorbell(id);
  if (d.doorbell_used[slot] || !d.doorbells.host()) return -ENOMEM;

  auto* doorbell = reinterpret_cast<volatile uint64_t*>(d.doorbells.host()) + slot;
  *doorbell = 0;
  gcn::SdmaQueueDescriptor desc;
  desc.ring_va = a->ring_base_address;
  desc.ring_bytes = a->ring_size;
  desc.read_ptr_va = a->read_pointer_address;
  desc.write_ptr_va = a->write_pointer_address;
  desc.doorbell = doorbell;
  desc.engine = id % kSdmaEngines;
  desc.pasid = p.pasid;
  desc.vmid = kFirstKfdVmid;
  desc.active = active;
  const int engine_id = d.gpu->sdma().map_queue(desc);
  if (engine_id < 0) return -EINVAL;

  auto q = std::make_unique<Queue>();
  q->id = qid;
  q->dev = &d;
  q->cp_id = engine_id;
  q->doorbell_slot = slot;
  q->sdma_id = static_cast<int>(id);
  d.sdma_used |= 1u << id;
  p.queue_ids[qid] = true;
  d.doorbell_used[slot] = true;
  ++d.queue_count;
  p.queues[qid] = std::move(q);

  a->queue_id = qid;
  a->doorbell_offset =
      kMmapTypeDoorbell | mmap_gpu_id(d.info->gpu_id) | static_cast<uint64_t>(slot) * 8;
  return 0;
}

void destroy_sdma_queue(Queue& q) {
  // Returns once the engine no longer touches the queue's memory.
  q.dev->gpu->sdma().unmap_queue(q.cp_id);
  q.dev->sdma_used &= ~(1u << q.sdma_id);
}

}  // namespace hsakmt::emu
