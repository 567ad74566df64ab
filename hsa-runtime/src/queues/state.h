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
  // KIND_USER on the error watcher's event: the CP stores
  // FW_AMD_QUEUE_ERROR_* here, or asks for scratch, and interrupts.
  fw_amd_signal inactive;
};

struct Agent;

struct Queue {
  QueueBlock* block = nullptr;
  void* ring = nullptr;
  uint64_t ring_bytes = 0;
  bool hardware = false;  // a thunk queue (else a soft queue)
  HSA_QUEUEID thunk_id = 0;
  void (*callback)(hsa_status_t, hsa_queue_t*, void*) = nullptr;
  void* data = nullptr;
  bool error_reported = false;   // the callback runs once per queue
  const Agent* agent = nullptr;  // hardware queues: the GPU
  // Scratch granted on the CP's request (queues/scratch.cpp); the
  // table's lock guards it.
  void* scratch = nullptr;
  uint64_t scratch_bytes = 0;
  bool scratch_failed = false;  // a request could not be granted
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

// Grants scratch to every hardware queue whose CP asks for it (called by
// the error watcher when the queue event fires).
void queue_serve_scratch();
// Scratch on demand (queues/scratch.cpp), under the table's lock:
// grant sizes scratch from the packet at read_dispatch_id, fills amd_queue_t
// and stores 0 in the queue's inactive signal (the CP resumes); false when
// out of memory (the request stays). release frees it (queue destroy).
bool queue_grant_scratch(Queue& q);
void queue_release_scratch(Queue& q);

// The error watcher (queues/errors.cpp).
hsa_status_t error_watcher_start();
void error_watcher_stop();
bool on_error_watcher_thread();
// The event the queues' inactive signals interrupt with (nullptr before
// the watcher starts).
const HsaEvent* queue_event();

}  // namespace hsart
