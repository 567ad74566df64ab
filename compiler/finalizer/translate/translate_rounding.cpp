// Float results under the roundings up, down and zero (PRM 4.19.2,
// 5.19.5) and flush to zero (PRM 4.19.3).
//
// The GPU's MODE register could round for us, but LLVM 14 does not model
// it: nothing keeps the backend from moving an operation across a mode
// change. So every directed result starts from the round-to-nearest-even
// result r of the ordinary LLVM operation; an error-free transformation
// tells on which side of r the exact result lies, and r steps to its
// neighbour (one integer step on the bit pattern) when the rounding wants
// that side. A nearest r is one of the two floats around the exact
// value, so the step lands on the directed result.
//
// The exact error's sign comes from:
//   f16, f32  exact f64 arithmetic (products of two such values, and
//             sums of f16 values, are exact in f64; the difference with r
//             is exact by Sterbenz's lemma);
//   f64       TwoSum for add/sub, the fma remainder for mul, div and sqrt
//             (with sources scaled by powers of two where the remainder
//             would underflow), and an exact expansion for fma.
// An r that overflowed to infinity from finite sources stands for a value
// beyond the largest finite one, so zero and the rounding towards the
// other infinity step back to it.
#include "translate_rounding.h"

#include <cmath>

#include "llvm/IR/Intrinsics.h"

