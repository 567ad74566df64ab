// Scratch of AQL queues, served as gfx9's CP firmware serves it with ROCr.
// The runtime owns the scratch memory and describes it in the queue's
// amd_queue_t (Compute ABI, "AMD Queue"): the buffer V# waves get as their
// private segment buffer, the backing's VA (FLAT_SCRATCH_INIT on gfx9) and
// size, the private bytes per lane a slot holds, and COMPUTE_TMPRING_SIZE
// (WAVES slots of WAVESIZE KiB). The CP reads them for every dispatch.
//
// A dispatch whose packet asks for more private memory per work-item than
// the queue holds makes the CP store INSUFFICIENT_SCRATCH (1) in the
// queue's queue_inactive_signal, wake that signal's waiters and stall on the
// packet. The runtime grows the scratch (sized from the packet at
// read_dispatch_id), rewrites the fields and stores 0; the CP then reads
// them again. ROCr may make a grant single-use (queue_properties
// USE_SCRATCH_ONCE): after such a dispatch the CP stores SCRATCH_RECLAIM
// (0x200) and waits until the runtime has cleared that bit.
#include <cstring>

#include "amd_queue.h"
#include "amd_signal.h"
#include "cp_internal.h"

namespace gcn {

namespace {

using cp::Step;

// amd_queue_t's scratch fields, compute_tmpring_size to queue_properties
// (one cache line the runtime rewrites as a whole), read in one go into
// their places in *q; the rest of *q stays as it was.
bool read_fields(cp::GpuMemory& mem, uint64_t queue_va, fw_amd_queue* q) {
  constexpr size_t kFrom = offsetof(fw_amd_queue, compute_tmpring_size);
  constexpr size_t kTo = offsetof(fw_amd_queue, reserved3);
  return mem.read(queue_va + kFrom, reinterpret_cast<uint8_t*>(q) + kFrom, kTo - kFrom);
}

// Whether the queue's slots hold private_bytes per lane of a 64-lane wave.
bool enough(const fw_amd_queue& f, uint32_t private_bytes) {
  const uint64_t waves = FW_FIELD_GET(f.compute_tmpring_size, FW_COMPUTE_TMPRING_WAVES);
  const uint64_t wave_bytes =
      FW_FIELD_GET(f.compute_tmpring_size, FW_COMPUTE_TMPRING_WAVESIZE) * 1024ull;
  return waves && f.scratch_backing_memory_byte_size &&
         f.scratch_wave64_lane_byte_size >= private_bytes &&
         wave_bytes >= static_cast<uint64_t>(private_bytes) * 64;
}

}  // namespace

Step CommandProcessor::Impl::queue_scratch(cp::Queue& q, cp::GpuMemory& mem, uint32_t private_bytes,
                                           const std::string& where, ScratchRing* ring) {
  *ring = ScratchRing{};
  const uint64_t queue_va = q.desc.queue_va;
  if (!queue_va) {
    if (!private_bytes) return Step::kDone;
    fail_queue(q, where + ": needs " + std::to_string(private_bytes) +
                      " private bytes per work-item and the queue has no amd_queue_t for scratch");
    return Step::kError;
  }
  uint64_t signal = 0;
  if (!mem.load_acquire(queue_va + offsetof(fw_amd_queue, queue_inactive_signal), &signal)) {
    fail_queue(q, where + ": amd_queue_t at " + hex(queue_va) + " is not mapped");
    return Step::kError;
  }
  const uint64_t value_va = signal + offsetof(fw_amd_signal, value);
  if (q.scratch_requested) {
    // Stalled until the runtime answers: the signal back at 0.
    int64_t value = 0;
    if (!mem.load_acquire(value_va, &value)) {
      fail_queue(q, where + ": queue_inactive_signal " + hex(signal) + " is not mapped");
      return Step::kError;
    }
    if (value != 0) return Step::kBlocked;
    q.scratch_requested = false;
  }
  fw_amd_queue f{};
  if (!read_fields(mem, queue_va, &f)) {
    fail_queue(q, where + ": amd_queue_t at " + hex(queue_va) + " is not mapped");
    return Step::kError;
  }
  if (!private_bytes || enough(f, private_bytes)) {
    // A kernel without private memory still gets the queue's V#, as on
    // hardware; the engine limits its waves only when it uses scratch.
    if (FW_FIELD_GET(f.compute_tmpring_size, FW_COMPUTE_TMPRING_WAVES) &&
        f.scratch_backing_memory_byte_size) {
      ring->base = f.scratch_backing_memory_location;
      std::memcpy(ring->descriptor, f.scratch_resource_descriptor,
                  sizeof(f.scratch_resource_descriptor));
      ring->wave_bytes =
          FW_FIELD_GET(f.compute_tmpring_size, FW_COMPUTE_TMPRING_WAVESIZE) * 1024ull;
      ring->waves = FW_FIELD_GET(f.compute_tmpring_size, FW_COMPUTE_TMPRING_WAVES);
    }
    return Step::kDone;
  }
  if (!signal) {
    fail_queue(q, where + ": needs " + std::to_string(private_bytes) +
                      " private bytes per work-item, the queue has " +
                      std::to_string(f.scratch_wave64_lane_byte_size) +
                      " and no queue_inactive_signal to ask the runtime for more");
    return Step::kError;
  }
  // Ask: the code, then the waiters' wake-up; the runtime reads the packet
  // at read_dispatch_id, which is this one.
  if (!mem.store_release<int64_t>(value_va, FW_AMD_QUEUE_ERROR_INSUFFICIENT_SCRATCH) ||
      !notify_signal(q, mem, signal)) {
    fail_queue(q, where + ": queue_inactive_signal " + hex(signal) + " is not mapped");
    return Step::kError;
  }
  q.scratch_requested = true;
  scratch_requests.fetch_add(1, std::memory_order_relaxed);
  return Step::kBlocked;
}

Step CommandProcessor::Impl::reclaim_scratch(cp::Queue& q, cp::GpuMemory& mem,
                                             const std::string& where) {
  const uint64_t queue_va = q.desc.queue_va;
  uint32_t props = 0;
  if (!queue_va || !mem.load_acquire(queue_va + offsetof(fw_amd_queue, queue_properties), &props)) {
    q.scratch_reclaim = false;
    return Step::kDone;
  }
  const bool once = FW_FIELD_GET(props, FW_AMD_QUEUE_PROP_USE_SCRATCH_ONCE) != 0;
  if (q.scratch_reclaim) {
    // Waiting for the runtime to take the grant back.
    if (once) return Step::kBlocked;
    q.scratch_reclaim = false;
    return Step::kDone;
  }
  if (!once) return Step::kDone;
  uint64_t signal = 0;
  if (!mem.load_acquire(queue_va + offsetof(fw_amd_queue, queue_inactive_signal), &signal) ||
      !signal)
    return Step::kDone;  // nobody to give it back to
  if (!mem.store_release<int64_t>(signal + offsetof(fw_amd_signal, value),
                                  FW_AMD_QUEUE_SCRATCH_RECLAIM) ||
      !notify_signal(q, mem, signal)) {
    fail_queue(q, where + ": queue_inactive_signal " + hex(signal) + " is not mapped");
    return Step::kError;
  }
  q.scratch_reclaim = true;
  return Step::kBlocked;
}

}  // namespace gcn
