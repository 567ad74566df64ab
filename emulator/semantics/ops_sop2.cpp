// SOP2: two-source scalar ALU operations. Semantics and SCC rules follow the
// Vega ISA manual, section 12.1 ("SOP2 Instructions"): arithmetic sets SCC to
// the carry/borrow or signed overflow, bitwise and shift operations set it to
// (result != 0), min/max to the comparison, and moves/multiplies leave it.
#include "isa/instruction.h"
#include "wave/wave.h"

namespace gcn {
namespace {

// Sources are read before the destination is written: sdst may alias them.
inline uint32_t a32(const Wave& w, const Inst& in) { return read_s32(w, in, in.src[0]); }
inline uint32_t b32(const Wave& w, const Inst& in) { return read_s32(w, in, in.src[1]); }
inline uint64_t a64(const Wave& w, const Inst& in) {
  return read_s64(w, in, in.src[0], in.info->src0);
}
inline uint64_t b64(const Wave& w, const Inst& in) {
  return read_s64(w, in, in.src[1], in.info->src1);
}
inline int32_t as_i32(uint32_t v) { return static_cast<int32_t>(v); }

// Low `width` bits set; width may be 0..64.
inline uint64_t low_mask(unsigned width) { return width >= 64 ? ~0ull : (1ull << width) - 1; }

// --- add/sub: SCC is the unsigned carry/borrow or the signed overflow. -------
void s_add_u32(Wave& w, const Inst& in) {
  const uint64_t r = static_cast<uint64_t>(a32(w, in)) + b32(w, in);
  write_s32(w, in.dst, static_cast<uint32_t>(r));
  w.scc = (r >> 32) != 0;
}
void s_sub_u32(Wave& w, const Inst& in) {
  const uint32_t a = a32(w, in), b = b32(w, in);
  write_s32(w, in.dst, a - b);
  w.scc = b > a;
}
void s_add_i32(Wave& w, const Inst& in) {
  const uint32_t a = a32(w, in), b = b32(w, in), r = a + b;
  write_s32(w, in.dst, r);
  w.scc = (((a ^ r) & (b ^ r)) >> 31) != 0;  // operands agree in sign, result differs
}
void s_sub_i32(Wave& w, const Inst& in) {
  const uint32_t a = a32(w, in), b = b32(w, in), r = a - b;
  write_s32(w, in.dst, r);
  w.scc = (((a ^ b) & (a ^ r)) >> 31) != 0;
}
void s_addc_u32(Wave& w, const Inst& in) {
  const uint64_t r = static_cast<uint64_t>(a32(w, in)) + b32(w, in) + (w.scc ? 1 : 0);
  write_s32(w, in.dst, static_cast<uint32_t>(r));
  w.scc = (r >> 32) != 0;
}
void s_subb_u32(Wave& w, const Inst& in) {
  const uint32_t a = a32(w, in), b = b32(w, in), c = w.scc ? 1 : 0;
  write_s32(w, in.dst, a - b - c);
  w.scc = static_cast<uint64_t>(b) + c > a;
}

// --- min/max: SCC = the comparison that chose src0. -------------------------
void s_min_i32(Wave& w, const Inst& in) {
  const uint32_t a = a32(w, in), b = b32(w, in);
  w.scc = as_i32(a) < as_i32(b);
  write_s32(w, in.dst, w.scc ? a : b);
}
void s_min_u32(Wave& w, const Inst& in) {
  const uint32_t a = a32(w, in), b = b32(w, in);
  w.scc = a < b;
  write_s32(w, in.dst, w.scc ? a : b);
}
void s_max_i32(Wave& w, const Inst& in) {
  const uint32_t a = a32(w, in), b = b32(w, in);
  w.scc = as_i32(a) > as_i32(b);
  write_s32(w, in.dst, w.scc ? a : b);
}
void s_max_u32(Wave& w, const Inst& in) {
  const uint32_t a = a32(w, in), b = b32(w, in);
  w.scc = a > b;
  write_s32(w, in.dst, w.scc ? a : b);
}

// --- select: reads SCC, leaves it. ------------------------------------------
void s_cselect_b32(Wave& w, const Inst& in) {
  write_s32(w, in.dst, w.scc ? a32(w, in) : b32(w, in));
}
void s_cselect_b64(Wave& w, const Inst& in) {
  write_s64(w, in.dst, w.scc ? a64(w, in) : b64(w, in));
}

// --- bitwise: SCC = (result != 0). -------------------------------------------
template <class T>
struct Bitwise {
  static T and_(T a, T b) { return a & b; }
  static T or_(T a, T b) { return a | b; }
  static T xor_(T a, T b) { return a ^ b; }
  static T andn2(T a, T b) { return a & ~b; }
  static T orn2(T a, T b) { return a | ~b; }
  static T nand(T a, T b) { return ~(a & b); }
  static T nor(T a, T b) { return ~(a | b); }
  static T xnor(T a, T b) { return ~(a ^ b); }
};

template <uint32_t (*F)(uint32_t, uint32_t)>
void bitop32(Wave& w, const Inst& in) {
  const uint32_t r = F(a32(w, in), b32(w, in));
  write_s32(w, in.dst, r);
  w.scc = r != 0;
}
template <uint64_t (*F)(uint64_t, uint64_t)>
void bitop64(Wave& w, const Inst& in) {
  const uint64_t r = F(a64(w, in), b64(w, in));
  write_s64(w, in.dst, r);
  w.scc = r != 0;
}
using B32 = Bitwise<uint32_t>;
using B64 = Bitwise<uint64_t>;

// --- shifts: amount is S1[4:0] (32-bit) or S1[5:0] (64-bit); SCC = (D != 0).
void s_lshl_b32(Wave& w, const Inst& in) {
  const uint32_t r = a32(w, in) << (b32(w, in) & 31);
  write_s32(w, in.dst, r);
  w.scc = r != 0;
}
void s_lshl_b64(Wave& w, const Inst& in) {
  const uint64_t r = a64(w, in) << (b32(w, in) & 63);
  write_s64(w, in.dst, r);
  w.scc = r != 0;
}
void s_lshr_b32(Wave& w, const Inst& in) {
  const uint32_t r = a32(w, in) >> (b32(w, in) & 31);
  write_s32(w, in.dst, r);
  w.scc = r != 0;
}
void s_lshr_b64(Wave& w, const Inst& in) {
  const uint64_t r = a64(w, in) >> (b32(w, in) & 63);
  write_s64(w, in.dst, r);
  w.scc = r != 0;
}
void s_ashr_i32(Wave& w, const Inst& in) {
  const uint32_t r = static_cast<uint32_t>(as_i32(a32(w, in)) >> (b32(w, in) & 31));
  write_s32(w, in.dst, r);
  w.scc = r != 0;
}
void s_ashr_i64(Wave& w, const Inst& in) {
  const uint64_t r = static_cast<uint64_t>(static_cast<int64_t>(a64(w, in)) >> (b32(w, in) & 63));
  write_s64(w, in.dst, r);
  w.scc = r != 0;
}

// --- bitfield mask/extract ---------------------------------------------------
// s_bfm: D = ((1 << S0[n:0]) - 1) << S1[n:0]; SCC unchanged.
void s_bfm_b32(Wave& w, const Inst& in) {
  const uint32_t m = static_cast<uint32_t>(low_mask(a32(w, in) & 31));
  write_s32(w, in.dst, m << (b32(w, in) & 31));
}
void s_bfm_b64(Wave& w, const Inst& in) {
  const uint64_t m = low_mask(a32(w, in) & 63);
  write_s64(w, in.dst, m << (b32(w, in) & 63));
}

// s_bfe: S1[4:0] (or [5:0]) is the offset, S1[22:16] the width; SCC = (D != 0).
template <bool kSigned, unsigned kBits>
uint64_t bfe(uint64_t v, uint32_t ctl) {
  const unsigned off = ctl & (kBits - 1);
  const unsigned width = (ctl >> 16) & 0x7F;
  if (width == 0) return 0;
  // As the manual's formula: a field running past the top reads zeros, so
  // its "sign bit" is then 0 and nothing is extended.
  uint64_t r = (v >> off) & low_mask(width);
  if (kSigned && width < kBits && ((r >> (width - 1)) & 1)) r |= ~low_mask(width);
  return kBits == 32 ? (r & 0xFFFFFFFFull) : r;
}
void s_bfe_u32(Wave& w, const Inst& in) {
  const uint32_t r = static_cast<uint32_t>(bfe<false, 32>(a32(w, in), b32(w, in)));
  write_s32(w, in.dst, r);
  w.scc = r != 0;
}
void s_bfe_i32(Wave& w, const Inst& in) {
  const uint32_t r = static_cast<uint32_t>(bfe<true, 32>(a32(w, in), b32(w, in)));
  write_s32(w, in.dst, r);
  w.scc = r != 0;
}
void s_bfe_u64(Wave& w, const Inst& in) {
  const uint64_t r = bfe<false, 64>(a64(w, in), b32(w, in));
  write_s64(w, in.dst, r);
  w.scc = r != 0;
}
void s_bfe_i64(Wave& w, const Inst& in) {
  const uint64_t r = bfe<true, 64>(a64(w, in), b32(w, in));
  write_s64(w, in.dst, r);
  w.scc = r != 0;
}

// --- multiply: SCC unchanged. --------------------------------------------------
void s_mul_i32(Wave& w, const Inst& in) { write_s32(w, in.dst, a32(w, in) * b32(w, in)); }
void s_mul_hi_u32(Wave& w, const Inst& in) {
  const uint64_t p = static_cast<uint64_t>(a32(w, in)) * b32(w, in);
  write_s32(w, in.dst, static_cast<uint32_t>(p >> 32));
}
void s_mul_hi_i32(Wave& w, const Inst& in) {
  const int64_t p = static_cast<int64_t>(as_i32(a32(w, in))) * as_i32(b32(w, in));
  write_s32(w, in.dst, static_cast<uint32_t>(static_cast<uint64_t>(p) >> 32));
}

// s_absdiff_i32: D = |S0 - S1| (32-bit wrap); SCC = (D != 0).
void s_absdiff_i32(Wave& w, const Inst& in) {
  const int32_t d = static_cast<int32_t>(a32(w, in) - b32(w, in));
  const uint32_t r = d < 0 ? 0u - static_cast<uint32_t>(d) : static_cast<uint32_t>(d);
  write_s32(w, in.dst, r);
  w.scc = r != 0;
}

// s_lshlN_add_u32: D = (S0 << N) + S1; SCC = carry out of the 64-bit sum.
template <unsigned N>
void s_lshl_add_u32(Wave& w, const Inst& in) {
  const uint64_t r = (static_cast<uint64_t>(a32(w, in)) << N) + b32(w, in);
  write_s32(w, in.dst, static_cast<uint32_t>(r));
  w.scc = (r >> 32) != 0;
}

// s_pack_*: two 16-bit halves into one dword; SCC unchanged.
void s_pack_ll_b32_b16(Wave& w, const Inst& in) {
  write_s32(w, in.dst, (a32(w, in) & 0xFFFF) | (b32(w, in) << 16));
}
void s_pack_lh_b32_b16(Wave& w, const Inst& in) {
  write_s32(w, in.dst, (a32(w, in) & 0xFFFF) | (b32(w, in) & 0xFFFF0000u));
}
void s_pack_hh_b32_b16(Wave& w, const Inst& in) {
  write_s32(w, in.dst, (a32(w, in) >> 16) | (b32(w, in) & 0xFFFF0000u));
}

constexpr Ty N = Ty::None, U = Ty::B32, Q = Ty::B64, S = Ty::I64;

const OpcodeInfo kRows[] = {
    {"s_add_u32", Format::SOP2, 0, s_add_u32, U, U, U, N, kOpNone},
    {"s_sub_u32", Format::SOP2, 1, s_sub_u32, U, U, U, N, kOpNone},
    {"s_add_i32", Format::SOP2, 2, s_add_i32, U, U, U, N, kOpNone},
    {"s_sub_i32", Format::SOP2, 3, s_sub_i32, U, U, U, N, kOpNone},
    {"s_addc_u32", Format::SOP2, 4, s_addc_u32, U, U, U, N, kOpNone},
    {"s_subb_u32", Format::SOP2, 5, s_subb_u32, U, U, U, N, kOpNone},
    {"s_min_i32", Format::SOP2, 6, s_min_i32, U, U, U, N, kOpNone},
    {"s_min_u32", Format::SOP2, 7, s_min_u32, U, U, U, N, kOpNone},
    {"s_max_i32", Format::SOP2, 8, s_max_i32, U, U, U, N, kOpNone},
    {"s_max_u32", Format::SOP2, 9, s_max_u32, U, U, U, N, kOpNone},
    {"s_cselect_b32", Format::SOP2, 10, s_cselect_b32, U, U, U, N, kOpNone},
    {"s_cselect_b64", Format::SOP2, 11, s_cselect_b64, Q, Q, Q, N, kOpNone},
    {"s_and_b32", Format::SOP2, 12, bitop32<B32::and_>, U, U, U, N, kOpNone},
    {"s_and_b64", Format::SOP2, 13, bitop64<B64::and_>, Q, Q, Q, N, kOpNone},
    {"s_or_b32", Format::SOP2, 14, bitop32<B32::or_>, U, U, U, N, kOpNone},
    {"s_or_b64", Format::SOP2, 15, bitop64<B64::or_>, Q, Q, Q, N, kOpNone},
    {"s_xor_b32", Format::SOP2, 16, bitop32<B32::xor_>, U, U, U, N, kOpNone},
    {"s_xor_b64", Format::SOP2, 17, bitop64<B64::xor_>, Q, Q, Q, N, kOpNone},
    {"s_andn2_b32", Format::SOP2, 18, bitop32<B32::andn2>, U, U, U, N, kOpNone},
    {"s_andn2_b64", Format::SOP2, 19, bitop64<B64::andn2>, Q, Q, Q, N, kOpNone},
    {"s_orn2_b32", Format::SOP2, 20, bitop32<B32::orn2>, U, U, U, N, kOpNone},
    {"s_orn2_b64", Format::SOP2, 21, bitop64<B64::orn2>, Q, Q, Q, N, kOpNone},
    {"s_nand_b32", Format::SOP2, 22, bitop32<B32::nand>, U, U, U, N, kOpNone},
    {"s_nand_b64", Format::SOP2, 23, bitop64<B64::nand>, Q, Q, Q, N, kOpNone},
    {"s_nor_b32", Format::SOP2, 24, bitop32<B32::nor>, U, U, U, N, kOpNone},
    {"s_nor_b64", Format::SOP2, 25, bitop64<B64::nor>, Q, Q, Q, N, kOpNone},
    {"s_xnor_b32", Format::SOP2, 26, bitop32<B32::xnor>, U, U, U, N, kOpNone},
    {"s_xnor_b64", Format::SOP2, 27, bitop64<B64::xnor>, Q, Q, Q, N, kOpNone},
    {"s_lshl_b32", Format::SOP2, 28, s_lshl_b32, U, U, U, N, kOpNone},
    {"s_lshl_b64", Format::SOP2, 29, s_lshl_b64, Q, Q, U, N, kOpNone},
    {"s_lshr_b32", Format::SOP2, 30, s_lshr_b32, U, U, U, N, kOpNone},
    {"s_lshr_b64", Format::SOP2, 31, s_lshr_b64, Q, Q, U, N, kOpNone},
    {"s_ashr_i32", Format::SOP2, 32, s_ashr_i32, U, U, U, N, kOpNone},
    {"s_ashr_i64", Format::SOP2, 33, s_ashr_i64, S, S, U, N, kOpNone},
    {"s_bfm_b32", Format::SOP2, 34, s_bfm_b32, U, U, U, N, kOpNone},
    {"s_bfm_b64", Format::SOP2, 35, s_bfm_b64, Q, U, U, N, kOpNone},
    {"s_mul_i32", Format::SOP2, 36, s_mul_i32, U, U, U, N, kOpNone},
    {"s_bfe_u32", Format::SOP2, 37, s_bfe_u32, U, U, U, N, kOpNone},
    {"s_bfe_i32", Format::SOP2, 38, s_bfe_i32, U, U, U, N, kOpNone},
    {"s_bfe_u64", Format::SOP2, 39, s_bfe_u64, Q, Q, U, N, kOpNone},
    {"s_bfe_i64", Format::SOP2, 40, s_bfe_i64, S, S, U, N, kOpNone},
    // s_cbranch_g_fork / s_rfe_restore_b64: decoded, not executable (no
    // compiler emits them for compute).
    {"s_cbranch_g_fork", Format::SOP2, 41, nullptr, N, Q, Q, N, kOpNoDst | kOpBranch},
    {"s_absdiff_i32", Format::SOP2, 42, s_absdiff_i32, U, U, U, N, kOpNone},
    {"s_rfe_restore_b64", Format::SOP2, 43, nullptr, N, Q, U, N, kOpNoDst | kOpBranch},
    {"s_mul_hi_u32", Format::SOP2, 44, s_mul_hi_u32, U, U, U, N, kOpNone},
    {"s_mul_hi_i32", Format::SOP2, 45, s_mul_hi_i32, U, U, U, N, kOpNone},
    {"s_lshl1_add_u32", Format::SOP2, 46, s_lshl_add_u32<1>, U, U, U, N, kOpNone},
    {"s_lshl2_add_u32", Format::SOP2, 47, s_lshl_add_u32<2>, U, U, U, N, kOpNone},
    {"s_lshl3_add_u32", Format::SOP2, 48, s_lshl_add_u32<3>, U, U, U, N, kOpNone},
    {"s_lshl4_add_u32", Format::SOP2, 49, s_lshl_add_u32<4>, U, U, U, N, kOpNone},
    {"s_pack_ll_b32_b16", Format::SOP2, 50, s_pack_ll_b32_b16, U, U, U, N, kOpNone},
    {"s_pack_lh_b32_b16", Format::SOP2, 51, s_pack_lh_b32_b16, U, U, U, N, kOpNone},
    {"s_pack_hh_b32_b16", Format::SOP2, 52, s_pack_hh_b32_b16, U, U, U, N, kOpNone},
};

}  // namespace

extern const OpcodeTable kSop2Table = {kRows, sizeof(kRows) / sizeof(kRows[0])};

}  // namespace gcn