namespace hsail::finalizer::translate_detail {

namespace {

using Value = llvm::Value;
using Builder = llvm::IRBuilder<>;

struct RoundRow {
  uint8_t brig;
  FloatRound round;
};
constexpr RoundRow kRounds[] = {
    {FW_BRIG_ROUND_FLOAT_NEAR_EVEN, FloatRound::kNear},
    {FW_BRIG_ROUND_FLOAT_ZERO, FloatRound::kZero},
    {FW_BRIG_ROUND_FLOAT_PLUS_INFINITY, FloatRound::kUp},
    {FW_BRIG_ROUND_FLOAT_MINUS_INFINITY, FloatRound::kDown},
};

Value* constant(Value* like, double v) { return llvm::ConstantFP::get(like->getType(), v); }
Value* fabs(Builder& b, Value* x) { return b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, x); }
Value* fma(Builder& b, Value* x, Value* y, Value* z) {
  return b.CreateIntrinsic(llvm::Intrinsic::fma, {x->getType()}, {x, y, z});
}
Value* is_inf(Builder& b, Value* x) {
  return b.CreateFCmpOEQ(fabs(b, x), llvm::ConstantFP::getInfinity(x->getType()));
}
Value* is_finite(Builder& b, Value* x) {
  return b.CreateFCmpOLT(fabs(b, x), llvm::ConstantFP::getInfinity(x->getType()));
}
Value* bits_of(Builder& b, Value* x) {
  return b.CreateBitCast(x, b.getIntNTy(x->getType()->getPrimitiveSizeInBits()));
}
// The sign bit, NaNs and zeros included.
Value* sign_bit(Builder& b, Value* x) {
  Value* bits = bits_of(b, x);
  return b.CreateICmpSLT(bits, llvm::ConstantInt::get(bits->getType(), 0));
}
Value* is_plus_zero(Builder& b, Value* x) {
  Value* bits = bits_of(b, x);
  return b.CreateICmpEQ(bits, llvm::ConstantInt::get(bits->getType(), 0));
}
bool is_double(Value* x) { return x->getType()->isDoubleTy(); }
Value* widen(Builder& b, Value* x) { return is_double(x) ? x : b.CreateFPExt(x, b.getDoubleTy()); }
// A power of two chosen by a condition (1.0 otherwise).
Value* scale_if(Builder& b, Value* cond, Value* like, int exponent) {
  return b.CreateSelect(cond, constant(like, std::ldexp(1.0, exponent)), constant(like, 1.0));
}

// Where the exact result lies with respect to r.
struct Side {
  Value* above;
  Value* below;
};
// The side an error value exact - r gives (NaN: neither).
Side side_of(Builder& b, Value* e) {
  Value* zero = constant(e, 0.0);
  return {b.CreateFCmpOGT(e, zero), b.CreateFCmpOLT(e, zero)};
}

// TwoSum: s + t == x + y exactly, s the rounded sum (no overflow).
std::pair<Value*, Value*> two_sum(Builder& b, Value* x, Value* y) {
  Value* s = b.CreateFAdd(x, y);
  Value* yv = b.CreateFSub(s, x);
  Value* xv = b.CreateFSub(s, yv);
  Value* t = b.CreateFAdd(b.CreateFSub(x, xv), b.CreateFSub(y, yv));
  return {s, t};
}

// r moved to the neighbour the rounding wants; overflow says r is an
// infinity from finite sources.
Value* directed(Builder& b, FloatRound m, Value* r, Side s, Value* overflow) {
  if (m == FloatRound::kNear) return r;
  Value* bits = bits_of(b, r);
  llvm::Type* it = bits->getType();
  Value* negative = sign_bit(b, r);
  Value* finite = is_finite(b, r);
  // An overflowed +inf lies above the exact value, -inf below it.
  Value* above = b.CreateOr(b.CreateAnd(s.above, finite), b.CreateAnd(overflow, negative));
  Value* below =
      b.CreateOr(b.CreateAnd(s.below, finite), b.CreateAnd(overflow, b.CreateNot(negative)));
  // Whether to step, and whether the step grows the magnitude.
  Value* step = nullptr;
  Value* away = nullptr;
  switch (m) {
    case FloatRound::kUp:
      step = above;
      away = b.CreateNot(negative);
      break;
    case FloatRound::kDown:
      step = below;
      away = negative;
      break;
    default:  // kZero: only ever towards zero
      step = b.CreateSelect(negative, above, below);
      away = b.getFalse();
      break;
  }
  Value* delta =
      b.CreateSelect(away, llvm::ConstantInt::get(it, 1), llvm::ConstantInt::get(it, -1));
  Value* next = b.CreateBitCast(b.CreateAdd(bits, delta), r->getType());
  return b.CreateSelect(step, next, r);
}

// An exact zero sum of addends that are not both +0 is -0 when rounding
// down, +0 otherwise (IEEE 754-2008 6.3); r carries the +0.
Value* zero_sum_sign(Builder& b, FloatRound m, Value* result, Value* exact_zero,
                     Value* both_plus_zero) {
  if (m != FloatRound::kDown) return result;
  Value* minus = b.CreateAnd(exact_zero, b.CreateNot(both_plus_zero));
  return b.CreateSelect(minus, constant(result, -0.0), result);
}

Value* all_finite(Builder& b, std::initializer_list<Value*> xs) {
  Value* ok = b.getTrue();
  for (Value* x : xs) ok = b.CreateAnd(ok, is_finite(b, x));
  return ok;
}

// exact(x*y + z) - r for f64, by its sign only. [pl, ph] is the exact
// product (TwoProduct); growing that expansion by z and -r (Shewchuk's
// Grow-Expansion) keeps it exact and non-overlapping, so the sign of its
// largest non-zero component is the sign of the sum. Tiny products are
// scaled up (x and y by 2^600) so pl does not underflow; a tiny product
// next to a z of normal size only decides the side. Huge products are
// scaled down by 2^-8 each so ph does not overflow.
Value* fma_error_f64(Builder& b, Value* x, Value* y, Value* z, Value* r) {
  Value* p0 = b.CreateFMul(x, y);
  Value* ap = fabs(b, p0);
  Value* tiny = b.CreateFCmpOLT(ap, constant(p0, std::ldexp(1.0, -900)));
  Value* huge = b.CreateFCmpOGT(ap, constant(p0, std::ldexp(1.0, 1000)));
  Value* s = b.CreateSelect(tiny, constant(x, std::ldexp(1.0, 600)), scale_if(b, huge, x, -8));
  Value* zs = b.CreateFMul(b.CreateFMul(z, s), s);
  // Scaled down, a z far below the product only breaks ties: keep its
  // sign at a size that cannot underflow.
  Value* z_small = b.CreateFCmpOLT(fabs(b, z), constant(z, std::ldexp(1.0, -900)));
  Value* z_stand_in = b.CreateSelect(
      b.CreateFCmpOEQ(z, constant(z, 0.0)), z,
      b.CreateBinaryIntrinsic(llvm::Intrinsic::copysign, constant(z, std::ldexp(1.0, -1000)), z));
  Value* c = b.CreateSelect(b.CreateAnd(huge, z_small), z_stand_in, zs);
  Value* q = b.CreateFMul(b.CreateFMul(r, s), s);
  Value* a = b.CreateFMul(x, s);
  Value* bb = b.CreateFMul(y, s);
  Value* ph = b.CreateFMul(a, bb);
  Value* pl = fma(b, a, bb, b.CreateFNeg(ph));
  auto [g_top, g0] = two_sum(b, c, pl);
  auto [g_top2, g1] = two_sum(b, g_top, ph);
  auto [f_top, f0] = two_sum(b, b.CreateFNeg(q), g0);
  auto [f_top2, f1] = two_sum(b, f_top, g1);
  auto [f_top3, f2] = two_sum(b, f_top2, g_top2);
  Value* zero = constant(x, 0.0);
  Value* e = b.CreateSelect(b.CreateFCmpONE(f1, zero), f1, f0);
  e = b.CreateSelect(b.CreateFCmpONE(f2, zero), f2, e);
  e = b.CreateSelect(b.CreateFCmpONE(f_top3, zero), f_top3, e);
  // A product below 2^-900 beside a z above 2^-800 is less than half an
  // ulp of z: r is z and the product's sign is the side.
  Value* z_big = b.CreateFCmpOGE(fabs(b, z), constant(z, std::ldexp(1.0, -800)));
  Value* product_zero = b.CreateOr(b.CreateFCmpOEQ(x, zero), b.CreateFCmpOEQ(y, zero));
  Value* product_sign = b.CreateSelect(b.CreateXor(sign_bit(b, x), sign_bit(b, y)),
                                       constant(x, -1.0), constant(x, 1.0));
  Value* sticky = b.CreateSelect(product_zero, zero, product_sign);
  return b.CreateSelect(b.CreateAnd(tiny, z_big), sticky, e);
}

}  // namespace

