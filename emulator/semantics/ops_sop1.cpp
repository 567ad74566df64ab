// SOP1: one-source scalar operations (Vega ISA manual, section 12.3):
// moves, bit counting and searching, program-counter access, the
// EXEC-saving logic used for divergent control flow, and M0-relative SGPR
// moves. SCC is written only where the manual says so.
#include <algorithm>
#include <string>

#include "isa/instruction.h"
#include "wave/dispatch_state.h"
#include "wave/trap.h"
#include "wave/wave.h"

namespace gcn {
namespace {

inline uint32_t a32(const Wave& w, const Inst& in) { return read_s32(w, in, in.src[0]); }
inline uint64_t a64(const Wave& w, const Inst& in) {
  return read_s64(w, in, in.src[0], in.info->src0);
}

void s_mov_b32(Wave& w, const Inst& in) { write_s32(w, in.dst, a32(w, in)); }
void s_mov_b64(Wave& w, const Inst& in) { write_s64(w, in.dst, a64(w, in)); }
void s_cmov_b32(Wave& w, const Inst& in) {
  if (w.scc) write_s32(w, in.dst, a32(w, in));
}
void s_cmov_b64(Wave& w, const Inst& in) {
  if (w.scc) write_s64(w, in.dst, a64(w, in));
}

// SCC = (D != 0).
void s_not_b32(Wave& w, const Inst& in) {
  const uint32_t r = ~a32(w, in);
  write_s32(w, in.dst, r);
  w.scc = r != 0;
}
void s_not_b64(Wave& w, const Inst& in) {
  const uint64_t r = ~a64(w, in);
  write_s64(w, in.dst, r);
  w.scc = r != 0;
}

// Whole-quad mode: every 4-bit group with any bit set becomes all ones.
uint64_t wqm(uint64_t v, unsigned bits) {
  uint64_t r = 0;
  for (unsigned q = 0; q < bits; q += 4)
    if ((v >> q) & 0xF) r |= 0xFull << q;
  return r;
}
void s_wqm_b32(Wave& w, const Inst& in) {
  const uint32_t r = static_cast<uint32_t>(wqm(a32(w, in), 32));
  write_s32(w, in.dst, r);
  w.scc = r != 0;
}
void s_wqm_b64(Wave& w, const Inst& in) {
  const uint64_t r = wqm(a64(w, in), 64);
  write_s64(w, in.dst, r);
  w.scc = r != 0;
}

// Quad mask: bit i of D = any bit of S0[4i+3:4i]; SCC = (D != 0).
uint64_t quadmask(uint64_t v, unsigned bits) {
  uint64_t r = 0;
  for (unsigned q = 0; q < bits / 4; ++q)
    if ((v >> (4 * q)) & 0xF) r |= 1ull << q;
  return r;
}
void s_quadmask_b32(Wave& w, const Inst& in) {
  const uint32_t r = static_cast<uint32_t>(quadmask(a32(w, in), 32));
  write_s32(w, in.dst, r);
  w.scc = r != 0;
}
void s_quadmask_b64(Wave& w, const Inst& in) {
  const uint64_t r = quadmask(a64(w, in), 64);
  write_s64(w, in.dst, r);
  w.scc = r != 0;
}

// Bit reverse; SCC unchanged.
uint64_t brev(uint64_t v, unsigned bits) {
  uint64_t r = 0;
  for (unsigned i = 0; i < bits; ++i) r |= ((v >> i) & 1) << (bits - 1 - i);
  return r;
}
void s_brev_b32(Wave& w, const Inst& in) {
  write_s32(w, in.dst, static_cast<uint32_t>(brev(a32(w, in), 32)));
}
void s_brev_b64(Wave& w, const Inst& in) { write_s64(w, in.dst, brev(a64(w, in), 64)); }

// Bit counts: SCC = (D != 0).
template <bool kOnes, bool k64>
void s_bcnt(Wave& w, const Inst& in) {
  const uint64_t v = k64 ? a64(w, in) : a32(w, in);
  const unsigned ones = static_cast<unsigned>(__builtin_popcountll(v));
  const uint32_t r = kOnes ? ones : (k64 ? 64u : 32u) - ones;
  write_s32(w, in.dst, r);
  w.scc = r != 0;
}

// Find first 0/1 from the LSB; -1 when there is none. SCC unchanged.
template <bool kOne, bool k64>
void s_ff(Wave& w, const Inst& in) {
  uint64_t v = k64 ? a64(w, in) : a32(w, in);
  if (!kOne) v = ~v & (k64 ? ~0ull : 0xFFFFFFFFull);
  write_s32(w, in.dst, v ? static_cast<uint32_t>(__builtin_ctzll(v)) : 0xFFFFFFFFu);
}

// Find first 1 from the MSB (s_flbit_i32_b32/b64), or for the signed forms
// the first bit that differs from the sign bit; -1 when there is none.
template <bool kSigned, bool k64>
void s_flbit(Wave& w, const Inst& in) {
  const unsigned bits = k64 ? 64 : 32;
  uint64_t v = k64 ? a64(w, in) : a32(w, in);
  if (kSigned && ((v >> (bits - 1)) & 1)) v = ~v & (k64 ? ~0ull : 0xFFFFFFFFull);
  uint32_t r = 0xFFFFFFFFu;
  if (v) r = static_cast<uint32_t>(__builtin_clzll(v) - (64 - bits));
  write_s32(w, in.dst, r);
}

void s_sext_i32_i8(Wave& w, const Inst& in) {
  write_s32(w, in.dst, static_cast<uint32_t>(static_cast<int8_t>(a32(w, in) & 0xFF)));
}
void s_sext_i32_i16(Wave& w, const Inst& in) {
  write_s32(w, in.dst, static_cast<uint32_t>(static_cast<int16_t>(a32(w, in) & 0xFFFF)));
}

// s_bitset0/1: D[S0[4:0] or S0[5:0]] = 0/1, other bits of D kept.
template <bool kSet>
void s_bitset_b32(Wave& w, const Inst& in) {
  const uint32_t bit = 1u << (a32(w, in) & 31);
  const uint32_t d = read_s32(w, in, in.dst);
  write_s32(w, in.dst, kSet ? (d | bit) : (d & ~bit));
}
template <bool kSet>
void s_bitset_b64(Wave& w, const Inst& in) {
  const uint64_t bit = 1ull << (a32(w, in) & 63);
  const uint64_t d = read_s64(w, in, in.dst, Ty::B64);
  write_s64(w, in.dst, kSet ? (d | bit) : (d & ~bit));
}

// --- program counter: w.pc already holds the next instruction's address. ----
void s_getpc_b64(Wave& w, const Inst& in) { write_s64(w, in.dst, w.pc); }
void s_setpc_b64(Wave& w, const Inst& in) { w.pc = a64(w, in); }
void s_swappc_b64(Wave& w, const Inst& in) {
  const uint64_t target = a64(w, in);
  write_s64(w, in.dst, w.pc);
  w.pc = target;
}
// s_rfe_b64: return from the trap handler: PRIV is cleared, and a HALT the
// handler set in STATUS stops the wave now.
void s_rfe_b64(Wave& w, const Inst& in) { return_from_trap(w, a64(w, in)); }

// --- EXEC save: D = EXEC; EXEC = f(S0, EXEC); SCC = (EXEC != 0). ---------------
template <uint64_t (*F)(uint64_t s, uint64_t e)>
void saveexec(Wave& w, const Inst& in) {
  const uint64_t s = a64(w, in), e = w.exec();
  write_s64(w, in.dst, e);
  const uint64_t r = F(s, e);
  w.set_exec(r);
  w.scc = r != 0;
}
// The wrexec forms write the new EXEC into D as well.
template <uint64_t (*F)(uint64_t s, uint64_t e)>
void wrexec(Wave& w, const Inst& in) {
  const uint64_t r = F(a64(w, in), w.exec());
  w.set_exec(r);
  write_s64(w, in.dst, r);
  w.scc = r != 0;
}
uint64_t f_and(uint64_t s, uint64_t e) { return s & e; }
uint64_t f_or(uint64_t s, uint64_t e) { return s | e; }
uint64_t f_xor(uint64_t s, uint64_t e) { return s ^ e; }
uint64_t f_andn2(uint64_t s, uint64_t e) { return s & ~e; }
uint64_t f_orn2(uint64_t s, uint64_t e) { return s | ~e; }
uint64_t f_nand(uint64_t s, uint64_t e) { return ~(s & e); }
uint64_t f_nor(uint64_t s, uint64_t e) { return ~(s | e); }
uint64_t f_xnor(uint64_t s, uint64_t e) { return ~(s ^ e); }
uint64_t f_andn1(uint64_t s, uint64_t e) { return ~s & e; }
uint64_t f_orn1(uint64_t s, uint64_t e) { return ~s | e; }

// --- M0-relative moves: the SGPR index is the operand's number plus M0. -------
// An index beyond the wave's SGPRs follows the ISA's out-of-range rules
// (Vega ISA, "Out-of-range behavior"): a source reads SGPR 0, a destination
// is not written. With the engine's check option it faults instead.
bool relative_index(Wave& w, uint16_t code, unsigned dwords, bool source, const char* name,
                    unsigned* out) {
  const uint64_t idx = static_cast<uint64_t>(code) + w.sgpr[op::kM0];
  unsigned limit = op::kSgprLast + 1;
  if (w.dispatch && w.dispatch->nsgpr) limit = std::min(limit, w.dispatch->nsgpr);
  if (code > op::kSgprLast || idx + dwords > limit) {
    if (w.dispatch && w.dispatch->check_gprs) {
      w.raise(FaultKind::kRegisterOutOfRange, idx,
              std::string(name) + " names s" + std::to_string(idx) + " but the wave has " +
                  std::to_string(limit) + " SGPRs");
      return false;
    }
    *out = 0;
    return source;
  }
  *out = static_cast<unsigned>(idx);
  return true;
}
void s_movrels_b32(Wave& w, const Inst& in) {
  unsigned i;
  if (relative_index(w, in.src[0], 1, true, "s_movrels_b32", &i)) write_s32(w, in.dst, w.sgpr[i]);
}
void s_movrels_b64(Wave& w, const Inst& in) {
  unsigned i;
  if (relative_index(w, in.src[0], 2, true, "s_movrels_b64", &i)) write_s64(w, in.dst, w.s64(i));
}
void s_movreld_b32(Wave& w, const Inst& in) {
  const uint32_t v = a32(w, in);
  unsigned i;
  if (relative_index(w, in.dst, 1, false, "s_movreld_b32", &i)) w.sgpr[i] = v;
}
void s_movreld_b64(Wave& w, const Inst& in) {
  const uint64_t v = a64(w, in);
  unsigned i;
  if (relative_index(w, in.dst, 2, false, "s_movreld_b64", &i)) w.set_s64(i, v);
}

// s_abs_i32: D = |S0| (0x80000000 stays); SCC = (D != 0).
void s_abs_i32(Wave& w, const Inst& in) {
  const uint32_t v = a32(w, in);
  const uint32_t r = static_cast<int32_t>(v) < 0 ? 0u - v : v;
  write_s32(w, in.dst, r);
  w.scc = r != 0;
}

// s_bitreplicate_b64_b32: D[2i] = D[2i+1] = S0[i]; SCC unchanged.
void s_bitreplicate_b64_b32(Wave& w, const Inst& in) {
  const uint32_t v = a32(w, in);
  uint64_t r = 0;
  for (unsigned i = 0; i < 32; ++i)
    if ((v >> i) & 1) r |= 3ull << (2 * i);
  write_s64(w, in.dst, r);
}

constexpr Ty N = Ty::None, U = Ty::B32, Q = Ty::B64, S = Ty::I64;

const OpcodeInfo kRows[] = {
    {"s_mov_b32", Format::SOP1, 0, s_mov_b32, U, U, N, N, kOpNone},
    {"s_mov_b64", Format::SOP1, 1, s_mov_b64, Q, Q, N, N, kOpNone},
    {"s_cmov_b32", Format::SOP1, 2, s_cmov_b32, U, U, N, N, kOpNone},
    {"s_cmov_b64", Format::SOP1, 3, s_cmov_b64, Q, Q, N, N, kOpNone},
    {"s_not_b32", Format::SOP1, 4, s_not_b32, U, U, N, N, kOpNone},
    {"s_not_b64", Format::SOP1, 5, s_not_b64, Q, Q, N, N, kOpNone},
    {"s_wqm_b32", Format::SOP1, 6, s_wqm_b32, U, U, N, N, kOpNone},
    {"s_wqm_b64", Format::SOP1, 7, s_wqm_b64, Q, Q, N, N, kOpNone},
    {"s_brev_b32", Format::SOP1, 8, s_brev_b32, U, U, N, N, kOpNone},
    {"s_brev_b64", Format::SOP1, 9, s_brev_b64, Q, Q, N, N, kOpNone},
    {"s_bcnt0_i32_b32", Format::SOP1, 10, s_bcnt<false, false>, U, U, N, N, kOpNone},
    {"s_bcnt0_i32_b64", Format::SOP1, 11, s_bcnt<false, true>, U, Q, N, N, kOpNone},
    {"s_bcnt1_i32_b32", Format::SOP1, 12, s_bcnt<true, false>, U, U, N, N, kOpNone},
    {"s_bcnt1_i32_b64", Format::SOP1, 13, s_bcnt<true, true>, U, Q, N, N, kOpNone},
    {"s_ff0_i32_b32", Format::SOP1, 14, s_ff<false, false>, U, U, N, N, kOpNone},
    {"s_ff0_i32_b64", Format::SOP1, 15, s_ff<false, true>, U, Q, N, N, kOpNone},
    {"s_ff1_i32_b32", Format::SOP1, 16, s_ff<true, false>, U, U, N, N, kOpNone},
    {"s_ff1_i32_b64", Format::SOP1, 17, s_ff<true, true>, U, Q, N, N, kOpNone},
    {"s_flbit_i32_b32", Format::SOP1, 18, s_flbit<false, false>, U, U, N, N, kOpNone},
    {"s_flbit_i32_b64", Format::SOP1, 19, s_flbit<false, true>, U, Q, N, N, kOpNone},
    {"s_flbit_i32", Format::SOP1, 20, s_flbit<true, false>, U, U, N, N, kOpNone},
    {"s_flbit_i32_i64", Format::SOP1, 21, s_flbit<true, true>, U, S, N, N, kOpNone},
    {"s_sext_i32_i8", Format::SOP1, 22, s_sext_i32_i8, U, U, N, N, kOpNone},
    {"s_sext_i32_i16", Format::SOP1, 23, s_sext_i32_i16, U, U, N, N, kOpNone},
    {"s_bitset0_b32", Format::SOP1, 24, s_bitset_b32<false>, U, U, N, N, kOpNone},
    {"s_bitset0_b64", Format::SOP1, 25, s_bitset_b64<false>, Q, U, N, N, kOpNone},
    {"s_bitset1_b32", Format::SOP1, 26, s_bitset_b32<true>, U, U, N, N, kOpNone},
    {"s_bitset1_b64", Format::SOP1, 27, s_bitset_b64<true>, Q, U, N, N, kOpNone},
    {"s_getpc_b64", Format::SOP1, 28, s_getpc_b64, Q, N, N, N, kOpNoSrc0},
    {"s_setpc_b64", Format::SOP1, 29, s_setpc_b64, N, Q, N, N, kOpNoDst | kOpBranch},
    {"s_swappc_b64", Format::SOP1, 30, s_swappc_b64, Q, Q, N, N, kOpBranch},
    {"s_rfe_b64", Format::SOP1, 31, s_rfe_b64, N, Q, N, N, kOpNoDst | kOpBranch},
    {"s_and_saveexec_b64", Format::SOP1, 32, saveexec<f_and>, Q, Q, N, N, kOpNone},
    {"s_or_saveexec_b64", Format::SOP1, 33, saveexec<f_or>, Q, Q, N, N, kOpNone},
    {"s_xor_saveexec_b64", Format::SOP1, 34, saveexec<f_xor>, Q, Q, N, N, kOpNone},
    {"s_andn2_saveexec_b64", Format::SOP1, 35, saveexec<f_andn2>, Q, Q, N, N, kOpNone},
    {"s_orn2_saveexec_b64", Format::SOP1, 36, saveexec<f_orn2>, Q, Q, N, N, kOpNone},
    {"s_nand_saveexec_b64", Format::SOP1, 37, saveexec<f_nand>, Q, Q, N, N, kOpNone},
    {"s_nor_saveexec_b64", Format::SOP1, 38, saveexec<f_nor>, Q, Q, N, N, kOpNone},
    {"s_xnor_saveexec_b64", Format::SOP1, 39, saveexec<f_xnor>, Q, Q, N, N, kOpNone},
    {"s_quadmask_b32", Format::SOP1, 40, s_quadmask_b32, U, U, N, N, kOpNone},
    {"s_quadmask_b64", Format::SOP1, 41, s_quadmask_b64, Q, Q, N, N, kOpNone},
    {"s_movrels_b32", Format::SOP1, 42, s_movrels_b32, U, U, N, N, kOpNone},
    {"s_movrels_b64", Format::SOP1, 43, s_movrels_b64, Q, Q, N, N, kOpNone},
    {"s_movreld_b32", Format::SOP1, 44, s_movreld_b32, U, U, N, N, kOpNone},
    {"s_movreld_b64", Format::SOP1, 45, s_movreld_b64, Q, Q, N, N, kOpNone},
    // Decoded only: fork/join stacks and GPR-index mode are not modelled.
    {"s_cbranch_join", Format::SOP1, 46, nullptr, N, U, N, N, kOpNoDst | kOpBranch},
    {"s_abs_i32", Format::SOP1, 48, s_abs_i32, U, U, N, N, kOpNone},
    {"s_set_gpr_idx_idx", Format::SOP1, 50, nullptr, N, U, N, N, kOpNoDst},
    {"s_andn1_saveexec_b64", Format::SOP1, 51, saveexec<f_andn1>, Q, Q, N, N, kOpNone},
    {"s_orn1_saveexec_b64", Format::SOP1, 52, saveexec<f_orn1>, Q, Q, N, N, kOpNone},
    {"s_andn1_wrexec_b64", Format::SOP1, 53, wrexec<f_andn1>, Q, Q, N, N, kOpNone},
    {"s_andn2_wrexec_b64", Format::SOP1, 54, wrexec<f_andn2>, Q, Q, N, N, kOpNone},
    {"s_bitreplicate_b64_b32", Format::SOP1, 55, s_bitreplicate_b64_b32, Q, U, N, N, kOpNone},
};

}  // namespace

extern const OpcodeTable kSop1Table = {kRows, sizeof(kRows) / sizeof(kRows[0])};

}  // namespace gcn
