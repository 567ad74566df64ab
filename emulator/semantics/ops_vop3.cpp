// VOP3-only opcodes (VOP3 opcode >= 448): three-source ALU ops, 64-bit
// float/shift ops, lane access and the division helpers. Semantics follow the
// Vega ISA manual's VOP3A/VOP3B opcode descriptions.
#include <algorithm>
#include <cstdlib>

#include "semantics/vop3_lanes.h"
#include "semantics/vop_divide.h"

namespace gcn {
namespace {

using vop3::half_of;
using vop3::Src3;
using vop3::write_16;

inline int32_t sext24(uint32_t v) { return static_cast<int32_t>(v << 8) >> 8; }
inline uint32_t mask_bits(uint32_t n) { return n >= 32 ? ~0u : (1u << n) - 1; }

// --- 32-bit integer ------------------------------------------------------------
void v_mad_i32_i24(Wave& w, const Inst& in) {
  valu3_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) {
    return static_cast<uint32_t>(sext24(a) * sext24(b)) + c;
  });
}
void v_mad_u32_u24(Wave& w, const Inst& in) {
  valu3_u32(w, in,
            [](uint32_t a, uint32_t b, uint32_t c) { return (a & 0xFFFFFF) * (b & 0xFFFFFF) + c; });
}
void v_bfe_u32(Wave& w, const Inst& in) {
  valu3_u32(w, in,
            [](uint32_t a, uint32_t b, uint32_t c) { return (a >> (b & 31)) & mask_bits(c & 31); });
}
void v_bfe_i32(Wave& w, const Inst& in) {
  valu3_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) {
    const uint32_t width = c & 31, off = b & 31;
    if (width == 0) return 0u;
    const uint32_t f = (a >> off) & mask_bits(width);
    const uint32_t sign = 1u << (width - 1);
    return (f ^ sign) - sign;
  });
}
void v_bfi_b32(Wave& w, const Inst& in) {
  valu3_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) { return (a & b) | (~a & c); });
}
void v_lerp_u8(Wave& w, const Inst& in) {
  valu3_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) {
    uint32_t r = 0;
    for (int i = 0; i < 32; i += 8) {
      const uint32_t x = (a >> i) & 0xFF, y = (b >> i) & 0xFF, z = (c >> i) & 1;
      r |= (((x + y + z) >> 1) & 0xFF) << i;
    }
    return r;
  });
}
void v_alignbit_b32(Wave& w, const Inst& in) {
  valu3_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) {
    return static_cast<uint32_t>(((static_cast<uint64_t>(a) << 32) | b) >> (c & 31));
  });
}
void v_alignbyte_b32(Wave& w, const Inst& in) {
  valu3_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) {
    return static_cast<uint32_t>(((static_cast<uint64_t>(a) << 32) | b) >> (8 * (c & 3)));
  });
}

template <class T>
T med3(T a, T b, T c) {
  return std::max(std::min(a, b), std::min(std::max(a, b), c));
}
void v_min3_i32(Wave& w, const Inst& in) {
  valu3_u32(w, in, [](int32_t a, int32_t b, int32_t c) {
    return static_cast<uint32_t>(std::min({a, b, c}));
  });
}
void v_min3_u32(Wave& w, const Inst& in) {
  valu3_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) { return std::min({a, b, c}); });
}
void v_max3_i32(Wave& w, const Inst& in) {
  valu3_u32(w, in, [](int32_t a, int32_t b, int32_t c) {
    return static_cast<uint32_t>(std::max({a, b, c}));
  });
}
void v_max3_u32(Wave& w, const Inst& in) {
  valu3_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) { return std::max({a, b, c}); });
}
void v_med3_i32(Wave& w, const Inst& in) {
  valu3_u32(w, in,
            [](int32_t a, int32_t b, int32_t c) { return static_cast<uint32_t>(med3(a, b, c)); });
}
void v_med3_u32(Wave& w, const Inst& in) {
  valu3_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) { return med3(a, b, c); });
}

uint32_t sad_bytes(uint32_t a, uint32_t b, bool masked) {
  uint32_t s = 0;
  for (int i = 0; i < 32; i += 8) {
    const int x = (a >> i) & 0xFF, y = (b >> i) & 0xFF;
    if (masked && y == 0) continue;  // v_msad_u8: reference byte 0 is masked
    s += static_cast<uint32_t>(std::abs(x - y));
  }
  return s;
}
void v_sad_u8(Wave& w, const Inst& in) {
  valu3_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) { return sad_bytes(a, b, false) + c; });
}
void v_sad_hi_u8(Wave& w, const Inst& in) {
  valu3_u32(w, in,
            [](uint32_t a, uint32_t b, uint32_t c) { return (sad_bytes(a, b, false) << 16) + c; });
}
void v_msad_u8(Wave& w, const Inst& in) {
  valu3_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) { return sad_bytes(a, b, true) + c; });
}
void v_sad_u16(Wave& w, const Inst& in) {
  valu3_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) {
    const int d0 = std::abs(static_cast<int>(a & 0xFFFF) - static_cast<int>(b & 0xFFFF));
    const int d1 = std::abs(static_cast<int>(a >> 16) - static_cast<int>(b >> 16));
    return static_cast<uint32_t>(d0 + d1) + c;
  });
}
void v_sad_u32(Wave& w, const Inst& in) {
  valu3_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) { return (a > b ? a - b : b - a) + c; });
}

// byte_permute({s0, s1}, sel) per the ISA manual's V_PERM_B32 table.
uint32_t perm_byte(uint64_t data, uint32_t sel) {
  sel &= 0xFF;
  if (sel >= 13) return 0xFF;
  if (sel == 12) return 0;
  if (sel >= 8) return ((data >> (16 * (sel - 8) + 15)) & 1) ? 0xFF : 0;  // sign of byte 1,3,5,7
  return (data >> (8 * sel)) & 0xFF;
}
void v_perm_b32(Wave& w, const Inst& in) {
  valu3_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) {
    const uint64_t data = static_cast<uint64_t>(a) << 32 | b;
    uint32_t r = 0;
    for (int i = 0; i < 32; i += 8) r |= perm_byte(data, c >> i) << i;
    return r;
  });
}