FloatRound float_round(KernelTranslator& k, const Inst& inst, uint8_t round) {
  if (round == FW_BRIG_ROUND_NONE || round == FW_BRIG_ROUND_FLOAT_DEFAULT) {
    return k.ms.default_round == FW_BRIG_ROUND_FLOAT_ZERO ? FloatRound::kZero : FloatRound::kNear;
  }
  for (const RoundRow& row : kRounds) {
    if (row.brig == round) return row.round;
  }
  k.fail(opcode_name(inst.opcode) + " of a float result takes no integer rounding");
}

FloatMods float_mods(KernelTranslator& k, const Inst& inst) {
  if (inst.kind != FW_BRIG_KIND_INST_MOD) return {float_round(k, inst, FW_BRIG_ROUND_NONE), false};
  auto m = k.entry<fw_brig_inst_mod>();
  return {float_round(k, inst, m.round), (m.modifier & FW_BRIG_ALU_MODIFIER_FTZ) != 0};
}

Value* flush_subnormal(Builder& b, Value* x) {
  llvm::Type* t = x->getType();
  Value* min_normal = llvm::ConstantFP::get(
      t,
      llvm::APFloat::getSmallestNormalized(t->getScalarType()->getFltSemantics()));  // vectors too
  Value* tiny = b.CreateFCmpOLT(fabs(b, x), min_normal);
  Value* zero = b.CreateBinaryIntrinsic(llvm::Intrinsic::copysign, constant(x, 0.0), x);
  return b.CreateSelect(tiny, zero, x);
}

