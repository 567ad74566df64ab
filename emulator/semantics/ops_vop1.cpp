// VOP1 rows and semantics: one-source vector ALU ops (Vega ISA manual,
// section 12.8 "VOP1 Opcodes"), also reachable in VOP3 form (320 + n).
//
// Precision: the hardware's transcendental ops (rcp, rsq, sqrt, exp, log,
// sin, cos) are approximations of about 1 ULP. We compute them in double
// and round once, which is within that error bound but not bit-identical
// to silicon.
#include <algorithm>
#include <climits>
#include <cmath>

#include "wave/valu.h"

namespace gcn {
namespace {

constexpr double kTwoPi = 6.283185307179586476925286766559;

// --- type-changing lane maps ---------------------------------------------------
template <class F>  // float -> 32-bit integer
void map_f32_u32(Wave& w, const Inst& in, F f) {
  float a[kWaveSize];
  uint32_t r[kWaveSize];
  read_f32(w, in, 0, a);
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = f(a[l]);
  write_v32(w, in, r);
}
template <class F>  // double -> 32-bit integer
void map_f64_u32(Wave& w, const Inst& in, F f) {
  double a[kWaveSize];
  uint32_t r[kWaveSize];
  read_f64(w, in, 0, a);
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = f(a[l]);
  write_v32(w, in, r);
}
template <class F>  // 32-bit integer -> float
void map_u32_f32(Wave& w, const Inst& in, F f) {
  uint32_t t[kWaveSize];
  float r[kWaveSize];
  const uint32_t* a = read_v32(w, in, 0, t);
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = f(a[l]);
  write_f32(w, in, r);
}
template <class F>  // 32-bit integer -> double
void map_u32_f64(Wave& w, const Inst& in, F f) {
  uint32_t t[kWaveSize];
  double r[kWaveSize];
  const uint32_t* a = read_v32(w, in, 0, t);
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = f(a[l]);
  write_f64(w, in, r);
}
template <class F>  // f16 -> 16-bit integer (bits [31:16] zeroed)
void map_f16_u16(Wave& w, const Inst& in, F f) {
  double a[kWaveSize];
  uint32_t r[kWaveSize];
  read_f16(w, in, 0, a);
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = static_cast<uint16_t>(f(a[l]));
  write_v32(w, in, r);
}
template <class F>  // 16-bit integer -> f16
void map_u16_f16(Wave& w, const Inst& in, F f) {
  uint32_t t[kWaveSize];
  double r[kWaveSize];
  const uint32_t* a = read_v32(w, in, 0, t);
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = f(static_cast<uint16_t>(a[l]));
  write_f16(w, in, r);
}

// Float to integer: truncate toward zero, saturate, NaN gives 0 (ISA manual,
// "V_CVT_I32_F32").
uint32_t to_i32(double x) {
  if (std::isnan(x)) return 0;
  if (x <= INT_MIN) return static_cast<uint32_t>(INT_MIN);
  if (x >= INT_MAX) return static_cast<uint32_t>(INT_MAX);
  return static_cast<uint32_t>(static_cast<int32_t>(x));
}
uint32_t to_u32(double x) {
  if (std::isnan(x) || x <= 0) return 0;
  if (x >= 4294967295.0) return 0xFFFFFFFFu;
  return static_cast<uint32_t>(x);
}
int32_t sat_int(double x, double lo, double hi) {
  if (std::isnan(x)) return 0;
  return static_cast<int32_t>(std::min(std::max(std::trunc(x), lo), hi));
}

// x - floor(x), kept below 1.0 (a tiny negative x would round up to 1.0).
// inf - inf makes NaN for infinite inputs, as on hardware.
template <class T>
T fract(T x, T below_one) {
  const T r = x - std::floor(x);
  return r > below_one ? below_one : r;
}

template <class T>
int frexp_exp(T x) {
  if (std::isnan(x) || std::isinf(x)) return 0;
  int e = 0;
  std::frexp(x, &e);
  return e;
}
template <class T>
T frexp_mant(T x) {
  if (std::isnan(x) || std::isinf(x)) return x;
  int e;
  return std::frexp(x, &e);
}

// Input in revolutions: sin(x * 2pi). The argument is reduced to a quarter
// turn exactly (as the hardware's range reduction does), so whole and half
// turns give exact zeros and quarter turns exact ones.
double sin_rev(double x) {
  if (std::isinf(x) || std::isnan(x)) return NAN;
  double r = x - std::floor(x);  // [0, 1)
  double sign = 1;
  if (r >= 0.5) {
    r -= 0.5;
    sign = -1;
  }
  if (r > 0.25) r = 0.5 - r;  // sin(pi - t) = sin(t)
  const double v = sign * std::sin(kTwoPi * r);
  return v == 0 ? std::copysign(0.0, x) : v;  // zeros keep the input's sign
}
double cos_rev(double x) {
  const double v = sin_rev(x + 0.25);
  return v == 0 ? 0.0 : v;
}

float rcp32(float x) { return static_cast<float>(1.0 / x); }
float rsq32(float x) { return static_cast<float>(1.0 / std::sqrt(static_cast<double>(x))); }
float exp32(float x) { return static_cast<float>(std::exp2(static_cast<double>(x))); }
float log32(float x) { return static_cast<float>(std::log2(static_cast<double>(x))); }

// --- moves and lane ops ------------------------------------------------------------
void v_nop(Wave&, const Inst&) {}
// No exception state is modelled (TRAPSTS.EXCP is never set), so nothing to clear.
void v_clrexcp(Wave&, const Inst&) {}

void v_mov_b32(Wave& w, const Inst& in) {
  valu1_u32(w, in, [](uint32_t a) { return a; });
}

// Writes an SGPR from the first active lane; lane 0 when EXEC is 0.
void v_readfirstlane_b32(Wave& w, const Inst& in) {
  uint32_t t[kWaveSize];
  const uint32_t* a = read_v32(w, in, 0, t);
  w.write_mask = ~0ull;
  const uint64_t e = w.exec();
  write_s32(w, in.dst, a[e ? __builtin_ctzll(e) : 0]);
}

// gfx9 v_swap_b32: exchanges vdst and src0 (both VGPRs) in active lanes.
void v_swap_b32(Wave& w, const Inst& in) {
  if (in.src[0] < op::kVgpr0 || in.dst < op::kVgpr0) {
    w.raise(FaultKind::kIllegalInstruction, w.pc, "v_swap_b32 needs VGPR operands");
    return;
  }
  uint32_t* d = w.v(in.dst - op::kVgpr0);
  uint32_t* s = w.v(in.src[0] - op::kVgpr0);
  for_active(w.exec(), [&](unsigned l) { std::swap(d[l], s[l]); });
}

// --- conversions -----------------------------------------------------------------
void v_cvt_i32_f64(Wave& w, const Inst& in) { map_f64_u32(w, in, to_i32); }
void v_cvt_u32_f64(Wave& w, const Inst& in) { map_f64_u32(w, in, to_u32); }
void v_cvt_f64_i32(Wave& w, const Inst& in) {
  map_u32_f64(w, in, [](uint32_t a) { return static_cast<double>(static_cast<int32_t>(a)); });
}
void v_cvt_f64_u32(Wave& w, const Inst& in) {
  map_u32_f64(w, in, [](uint32_t a) { return static_cast<double>(a); });
}
void v_cvt_f32_i32(Wave& w, const Inst& in) {
  map_u32_f32(w, in, [](uint32_t a) { return static_cast<float>(static_cast<int32_t>(a)); });
}
void v_cvt_f32_u32(Wave& w, const Inst& in) {
  map_u32_f32(w, in, [](uint32_t a) { return static_cast<float>(a); });
}
void v_cvt_u32_f32(Wave& w, const Inst& in) {
  map_f32_u32(w, in, [](float a) { return to_u32(a); });
}
void v_cvt_i32_f32(Wave& w, const Inst& in) {
  map_f32_u32(w, in, [](float a) { return to_i32(a); });
}
// Round half up, then floor (ISA manual: "V_CVT_RPI_I32_F32").
void v_cvt_rpi_i32_f32(Wave& w, const Inst& in) {
  map_f32_u32(w, in, [](float a) { return to_i32(std::floor(static_cast<double>(a) + 0.5)); });
}
void v_cvt_flr_i32_f32(Wave& w, const Inst& in) {
  map_f32_u32(w, in, [](float a) { return to_i32(std::floor(static_cast<double>(a))); });
}
// Signed 4-bit S0[3:0] scaled by 1/16.
void v_cvt_off_f32_i4(Wave& w, const Inst& in) {
  map_u32_f32(w, in, [](uint32_t a) {
    return static_cast<float>(static_cast<int32_t>(a << 28) >> 28) / 16.0f;
  });
}
void v_cvt_f32_f64(Wave& w, const Inst& in) {
  double a[kWaveSize];
  float r[kWaveSize];
  read_f64(w, in, 0, a);
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = static_cast<float>(a[l]);
  write_f32(w, in, r);
}
void v_cvt_f64_f32(Wave& w, const Inst& in) {
  float a[kWaveSize];
  double r[kWaveSize];
  read_f32(w, in, 0, a);
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = a[l];
  write_f64(w, in, r);
}
template <unsigned kByte>
void v_cvt_f32_ubyte(Wave& w, const Inst& in) {
  map_u32_f32(w, in, [](uint32_t a) { return static_cast<float>((a >> (8 * kByte)) & 0xFF); });
}
void v_cvt_f16_f32(Wave& w, const Inst& in) {
  float a[kWaveSize];
  double r[kWaveSize];
  read_f32(w, in, 0, a);
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = a[l];
  write_f16(w, in, r);
}
void v_cvt_f32_f16(Wave& w, const Inst& in) {
  double a[kWaveSize];
  float r[kWaveSize];
  read_f16(w, in, 0, a);
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = static_cast<float>(a[l]);
  write_f32(w, in, r);
}
void v_cvt_f16_u16(Wave& w, const Inst& in) {
  map_u16_f16(w, in, [](uint16_t a) { return static_cast<double>(a); });
}
void v_cvt_f16_i16(Wave& w, const Inst& in) {
  map_u16_f16(w, in, [](uint16_t a) { return static_cast<double>(static_cast<int16_t>(a)); });
}
void v_cvt_u16_f16(Wave& w, const Inst& in) {
  map_f16_u16(w, in, [](double a) { return sat_int(a, 0, 65535); });
}
void v_cvt_i16_f16(Wave& w, const Inst& in) {
  map_f16_u16(w, in, [](double a) { return sat_int(a, -32768, 32767); });
}
// Normalized: [-1, 1] -> [-32767, 32767], [0, 1] -> [0, 65535], nearest even.
void v_cvt_norm_i16_f16(Wave& w, const Inst& in) {
  map_f16_u16(w, in, [](double a) {
    return std::isnan(a)
               ? 0
               : static_cast<int32_t>(std::nearbyint(std::min(std::max(a, -1.0), 1.0) * 32767));
  });
}
void v_cvt_norm_u16_f16(Wave& w, const Inst& in) {
  map_f16_u16(w, in, [](double a) {
    return std::isnan(a)
               ? 0
               : static_cast<int32_t>(std::nearbyint(std::min(std::max(a, 0.0), 1.0) * 65535));
  });
}
// Two signed 16-bit halves saturated to unsigned bytes, packed into [15:0].
void v_sat_pk_u8_i16(Wave& w, const Inst& in) {
  valu1_u32(w, in, [](uint32_t a) {
    auto sat = [](int v) { return static_cast<uint32_t>(std::min(std::max(v, 0), 255)); };
    return sat(static_cast<int16_t>(a)) | sat(static_cast<int16_t>(a >> 16)) << 8;
  });
}

// --- f32 arithmetic --------------------------------------------------------------------
void v_fract_f32(Wave& w, const Inst& in) {
  valu1_f32(w, in, [](float a) { return fract(a, 0x1.fffffep-1f); });
}
void v_trunc_f32(Wave& w, const Inst& in) {
  valu1_f32(w, in, [](float a) { return std::trunc(a); });
}
void v_ceil_f32(Wave& w, const Inst& in) {
  valu1_f32(w, in, [](float a) { return std::ceil(a); });
}
void v_rndne_f32(Wave& w, const Inst& in) {
  valu1_f32(w, in, [](float a) { return std::nearbyint(a); });
}
void v_floor_f32(Wave& w, const Inst& in) {
  valu1_f32(w, in, [](float a) { return std::floor(a); });
}
void v_exp_f32(Wave& w, const Inst& in) { valu1_f32(w, in, exp32); }
void v_log_f32(Wave& w, const Inst& in) { valu1_f32(w, in, log32); }
void v_rcp_f32(Wave& w, const Inst& in) { valu1_f32(w, in, rcp32); }
void v_rsq_f32(Wave& w, const Inst& in) { valu1_f32(w, in, rsq32); }
void v_sqrt_f32(Wave& w, const Inst& in) {
  valu1_f32(w, in, [](float a) { return std::sqrt(a); });
}
void v_sin_f32(Wave& w, const Inst& in) {
  valu1_f32(w, in, [](float a) { return static_cast<float>(sin_rev(a)); });
}
void v_cos_f32(Wave& w, const Inst& in) {
  valu1_f32(w, in, [](float a) { return static_cast<float>(cos_rev(a)); });
}
void v_frexp_mant_f32(Wave& w, const Inst& in) { valu1_f32(w, in, frexp_mant<float>); }
void v_frexp_exp_i32_f32(Wave& w, const Inst& in) {
  map_f32_u32(w, in, [](float a) { return static_cast<uint32_t>(frexp_exp(a)); });
}

// --- f64 arithmetic ----------------------------------------------------------------------
void v_trunc_f64(Wave& w, const Inst& in) {
  valu1_f64(w, in, [](double a) { return std::trunc(a); });
}
void v_ceil_f64(Wave& w, const Inst& in) {
  valu1_f64(w, in, [](double a) { return std::ceil(a); });
}
void v_rndne_f64(Wave& w, const Inst& in) {
  valu1_f64(w, in, [](double a) { return std::nearbyint(a); });
}
void v_floor_f64(Wave& w, const Inst& in) {
  valu1_f64(w, in, [](double a) { return std::floor(a); });
}
void v_fract_f64(Wave& w, const Inst& in) {
  valu1_f64(w, in, [](double a) { return fract(a, 0x1.fffffffffffffp-1); });
}
void v_rcp_f64(Wave& w, const Inst& in) {
  valu1_f64(w, in, [](double a) { return 1.0 / a; });
}
void v_rsq_f64(Wave& w, const Inst& in) {
  valu1_f64(w, in, [](double a) { return 1.0 / std::sqrt(a); });
}
void v_sqrt_f64(Wave& w, const Inst& in) {
  valu1_f64(w, in, [](double a) { return std::sqrt(a); });
}
void v_frexp_mant_f64(Wave& w, const Inst& in) { valu1_f64(w, in, frexp_mant<double>); }
void v_frexp_exp_i32_f64(Wave& w, const Inst& in) {
  map_f64_u32(w, in, [](double a) { return static_cast<uint32_t>(frexp_exp(a)); });
}

// --- bit ops -------------------------------------------------------------------------------
void v_not_b32(Wave& w, const Inst& in) {
  valu1_u32(w, in, [](uint32_t a) { return ~a; });
}
void v_bfrev_b32(Wave& w, const Inst& in) {
  valu1_u32(w, in, [](uint32_t a) {
    uint32_t r = 0;
    for (int i = 0; i < 32; ++i) r |= ((a >> i) & 1) << (31 - i);
    return r;
  });
}
// First one from the MSB / LSB; 0xFFFFFFFF when there is none.
void v_ffbh_u32(Wave& w, const Inst& in) {
  valu1_u32(w, in, [](uint32_t a) { return a ? static_cast<uint32_t>(__builtin_clz(a)) : ~0u; });
}
void v_ffbl_b32(Wave& w, const Inst& in) {
  valu1_u32(w, in, [](uint32_t a) { return a ? static_cast<uint32_t>(__builtin_ctz(a)) : ~0u; });
}
// First bit that differs from the sign bit, counted from the MSB.
void v_ffbh_i32(Wave& w, const Inst& in) {
  valu1_u32(w, in, [](uint32_t a) {
    const uint32_t x = a ^ static_cast<uint32_t>(static_cast<int32_t>(a) >> 31);
    return x ? static_cast<uint32_t>(__builtin_clz(x)) : ~0u;
  });
}

// --- f16 --------------------------------------------------------------------------------------
void v_rcp_f16(Wave& w, const Inst& in) {
  valu1_f16(w, in, [](double a) { return 1.0 / a; });
}
void v_sqrt_f16(Wave& w, const Inst& in) {
  valu1_f16(w, in, [](double a) { return std::sqrt(a); });
}
void v_rsq_f16(Wave& w, const Inst& in) {
  valu1_f16(w, in, [](double a) { return 1.0 / std::sqrt(a); });
}
void v_log_f16(Wave& w, const Inst& in) {
  valu1_f16(w, in, [](double a) { return std::log2(a); });
}
void v_exp_f16(Wave& w, const Inst& in) {
  valu1_f16(w, in, [](double a) { return std::exp2(a); });
}
void v_frexp_mant_f16(Wave& w, const Inst& in) { valu1_f16(w, in, frexp_mant<double>); }
void v_frexp_exp_i16_f16(Wave& w, const Inst& in) {
  map_f16_u16(w, in, [](double a) { return frexp_exp(a); });
}
void v_floor_f16(Wave& w, const Inst& in) {
  valu1_f16(w, in, [](double a) { return std::floor(a); });
}
void v_ceil_f16(Wave& w, const Inst& in) {
  valu1_f16(w, in, [](double a) { return std::ceil(a); });
}
void v_trunc_f16(Wave& w, const Inst& in) {
  valu1_f16(w, in, [](double a) { return std::trunc(a); });
}
void v_rndne_f16(Wave& w, const Inst& in) {
  valu1_f16(w, in, [](double a) { return std::nearbyint(a); });
}
// Largest f16 below 1.0 is 0x3BFF = 1 - 2^-11.
void v_fract_f16(Wave& w, const Inst& in) {
  valu1_f16(w, in, [](double a) { return fract(a, 1.0 - 0x1p-11); });
}
void v_sin_f16(Wave& w, const Inst& in) { valu1_f16(w, in, sin_rev); }
void v_cos_f16(Wave& w, const Inst& in) { valu1_f16(w, in, cos_rev); }

constexpr uint32_t kM = kOpVop3Mods;
constexpr uint32_t kNone = kOpNoDst | kOpNoSrc0;

// Opcode numbers checked against llvm-mc-14 -mcpu=gfx900.
const OpcodeInfo kRows[] = {
    {"v_nop", Format::VOP1, 0, v_nop, Ty::None, Ty::None, Ty::None, Ty::None, kNone},
    {"v_mov_b32", Format::VOP1, 1, v_mov_b32, Ty::B32, Ty::B32, Ty::None, Ty::None, 0},
    {"v_readfirstlane_b32", Format::VOP1, 2, v_readfirstlane_b32, Ty::B32, Ty::B32, Ty::None,
     Ty::None, kOpScalarDstVop},
    {"v_cvt_i32_f64", Format::VOP1, 3, v_cvt_i32_f64, Ty::B32, Ty::F64, Ty::None, Ty::None, kM},
    {"v_cvt_f64_i32", Format::VOP1, 4, v_cvt_f64_i32, Ty::F64, Ty::B32, Ty::None, Ty::None, 0},
    {"v_cvt_f32_i32", Format::VOP1, 5, v_cvt_f32_i32, Ty::F32, Ty::B32, Ty::None, Ty::None, 0},
    {"v_cvt_f32_u32", Format::VOP1, 6, v_cvt_f32_u32, Ty::F32, Ty::B32, Ty::None, Ty::None, 0},
    {"v_cvt_u32_f32", Format::VOP1, 7, v_cvt_u32_f32, Ty::B32, Ty::F32, Ty::None, Ty::None, kM},
    {"v_cvt_i32_f32", Format::VOP1, 8, v_cvt_i32_f32, Ty::B32, Ty::F32, Ty::None, Ty::None, kM},
    {"v_cvt_f16_f32", Format::VOP1, 10, v_cvt_f16_f32, Ty::F16, Ty::F32, Ty::None, Ty::None, kM},
    {"v_cvt_f32_f16", Format::VOP1, 11, v_cvt_f32_f16, Ty::F32, Ty::F16, Ty::None, Ty::None, kM},
    {"v_cvt_rpi_i32_f32", Format::VOP1, 12, v_cvt_rpi_i32_f32, Ty::B32, Ty::F32, Ty::None, Ty::None,
     kM},
    {"v_cvt_flr_i32_f32", Format::VOP1, 13, v_cvt_flr_i32_f32, Ty::B32, Ty::F32, Ty::None, Ty::None,
     kM},
    {"v_cvt_off_f32_i4", Format::VOP1, 14, v_cvt_off_f32_i4, Ty::F32, Ty::B32, Ty::None, Ty::None,
     0},
    {"v_cvt_f32_f64", Format::VOP1, 15, v_cvt_f32_f64, Ty::F32, Ty::F64, Ty::None, Ty::None, kM},
    {"v_cvt_f64_f32", Format::VOP1, 16, v_cvt_f64_f32, Ty::F64, Ty::F32, Ty::None, Ty::None, kM},
    {"v_cvt_f32_ubyte0", Format::VOP1, 17, v_cvt_f32_ubyte<0>, Ty::F32, Ty::B32, Ty::None, Ty::None,
     0},
    {"v_cvt_f32_ubyte1", Format::VOP1, 18, v_cvt_f32_ubyte<1>, Ty::F32, Ty::B32, Ty::None, Ty::None,
     0},
    {"v_cvt_f32_ubyte2", Format::VOP1, 19, v_cvt_f32_ubyte<2>, Ty::F32, Ty::B32, Ty::None, Ty::None,
     0},
    {"v_cvt_f32_ubyte3", Format::VOP1, 20, v_cvt_f32_ubyte<3>, Ty::F32, Ty::B32, Ty::None, Ty::None,
     0},
    {"v_cvt_u32_f64", Format::VOP1, 21, v_cvt_u32_f64, Ty::B32, Ty::F64, Ty::None, Ty::None, kM},
    {"v_cvt_f64_u32", Format::VOP1, 22, v_cvt_f64_u32, Ty::F64, Ty::B32, Ty::None, Ty::None, 0},
    {"v_trunc_f64", Format::VOP1, 23, v_trunc_f64, Ty::F64, Ty::F64, Ty::None, Ty::None, kM},
    {"v_ceil_f64", Format::VOP1, 24, v_ceil_f64, Ty::F64, Ty::F64, Ty::None, Ty::None, kM},
    {"v_rndne_f64", Format::VOP1, 25, v_rndne_f64, Ty::F64, Ty::F64, Ty::None, Ty::None, kM},
    {"v_floor_f64", Format::VOP1, 26, v_floor_f64, Ty::F64, Ty::F64, Ty::None, Ty::None, kM},
    {"v_fract_f32", Format::VOP1, 27, v_fract_f32, Ty::F32, Ty::F32, Ty::None, Ty::None, kM},
    {"v_trunc_f32", Format::VOP1, 28, v_trunc_f32, Ty::F32, Ty::F32, Ty::None, Ty::None, kM},
    {"v_ceil_f32", Format::VOP1, 29, v_ceil_f32, Ty::F32, Ty::F32, Ty::None, Ty::None, kM},
    {"v_rndne_f32", Format::VOP1, 30, v_rndne_f32, Ty::F32, Ty::F32, Ty::None, Ty::None, kM},
    {"v_floor_f32", Format::VOP1, 31, v_floor_f32, Ty::F32, Ty::F32, Ty::None, Ty::None, kM},
    {"v_exp_f32", Format::VOP1, 32, v_exp_f32, Ty::F32, Ty::F32, Ty::None, Ty::None, kM},
    {"v_log_f32", Format::VOP1, 33, v_log_f32, Ty::F32, Ty::F32, Ty::None, Ty::None, kM},
    {"v_rcp_f32", Format::VOP1, 34, v_rcp_f32, Ty::F32, Ty::F32, Ty::None, Ty::None, kM},
    {"v_rcp_iflag_f32", Format::VOP1, 35, v_rcp_f32, Ty::F32, Ty::F32, Ty::None, Ty::None, kM},
    {"v_rsq_f32", Format::VOP1, 36, v_rsq_f32, Ty::F32, Ty::F32, Ty::None, Ty::None, kM},
    {"v_rcp_f64", Format::VOP1, 37, v_rcp_f64, Ty::F64, Ty::F64, Ty::None, Ty::None, kM},
    {"v_rsq_f64", Format::VOP1, 38, v_rsq_f64, Ty::F64, Ty::F64, Ty::None, Ty::None, kM},
    {"v_sqrt_f32", Format::VOP1, 39, v_sqrt_f32, Ty::F32, Ty::F32, Ty::None, Ty::None, kM},
    {"v_sqrt_f64", Format::VOP1, 40, v_sqrt_f64, Ty::F64, Ty::F64, Ty::None, Ty::None, kM},
    {"v_sin_f32", Format::VOP1, 41, v_sin_f32, Ty::F32, Ty::F32, Ty::None, Ty::None, kM},
    {"v_cos_f32", Format::VOP1, 42, v_cos_f32, Ty::F32, Ty::F32, Ty::None, Ty::None, kM},
    {"v_not_b32", Format::VOP1, 43, v_not_b32, Ty::B32, Ty::B32, Ty::None, Ty::None, 0},
    {"v_bfrev_b32", Format::VOP1, 44, v_bfrev_b32, Ty::B32, Ty::B32, Ty::None, Ty::None, 0},
    {"v_ffbh_u32", Format::VOP1, 45, v_ffbh_u32, Ty::B32, Ty::B32, Ty::None, Ty::None, 0},
    {"v_ffbl_b32", Format::VOP1, 46, v_ffbl_b32, Ty::B32, Ty::B32, Ty::None, Ty::None, 0},
    {"v_ffbh_i32", Format::VOP1, 47, v_ffbh_i32, Ty::B32, Ty::B32, Ty::None, Ty::None, 0},
    {"v_frexp_exp_i32_f64", Format::VOP1, 48, v_frexp_exp_i32_f64, Ty::B32, Ty::F64, Ty::None,
     Ty::None, kM},
    {"v_frexp_mant_f64", Format::VOP1, 49, v_frexp_mant_f64, Ty::F64, Ty::F64, Ty::None, Ty::None,
     kM},
    {"v_fract_f64", Format::VOP1, 50, v_fract_f64, Ty::F64, Ty::F64, Ty::None, Ty::None, kM},
    {"v_frexp_exp_i32_f32", Format::VOP1, 51, v_frexp_exp_i32_f32, Ty::B32, Ty::F32, Ty::None,
     Ty::None, kM},
    {"v_frexp_mant_f32", Format::VOP1, 52, v_frexp_mant_f32, Ty::F32, Ty::F32, Ty::None, Ty::None,
     kM},
    {"v_clrexcp", Format::VOP1, 53, v_clrexcp, Ty::None, Ty::None, Ty::None, Ty::None, kNone},
    // The screen-partition table of the ISA manual is not modelled: faults as
    // "not supported" (exec = nullptr).
    {"v_screen_partition_4se_b32", Format::VOP1, 55, nullptr, Ty::B32, Ty::B32, Ty::None, Ty::None,
     0},
    {"v_cvt_f16_u16", Format::VOP1, 57, v_cvt_f16_u16, Ty::F16, Ty::B16, Ty::None, Ty::None, 0},
    {"v_cvt_f16_i16", Format::VOP1, 58, v_cvt_f16_i16, Ty::F16, Ty::B16, Ty::None, Ty::None, 0},
    {"v_cvt_u16_f16", Format::VOP1, 59, v_cvt_u16_f16, Ty::B16, Ty::F16, Ty::None, Ty::None, kM},
    {"v_cvt_i16_f16", Format::VOP1, 60, v_cvt_i16_f16, Ty::B16, Ty::F16, Ty::None, Ty::None, kM},
    {"v_rcp_f16", Format::VOP1, 61, v_rcp_f16, Ty::F16, Ty::F16, Ty::None, Ty::None, kM},
    {"v_sqrt_f16", Format::VOP1, 62, v_sqrt_f16, Ty::F16, Ty::F16, Ty::None, Ty::None, kM},
    {"v_rsq_f16", Format::VOP1, 63, v_rsq_f16, Ty::F16, Ty::F16, Ty::None, Ty::None, kM},
    {"v_log_f16", Format::VOP1, 64, v_log_f16, Ty::F16, Ty::F16, Ty::None, Ty::None, kM},
    {"v_exp_f16", Format::VOP1, 65, v_exp_f16, Ty::F16, Ty::F16, Ty::None, Ty::None, kM},
    {"v_frexp_mant_f16", Format::VOP1, 66, v_frexp_mant_f16, Ty::F16, Ty::F16, Ty::None, Ty::None,
     kM},
    {"v_frexp_exp_i16_f16", Format::VOP1, 67, v_frexp_exp_i16_f16, Ty::B16, Ty::F16, Ty::None,
     Ty::None, kM},
    {"v_floor_f16", Format::VOP1, 68, v_floor_f16, Ty::F16, Ty::F16, Ty::None, Ty::None, kM},
    {"v_ceil_f16", Format::VOP1, 69, v_ceil_f16, Ty::F16, Ty::F16, Ty::None, Ty::None, kM},
    {"v_trunc_f16", Format::VOP1, 70, v_trunc_f16, Ty::F16, Ty::F16, Ty::None, Ty::None, kM},
    {"v_rndne_f16", Format::VOP1, 71, v_rndne_f16, Ty::F16, Ty::F16, Ty::None, Ty::None, kM},
    {"v_fract_f16", Format::VOP1, 72, v_fract_f16, Ty::F16, Ty::F16, Ty::None, Ty::None, kM},
    {"v_sin_f16", Format::VOP1, 73, v_sin_f16, Ty::F16, Ty::F16, Ty::None, Ty::None, kM},
    {"v_cos_f16", Format::VOP1, 74, v_cos_f16, Ty::F16, Ty::F16, Ty::None, Ty::None, kM},
    // Legacy (pre-IEEE) exp/log: modelled as the IEEE ops.
    {"v_exp_legacy_f32", Format::VOP1, 75, v_exp_f32, Ty::F32, Ty::F32, Ty::None, Ty::None, kM},
    {"v_log_legacy_f32", Format::VOP1, 76, v_log_f32, Ty::F32, Ty::F32, Ty::None, Ty::None, kM},
    {"v_cvt_norm_i16_f16", Format::VOP1, 77, v_cvt_norm_i16_f16, Ty::B16, Ty::F16, Ty::None,
     Ty::None, kM},
    {"v_cvt_norm_u16_f16", Format::VOP1, 78, v_cvt_norm_u16_f16, Ty::B16, Ty::F16, Ty::None,
     Ty::None, kM},
    {"v_sat_pk_u8_i16", Format::VOP1, 79, v_sat_pk_u8_i16, Ty::B16, Ty::B32, Ty::None, Ty::None, 0},
    {"v_swap_b32", Format::VOP1, 81, v_swap_b32, Ty::B32, Ty::B32, Ty::None, Ty::None, 0},
};

}  // namespace

extern const OpcodeTable kVop1Table = {kRows, sizeof(kRows) / sizeof(kRows[0])};

}  // namespace gcn
