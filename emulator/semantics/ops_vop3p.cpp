// VOP3P: packed 16-bit math on both halves of a dword, and gfx900's mixed
// precision v_mad_mix*. For the low result, source j is the half chosen by
// op_sel[j]; for the high result, by op_sel_hi[j]; neg / neg_hi negate float
// inputs of the low / high result (Vega ISA manual, "VOP3P").
#include <algorithm>

#include "semantics/vop3_lanes.h"

namespace gcn {
namespace {

inline uint16_t pick(uint32_t v, uint8_t sel_bits, int j) {
  return static_cast<uint16_t>(v >> (((sel_bits >> j) & 1) * 16));
}

// A packed inline constant is a 16-bit value with a zero high half (LLVM
// encodes a splat with op_sel_hi = 0 to read the low half twice), so the
// 32-bit sign extension of -1..-16 is cut back to 16 bits.
void mask_constants(vop3::Src3& s, const Inst& in, int nsrc) {
  for (int j = 0; j < nsrc; ++j) {
    if (in.src[j] < op::kZero || in.src[j] > op::kInvTwoPi) continue;
    for (unsigned l = 0; l < kWaveSize; ++l) s.t[j][l] = s.p[j][l] & 0xFFFFu;
    s.p[j] = s.t[j];
  }
}

// Integer packed op: f(a, b, c, clamp) -> 16-bit result, per half.
template <class F>
void pk_int(Wave& w, const Inst& in, int nsrc, F f) {
  vop3::Src3 s(w, in, nsrc);
  mask_constants(s, in, nsrc);
  uint32_t r[kWaveSize];
  for (unsigned l = 0; l < kWaveSize; ++l) {
    const uint32_t a = s.p[0][l], b = s.p[1][l], c = s.p[2][l];
    const uint32_t lo = static_cast<uint16_t>(
        f(pick(a, in.op_sel, 0), pick(b, in.op_sel, 1), pick(c, in.op_sel, 2), in.clamp));
    const uint32_t hi = static_cast<uint16_t>(
        f(pick(a, in.op_sel_hi, 0), pick(b, in.op_sel_hi, 1), pick(c, in.op_sel_hi, 2), in.clamp));
    r[l] = lo | hi << 16;
  }
  write_v32(w, in, r);
}

// Float packed op: f(a, b, c) in double on f16 inputs, rounded once to f16.
template <class F>
void pk_f16(Wave& w, const Inst& in, int nsrc, F f) {
  vop3::Src3 s(w, in, nsrc);
  mask_constants(s, in, nsrc);
  const bool fl = flush_f64(w);
  auto in16 = [&](uint32_t v, uint8_t sel, uint8_t neg, int j) {
    uint16_t h = half::mods(pick(v, sel, j), false, (neg >> j) & 1);
    return static_cast<double>(half::to_f32(fl ? half::flush(h) : h));
  };
  auto out16 = [&](double x) {
    if (in.clamp) x = std::isnan(x) ? 0.0 : std::clamp(x, 0.0, 1.0);
    const uint16_t h = half::from_f64(x);
    return static_cast<uint32_t>(fl ? half::flush(h) : h);
  };
  uint32_t r[kWaveSize];
  for (unsigned l = 0; l < kWaveSize; ++l) {
    const uint32_t a = s.p[0][l], b = s.p[1][l], c = s.p[2][l];
    const double lo = f(in16(a, in.op_sel, in.neg, 0), in16(b, in.op_sel, in.neg, 1),
                        in16(c, in.op_sel, in.neg, 2));
    const double hi = f(in16(a, in.op_sel_hi, in.neg_hi, 0), in16(b, in.op_sel_hi, in.neg_hi, 1),
                        in16(c, in.op_sel_hi, in.neg_hi, 2));
    r[l] = out16(lo) | out16(hi) << 16;
  }
  write_v32(w, in, r);
}

inline int32_t s16(uint16_t v) { return static_cast<int16_t>(v); }
inline uint32_t sat_i16(int32_t v, bool clamp) {
  return static_cast<uint32_t>(clamp ? std::clamp(v, -32768, 32767) : v);
}
inline uint32_t sat_u16(int32_t v, bool clamp) {
  return static_cast<uint32_t>(clamp ? std::clamp(v, 0, 65535) : v);
}

void v_pk_mad_i16(Wave& w, const Inst& in) {
  pk_int(w, in, 3, [](uint16_t a, uint16_t b, uint16_t c, bool cl) {
    return sat_i16(s16(a) * s16(b) + s16(c), cl);
  });
}
void v_pk_mad_u16(Wave& w, const Inst& in) {
  pk_int(w, in, 3, [](uint16_t a, uint16_t b, uint16_t c, bool cl) {
    const uint32_t r = uint32_t{a} * b + c;
    return cl ? std::min(r, 0xFFFFu) : r;
  });
}
void v_pk_mul_lo_u16(Wave& w, const Inst& in) {
  pk_int(w, in, 2, [](uint16_t a, uint16_t b, uint16_t, bool) { return uint32_t{a} * b; });
}
void v_pk_add_i16(Wave& w, const Inst& in) {
  pk_int(w, in, 2,
         [](uint16_t a, uint16_t b, uint16_t, bool cl) { return sat_i16(s16(a) + s16(b), cl); });
}
void v_pk_sub_i16(Wave& w, const Inst& in) {
  pk_int(w, in, 2,
         [](uint16_t a, uint16_t b, uint16_t, bool cl) { return sat_i16(s16(a) - s16(b), cl); });
}
void v_pk_add_u16(Wave& w, const Inst& in) {
  pk_int(w, in, 2, [](uint16_t a, uint16_t b, uint16_t, bool cl) {
    return sat_u16(int32_t{a} + int32_t{b}, cl);
  });
}
void v_pk_sub_u16(Wave& w, const Inst& in) {
  pk_int(w, in, 2, [](uint16_t a, uint16_t b, uint16_t, bool cl) {
    return sat_u16(int32_t{a} - int32_t{b}, cl);
  });
}
void v_pk_lshlrev_b16(Wave& w, const Inst& in) {
  pk_int(w, in, 2, [](uint16_t a, uint16_t b, uint16_t, bool) { return uint32_t{b} << (a & 15); });
}
void v_pk_lshrrev_b16(Wave& w, const Inst& in) {
  pk_int(w, in, 2, [](uint16_t a, uint16_t b, uint16_t, bool) { return uint32_t{b} >> (a & 15); });
}
void v_pk_ashrrev_i16(Wave& w, const Inst& in) {
  pk_int(w, in, 2, [](uint16_t a, uint16_t b, uint16_t, bool) {
    return static_cast<uint32_t>(s16(b) >> (a & 15));
  });
}
void v_pk_max_i16(Wave& w, const Inst& in) {
  pk_int(w, in, 2, [](uint16_t a, uint16_t b, uint16_t, bool) {
    return static_cast<uint32_t>(std::max(s16(a), s16(b)));
  });
}
void v_pk_min_i16(Wave& w, const Inst& in) {
  pk_int(w, in, 2, [](uint16_t a, uint16_t b, uint16_t, bool) {
    return static_cast<uint32_t>(std::min(s16(a), s16(b)));
  });
}
void v_pk_max_u16(Wave& w, const Inst& in) {
  pk_int(w, in, 2, [](uint16_t a, uint16_t b, uint16_t, bool) { return uint32_t{std::max(a, b)}; });
}
void v_pk_min_u16(Wave& w, const Inst& in) {
  pk_int(w, in, 2, [](uint16_t a, uint16_t b, uint16_t, bool) { return uint32_t{std::min(a, b)}; });
}

void v_pk_fma_f16(Wave& w, const Inst& in) {
  pk_f16(w, in, 3, [](double a, double b, double c) { return std::fma(a, b, c); });
}
void v_pk_add_f16(Wave& w, const Inst& in) {
  pk_f16(w, in, 2, [](double a, double b, double) { return a + b; });
}
void v_pk_mul_f16(Wave& w, const Inst& in) {
  pk_f16(w, in, 2, [](double a, double b, double) { return a * b; });
}
// IEEE-mode min/max: a NaN input yields the other operand.
void v_pk_min_f16(Wave& w, const Inst& in) {
  pk_f16(w, in, 2, [](double a, double b, double) { return std::fmin(a, b); });
}
void v_pk_max_f16(Wave& w, const Inst& in) {
  pk_f16(w, in, 2, [](double a, double b, double) { return std::fmax(a, b); });
}

// v_mad_mix*: source j is f32 when op_sel_hi[j] = 0, else the f16 half
// chosen by op_sel[j]; neg_hi acts as abs. Unfused multiply-add in f32.
// kDst: 0 f32 result, 1 f16 into the low half, 2 f16 into the high half
// (the other half of the destination is kept).
template <int kDst>
void v_mad_mix(Wave& w, const Inst& in) {
  vop3::Src3 s(w, in, 3);
  float x[3][kWaveSize];
  for (int j = 0; j < 3; ++j) {
    const bool is16 = (in.op_sel_hi >> j) & 1;
    const bool a = (in.neg_hi >> j) & 1, n = (in.neg >> j) & 1;
    const bool const_f16 = in.src[j] >= op::kFloatHalf && in.src[j] <= op::kInvTwoPi;
    for (unsigned l = 0; l < kWaveSize; ++l) {
      if (is16) {
        // A float inline constant read as f16 takes its f16 value.
        const uint32_t raw = const_f16 ? static_cast<uint32_t>(inline_constant(in.src[j], Ty::F16))
                                       : pick(s.p[j][l], in.op_sel, j);
        uint16_t h = half::mods(static_cast<uint16_t>(raw), a, n);
        if (flush_f64(w)) h = half::flush(h);
        x[j][l] = half::to_f32(h);
      } else {
        uint32_t v = s.p[j][l];
        if (a) v &= 0x7FFFFFFFu;
        if (n) v ^= 0x80000000u;
        x[j][l] = as_f32(v);
        if (flush_f32(w)) x[j][l] = flush_denorm(x[j][l]);
      }
    }
  }
  uint32_t r[kWaveSize];
  const uint32_t* old = w.v(in.dst - op::kVgpr0);
  for (unsigned l = 0; l < kWaveSize; ++l) {
    float v = x[0][l] * x[1][l] + x[2][l];
    if (in.clamp) v = std::isnan(v) ? 0.0f : std::clamp(v, 0.0f, 1.0f);
    if (kDst == 0) {
      r[l] = as_u32(flush_f32(w) ? flush_denorm(v) : v);
    } else {
      uint16_t h = half::from_f32(v);
      if (flush_f64(w)) h = half::flush(h);
      r[l] = kDst == 1 ? (old[l] & 0xFFFF0000u) | h : (old[l] & 0xFFFFu) | uint32_t{h} << 16;
    }
  }
  write_v32(w, in, r);
}

constexpr Format P = Format::VOP3P;
constexpr uint32_t kF = kOpVop3Mods;

const OpcodeInfo kRows[] = {
    {"v_pk_mad_i16", P, 0, v_pk_mad_i16, Ty::B32, Ty::B16, Ty::B16, Ty::B16, 0},
    {"v_pk_mul_lo_u16", P, 1, v_pk_mul_lo_u16, Ty::B32, Ty::B16, Ty::B16, Ty::None, 0},
    {"v_pk_add_i16", P, 2, v_pk_add_i16, Ty::B32, Ty::B16, Ty::B16, Ty::None, 0},
    {"v_pk_sub_i16", P, 3, v_pk_sub_i16, Ty::B32, Ty::B16, Ty::B16, Ty::None, 0},
    {"v_pk_lshlrev_b16", P, 4, v_pk_lshlrev_b16, Ty::B32, Ty::B16, Ty::B16, Ty::None, 0},
    {"v_pk_lshrrev_b16", P, 5, v_pk_lshrrev_b16, Ty::B32, Ty::B16, Ty::B16, Ty::None, 0},
    {"v_pk_ashrrev_i16", P, 6, v_pk_ashrrev_i16, Ty::B32, Ty::B16, Ty::B16, Ty::None, 0},
    {"v_pk_max_i16", P, 7, v_pk_max_i16, Ty::B32, Ty::B16, Ty::B16, Ty::None, 0},
    {"v_pk_min_i16", P, 8, v_pk_min_i16, Ty::B32, Ty::B16, Ty::B16, Ty::None, 0},
    {"v_pk_mad_u16", P, 9, v_pk_mad_u16, Ty::B32, Ty::B16, Ty::B16, Ty::B16, 0},
    {"v_pk_add_u16", P, 10, v_pk_add_u16, Ty::B32, Ty::B16, Ty::B16, Ty::None, 0},
    {"v_pk_sub_u16", P, 11, v_pk_sub_u16, Ty::B32, Ty::B16, Ty::B16, Ty::None, 0},
    {"v_pk_max_u16", P, 12, v_pk_max_u16, Ty::B32, Ty::B16, Ty::B16, Ty::None, 0},
    {"v_pk_min_u16", P, 13, v_pk_min_u16, Ty::B32, Ty::B16, Ty::B16, Ty::None, 0},
    {"v_pk_fma_f16", P, 14, v_pk_fma_f16, Ty::B32, Ty::F16, Ty::F16, Ty::F16, kF},
    {"v_pk_add_f16", P, 15, v_pk_add_f16, Ty::B32, Ty::F16, Ty::F16, Ty::None, kF},
    {"v_pk_mul_f16", P, 16, v_pk_mul_f16, Ty::B32, Ty::F16, Ty::F16, Ty::None, kF},
    {"v_pk_min_f16", P, 17, v_pk_min_f16, Ty::B32, Ty::F16, Ty::F16, Ty::None, kF},
    {"v_pk_max_f16", P, 18, v_pk_max_f16, Ty::B32, Ty::F16, Ty::F16, Ty::None, kF},
    {"v_mad_mix_f32", P, 32, v_mad_mix<0>, Ty::F32, Ty::F32, Ty::F32, Ty::F32, kF},
    {"v_mad_mixlo_f16", P, 33, v_mad_mix<1>, Ty::F16, Ty::F32, Ty::F32, Ty::F32, kF},
    {"v_mad_mixhi_f16", P, 34, v_mad_mix<2>, Ty::F16, Ty::F32, Ty::F32, Ty::F32, kF},
};

}  // namespace

extern const OpcodeTable kVop3pTable = {kRows, sizeof(kRows) / sizeof(kRows[0])};

}  // namespace gcn