Value* round_add(Builder& b, FloatRound m, Value* x, Value* y) {
  Value* r = b.CreateFAdd(x, y);
  if (m == FloatRound::kNear) return r;
  Value* e = nullptr;
  if (x->getType()->isHalfTy()) {
    // f16 sums are exact in f64.
    e = b.CreateFSub(b.CreateFAdd(widen(b, x), widen(b, y)), widen(b, r));
  } else {
    e = two_sum(b, x, y).second;
  }
  Value* overflow = b.CreateAnd(is_inf(b, r), all_finite(b, {x, y}));
  Value* result = directed(b, m, r, side_of(b, e), overflow);
  // A sum is zero only when exact.
  Value* exact_zero = b.CreateFCmpOEQ(r, constant(r, 0.0));
  return zero_sum_sign(b, m, result, exact_zero,
                       b.CreateAnd(is_plus_zero(b, x), is_plus_zero(b, y)));
}

Value* round_sub(Builder& b, FloatRound m, Value* x, Value* y) {
  if (m == FloatRound::kNear) return b.CreateFSub(x, y);
  return round_add(b, m, x, b.CreateFNeg(y));
}

Value* round_mul(Builder& b, FloatRound m, Value* x, Value* y) {
  Value* r = b.CreateFMul(x, y);
  if (m == FloatRound::kNear) return r;
  Value* e = nullptr;
  if (!is_double(x)) {
    e = b.CreateFSub(b.CreateFMul(widen(b, x), widen(b, y)), widen(b, r));
  } else {
    // The remainder x*y - r is exact unless the product is below about
    // 2^-968; then both sources (each below 2^107) scale by 2^600.
    Value* tiny = b.CreateFCmpOLT(fabs(b, r), constant(r, std::ldexp(1.0, -968)));
    Value* s = scale_if(b, tiny, r, 600);
    Value* rs = b.CreateFMul(b.CreateFMul(r, s), s);
    e = fma(b, b.CreateFMul(x, s), b.CreateFMul(y, s), b.CreateFNeg(rs));
  }
  Value* overflow = b.CreateAnd(is_inf(b, r), all_finite(b, {x, y}));
  return directed(b, m, r, side_of(b, e), overflow);
}

Value* round_div(Builder& b, FloatRound m, Value* x, Value* y) {
  Value* r = b.CreateFDiv(x, y);
  if (m == FloatRound::kNear) return r;
  Value* e = nullptr;
  if (!is_double(x)) {
    e = b.CreateFSub(widen(b, x), b.CreateFMul(widen(b, r), widen(b, y)));
  } else {
    // The remainder x - r*y is exact unless x is below about 2^-969;
    // then x and r scale by 2^600 (r stays below 2^774).
    Value* tiny = b.CreateFCmpOLT(fabs(b, x), constant(x, std::ldexp(1.0, -900)));
    Value* s = scale_if(b, tiny, x, 600);
    e = fma(b, b.CreateFNeg(b.CreateFMul(r, s)), y, b.CreateFMul(x, s));
  }
  // The quotient's error has the remainder's sign times the divisor's.
  Side rem = side_of(b, e);
  Value* neg_y = sign_bit(b, y);
  Side s{b.CreateSelect(neg_y, rem.below, rem.above), b.CreateSelect(neg_y, rem.above, rem.below)};
  Value* overflow = b.CreateAnd(b.CreateAnd(is_inf(b, r), all_finite(b, {x, y})),
                                b.CreateFCmpONE(y, constant(y, 0.0)));
  return directed(b, m, r, s, overflow);
}

Value* round_fma(Builder& b, FloatRound m, Value* x, Value* y, Value* z) {
  Value* r = fma(b, x, y, z);
  if (m == FloatRound::kNear) return r;
  Value* e = nullptr;
  if (!is_double(x)) {
    // The product is exact in f64, the sum exact as TwoSum's pair.
    auto [s, t] = two_sum(b, b.CreateFMul(widen(b, x), widen(b, y)), widen(b, z));
    e = b.CreateFAdd(b.CreateFSub(s, widen(b, r)), t);
  } else {
    e = fma_error_f64(b, x, y, z, r);
  }
  Side side = side_of(b, e);
  Value* overflow = b.CreateAnd(is_inf(b, r), all_finite(b, {x, y, z}));
  Value* result = directed(b, m, r, side, overflow);
  Value* exact_zero = b.CreateAnd(b.CreateFCmpOEQ(r, constant(r, 0.0)),
                                  b.CreateNot(b.CreateOr(side.above, side.below)));
  // With an exact zero sum and z == +0 the product is a zero too: +0
  // when the sources' signs agree.
  Value* plus_product = b.CreateICmpEQ(sign_bit(b, x), sign_bit(b, y));
  return zero_sum_sign(b, m, result, exact_zero, b.CreateAnd(is_plus_zero(b, z), plus_product));
}