void v_xad_u32(Wave& w, const Inst& in) {
  valu3_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) { return (a ^ b) + c; });
}
void v_lshl_add_u32(Wave& w, const Inst& in) {
  valu3_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) { return (a << (b & 31)) + c; });
}
void v_add_lshl_u32(Wave& w, const Inst& in) {
  valu3_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) { return (a + b) << (c & 31); });
}
void v_add3_u32(Wave& w, const Inst& in) {
  valu3_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) { return a + b + c; });
}
void v_lshl_or_b32(Wave& w, const Inst& in) {
  valu3_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) { return (a << (b & 31)) | c; });
}
void v_and_or_b32(Wave& w, const Inst& in) {
  valu3_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) { return (a & b) | c; });
}
void v_or3_b32(Wave& w, const Inst& in) {
  valu3_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) { return a | b | c; });
}

void v_mul_lo_u32(Wave& w, const Inst& in) {
  valu2_u32(w, in, [](uint32_t a, uint32_t b) { return a * b; });
}
void v_mul_hi_u32(Wave& w, const Inst& in) {
  valu2_u32(w, in, [](uint32_t a, uint32_t b) {
    return static_cast<uint32_t>((static_cast<uint64_t>(a) * b) >> 32);
  });
}
void v_mul_hi_i32(Wave& w, const Inst& in) {
  valu2_u32(w, in, [](int32_t a, int32_t b) {
    return static_cast<uint32_t>(static_cast<uint64_t>(static_cast<int64_t>(a) * b) >> 32);
  });
}
void v_bcnt_u32_b32(Wave& w, const Inst& in) {
  valu2_u32(w, in, [](uint32_t a, uint32_t b) {
    return static_cast<uint32_t>(__builtin_popcount(a)) + b;
  });
}
void v_bfm_b32(Wave& w, const Inst& in) {
  valu2_u32(w, in, [](uint32_t a, uint32_t b) { return mask_bits(a & 31) << (b & 31); });
}

// v_mbcnt: counts the mask bits of lanes below this one (lo: lanes 0..31 of
// the mask in src0, hi: lanes 32..63), plus src1.
template <bool kHi>
void v_mbcnt(Wave& w, const Inst& in) {
  Src3 s(w, in, 2);
  uint32_t r[kWaveSize];
  for (unsigned l = 0; l < kWaveSize; ++l) {
    const unsigned below = kHi ? (l < 32 ? 0 : l - 32) : (l < 32 ? l : 32);
    r[l] = static_cast<uint32_t>(__builtin_popcount(s.p[0][l] & mask_bits(below))) + s.p[1][l];
  }
  write_v32(w, in, r);
}

// gfx9 VOP3 v_add_i32 / v_sub_i32: no carry out; clamp saturates.
template <bool kSub>
void v_addsub_i32(Wave& w, const Inst& in) {
  const bool clamp = in.clamp;
  valu2_u32(w, in, [clamp](uint32_t a, uint32_t b) {
    const int64_t r = kSub ? int64_t{static_cast<int32_t>(a)} - static_cast<int32_t>(b)
                           : int64_t{static_cast<int32_t>(a)} + static_cast<int32_t>(b);
    if (!clamp) return static_cast<uint32_t>(r);
    return static_cast<uint32_t>(
        static_cast<int32_t>(std::clamp<int64_t>(r, INT32_MIN, INT32_MAX)));
  });
}

// v_readlane_b32: one lane of a VGPR into an SGPR, regardless of EXEC.
void v_readlane_b32(Wave& w, const Inst& in) {
  uint32_t tmp[kWaveSize];
  const uint32_t* v = read_v32(w, in, 0, tmp);
  const unsigned lane = read_s32(w, in, in.src[1]) & 63;
  w.write_mask = ~0ull;
  write_s32(w, in.dst, v[lane]);
}
// v_writelane_b32: a scalar into one lane of a VGPR, regardless of EXEC.
void v_writelane_b32(Wave& w, const Inst& in) {
  const uint32_t value = read_s32(w, in, in.src[0]);
  const unsigned lane = read_s32(w, in, in.src[1]) & 63;
  w.v(in.dst - op::kVgpr0)[lane] = value;
}

// --- 64-bit integer ----------------------------------------------------------
template <class F>
void shift64(Wave& w, const Inst& in, Ty t, F f) {
  uint32_t t0[kWaveSize];
  uint64_t b[kWaveSize], r[kWaveSize];
  const uint32_t* a = read_v32(w, in, 0, t0);
  read_v64(w, in, 1, t, b);
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = f(a[l] & 63, b[l]);
  write_v64(w, in, r);
}
void v_lshlrev_b64(Wave& w, const Inst& in) {
  shift64(w, in, Ty::B64, [](uint32_t s, uint64_t v) { return v << s; });
}
void v_lshrrev_b64(Wave& w, const Inst& in) {
  shift64(w, in, Ty::B64, [](uint32_t s, uint64_t v) { return v >> s; });
}
void v_ashrrev_i64(Wave& w, const Inst& in) {
  shift64(w, in, Ty::I64, [](uint32_t s, uint64_t v) {
    return static_cast<uint64_t>(static_cast<int64_t>(v) >> s);
  });
}

// v_mad_u64_u32 / v_mad_i64_i32: 64-bit result and a carry/overflow mask in
// sdst (VOP3B).
template <bool kSigned>
void v_mad_64_32(Wave& w, const Inst& in) {
  Src3 s(w, in, 2);
  uint64_t c[kWaveSize], r[kWaveSize];
  read_v64(w, in, 2, kSigned ? Ty::I64 : Ty::B64, c);
  uint64_t carry = 0;
  for (unsigned l = 0; l < kWaveSize; ++l) {
    bool out;
    if (kSigned) {
      const __int128 p = static_cast<__int128>(
          static_cast<int64_t>(static_cast<int32_t>(s.p[0][l])) * static_cast<int32_t>(s.p[1][l]));
      const __int128 sum = p + static_cast<int64_t>(c[l]);
      r[l] = static_cast<uint64_t>(sum);
      out = sum != static_cast<int64_t>(r[l]);
    } else {
      const unsigned __int128 sum =
          static_cast<unsigned __int128>(static_cast<uint64_t>(s.p[0][l]) * s.p[1][l]) + c[l];
      r[l] = static_cast<uint64_t>(sum);
      out = (sum >> 64) != 0;
    }
    carry |= uint64_t{out} << l;
  }
  write_s64(w, in.sdst, carry & w.exec());
  write_v64(w, in, r);
}

