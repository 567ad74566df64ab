// The PM4 packet processor of a compute queue (MEC): type-3 packets from a
// ring of dwords, or from an indirect buffer one level down. Read and write
// pointers count dwords; the write pointer (the doorbell) may be a running
// count or already wrapped, only its distance from the read pointer modulo
// the ring size matters, and a packet may run across the end of the ring.
// The read pointer is reported as a 32-bit dword offset, wrapped to the
// ring, as the hardware's read pointer report is. The hardware reports how
// far it fetched, which is ahead of what has run: a packet's end-of-pipe
// writes and interrupts (RELEASE_MEM) come after the read pointer moved
// past it, so whoever they wake finds its ring space free. Packets that
// cannot wait are reported when fetched, as there. A packet that may wait
// (WAIT_REG_MEM, DISPATCH_DIRECT with no CU, an INDIRECT_BUFFER) is
// reported once done: the read pointer is where a remapped queue resumes,
// and the CP serves other queues while it waits.
#include <atomic>

#include "cp_internal.h"

namespace gcn {

namespace {

using cp::Step;

struct Pm4Opcode {
  uint32_t opcode;
  const char* name;
  uint32_t min_dwords;  // payload dwords the packet needs at least
};

constexpr Pm4Opcode kOpcodes[] = {
    {FW_PM4_NOP, "NOP", 0},
    {FW_PM4_WRITE_DATA, "WRITE_DATA", 4},
    {FW_PM4_RELEASE_MEM, "RELEASE_MEM", FW_PM4_RELEASE_MEM_DWORDS - 1},
    {FW_PM4_ACQUIRE_MEM, "ACQUIRE_MEM", 1},
    {FW_PM4_WAIT_REG_MEM, "WAIT_REG_MEM", FW_PM4_WAIT_REG_MEM_DWORDS - 1},
    {FW_PM4_INDIRECT_BUFFER, "INDIRECT_BUFFER", FW_PM4_INDIRECT_BUFFER_DWORDS},
    {FW_PM4_SET_SH_REG, "SET_SH_REG", 2},
    {FW_PM4_DISPATCH_DIRECT, "DISPATCH_DIRECT", FW_PM4_DISPATCH_DIRECT_DWORDS},
    {FW_PM4_EVENT_WRITE, "EVENT_WRITE", FW_PM4_EVENT_WRITE_MIN_DWORDS},
};

const Pm4Opcode* find_opcode(uint32_t op) {
  for (const auto& o : kOpcodes)
    if (o.opcode == op) return &o;
  return nullptr;
}

// Total dwords of the packet that starts with header h (0: malformed).
uint32_t packet_dwords(uint32_t h) {
  switch (FW_FIELD_GET(h, FW_PM4_HEADER_TYPE)) {
    case FW_PM4_TYPE_2:
      return 1;
    case FW_PM4_TYPE_3: {
      const uint32_t count = FW_FIELD_GET(h, FW_PM4_HEADER_COUNT);
      if (FW_FIELD_GET(h, FW_PM4_HEADER_OPCODE) == FW_PM4_NOP &&
          count == FW_PM4_NOP_HEADER_ONLY_COUNT)
        return 1;
      return count + 2;
    }
  }
  return 0;
}

// Whether the packet with header h may stop the queue before it is done
// (and be run again): its read pointer is reported only once it is.
bool may_wait(uint32_t h) {
  if (FW_FIELD_GET(h, FW_PM4_HEADER_TYPE) != FW_PM4_TYPE_3) return false;
  switch (FW_FIELD_GET(h, FW_PM4_HEADER_OPCODE)) {
    case FW_PM4_WAIT_REG_MEM:
    case FW_PM4_DISPATCH_DIRECT:
    case FW_PM4_INDIRECT_BUFFER:
      return true;
  }
  return false;
}

// Dword-aligned address from a low/high pair whose low two bits are a swap
// mode.
uint64_t address(uint32_t lo, uint32_t hi) { return (lo & ~3u) | static_cast<uint64_t>(hi) << 32; }

bool wait_satisfied(uint32_t function, uint32_t v, uint32_t ref) {
  switch (function) {
    case FW_PM4_WAIT_ALWAYS:
      return true;
    case FW_PM4_WAIT_LT:
      return v < ref;
    case FW_PM4_WAIT_LE:
      return v <= ref;
    case FW_PM4_WAIT_EQ:
      return v == ref;
    case FW_PM4_WAIT_NE:
      return v != ref;
    case FW_PM4_WAIT_GE:
      return v >= ref;
    case FW_PM4_WAIT_GT:
      return v > ref;
  }
  return false;
}

}  // namespace

bool CommandProcessor::Impl::service_pm4(cp::Queue& q) {
  cp::GpuMemory mem(memory);
  const cp::Hqd& d = q.desc;
  const uint64_t ring_dwords = d.ring_bytes / 4;
  bool progress = false;

  // Reports the (wrapped) read pointer `to`.
  auto report = [&](uint64_t to) {
    if (d.read_ptr_va &&
        !mem.store_release(d.read_ptr_va, static_cast<uint32_t>(to % ring_dwords))) {
      fail_queue(q, "read pointer at " + hex(d.read_ptr_va) + " is not mapped");
      return false;
    }
    return true;
  };
  // The CP moved past a packet of n dwords, reported already or now.
  auto advance = [&](uint32_t n, bool reported) {
    q.rptr += n;
    packets.fetch_add(1, std::memory_order_relaxed);
    progress = true;
    return reported || report(q.rptr);
  };

  while (q.state == QueueState::kActive && !q.cancel.load(std::memory_order_relaxed)) {
    reader.checkpoint([&] { mem.forget(); });
    const std::string where = "ring dword " + std::to_string(q.rptr % ring_dwords);
    if (q.ib.active) {
      const Step s = run_indirect_buffer(q, mem, where);
      q.waiting = s == Step::kBlocked;
      if (s != Step::kDone) break;
      if (!advance(q.ring_ib_dwords, false)) break;
      continue;
    }
    const uint64_t wptr = __atomic_load_n(d.doorbell, __ATOMIC_ACQUIRE);
    const uint64_t avail = (wptr - q.rptr) & (ring_dwords - 1);
    if (!avail) break;

    auto ring_va = [&](uint64_t i) { return d.ring_va + ((q.rptr + i) % ring_dwords) * 4; };
    uint32_t header = 0;
    if (!mem.read(ring_va(0), &header, 4)) {
      fail_queue(q, where + ": ring at " + hex(d.ring_va) + " is not mapped");
      break;
    }
    const uint32_t n = packet_dwords(header);
    if (n == 0 || n >= ring_dwords) {
      fail_queue(q, where + ": malformed PM4 header " + hex(header));
      break;
    }
    if (n > avail) break;  // the rest is not written yet
    q.packet.resize(n);
    bool mapped = true;
    for (uint32_t i = 0; i < n && mapped; ++i) mapped = mem.read(ring_va(i), &q.packet[i], 4);
    if (!mapped) {
      fail_queue(q, where + ": ring at " + hex(d.ring_va) + " is not mapped");
      break;
    }
    const bool fetched = !may_wait(header);
    if (fetched && !report(q.rptr + n)) break;
    const Step s = execute_pm4(q, mem, q.packet.data(), n, false, where);
    q.waiting = s == Step::kBlocked;
    if (s != Step::kDone) break;
    if (q.ib.active) {
      q.ring_ib_dwords = n;  // moved past once the buffer is done
      continue;
    }
    if (!advance(n, fetched)) break;
  }
  return progress;
}

Step CommandProcessor::Impl::start_indirect_buffer(cp::Queue& q, const uint32_t* p, uint32_t n,
                                                   const std::string& where) {
  if (n < FW_PM4_INDIRECT_BUFFER_DWORDS) {
    fail_queue(q, where + ": INDIRECT_BUFFER with " + std::to_string(n) + " payload dwords");
    return Step::kError;
  }
  if (FW_FIELD_GET(p[2], FW_PM4_IB_CHAIN)) {
    fail_queue(q, where + ": chained INDIRECT_BUFFER is not supported");
    return Step::kError;
  }
  q.ib.va = address(p[0], p[1]);
  q.ib.dwords = FW_FIELD_GET(p[2], FW_PM4_IB_SIZE);
  q.ib.pos = 0;
  q.ib.active = true;
  return Step::kDone;
}

Step CommandProcessor::Impl::run_indirect_buffer(cp::Queue& q, cp::GpuMemory& mem,
                                                 const std::string& where) {
  while (q.ib.pos < q.ib.dwords) {
    const std::string at = where + " IB dword " + std::to_string(q.ib.pos);
    const uint64_t va = q.ib.va + static_cast<uint64_t>(q.ib.pos) * 4;
    uint32_t header = 0;
    if (!mem.read(va, &header, 4)) {
      fail_queue(q, at + ": indirect buffer at " + hex(va) + " is not mapped");
      return Step::kError;
    }
    const uint32_t n = packet_dwords(header);
    if (n == 0 || n > q.ib.dwords - q.ib.pos) {
      fail_queue(q, at + ": malformed PM4 header " + hex(header) +
                        (n ? " (packet runs past the end of the buffer)" : ""));
      return Step::kError;
    }
    q.packet.resize(n);
    if (!mem.read(va, q.packet.data(), 4ull * n)) {
      fail_queue(q, at + ": indirect buffer at " + hex(va) + " is not mapped");
      return Step::kError;
    }
    const Step s = execute_pm4(q, mem, q.packet.data(), n, true, at);
    if (s != Step::kDone) return s;
    q.ib.pos += n;
    packets.fetch_add(1, std::memory_order_relaxed);
  }
  q.ib.active = false;
  return Step::kDone;
}

Step CommandProcessor::Impl::execute_pm4(cp::Queue& q, cp::GpuMemory& mem, const uint32_t* pkt,
                                         uint32_t n, bool in_ib, const std::string& where) {
  const uint32_t header = pkt[0];
  if (FW_FIELD_GET(header, FW_PM4_HEADER_TYPE) == FW_PM4_TYPE_2) return Step::kDone;
  const uint32_t opcode = FW_FIELD_GET(header, FW_PM4_HEADER_OPCODE);
  const Pm4Opcode* op = find_opcode(opcode);
  if (!op) {
    fail_queue(q, where + ": unknown PM4 opcode " + hex(opcode));
    return Step::kError;
  }
  cp::Pm4Packet p;
  p.payload = pkt + 1;
  p.dwords = n - 1;
  p.in_ib = in_ib;
  p.where = where + " (" + op->name + ")";
  if (p.dwords < op->min_dwords) {
    fail_queue(q, p.where + ": " + std::to_string(p.dwords) + " payload dwords, needs " +
                      std::to_string(op->min_dwords));
    return Step::kError;
  }
  switch (opcode) {
    case FW_PM4_NOP:
      return Step::kDone;
    case FW_PM4_ACQUIRE_MEM:
    case FW_PM4_EVENT_WRITE:
      // Caches are coherent here: invalidations and flushes reduce to
      // ordering the CP's accesses with everybody else's.
      std::atomic_thread_fence(std::memory_order_seq_cst);
      return Step::kDone;
    case FW_PM4_WRITE_DATA:
      return pm4_write_data(q, mem, p);
    case FW_PM4_RELEASE_MEM:
      return pm4_release_mem(q, mem, p);
    case FW_PM4_WAIT_REG_MEM:
      return pm4_wait_reg_mem(q, mem, p);
    case FW_PM4_INDIRECT_BUFFER:
      if (in_ib) {
        // The compute CP runs one level of indirect buffers.
        fail_queue(q, p.where + ": INDIRECT_BUFFER inside an indirect buffer");
        return Step::kError;
      }
      return start_indirect_buffer(q, p.payload, p.dwords, p.where);
    case FW_PM4_SET_SH_REG:
      return pm4_set_sh_reg(q, p);
    case FW_PM4_DISPATCH_DIRECT:
      return pm4_dispatch_direct(q, mem, p);
  }
  fail_queue(q, p.where + ": opcode not handled");
  return Step::kError;
}

Step CommandProcessor::Impl::pm4_write_data(cp::Queue& q, cp::GpuMemory& mem,
                                            const cp::Pm4Packet& p) {
  const uint32_t control = p.payload[0];
  const uint32_t dst = FW_FIELD_GET(control, FW_PM4_WRITE_DATA_DST_SEL);
  if (dst != FW_PM4_WRITE_DATA_DST_MEM_GRBM && dst != FW_PM4_WRITE_DATA_DST_MEM) {
    fail_queue(
        q, p.where + ": destination " + std::to_string(dst) + " is not supported (memory only)");
    return Step::kError;
  }
  const uint64_t va = address(p.payload[1], p.payload[2]);
  const bool one_addr = FW_FIELD_GET(control, FW_PM4_WRITE_DATA_WR_ONE_ADDR);
  for (uint32_t i = 3; i < p.dwords; ++i) {
    const uint64_t at = one_addr ? va : va + 4ull * (i - 3);
    if (!mem.store_release(at, p.payload[i])) {
      fail_queue(q, p.where + ": destination " + hex(at) + " is not mapped");
      return Step::kError;
    }
  }
  // WR_CONFIRM: the write is visible before the next packet runs.
  if (FW_FIELD_GET(control, FW_PM4_WRITE_DATA_WR_CONFIRM))
    std::atomic_thread_fence(std::memory_order_seq_cst);
  return Step::kDone;
}

Step CommandProcessor::Impl::pm4_release_mem(cp::Queue& q, cp::GpuMemory& mem,
                                             const cp::Pm4Packet& p) {
  const uint32_t* w = p.payload;
  const uint32_t data_sel = FW_FIELD_GET(w[1], FW_PM4_RELEASE_MEM_DATA_SEL);
  const uint32_t int_sel = FW_FIELD_GET(w[1], FW_PM4_RELEASE_MEM_INT_SEL);
  const uint64_t va = static_cast<uint64_t>(w[2]) | static_cast<uint64_t>(w[3]) << 32;
  // Every earlier packet has completed (the CP runs one at a time): the
  // end-of-pipe event has happened. Release its writes first.
  std::atomic_thread_fence(std::memory_order_seq_cst);
  bool ok = true;
  switch (data_sel) {
    case FW_PM4_DATA_SEL_NONE:
      break;
    case FW_PM4_DATA_SEL_LOW32:
      ok = mem.store_release(va, w[4]);
      break;
    case FW_PM4_DATA_SEL_64:
      ok = mem.store_release(va, static_cast<uint64_t>(w[4]) | static_cast<uint64_t>(w[5]) << 32);
      break;
    case FW_PM4_DATA_SEL_GPU_CLOCK:
    case FW_PM4_DATA_SEL_SYS_CLOCK:
      ok = mem.store_release(va, gpu_clock());
      break;
    default:
      fail_queue(q, p.where + ": DATA_SEL " + std::to_string(data_sel) + " is not supported");
      return Step::kError;
  }
  if (!ok) {
    fail_queue(q, p.where + ": destination " + hex(va) + " is not mapped or not aligned");
    return Step::kError;
  }
  switch (int_sel) {
    case FW_PM4_INT_SEL_NONE:
    case 3:  // send data after write confirm: no interrupt
      break;
    case FW_PM4_INT_SEL_INT_ONLY:
    case FW_PM4_INT_SEL_INT_ON_CONFIRM:
    case 4: {  // unconditionally send INT_CTXID
      // The interrupt's context id is the packet's INT_CTXID dword; a packet
      // that leaves it 0 is taken to carry the id in its data (low 32 bits).
      uint32_t ctx = p.dwords >= FW_PM4_RELEASE_MEM_DWORDS ? w[6] : 0;
      if (!ctx) ctx = w[4];
      raise(FW_IH_CLIENT_GRBM_CP, FW_IH_SRC_CP_END_OF_PIPE, q, ctx);
      break;
    }
    default:
      fail_queue(q, p.where + ": INT_SEL " + std::to_string(int_sel) + " is not supported");
      return Step::kError;
  }
  return Step::kDone;
}

Step CommandProcessor::Impl::pm4_wait_reg_mem(cp::Queue& q, cp::GpuMemory& mem,
                                              const cp::Pm4Packet& p) {
  const uint32_t* w = p.payload;
  const uint32_t function = FW_FIELD_GET(w[0], FW_PM4_WAIT_REG_MEM_FUNCTION);
  if (FW_FIELD_GET(w[0], FW_PM4_WAIT_REG_MEM_MEM_SPACE) != 1 ||
      FW_FIELD_GET(w[0], FW_PM4_WAIT_REG_MEM_OPERATION) != 0) {
    fail_queue(q, p.where + ": only waits on memory are supported");
    return Step::kError;
  }
  if (function > FW_PM4_WAIT_GT) {
    fail_queue(q, p.where + ": compare function 7 is reserved");
    return Step::kError;
  }
  const uint64_t va = address(w[1], w[2]);
  uint32_t v = 0;
  if (!mem.load_acquire(va, &v)) {
    fail_queue(q, p.where + ": poll address " + hex(va) + " is not mapped");
    return Step::kError;
  }
  return wait_satisfied(function, v & w[4], w[3]) ? Step::kDone : Step::kBlocked;
}

Step CommandProcessor::Impl::pm4_set_sh_reg(cp::Queue& q, const cp::Pm4Packet& p) {
  const uint32_t first = p.payload[0] & 0xFFFF;
  const uint32_t count = p.dwords - 1;
  if (first >= FW_SH_COMPUTE_REG_END || count > FW_SH_COMPUTE_REG_END - first) {
    fail_queue(q, p.where + ": registers " + hex(first) + "+" + std::to_string(count) +
                      " are outside the SH range");
    return Step::kError;
  }
  for (uint32_t i = 0; i < count; ++i) q.sh_regs[first + i] = p.payload[1 + i];
  return Step::kDone;
}

Step CommandProcessor::Impl::pm4_dispatch_direct(cp::Queue& q, cp::GpuMemory& mem,
                                                 const cp::Pm4Packet& p) {
  const uint32_t* r = q.sh_regs;
  RegisterDispatch req;
  // No CU enabled: the dispatch waits (the queue hangs, as on gfx9).
  if (!dispatch_cus(q, req.cu_enable)) return Step::kBlocked;
  req.code_entry = (static_cast<uint64_t>(r[FW_SH_COMPUTE_PGM_HI]) << 32 | r[FW_SH_COMPUTE_PGM_LO])
                   << 8;
  req.rsrc1 = r[FW_SH_COMPUTE_PGM_RSRC1];
  req.rsrc2 = r[FW_SH_COMPUTE_PGM_RSRC2];
  for (unsigned i = 0; i < FW_SH_COMPUTE_USER_DATA_COUNT; ++i)
    req.user_data[i] = r[FW_SH_COMPUTE_USER_DATA_0 + i];
  const uint32_t initiator = p.payload[3];
  const bool thread_dims =
      FW_FIELD_GET(initiator, FW_COMPUTE_DISPATCH_INITIATOR_USE_THREAD_DIMENSIONS);
  for (unsigned k = 0; k < 3; ++k) {
    req.wg_size[k] = FW_FIELD_GET(r[FW_SH_COMPUTE_NUM_THREAD_X + k], FW_COMPUTE_NUM_THREAD_FULL);
    const uint32_t dim = p.payload[k];
    if (thread_dims) {
      // Thread counts must fill whole groups: partial groups are not modelled.
      if (!req.wg_size[k] || dim % req.wg_size[k]) {
        fail_queue(q, p.where +
                          ": thread dimensions that are not whole workgroups are not "
                          "supported");
        return Step::kError;
      }
      req.wg_count[k] = dim / req.wg_size[k];
    } else {
      req.wg_count[k] = dim;
    }
  }
  // Scratch: COMPUTE_TMPRING_SIZE's WAVES slots of WAVESIZE KiB in the
  // VMID's scratch backing, so it outlives the dispatch as on hardware.
  // Without a backing the engine backs it for this dispatch only.
  const uint32_t tmpring = r[FW_SH_COMPUTE_TMPRING_SIZE];
  const uint32_t wave_kib = FW_FIELD_GET(tmpring, FW_COMPUTE_TMPRING_WAVESIZE);
  req.private_bytes = wave_kib * 1024 / 64;
  const uint64_t backing = scratch_backing(q.desc.vmid);
  if (backing && wave_kib && FW_FIELD_GET(tmpring, FW_COMPUTE_TMPRING_WAVES)) {
    req.scratch.base = backing;
    req.scratch.wave_bytes = wave_kib * 1024ull;
    // The private segment V#, if the kernel uses one, is in its user data.
    req.scratch.waves = FW_FIELD_GET(tmpring, FW_COMPUTE_TMPRING_WAVES);
  }
  req.kernel_name = p.where;
  req.cancel = &q.cancel;
  req.interrupt = sq_interrupt(q);
  const TrapHandler trap = trap_handler(q.desc.vmid);
  req.trap_handler = trap.tba;
  req.trap_memory = trap.tma;
  req.doorbell_id = q.desc.doorbell_id;
  dispatches.fetch_add(1, std::memory_order_relaxed);
  reader.end();
  const DispatchResult res = engine.dispatch_registers(req);
  reader.begin();
  mem.forget();
  if (res.cancelled) return Step::kStopped;
  if (res.halted) {
    halt_queue(q, res);
    return Step::kError;
  }
  if (!res.ok && res.bad_request) {
    fail_queue(q, p.where + ": " + res.error);
    return Step::kError;
  }
  if (!res.ok) {
    fail_kernel(q, res);
    return Step::kError;
  }
  return Step::kDone;
}

}  // namespace gcn