Value* round_sqrt(Builder& b, FloatRound m, Value* x, Value* nearest) {
  if (m == FloatRound::kNear) return nearest;
  Value* e = nullptr;
  if (!is_double(x)) {
    Value* rw = widen(b, nearest);
    e = b.CreateFSub(widen(b, x), b.CreateFMul(rw, rw));
  } else {
    // x - r*r is exact unless x is below about 2^-970; then x scales by
    // 2^600 and r by 2^300 (roots are never subnormal, so the scaled
    // root rounds the same way).
    Value* tiny = b.CreateFCmpOLT(x, constant(x, std::ldexp(1.0, -900)));
    Value* rs = b.CreateFMul(nearest, scale_if(b, tiny, x, 300));
    e = fma(b, b.CreateFNeg(rs), rs, b.CreateFMul(x, scale_if(b, tiny, x, 600)));
  }
  return directed(b, m, nearest, side_of(b, e), b.getFalse());
}

Value* round_fptrunc(Builder& b, FloatRound m, Value* x, llvm::Type* to) {
  Value* r = b.CreateFPTrunc(x, to);
  if (m == FloatRound::kNear) return r;
  // r is within a factor two of x (or zero): the difference is exact.
  Value* e = b.CreateFSub(x, b.CreateFPExt(r, x->getType()));
  Value* overflow = b.CreateAnd(is_inf(b, r), is_finite(b, x));
  return directed(b, m, r, side_of(b, e), overflow);
}

Value* round_int_to_float(Builder& b, FloatRound m, Value* x, bool is_signed, llvm::Type* to) {
  Value* r = is_signed ? b.CreateSIToFP(x, to) : b.CreateUIToFP(x, to);
  if (m == FloatRound::kNear) return r;
  // Compare x with r's integer value; r is integral, and only 64-bit
  // sources can round to 2^63 or 2^64, past the i64 range.
  llvm::Type* i64 = b.getInt64Ty();
  Value* xw = is_signed ? b.CreateSExtOrTrunc(x, i64) : b.CreateZExtOrTrunc(x, i64);
  bool wide = x->getType()->getIntegerBitWidth() == 64;
  bool unsigned_compare = wide && !is_signed;
  llvm::Intrinsic::ID back_id =
      unsigned_compare ? llvm::Intrinsic::fptoui_sat : llvm::Intrinsic::fptosi_sat;
  Value* back = b.CreateIntrinsic(back_id, {i64, to}, {r});
  Value* big = b.getFalse();
  if (wide) {
    // 2^63 or 2^64 (infinity in f16, where r is then an overflow).
    llvm::APFloat limit(std::ldexp(1.0, is_signed ? 63 : 64));
    bool lost = false;
    limit.convert(to->getFltSemantics(), llvm::APFloat::rmNearestTiesToEven, &lost);
    big = b.CreateFCmpOGE(r, llvm::ConstantFP::get(to, limit));
  }
  Value* gt = unsigned_compare ? b.CreateICmpUGT(xw, back) : b.CreateICmpSGT(xw, back);
  Value* lt = unsigned_compare ? b.CreateICmpULT(xw, back) : b.CreateICmpSLT(xw, back);
  Side s{b.CreateAnd(gt, b.CreateNot(big)), b.CreateOr(lt, big)};
  return directed(b, m, r, s, is_inf(b, r));
}

}  // namespace hsail::finalizer::translate_detail
