// The SDMA v4 packets the engines execute. Memory goes through the GPU's
// address space: a byte range may span several mappings, and an address
// outside them (or a write to read-only memory) is a VM fault that stops
// the queue, never a host crash. A packet the engine cannot execute
// (unknown or unsupported operation, bad alignment) stops the queue too.
#include <algorithm>
#include <cstring>

#include "sdma/sdma_internal.h"
#include "sdma_packets.h"

namespace gcn {

namespace {

using sdma::Step;

uint64_t addr(uint32_t lo, uint32_t hi) { return lo | static_cast<uint64_t>(hi) << 32; }

// Host bytes behind va up to the end of its mapping (0 when unmapped, or
// read-only and write is asked).
uint64_t contiguous(const AddressSpace& as, uint64_t va, bool write, uint8_t** host) {
  Mapping m;
  if (!as.lookup(va, &m) || (write && !m.writable)) return 0;
  *host = m.host + (va - m.va);
  return m.va + m.size - va;
}

// Moves bytes between GPU ranges that may span mappings; memmove semantics
// per piece. Returns 0 or the first address that faulted.
uint64_t copy_bytes(const AddressSpace& as, uint64_t dst, uint64_t src, uint64_t n) {
  while (n) {
    uint8_t *s = nullptr, *d = nullptr;
    const uint64_t sa = contiguous(as, src, false, &s);
    if (!sa) return src ? src : 1;
    const uint64_t da = contiguous(as, dst, true, &d);
    if (!da) return dst ? dst : 1;
    const uint64_t piece = std::min({n, sa, da});
    std::memmove(d, s, piece);
    src += piece;
    dst += piece;
    n -= piece;
  }
  return 0;
}

// Writes from host memory into a GPU range; 0 or the faulting address.
uint64_t write_bytes(const AddressSpace& as, uint64_t dst, const void* src, uint64_t n) {
  const auto* s = static_cast<const uint8_t*>(src);
  while (n) {
    uint8_t* d = nullptr;
    const uint64_t da = contiguous(as, dst, true, &d);
    if (!da) return dst ? dst : 1;
    const uint64_t piece = std::min(n, da);
    std::memcpy(d, s, piece);
    s += piece;
    dst += piece;
    n -= piece;
  }
  return 0;
}

// Fills a GPU range with a repeating pattern of unit bytes; 0 or the
// faulting address. dst and n are multiples of unit.
uint64_t fill_bytes(const AddressSpace& as, uint64_t dst, uint32_t value, uint32_t unit,
                    uint64_t n) {
  uint8_t pattern[4];
  std::memcpy(pattern, &value, 4);
  uint64_t done = 0;
  while (done < n) {
    uint8_t* d = nullptr;
    const uint64_t da = contiguous(as, dst + done, true, &d);
    if (!da) return dst + done ? dst + done : 1;
    const uint64_t piece = std::min(n - done, da);
    if (unit == 1) {
      std::memset(d, pattern[0], piece);
    } else {
      for (uint64_t i = 0; i < piece; ++i) d[i] = pattern[(done + i) % unit];
    }
    done += piece;
  }
  return 0;
}

bool compare(uint32_t func, uint32_t v, uint32_t ref) {
  switch (func) {
    case FW_SDMA_FUNC_ALWAYS:
      return true;
    case FW_SDMA_FUNC_LT:
      return v < ref;
    case FW_SDMA_FUNC_LE:
      return v <= ref;
    case FW_SDMA_FUNC_EQ:
      return v == ref;
    case FW_SDMA_FUNC_NE:
      return v != ref;
    case FW_SDMA_FUNC_GE:
      return v >= ref;
    case FW_SDMA_FUNC_GT:
      return v > ref;
  }
  return false;
}

// The TC atomic operations as "new value from old": one compare-and-swap
// loop runs them all on 32- or 64-bit values.
struct AtomicOp {
  uint32_t kind;
  const char* name;
  uint64_t (*apply)(uint64_t old, uint64_t src, uint64_t cmp, unsigned bits);
};

int64_t sign(uint64_t v, unsigned bits) {
  return bits == 32 ? static_cast<int32_t>(v) : static_cast<int64_t>(v);
}

const AtomicOp kAtomicOps[] = {
    {FW_SDMA_ATOMIC_SWAP, "SWAP", [](uint64_t, uint64_t s, uint64_t, unsigned) { return s; }},
    {FW_SDMA_ATOMIC_CMPSWAP, "CMPSWAP",
     [](uint64_t o, uint64_t s, uint64_t c, unsigned) { return o == c ? s : o; }},
    {FW_SDMA_ATOMIC_ADD, "ADD", [](uint64_t o, uint64_t s, uint64_t, unsigned) { return o + s; }},
    {FW_SDMA_ATOMIC_SUB, "SUB", [](uint64_t o, uint64_t s, uint64_t, unsigned) { return o - s; }},
    {FW_SDMA_ATOMIC_SMIN, "SMIN",
     [](uint64_t o, uint64_t s, uint64_t, unsigned b) { return sign(s, b) < sign(o, b) ? s : o; }},
    {FW_SDMA_ATOMIC_UMIN, "UMIN",
     [](uint64_t o, uint64_t s, uint64_t, unsigned) { return std::min(o, s); }},
    {FW_SDMA_ATOMIC_SMAX, "SMAX",
     [](uint64_t o, uint64_t s, uint64_t, unsigned b) { return sign(s, b) > sign(o, b) ? s : o; }},
    {FW_SDMA_ATOMIC_UMAX, "UMAX",
     [](uint64_t o, uint64_t s, uint64_t, unsigned) { return std::max(o, s); }},
    {FW_SDMA_ATOMIC_AND, "AND", [](uint64_t o, uint64_t s, uint64_t, unsigned) { return o & s; }},
    {FW_SDMA_ATOMIC_OR, "OR", [](uint64_t o, uint64_t s, uint64_t, unsigned) { return o | s; }},
    {FW_SDMA_ATOMIC_XOR, "XOR", [](uint64_t o, uint64_t s, uint64_t, unsigned) { return o ^ s; }},
    // Wrapping increment and decrement with src as the limit.
    {FW_SDMA_ATOMIC_INC, "INC",
     [](uint64_t o, uint64_t s, uint64_t, unsigned) { return o >= s ? 0 : o + 1; }},
    {FW_SDMA_ATOMIC_DEC, "DEC",
     [](uint64_t o, uint64_t s, uint64_t, unsigned) { return o == 0 || o > s ? s : o - 1; }},
};

const AtomicOp* find_atomic(uint32_t kind) {
  for (const auto& a : kAtomicOps)
    if (a.kind == kind) return &a;
  return nullptr;
}

template <typename T>
bool run_atomic(T* p, const AtomicOp& op, uint64_t src, uint64_t cmp) {
  T old = __atomic_load_n(p, __ATOMIC_ACQUIRE);
  for (;;) {
    const T next =
        static_cast<T>(op.apply(old, static_cast<T>(src), static_cast<T>(cmp), sizeof(T) * 8));
    if (__atomic_compare_exchange_n(p, &old, next, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
      return op.kind != FW_SDMA_ATOMIC_CMPSWAP || old == static_cast<T>(cmp);
  }
}

}  // namespace

// A rectangle of rows (and slices) between two linear surfaces: each row
// is one contiguous run of elements. Offsets, pitches and sizes are in
// elements; the packet holds pitches and sizes minus one.
Step SdmaEngine::Impl::copy_sub_window(sdma::Queue& q, const uint32_t* pkt,
                                       const std::string& where) {
  fw_sdma_copy_sub_window p;
  std::memcpy(&p, pkt, sizeof(p));
  const uint32_t log2 = FW_FIELD_GET(p.header, FW_SDMA_SUB_WINDOW_HEADER_ELEMENTSIZE);
  if (log2 > 4) return fail_queue(q, where + ": SUB-WINDOW element size " + std::to_string(log2));
  const uint64_t element = 1ull << log2;
  struct Surface {
    uint64_t base, x, y, z, pitch, slice;
  };
  auto surface = [](uint32_t lo, uint32_t hi, uint32_t xy, uint32_t z_pitch, uint32_t slice) {
    return Surface{addr(lo, hi),
                   FW_FIELD_GET(xy, FW_SDMA_SUB_WINDOW_X),
                   FW_FIELD_GET(xy, FW_SDMA_SUB_WINDOW_Y),
                   FW_FIELD_GET(z_pitch, FW_SDMA_SUB_WINDOW_Z),
                   FW_FIELD_GET(z_pitch, FW_SDMA_SUB_WINDOW_PITCH) + 1ull,
                   FW_FIELD_GET(slice, FW_SDMA_SUB_WINDOW_SLICE_PITCH) + 1ull};
  };
  const Surface src = surface(p.src_lo, p.src_hi, p.src_xy, p.src_z_pitch, p.src_slice_pitch);
  const Surface dst = surface(p.dst_lo, p.dst_hi, p.dst_xy, p.dst_z_pitch, p.dst_slice_pitch);
  const uint64_t width = FW_FIELD_GET(p.rect_xy, FW_SDMA_SUB_WINDOW_RECT_X) + 1ull;
  const uint64_t height = FW_FIELD_GET(p.rect_xy, FW_SDMA_SUB_WINDOW_RECT_Y) + 1ull;
  const uint64_t depth = FW_FIELD_GET(p.rect_z, FW_SDMA_SUB_WINDOW_RECT_Z) + 1ull;
  auto row = [&](const Surface& s, uint64_t y, uint64_t z) {
    return s.base + ((s.z + z) * s.slice + (s.y + y) * s.pitch + s.x) * element;
  };
  for (uint64_t z = 0; z < depth; ++z)
    for (uint64_t y = 0; y < height; ++y)
      if (const uint64_t bad = copy_bytes(memory, row(dst, y, z), row(src, y, z), width * element))
        return fault(q, where + ": COPY LINEAR SUB-WINDOW", bad);
  return Step::kDone;
}

uint32_t sdma_packet_dwords(const uint32_t* pkt, uint32_t n) {
  const uint32_t op = FW_FIELD_GET(pkt[0], FW_SDMA_HEADER_OP);
  const uint32_t sub = FW_FIELD_GET(pkt[0], FW_SDMA_HEADER_SUB_OP);
  switch (op) {
    case FW_SDMA_OP_NOP:
      return 1 + FW_FIELD_GET(pkt[0], FW_SDMA_NOP_COUNT);
    case FW_SDMA_OP_COPY:
      if (sub == FW_SDMA_SUBOP_COPY_LINEAR) return sizeof(fw_sdma_copy_linear) / 4;
      if (sub == FW_SDMA_SUBOP_COPY_LINEAR_SUB_WINDOW) return sizeof(fw_sdma_copy_sub_window) / 4;
      return 0;
    case FW_SDMA_OP_WRITE:
      if (sub != FW_SDMA_SUBOP_WRITE_LINEAR) return 0;
      if (n < 4) return 4;
      return 4 + 1 + FW_FIELD_GET(pkt[3], FW_SDMA_WRITE_UNTILED_COUNT);
    case FW_SDMA_OP_FENCE:
      return sizeof(fw_sdma_fence) / 4;
    case FW_SDMA_OP_TRAP:
      return sizeof(fw_sdma_trap) / 4;
    case FW_SDMA_OP_POLL_REGMEM:
      return sizeof(fw_sdma_poll_regmem) / 4;
    case FW_SDMA_OP_ATOMIC:
      return sizeof(fw_sdma_atomic) / 4;
    case FW_SDMA_OP_CONST_FILL:
      return sizeof(fw_sdma_const_fill) / 4;
    case FW_SDMA_OP_TIMESTAMP:
      return sizeof(fw_sdma_timestamp) / 4;
  }
  return 0;
}

Step SdmaEngine::Impl::execute(sdma::Queue& q, cp::GpuMemory& mem, const uint32_t* pkt,
                               uint32_t dwords, const std::string& where) {
  const uint32_t op = FW_FIELD_GET(pkt[0], FW_SDMA_HEADER_OP);
  const uint32_t sub = FW_FIELD_GET(pkt[0], FW_SDMA_HEADER_SUB_OP);
  switch (op) {
    case FW_SDMA_OP_NOP:
      return Step::kDone;

    case FW_SDMA_OP_COPY: {
      if (sub == FW_SDMA_SUBOP_COPY_LINEAR_SUB_WINDOW) return copy_sub_window(q, pkt, where);
      fw_sdma_copy_linear p;
      std::memcpy(&p, pkt, sizeof(p));
      const uint64_t bytes = FW_FIELD_GET(p.count, FW_SDMA_COPY_LINEAR_COUNT) + 1ull;
      const uint64_t src = addr(p.src_lo, p.src_hi), dst = addr(p.dst_lo, p.dst_hi);
      if (const uint64_t bad = copy_bytes(memory, dst, src, bytes))
        return fault(q, where + ": COPY LINEAR", bad);
      return Step::kDone;
    }

    case FW_SDMA_OP_WRITE: {
      fw_sdma_write_untiled p;
      std::memcpy(&p, pkt, sizeof(p));
      const uint64_t dst = addr(p.dst_lo, p.dst_hi);
      if (dst & 3) return fail_queue(q, where + ": WRITE to " + hex(dst) + " is not dword aligned");
      if (const uint64_t bad = write_bytes(memory, dst, pkt + 4, (dwords - 4) * 4ull))
        return fault(q, where + ": WRITE", bad);
      return Step::kDone;
    }

    case FW_SDMA_OP_FENCE: {
      fw_sdma_fence p;
      std::memcpy(&p, pkt, sizeof(p));
      const uint64_t dst = addr(p.addr_lo, p.addr_hi);
      if (dst & 3) return fail_queue(q, where + ": FENCE to " + hex(dst) + " is not dword aligned");
      if (!mem.store_release<uint32_t>(dst, p.data)) return fault(q, where + ": FENCE", dst);
      return Step::kDone;
    }

    case FW_SDMA_OP_TRAP: {
      // Everything before the trap is done (the engine runs in order), so
      // the interrupt may wake a waiter at once.
      raise(FW_IH_CLIENT_SDMA0 + q.desc.engine, FW_IH_SRC_SDMA_TRAP, q,
            FW_FIELD_GET(pkt[1], FW_SDMA_TRAP_INT_CONTEXT));
      return Step::kDone;
    }

    case FW_SDMA_OP_POLL_REGMEM: {
      fw_sdma_poll_regmem p;
      std::memcpy(&p, pkt, sizeof(p));
      const uint32_t func = FW_FIELD_GET(p.header, FW_SDMA_POLL_REGMEM_HEADER_FUNC);
      if (!FW_FIELD_GET(p.header, FW_SDMA_POLL_REGMEM_HEADER_MEM_POLL)) {
        // The register forms the clients send are HDP flushes: the thunk's
        // sets hdp_flush (request/done register pair); ROCr's template is
        // a register poll with function "always" ({0x8, 0, 0x80000000, 0,
        // 0, 0}). The virtual GPU's memory is the host's, with no host data
        // path cache to flush, and "always" holds at once either way.
        if (FW_FIELD_GET(p.header, FW_SDMA_POLL_REGMEM_HEADER_HDP_FLUSH) ||
            func == FW_SDMA_FUNC_ALWAYS)
          return Step::kDone;
        return fail_queue(q, where + ": POLL_REGMEM on a register is not supported");
      }
      if (func > FW_SDMA_FUNC_GT)
        return fail_queue(q, where + ": POLL_REGMEM function " + std::to_string(func));
      const uint64_t va = addr(p.addr_lo, p.addr_hi);
      if (va & 3) return fail_queue(q, where + ": POLL_REGMEM at " + hex(va) + " is not aligned");
      uint32_t v = 0;
      if (!mem.load_acquire<uint32_t>(va, &v)) return fault(q, where + ": POLL_REGMEM", va);
      // The retry count is not enforced: the engine polls until the
      // condition holds (ROCr asks for endless retries, 0xfff).
      return compare(func, v & p.mask, p.value) ? Step::kDone : Step::kBlocked;
    }

    case FW_SDMA_OP_ATOMIC: {
      fw_sdma_atomic p;
      std::memcpy(&p, pkt, sizeof(p));
      const uint32_t code = FW_FIELD_GET(p.header, FW_SDMA_ATOMIC_HEADER_OPERATION);
      const AtomicOp* a = find_atomic(FW_FIELD_GET(code, FW_SDMA_ATOMIC_KIND));
      if (!a) return fail_queue(q, where + ": ATOMIC operation " + hex(code) + " is not supported");
      const unsigned bytes = FW_FIELD_GET(code, FW_SDMA_ATOMIC_64BIT) ? 8 : 4;
      const uint64_t va = addr(p.addr_lo, p.addr_hi);
      if (va % bytes) return fail_queue(q, where + ": ATOMIC at " + hex(va) + " is not aligned");
      uint8_t* h = mem.host(va, bytes, true);
      if (!h) return fault(q, where + ": ATOMIC " + a->name, va);
      const uint64_t src = addr(p.src_data_lo, p.src_data_hi);
      const uint64_t cmp = addr(p.cmp_data_lo, p.cmp_data_hi);
      const bool ok = bytes == 8 ? run_atomic(reinterpret_cast<uint64_t*>(h), *a, src, cmp)
                                 : run_atomic(reinterpret_cast<uint32_t*>(h), *a, src, cmp);
      // A looping compare-swap retries until it succeeds.
      if (!ok && FW_FIELD_GET(p.header, FW_SDMA_ATOMIC_HEADER_LOOP)) return Step::kBlocked;
      return Step::kDone;
    }

    case FW_SDMA_OP_CONST_FILL: {
      fw_sdma_const_fill p;
      std::memcpy(&p, pkt, sizeof(p));
      const uint32_t fillsize = FW_FIELD_GET(p.header, FW_SDMA_CONST_FILL_HEADER_FILLSIZE);
      if (fillsize > 2)
        return fail_queue(q, where + ": CONST_FILL size " + std::to_string(fillsize));
      const uint32_t unit = 1u << fillsize;
      const uint64_t dst = addr(p.dst_lo, p.dst_hi);
      const uint64_t bytes = FW_FIELD_GET(p.count, FW_SDMA_CONST_FILL_COUNT) + 1ull;
      if (dst % unit || bytes % unit)
        return fail_queue(q, where + ": CONST_FILL of " + std::to_string(bytes) + " bytes at " +
                                 hex(dst) + " is not aligned to its " + std::to_string(unit) +
                                 "-byte unit");
      if (const uint64_t bad = fill_bytes(memory, dst, p.src_data, unit, bytes))
        return fault(q, where + ": CONST_FILL", bad);
      return Step::kDone;
    }

    case FW_SDMA_OP_TIMESTAMP: {
      if (sub != FW_SDMA_SUBOP_TIMESTAMP_GET && sub != FW_SDMA_SUBOP_TIMESTAMP_GET_GLOBAL)
        return fail_queue(q, where + ": TIMESTAMP SET is not supported");
      fw_sdma_timestamp p;
      std::memcpy(&p, pkt, sizeof(p));
      const uint64_t va = addr(p.addr_lo, p.addr_hi);
      if (va & 7) return fail_queue(q, where + ": TIMESTAMP at " + hex(va) + " is not aligned");
      if (!mem.store_release<uint64_t>(va, gpu_clock())) return fault(q, where + ": TIMESTAMP", va);
      return Step::kDone;
    }
  }
  return fail_queue(q, where + ": operation " + std::to_string(op) + " is not supported");
}

}  // namespace gcn
