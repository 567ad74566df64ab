// SMEM: scalar memory (Vega ISA manual, section 12.6). Loads and stores move
// 1..16 dwords between SGPRs and memory; there is no EXEC masking. The
// emulator's memory is synchronous, so the data is in place when the
// instruction returns and s_waitcnt lgkmcnt has nothing to wait for.
#include <chrono>
#include <cstring>
#include <type_traits>

#include "isa/instruction.h"
#include "wave/wave.h"

namespace gcn {
namespace {

// Byte offset added to the base: the immediate, the SGPR named by
// soffset, or both when SOE is set.
inline uint64_t smem_offset(const Wave& w, const Inst& in) {
  uint64_t off = in.imm ? static_cast<uint32_t>(in.offset) : 0;
  if (!in.imm || in.soe) off += w.sgpr[in.soffset & 127];
  return off;
}

// Writes n loaded dwords to sdata..sdata+n-1 (codes past the SGPR file are
// dropped, as write_s32 does).
inline void write_sdata(Wave& w, const Inst& in, const uint32_t* v, unsigned n) {
  for (unsigned i = 0; i < n; ++i) write_s32(w, static_cast<uint16_t>(in.data0 + i), v[i]);
}
inline void read_sdata(const Wave& w, const Inst& in, uint32_t* v, unsigned n) {
  for (unsigned i = 0; i < n; ++i) v[i] = w.sgpr[(in.data0 + i) & 127];
}

// s_load_dword{,x2,x4,x8,x16} / s_store_dword{,x2,x4}: address =
// s[sbase:sbase+1] + offset, with the low two bits ignored (dword access).
template <unsigned kDwords, bool kStore>
void smem_global(Wave& w, const Inst& in) {
  const uint64_t addr = (w.s64(in.addr) + smem_offset(w, in)) & ~3ull;
  uint8_t* p = w.tlb.translate(*w.memory, addr, kDwords * 4, kStore);
  if (!p) {
    w.raise(FaultKind::kMemoryViolation, addr, in.info->name);
    return;
  }
  uint32_t v[kDwords];
  if (kStore) {
    read_sdata(w, in, v, kDwords);
    std::memcpy(p, v, sizeof(v));
  } else {
    std::memcpy(v, p, sizeof(v));
    write_sdata(w, in, v, kDwords);
  }
}

// Buffer resource (V#) in s[sbase:sbase+3]: base = dword0 | dword1[15:0] <<
// 32, num_records (bytes for scalar access) = dword2. Dwords at or past
// num_records read as 0 and are not written.
struct ScalarBuffer {
  uint64_t base;
  uint32_t num_records;
};
inline ScalarBuffer buffer_of(const Wave& w, const Inst& in) {
  const unsigned r = in.addr & 127;
  const uint64_t base = w.sgpr[r] | static_cast<uint64_t>(w.sgpr[(r + 1) & 127] & 0xFFFF) << 32;
  return {base, w.sgpr[(r + 2) & 127]};
}

template <unsigned kDwords, bool kStore>
void smem_buffer(Wave& w, const Inst& in) {
  const ScalarBuffer b = buffer_of(w, in);
  const uint64_t off = smem_offset(w, in) & ~3ull;
  unsigned n = 0;  // dwords inside the buffer
  while (n < kDwords && off + 4 * (n + 1) <= b.num_records) ++n;
  uint32_t v[kDwords] = {};
  if (kStore) read_sdata(w, in, v, kDwords);
  if (n) {
    const uint64_t addr = b.base + off;
    uint8_t* p = w.tlb.translate(*w.memory, addr, n * 4, kStore);
    if (!p) {
      w.raise(FaultKind::kMemoryViolation, addr, in.info->name);
      return;
    }
    if (kStore)
      std::memcpy(p, v, n * 4);
    else
      std::memcpy(v, p, n * 4);
  }
  if (!kStore) write_sdata(w, in, v, kDwords);
}

// --- atomics ---------------------------------------------------------------
// Scalar atomics read-modify-write one 32- or 64-bit word: sdata holds the
// operand (cmpswap: the new value, then the compare value), and with GLC the
// pre-op memory value returns to sdata. Other host threads may run waves of
// the same dispatch, so the update is a host compare-and-swap loop.
enum class AtomicOp {
  kSwap,
  kCmpSwap,
  kAdd,
  kSub,
  kSmin,
  kUmin,
  kSmax,
  kUmax,
  kAnd,
  kOr,
  kXor,
  kInc,
  kDec
};

template <class T>
T atomic_result(AtomicOp op, T old, T data, T cmp) {
  using S = typename std::make_signed<T>::type;
  switch (op) {
    case AtomicOp::kSwap:
      return data;
    case AtomicOp::kCmpSwap:
      return old == cmp ? data : old;
    case AtomicOp::kAdd:
      return old + data;
    case AtomicOp::kSub:
      return old - data;
    case AtomicOp::kSmin:
      return static_cast<S>(data) < static_cast<S>(old) ? data : old;
    case AtomicOp::kUmin:
      return data < old ? data : old;
    case AtomicOp::kSmax:
      return static_cast<S>(data) > static_cast<S>(old) ? data : old;
    case AtomicOp::kUmax:
      return data > old ? data : old;
    case AtomicOp::kAnd:
      return old & data;
    case AtomicOp::kOr:
      return old | data;
    case AtomicOp::kXor:
      return old ^ data;
    case AtomicOp::kInc:
      return old >= data ? 0 : old + 1;  // wraps at data
    case AtomicOp::kDec:
      return (old == 0 || old > data) ? data : old - 1;
  }
  return old;
}

// Applies op at p (nullptr: out of a buffer's range, nothing happens and 0
// returns) and writes the old value back to sdata when GLC is set.
template <class T>
void atomic_apply(Wave& w, const Inst& in, AtomicOp op, uint8_t* p) {
  constexpr unsigned kWords = sizeof(T) / 4;
  uint32_t d[2 * kWords];
  read_sdata(w, in, d, op == AtomicOp::kCmpSwap ? 2 * kWords : kWords);
  T data = 0, cmp = 0;
  std::memcpy(&data, d, sizeof(T));
  if (op == AtomicOp::kCmpSwap) std::memcpy(&cmp, d + kWords, sizeof(T));
  T old = 0;
  if (p) {
    T* q = reinterpret_cast<T*>(p);
    old = __atomic_load_n(q, __ATOMIC_RELAXED);
    while (!__atomic_compare_exchange_n(q, &old, atomic_result(op, old, data, cmp), false,
                                        __ATOMIC_SEQ_CST, __ATOMIC_RELAXED)) {
    }
  }
  if (!in.glc) return;
  uint32_t r[kWords];
  std::memcpy(r, &old, sizeof(T));
  write_sdata(w, in, r, kWords);
}

template <class T, AtomicOp kOp>
void smem_atomic(Wave& w, const Inst& in) {
  const uint64_t addr =
      (w.s64(in.addr) + smem_offset(w, in)) & ~static_cast<uint64_t>(sizeof(T) - 1);
  uint8_t* p = w.tlb.translate(*w.memory, addr, sizeof(T), true);
  if (!p) {
    w.raise(FaultKind::kMemoryViolation, addr, in.info->name);
    return;
  }
  atomic_apply<T>(w, in, kOp, p);
}

template <class T, AtomicOp kOp>
void smem_buffer_atomic(Wave& w, const Inst& in) {
  const ScalarBuffer b = buffer_of(w, in);
  const uint64_t off = smem_offset(w, in) & ~static_cast<uint64_t>(sizeof(T) - 1);
  uint8_t* p = nullptr;
  if (off + sizeof(T) <= b.num_records) {
    p = w.tlb.translate(*w.memory, b.base + off, sizeof(T), true);
    if (!p) {
      w.raise(FaultKind::kMemoryViolation, b.base + off, in.info->name);
      return;
    }
  }
  atomic_apply<T>(w, in, kOp, p);
}

// Caches are not modelled: invalidate and write-back have nothing to do.
void no_op(Wave&, const Inst&) {}

// s_memtime: the shader clock (a free-running 64-bit counter; here the host's
// monotonic clock in nanoseconds). s_memrealtime: the fixed-frequency
// "real time" counter, 100 MHz as the KFD reports for gfx9.
uint64_t now_ns() {
  return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                   std::chrono::steady_clock::now().time_since_epoch())
                                   .count());
}
void s_memtime(Wave& w, const Inst& in) { write_s64(w, in.data0, now_ns()); }
void s_memrealtime(Wave& w, const Inst& in) { write_s64(w, in.data0, now_ns() / 10); }

