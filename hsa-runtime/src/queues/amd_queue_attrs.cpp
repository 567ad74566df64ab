// Per-queue AMD controls: the compute-unit mask (hsa_amd_queue_cu_set_mask
// and _get_mask) and the scheduling priority (hsa_amd_queue_set_priority),
// both handed to the thunk as ROCr does. On the virtual GPU the thunk keeps
// them but every CU still runs the queue's work; on a real GPU the KFD
// programs the MQD.
#include <hsa/hsa_ext_amd.h>

#include <algorithm>
#include <mutex>

#include "queues/state.h"
#include "runtime/init_check.h"

namespace {

std::mutex& mask_mu() {
  static std::mutex mu;
  return mu;
}

// A hardware queue of this runtime, or nullptr (soft queues have no
// packet processor to restrict).
hsart::Queue* hardware_queue(const hsa_queue_t* queue) {
  hsart::Queue* q = queue ? hsart::queue_from(queue) : nullptr;
  return q && q->hardware ? q : nullptr;
}

uint32_t cu_count(const hsart::Queue& q) { return q.block->amd.max_cu_id + 1; }

// ROCr's mapping of the three AMD priorities onto the KFD's seven.
struct PriorityRow {
  hsa_amd_queue_priority_t amd;
  HSA_QUEUE_PRIORITY kfd;
};
constexpr PriorityRow kPriorities[] = {
    {HSA_AMD_QUEUE_PRIORITY_LOW, HSA_QUEUE_PRIORITY_MINIMUM},
    {HSA_AMD_QUEUE_PRIORITY_NORMAL, HSA_QUEUE_PRIORITY_NORMAL},
    {HSA_AMD_QUEUE_PRIORITY_HIGH, HSA_QUEUE_PRIORITY_MAXIMUM},
};

}  // namespace

extern "C" hsa_status_t hsa_amd_queue_cu_set_mask(const hsa_queue_t* queue,
                                                  uint32_t num_cu_mask_count,
                                                  const uint32_t* cu_mask) {
  HSART_CHECK_INIT();
  hsart::Queue* q = hardware_queue(queue);
  if (!q) return HSA_STATUS_ERROR_INVALID_QUEUE;
  // The count is in bits and covers whole 32-bit words.
  if (!cu_mask || num_cu_mask_count == 0 || num_cu_mask_count % 32 != 0)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::vector<uint32_t> mask(cu_mask, cu_mask + num_cu_mask_count / 32);
  std::lock_guard<std::mutex> lock(mask_mu());
  if (hsaKmtSetQueueCUMask(q->thunk_id, num_cu_mask_count, mask.data()) != HSAKMT_STATUS_SUCCESS)
    return HSA_STATUS_ERROR;
  q->cu_mask = std::move(mask);
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_amd_queue_cu_get_mask(const hsa_queue_t* queue,
                                                  uint32_t num_cu_mask_count, uint32_t* cu_mask) {
  HSART_CHECK_INIT();
  hsart::Queue* q = hardware_queue(queue);
  if (!q) return HSA_STATUS_ERROR_INVALID_QUEUE;
  if (!cu_mask || num_cu_mask_count == 0 || num_cu_mask_count % 32 != 0)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const uint32_t words = num_cu_mask_count / 32;
  std::fill(cu_mask, cu_mask + words, 0u);
  std::lock_guard<std::mutex> lock(mask_mu());
  if (!q->cu_mask.empty()) {
    std::copy_n(q->cu_mask.begin(), std::min<size_t>(words, q->cu_mask.size()), cu_mask);
  } else {
    for (uint32_t cu = 0; cu < cu_count(*q) && cu / 32 < words; ++cu)
      cu_mask[cu / 32] |= 1u << (cu % 32);
  }
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_amd_queue_set_priority(hsa_queue_t* queue,
                                                   hsa_amd_queue_priority_t priority) {
  HSART_CHECK_INIT();
  hsart::Queue* q = hardware_queue(queue);
  if (!q) return HSA_STATUS_ERROR_INVALID_QUEUE;
  for (const PriorityRow& row : kPriorities) {
    if (row.amd != priority) continue;
    return hsaKmtUpdateQueue(q->thunk_id, 100, row.kfd, q->ring, q->ring_bytes, nullptr) ==
                   HSAKMT_STATUS_SUCCESS
               ? HSA_STATUS_SUCCESS
               : HSA_STATUS_ERROR;
  }
  return HSA_STATUS_ERROR_INVALID_ARGUMENT;
}