// --- 32-bit float --------------------------------------------------------------
// v_mad_f32 / v_mad_legacy_f32 do not support denormals whatever the mode
// (which is why LLVM forms them only when f32 denormals are flushed): inputs,
// the product (rounded before the add, not fused) and the result are
// flushed, as for v_mac_f32 (mad_f32 in ops_vop2.cpp).
void v_mad_f32(Wave& w, const Inst& in) {
  valu3_f32(w, in, [](float a, float b, float c) {
    return flush_denorm(flush_denorm(flush_denorm(a) * flush_denorm(b)) + flush_denorm(c));
  });
}
void v_mad_legacy_f32(Wave& w, const Inst& in) {
  // DX9 rule: 0 times anything (even inf/NaN) is 0.
  valu3_f32(w, in, [](float a, float b, float c) {
    a = flush_denorm(a);
    b = flush_denorm(b);
    return flush_denorm((a == 0 || b == 0 ? 0.0f : a * b) + flush_denorm(c));
  });
}
void v_fma_f32(Wave& w, const Inst& in) {
  valu3_f32(w, in, [](float a, float b, float c) { return std::fma(a, b, c); });
}

// Cube map coordinates (ISA manual V_CUBEID/SC/TC/MA_F32): the major axis
// is z, then y, then x on ties; face id 0..5 = +x, -x, +y, -y, +z, -z.
enum class Cube { kId, kSc, kTc, kMa };
template <Cube kWhat>
float cube(float x, float y, float z) {
  const float ax = std::fabs(x), ay = std::fabs(y), az = std::fabs(z);
  float id, sc, tc, ma;
  if (az >= ax && az >= ay) {
    id = z < 0 ? 5.0f : 4.0f, sc = z < 0 ? -x : x, tc = -y, ma = 2.0f * z;
  } else if (ay >= ax) {
    id = y < 0 ? 3.0f : 2.0f, sc = x, tc = y < 0 ? -z : z, ma = 2.0f * y;
  } else {
    id = x < 0 ? 1.0f : 0.0f, sc = x < 0 ? z : -z, tc = -y, ma = 2.0f * x;
  }
  switch (kWhat) {
    case Cube::kId:
      return id;
    case Cube::kSc:
      return sc;
    case Cube::kTc:
      return tc;
    default:
      return ma;
  }
}
template <Cube kWhat>
void v_cube(Wave& w, const Inst& in) {
  valu3_f32(w, in, cube<kWhat>);
}

// IEEE-mode min/max: a NaN operand is ignored (fmin/fmax), med3 with any NaN
// is min3 (ISA manual V_MED3_F32).
template <class T>
T fmin3(T a, T b, T c) {
  return std::fmin(std::fmin(a, b), c);
}
template <class T>
T fmax3(T a, T b, T c) {
  return std::fmax(std::fmax(a, b), c);
}
template <class T>
T fmed3(T a, T b, T c) {
  if (std::isnan(a) || std::isnan(b) || std::isnan(c)) return fmin3(a, b, c);
  if (std::fmax(std::fmax(a, b), c) == a) return std::fmax(b, c);
  if (std::fmax(std::fmax(a, b), c) == b) return std::fmax(a, c);
  return std::fmax(a, b);
}
void v_min3_f32(Wave& w, const Inst& in) { valu3_f32(w, in, fmin3<float>); }
void v_max3_f32(Wave& w, const Inst& in) { valu3_f32(w, in, fmax3<float>); }
void v_med3_f32(Wave& w, const Inst& in) { valu3_f32(w, in, fmed3<float>); }

void v_ldexp_f32(Wave& w, const Inst& in) {
  float a[kWaveSize], r[kWaveSize];
  uint32_t t1[kWaveSize];
  read_f32(w, in, 0, a);
  const uint32_t* b = read_v32(w, in, 1, t1);
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = std::ldexp(a[l], static_cast<int32_t>(b[l]));
  write_f32(w, in, r);
}

// flt32_to_uint8 of the packing converts: round to nearest, clamp to
// [0, 255], NaN to 0.
inline uint32_t to_u8(float a) {
  return static_cast<uint32_t>(std::isnan(a) ? 0.0f : std::clamp(std::nearbyint(a), 0.0f, 255.0f));
}

// v_cvt_pk_u8_f32: one byte of src2 replaced by src0 converted to u8.
void v_cvt_pk_u8_f32(Wave& w, const Inst& in) {
  float a[kWaveSize];
  read_f32(w, in, 0, a);
  Src3 s(w, in, 3);
  uint32_t r[kWaveSize];
  for (unsigned l = 0; l < kWaveSize; ++l) {
    const unsigned sh = 8 * (s.p[1][l] & 3);
    r[l] = (s.p[2][l] & ~(0xFFu << sh)) | to_u8(a[l]) << sh;
  }
  write_v32(w, in, r);
}

// v_cvt_pkaccum_u8_f32: byte src1[1:0] of the destination itself replaced
// by src0 converted to u8; the other three bytes accumulate earlier results.
void v_cvt_pkaccum_u8_f32(Wave& w, const Inst& in) {
  float a[kWaveSize];
  read_f32(w, in, 0, a);
  Src3 s(w, in, 2);
  const uint32_t* old = w.v(in.dst - op::kVgpr0);
  uint32_t r[kWaveSize];
  for (unsigned l = 0; l < kWaveSize; ++l) {
    const unsigned sh = 8 * (s.p[1][l] & 3);
    r[l] = (old[l] & ~(0xFFu << sh)) | to_u8(a[l]) << sh;
  }
  write_v32(w, in, r);
}