constexpr Ty N = Ty::None, U = Ty::B32, Q = Ty::B64;
constexpr uint32_t kLd = kOpLoad, kSt = kOpStore | kOpNoDst, kNone = kOpNoDst | kOpNoSrc0;
constexpr uint32_t kAt = kOpAtomic;

const OpcodeInfo kRows[] = {
    {"s_load_dword", Format::SMEM, 0, smem_global<1, false>, U, Q, N, N, kLd, 1},
    {"s_load_dwordx2", Format::SMEM, 1, smem_global<2, false>, U, Q, N, N, kLd, 2},
    {"s_load_dwordx4", Format::SMEM, 2, smem_global<4, false>, U, Q, N, N, kLd, 4},
    {"s_load_dwordx8", Format::SMEM, 3, smem_global<8, false>, U, Q, N, N, kLd, 8},
    {"s_load_dwordx16", Format::SMEM, 4, smem_global<16, false>, U, Q, N, N, kLd, 16},
    {"s_buffer_load_dword", Format::SMEM, 8, smem_buffer<1, false>, U, Q, N, N, kLd, 1},
    {"s_buffer_load_dwordx2", Format::SMEM, 9, smem_buffer<2, false>, U, Q, N, N, kLd, 2},
    {"s_buffer_load_dwordx4", Format::SMEM, 10, smem_buffer<4, false>, U, Q, N, N, kLd, 4},
    {"s_buffer_load_dwordx8", Format::SMEM, 11, smem_buffer<8, false>, U, Q, N, N, kLd, 8},
    {"s_buffer_load_dwordx16", Format::SMEM, 12, smem_buffer<16, false>, U, Q, N, N, kLd, 16},
    {"s_store_dword", Format::SMEM, 16, smem_global<1, true>, U, Q, N, N, kSt, 1},
    {"s_store_dwordx2", Format::SMEM, 17, smem_global<2, true>, U, Q, N, N, kSt, 2},
    {"s_store_dwordx4", Format::SMEM, 18, smem_global<4, true>, U, Q, N, N, kSt, 4},
    {"s_buffer_store_dword", Format::SMEM, 24, smem_buffer<1, true>, U, Q, N, N, kSt, 1},
    {"s_buffer_store_dwordx2", Format::SMEM, 25, smem_buffer<2, true>, U, Q, N, N, kSt, 2},
    {"s_buffer_store_dwordx4", Format::SMEM, 26, smem_buffer<4, true>, U, Q, N, N, kSt, 4},
    // Scalar scratch access is decoded but not executed: compilers use
    // MUBUF/SCRATCH instructions for the private segment.
    {"s_scratch_load_dword", Format::SMEM, 5, nullptr, U, Q, N, N, kLd, 1},
    {"s_scratch_load_dwordx2", Format::SMEM, 6, nullptr, U, Q, N, N, kLd, 2},
    {"s_scratch_load_dwordx4", Format::SMEM, 7, nullptr, U, Q, N, N, kLd, 4},
    {"s_scratch_store_dword", Format::SMEM, 21, nullptr, U, Q, N, N, kSt, 1},
    {"s_scratch_store_dwordx2", Format::SMEM, 22, nullptr, U, Q, N, N, kSt, 2},
    {"s_scratch_store_dwordx4", Format::SMEM, 23, nullptr, U, Q, N, N, kSt, 4},
    {"s_dcache_inv", Format::SMEM, 32, no_op, N, N, N, N, kNone},
    {"s_dcache_wb", Format::SMEM, 33, no_op, N, N, N, N, kNone},
    {"s_dcache_inv_vol", Format::SMEM, 34, no_op, N, N, N, N, kNone},
    {"s_dcache_wb_vol", Format::SMEM, 35, no_op, N, N, N, N, kNone},
    // No ATC (address translation cache) and no data cache: probing and
    // discarding lines have no effect.
    {"s_atc_probe", Format::SMEM, 38, no_op, N, Q, N, N, kOpNoDst},
    {"s_atc_probe_buffer", Format::SMEM, 39, no_op, N, Q, N, N, kOpNoDst},
    {"s_dcache_discard", Format::SMEM, 40, no_op, N, Q, N, N, kOpNoDst},
    {"s_dcache_discard_x2", Format::SMEM, 41, no_op, N, Q, N, N, kOpNoDst},
    {"s_memtime", Format::SMEM, 36, s_memtime, Q, N, N, N, kOpNoSrc0},
    {"s_memrealtime", Format::SMEM, 37, s_memrealtime, Q, N, N, N, kOpNoSrc0},
    {"s_buffer_atomic_swap", Format::SMEM, 64, smem_buffer_atomic<uint32_t, AtomicOp::kSwap>, U, Q,
     N, N, kAt, 1},
    {"s_buffer_atomic_cmpswap", Format::SMEM, 65, smem_buffer_atomic<uint32_t, AtomicOp::kCmpSwap>,
     U, Q, N, N, kAt, 2},
    {"s_buffer_atomic_add", Format::SMEM, 66, smem_buffer_atomic<uint32_t, AtomicOp::kAdd>, U, Q, N,
     N, kAt, 1},
    {"s_buffer_atomic_sub", Format::SMEM, 67, smem_buffer_atomic<uint32_t, AtomicOp::kSub>, U, Q, N,
     N, kAt, 1},
    {"s_buffer_atomic_smin", Format::SMEM, 68, smem_buffer_atomic<uint32_t, AtomicOp::kSmin>, U, Q,
     N, N, kAt, 1},
    {"s_buffer_atomic_umin", Format::SMEM, 69, smem_buffer_atomic<uint32_t, AtomicOp::kUmin>, U, Q,
     N, N, kAt, 1},
    {"s_buffer_atomic_smax", Format::SMEM, 70, smem_buffer_atomic<uint32_t, AtomicOp::kSmax>, U, Q,
     N, N, kAt, 1},
    {"s_buffer_atomic_umax", Format::SMEM, 71, smem_buffer_atomic<uint32_t, AtomicOp::kUmax>, U, Q,
     N, N, kAt, 1},
    {"s_buffer_atomic_and", Format::SMEM, 72, smem_buffer_atomic<uint32_t, AtomicOp::kAnd>, U, Q, N,
     N, kAt, 1},
    {"s_buffer_atomic_or", Format::SMEM, 73, smem_buffer_atomic<uint32_t, AtomicOp::kOr>, U, Q, N,
     N, kAt, 1},
    {"s_buffer_atomic_xor", Format::SMEM, 74, smem_buffer_atomic<uint32_t, AtomicOp::kXor>, U, Q, N,
     N, kAt, 1},
    {"s_buffer_atomic_inc", Format::SMEM, 75, smem_buffer_atomic<uint32_t, AtomicOp::kInc>, U, Q, N,
     N, kAt, 1},
    {"s_buffer_atomic_dec", Format::SMEM, 76, smem_buffer_atomic<uint32_t, AtomicOp::kDec>, U, Q, N,
     N, kAt, 1},
    {"s_buffer_atomic_swap_x2", Format::SMEM, 96, smem_buffer_atomic<uint64_t, AtomicOp::kSwap>, Q,
     Q, N, N, kAt, 2},
    {"s_buffer_atomic_cmpswap_x2", Format::SMEM, 97,
     smem_buffer_atomic<uint64_t, AtomicOp::kCmpSwap>, Q, Q, N, N, kAt, 4},
    {"s_buffer_atomic_add_x2", Format::SMEM, 98, smem_buffer_atomic<uint64_t, AtomicOp::kAdd>, Q, Q,
     N, N, kAt, 2},
    {"s_buffer_atomic_sub_x2", Format::SMEM, 99, smem_buffer_atomic<uint64_t, AtomicOp::kSub>, Q, Q,
     N, N, kAt, 2},
    {"s_buffer_atomic_smin_x2", Format::SMEM, 100, smem_buffer_atomic<uint64_t, AtomicOp::kSmin>, Q,
     Q, N, N, kAt, 2},
    {"s_buffer_atomic_umin_x2", Format::SMEM, 101, smem_buffer_atomic<uint64_t, AtomicOp::kUmin>, Q,
     Q, N, N, kAt, 2},
    {"s_buffer_atomic_smax_x2", Format::SMEM, 102, smem_buffer_atomic<uint64_t, AtomicOp::kSmax>, Q,
     Q, N, N, kAt, 2},
    {"s_buffer_atomic_umax_x2", Format::SMEM, 103, smem_buffer_atomic<uint64_t, AtomicOp::kUmax>, Q,
     Q, N, N, kAt, 2},
    {"s_buffer_atomic_and_x2", Format::SMEM, 104, smem_buffer_atomic<uint64_t, AtomicOp::kAnd>, Q,
     Q, N, N, kAt, 2},
    {"s_buffer_atomic_or_x2", Format::SMEM, 105, smem_buffer_atomic<uint64_t, AtomicOp::kOr>, Q, Q,
     N, N, kAt, 2},
    {"s_buffer_atomic_xor_x2", Format::SMEM, 106, smem_buffer_atomic<uint64_t, AtomicOp::kXor>, Q,
     Q, N, N, kAt, 2},
    {"s_buffer_atomic_inc_x2", Format::SMEM, 107, smem_buffer_atomic<uint64_t, AtomicOp::kInc>, Q,
     Q, N, N, kAt, 2},
    {"s_buffer_atomic_dec_x2", Format::SMEM, 108, smem_buffer_atomic<uint64_t, AtomicOp::kDec>, Q,
     Q, N, N, kAt, 2},
    {"s_atomic_swap", Format::SMEM, 128, smem_atomic<uint32_t, AtomicOp::kSwap>, U, Q, N, N, kAt,
     1},
    {"s_atomic_cmpswap", Format::SMEM, 129, smem_atomic<uint32_t, AtomicOp::kCmpSwap>, U, Q, N, N,
     kAt, 2},
    {"s_atomic_add", Format::SMEM, 130, smem_atomic<uint32_t, AtomicOp::kAdd>, U, Q, N, N, kAt, 1},
    {"s_atomic_sub", Format::SMEM, 131, smem_atomic<uint32_t, AtomicOp::kSub>, U, Q, N, N, kAt, 1},
    {"s_atomic_smin", Format::SMEM, 132, smem_atomic<uint32_t, AtomicOp::kSmin>, U, Q, N, N, kAt,
     1},
    {"s_atomic_umin", Format::SMEM, 133, smem_atomic<uint32_t, AtomicOp::kUmin>, U, Q, N, N, kAt,
     1},
    {"s_atomic_smax", Format::SMEM, 134, smem_atomic<uint32_t, AtomicOp::kSmax>, U, Q, N, N, kAt,
     1},
    {"s_atomic_umax", Format::SMEM, 135, smem_atomic<uint32_t, AtomicOp::kUmax>, U, Q, N, N, kAt,
     1},
    {"s_atomic_and", Format::SMEM, 136, smem_atomic<uint32_t, AtomicOp::kAnd>, U, Q, N, N, kAt, 1},
    {"s_atomic_or", Format::SMEM, 137, smem_atomic<uint32_t, AtomicOp::kOr>, U, Q, N, N, kAt, 1},
    {"s_atomic_xor", Format::SMEM, 138, smem_atomic<uint32_t, AtomicOp::kXor>, U, Q, N, N, kAt, 1},
    {"s_atomic_inc", Format::SMEM, 139, smem_atomic<uint32_t, AtomicOp::kInc>, U, Q, N, N, kAt, 1},
    {"s_atomic_dec", Format::SMEM, 140, smem_atomic<uint32_t, AtomicOp::kDec>, U, Q, N, N, kAt, 1},
    {"s_atomic_swap_x2", Format::SMEM, 160, smem_atomic<uint64_t, AtomicOp::kSwap>, Q, Q, N, N, kAt,
     2},
    {"s_atomic_cmpswap_x2", Format::SMEM, 161, smem_atomic<uint64_t, AtomicOp::kCmpSwap>, Q, Q, N,
     N, kAt, 4},
    {"s_atomic_add_x2", Format::SMEM, 162, smem_atomic<uint64_t, AtomicOp::kAdd>, Q, Q, N, N, kAt,
     2},
    {"s_atomic_sub_x2", Format::SMEM, 163, smem_atomic<uint64_t, AtomicOp::kSub>, Q, Q, N, N, kAt,
     2},
    {"s_atomic_smin_x2", Format::SMEM, 164, smem_atomic<uint64_t, AtomicOp::kSmin>, Q, Q, N, N, kAt,
     2},
    {"s_atomic_umin_x2", Format::SMEM, 165, smem_atomic<uint64_t, AtomicOp::kUmin>, Q, Q, N, N, kAt,
     2},
    {"s_atomic_smax_x2", Format::SMEM, 166, smem_atomic<uint64_t, AtomicOp::kSmax>, Q, Q, N, N, kAt,
     2},
    {"s_atomic_umax_x2", Format::SMEM, 167, smem_atomic<uint64_t, AtomicOp::kUmax>, Q, Q, N, N, kAt,
     2},
    {"s_atomic_and_x2", Format::SMEM, 168, smem_atomic<uint64_t, AtomicOp::kAnd>, Q, Q, N, N, kAt,
     2},
    {"s_atomic_or_x2", Format::SMEM, 169, smem_atomic<uint64_t, AtomicOp::kOr>, Q, Q, N, N, kAt, 2},
    {"s_atomic_xor_x2", Format::SMEM, 170, smem_atomic<uint64_t, AtomicOp::kXor>, Q, Q, N, N, kAt,
     2},
    {"s_atomic_inc_x2", Format::SMEM, 171, smem_atomic<uint64_t, AtomicOp::kInc>, Q, Q, N, N, kAt,
     2},
    {"s_atomic_dec_x2", Format::SMEM, 172, smem_atomic<uint64_t, AtomicOp::kDec>, Q, Q, N, N, kAt,
     2},
};

}  // namespace

extern const OpcodeTable kSmemTable = {kRows, sizeof(kRows) / sizeof(kRows[0])};

}  // namespace gcn
