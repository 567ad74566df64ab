// The queues the runtime made: each is one page of GPU-visible system
// memory holding the amd_queue_t (whose first field is the hsa_queue_t the
// program sees), its doorbell signal and its error signal, plus a ring of
// AQL packets. Hardware queues are also thunk queues the command processor
// serves; soft queues have no packet processor.
#pragma once

#include <hsa/hsa.h>
#include <hsakmt.h>

#include <cstdint>
#include <vector>

#include "amd_queue.h"
#include "amd_signal.h"

namespace hsart {

// What one page per queue holds (the amd_queue_t first: the hsa_queue_t*
// handed out is the page's address).
struct QueueBlock {
  fw_amd_queue amd;
  fw_amd_signal doorbell;  // KIND_DOORBELL: hsa_queue_t.doorbell_signal
  fw_amd_signal inactive;  // KIND_USER: the CP stores FW_AMD_QUEUE_ERROR_* here
};

struct Queue {
  QueueBlock* block = nullptr;
  void* ring = nullptr;
  uint64_t ring_bytes = 0;
  bool hardware = false;  // a thunk queue (else a soft queue)
  HSA_QUEUEID thunk_id = 0;
  void (*callback)(hsa_status_t, hsa_queue_t*, void*) = nullptr;
  void* data = nullptr;
  bool error_reported = false;  // the callback runs once per queue
  // hsa_amd_queue_cu_set_mask's last mask (bit i: CU i); empty: every CU.
  std::vector<uint32_t> cu_mask;
};

// The live queue behind a hsa_queue_t*, or nullptr.
Queue* queue_from(const hsa_queue_t* q);

// Called by the error watcher for every live hardware queue whose error
// signal holds a code and whose callback has not run yet: returns that
// queue (marked reported, kept alive until queue_callback_done) or nullptr.
Queue* queue_take_failed(hsa_status_t* status);
void queue_callback_done();

// The error watcher (api_queues_errors.cpp).
hsa_status_t error_watcher_start();
void error_watcher_stop();
bool on_error_watcher_thread();

}  // namespace hsart