// Packs two values into the halves of a dword.
template <class F>
void pack2_f32(Wave& w, const Inst& in, F f) {
  float a[kWaveSize], b[kWaveSize];
  read_f32(w, in, 0, a);
  read_f32(w, in, 1, b);
  uint32_t r[kWaveSize];
  for (unsigned l = 0; l < kWaveSize; ++l)
    r[l] = static_cast<uint32_t>(f(a[l])) | static_cast<uint32_t>(f(b[l])) << 16;
  write_v32(w, in, r);
}
uint16_t norm_i16(float x) {
  if (std::isnan(x)) return 0;
  return static_cast<uint16_t>(
      static_cast<int16_t>(std::nearbyint(std::clamp(x, -1.0f, 1.0f) * 32767.0f)));
}
uint16_t norm_u16(float x) {
  if (std::isnan(x)) return 0;
  return static_cast<uint16_t>(std::nearbyint(std::clamp(x, 0.0f, 1.0f) * 65535.0f));
}
void v_cvt_pknorm_i16_f32(Wave& w, const Inst& in) { pack2_f32(w, in, norm_i16); }
void v_cvt_pknorm_u16_f32(Wave& w, const Inst& in) { pack2_f32(w, in, norm_u16); }
void v_cvt_pkrtz_f16_f32(Wave& w, const Inst& in) {
  pack2_f32(w, in, [](float x) { return half::from_f64(x, true); });
}
void v_cvt_pknorm_i16_f16(Wave& w, const Inst& in) {
  float a[kWaveSize], b[kWaveSize];
  vop3::read_f16(w, in, 0, a);
  vop3::read_f16(w, in, 1, b);
  uint32_t r[kWaveSize];
  for (unsigned l = 0; l < kWaveSize; ++l)
    r[l] = static_cast<uint32_t>(norm_i16(a[l])) | static_cast<uint32_t>(norm_i16(b[l])) << 16;
  write_v32(w, in, r);
}
void v_cvt_pknorm_u16_f16(Wave& w, const Inst& in) {
  float a[kWaveSize], b[kWaveSize];
  vop3::read_f16(w, in, 0, a);
  vop3::read_f16(w, in, 1, b);
  uint32_t r[kWaveSize];
  for (unsigned l = 0; l < kWaveSize; ++l)
    r[l] = static_cast<uint32_t>(norm_u16(a[l])) | static_cast<uint32_t>(norm_u16(b[l])) << 16;
  write_v32(w, in, r);
}
void v_cvt_pk_u16_u32(Wave& w, const Inst& in) {
  valu2_u32(w, in, [](uint32_t a, uint32_t b) {
    return std::min(a, 0xFFFFu) | std::min(b, 0xFFFFu) << 16;
  });
}
void v_cvt_pk_i16_i32(Wave& w, const Inst& in) {
  valu2_u32(w, in, [](int32_t a, int32_t b) {
    const uint32_t lo = static_cast<uint16_t>(std::clamp(a, -32768, 32767));
    const uint32_t hi = static_cast<uint16_t>(std::clamp(b, -32768, 32767));
    return lo | hi << 16;
  });
}

// --- division helpers ------------------------------------------------------------
template <class T>
void v_div_scale(Wave& w, const Inst& in) {
  T a[kWaveSize], b[kWaveSize], c[kWaveSize], r[kWaveSize];
  if constexpr (sizeof(T) == 4) {
    read_f32(w, in, 0, a);
    read_f32(w, in, 1, b);
    read_f32(w, in, 2, c);
  } else {
    read_f64(w, in, 0, a);
    read_f64(w, in, 1, b);
    read_f64(w, in, 2, c);
  }
  uint64_t vcc = 0;
  for (unsigned l = 0; l < kWaveSize; ++l) {
    bool v;
    r[l] = divide::scale(a[l], b[l], c[l], &v);
    vcc |= uint64_t{v} << l;
  }
  write_s64(w, in.sdst, vcc & w.exec());
  if constexpr (sizeof(T) == 4) {
    uint32_t bits[kWaveSize];
    std::memcpy(bits, r, sizeof(bits));  // the scaled values may be denormal
    write_v32(w, in, bits);
  } else {
    uint64_t bits[kWaveSize];
    std::memcpy(bits, r, sizeof(bits));
    write_v64(w, in, bits);
  }
}
void v_div_fmas_f32(Wave& w, const Inst& in) {
  const uint64_t vcc = w.vcc();
  float a[kWaveSize], b[kWaveSize], c[kWaveSize], r[kWaveSize];
  read_f32(w, in, 0, a);
  read_f32(w, in, 1, b);
  read_f32(w, in, 2, c);
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = divide::fmas(a[l], b[l], c[l], (vcc >> l) & 1);
  write_f32(w, in, r);
}
void v_div_fmas_f64(Wave& w, const Inst& in) {
  const uint64_t vcc = w.vcc();
  double a[kWaveSize], b[kWaveSize], c[kWaveSize], r[kWaveSize];
  read_f64(w, in, 0, a);
  read_f64(w, in, 1, b);
  read_f64(w, in, 2, c);
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = divide::fmas(a[l], b[l], c[l], (vcc >> l) & 1);
  write_f64(w, in, r);
}
void v_div_fixup_f32(Wave& w, const Inst& in) { valu3_f32(w, in, divide::fixup<float>); }
void v_div_fixup_f64(Wave& w, const Inst& in) { valu3_f64(w, in, divide::fixup<double>); }

// --- 64-bit float --------------------------------------------------------------
void v_fma_f64(Wave& w, const Inst& in) {
  valu3_f64(w, in, [](double a, double b, double c) { return std::fma(a, b, c); });
}
void v_add_f64(Wave& w, const Inst& in) {
  valu2_f64(w, in, [](double a, double b) { return a + b; });
}
void v_mul_f64(Wave& w, const Inst& in) {
  valu2_f64(w, in, [](double a, double b) { return a * b; });
}
void v_min_f64(Wave& w, const Inst& in) {
  valu2_f64(w, in, [](double a, double b) { return std::fmin(a, b); });
}
void v_max_f64(Wave& w, const Inst& in) {
  valu2_f64(w, in, [](double a, double b) { return std::fmax(a, b); });
}
void v_ldexp_f64(Wave& w, const Inst& in) {
  double a[kWaveSize], r[kWaveSize];
  uint32_t t1[kWaveSize];
  read_f64(w, in, 0, a);
  const uint32_t* b = read_v32(w, in, 1, t1);
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = std::ldexp(a[l], static_cast<int32_t>(b[l]));
  write_f64(w, in, r);
}

// v_trig_preop_f64: 53-bit chunk number src1[4:0] of 2/pi (1201 bits in
// hardware), scaled to its place value, for large-argument reduction. The
// chunk moves further right for huge src0 so the products stay exact, and
// is scaled up by 2^128 for the very largest src0 to avoid underflow.
constexpr uint64_t kTwoOverPi[19] = {
    0xa2f9836e4e441529ull, 0xfc2757d1f534ddc0ull, 0xdb6295993c439041ull, 0xfe5163abdebbc561ull,
    0xb7246e3a424dd2e0ull, 0x06492eea09d1921cull, 0xfe1deb1cb129a73eull, 0xe88235f52ebb4484ull,
    0xe99c7026b45f7e41ull, 0x3991d639835339f4ull, 0x9c845f8bbdf9283bull, 0x1ff897ffde05980full,
    0xef2f118b5a0a6d1full, 0x6d367ecf27cb09b7ull, 0x4f463f669e5fea2dull, 0x7527bac7ebe5f17bull,
    0x3d0739f78a5292eaull, 0x6bfb5fb11f8d5d08ull, 0x56033046fc7b6babull};
