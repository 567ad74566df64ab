// VOP2 rows and semantics: two-source vector ALU ops (Vega ISA manual,
// section 12.7 "VOP2 Opcodes"). Every row is also reachable in VOP3 form
// (opcode 256 + n), where the implicit VCC operands become explicit SGPR
// pairs: carry-out in Inst::sdst (VOP3B), carry-in / select mask in src2.
#include <algorithm>
#include <cmath>
#include <string>

#include "wave/valu.h"

namespace gcn {
namespace {

// --- helpers -----------------------------------------------------------------

// IEEE minNum/maxNum as the VALU does them: a NaN operand yields the other
// one, and -0 orders below +0.
template <class T>
T fmin_ieee(T a, T b) {
  if (std::isnan(a)) return b;
  if (std::isnan(b)) return a;
  if (a == b) return std::signbit(a) ? a : b;
  return a < b ? a : b;
}
template <class T>
T fmax_ieee(T a, T b) {
  if (std::isnan(a)) return b;
  if (std::isnan(b)) return a;
  if (a == b) return std::signbit(a) ? b : a;
  return a > b ? a : b;
}

// Non-fused multiply-add (v_mad/v_mac/v_madmk/v_madak_f32): the Vega ISA's
// MAD has no f32 denormal support whatever MODE says (which is why LLVM
// forms these only when f32 denormals are flushed), so the inputs, the
// product (rounded to f32 before the add) and the result are flushed.
float mad_f32(const Wave&, float a, float b, float c) {
  const float q = flush_denorm(flush_denorm(a) * flush_denorm(b));  // -ffp-contract=off
  return flush_denorm(q + flush_denorm(c));
}

// Raw 32-bit source with VOP3/SDWA/DPP abs/neg applied as sign-bit edits,
// no denorm flush (v_cndmask is a bit select).
const uint32_t* read_mod32(Wave& w, const Inst& in, int i, uint32_t* tmp) {
  const uint32_t* raw = read_v32(w, in, i, tmp);
  const bool a = (src_abs_bits(in) >> i) & 1, n = (src_neg_bits(in) >> i) & 1;
  if (!a && !n) return raw;
  for (unsigned l = 0; l < kWaveSize; ++l)
    tmp[l] = (raw[l] & (a ? 0x7FFFFFFFu : ~0u)) ^ (n ? 0x80000000u : 0);
  return tmp;
}

// Implicit VCC in e32/SDWA/DPP form, the SGPR pair in src2 in VOP3 form.
uint64_t mask_in(const Wave& w, const Inst& in) {
  return in.enc == Format::VOP3 ? read_s64(w, in, in.src[2], Ty::B64) : w.vcc();
}
void carry_out(Wave& w, const Inst& in, uint64_t bits) {
  const uint64_t m = bits & w.exec();
  if (in.enc == Format::VOP3) {
    write_s64(w, in.sdst, m);
  } else {
    w.set_vcc(m);
  }
}

// Carry ops: f(a, b, carry_in, &carry_out) -> result. gfx9 integer clamp
// saturates the result instead of wrapping (the carry still reports).
template <class F>
void valu_carry(Wave& w, const Inst& in, bool uses_cin, F f) {
  uint32_t t0[kWaveSize], t1[kWaveSize], r[kWaveSize];
  const uint32_t* a = read_v32(w, in, 0, t0);
  const uint32_t* b = read_v32(w, in, 1, t1);
  const uint64_t cin = uses_cin ? mask_in(w, in) : 0;
  uint64_t cout = 0;
  for (unsigned l = 0; l < kWaveSize; ++l) {
    bool c = false;
    r[l] = f(a[l], b[l], (cin >> l) & 1, &c);
    cout |= static_cast<uint64_t>(c) << l;
  }
  write_v32(w, in, r);
  carry_out(w, in, cout);
}

uint32_t add_c(uint32_t a, uint32_t b, bool ci, bool* co, bool clamp) {
  const uint64_t s = static_cast<uint64_t>(a) + b + ci;
  *co = s >> 32;
  return clamp && *co ? 0xFFFFFFFFu : static_cast<uint32_t>(s);
}
uint32_t sub_c(uint32_t a, uint32_t b, bool bi, bool* bo, bool clamp) {
  const uint64_t d = static_cast<uint64_t>(b) + bi;
  *bo = d > a;
  return clamp && *bo ? 0 : static_cast<uint32_t>(a - d);
}

int32_t sext24(uint32_t x) { return static_cast<int32_t>(x << 8) >> 8; }

// v_madmk/v_madak exist only as VOP2 with a literal K; the VOP3 opcodes the
// decoder maps onto these rows are not valid gfx9 instructions.
bool literal_k_ok(Wave& w, const Inst& in) {
  if (in.enc == Format::VOP2) return true;
  w.raise(FaultKind::kIllegalInstruction, w.pc, std::string(in.info->name) + " has no VOP3 form");
  return false;
}

// --- f32 ----------------------------------------------------------------------
void v_cndmask_b32(Wave& w, const Inst& in) {
  uint32_t t0[kWaveSize], t1[kWaveSize], r[kWaveSize];
  const uint32_t* a = read_mod32(w, in, 0, t0);
  const uint32_t* b = read_mod32(w, in, 1, t1);
  const uint64_t m = mask_in(w, in);
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = ((m >> l) & 1) ? b[l] : a[l];
  write_v32(w, in, r);
}
void v_add_f32(Wave& w, const Inst& in) {
  valu2_f32(w, in, [](float a, float b) { return a + b; });
}
void v_sub_f32(Wave& w, const Inst& in) {
  valu2_f32(w, in, [](float a, float b) { return a - b; });
}
void v_subrev_f32(Wave& w, const Inst& in) {
  valu2_f32(w, in, [](float a, float b) { return b - a; });
}
void v_mul_f32(Wave& w, const Inst& in) {
  valu2_f32(w, in, [](float a, float b) { return a * b; });
}
// DX9 rule: 0 times anything (even inf or NaN) is 0.
void v_mul_legacy_f32(Wave& w, const Inst& in) {
  valu2_f32(w, in, [](float a, float b) { return (a == 0 || b == 0) ? 0.0f : a * b; });
}
void v_min_f32(Wave& w, const Inst& in) { valu2_f32(w, in, fmin_ieee<float>); }
void v_max_f32(Wave& w, const Inst& in) { valu2_f32(w, in, fmax_ieee<float>); }

// v_mac_f32: D = S0 * S1 + D; the destination is the third source.
void v_mac_f32(Wave& w, const Inst& in) {
  Inst c = in;
  c.src[2] = in.dst;
  valu3_f32(w, c, [&w](float a, float b, float d) { return mad_f32(w, a, b, d); });
}
// v_madmk_f32: D = S0 * K + S1; v_madak_f32: D = S0 * S1 + K.
void v_madmk_f32(Wave& w, const Inst& in) {
  if (!literal_k_ok(w, in)) return;
  Inst c = in;
  c.src[2] = in.src[1];
  c.src[1] = op::kLiteral;
  valu3_f32(w, c, [&w](float a, float k, float b) { return mad_f32(w, a, k, b); });
}
void v_madak_f32(Wave& w, const Inst& in) {
  if (!literal_k_ok(w, in)) return;
  Inst c = in;
  c.src[2] = op::kLiteral;
  valu3_f32(w, c, [&w](float a, float b, float k) { return mad_f32(w, a, b, k); });
}

// --- 32-bit integer ---------------------------------------------------------------
void v_mul_i32_i24(Wave& w, const Inst& in) {
  valu2_u32(w, in, [](uint32_t a, uint32_t b) {
    return static_cast<uint32_t>(static_cast<int64_t>(sext24(a)) * sext24(b));
  });
}
void v_mul_hi_i32_i24(Wave& w, const Inst& in) {
  valu2_u32(w, in, [](uint32_t a, uint32_t b) {
    return static_cast<uint32_t>(
        static_cast<uint64_t>(static_cast<int64_t>(sext24(a)) * sext24(b)) >> 32);
  });
}
void v_mul_u32_u24(Wave& w, const Inst& in) {
  valu2_u32(w, in, [](uint32_t a, uint32_t b) { return (a & 0xFFFFFF) * (b & 0xFFFFFF); });
}
void v_mul_hi_u32_u24(Wave& w, const Inst& in) {
  valu2_u32(w, in, [](uint32_t a, uint32_t b) {
    return static_cast<uint32_t>(static_cast<uint64_t>(a & 0xFFFFFF) * (b & 0xFFFFFF) >> 32);
  });
}
void v_min_i32(Wave& w, const Inst& in) {
  valu2_u32(w, in, [](uint32_t a, uint32_t b) {
    return static_cast<uint32_t>(std::min(static_cast<int32_t>(a), static_cast<int32_t>(b)));
  });
}
void v_max_i32(Wave& w, const Inst& in) {
  valu2_u32(w, in, [](uint32_t a, uint32_t b) {
    return static_cast<uint32_t>(std::max(static_cast<int32_t>(a), static_cast<int32_t>(b)));
  });
}
void v_min_u32(Wave& w, const Inst& in) {
  valu2_u32(w, in, [](uint32_t a, uint32_t b) { return std::min(a, b); });
}
void v_max_u32(Wave& w, const Inst& in) {
  valu2_u32(w, in, [](uint32_t a, uint32_t b) { return std::max(a, b); });
}
// "rev" shifts: the shift amount is S0, the value S1.
void v_lshrrev_b32(Wave& w, const Inst& in) {
  valu2_u32(w, in, [](uint32_t a, uint32_t b) { return b >> (a & 31); });
}
void v_ashrrev_i32(Wave& w, const Inst& in) {
  valu2_u32(w, in, [](uint32_t a, uint32_t b) {
    return static_cast<uint32_t>(static_cast<int32_t>(b) >> (a & 31));
  });
}
void v_lshlrev_b32(Wave& w, const Inst& in) {
  valu2_u32(w, in, [](uint32_t a, uint32_t b) { return b << (a & 31); });
}
void v_and_b32(Wave& w, const Inst& in) {
  valu2_u32(w, in, [](uint32_t a, uint32_t b) { return a & b; });
}
void v_or_b32(Wave& w, const Inst& in) {
  valu2_u32(w, in, [](uint32_t a, uint32_t b) { return a | b; });
}
void v_xor_b32(Wave& w, const Inst& in) {
  valu2_u32(w, in, [](uint32_t a, uint32_t b) { return a ^ b; });
}

// Carry-out forms: e32 writes VCC, VOP3B writes sdst.
void v_add_co_u32(Wave& w, const Inst& in) {
  const bool cl = out_clamp(in);
  valu_carry(w, in, false,
             [cl](uint32_t a, uint32_t b, bool, bool* co) { return add_c(a, b, false, co, cl); });
}
void v_sub_co_u32(Wave& w, const Inst& in) {
  const bool cl = out_clamp(in);
  valu_carry(w, in, false,
             [cl](uint32_t a, uint32_t b, bool, bool* co) { return sub_c(a, b, false, co, cl); });
}
void v_subrev_co_u32(Wave& w, const Inst& in) {
  const bool cl = out_clamp(in);
  valu_carry(w, in, false,
             [cl](uint32_t a, uint32_t b, bool, bool* co) { return sub_c(b, a, false, co, cl); });
}
void v_addc_co_u32(Wave& w, const Inst& in) {
  const bool cl = out_clamp(in);
  valu_carry(w, in, true,
             [cl](uint32_t a, uint32_t b, bool ci, bool* co) { return add_c(a, b, ci, co, cl); });
}
void v_subb_co_u32(Wave& w, const Inst& in) {
  const bool cl = out_clamp(in);
  valu_carry(w, in, true,
             [cl](uint32_t a, uint32_t b, bool ci, bool* co) { return sub_c(a, b, ci, co, cl); });
}
void v_subbrev_co_u32(Wave& w, const Inst& in) {
  const bool cl = out_clamp(in);
  valu_carry(w, in, true,
             [cl](uint32_t a, uint32_t b, bool ci, bool* co) { return sub_c(b, a, ci, co, cl); });
}

// gfx9 no-carry forms; clamp saturates.
void v_add_u32(Wave& w, const Inst& in) {
  const bool cl = out_clamp(in);
  valu2_u32(w, in, [cl](uint32_t a, uint32_t b) {
    bool c;
    return add_c(a, b, false, &c, cl);
  });
}
void v_sub_u32(Wave& w, const Inst& in) {
  const bool cl = out_clamp(in);
  valu2_u32(w, in, [cl](uint32_t a, uint32_t b) {
    bool c;
    return sub_c(a, b, false, &c, cl);
  });
}
void v_subrev_u32(Wave& w, const Inst& in) {
  const bool cl = out_clamp(in);
  valu2_u32(w, in, [cl](uint32_t a, uint32_t b) {
    bool c;
    return sub_c(b, a, false, &c, cl);
  });
}

// --- f16 ------------------------------------------------------------------------
// Non-fused f16 multiply-add: round the product to f16, then the sum.
double mad_f16(const Wave& w, double a, double b, double c) {
  uint16_t p = f64_to_f16(a * b);
  if (flush_f16(w) && (p & 0x7C00) == 0) p &= 0x8000;
  return f16_to_f64(p) + c;
}

void v_add_f16(Wave& w, const Inst& in) {
  valu2_f16(w, in, [](double a, double b) { return a + b; });
}
void v_sub_f16(Wave& w, const Inst& in) {
  valu2_f16(w, in, [](double a, double b) { return a - b; });
}
void v_subrev_f16(Wave& w, const Inst& in) {
  valu2_f16(w, in, [](double a, double b) { return b - a; });
}
void v_mul_f16(Wave& w, const Inst& in) {
  valu2_f16(w, in, [](double a, double b) { return a * b; });
}
void v_max_f16(Wave& w, const Inst& in) { valu2_f16(w, in, fmax_ieee<double>); }
void v_min_f16(Wave& w, const Inst& in) { valu2_f16(w, in, fmin_ieee<double>); }

// S0.f16 * 2^S1, S1 a signed 16-bit integer.
void v_ldexp_f16(Wave& w, const Inst& in) {
  double a[kWaveSize], r[kWaveSize];
  uint32_t t1[kWaveSize];
  read_f16(w, in, 0, a);
  const uint32_t* b = read_v32(w, in, 1, t1);
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = std::ldexp(a[l], static_cast<int16_t>(b[l]));
  write_f16(w, in, r);
}

// Three-source f16 with the high half of the destination preserved (gfx9).
template <class F>
void valu3_f16_keep(Wave& w, const Inst& in, F f) {
  double a[kWaveSize], b[kWaveSize], c[kWaveSize], r[kWaveSize];
  read_f16(w, in, 0, a);
  read_f16(w, in, 1, b);
  read_f16(w, in, 2, c);
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = f(a[l], b[l], c[l]);
  write_f16(w, in, r, true);
}
void v_mac_f16(Wave& w, const Inst& in) {
  Inst c = in;
  c.src[2] = in.dst;
  valu3_f16_keep(w, c, [&w](double a, double b, double d) { return mad_f16(w, a, b, d); });
}
void v_madmk_f16(Wave& w, const Inst& in) {
  if (!literal_k_ok(w, in)) return;
  Inst c = in;
  c.src[2] = in.src[1];
  c.src[1] = op::kLiteral;
  valu3_f16_keep(w, c, [&w](double a, double k, double b) { return mad_f16(w, a, k, b); });
}
void v_madak_f16(Wave& w, const Inst& in) {
  if (!literal_k_ok(w, in)) return;
  Inst c = in;
  c.src[2] = op::kLiteral;
  valu3_f16_keep(w, c, [&w](double a, double b, double k) { return mad_f16(w, a, b, k); });
}

// --- 16-bit integer (results zero bits [31:16] on gfx9) ---------------------------
template <class F>
void valu2_u16(Wave& w, const Inst& in, F f) {
  valu2_u32(w, in, [f](uint32_t a, uint32_t b) {
    return static_cast<uint32_t>(
        static_cast<uint16_t>(f(static_cast<uint16_t>(a), static_cast<uint16_t>(b))));
  });
}
void v_add_u16(Wave& w, const Inst& in) {
  const bool cl = out_clamp(in);
  valu2_u16(w, in, [cl](uint16_t a, uint16_t b) {
    const uint32_t s = static_cast<uint32_t>(a) + b;
    return cl && s > 0xFFFF ? 0xFFFFu : s;
  });
}
void v_sub_u16(Wave& w, const Inst& in) {
  const bool cl = out_clamp(in);
  valu2_u16(w, in, [cl](uint16_t a, uint16_t b) {
    return cl && b > a ? 0u : static_cast<uint32_t>(a - b);
  });
}
void v_subrev_u16(Wave& w, const Inst& in) {
  const bool cl = out_clamp(in);
  valu2_u16(w, in, [cl](uint16_t a, uint16_t b) {
    return cl && a > b ? 0u : static_cast<uint32_t>(b - a);
  });
}
void v_mul_lo_u16(Wave& w, const Inst& in) {
  valu2_u16(w, in, [](uint16_t a, uint16_t b) { return static_cast<uint32_t>(a) * b; });
}
void v_lshlrev_b16(Wave& w, const Inst& in) {
  valu2_u16(w, in, [](uint16_t a, uint16_t b) { return static_cast<uint32_t>(b) << (a & 15); });
}
void v_lshrrev_b16(Wave& w, const Inst& in) {
  valu2_u16(w, in, [](uint16_t a, uint16_t b) { return static_cast<uint32_t>(b) >> (a & 15); });
}
void v_ashrrev_i16(Wave& w, const Inst& in) {
  valu2_u16(w, in, [](uint16_t a, uint16_t b) {
    return static_cast<uint32_t>(static_cast<int16_t>(b) >> (a & 15));
  });
}
void v_max_u16(Wave& w, const Inst& in) {
  valu2_u16(w, in, [](uint16_t a, uint16_t b) { return static_cast<uint32_t>(std::max(a, b)); });
}
void v_min_u16(Wave& w, const Inst& in) {
  valu2_u16(w, in, [](uint16_t a, uint16_t b) { return static_cast<uint32_t>(std::min(a, b)); });
}
void v_max_i16(Wave& w, const Inst& in) {
  valu2_u16(w, in, [](uint16_t a, uint16_t b) {
    return static_cast<uint32_t>(std::max(static_cast<int16_t>(a), static_cast<int16_t>(b)));
  });
}
void v_min_i16(Wave& w, const Inst& in) {
  valu2_u16(w, in, [](uint16_t a, uint16_t b) {
    return static_cast<uint32_t>(std::min(static_cast<int16_t>(a), static_cast<int16_t>(b)));
  });
}

constexpr uint32_t kM = kOpVop3Mods;
constexpr uint32_t kCo = kOpVop3b | kOpWritesVcc;
constexpr uint32_t kCi = kOpVop3b | kOpWritesVcc | kOpReadsVcc;

// Opcode numbers checked against llvm-mc-14 -mcpu=gfx900.
const OpcodeInfo kRows[] = {
    {"v_cndmask_b32", Format::VOP2, 0, v_cndmask_b32, Ty::B32, Ty::B32, Ty::B32, Ty::B64,
     kOpReadsVcc | kM},
    {"v_add_f32", Format::VOP2, 1, v_add_f32, Ty::F32, Ty::F32, Ty::F32, Ty::None, kM},
    {"v_sub_f32", Format::VOP2, 2, v_sub_f32, Ty::F32, Ty::F32, Ty::F32, Ty::None, kM},
    {"v_subrev_f32", Format::VOP2, 3, v_subrev_f32, Ty::F32, Ty::F32, Ty::F32, Ty::None, kM},
    {"v_mul_legacy_f32", Format::VOP2, 4, v_mul_legacy_f32, Ty::F32, Ty::F32, Ty::F32, Ty::None,
     kM},
    {"v_mul_f32", Format::VOP2, 5, v_mul_f32, Ty::F32, Ty::F32, Ty::F32, Ty::None, kM},
    {"v_mul_i32_i24", Format::VOP2, 6, v_mul_i32_i24, Ty::B32, Ty::B32, Ty::B32, Ty::None, 0},
    {"v_mul_hi_i32_i24", Format::VOP2, 7, v_mul_hi_i32_i24, Ty::B32, Ty::B32, Ty::B32, Ty::None, 0},
    {"v_mul_u32_u24", Format::VOP2, 8, v_mul_u32_u24, Ty::B32, Ty::B32, Ty::B32, Ty::None, 0},
    {"v_mul_hi_u32_u24", Format::VOP2, 9, v_mul_hi_u32_u24, Ty::B32, Ty::B32, Ty::B32, Ty::None, 0},
    {"v_min_f32", Format::VOP2, 10, v_min_f32, Ty::F32, Ty::F32, Ty::F32, Ty::None, kM},
    {"v_max_f32", Format::VOP2, 11, v_max_f32, Ty::F32, Ty::F32, Ty::F32, Ty::None, kM},
    {"v_min_i32", Format::VOP2, 12, v_min_i32, Ty::B32, Ty::B32, Ty::B32, Ty::None, 0},
    {"v_max_i32", Format::VOP2, 13, v_max_i32, Ty::B32, Ty::B32, Ty::B32, Ty::None, 0},
    {"v_min_u32", Format::VOP2, 14, v_min_u32, Ty::B32, Ty::B32, Ty::B32, Ty::None, 0},
    {"v_max_u32", Format::VOP2, 15, v_max_u32, Ty::B32, Ty::B32, Ty::B32, Ty::None, 0},
    {"v_lshrrev_b32", Format::VOP2, 16, v_lshrrev_b32, Ty::B32, Ty::B32, Ty::B32, Ty::None, 0},
    {"v_ashrrev_i32", Format::VOP2, 17, v_ashrrev_i32, Ty::B32, Ty::B32, Ty::B32, Ty::None, 0},
    {"v_lshlrev_b32", Format::VOP2, 18, v_lshlrev_b32, Ty::B32, Ty::B32, Ty::B32, Ty::None, 0},
    {"v_and_b32", Format::VOP2, 19, v_and_b32, Ty::B32, Ty::B32, Ty::B32, Ty::None, 0},
    {"v_or_b32", Format::VOP2, 20, v_or_b32, Ty::B32, Ty::B32, Ty::B32, Ty::None, 0},
    {"v_xor_b32", Format::VOP2, 21, v_xor_b32, Ty::B32, Ty::B32, Ty::B32, Ty::None, 0},
    {"v_mac_f32", Format::VOP2, 22, v_mac_f32, Ty::F32, Ty::F32, Ty::F32, Ty::None, kM},
    {"v_madmk_f32", Format::VOP2, 23, v_madmk_f32, Ty::F32, Ty::F32, Ty::F32, Ty::None,
     kOpLiteralK},
    {"v_madak_f32", Format::VOP2, 24, v_madak_f32, Ty::F32, Ty::F32, Ty::F32, Ty::None,
     kOpLiteralK},
    {"v_add_co_u32", Format::VOP2, 25, v_add_co_u32, Ty::B32, Ty::B32, Ty::B32, Ty::None, kCo},
    {"v_sub_co_u32", Format::VOP2, 26, v_sub_co_u32, Ty::B32, Ty::B32, Ty::B32, Ty::None, kCo},
    {"v_subrev_co_u32", Format::VOP2, 27, v_subrev_co_u32, Ty::B32, Ty::B32, Ty::B32, Ty::None,
     kCo},
    {"v_addc_co_u32", Format::VOP2, 28, v_addc_co_u32, Ty::B32, Ty::B32, Ty::B32, Ty::B64, kCi},
    {"v_subb_co_u32", Format::VOP2, 29, v_subb_co_u32, Ty::B32, Ty::B32, Ty::B32, Ty::B64, kCi},
    {"v_subbrev_co_u32", Format::VOP2, 30, v_subbrev_co_u32, Ty::B32, Ty::B32, Ty::B32, Ty::B64,
     kCi},
    {"v_add_f16", Format::VOP2, 31, v_add_f16, Ty::F16, Ty::F16, Ty::F16, Ty::None, kM},
    {"v_sub_f16", Format::VOP2, 32, v_sub_f16, Ty::F16, Ty::F16, Ty::F16, Ty::None, kM},
    {"v_subrev_f16", Format::VOP2, 33, v_subrev_f16, Ty::F16, Ty::F16, Ty::F16, Ty::None, kM},
    {"v_mul_f16", Format::VOP2, 34, v_mul_f16, Ty::F16, Ty::F16, Ty::F16, Ty::None, kM},
    {"v_mac_f16", Format::VOP2, 35, v_mac_f16, Ty::F16, Ty::F16, Ty::F16, Ty::None, kM},
    {"v_madmk_f16", Format::VOP2, 36, v_madmk_f16, Ty::F16, Ty::F16, Ty::F16, Ty::None,
     kOpLiteralK},
    {"v_madak_f16", Format::VOP2, 37, v_madak_f16, Ty::F16, Ty::F16, Ty::F16, Ty::None,
     kOpLiteralK},
    {"v_add_u16", Format::VOP2, 38, v_add_u16, Ty::B16, Ty::B16, Ty::B16, Ty::None, 0},
    {"v_sub_u16", Format::VOP2, 39, v_sub_u16, Ty::B16, Ty::B16, Ty::B16, Ty::None, 0},
    {"v_subrev_u16", Format::VOP2, 40, v_subrev_u16, Ty::B16, Ty::B16, Ty::B16, Ty::None, 0},
    {"v_mul_lo_u16", Format::VOP2, 41, v_mul_lo_u16, Ty::B16, Ty::B16, Ty::B16, Ty::None, 0},
    {"v_lshlrev_b16", Format::VOP2, 42, v_lshlrev_b16, Ty::B16, Ty::B16, Ty::B16, Ty::None, 0},
    {"v_lshrrev_b16", Format::VOP2, 43, v_lshrrev_b16, Ty::B16, Ty::B16, Ty::B16, Ty::None, 0},
    {"v_ashrrev_i16", Format::VOP2, 44, v_ashrrev_i16, Ty::B16, Ty::B16, Ty::B16, Ty::None, 0},
    {"v_max_f16", Format::VOP2, 45, v_max_f16, Ty::F16, Ty::F16, Ty::F16, Ty::None, kM},
    {"v_min_f16", Format::VOP2, 46, v_min_f16, Ty::F16, Ty::F16, Ty::F16, Ty::None, kM},
    {"v_max_u16", Format::VOP2, 47, v_max_u16, Ty::B16, Ty::B16, Ty::B16, Ty::None, 0},
    {"v_max_i16", Format::VOP2, 48, v_max_i16, Ty::B16, Ty::B16, Ty::B16, Ty::None, 0},
    {"v_min_u16", Format::VOP2, 49, v_min_u16, Ty::B16, Ty::B16, Ty::B16, Ty::None, 0},
    {"v_min_i16", Format::VOP2, 50, v_min_i16, Ty::B16, Ty::B16, Ty::B16, Ty::None, 0},
    {"v_ldexp_f16", Format::VOP2, 51, v_ldexp_f16, Ty::F16, Ty::F16, Ty::B16, Ty::None, kM},
    {"v_add_u32", Format::VOP2, 52, v_add_u32, Ty::B32, Ty::B32, Ty::B32, Ty::None, 0},
    {"v_sub_u32", Format::VOP2, 53, v_sub_u32, Ty::B32, Ty::B32, Ty::B32, Ty::None, 0},
    {"v_subrev_u32", Format::VOP2, 54, v_subrev_u32, Ty::B32, Ty::B32, Ty::B32, Ty::None, 0},
};

}  // namespace

extern const OpcodeTable kVop2Table = {kRows, sizeof(kRows) / sizeof(kRows[0])};

}  // namespace gcn
