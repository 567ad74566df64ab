// VOPC: vector compares. Every compare writes a 64-bit lane mask to sdst (VCC
// for e32, any SGPR pair for e64, VCC or an SGPR pair for SDWA); v_cmpx also
// writes EXEC. Vega ISA manual, section 6.4 "Vector Compare Operations".
//
// The predicates share one encoding across types: the low three bits of the
// predicate number say which of "less", "equal", "greater" make it true and
// bit 3 (floats only) is the result for unordered operands. So f=0, lt=1,
// eq=2, le=3, gt=4, lg/ne=5, ge=6, o/t=7, u=8, nge=9 ... tru=15.
#include "semantics/vop_half.h"
#include "wave/valu.h"

namespace gcn {
namespace {

enum Kind { kF16, kF32, kF64, kI16, kU16, kI32, kU32, kI64, kU64 };

template <class T>
inline bool predicate(unsigned p, T a, T b) {
  if (a != a || b != b) return (p >> 3) & 1;  // unordered (never true for integers)
  const unsigned rel = a < b ? 1u : a == b ? 2u : 4u;
  return (p & rel) != 0;
}

// Float sources with abs/neg; f16 takes the low half (after any SDWA select).
void read_f16_as_f32(Wave& w, const Inst& in, int i, float* out) {
  uint32_t tmp[kWaveSize];
  const uint32_t* raw = read_v32(w, in, i, tmp);
  const bool a = (src_abs_bits(in) >> i) & 1, n = (src_neg_bits(in) >> i) & 1;
  const bool fl = flush_f64(w);  // FP_DENORM[7:6] covers f16 and f64
  for (unsigned l = 0; l < kWaveSize; ++l) {
    uint16_t h = half::mods(static_cast<uint16_t>(raw[l]), a, n);
    out[l] = half::to_f32(fl ? half::flush(h) : h);
  }
}

template <Kind K, unsigned P>
void cmp(Wave& w, const Inst& in) {
  uint64_t bits = 0;
  if constexpr (K == kF16 || K == kF32) {
    float a[kWaveSize], b[kWaveSize];
    if constexpr (K == kF16) {
      read_f16_as_f32(w, in, 0, a);
      read_f16_as_f32(w, in, 1, b);
    } else {
      read_f32(w, in, 0, a);
      read_f32(w, in, 1, b);
    }
    for (unsigned l = 0; l < kWaveSize; ++l) bits |= uint64_t{predicate(P, a[l], b[l])} << l;
  } else if constexpr (K == kF64) {
    double a[kWaveSize], b[kWaveSize];
    read_f64(w, in, 0, a);
    read_f64(w, in, 1, b);
    for (unsigned l = 0; l < kWaveSize; ++l) bits |= uint64_t{predicate(P, a[l], b[l])} << l;
  } else if constexpr (K == kI64 || K == kU64) {
    const Ty t = K == kI64 ? Ty::I64 : Ty::B64;
    uint64_t a[kWaveSize], b[kWaveSize];
    read_v64(w, in, 0, t, a);
    read_v64(w, in, 1, t, b);
    for (unsigned l = 0; l < kWaveSize; ++l) {
      const bool r = K == kI64
                         ? predicate(P, static_cast<int64_t>(a[l]), static_cast<int64_t>(b[l]))
                         : predicate(P, a[l], b[l]);
      bits |= uint64_t{r} << l;
    }
  } else {
    uint32_t t0[kWaveSize], t1[kWaveSize];
    const uint32_t* a = read_v32(w, in, 0, t0);
    const uint32_t* b = read_v32(w, in, 1, t1);
    for (unsigned l = 0; l < kWaveSize; ++l) {
      bool r;
      if constexpr (K == kI16)
        r = predicate(P, static_cast<int16_t>(a[l]), static_cast<int16_t>(b[l]));
      else if constexpr (K == kU16)
        r = predicate(P, static_cast<uint16_t>(a[l]), static_cast<uint16_t>(b[l]));
      else if constexpr (K == kI32)
        r = predicate(P, static_cast<int32_t>(a[l]), static_cast<int32_t>(b[l]));
      else
        r = predicate(P, a[l], b[l]);
      bits |= uint64_t{r} << l;
    }
  }
  write_compare(w, in, bits);
}

// v_cmp_class: src1 is a mask of classes (bit 0 signaling NaN, 1 quiet NaN,
// 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal,
// 9 +inf). The input is classified as given, before any denormal flushing.
unsigned class_bit(bool neg, bool nan, bool quiet, bool inf, bool zero, bool denorm) {
  if (nan) return quiet ? 1 : 0;
  if (inf) return neg ? 2 : 9;
  if (zero) return neg ? 5 : 6;
  if (denorm) return neg ? 4 : 7;
  return neg ? 3 : 8;
}

template <Kind K>
void cmp_class(Wave& w, const Inst& in) {
  const bool a = src_abs_bits(in) & 1, n = src_neg_bits(in) & 1;
  uint32_t t1[kWaveSize];
  const uint32_t* mask = read_v32(w, in, 1, t1);
  uint64_t bits = 0;
  if constexpr (K == kF64) {
    uint64_t v[kWaveSize];
    read_v64(w, in, 0, Ty::F64, v);
    for (unsigned l = 0; l < kWaveSize; ++l) {
      uint64_t x = v[l];
      if (a) x &= ~(1ull << 63);
      if (n) x ^= 1ull << 63;
      const uint64_t e = (x >> 52) & 0x7FF, m = x & ((1ull << 52) - 1);
      const unsigned c =
          class_bit(x >> 63, e == 0x7FF && m, (m >> 51) & 1, e == 0x7FF && !m, !e && !m, !e && m);
      bits |= uint64_t{(mask[l] >> c) & 1} << l;
    }
  } else {
    uint32_t t0[kWaveSize];
    const uint32_t* v = read_v32(w, in, 0, t0);
    for (unsigned l = 0; l < kWaveSize; ++l) {
      unsigned c;
      if constexpr (K == kF16) {
        const uint16_t x = half::mods(static_cast<uint16_t>(v[l]), a, n);
        const unsigned e = (x >> 10) & 0x1F, m = x & 0x3FF;
        c = class_bit(x >> 15, e == 0x1F && m, (m >> 9) & 1, e == 0x1F && !m, !e && !m, !e && m);
      } else {
        uint32_t x = v[l];
        if (a) x &= 0x7FFFFFFFu;
        if (n) x ^= 0x80000000u;
        const uint32_t e = (x >> 23) & 0xFF, m = x & 0x7FFFFF;
        c = class_bit(x >> 31, e == 0xFF && m, (m >> 22) & 1, e == 0xFF && !m, !e && !m, !e && m);
      }
      bits |= uint64_t{(mask[l] >> c) & 1} << l;
    }
  }
  write_compare(w, in, bits);
}

constexpr uint32_t kCmp = kOpWritesVcc;
constexpr uint32_t kCmpX = kOpWritesVcc | kOpCmpx;
constexpr uint32_t kFCmp = kOpWritesVcc | kOpVop3Mods;
constexpr uint32_t kFCmpX = kOpWritesVcc | kOpVop3Mods | kOpCmpx;

// One row: v_<cmp|cmpx>_<pred>_<type>.
#define ROW(PFX, PRED, P, TYNAME, K, TY, BASE, FLAGS) \
  {"v_" #PFX "_" #PRED "_" #TYNAME,                   \
   Format::VOPC,                                      \
   (BASE) + (P),                                      \
   cmp<K, P>,                                         \
   Ty::B64,                                           \
   TY,                                                \
   TY,                                                \
   Ty::None,                                          \
   FLAGS},

// The 16 float predicates, compare at BASE and cmpx at BASE + 16.
// Macro tables: clang-format finds no fixed point for them.
// clang-format off
#define FLOAT_PREDS(PFX, TYNAME, K, TY, BASE, FLAGS)                                              \
  ROW(PFX, f, 0, TYNAME, K, TY, BASE, FLAGS) \
  ROW(PFX, lt, 1, TYNAME, K, TY, BASE, FLAGS) \
  ROW(PFX, eq, 2, TYNAME, K, TY, BASE, FLAGS) \
  ROW(PFX, le, 3, TYNAME, K, TY, BASE, FLAGS) \
  ROW(PFX, gt, 4, TYNAME, K, TY, BASE, FLAGS) \
  ROW(PFX, lg, 5, TYNAME, K, TY, BASE, FLAGS) \
  ROW(PFX, ge, 6, TYNAME, K, TY, BASE, FLAGS) \
  ROW(PFX, o, 7, TYNAME, K, TY, BASE, FLAGS) \
  ROW(PFX, u, 8, TYNAME, K, TY, BASE, FLAGS) \
  ROW(PFX, nge, 9, TYNAME, K, TY, BASE, FLAGS) \
  ROW(PFX, nlg, 10, TYNAME, K, TY, BASE, FLAGS) \
  ROW(PFX, ngt, 11, TYNAME, K, TY, BASE, FLAGS) \
  ROW(PFX, nle, 12, TYNAME, K, TY, BASE, FLAGS) \
  ROW(PFX, neq, 13, TYNAME, K, TY, BASE, FLAGS) \
  ROW(PFX, nlt, 14, TYNAME, K, TY, BASE, FLAGS) \
  ROW(PFX, tru, 15, TYNAME, K, TY, BASE, FLAGS)
#define FLOAT_CMPS(TYNAME, K, TY, BASE) \
  FLOAT_PREDS(cmp, TYNAME, K, TY, BASE, kFCmp) FLOAT_PREDS(cmpx, TYNAME, K, TY, (BASE) + 16, kFCmpX)

// The 8 integer predicates.
#define INT_PREDS(PFX, TYNAME, K, TY, BASE, FLAGS)                                        \
  ROW(PFX, f, 0, TYNAME, K, TY, BASE, FLAGS) \
  ROW(PFX, lt, 1, TYNAME, K, TY, BASE, FLAGS) \
  ROW(PFX, eq, 2, TYNAME, K, TY, BASE, FLAGS) \
  ROW(PFX, le, 3, TYNAME, K, TY, BASE, FLAGS) \
  ROW(PFX, gt, 4, TYNAME, K, TY, BASE, FLAGS) \
  ROW(PFX, ne, 5, TYNAME, K, TY, BASE, FLAGS) \
  ROW(PFX, ge, 6, TYNAME, K, TY, BASE, FLAGS) \
  ROW(PFX, t, 7, TYNAME, K, TY, BASE, FLAGS)
// gfx9 layout per width: signed compares, unsigned compares, signed cmpx,
// unsigned cmpx, 8 opcodes each.
#define INT_CMPS(ITY, UTY, KI, KU, TYI, TYU, BASE)  \
  INT_PREDS(cmp, ITY, KI, TYI, BASE, kCmp)          \
  INT_PREDS(cmp, UTY, KU, TYU, (BASE) + 8, kCmp)    \
  INT_PREDS(cmpx, ITY, KI, TYI, (BASE) + 16, kCmpX) \
  INT_PREDS(cmpx, UTY, KU, TYU, (BASE) + 24, kCmpX)

// clang-format on
const OpcodeInfo kRows[] = {{"v_cmp_class_f32", Format::VOPC, 16, cmp_class<kF32>, Ty::B64, Ty::F32,
                             Ty::B32, Ty::None, kFCmp},
                            {"v_cmpx_class_f32", Format::VOPC, 17, cmp_class<kF32>, Ty::B64,
                             Ty::F32, Ty::B32, Ty::None, kFCmpX},
                            {"v_cmp_class_f64", Format::VOPC, 18, cmp_class<kF64>, Ty::B64, Ty::F64,
                             Ty::B32, Ty::None, kFCmp},
                            {"v_cmpx_class_f64", Format::VOPC, 19, cmp_class<kF64>, Ty::B64,
                             Ty::F64, Ty::B32, Ty::None, kFCmpX},
                            {"v_cmp_class_f16", Format::VOPC, 20, cmp_class<kF16>, Ty::B64, Ty::F16,
                             Ty::B32, Ty::None, kFCmp},
                            {"v_cmpx_class_f16", Format::VOPC, 21, cmp_class<kF16>, Ty::B64,
                             Ty::F16, Ty::B32, Ty::None, kFCmpX},
                            FLOAT_CMPS(f16, kF16, Ty::F16, 32) FLOAT_CMPS(f32, kF32, Ty::F32, 64)
                                FLOAT_CMPS(f64, kF64, Ty::F64, 96)
                                    INT_CMPS(i16, u16, kI16, kU16, Ty::B16, Ty::B16, 160)
                                        INT_CMPS(i32, u32, kI32, kU32, Ty::B32, Ty::B32, 192)
                                            INT_CMPS(i64, u64, kI64, kU64, Ty::I64, Ty::B64, 224)};

#undef ROW
#undef FLOAT_PREDS
#undef FLOAT_CMPS
#undef INT_PREDS
#undef INT_CMPS

}  // namespace

extern const OpcodeTable kVopcTable = {kRows, sizeof(kRows) / sizeof(kRows[0])};

}  // namespace gcn