constexpr unsigned kTwoOverPiBits = 1201;

double trig_preop(double x, uint32_t sel) {
  const int exp = static_cast<int>((as_u64(x) >> 52) & 0x7FF);
  unsigned shift = (sel & 31) * 53;
  if (exp > 1077) shift += static_cast<unsigned>(exp - 1077);
  uint64_t chunk = 0;
  for (unsigned k = 0; k < 53; ++k) {
    const unsigned i = shift + k;  // bit 0 is the 2^-1 digit of 2/pi
    const uint64_t bit = i < kTwoOverPiBits ? (kTwoOverPi[i / 64] >> (63 - i % 64)) & 1 : 0;
    chunk = chunk << 1 | bit;
  }
  int scale = -53 - static_cast<int>(shift);
  if (exp >= 1968) scale += 128;
  return std::ldexp(static_cast<double>(chunk), scale);
}
void v_trig_preop_f64(Wave& w, const Inst& in) {
  double a[kWaveSize], r[kWaveSize];
  uint32_t t1[kWaveSize];
  read_f64(w, in, 0, a);
  const uint32_t* b = read_v32(w, in, 1, t1);
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = trig_preop(a[l], b[l]);
  write_f64(w, in, r);
}

// --- 16-bit (gfx9 op_sel forms) -----------------------------------------------------
template <class F>
void f16_3(Wave& w, const Inst& in, F f) {
  float a[kWaveSize], b[kWaveSize], c[kWaveSize];
  vop3::read_f16(w, in, 0, a);
  vop3::read_f16(w, in, 1, b);
  vop3::read_f16(w, in, 2, c);
  uint16_t r[kWaveSize];
  for (unsigned l = 0; l < kWaveSize; ++l) r[l] = vop3::f16_result(w, in, f(a[l], b[l], c[l]));
  write_16(w, in, r);
}
void v_mad_f16(Wave& w, const Inst& in) {
  f16_3(w, in, [](double a, double b, double c) {
    return static_cast<double>(half::to_f32(half::from_f64(a * b))) + c;
  });
}
void v_fma_f16(Wave& w, const Inst& in) {
  f16_3(w, in, [](double a, double b, double c) { return std::fma(a, b, c); });
}
void v_min3_f16(Wave& w, const Inst& in) { f16_3(w, in, fmin3<double>); }
void v_max3_f16(Wave& w, const Inst& in) { f16_3(w, in, fmax3<double>); }
void v_med3_f16(Wave& w, const Inst& in) { f16_3(w, in, fmed3<double>); }
void v_div_fixup_f16(Wave& w, const Inst& in) {
  f16_3(w, in, [](double q, double den, double num) {
    return static_cast<double>(divide::fixup<float>(static_cast<float>(q), static_cast<float>(den),
                                                    static_cast<float>(num)));
  });
}

// 16-bit integer: f(a, b, c) on the op_sel-chosen halves.
template <class F>
void i16_3(Wave& w, const Inst& in, int nsrc, F f) {
  Src3 s(w, in, nsrc);
  uint16_t r[kWaveSize];
  for (unsigned l = 0; l < kWaveSize; ++l)
    r[l] = static_cast<uint16_t>(
        f(half_of(s.p[0][l], in, 0), half_of(s.p[1][l], in, 1), half_of(s.p[2][l], in, 2)));
  write_16(w, in, r);
}
inline int32_t s16(uint16_t v) { return static_cast<int16_t>(v); }

void v_mad_u16(Wave& w, const Inst& in) {
  const bool clamp = in.clamp;
  i16_3(w, in, 3, [clamp](uint16_t a, uint16_t b, uint16_t c) {
    const uint32_t r = uint32_t{a} * b + c;
    return clamp ? std::min(r, 0xFFFFu) : r;
  });
}
void v_mad_i16(Wave& w, const Inst& in) {
  const bool clamp = in.clamp;
  i16_3(w, in, 3, [clamp](uint16_t a, uint16_t b, uint16_t c) {
    const int32_t r = s16(a) * s16(b) + s16(c);
    return static_cast<uint32_t>(clamp ? std::clamp(r, -32768, 32767) : r);
  });
}
template <bool kSub>
void v_addsub_i16(Wave& w, const Inst& in) {
  const bool clamp = in.clamp;
  i16_3(w, in, 2, [clamp](uint16_t a, uint16_t b, uint16_t) {
    const int32_t r = kSub ? s16(a) - s16(b) : s16(a) + s16(b);
    return static_cast<uint32_t>(clamp ? std::clamp(r, -32768, 32767) : r);
  });
}
void v_min3_i16(Wave& w, const Inst& in) {
  i16_3(w, in, 3, [](uint16_t a, uint16_t b, uint16_t c) {
    return static_cast<uint32_t>(std::min({s16(a), s16(b), s16(c)}));
  });
}
void v_max3_i16(Wave& w, const Inst& in) {
  i16_3(w, in, 3, [](uint16_t a, uint16_t b, uint16_t c) {
    return static_cast<uint32_t>(std::max({s16(a), s16(b), s16(c)}));
  });
}
void v_med3_i16(Wave& w, const Inst& in) {
  i16_3(w, in, 3, [](uint16_t a, uint16_t b, uint16_t c) {
    return static_cast<uint32_t>(med3(s16(a), s16(b), s16(c)));
  });
}
void v_min3_u16(Wave& w, const Inst& in) {
  i16_3(w, in, 3, [](uint16_t a, uint16_t b, uint16_t c) { return std::min({a, b, c}); });
}
void v_max3_u16(Wave& w, const Inst& in) {
  i16_3(w, in, 3, [](uint16_t a, uint16_t b, uint16_t c) { return std::max({a, b, c}); });
}
void v_med3_u16(Wave& w, const Inst& in) {
  i16_3(w, in, 3, [](uint16_t a, uint16_t b, uint16_t c) { return med3(a, b, c); });
}

