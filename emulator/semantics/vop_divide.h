// Scalar semantics of the division helpers v_div_scale, v_div_fmas and
// v_div_fixup (Vega ISA manual, VOP3A opcode descriptions). The compiler's
// f32/f64 division is: scale numerator and denominator so the Newton-Raphson
// iteration cannot overflow or underflow (div_scale, which also sets VCC when
// the quotient itself was scaled), refine with FMAs, undo the quotient scale
// in the last FMA (div_fmas, reading VCC) and patch special operands
// (div_fixup). The three must agree on the scale factors; they do here by
// construction: when div_scale sets VCC, a quotient estimate >= 1 was scaled
// down by 2^S (huge quotient) and one < 1 was scaled up by 2^S (tiny
// quotient), S = 64 for f32 and 128 for f64.
#pragma once

#include <cfenv>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

namespace gcn {
namespace divide {

template <class T>
struct Params;
template <>
struct Params<float> {
  static constexpr int kScale = 64, kBigDiff = 96, kTinyExp = 23, kExpMax = 255;
  static int biased_exp(float x) {
    uint32_t u;
    std::memcpy(&u, &x, 4);
    return (u >> 23) & 0xFF;
  }
};
template <>
struct Params<double> {
  static constexpr int kScale = 128, kBigDiff = 768, kTinyExp = 53, kExpMax = 2047;
  static int biased_exp(double x) {
    uint64_t u;
    std::memcpy(&u, &x, 8);
    return static_cast<int>((u >> 52) & 0x7FF);
  }
};

// Wider type for exact-enough range checks.
template <class T>
using Wide = typename std::conditional<std::is_same<T, float>::value, double, long double>::type;

template <class T>
inline bool is_denorm(Wide<T> x) {
  return x != 0 && std::fabs(x) < static_cast<Wide<T>>(std::numeric_limits<T>::min());
}

// v_div_scale(s0, s1 = denominator, s2 = numerator); s0 is either of them.
// Returns the (maybe scaled) s0; *vcc tells that the quotient is scaled.
template <class T>
inline T scale(T s0, T den, T num, bool* vcc) {
  using P = Params<T>;
  using W = Wide<T>;
  *vcc = false;
  if (num == 0 || den == 0 || std::isnan(num) || std::isnan(den) || std::isinf(num) ||
      std::isinf(den))
    return std::numeric_limits<T>::quiet_NaN();  // div_fixup produces the real answer
  const W q = static_cast<W>(num) / static_cast<W>(den);
  const W inv = W(1) / static_cast<W>(den);
  if (P::biased_exp(num) - P::biased_exp(den) >= P::kBigDiff) {
    // Quotient near the top of the range: scale the denominator up.
    *vcc = true;
    return s0 == den ? std::ldexp(s0, P::kScale) : s0;
  }
  if (is_denorm<T>(den)) return std::ldexp(s0, P::kScale);  // both up: q unchanged
  if (is_denorm<T>(inv) && is_denorm<T>(q)) {
    // Huge denominator, tiny quotient: scale the denominator down.
    *vcc = true;
    return s0 == den ? std::ldexp(s0, -P::kScale) : s0;
  }
  if (is_denorm<T>(inv)) return std::ldexp(s0, -P::kScale);  // both down
  if (is_denorm<T>(q)) {
    // Tiny quotient: scale the numerator up.
    *vcc = true;
    return s0 == num ? std::ldexp(s0, P::kScale) : s0;
  }
  if (P::biased_exp(num) <= P::kTinyExp) return std::ldexp(s0, P::kScale);  // tiny numerator
  return s0;
}

// a * b + c in 64-bit-mantissa precision, rounded to odd: truncate and set
// the last bit when inexact. A later rounding to 53 bits or fewer then gives
// the correctly rounded result (no double-rounding error).
inline long double fma_round_to_odd(long double a, long double b, long double c) {
  const int old_mode = std::fegetround();
  std::fesetround(FE_TOWARDZERO);
  std::feclearexcept(FE_INEXACT);
  long double r = std::fma(a, b, c);
  const bool inexact = std::fetestexcept(FE_INEXACT);
  std::fesetround(old_mode);
  if (inexact && std::isfinite(r) && r != 0) {
    int e;
    const long double m = std::frexp(r, &e);
    uint64_t bits = static_cast<uint64_t>(std::ldexp(std::fabs(m), 64)) | 1;
    r = std::copysign(std::ldexp(static_cast<long double>(bits), e - 64), r);
  }
  return r;
}

// v_div_fmas(a, b, c): fma(a, b, c), times 2^+-S when VCC is set for the
// lane (the sign follows the magnitude of c, the quotient estimate). The
// scale is applied before the single final rounding.
template <class T>
inline T fmas(T a, T b, T c, bool vcc) {
  if (!vcc) return std::fma(a, b, c);
  const int s = std::fabs(c) >= T(1) ? Params<T>::kScale : -Params<T>::kScale;
  const long double r = fma_round_to_odd(a, b, c);
  return static_cast<T>(std::ldexp(r, s));
}

// v_div_fixup(q, den, num): the final quotient with special cases.
template <class T>
inline T fixup(T q, T den, T num) {
  const T kNaN = std::numeric_limits<T>::quiet_NaN();
  const T kInf = std::numeric_limits<T>::infinity();
  const bool neg = std::signbit(den) != std::signbit(num);
  if (std::isnan(num)) return num + num;  // quiets a signaling NaN, keeps the payload
  if (std::isnan(den)) return den + den;
  if (den == 0 && num == 0) return kNaN;
  if (std::isinf(den) && std::isinf(num)) return kNaN;
  if (den == 0 || std::isinf(num)) return neg ? -kInf : kInf;
  if (std::isinf(den) || num == 0) return neg ? -T(0) : T(0);
  // Finite non-zero operands: a NaN estimate means the scaled quotient
  // itself overflowed (|quotient| >= 2^(S + max exponent)).
  if (std::isnan(q) || std::isinf(q)) return neg ? -kInf : kInf;
  return neg ? -std::fabs(q) : std::fabs(q);
}

}  // namespace divide
}  // namespace gcn
