// SDMA user queues: the device queue manager's allocate_sdma_queue and the
// static SOC15 doorbell of the slot (kfd-common), then the SDMA MQD mapped
// on the virtual GPU's SDMA engines. The lowest free slot is taken and none
// left is -ENOMEM. Vega 10 has no XGMI SDMA engines, so an SDMA_XGMI queue
// is always -ENOMEM.
#include "emulated/sdma_queues.h"

#include <cerrno>

namespace hsakmt::emu {

int create_sdma_queue(Process& p, Device& d, Queue& q, bool active) {
  if (q.props.type == KFD_IOC_QUEUE_TYPE_SDMA_XGMI) return -ENOMEM;  // no XGMI engine
  const kfdc_gpu_props& props = d.info->props;
  const uint32_t slots = kfdc_sdma_slots(&props);
  uint32_t id = 0;
  while (id < slots && (d.sdma_used & (1u << id))) ++id;
  if (id == slots) return -ENOMEM;
  q.props.sdma_engine = kfdc_sdma_slot_engine(&props, id);
  q.props.sdma_queue = kfdc_sdma_slot_queue(&props, id);
  q.props.doorbell = kfdc_vega10_sdma_doorbell(q.props.sdma_engine, q.props.sdma_queue);
  if (d.doorbell_used[q.props.doorbell] || !d.doorbells.host()) return -ENOMEM;

  reinterpret_cast<volatile uint64_t*>(d.doorbells.host())[q.props.doorbell] = 0;
  kfdc_v9_sdma_mqd_init(&q.sdma_mqd, &q.props);
  q.cp_id = d.gpu->sdma().map_queue(q.sdma_mqd, queue_owner(p, d), active);
  if (q.cp_id < 0) return -EINVAL;
  q.sdma_id = static_cast<int>(id);
  d.sdma_used |= 1u << id;
  return 0;
}

void destroy_sdma_queue(Queue& q) {
  // Returns once the engine no longer touches the queue's memory.
  q.dev->gpu->sdma().unmap_queue(q.cp_id);
  q.dev->sdma_used &= ~(1u << q.sdma_id);
}

}  // namespace hsakmt::emu
