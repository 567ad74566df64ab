// FLAT, SCRATCH and GLOBAL rows and semantics (one encoding, seg field).
// Vega ISA manual, "Flat, Scratch and Global Instructions". Rows are keyed
// opcode + 128 * seg (decoder.cpp). Row conventions as MUBUF: dst = the
// returned element type (atomics return with glc only), src0 = DATA type,
// src1 = cmpswap's compare type, mem_dwords = DATA dwords (cmpswap: both).
#include <algorithm>
#include <cstring>

#include "isa/instruction.h"
#include "wave/memory_ops.h"

namespace gcn {
namespace {

using mem::AtomicOp;
using mem::Part;

constexpr uint16_t kSaddrOff = 0x7f;

// Location of byte `byte` of lane l's access.
struct FlatAddr {
  const Wave& w;
  const Inst& in;
  mem::Target operator()(unsigned l, unsigned byte) const {
    const int64_t off = static_cast<int64_t>(in.offset) + byte;
    switch (in.seg) {
      case 1: {  // SCRATCH: 32-bit private offset, swizzled per lane
        const uint32_t base = in.saddr != kSaddrOff ? w.sgpr[in.saddr & 127] : w.v(in.addr)[l];
        return mem::scratch_target(w, static_cast<uint32_t>(base + off), l);
      }
      case 2: {  // GLOBAL: SGPR-pair base + 32-bit VGPR offset, or a VGPR pair
        const uint64_t base = in.saddr != kSaddrOff ? w.s64(in.saddr & 127) + w.v(in.addr)[l]
                                                    : mem::vreg64(w, in.addr, l);
        return mem::global(base + static_cast<uint64_t>(off));
      }
      default:  // FLAT: the aperture decides
        return mem::flat_target(w, mem::vreg64(w, in.addr, l) + static_cast<uint64_t>(off), l);
    }
  }
};

// The common case, done per wave instead of per lane: every active lane's
// access lies in global memory inside one mapping (the TLB's), so one
// translation covers them all. Anything else (an aperture, a lane outside
// the mapping, a fault) takes the per-lane path, which reports exactly as
// before. Returns false when it did nothing.
template <unsigned N, bool Store>
bool flat_dwords_fast(Wave& w, const Inst& in) {
  const uint64_t exec = w.exec();
  if (!exec || in.seg == 1 || !w.memory) return false;
  uint64_t addr[kWaveSize];
  const uint64_t off = static_cast<uint64_t>(static_cast<int64_t>(in.offset));
  if (in.saddr != kSaddrOff && in.seg == 2) {
    const uint64_t base = w.s64(in.saddr & 127) + off;
    const uint32_t* v = w.v(in.addr);
    for (unsigned l = 0; l < kWaveSize; ++l) addr[l] = base + v[l];
  } else {
    const uint32_t* lo = w.v(in.addr);
    const uint32_t* hi = w.v((in.addr + 1) & 255);
    for (unsigned l = 0; l < kWaveSize; ++l)
      addr[l] = (lo[l] | static_cast<uint64_t>(hi[l]) << 32) + off;
  }
  uint64_t lo = ~0ull, hi = 0;
  for_active(exec, [&](unsigned l) {
    lo = addr[l] < lo ? addr[l] : lo;
    hi = addr[l] > hi ? addr[l] : hi;
  });
  constexpr uint64_t kBytes = 4 * N;
  if (hi + kBytes < hi) return false;
  if (in.seg == 0) {  // FLAT: no lane may be in the LDS or scratch aperture
    const uint64_t first = std::min(kSharedApertureBase, kPrivateApertureBase);
    const uint64_t last = std::max(kSharedApertureBase, kPrivateApertureBase) + kApertureSize;
    if (!(hi + kBytes <= first || lo >= last)) return false;
  }
  uint8_t* p = w.tlb.translate(*w.memory, lo, hi - lo + kBytes, Store);
  if (!p) return false;
  // Lane by lane, as the per-lane path: where lanes overlap, the last
  // lane's store wins.
  const unsigned reg = Store ? in.data0 : in.vdst;
  for_active(exec, [&](unsigned l) {
    uint8_t* at = p + (addr[l] - lo);
    for (unsigned k = 0; k < N; ++k) {
      if (Store)
        std::memcpy(at + 4 * k, &w.v(reg + k)[l], 4);
      else
        std::memcpy(&w.v(reg + k)[l], at + 4 * k, 4);
    }
  });
  return true;
}

template <unsigned N>
void flat_load(Wave& w, const Inst& in) {
  // The addresses are all computed before any register is written, and
  // the one translation cannot fault: vdst may overlap vaddr.
  if (flat_dwords_fast<N, false>(w, in)) return;
  mem::load_dwords(w, in.vdst, N, FlatAddr{w, in}, in.info->name);
}

template <uint8_t Bytes, bool Sign, uint8_t Half>
void flat_load_part(Wave& w, const Inst& in) {
  mem::load_part(w, in.vdst, Part{Bytes, Sign, Half}, FlatAddr{w, in}, in.info->name);
}

template <unsigned N>
void flat_store(Wave& w, const Inst& in) {
  if (flat_dwords_fast<N, true>(w, in)) return;
  mem::store_dwords(w, in.data0, N, FlatAddr{w, in}, in.info->name);
}

template <uint8_t Bytes, uint8_t Half>
void flat_store_part(Wave& w, const Inst& in) {
  mem::store_part(w, in.data0, Part{Bytes, false, Half}, FlatAddr{w, in}, in.info->name);
}

// DATA holds the operand (cmpswap: data, then compare); with glc the
// pre-op value returns to VDST.
template <AtomicOp Op, bool Wide>
void flat_atomic(Wave& w, const Inst& in) {
  const unsigned e = Wide ? 2 : 1;
  const int b = Op == AtomicOp::kCmpSwap ? static_cast<int>(in.data0 + e) : -1;
  mem::atomic_lanes(w, Op, Wide, in.data0, b, in.glc ? in.vdst : -1, FlatAddr{w, in},
                    in.info->name);
}

constexpr Ty N = Ty::None, B32 = Ty::B32, B64 = Ty::B64;
constexpr uint32_t kSt = kOpStore | kOpNoDst, kLd = kOpLoad;

#define R(P, name, op, fn, dst, src0, flags, dw) \
  { P name, Format::FLAT, static_cast<uint16_t>(op), fn, dst, src0, N, N, flags, dw }

// Loads and stores, present in all three segments (S = 128 * seg).
#define FLAT_DATA_ROWS(P, S)                                                            \
  R(P, "load_ubyte", S + 16, (flat_load_part<1, false, 0>), B32, N, kLd, 1),            \
      R(P, "load_sbyte", S + 17, (flat_load_part<1, true, 0>), B32, N, kLd, 1),         \
      R(P, "load_ushort", S + 18, (flat_load_part<2, false, 0>), B32, N, kLd, 1),       \
      R(P, "load_sshort", S + 19, (flat_load_part<2, true, 0>), B32, N, kLd, 1),        \
      R(P, "load_dword", S + 20, flat_load<1>, B32, N, kLd, 1),                         \
      R(P, "load_dwordx2", S + 21, flat_load<2>, B32, N, kLd, 2),                       \
      R(P, "load_dwordx3", S + 22, flat_load<3>, B32, N, kLd, 3),                       \
      R(P, "load_dwordx4", S + 23, flat_load<4>, B32, N, kLd, 4),                       \
      R(P, "store_byte", S + 24, (flat_store_part<1, 0>), N, B32, kSt, 1),              \
      R(P, "store_byte_d16_hi", S + 25, (flat_store_part<1, 2>), N, B32, kSt, 1),       \
      R(P, "store_short", S + 26, (flat_store_part<2, 0>), N, B32, kSt, 1),             \
      R(P, "store_short_d16_hi", S + 27, (flat_store_part<2, 2>), N, B32, kSt, 1),      \
      R(P, "store_dword", S + 28, flat_store<1>, N, B32, kSt, 1),                       \
      R(P, "store_dwordx2", S + 29, flat_store<2>, N, B32, kSt, 2),                     \
      R(P, "store_dwordx3", S + 30, flat_store<3>, N, B32, kSt, 3),                     \
      R(P, "store_dwordx4", S + 31, flat_store<4>, N, B32, kSt, 4),                     \
      R(P, "load_ubyte_d16", S + 32, (flat_load_part<1, false, 1>), B32, N, kLd, 1),    \
      R(P, "load_ubyte_d16_hi", S + 33, (flat_load_part<1, false, 2>), B32, N, kLd, 1), \
      R(P, "load_sbyte_d16", S + 34, (flat_load_part<1, true, 1>), B32, N, kLd, 1),     \
      R(P, "load_sbyte_d16_hi", S + 35, (flat_load_part<1, true, 2>), B32, N, kLd, 1),  \
      R(P, "load_short_d16", S + 36, (flat_load_part<2, false, 1>), B32, N, kLd, 1),    \
      R(P, "load_short_d16_hi", S + 37, (flat_load_part<2, false, 2>), B32, N, kLd, 1)

#define A32(P, name, op, O) R(P, name, op, (flat_atomic<O, false>), B32, B32, kOpAtomic, 1)
#define A64(P, name, op, O) R(P, name, op, (flat_atomic<O, true>), B64, B64, kOpAtomic, 2)

// Atomics: FLAT and GLOBAL only.
#define FLAT_ATOMIC_ROWS(P, S)                                                                    \
  A32(P, "atomic_swap", S + 64, AtomicOp::kSwap),                                                 \
      {P "atomic_cmpswap",                                                                        \
       Format::FLAT,                                                                              \
       static_cast<uint16_t>(S + 65),                                                             \
       flat_atomic<AtomicOp::kCmpSwap, false>,                                                    \
       B32,                                                                                       \
       B32,                                                                                       \
       B32,                                                                                       \
       N,                                                                                         \
       kOpAtomic,                                                                                 \
       2},                                                                                        \
      A32(P, "atomic_add", S + 66, AtomicOp::kAdd), A32(P, "atomic_sub", S + 67, AtomicOp::kSub), \
      A32(P, "atomic_smin", S + 68, AtomicOp::kSMin),                                             \
      A32(P, "atomic_umin", S + 69, AtomicOp::kUMin),                                             \
      A32(P, "atomic_smax", S + 70, AtomicOp::kSMax),                                             \
      A32(P, "atomic_umax", S + 71, AtomicOp::kUMax),                                             \
      A32(P, "atomic_and", S + 72, AtomicOp::kAnd), A32(P, "atomic_or", S + 73, AtomicOp::kOr),   \
      A32(P, "atomic_xor", S + 74, AtomicOp::kXor), A32(P, "atomic_inc", S + 75, AtomicOp::kInc), \
      A32(P, "atomic_dec", S + 76, AtomicOp::kDec),                                               \
      A64(P, "atomic_swap_x2", S + 96, AtomicOp::kSwap),                                          \
      {P "atomic_cmpswap_x2",                                                                     \
       Format::FLAT,                                                                              \
       static_cast<uint16_t>(S + 97),                                                             \
       flat_atomic<AtomicOp::kCmpSwap, true>,                                                     \
       B64,                                                                                       \
       B64,                                                                                       \
       B64,                                                                                       \
       N,                                                                                         \
       kOpAtomic,                                                                                 \
       4},                                                                                        \
      A64(P, "atomic_add_x2", S + 98, AtomicOp::kAdd),                                            \
      A64(P, "atomic_sub_x2", S + 99, AtomicOp::kSub),                                            \
      A64(P, "atomic_smin_x2", S + 100, AtomicOp::kSMin),                                         \
      A64(P, "atomic_umin_x2", S + 101, AtomicOp::kUMin),                                         \
      A64(P, "atomic_smax_x2", S + 102, AtomicOp::kSMax),                                         \
      A64(P, "atomic_umax_x2", S + 103, AtomicOp::kUMax),                                         \
      A64(P, "atomic_and_x2", S + 104, AtomicOp::kAnd),                                           \
      A64(P, "atomic_or_x2", S + 105, AtomicOp::kOr),                                             \
      A64(P, "atomic_xor_x2", S + 106, AtomicOp::kXor),                                           \
      A64(P, "atomic_inc_x2", S + 107, AtomicOp::kInc),                                           \
      A64(P, "atomic_dec_x2", S + 108, AtomicOp::kDec)

const OpcodeInfo kRows[] = {
    FLAT_DATA_ROWS("flat_", 0),   FLAT_DATA_ROWS("scratch_", 128),  FLAT_DATA_ROWS("global_", 256),
    FLAT_ATOMIC_ROWS("flat_", 0), FLAT_ATOMIC_ROWS("global_", 256),
};

#undef R
#undef A32
#undef A64
#undef FLAT_DATA_ROWS
#undef FLAT_ATOMIC_ROWS

}  // namespace

extern const OpcodeTable kFlatTable = {kRows, sizeof(kRows) / sizeof(kRows[0])};

}  // namespace gcn
