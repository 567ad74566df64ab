// Shared memory-access helpers (see memory_ops.h).
#include "memory_ops.h"

#include <cstring>
#include <string>
#include <type_traits>

#include "image_format.h"

namespace gcn {
namespace mem {

uint32_t merge_load(uint32_t old, uint32_t raw, Part p) {
  uint32_t v = raw;
  if (p.bytes < 4) {
    const unsigned bits = p.bytes * 8;
    v &= (1u << bits) - 1;
    if (p.sign && (v >> (bits - 1)) & 1) v |= ~0u << bits;
  }
  if (p.half == 0) return v;
  v &= 0xFFFF;
  return p.half == 1 ? (old & 0xFFFF0000u) | v : (old & 0xFFFFu) | v << 16;
}

namespace {

uint8_t* lds_ptr(Wave& w, uint64_t off, unsigned bytes) {
  if (!w.wg || off + bytes > w.wg->lds.size()) return nullptr;
  return w.wg->lds.data() + off;
}

uint8_t* global_ptr(Wave& w, uint64_t va, unsigned bytes, bool write, const char* name) {
  uint8_t* p = w.memory ? w.tlb.translate(*w.memory, va, bytes, write) : nullptr;
  if (!p) w.raise(FaultKind::kMemoryViolation, va, name);
  return p;
}

}  // namespace

bool read(Wave& w, Target t, unsigned bytes, uint64_t* val, const char* name) {
  *val = 0;
  const uint8_t* p = nullptr;
  if (t.kind == Target::kLds) {
    p = lds_ptr(w, t.addr, bytes);
  } else if (t.kind == Target::kGlobal) {
    p = global_ptr(w, t.addr, bytes, false, name);
    if (!p) return false;
  }
  if (p) std::memcpy(val, p, bytes);  // little-endian host
  return true;
}

bool write(Wave& w, Target t, unsigned bytes, uint64_t val, const char* name) {
  uint8_t* p = nullptr;
  if (t.kind == Target::kLds) {
    p = lds_ptr(w, t.addr, bytes);
  } else if (t.kind == Target::kGlobal) {
    p = global_ptr(w, t.addr, bytes, true, name);
    if (!p) return false;
  }
  if (p) std::memcpy(p, &val, bytes);
  return true;
}

namespace {

template <class T>
T apply_typed(AtomicOp op, T old, T a, T b) {
  using S = typename std::make_signed<T>::type;
  using F = typename std::conditional<sizeof(T) == 4, float, double>::type;
  auto f = [](T x) {
    F r;
    std::memcpy(&r, &x, sizeof(T));
    return r;
  };
  auto bits = [](F x) {
    T r;
    std::memcpy(&r, &x, sizeof(T));
    return r;
  };
  switch (op) {
    case AtomicOp::kSwap:
      return a;
    case AtomicOp::kCmpSwap:
      return old == b ? a : old;
    case AtomicOp::kAdd:
      return old + a;
    case AtomicOp::kSub:
      return old - a;
    case AtomicOp::kRsub:
      return a - old;
    case AtomicOp::kSMin:
      return static_cast<S>(a) < static_cast<S>(old) ? a : old;
    case AtomicOp::kUMin:
      return a < old ? a : old;
    case AtomicOp::kSMax:
      return static_cast<S>(a) > static_cast<S>(old) ? a : old;
    case AtomicOp::kUMax:
      return a > old ? a : old;
    case AtomicOp::kAnd:
      return old & a;
    case AtomicOp::kOr:
      return old | a;
    case AtomicOp::kXor:
      return old ^ a;
    case AtomicOp::kInc:
      return old >= a ? 0 : old + 1;
    case AtomicOp::kDec:
      return (old == 0 || old > a) ? a : old - 1;
    case AtomicOp::kMskOr:
      return (old & ~a) | b;
    case AtomicOp::kWrap:
      return old >= a ? old - a : old + b;
    case AtomicOp::kFAdd:
      return bits(f(old) + f(a));
    // DS_MIN_F32/DS_MAX_F32: mem = (DATA < mem) ? DATA : mem (and the
    // mirror for max); a NaN operand leaves memory unchanged.
    case AtomicOp::kFMin:
      return f(a) < f(old) ? a : old;
    case AtomicOp::kFMax:
      return f(a) > f(old) ? a : old;
    case AtomicOp::kFCmpSwap:
      return f(old) == f(b) ? a : old;
  }
  return old;
}

template <class T>
bool host_atomic(T* p, AtomicOp op, T a, T b, T* old) {
  T cur = __atomic_load_n(p, __ATOMIC_SEQ_CST);
  for (;;) {
    const T next = apply_typed<T>(op, cur, a, b);
    if (next == cur && op != AtomicOp::kSwap) break;  // no store needed; cur is the old value
    if (__atomic_compare_exchange_n(p, &cur, next, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
      break;
  }
  *old = cur;
  return true;
}

}  // namespace

uint64_t atomic_apply(AtomicOp op, bool wide, uint64_t old, uint64_t a, uint64_t b) {
  if (wide) return apply_typed<uint64_t>(op, old, a, b);
  return apply_typed<uint32_t>(op, static_cast<uint32_t>(old), static_cast<uint32_t>(a),
                               static_cast<uint32_t>(b));
}

bool atomic(Wave& w, Target t, AtomicOp op, bool wide, uint64_t a, uint64_t b, uint64_t* old,
            const char* name) {
  const unsigned bytes = wide ? 8 : 4;
  *old = 0;
  if (t.kind == Target::kNone) return true;
  if (t.kind == Target::kLds) {
    uint8_t* p = lds_ptr(w, t.addr, bytes);
    if (!p) return true;
    std::memcpy(old, p, bytes);
    const uint64_t next = atomic_apply(op, wide, *old, a, b);
    std::memcpy(p, &next, bytes);
    return true;
  }
  // Host atomics need natural alignment; so do the GPU's.
  if (t.addr % bytes) {
    w.raise(FaultKind::kMemoryViolation, t.addr, std::string(name) + ": misaligned atomic");
    return false;
  }
  uint8_t* p = global_ptr(w, t.addr, bytes, true, name);
  if (!p) return false;
  if (wide) return host_atomic<uint64_t>(reinterpret_cast<uint64_t*>(p), op, a, b, old);
  uint32_t o = 0;
  host_atomic<uint32_t>(reinterpret_cast<uint32_t*>(p), op, static_cast<uint32_t>(a),
                        static_cast<uint32_t>(b), &o);
  *old = o;
  return true;
}

BufferRsrc buffer_rsrc(const Wave& w, unsigned s) {
  const uint32_t d0 = w.sgpr[s & 127], d1 = w.sgpr[(s + 1) & 127];
  const uint32_t d2 = w.sgpr[(s + 2) & 127], d3 = w.sgpr[(s + 3) & 127];
  BufferRsrc r;
  r.base = d0 | static_cast<uint64_t>(d1 & 0xFFFF) << 32;
  r.stride = (d1 >> 16) & 0x3FFF;
  r.swizzle = (d1 >> 31) & 1;
  r.num_records = d2;
  r.add_tid = (d3 >> 23) & 1;
  r.index_stride = 8u << ((d3 >> 21) & 3);
  r.element_size = 2u << ((d3 >> 19) & 3);
  r.data_format = (d3 >> 15) & 0xF;
  r.num_format = (d3 >> 12) & 7;
  return r;
}

Target buffer_target(const BufferRsrc& r, uint64_t soffset, uint32_t index, uint32_t offset,
                     unsigned bytes) {
  // Range check (gfx9): raw buffers (stride 0) bound the byte offset,
  // structured buffers the record index; soffset is not checked.
  if (r.stride == 0) {
    if (static_cast<uint64_t>(offset) + bytes > r.num_records) return {};
  } else if (index >= r.num_records) {
    return {};
  }
  uint64_t off;
  if (r.swizzle) {
    const uint64_t index_msb = index / r.index_stride, index_lsb = index % r.index_stride;
    const uint64_t offset_msb = offset / r.element_size, offset_lsb = offset % r.element_size;
    off = (index_msb * r.stride + offset_msb * r.element_size) * r.index_stride +
          index_lsb * r.element_size + offset_lsb;
  } else {
    off = offset + static_cast<uint64_t>(index) * r.stride;
  }
  return global(r.base + soffset + off);
}

BufferAddr buffer_addr(const Wave& w, const Inst& in, unsigned piece) {
  const BufferRsrc r = buffer_rsrc(w, in.rsrc);
  return BufferAddr{w, in, r, read_s32(w, in, in.soffset), piece};
}

Target BufferAddr::operator()(unsigned lane, unsigned byte) const {
  uint32_t index = in.idxen ? w.v(in.addr)[lane] : 0;
  if (r.add_tid) index += lane;
  uint32_t offset = static_cast<uint32_t>(in.offset) + byte;
  if (in.offen) offset += w.v(in.addr + (in.idxen ? 1 : 0))[lane];
  return buffer_target(r, soffset, index, offset, piece);
}

bool buffer_format(unsigned dfmt, unsigned nfmt, BufferFormat* f) {
  // BUF_DATA_FORMAT_*: {components, bytes per component}; 0 = not supported
  // (invalid, or packed 10/11-bit layouts).
  static const uint8_t kLayout[16][2] = {
      {0, 0}, {1, 1}, {1, 2}, {2, 1}, {1, 4}, {2, 2}, {0, 0}, {0, 0},
      {0, 0}, {0, 0}, {4, 1}, {2, 4}, {4, 2}, {3, 4}, {4, 4}, {0, 0},
  };
  if (dfmt > 15 || !kLayout[dfmt][0]) return false;
  f->comps = kLayout[dfmt][0];
  f->comp_bytes = kLayout[dfmt][1];
  // BUF_NUM_FORMAT: 4 uint, 5 sint, 7 float (32-bit components only);
  // normalized and scaled formats are not modelled.
  if (nfmt == 4 || nfmt == 5) {
    f->sign = nfmt == 5;
    return true;
  }
  if (nfmt == 7 && f->comp_bytes == 4) {
    f->is_float = true;
    return true;
  }
  return false;
}

namespace {

bool format_or_fault(Wave& w, const Inst& in, unsigned dfmt, unsigned nfmt, BufferFormat* f) {
  if (buffer_format(dfmt, nfmt, f)) return true;
  w.raise(FaultKind::kIllegalInstruction, w.pc,
          std::string(in.info->name) + ": unsupported buffer format dfmt=" + std::to_string(dfmt) +
              " nfmt=" + std::to_string(nfmt));
  return false;
}

// The converting formats (unorm, snorm, and the packed layouts): gfx9's
// BUF_DATA_FORMAT/BUF_NUM_FORMAT values 0-14 and 0-7 are the image
// formats' IMG_DATA_FORMAT/IMG_NUM_FORMAT values (Vega ISA, buffer and
// image resource tables), so an element converts as a texel does
// (wave/image_format.h). Elements move whole, in pieces of up to 4 bytes.
bool converting_format(unsigned dfmt, unsigned nfmt, img::Format* f) {
  const char* why = "";
  return dfmt <= 14 && nfmt <= 7 && img::format(dfmt, nfmt, f, &why);
}

bool move_element(Wave& w, const BufferAddr& at, unsigned lane, unsigned bytes, uint8_t* el,
                  bool store, const char* name) {
  for (unsigned o = 0; o < bytes; o += 4) {
    const unsigned piece = bytes - o < 4 ? bytes - o : 4;
    uint64_t v = 0;
    if (store) {
      std::memcpy(&v, el + o, piece);
      if (!write(w, at(lane, o), piece, v, name)) return false;
    } else {
      if (!read(w, at(lane, o), piece, &v, name)) return false;
      std::memcpy(el + o, &v, piece);
    }
  }
  return true;
}

// An element outside the buffer reads 0 in every component (the range
// check drops the access), as the unconverted formats' reads do.
void load_converted(Wave& w, const Inst& in, unsigned n, const img::Format& f) {
  const BufferAddr at = buffer_addr(w, in, f.bytes);
  uint32_t vals[4][kWaveSize];
  const uint64_t exec = w.exec();
  bool ok = true;
  for_active(exec, [&](unsigned l) {
    if (!ok) return;
    uint8_t el[16] = {};
    uint32_t comp[4] = {0, 0, 0, 0};
    if (at(l, 0).kind != Target::kNone) {
      ok = move_element(w, at, l, f.bytes, el, false, in.info->name);
      img::decode(f, el, comp);
    }
    for (unsigned c = 0; c < n; ++c) vals[c][l] = comp[c];
  });
  if (!ok) return;
  for_active(exec, [&](unsigned l) {
    for (unsigned c = 0; c < n; ++c) w.v(in.data0 + c)[l] = vals[c][l];
  });
}

// The first n components convert into the element; the others keep
// memory's bits.
void store_converted(Wave& w, const Inst& in, unsigned n, const img::Format& f) {
  const BufferAddr at = buffer_addr(w, in, f.bytes);
  const unsigned write_mask = (1u << n) - 1;
  const unsigned all = (1u << f.comps) - 1;
  bool ok = true;
  for_active(w.exec(), [&](unsigned l) {
    if (!ok || at(l, 0).kind == Target::kNone) return;
    uint8_t el[16] = {};
    if ((write_mask & all) != all) ok = move_element(w, at, l, f.bytes, el, false, in.info->name);
    uint32_t comp[4] = {0, 0, 0, 0};
    for (unsigned c = 0; c < n; ++c) comp[c] = w.v(in.data0 + c)[l];
    img::encode(f, comp, write_mask, el);
    if (ok) ok = move_element(w, at, l, f.bytes, el, true, in.info->name);
  });
}

}  // namespace

void load_format(Wave& w, const Inst& in, unsigned n, unsigned dfmt, unsigned nfmt) {
  BufferFormat f;
  img::Format cf;
  if (!buffer_format(dfmt, nfmt, &f) && converting_format(dfmt, nfmt, &cf)) {
    load_converted(w, in, n, cf);
    return;
  }
  if (!format_or_fault(w, in, dfmt, nfmt, &f)) return;
  const BufferAddr at = buffer_addr(w, in, f.comp_bytes);
  uint32_t vals[4][kWaveSize];
  const uint64_t exec = w.exec();
  bool ok = true;
  const Part p{static_cast<uint8_t>(f.comp_bytes), f.sign, 0};
  for_active(exec, [&](unsigned l) {
    for (unsigned c = 0; ok && c < n; ++c) {
      if (c >= f.comps) {  // missing components: 0, and 1 for w
        vals[c][l] = c == 3 ? (f.is_float ? 0x3F800000u : 1u) : 0u;
        continue;
      }
      uint64_t v = 0;
      ok = read(w, at(l, c * f.comp_bytes), f.comp_bytes, &v, in.info->name);
      vals[c][l] = merge_load(0, static_cast<uint32_t>(v), p);
    }
  });
  if (!ok) return;
  for_active(exec, [&](unsigned l) {
    for (unsigned c = 0; c < n; ++c) w.v(in.data0 + c)[l] = vals[c][l];
  });
}

void store_format(Wave& w, const Inst& in, unsigned n, unsigned dfmt, unsigned nfmt) {
  BufferFormat f;
  img::Format cf;
  if (!buffer_format(dfmt, nfmt, &f) && converting_format(dfmt, nfmt, &cf)) {
    store_converted(w, in, n, cf);
    return;
  }
  if (!format_or_fault(w, in, dfmt, nfmt, &f)) return;
  const BufferAddr at = buffer_addr(w, in, f.comp_bytes);
  const unsigned comps = n < f.comps ? n : f.comps;
  bool ok = true;
  for_active(w.exec(), [&](unsigned l) {
    for (unsigned c = 0; ok && c < comps; ++c)
      ok = write(w, at(l, c * f.comp_bytes), f.comp_bytes, w.v(in.data0 + c)[l], in.info->name);
  });
}

Target flat_target(const Wave& w, uint64_t addr, unsigned lane) {
  const uint64_t hi = addr & ~(kApertureSize - 1);
  const uint64_t lo = addr & (kApertureSize - 1);
  if (hi == kSharedApertureBase) return lds(lo);
  if (hi == kPrivateApertureBase) return global(scratch_address(w.scratch_base, lo, lane));
  return global(addr);
}

}  // namespace mem
}  // namespace gcn