// 16 x 16 -> 32-bit multiply-adds (full dword result).
template <bool kSigned>
void v_mad_32_16(Wave& w, const Inst& in) {
  Src3 s(w, in, 3);
  uint32_t r[kWaveSize];
  for (unsigned l = 0; l < kWaveSize; ++l) {
    const uint16_t a = half_of(s.p[0][l], in, 0), b = half_of(s.p[1][l], in, 1);
    r[l] =
        kSigned ? static_cast<uint32_t>(s16(a) * s16(b)) + s.p[2][l] : uint32_t{a} * b + s.p[2][l];
  }
  write_v32(w, in, r);
}

// v_pack_b32_f16: two f16 values (with modifiers) into one dword.
void v_pack_b32_f16(Wave& w, const Inst& in) {
  Src3 s(w, in, 2);
  uint32_t r[kWaveSize];
  for (unsigned l = 0; l < kWaveSize; ++l) {
    const uint16_t lo = half::mods(half_of(s.p[0][l], in, 0), in.abs & 1, in.neg & 1);
    const uint16_t hi = half::mods(half_of(s.p[1][l], in, 1), (in.abs >> 1) & 1, (in.neg >> 1) & 1);
    r[l] = lo | static_cast<uint32_t>(hi) << 16;
  }
  write_v32(w, in, r);
}

constexpr uint32_t k3 = kOpVop3Only;
constexpr uint32_t k3F = kOpVop3Only | kOpVop3Mods;
constexpr uint32_t k3I = k3F | kOpAttrSrc0;  // v_interp_*
constexpr uint32_t k3B = kOpVop3Only | kOpVop3b;
constexpr Format V3 = Format::VOP3;

