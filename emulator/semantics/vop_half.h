// IEEE binary16 helpers shared by the VOPC, VOP3 and VOP3P families. Kept in
// their own namespace so they cannot collide with helpers other families add.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

namespace gcn {
namespace half {

// Exact widening of a binary16 bit pattern.
inline float to_f32(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exp = (h >> 10) & 0x1F, man = h & 0x3FF;
  uint32_t bits;
  if (exp == 0x1F) {
    bits = sign | 0x7F800000u | (man << 13);  // inf / NaN keeps its payload
  } else if (exp != 0) {
    bits = sign | ((exp + 112) << 23) | (man << 13);
  } else if (man == 0) {
    bits = sign;
  } else {
    // Denormal: value = man * 2^-24, exactly representable in f32.
    const float v = std::ldexp(static_cast<float>(man), -24);
    uint32_t m;
    std::memcpy(&m, &v, 4);
    bits = sign | m;
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

// Round-to-nearest-even (or toward zero) narrowing from double (f32 values widen exactly, and
// f16 arithmetic done in double is exact before this single rounding for
// add/mul; fma may round twice only in far corner cases).
inline uint16_t from_f64(double d, bool toward_zero = false) {
  uint64_t u;
  std::memcpy(&u, &d, 8);
  const uint16_t sign = static_cast<uint16_t>((u >> 48) & 0x8000);
  if (std::isnan(d)) return static_cast<uint16_t>(sign | 0x7E00 | ((u >> 42) & 0x1FF));
  const double a = std::fabs(d);
  if (std::isinf(a)) return sign | 0x7C00;
  if (toward_zero && a >= 65504.0) return sign | 0x7BFF;  // largest finite half
  if (a >= 65520.0) return sign | 0x7C00;                 // rounds past the largest finite half
  if (a <= std::ldexp(1.0, -25) || (toward_zero && a < std::ldexp(1.0, -24))) {
    // Half of the smallest denormal rounds to even (zero); below is zero.
    return sign;
  }
  int e;
  std::frexp(a, &e);  // a = f * 2^e, f in [0.5, 1)
  // Quantum: 2^(e-11) for normals, 2^-24 for denormals.
  const int q = e - 11 < -24 ? -24 : e - 11;
  const double x = std::ldexp(a, -q);
  const double scaled = toward_zero ? std::trunc(x) : std::nearbyint(x);  // nearbyint: RNE
  const double r = std::ldexp(scaled, q);
  if (r >= 65520.0) return sign | 0x7C00;
  // Re-encode r, which is now exactly representable.
  if (r < std::ldexp(1.0, -14)) return static_cast<uint16_t>(sign | static_cast<uint16_t>(scaled));
  int re;
  const double rf = std::frexp(r, &re);
  const uint16_t man = static_cast<uint16_t>(std::ldexp(rf, 11)) & 0x3FF;
  return static_cast<uint16_t>(sign | ((re + 14) << 10) | man);
}
inline uint16_t from_f32(float f) { return from_f64(static_cast<double>(f)); }

// Source modifiers on a 16-bit pattern.
inline uint16_t mods(uint16_t h, bool abs, bool neg) {
  if (abs) h &= 0x7FFF;
  if (neg) h ^= 0x8000;
  return h;
}

inline bool is_denorm(uint16_t h) { return (h & 0x7C00) == 0 && (h & 0x3FF) != 0; }
inline uint16_t flush(uint16_t h) { return is_denorm(h) ? (h & 0x8000) : h; }

}  // namespace half
}  // namespace gcn
