// Lane-map helpers for vector ALU semantics. An instruction's semantics is a
// scalar lambda; these helpers fetch sources (with constants, DPP, SDWA and
// VOP3 abs/neg), run it over 64 lanes, and write the result under EXEC with
// clamp/omod. Loops run over all lanes so the compiler can vectorise them;
// EXEC is applied once at write-back.
#pragma once

#include <cmath>

#include "wave.h"

namespace gcn {

// --- input modifiers -------------------------------------------------------
inline uint8_t src_abs_bits(const Inst& in) {
  return in.ext == Ext::Sdwa ? in.sdwa.src_abs : in.ext == Ext::Dpp ? in.dpp.src_abs : in.abs;
}
inline uint8_t src_neg_bits(const Inst& in) {
  return in.ext == Ext::Sdwa ? in.sdwa.src_neg : in.ext == Ext::Dpp ? in.dpp.src_neg : in.neg;
}

// f32 denormals are flushed unless MODE.FP_DENORM[5:4] allows them.
inline bool flush_f32(const Wave& w) { return ((w.mode >> 4) & 3) != 3; }
inline bool flush_f64(const Wave& w) { return ((w.mode >> 6) & 3) != 3; }

// Bit tests instead of fpclassify so the 64-lane loops vectorise: a zero
// exponent field means zero or denormal, and either becomes a signed zero.
inline float flush_denorm(float x) {
  const uint32_t b = as_u32(x);
  return (b & 0x7F800000u) ? x : as_f32(b & 0x80000000u);
}
inline double flush_denorm(double x) {
  const uint64_t b = as_u64(x);
  return (b & 0x7FF0000000000000ull) ? x : as_f64(b & 0x8000000000000000ull);
}

// Reads float source i with abs/neg and denorm flushing applied.
inline void read_f32(Wave& w, const Inst& in, int i, float* out) {
  uint32_t tmp[kWaveSize];
  const uint32_t* raw = read_v32(w, in, i, tmp);
  const bool a = (src_abs_bits(in) >> i) & 1, n = (src_neg_bits(in) >> i) & 1;
  const uint32_t clear = a ? 0x7FFFFFFFu : 0xFFFFFFFFu, flip = n ? 0x80000000u : 0;
  for (unsigned l = 0; l < kWaveSize; ++l) out[l] = as_f32((raw[l] & clear) ^ flip);
  if (flush_f32(w))
    for (unsigned l = 0; l < kWaveSize; ++l) out[l] = flush_denorm(out[l]);
}

inline void read_f64(Wave& w, const Inst& in, int i, double* out) {
  uint64_t raw[kWaveSize];
  read_v64(w, in, i, Ty::F64, raw);
  const bool a = (src_abs_bits(in) >> i) & 1, n = (src_neg_bits(in) >> i) & 1;
  const uint64_t clear = a ? 0x7FFFFFFFFFFFFFFFull : ~0ull, flip = n ? 0x8000000000000000ull : 0;
  for (unsigned l = 0; l < kWaveSize; ++l) out[l] = as_f64((raw[l] & clear) ^ flip);
  if (flush_f64(w))
    for (unsigned l = 0; l < kWaveSize; ++l) out[l] = flush_denorm(out[l]);
}

// --- output modifiers --------------------------------------------------------
inline uint8_t out_omod(const Inst& in) { return in.ext == Ext::Sdwa ? in.sdwa.omod : in.omod; }
inline bool out_clamp(const Inst& in) { return in.ext == Ext::Sdwa ? in.sdwa.clamp : in.clamp; }

template <class T>
inline T apply_omod_clamp(const Inst& in, T x) {
  switch (out_omod(in)) {
    case 1:
      x *= 2;
      break;
    case 2:
      x *= 4;
      break;
    case 3:
      x *= static_cast<T>(0.5);
      break;
    default:
      break;
  }
  if (out_clamp(in)) x = std::isnan(x) ? T(0) : std::fmin(std::fmax(x, T(0)), T(1));
  return x;
}

inline void write_f32(Wave& w, const Inst& in, float* r) {
  if (out_omod(in) || out_clamp(in))
    for (unsigned l = 0; l < kWaveSize; ++l) r[l] = apply_omod_clamp(in, r[l]);
  if (flush_f32(w))
    for (unsigned l = 0; l < kWaveSize; ++l) r[l] = flush_denorm(r[l]);
  uint32_t bits[kWaveSize];
  std::memcpy(bits, r, sizeof(bits));
  write_v32(w, in, bits);
}

inline void write_f64(Wave& w, const Inst& in, double* r) {
  if (out_omod(in) || out_clamp(in))
    for (unsigned l = 0; l < kWaveSize; ++l) r[l] = apply_omod_clamp(in, r[l]);
  if (flush_f64(w))
    for (unsigned l = 0; l < kWaveSize; ++l) r[l] = flush_denorm(r[l]);
  uint64_t bits[kWaveSize];
  std::memcpy(bits, r, sizeof(bits));
  write_v64(w, in, bits);
}

// --- lane maps -----------------------------------------------------------------
// Integer, 32-bit: f(a[, b[, c]]) -> uint32_t.
template <class F>
inline void valu1_u32(Wave& w, const Inst& in, F f) {
  uint32_t t0[kWaveSize], r[kWaveSize];
  const uint32_t* a = read_v32(w, in, 0, t0);
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = f(a[l]);
  write_v32(w, in, r);
}
template <class F>
inline void valu2_u32(Wave& w, const Inst& in, F f) {
  uint32_t t0[kWaveSize], t1[kWaveSize], r[kWaveSize];
  const uint32_t* a = read_v32(w, in, 0, t0);
  const uint32_t* b = read_v32(w, in, 1, t1);
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = f(a[l], b[l]);
  write_v32(w, in, r);
}
template <class F>
inline void valu3_u32(Wave& w, const Inst& in, F f) {
  uint32_t t0[kWaveSize], t1[kWaveSize], t2[kWaveSize], r[kWaveSize];
  const uint32_t* a = read_v32(w, in, 0, t0);
  const uint32_t* b = read_v32(w, in, 1, t1);
  const uint32_t* c = read_v32(w, in, 2, t2);
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = f(a[l], b[l], c[l]);
  write_v32(w, in, r);
}

// Float, 32-bit: f(a[, b[, c]]) -> float, with abs/neg/clamp/omod.
template <class F>
inline void valu1_f32(Wave& w, const Inst& in, F f) {
  float a[kWaveSize], r[kWaveSize];
  read_f32(w, in, 0, a);
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = f(a[l]);
  write_f32(w, in, r);
}
template <class F>
inline void valu2_f32(Wave& w, const Inst& in, F f) {
  float a[kWaveSize], b[kWaveSize], r[kWaveSize];
  read_f32(w, in, 0, a);
  read_f32(w, in, 1, b);
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = f(a[l], b[l]);
  write_f32(w, in, r);
}
template <class F>
inline void valu3_f32(Wave& w, const Inst& in, F f) {
  float a[kWaveSize], b[kWaveSize], c[kWaveSize], r[kWaveSize];
  read_f32(w, in, 0, a);
  read_f32(w, in, 1, b);
  read_f32(w, in, 2, c);
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = f(a[l], b[l], c[l]);
  write_f32(w, in, r);
}

// Float, 64-bit.
template <class F>
inline void valu1_f64(Wave& w, const Inst& in, F f) {
  double a[kWaveSize], r[kWaveSize];
  read_f64(w, in, 0, a);
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = f(a[l]);
  write_f64(w, in, r);
}
template <class F>
inline void valu2_f64(Wave& w, const Inst& in, F f) {
  double a[kWaveSize], b[kWaveSize], r[kWaveSize];
  read_f64(w, in, 0, a);
  read_f64(w, in, 1, b);
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = f(a[l], b[l]);
  write_f64(w, in, r);
}
template <class F>
inline void valu3_f64(Wave& w, const Inst& in, F f) {
  double a[kWaveSize], b[kWaveSize], c[kWaveSize], r[kWaveSize];
  read_f64(w, in, 0, a);
  read_f64(w, in, 1, b);
  read_f64(w, in, 2, c);
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = f(a[l], b[l], c[l]);
  write_f64(w, in, r);
}

// Compare: f(a, b) -> bool per lane; writes the mask to sdst (VCC for e32)
// with inactive lanes cleared, and to EXEC too for v_cmpx.
inline void write_compare(Wave& w, const Inst& in, uint64_t bits) {
  const uint64_t mask = bits & w.exec();
  w.write_mask = ~0ull;
  write_s64(w, in.sdst, mask);
  if (in.info->flags & kOpCmpx) w.set_exec(mask);
}

// --- half precision (f16) ------------------------------------------------------
// Exact host conversions, no _Float16: f16 values widen exactly to double, and
// one f16 add/sub/mul is exact in double, so rounding the double result once
// gives the correctly rounded f16 (round to nearest even).
inline double f16_to_f64(uint16_t h) {
  const unsigned e = (h >> 10) & 31, m = h & 0x3FF;
  double v;
  if (e == 0) {
    v = std::ldexp(static_cast<double>(m), -24);
  } else if (e == 31) {
    v = m ? as_f64(0x7FF8000000000000ull | static_cast<uint64_t>(m) << 42) : INFINITY;
  } else {
    v = std::ldexp(static_cast<double>(m | 0x400), static_cast<int>(e) - 25);
  }
  return (h & 0x8000) ? -v : v;
}

inline uint16_t f64_to_f16(double d) {
  const uint64_t b = as_u64(d);
  const uint16_t sign = static_cast<uint16_t>((b >> 48) & 0x8000);
  if (std::isnan(d)) return static_cast<uint16_t>(sign | 0x7E00 | ((b >> 42) & 0x1FF));
  const double a = std::fabs(d);
  if (a >= 65520.0) return sign | 0x7C00;  // half an ulp above 65504 ties to even: inf
  if (a < 0x1p-14) {                       // subnormal: a multiple of 2^-24
    return static_cast<uint16_t>(sign | static_cast<uint16_t>(std::nearbyint(a * 0x1p24)));
  }
  int e;
  const double f = std::frexp(a, &e);  // a = f * 2^e, f in [0.5, 1)
  unsigned q = static_cast<unsigned>(std::nearbyint(std::ldexp(f, 11)));  // 1024..2048
  int exp = e - 1;
  if (q == 2048) {
    q = 1024;
    ++exp;
  }
  if (exp > 15) return sign | 0x7C00;
  return static_cast<uint16_t>(sign | (exp + 15) << 10 | (q - 1024));
}

// f16 denormals share MODE.FP_DENORM[7:6] with f64 (Vega ISA, MODE register).
inline bool flush_f16(const Wave& w) { return flush_f64(w); }

// Reads the low 16 bits of source i as f16 (abs/neg on bit 15), widened.
inline void read_f16(Wave& w, const Inst& in, int i, double* out) {
  uint32_t tmp[kWaveSize];
  const uint32_t* raw = read_v32(w, in, i, tmp);
  const bool a = (src_abs_bits(in) >> i) & 1, n = (src_neg_bits(in) >> i) & 1;
  const uint32_t clear = a ? 0x7FFFu : 0xFFFFu, flip = n ? 0x8000u : 0;
  for (unsigned l = 0; l < kWaveSize; ++l)
    out[l] = f16_to_f64(static_cast<uint16_t>((raw[l] & clear) ^ flip));
  if (flush_f16(w))
    for (unsigned l = 0; l < kWaveSize; ++l)
      if (out[l] != 0 && std::fabs(out[l]) < 0x1p-14) out[l] = std::copysign(0.0, out[l]);
}

// Rounds to f16 after clamp/omod. gfx9 zeroes bits [31:16] for most 16-bit
// VALU results; keep_hi preserves them (v_mac/madmk/madak_f16 on gfx9, per
// LLVM GCNSubtarget::zeroesHigh16BitsOfDest).
inline void write_f16(Wave& w, const Inst& in, double* r, bool keep_hi = false) {
  uint32_t bits[kWaveSize];
  const uint32_t* old = w.v(in.dst - op::kVgpr0);
  const bool flush = flush_f16(w);
  for (unsigned l = 0; l < kWaveSize; ++l) {
    uint16_t h = f64_to_f16(apply_omod_clamp(in, r[l]));
    if (flush && (h & 0x7C00) == 0) h &= 0x8000;
    bits[l] = h | (keep_hi ? old[l] & 0xFFFF0000u : 0);
  }
  write_v32(w, in, bits);
}

template <class F>
inline void valu1_f16(Wave& w, const Inst& in, F f) {
  double a[kWaveSize], r[kWaveSize];
  read_f16(w, in, 0, a);
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = f(a[l]);
  write_f16(w, in, r);
}
template <class F>
inline void valu2_f16(Wave& w, const Inst& in, F f) {
  double a[kWaveSize], b[kWaveSize], r[kWaveSize];
  read_f16(w, in, 0, a);
  read_f16(w, in, 1, b);
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = f(a[l], b[l]);
  write_f16(w, in, r);
}

}  // namespace gcn