const OpcodeInfo kRows[] = {
    {"v_mad_legacy_f32", V3, 448, v_mad_legacy_f32, Ty::F32, Ty::F32, Ty::F32, Ty::F32, k3F},
    {"v_mad_f32", V3, 449, v_mad_f32, Ty::F32, Ty::F32, Ty::F32, Ty::F32, k3F},
    {"v_mad_i32_i24", V3, 450, v_mad_i32_i24, Ty::B32, Ty::B32, Ty::B32, Ty::B32, k3},
    {"v_mad_u32_u24", V3, 451, v_mad_u32_u24, Ty::B32, Ty::B32, Ty::B32, Ty::B32, k3},
    {"v_cubeid_f32", V3, 452, v_cube<Cube::kId>, Ty::F32, Ty::F32, Ty::F32, Ty::F32, k3F},
    {"v_cubesc_f32", V3, 453, v_cube<Cube::kSc>, Ty::F32, Ty::F32, Ty::F32, Ty::F32, k3F},
    {"v_cubetc_f32", V3, 454, v_cube<Cube::kTc>, Ty::F32, Ty::F32, Ty::F32, Ty::F32, k3F},
    {"v_cubema_f32", V3, 455, v_cube<Cube::kMa>, Ty::F32, Ty::F32, Ty::F32, Ty::F32, k3F},
    {"v_bfe_u32", V3, 456, v_bfe_u32, Ty::B32, Ty::B32, Ty::B32, Ty::B32, k3},
    {"v_bfe_i32", V3, 457, v_bfe_i32, Ty::B32, Ty::B32, Ty::B32, Ty::B32, k3},
    {"v_bfi_b32", V3, 458, v_bfi_b32, Ty::B32, Ty::B32, Ty::B32, Ty::B32, k3},
    {"v_fma_f32", V3, 459, v_fma_f32, Ty::F32, Ty::F32, Ty::F32, Ty::F32, k3F},
    {"v_fma_f64", V3, 460, v_fma_f64, Ty::F64, Ty::F64, Ty::F64, Ty::F64, k3F},
    {"v_lerp_u8", V3, 461, v_lerp_u8, Ty::B32, Ty::B32, Ty::B32, Ty::B32, k3},
    {"v_alignbit_b32", V3, 462, v_alignbit_b32, Ty::B32, Ty::B32, Ty::B32, Ty::B32, k3},
    {"v_alignbyte_b32", V3, 463, v_alignbyte_b32, Ty::B32, Ty::B32, Ty::B32, Ty::B32, k3},
    {"v_min3_f32", V3, 464, v_min3_f32, Ty::F32, Ty::F32, Ty::F32, Ty::F32, k3F},
    {"v_min3_i32", V3, 465, v_min3_i32, Ty::B32, Ty::B32, Ty::B32, Ty::B32, k3},
    {"v_min3_u32", V3, 466, v_min3_u32, Ty::B32, Ty::B32, Ty::B32, Ty::B32, k3},
    {"v_max3_f32", V3, 467, v_max3_f32, Ty::F32, Ty::F32, Ty::F32, Ty::F32, k3F},
    {"v_max3_i32", V3, 468, v_max3_i32, Ty::B32, Ty::B32, Ty::B32, Ty::B32, k3},
    {"v_max3_u32", V3, 469, v_max3_u32, Ty::B32, Ty::B32, Ty::B32, Ty::B32, k3},
    {"v_med3_f32", V3, 470, v_med3_f32, Ty::F32, Ty::F32, Ty::F32, Ty::F32, k3F},
    {"v_med3_i32", V3, 471, v_med3_i32, Ty::B32, Ty::B32, Ty::B32, Ty::B32, k3},
    {"v_med3_u32", V3, 472, v_med3_u32, Ty::B32, Ty::B32, Ty::B32, Ty::B32, k3},
    {"v_sad_u8", V3, 473, v_sad_u8, Ty::B32, Ty::B32, Ty::B32, Ty::B32, k3},
    {"v_sad_hi_u8", V3, 474, v_sad_hi_u8, Ty::B32, Ty::B32, Ty::B32, Ty::B32, k3},
    {"v_sad_u16", V3, 475, v_sad_u16, Ty::B32, Ty::B32, Ty::B32, Ty::B32, k3},
    {"v_sad_u32", V3, 476, v_sad_u32, Ty::B32, Ty::B32, Ty::B32, Ty::B32, k3},
    {"v_cvt_pk_u8_f32", V3, 477, v_cvt_pk_u8_f32, Ty::B32, Ty::F32, Ty::B32, Ty::B32, k3F},
    {"v_div_fixup_f32", V3, 478, v_div_fixup_f32, Ty::F32, Ty::F32, Ty::F32, Ty::F32, k3F},
    {"v_div_fixup_f64", V3, 479, v_div_fixup_f64, Ty::F64, Ty::F64, Ty::F64, Ty::F64, k3F},
    {"v_div_scale_f32", V3, 480, v_div_scale<float>, Ty::F32, Ty::F32, Ty::F32, Ty::F32,
     k3B | kOpVop3Mods},
    {"v_div_scale_f64", V3, 481, v_div_scale<double>, Ty::F64, Ty::F64, Ty::F64, Ty::F64,
     k3B | kOpVop3Mods},
    {"v_div_fmas_f32", V3, 482, v_div_fmas_f32, Ty::F32, Ty::F32, Ty::F32, Ty::F32, k3F},
    {"v_div_fmas_f64", V3, 483, v_div_fmas_f64, Ty::F64, Ty::F64, Ty::F64, Ty::F64, k3F},
    {"v_msad_u8", V3, 484, v_msad_u8, Ty::B32, Ty::B32, Ty::B32, Ty::B32, k3},
    {"v_qsad_pk_u16_u8", V3, 485, nullptr, Ty::B64, Ty::B64, Ty::B32, Ty::B64, k3},
    {"v_mqsad_pk_u16_u8", V3, 486, nullptr, Ty::B64, Ty::B64, Ty::B32, Ty::B64, k3},
    {"v_mqsad_u32_u8", V3, 487, nullptr, Ty::B64, Ty::B64, Ty::B32, Ty::B64, k3},
    {"v_mad_u64_u32", V3, 488, v_mad_64_32<false>, Ty::B64, Ty::B32, Ty::B32, Ty::B64, k3B},
    {"v_mad_i64_i32", V3, 489, v_mad_64_32<true>, Ty::I64, Ty::B32, Ty::B32, Ty::I64, k3B},
    {"v_mad_legacy_f16", V3, 490, v_mad_f16, Ty::F16, Ty::F16, Ty::F16, Ty::F16, k3F},
    {"v_mad_legacy_u16", V3, 491, v_mad_u16, Ty::B16, Ty::B16, Ty::B16, Ty::B16, k3},
    {"v_mad_legacy_i16", V3, 492, v_mad_i16, Ty::B16, Ty::B16, Ty::B16, Ty::B16, k3},
    {"v_perm_b32", V3, 493, v_perm_b32, Ty::B32, Ty::B32, Ty::B32, Ty::B32, k3},
    {"v_fma_legacy_f16", V3, 494, v_fma_f16, Ty::F16, Ty::F16, Ty::F16, Ty::F16, k3F},
    {"v_div_fixup_legacy_f16", V3, 495, v_div_fixup_f16, Ty::F16, Ty::F16, Ty::F16, Ty::F16, k3F},
    {"v_mad_u32_u16", V3, 497, v_mad_32_16<false>, Ty::B32, Ty::B16, Ty::B16, Ty::B32, k3},
    {"v_mad_i32_i16", V3, 498, v_mad_32_16<true>, Ty::B32, Ty::B16, Ty::B16, Ty::B32, k3},
    {"v_xad_u32", V3, 499, v_xad_u32, Ty::B32, Ty::B32, Ty::B32, Ty::B32, k3},
    {"v_min3_f16", V3, 500, v_min3_f16, Ty::F16, Ty::F16, Ty::F16, Ty::F16, k3F},
    {"v_min3_i16", V3, 501, v_min3_i16, Ty::B16, Ty::B16, Ty::B16, Ty::B16, k3},
    {"v_min3_u16", V3, 502, v_min3_u16, Ty::B16, Ty::B16, Ty::B16, Ty::B16, k3},
    {"v_max3_f16", V3, 503, v_max3_f16, Ty::F16, Ty::F16, Ty::F16, Ty::F16, k3F},
    {"v_max3_i16", V3, 504, v_max3_i16, Ty::B16, Ty::B16, Ty::B16, Ty::B16, k3},
    {"v_max3_u16", V3, 505, v_max3_u16, Ty::B16, Ty::B16, Ty::B16, Ty::B16, k3},
    {"v_med3_f16", V3, 506, v_med3_f16, Ty::F16, Ty::F16, Ty::F16, Ty::F16, k3F},
    {"v_med3_i16", V3, 507, v_med3_i16, Ty::B16, Ty::B16, Ty::B16, Ty::B16, k3},
    {"v_med3_u16", V3, 508, v_med3_u16, Ty::B16, Ty::B16, Ty::B16, Ty::B16, k3},
    {"v_lshl_add_u32", V3, 509, v_lshl_add_u32, Ty::B32, Ty::B32, Ty::B32, Ty::B32, k3},
    {"v_add_lshl_u32", V3, 510, v_add_lshl_u32, Ty::B32, Ty::B32, Ty::B32, Ty::B32, k3},
    {"v_add3_u32", V3, 511, v_add3_u32, Ty::B32, Ty::B32, Ty::B32, Ty::B32, k3},
    {"v_lshl_or_b32", V3, 512, v_lshl_or_b32, Ty::B32, Ty::B32, Ty::B32, Ty::B32, k3},
    {"v_and_or_b32", V3, 513, v_and_or_b32, Ty::B32, Ty::B32, Ty::B32, Ty::B32, k3},
    {"v_or3_b32", V3, 514, v_or3_b32, Ty::B32, Ty::B32, Ty::B32, Ty::B32, k3},
    {"v_mad_f16", V3, 515, v_mad_f16, Ty::F16, Ty::F16, Ty::F16, Ty::F16, k3F},
    {"v_mad_u16", V3, 516, v_mad_u16, Ty::B16, Ty::B16, Ty::B16, Ty::B16, k3},
    {"v_mad_i16", V3, 517, v_mad_i16, Ty::B16, Ty::B16, Ty::B16, Ty::B16, k3},
    {"v_fma_f16", V3, 518, v_fma_f16, Ty::F16, Ty::F16, Ty::F16, Ty::F16, k3F},
    {"v_div_fixup_f16", V3, 519, v_div_fixup_f16, Ty::F16, Ty::F16, Ty::F16, Ty::F16, k3F},
    {"v_add_f64", V3, 640, v_add_f64, Ty::F64, Ty::F64, Ty::F64, Ty::None, k3F},
    {"v_mul_f64", V3, 641, v_mul_f64, Ty::F64, Ty::F64, Ty::F64, Ty::None, k3F},
    {"v_min_f64", V3, 642, v_min_f64, Ty::F64, Ty::F64, Ty::F64, Ty::None, k3F},
    {"v_max_f64", V3, 643, v_max_f64, Ty::F64, Ty::F64, Ty::F64, Ty::None, k3F},
    {"v_ldexp_f64", V3, 644, v_ldexp_f64, Ty::F64, Ty::F64, Ty::B32, Ty::None, k3F},
    {"v_mul_lo_u32", V3, 645, v_mul_lo_u32, Ty::B32, Ty::B32, Ty::B32, Ty::None, k3},
    {"v_mul_hi_u32", V3, 646, v_mul_hi_u32, Ty::B32, Ty::B32, Ty::B32, Ty::None, k3},
    {"v_mul_hi_i32", V3, 647, v_mul_hi_i32, Ty::B32, Ty::B32, Ty::B32, Ty::None, k3},
    {"v_ldexp_f32", V3, 648, v_ldexp_f32, Ty::F32, Ty::F32, Ty::B32, Ty::None, k3F},
    {"v_readlane_b32", V3, 649, v_readlane_b32, Ty::B32, Ty::B32, Ty::B32, Ty::None,
     k3 | kOpScalarDstVop},
    {"v_writelane_b32", V3, 650, v_writelane_b32, Ty::B32, Ty::B32, Ty::B32, Ty::None, k3},
    {"v_bcnt_u32_b32", V3, 651, v_bcnt_u32_b32, Ty::B32, Ty::B32, Ty::B32, Ty::None, k3},
    {"v_cvt_pkaccum_u8_f32", V3, 496, v_cvt_pkaccum_u8_f32, Ty::B32, Ty::F32, Ty::B32, Ty::None,
     k3F},
    // Pixel-shader attribute interpolation: the src0 field holds the
    // attribute, channel and high-half bit, not a register (src0 = None).
    // Compute dispatches have no attribute data in LDS, so these rows have
    // no semantics and fault as "not supported" (exec = nullptr).
    {"v_interp_p1_f32", V3, 624, nullptr, Ty::F32, Ty::None, Ty::F32, Ty::None, k3I},
    {"v_interp_p2_f32", V3, 625, nullptr, Ty::F32, Ty::None, Ty::F32, Ty::None, k3I},
    {"v_interp_mov_f32", V3, 626, nullptr, Ty::F32, Ty::None, Ty::None, Ty::None, k3I},
    {"v_interp_p1ll_f16", V3, 628, nullptr, Ty::F32, Ty::None, Ty::F32, Ty::None, k3I},
    {"v_interp_p1lv_f16", V3, 629, nullptr, Ty::F32, Ty::None, Ty::F32, Ty::F16, k3I},
    {"v_interp_p2_legacy_f16", V3, 630, nullptr, Ty::F16, Ty::None, Ty::F32, Ty::F32, k3I},
    {"v_interp_p2_f16", V3, 631, nullptr, Ty::F16, Ty::None, Ty::F32, Ty::F32, k3I},
    {"v_mbcnt_lo_u32_b32", V3, 652, v_mbcnt<false>, Ty::B32, Ty::B32, Ty::B32, Ty::None, k3},
    {"v_mbcnt_hi_u32_b32", V3, 653, v_mbcnt<true>, Ty::B32, Ty::B32, Ty::B32, Ty::None, k3},
    {"v_lshlrev_b64", V3, 655, v_lshlrev_b64, Ty::B64, Ty::B32, Ty::B64, Ty::None, k3},
    {"v_lshrrev_b64", V3, 656, v_lshrrev_b64, Ty::B64, Ty::B32, Ty::B64, Ty::None, k3},
    {"v_ashrrev_i64", V3, 657, v_ashrrev_i64, Ty::I64, Ty::B32, Ty::I64, Ty::None, k3},
    {"v_trig_preop_f64", V3, 658, v_trig_preop_f64, Ty::F64, Ty::F64, Ty::B32, Ty::None, k3F},
    {"v_bfm_b32", V3, 659, v_bfm_b32, Ty::B32, Ty::B32, Ty::B32, Ty::None, k3},
    {"v_cvt_pknorm_i16_f32", V3, 660, v_cvt_pknorm_i16_f32, Ty::B32, Ty::F32, Ty::F32, Ty::None,
     k3F},
    {"v_cvt_pknorm_u16_f32", V3, 661, v_cvt_pknorm_u16_f32, Ty::B32, Ty::F32, Ty::F32, Ty::None,
     k3F},
    {"v_cvt_pkrtz_f16_f32", V3, 662, v_cvt_pkrtz_f16_f32, Ty::B32, Ty::F32, Ty::F32, Ty::None, k3F},
    {"v_cvt_pk_u16_u32", V3, 663, v_cvt_pk_u16_u32, Ty::B32, Ty::B32, Ty::B32, Ty::None, k3},
    {"v_cvt_pk_i16_i32", V3, 664, v_cvt_pk_i16_i32, Ty::B32, Ty::B32, Ty::B32, Ty::None, k3},
    {"v_cvt_pknorm_i16_f16", V3, 665, v_cvt_pknorm_i16_f16, Ty::B32, Ty::F16, Ty::F16, Ty::None,
     k3F},
    {"v_cvt_pknorm_u16_f16", V3, 666, v_cvt_pknorm_u16_f16, Ty::B32, Ty::F16, Ty::F16, Ty::None,
     k3F},
    {"v_add_i32", V3, 668, v_addsub_i32<false>, Ty::B32, Ty::B32, Ty::B32, Ty::None, k3},
    {"v_sub_i32", V3, 669, v_addsub_i32<true>, Ty::B32, Ty::B32, Ty::B32, Ty::None, k3},
    {"v_add_i16", V3, 670, v_addsub_i16<false>, Ty::B16, Ty::B16, Ty::B16, Ty::None, k3},
    {"v_sub_i16", V3, 671, v_addsub_i16<true>, Ty::B16, Ty::B16, Ty::B16, Ty::None, k3},
    {"v_pack_b32_f16", V3, 672, v_pack_b32_f16, Ty::B32, Ty::F16, Ty::F16, Ty::None, k3F},
};

}  // namespace

extern const OpcodeTable kVop3Table = {kRows, sizeof(kRows) / sizeof(kRows[0])};

}  // namespace gcn
