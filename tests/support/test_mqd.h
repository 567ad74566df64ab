// MQDs for tests that map queues on the command processor or the SDMA
// engines directly: built by kfd-common's builder, as both KFDs build them,
// so the tests feed the virtual GPU exactly what the drivers do.
#pragma once

#include <cstdint>

#include "cp/command_processor.h"
#include "kfd_mqd_v9.h"

namespace gcn_test {

inline kfdc_queue_props queue_props(uint32_t type, uint64_t ring_va, uint64_t ring_bytes,
                                    uint64_t rptr_va, uint64_t wptr_va, uint32_t doorbell_slot) {
  kfdc_queue_props q{};
  q.type = type;
  q.ring_base = ring_va;
  q.ring_size = ring_bytes;
  q.read_ptr = rptr_va;
  q.write_ptr = wptr_va;
  q.doorbell = doorbell_slot;
  return q;
}

inline fw_v9_mqd compute_mqd(bool aql, uint64_t ring_va, uint64_t ring_bytes, uint64_t rptr_va,
                             uint64_t wptr_va, uint32_t doorbell_slot) {
  const kfdc_queue_props q =
      queue_props(aql ? KFD_IOC_QUEUE_TYPE_COMPUTE_AQL : KFD_IOC_QUEUE_TYPE_COMPUTE, ring_va,
                  ring_bytes, rptr_va, wptr_va, doorbell_slot);
  fw_v9_mqd m;
  kfdc_v9_mqd_init(&m, &q);
  return m;
}

inline fw_v9_sdma_mqd sdma_mqd(uint64_t ring_va, uint64_t ring_bytes, uint64_t rptr_va,
                               uint32_t doorbell_slot, uint32_t engine) {
  kfdc_queue_props q =
      queue_props(KFD_IOC_QUEUE_TYPE_SDMA, ring_va, ring_bytes, rptr_va, 0, doorbell_slot);
  q.sdma_engine = engine;
  fw_v9_sdma_mqd m;
  kfdc_v9_sdma_mqd_init(&m, &q);
  return m;
}

// A queue owner whose doorbell slice is `slots` slots starting at doorbells.
inline gcn::QueueOwner owner(const volatile uint64_t* doorbells, uint32_t slots, uint32_t pasid,
                             uint32_t vmid = 0) {
  gcn::QueueOwner o;
  o.pasid = pasid;
  o.vmid = vmid;
  o.doorbells = doorbells;
  o.doorbell_slots = slots;
  return o;
}

}  // namespace gcn_test
