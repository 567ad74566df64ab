// Address generation and data movement shared by the vector memory families
// (DS, MUBUF, MTBUF, FLAT/GLOBAL/SCRATCH). Each family turns (lane, byte of
// the access) into a Target; the drivers below gather every active lane's
// data first and write registers only once the whole wave succeeded, so a
// fault abandons the instruction without touching its destination.
#pragma once

#include <cstdint>

#include "dispatch_state.h"

namespace gcn {
namespace mem {

// Where one piece (up to 8 bytes) of a lane's access goes.
struct Target {
  enum Kind : uint8_t {
    kNone,    // out of range: loads read 0, stores and atomics are dropped
    kGlobal,  // virtual address, through the wave's TLB
    kLds,     // byte offset in the workgroup's LDS
  };
  Kind kind = kNone;
  uint64_t addr = 0;
};

inline Target global(uint64_t va) { return {Target::kGlobal, va}; }
inline Target lds(uint64_t off) { return {Target::kLds, off}; }

// Shape of a sub-dword load or store.
struct Part {
  uint8_t bytes;  // 1, 2 or 4
  bool sign;      // loads: sign-extend to 32 (or 16 for d16) bits
  uint8_t half;   // 0: whole VGPR; 1: low 16 bits (d16); 2: high 16 bits (d16_hi)
};

// The VGPR value after loading raw into a register that held old.
uint32_t merge_load(uint32_t old, uint32_t raw, Part p);
// The bits a store of shape p takes from register value reg.
inline uint32_t store_source(uint32_t reg, Part p) { return p.half == 2 ? reg >> 16 : reg; }

// Raw access of 1, 2, 4 or 8 bytes. A global address outside every mapping
// raises kMemoryViolation (name = mnemonic) and returns false; LDS beyond
// the group segment reads 0 and drops writes (gfx9 DS range checking).
bool read(Wave& w, Target t, unsigned bytes, uint64_t* val, const char* name);
bool write(Wave& w, Target t, unsigned bytes, uint64_t val, const char* name);

enum class AtomicOp : uint8_t {
  kSwap,
  kCmpSwap,  // mem = (mem == b) ? a : mem
  kAdd,
  kSub,
  kRsub,
  kSMin,
  kUMin,
  kSMax,
  kUMax,
  kAnd,
  kOr,
  kXor,
  kInc,    // mem = (mem >= a) ? 0 : mem + 1
  kDec,    // mem = (mem == 0 || mem > a) ? a : mem - 1
  kMskOr,  // mem = (mem & ~a) | b
  kWrap,   // mem = (mem >= a) ? mem - a : mem + b
  kFAdd,
  kFMin,
  kFMax,
  kFCmpSwap,  // float compare: mem = (mem == b) ? a : mem
};

// New memory value for old under op; a = DATA, b = DATA2 (the compare value
// for the swaps). wide: 64-bit operands.
uint64_t atomic_apply(AtomicOp op, bool wide, uint64_t old, uint64_t a, uint64_t b);

// Read-modify-write at t; *old receives the previous value. Global memory
// uses host seq_cst atomics (workgroups run on several host threads); LDS
// belongs to one host thread. Returns false after raising a fault.
bool atomic(Wave& w, Target t, AtomicOp op, bool wide, uint64_t a, uint64_t b, uint64_t* old,
            const char* name);

// --- Addressing ---------------------------------------------------------------

// A buffer resource (V#), gfx9 layout.
struct BufferRsrc {
  uint64_t base = 0;
  uint32_t stride = 0;
  uint32_t num_records = 0;
  bool swizzle = false;
  bool add_tid = false;
  uint32_t index_stride = 8;  // lanes per swizzle row
  uint32_t element_size = 2;  // bytes per swizzle element
  uint32_t data_format = 0;   // dword3[18:15]
  uint32_t num_format = 0;    // dword3[14:12]
};
BufferRsrc buffer_rsrc(const Wave& w, unsigned sgpr);

// Byte `offset` of record `index`: the range check, then the linear or the
// swizzled address (Vega ISA manual, "Buffer Instructions": swizzled
// addressing splits index and offset into msb/lsb parts).
Target buffer_target(const BufferRsrc& r, uint64_t soffset, uint32_t index, uint32_t offset,
                     unsigned bytes);

// MUBUF/MTBUF per-lane addressing: index = (idxen ? VADDR : 0) + (ADD_TID
// ? lane : 0), offset = inst offset + (offen ? VADDR[+1 if idxen] : 0).
// piece: bytes of each access, for the range check.
struct BufferAddr {
  const Wave& w;
  const Inst& in;
  BufferRsrc r;
  uint64_t soffset;
  unsigned piece;
  Target operator()(unsigned lane, unsigned byte) const;
};
BufferAddr buffer_addr(const Wave& w, const Inst& in, unsigned piece);

// Typed buffer formats (MTBUF dfmt/nfmt, MUBUF *_format from the V#).
struct BufferFormat {
  unsigned comps = 0;       // components in memory
  unsigned comp_bytes = 0;  // 1, 2 or 4
  bool sign = false;        // sint: sign-extend on load
  bool is_float = false;    // missing w reads 1.0f instead of 1
};
// false when dfmt/nfmt is not supported (the caller raises).
bool buffer_format(unsigned dfmt, unsigned nfmt, BufferFormat* f);

// Loads/stores n components of a typed element (tbuffer/buffer *_format).
void load_format(Wave& w, const Inst& in, unsigned n, unsigned dfmt, unsigned nfmt);
void store_format(Wave& w, const Inst& in, unsigned n, unsigned dfmt, unsigned nfmt);

// A flat address: the shared aperture reaches LDS, the private aperture the
// wave's swizzled scratch, anything else global memory.
Target flat_target(const Wave& w, uint64_t addr, unsigned lane);

// Lane's private byte `offset` (SCRATCH instructions).
inline Target scratch_target(const Wave& w, uint32_t offset, unsigned lane) {
  return global(scratch_address(w.scratch_base, offset, lane));
}

// --- Per-wave drivers ---------------------------------------------------------
// addr(lane, byte) -> Target gives the location of byte `byte` of the lane's
// access; for swizzled layouts each dword has its own location.

inline uint64_t vreg64(const Wave& w, unsigned r, unsigned l) {
  return w.v(r)[l] | static_cast<uint64_t>(w.v(r + 1)[l]) << 32;
}

template <class AddrFn>
void load_dwords(Wave& w, unsigned vdst, unsigned n, AddrFn addr, const char* name) {
  uint32_t vals[4][kWaveSize];
  const uint64_t exec = w.exec();
  bool ok = true;
  for_active(exec, [&](unsigned l) {
    for (unsigned k = 0; ok && k < n; ++k) {
      uint64_t v = 0;
      ok = read(w, addr(l, 4 * k), 4, &v, name);
      vals[k][l] = static_cast<uint32_t>(v);
    }
  });
  if (!ok) return;
  for_active(exec, [&](unsigned l) {
    for (unsigned k = 0; k < n; ++k) w.v(vdst + k)[l] = vals[k][l];
  });
}

template <class AddrFn>
void load_part(Wave& w, unsigned vdst, Part p, AddrFn addr, const char* name) {
  uint32_t vals[kWaveSize];
  const uint64_t exec = w.exec();
  bool ok = true;
  for_active(exec, [&](unsigned l) {
    uint64_t v = 0;
    if (ok) ok = read(w, addr(l, 0), p.bytes, &v, name);
    vals[l] = static_cast<uint32_t>(v);
  });
  if (!ok) return;
  uint32_t* d = w.v(vdst);
  for_active(exec, [&](unsigned l) { d[l] = merge_load(d[l], vals[l], p); });
}

template <class AddrFn>
void store_dwords(Wave& w, unsigned data, unsigned n, AddrFn addr, const char* name) {
  bool ok = true;
  for_active(w.exec(), [&](unsigned l) {
    for (unsigned k = 0; ok && k < n; ++k) ok = write(w, addr(l, 4 * k), 4, w.v(data + k)[l], name);
  });
}

template <class AddrFn>
void store_part(Wave& w, unsigned data, Part p, AddrFn addr, const char* name) {
  bool ok = true;
  for_active(w.exec(), [&](unsigned l) {
    if (ok) ok = write(w, addr(l, 0), p.bytes, store_source(w.v(data)[l], p), name);
  });
}

// One atomic per active lane. a_reg/b_reg: VGPRs of DATA and DATA2 (b_reg
// < 0: none); ret < 0: no return.
template <class AddrFn>
void atomic_lanes(Wave& w, AtomicOp op, bool wide, unsigned a_reg, int b_reg, int ret, AddrFn addr,
                  const char* name) {
  uint64_t olds[kWaveSize];
  const uint64_t exec = w.exec();
  bool ok = true;
  for_active(exec, [&](unsigned l) {
    if (!ok) return;
    const uint64_t a = wide ? vreg64(w, a_reg, l) : w.v(a_reg)[l];
    uint64_t b = 0;
    if (b_reg >= 0) b = wide ? vreg64(w, b_reg, l) : w.v(b_reg)[l];
    olds[l] = 0;
    ok = atomic(w, addr(l, 0), op, wide, a, b, &olds[l], name);
  });
  if (!ok || ret < 0) return;
  for_active(exec, [&](unsigned l) {
    w.v(ret)[l] = static_cast<uint32_t>(olds[l]);
    if (wide) w.v(ret + 1)[l] = static_cast<uint32_t>(olds[l] >> 32);
  });
}

}  // namespace mem
}  // namespace gcn
