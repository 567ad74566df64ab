// The AQL packet processor (HSA Runtime PRM, "Packet processor"; ROCm's
// amd_queue_t): packets are taken in order from ring[read index % size]
// while the read index is below write_dispatch_id and the packet's header
// is valid. Each packet completes before the next starts, which is what the
// barrier bit asks for. When a packet is done its header goes back to
// INVALID, read_dispatch_id moves past it and its completion signal is
// decremented. On a queue whose amd_queue_t asks for profiling, the
// completion signal also gets the packet's start and end times in the GPU
// clock (amd_signal_t start_ts/end_ts) before it is decremented.
#include <atomic>

#include "amd_queue.h"
#include "amd_signal.h"
#include "aql_packet.h"
#include "cp_internal.h"

namespace gcn {

namespace {

using cp::Step;

// The value of an amd_signal_t, or false if it is not mapped.
bool signal_value(cp::GpuMemory& mem, uint64_t va, int64_t* v) {
  return mem.load_acquire(va + offsetof(fw_amd_signal, value), v);
}

bool compare(uint32_t cond, int64_t v, int64_t ref) {
  switch (cond) {
    case FW_SIGNAL_CONDITION_EQ:
      return v == ref;
    case FW_SIGNAL_CONDITION_NE:
      return v != ref;
    case FW_SIGNAL_CONDITION_LT:
      return v < ref;
    case FW_SIGNAL_CONDITION_GTE:
      return v >= ref;
  }
  return false;
}

// Whether the runtime turned profiling on for this queue (read per packet:
// the runtime may flip the bit while the queue runs).
bool profiling_enabled(cp::GpuMemory& mem, uint64_t queue_va) {
  uint32_t props = 0;
  if (!queue_va || !mem.load_acquire(queue_va + offsetof(fw_amd_queue, queue_properties), &props))
    return false;
  return FW_FIELD_GET(props, FW_AMD_QUEUE_PROP_ENABLE_PROFILING) != 0;
}

}  // namespace

bool CommandProcessor::Impl::service_aql(cp::Queue& q) {
  cp::GpuMemory mem(memory);
  const cp::Hqd& d = q.desc;
  const uint64_t slots = d.ring_bytes / FW_AQL_PACKET_SIZE;
  bool progress = false;

  while (q.state == QueueState::kActive && !q.cancel.load(std::memory_order_relaxed)) {
    reader.checkpoint([&] { mem.forget(); });
    // How far the producers got: write_dispatch_id, or the doorbell (the
    // index of the last packet written) when there is no queue object.
    uint64_t write = 0;
    if (d.write_ptr_va) {
      if (!mem.load_acquire(d.write_ptr_va, &write)) {
        fail_queue(q, "write_dispatch_id at " + hex(d.write_ptr_va) + " is not mapped");
        break;
      }
    } else {
      write = __atomic_load_n(d.doorbell, __ATOMIC_ACQUIRE) + 1;
    }
    if (q.rptr >= write) break;

    const uint64_t index = q.rptr;
    const uint64_t va = d.ring_va + (index % slots) * FW_AQL_PACKET_SIZE;
    const std::string where = "packet " + std::to_string(index);
    uint16_t header = 0;
    if (!mem.load_acquire(va, &header)) {
      fail_queue(q, where + ": ring slot is not mapped");
      break;
    }
    const uint32_t type = FW_FIELD_GET(header, FW_AQL_HEADER_TYPE);
    if (type == FW_AQL_PACKET_TYPE_INVALID) break;  // not yet published
    uint8_t pkt[FW_AQL_PACKET_SIZE];
    mem.read(va, pkt, sizeof(pkt));
    if (!q.profile_started || q.profile_index != index) {
      q.profile_started = true;
      q.profile_index = index;
      q.profile_start = gpu_clock();
    }
    // The acquire fence makes memory the producer released before ringing
    // visible to this packet's work (the header load above already
    // acquires; this covers the system scope's host writes too).
    if (FW_FIELD_GET(header, FW_AQL_HEADER_ACQUIRE_FENCE_SCOPE) != FW_AQL_FENCE_SCOPE_NONE)
      std::atomic_thread_fence(std::memory_order_acquire);

    Step step = Step::kDone;
    uint64_t completion = 0;
    switch (type) {
      case FW_AQL_PACKET_TYPE_KERNEL_DISPATCH: {
        const auto* k = reinterpret_cast<const fw_aql_kernel_dispatch_packet*>(pkt);
        completion = k->completion_signal;
        // Ran already: only waiting for the runtime to take its scratch back.
        if (q.scratch_reclaim) {
          step = reclaim_scratch(q, mem, where);
          break;
        }
        std::string why;
        if (const uint32_t code = cp::check_kernel_dispatch(mem, *k, &why)) {
          fail_queue(q, where + ": " + why, code);
          step = Step::kError;
          break;
        }
        DispatchRequest req;
        // No CU enabled: the dispatch waits (the queue hangs, as on gfx9).
        if (!dispatch_cus(q, req.cu_enable)) {
          step = Step::kBlocked;
          break;
        }
        step = queue_scratch(q, mem, k->private_segment_size, where, &req.scratch);
        if (step != Step::kDone) break;
        req.packet_va = va;
        req.queue_va = d.queue_va;
        req.dispatch_id = index;
        req.kernel_name = where;
        req.cancel = &q.cancel;
        req.interrupt = sq_interrupt(q);
        const TrapHandler trap = trap_handler(d.vmid);
        req.trap_handler = trap.tba;
        req.trap_memory = trap.tma;
        req.doorbell_id = d.doorbell_id;
        dispatches.fetch_add(1, std::memory_order_relaxed);
        reader.end();
        const DispatchResult r = engine.dispatch(req);
        reader.begin();
        mem.forget();
        if (r.cancelled) {
          step = Step::kStopped;
        } else if (r.halted) {
          halt_queue(q, r);
          step = Step::kError;
        } else if (!r.ok && r.bad_request) {
          fail_queue(q, where + ": " + r.error);
          step = Step::kError;
        } else if (!r.ok) {
          fail_kernel(q, r);
          step = Step::kError;
        } else if (k->private_segment_size && req.scratch.waves) {
          step = reclaim_scratch(q, mem, where);
        }
        break;
      }
      case FW_AQL_PACKET_TYPE_BARRIER_AND:
      case FW_AQL_PACKET_TYPE_BARRIER_OR: {
        const auto* b = reinterpret_cast<const fw_aql_barrier_packet*>(pkt);
        completion = b->completion_signal;
        // AND: every dependency at 0. OR: any one at 0 (or none given).
        const bool is_and = type == FW_AQL_PACKET_TYPE_BARRIER_AND;
        bool any_dep = false, any_zero = false, all_zero = true;
        for (uint64_t dep : b->dep_signal) {
          if (!dep) continue;
          int64_t v = 0;
          if (!signal_value(mem, dep, &v)) {
            fail_queue(q, where + ": dependency signal " + hex(dep) + " is not mapped");
            step = Step::kError;
            break;
          }
          any_dep = true;
          any_zero |= v == 0;
          all_zero &= v == 0;
        }
        if (step == Step::kError) break;
        const bool released = is_and ? all_zero : (!any_dep || any_zero);
        if (!released) step = Step::kBlocked;
        break;
      }
      case FW_AQL_PACKET_TYPE_VENDOR_SPECIFIC: {
        const auto* v = reinterpret_cast<const fw_amd_vendor_packet_header*>(pkt);
        if (v->amd_format == FW_AMD_AQL_FORMAT_PM4_IB) {
          const auto* p = reinterpret_cast<const fw_amd_pm4_ib_packet*>(pkt);
          completion = p->completion_signal;
          if (!q.ib.active) {
            const uint32_t h = p->ib_jump_cmd[0];
            if (FW_FIELD_GET(h, FW_PM4_HEADER_TYPE) != FW_PM4_TYPE_3 ||
                FW_FIELD_GET(h, FW_PM4_HEADER_OPCODE) != FW_PM4_INDIRECT_BUFFER) {
              fail_queue(q, where + ": AMD PM4_IB packet does not hold an INDIRECT_BUFFER");
              step = Step::kError;
              break;
            }
            step = start_indirect_buffer(q, &p->ib_jump_cmd[1], 3, where);
            if (step != Step::kDone) break;
          }
          step = run_indirect_buffer(q, mem, where);
        } else if (v->amd_format == FW_AMD_AQL_FORMAT_BARRIER_VALUE) {
          const auto* p = reinterpret_cast<const fw_amd_barrier_value_packet*>(pkt);
          completion = p->completion_signal;
          int64_t value = 0;
          if (!signal_value(mem, p->signal, &value)) {
            fail_queue(q, where + ": barrier-value signal is not mapped");
            step = Step::kError;
          } else if (!compare(p->cond, value & p->mask, p->value)) {
            step = p->cond > FW_SIGNAL_CONDITION_GTE ? Step::kError : Step::kBlocked;
            if (step == Step::kError)
              fail_queue(q, where + ": barrier-value condition " + std::to_string(p->cond) +
                                " is unknown");
          }
        } else {
          fail_queue(q,
                     where + ": vendor-specific packet of unknown AMD format " +
                         std::to_string(v->amd_format),
                     FW_AMD_QUEUE_ERROR_INVALID_VENDOR_PACKET);
          step = Step::kError;
        }
        break;
      }
      case FW_AQL_PACKET_TYPE_AGENT_DISPATCH:
        fail_queue(q, where + ": AGENT_DISPATCH packets are not supported by this GPU");
        step = Step::kError;
        break;
      default:
        fail_queue(q, where + ": unknown packet type " + std::to_string(type));
        step = Step::kError;
        break;
    }
    if (step == Step::kBlocked) q.waiting = true;
    if (step != Step::kDone) break;

    // Release: the packet's results are visible before anyone can observe
    // its completion.
    if (FW_FIELD_GET(header, FW_AQL_HEADER_RELEASE_FENCE_SCOPE) != FW_AQL_FENCE_SCOPE_NONE)
      std::atomic_thread_fence(std::memory_order_release);
    const uint16_t invalid =
        static_cast<uint16_t>((header & ~FW_FIELD_MASK(FW_AQL_HEADER_TYPE)) |
                              FW_FIELD_PREP(FW_AQL_HEADER_TYPE, FW_AQL_PACKET_TYPE_INVALID));
    mem.store_release(va, invalid);
    q.rptr = index + 1;
    if (d.read_ptr_va && !mem.store_release(d.read_ptr_va, q.rptr)) {
      fail_queue(q, where + ": read_dispatch_id is not mapped");
      break;
    }
    packets.fetch_add(1, std::memory_order_relaxed);
    progress = true;
    if (completion && profiling_enabled(mem, d.queue_va)) {
      const uint64_t times[2] = {q.profile_start, gpu_clock()};
      if (!mem.write(completion + offsetof(fw_amd_signal, start_ts), times, sizeof(times))) {
        fail_queue(q, where + ": completion signal " + hex(completion) + " is not mapped");
        break;
      }
    }
    if (!complete_signal(q, mem, completion)) {
      fail_queue(q, where + ": completion signal " + hex(completion) + " is not mapped");
      break;
    }
  }
  return progress;
}

}  // namespace gcn
