// Packed (SIMD-within-a-register) instructions: the packed forms of the
// integer and float arithmetic (PRM 5.2, 5.11 with sqrt, 5.13), shifts (5.5), cmov
// (5.10) and cmp (5.18), and shuffle, unpacklo, unpackhi, pack and unpack
// (5.9). A packed register holds an iN (see value_type); each instruction
// bitcasts it to an LLVM vector <count x element>, works element-wise and
// bitcasts back, so the backend can pick gfx9's packed instructions
// (v_pk_add_u16, v_pk_add_f16, ...) and splits whatever it cannot.
//
// Packing controls (PRM 4.14): ps and sp broadcast the lowest element of
// one source to every position; s and ss compute the lowest element only
// and leave the destination's other elements as they were; the _sat forms
// clamp each element's result to the element's range. Float forms with
// ftz or a rounding other than the nearest go element by element through
// the scalar forms' machinery (translate_rounding.cpp).
#include <vector>

#include <hsail/brig/names.h>

#include "llvm/IR/Intrinsics.h"
#include "translate_impl.h"
#include "translate_rounding.h"

namespace hsail::finalizer::translate_detail {

namespace {

using Value = llvm::Value;
using Builder = llvm::IRBuilder<>;
using llvm::Intrinsic::ID;

// What an instruction's packed type is made of.
struct Shape {
  uint16_t element;       // the element's scalar type (u8, s16, f32, ...)
  unsigned count;         // elements
  unsigned bits;          // bits per element
  llvm::VectorType* vec;  // <count x iM>, or of half/float/double
};

Shape shape_of(KernelTranslator& k, uint16_t type) {
  Shape s{packed_element(type), packed_count(type), 0, nullptr};
  s.bits = type_bits(s.element);
  s.vec = llvm::FixedVectorType::get(k.value_type(s.element), s.count);
  return s;
}

// Register bits <-> vector of elements (element 0 is the least significant).
Value* read_vector(KernelTranslator& k, uint32_t operand, uint16_t type, const Shape& s) {
  return k.b.CreateBitCast(k.read(operand, type), s.vec);
}
void write_vector(KernelTranslator& k, uint32_t operand, Value* v, uint16_t type) {
  k.write(operand, k.b.CreateBitCast(v, k.value_type(type)), type);
}

// The same register bits as a vector of integer elements, for the
// instructions that only move elements (shuffle, unpacklo/hi): LLVM 14's
// AMDGPU backend takes a -0.0 f16 constant for +0.0 when it builds a v2f16
// from constants (APFloat's isZero counts both zeros), integers keep the bits.
Value* read_element_bits(KernelTranslator& k, uint32_t operand, uint16_t type, const Shape& s) {
  auto* bits = llvm::FixedVectorType::get(k.b.getIntNTy(s.bits), s.count);
  return k.b.CreateBitCast(k.read(operand, type), bits);
}

// The lowest element of v in every position.
Value* broadcast_low(Builder& b, Value* v) {
  auto* vt = llvm::cast<llvm::FixedVectorType>(v->getType());
  return b.CreateShuffleVector(v, std::vector<int>(vt->getNumElements(), 0));
}

// The packing control of an instruction (none for the basic formats).
uint8_t pack_of(KernelTranslator& k, const Inst& inst) {
  if (inst.kind == FW_BRIG_KIND_INST_MOD) return k.entry<fw_brig_inst_mod>().pack;
  if (inst.kind == FW_BRIG_KIND_INST_CMP) return k.entry<fw_brig_inst_cmp>().pack;
  return FW_BRIG_PACK_NONE;
}

struct Control {
  bool broadcast0 = false;   // sp: the first source's lowest element everywhere
  bool broadcast1 = false;   // ps: the second source's
  bool lowest_only = false;  // s, ss: only element 0 is written
  bool sat = false;
};

Control control_of(KernelTranslator& k, uint8_t pack, bool binary) {
  Control c;
  switch (pack) {
    case FW_BRIG_PACK_PPSAT:
    case FW_BRIG_PACK_PSAT:
      c.sat = true;
      [[fallthrough]];
    case FW_BRIG_PACK_PP:
    case FW_BRIG_PACK_P:
      break;
    case FW_BRIG_PACK_PSSAT:
      c.sat = true;
      [[fallthrough]];
    case FW_BRIG_PACK_PS:
      c.broadcast1 = true;
      break;
    case FW_BRIG_PACK_SPSAT:
      c.sat = true;
      [[fallthrough]];
    case FW_BRIG_PACK_SP:
      c.broadcast0 = true;
      break;
    case FW_BRIG_PACK_SSSAT:
    case FW_BRIG_PACK_SSAT:
      c.sat = true;
      [[fallthrough]];
    case FW_BRIG_PACK_SS:
    case FW_BRIG_PACK_S:
      c.lowest_only = true;
      break;
    default:
      k.fail("packed instruction without a packing control");
  }
  bool two = pack == FW_BRIG_PACK_PP || pack == FW_BRIG_PACK_PS || pack == FW_BRIG_PACK_SP ||
             pack == FW_BRIG_PACK_SS || (pack >= FW_BRIG_PACK_PPSAT && pack <= FW_BRIG_PACK_SSSAT);
  if (two != binary) k.fail("packing control does not match the operand count (PRM 4.14)");
  return c;
}

// Element-wise operations. x and y are vectors; e is the element type.
using Op2 = Value* (*)(Builder& b, uint16_t e, Value* x, Value* y);
using Op1 = Value* (*)(Builder& b, uint16_t e, Value* x);

Value* intrinsic(Builder& b, ID id, Value* x, Value* y) {
  return b.CreateBinaryIntrinsic(id, x, y);
}

// The exact result of an integer operation in twice the element width,
// clamped to the element's range (PRM 4.14.1).
Value* saturate_wide(Builder& b, uint16_t e, Value* wide, llvm::Type* to) {
  unsigned bits = type_bits(e);
  llvm::Type* wt = wide->getType();
  if (!is_signed(e)) {
    // Unsigned results are never negative: only the top clamps.
    Value* hi = llvm::ConstantInt::get(wt, llvm::APInt::getMaxValue(bits).zext(2 * bits));
    return b.CreateTrunc(intrinsic(b, llvm::Intrinsic::umin, wide, hi), to);
  }
  Value* hi = llvm::ConstantInt::get(wt, llvm::APInt::getSignedMaxValue(bits).sext(2 * bits));
  Value* lo = llvm::ConstantInt::get(wt, llvm::APInt::getSignedMinValue(bits).sext(2 * bits));
  Value* r = intrinsic(b, llvm::Intrinsic::smin, intrinsic(b, llvm::Intrinsic::smax, wide, lo), hi);
  return b.CreateTrunc(r, to);
}

Value* widen(Builder& b, uint16_t e, Value* x) {
  auto* vt = llvm::cast<llvm::VectorType>(x->getType());
  llvm::Type* wide = llvm::VectorType::getExtendedElementVectorType(vt);
  return is_signed(e) ? b.CreateSExt(x, wide) : b.CreateZExt(x, wide);
}

Value* add(Builder& b, uint16_t e, Value* x, Value* y) {
  return is_float(e) ? b.CreateFAdd(x, y) : b.CreateAdd(x, y);
}
Value* add_sat(Builder& b, uint16_t e, Value* x, Value* y) {
  return intrinsic(b, is_signed(e) ? llvm::Intrinsic::sadd_sat : llvm::Intrinsic::uadd_sat, x, y);
}
Value* sub(Builder& b, uint16_t e, Value* x, Value* y) {
  return is_float(e) ? b.CreateFSub(x, y) : b.CreateSub(x, y);
}
Value* sub_sat(Builder& b, uint16_t e, Value* x, Value* y) {
  return intrinsic(b, is_signed(e) ? llvm::Intrinsic::ssub_sat : llvm::Intrinsic::usub_sat, x, y);
}
Value* mul(Builder& b, uint16_t e, Value* x, Value* y) {
  return is_float(e) ? b.CreateFMul(x, y) : b.CreateMul(x, y);
}
Value* mul_sat(Builder& b, uint16_t e, Value* x, Value* y) {
  return saturate_wide(b, e, b.CreateMul(widen(b, e, x), widen(b, e, y)), x->getType());
}
// The high half of each double-width product.
Value* mulhi(Builder& b, uint16_t e, Value* x, Value* y) {
  Value* p = b.CreateMul(widen(b, e, x), widen(b, e, y));
  return b.CreateTrunc(b.CreateLShr(p, type_bits(e)), x->getType());
}
Value* div(Builder& b, uint16_t, Value* x, Value* y) { return b.CreateFDiv(x, y); }
// Float min and max return the other operand when one is a NaN: minnum.
Value* min(Builder& b, uint16_t e, Value* x, Value* y) {
  ID id = is_float(e)    ? llvm::Intrinsic::minnum
          : is_signed(e) ? llvm::Intrinsic::smin
                         : llvm::Intrinsic::umin;
  return intrinsic(b, id, x, y);
}
Value* max(Builder& b, uint16_t e, Value* x, Value* y) {
  ID id = is_float(e)    ? llvm::Intrinsic::maxnum
          : is_signed(e) ? llvm::Intrinsic::smax
                         : llvm::Intrinsic::umax;
  return intrinsic(b, id, x, y);
}
Value* copysign(Builder& b, uint16_t, Value* x, Value* y) {
  return intrinsic(b, llvm::Intrinsic::copysign, x, y);
}

Value* neg(Builder& b, uint16_t e, Value* x) {
  return is_float(e) ? b.CreateFNeg(x) : b.CreateNeg(x);
}
Value* neg_sat(Builder& b, uint16_t e, Value* x) {
  return sub_sat(b, e, llvm::Constant::getNullValue(x->getType()), x);
}
// The most negative element stays itself (PRM 5.2 abs).
Value* abs(Builder& b, uint16_t e, Value* x) {
  if (is_float(e)) return b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, x);
  return intrinsic(b, llvm::Intrinsic::abs, x, b.getFalse());
}
Value* abs_sat(Builder& b, uint16_t e, Value* x) {
  return saturate_wide(b, e, intrinsic(b, llvm::Intrinsic::abs, widen(b, e, x), b.getFalse()),
                       x->getType());
}
Value* ceil(Builder& b, uint16_t, Value* x) {
  return b.CreateUnaryIntrinsic(llvm::Intrinsic::ceil, x);
}
Value* floor(Builder& b, uint16_t, Value* x) {
  return b.CreateUnaryIntrinsic(llvm::Intrinsic::floor, x);
}
Value* trunc(Builder& b, uint16_t, Value* x) {
  return b.CreateUnaryIntrinsic(llvm::Intrinsic::trunc, x);
}
// rint rather than roundeven, which LLVM 14's AMDGPU backend cannot select.
Value* rint(Builder& b, uint16_t, Value* x) {
  return b.CreateUnaryIntrinsic(llvm::Intrinsic::rint, x);
}
// fract (PRM 5.11): x - floor(x) kept below 1.0; zeros and NaNs pass
// through, infinities give a zero of their sign.
Value* fract(Builder& b, uint16_t, Value* x) {
  llvm::Type* t = x->getType();
  llvm::APFloat below_one(t->getScalarType()->getFltSemantics(), 1);
  below_one.next(/*nextDown=*/true);
  Value* r = b.CreateFSub(x, b.CreateUnaryIntrinsic(llvm::Intrinsic::floor, x));
  r = intrinsic(b, llvm::Intrinsic::minnum, r, llvm::ConstantFP::get(t, below_one));
  Value* zero = llvm::ConstantFP::get(t, 0.0);
  r = b.CreateSelect(b.CreateFCmpOEQ(x, zero), x, r);
  Value* is_inf = b.CreateFCmpOEQ(b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, x),
                                  llvm::ConstantFP::getInfinity(t));
  r = b.CreateSelect(is_inf, intrinsic(b, llvm::Intrinsic::copysign, zero, x), r);
  return b.CreateSelect(b.CreateFCmpUNO(x, x), x, r);
}

// One row per packed ALU opcode: its plain and saturating operations
// (nullptr where the PRM has no such form) and which element kinds take it.
struct AluRow {
  uint16_t opcode;
  Op2 binary, binary_sat;
  Op1 unary, unary_sat;
  bool integer, floating;
  bool rounds;  // a float result that is rounded (takes a rounding mode)
};
constexpr AluRow kAluRows[] = {
    {FW_BRIG_OPCODE_ADD, add, add_sat, nullptr, nullptr, true, true, true},
    {FW_BRIG_OPCODE_SUB, sub, sub_sat, nullptr, nullptr, true, true, true},
    {FW_BRIG_OPCODE_MUL, mul, mul_sat, nullptr, nullptr, true, true, true},
    {FW_BRIG_OPCODE_MULHI, mulhi, nullptr, nullptr, nullptr, true, false, false},
    {FW_BRIG_OPCODE_DIV, div, nullptr, nullptr, nullptr, false, true, true},
    {FW_BRIG_OPCODE_MAX, max, nullptr, nullptr, nullptr, true, true, false},
    {FW_BRIG_OPCODE_MIN, min, nullptr, nullptr, nullptr, true, true, false},
    {FW_BRIG_OPCODE_COPYSIGN, copysign, nullptr, nullptr, nullptr, false, true, false},
    {FW_BRIG_OPCODE_ABS, nullptr, nullptr, abs, abs_sat, true, true, false},
    {FW_BRIG_OPCODE_NEG, nullptr, nullptr, neg, neg_sat, true, true, false},
    {FW_BRIG_OPCODE_CEIL, nullptr, nullptr, ceil, nullptr, false, true, false},
    {FW_BRIG_OPCODE_FLOOR, nullptr, nullptr, floor, nullptr, false, true, false},
    {FW_BRIG_OPCODE_FRACT, nullptr, nullptr, fract, nullptr, false, true, true},
    {FW_BRIG_OPCODE_RINT, nullptr, nullptr, rint, nullptr, false, true, false},
    {FW_BRIG_OPCODE_TRUNC, nullptr, nullptr, trunc, nullptr, false, true, false},
};

const AluRow* alu_row(uint16_t opcode) {
  for (const AluRow& r : kAluRows) {
    if (r.opcode == opcode) return &r;
  }
  return nullptr;
}

// A float packed operation with ftz or a directed rounding: each element
// as the scalar form computes it (flushed sources, the rounding, a flushed
// result). y is null for unary operations.
Value* float_elementwise(KernelTranslator& k, const Inst& inst, const AluRow& row, const Shape& s,
                         FloatMods mods, Value* x, Value* y) {
  auto& b = k.b;
  bool directed = row.rounds && mods.round != FloatRound::kNear;
  using RoundOp = Value* (*)(Builder&, FloatRound, Value*, Value*);
  RoundOp round_op = nullptr;
  if (directed) {
    switch (inst.opcode) {
      case FW_BRIG_OPCODE_ADD:
        round_op = round_add;
        break;
      case FW_BRIG_OPCODE_SUB:
        round_op = round_sub;
        break;
      case FW_BRIG_OPCODE_MUL:
        round_op = round_mul;
        break;
      case FW_BRIG_OPCODE_DIV:
        round_op = round_div;
        break;
      default:
        k.unsupported("packed " + opcode_name(inst.opcode) + " with a rounding other than near",
                      "4.19.2");
    }
  }
  Value* r = llvm::UndefValue::get(x->getType());
  for (unsigned i = 0; i < s.count; ++i) {
    Value* xi = b.CreateExtractElement(x, uint64_t{i});
    Value* yi = y ? b.CreateExtractElement(y, uint64_t{i}) : nullptr;
    if (mods.ftz) {
      xi = flush_subnormal(b, xi);
      if (yi) yi = flush_subnormal(b, yi);
    }
    Value* ri = directed ? round_op(b, mods.round, xi, yi)
                : yi     ? row.binary(b, s.element, xi, yi)
                         : row.unary(b, s.element, xi);
    if (mods.ftz) ri = flush_subnormal(b, ri);
    r = b.CreateInsertElement(r, ri, uint64_t{i});
  }
  return r;
}

// The packed ALU forms: one or two sources under a packing control.
void packed_alu(KernelTranslator& k, const Inst& inst, const AluRow& row) {
  Shape s = shape_of(k, inst.type);
  bool fl = is_float(s.element);
  if (fl ? !row.floating : !row.integer) {
    k.fail(opcode_name(inst.opcode) + " does not take type " + type_name(inst.type));
  }
  if (inst.kind != FW_BRIG_KIND_INST_MOD) k.fail("packed instruction without a packing control");
  auto m = k.entry<fw_brig_inst_mod>();
  if (m.modifier & FW_BRIG_ALU_MODIFIER_INTEGER_SAT) {
    k.fail("packed " + opcode_name(inst.opcode) + " saturates through its packing control");
  }
  FloatMods mods = fl ? float_mods(k, inst) : FloatMods{};
  bool elementwise = fl && (mods.ftz || (row.rounds && mods.round != FloatRound::kNear));
  bool binary = row.binary != nullptr;
  Control c = control_of(k, m.pack, binary);
  if (c.sat && (fl || (binary ? row.binary_sat == nullptr : row.unary_sat == nullptr))) {
    k.fail(opcode_name(inst.opcode) + "_" + type_name(inst.type) +
           " has no saturating packing control (PRM 4.14)");
  }
  auto& b = k.b;
  Value* x = read_vector(k, inst.operands.at(1), inst.type, s);
  Value* r = nullptr;
  if (binary) {
    Value* y = read_vector(k, inst.operands.at(2), inst.type, s);
    if (c.broadcast0) x = broadcast_low(b, x);
    if (c.broadcast1) y = broadcast_low(b, y);
    r = elementwise ? float_elementwise(k, inst, row, s, mods, x, y)
                    : (c.sat ? row.binary_sat : row.binary)(b, s.element, x, y);
  } else {
    r = elementwise ? float_elementwise(k, inst, row, s, mods, x, nullptr)
                    : (c.sat ? row.unary_sat : row.unary)(b, s.element, x);
  }
  if (c.lowest_only) {
    // Element 0 from the result, the others from the destination's old value.
    Value* old = read_vector(k, inst.operands.at(0), inst.type, s);
    r = b.CreateInsertElement(old, b.CreateExtractElement(r, uint64_t{0}), uint64_t{0});
  }
  write_vector(k, inst.operands.at(0), r, inst.type);
}

// Packed sqrt (PRM 5.11): each element correctly rounded as the scalar
// sqrt rounds it, under control p (every element) or s (element 0, the
// others kept from the destination, as for the other unary forms).
void packed_sqrt(KernelTranslator& k, const Inst& inst) {
  Shape s = shape_of(k, inst.type);
  if (!is_float(s.element)) k.fail("sqrt does not take type " + type_name(inst.type));
  if (inst.kind != FW_BRIG_KIND_INST_MOD) k.fail("packed instruction without a packing control");
  Control c = control_of(k, k.entry<fw_brig_inst_mod>().pack, false);
  if (c.sat) k.fail("sqrt takes no saturating packing control (PRM 4.14)");
  FloatMods mods = float_mods(k, inst);
  auto& b = k.b;
  Value* x = read_vector(k, inst.operands.at(1), inst.type, s);
  Value* r = c.lowest_only ? read_vector(k, inst.operands.at(0), inst.type, s)
                           : llvm::UndefValue::get(x->getType());
  unsigned count = c.lowest_only ? 1 : s.count;
  for (unsigned i = 0; i < count; ++i) {
    Value* ri = sqrt_rounded(k, mods, b.CreateExtractElement(x, uint64_t{i}));
    r = b.CreateInsertElement(r, ri, uint64_t{i});
  }
  write_vector(k, inst.operands.at(0), r, inst.type);
}

// Packed shl/shr (PRM 5.5.3): every element shifted by the same u32
// amount, taken modulo the element width.
void packed_shift(KernelTranslator& k, const Inst& inst) {
  Shape s = shape_of(k, inst.type);
  if (is_float(s.element))
    k.fail(opcode_name(inst.opcode) + " does not take " + type_name(inst.type));
  auto& b = k.b;
  Value* x = read_vector(k, inst.operands.at(1), inst.type, s);
  Value* n = k.read(inst.operands.at(2), FW_BRIG_TYPE_U32);
  n = b.CreateZExtOrTrunc(b.CreateAnd(n, s.bits - 1), s.vec->getElementType());
  n = b.CreateVectorSplat(s.count, n);
  Value* r = inst.opcode == FW_BRIG_OPCODE_SHL ? b.CreateShl(x, n)
             : is_signed(s.element)            ? b.CreateAShr(x, n)
                                               : b.CreateLShr(x, n);
  write_vector(k, inst.operands.at(0), r, inst.type);
}

// The same packed type with integer elements of the same width: cmov
// copies bits, so floats move as integers (NaN payloads kept).
llvm::VectorType* int_vector(KernelTranslator& k, const Shape& s) {
  return llvm::FixedVectorType::get(k.b.getIntNTy(s.bits), s.count);
}

// Packed cmov (PRM 5.10): per element, src1's if src0's is nonzero, else
// src2's. gccbrig-11 compares a float type's control elements as floats
// (-0.0 and, flushed, subnormals count as false); the PRM types src0 as
// unsigned integers, so bits decide here.
void packed_cmov(KernelTranslator& k, const Inst& inst) {
  Shape s = shape_of(k, inst.type);
  auto& b = k.b;
  llvm::VectorType* iv = int_vector(k, s);
  auto bits = [&](size_t i) { return b.CreateBitCast(k.read(inst.operands.at(i), inst.type), iv); };
  // src0 has the unsigned shape of the type (u32x2 for f32x2): an element
  // is false when its bits are all zero, whatever the data type.
  Value* control = b.CreateBitCast(k.read(inst.operands.at(1), packed_unsigned(inst.type)), iv);
  Value* c = b.CreateICmpNE(control, llvm::Constant::getNullValue(iv));
  Value* r = b.CreateSelect(c, bits(2), bits(3));
  k.write(inst.operands.at(0), b.CreateBitCast(r, k.value_type(inst.type)), inst.type);
}

// Packed cmp (PRM 5.18): each destination element all ones (1.0 for
// floats) where the comparison holds, zero where it does not.
void packed_cmp(KernelTranslator& k, const Inst& inst) {
  auto c = k.entry<fw_brig_inst_cmp>();
  if (!is_packed_type(inst.type) || !is_packed_type(c.source_type) ||
      packed_count(inst.type) != packed_count(c.source_type)) {
    k.fail("packed cmp needs packed source and destination types of the same element count");
  }
  Shape s = shape_of(k, c.source_type);
  Shape d = shape_of(k, inst.type);
  llvm::CmpInst::Predicate p = compare_predicate(c.compare, s.element);
  if (p == llvm::CmpInst::BAD_ICMP_PREDICATE) {
    const char* op = kCompareNames.name(c.compare);
    k.unsupported(std::string("cmp_") + (op ? op : "?") + " on " + type_name(c.source_type),
                  "5.18");
  }
  Control ctl = control_of(k, c.pack, true);
  if (ctl.sat) k.fail("cmp takes no saturating packing control");
  auto& b = k.b;
  Value* x = read_vector(k, inst.operands.at(1), c.source_type, s);
  Value* y = read_vector(k, inst.operands.at(2), c.source_type, s);
  if (ctl.broadcast0) x = broadcast_low(b, x);
  if (ctl.broadcast1) y = broadcast_low(b, y);
  if ((c.modifier & FW_BRIG_ALU_MODIFIER_FTZ) != 0 && is_float(s.element)) {
    // Subnormal elements compare as zeros, as in the scalar form (PRM 4.19.3).
    x = flush_subnormal(b, x);
    y = flush_subnormal(b, y);
  }
  Value* t = is_float(s.element) ? b.CreateFCmp(p, x, y) : b.CreateICmp(p, x, y);
  Value* r = nullptr;
  if (is_float(d.element)) {
    r = b.CreateSelect(t, llvm::ConstantFP::get(d.vec, 1.0), llvm::ConstantFP::get(d.vec, 0.0));
  } else {
    r = b.CreateSExt(t, d.vec);
  }
  if (ctl.lowest_only) {
    Value* old = read_vector(k, inst.operands.at(0), inst.type, d);
    r = b.CreateInsertElement(old, b.CreateExtractElement(r, uint64_t{0}), uint64_t{0});
  }
  write_vector(k, inst.operands.at(0), r, inst.type);
}

// The value of a constant operand (shuffle's selectors, PRM 5.9.3).
uint64_t constant_operand(KernelTranslator& k, uint32_t operand, uint16_t type) {
  auto* c = llvm::dyn_cast<llvm::ConstantInt>(k.read(operand, type));
  if (c == nullptr) k.fail("shuffle's selectors must be a constant (PRM 5.9)");
  return c->getZExtValue();
}

// shuffle (PRM 5.9.3): the low half of dest from src0's elements, the
// high half from src1's, each picked by a log2(count)-bit field of src2.
void shuffle(KernelTranslator& k, const Inst& inst) {
  Shape s = shape_of(k, inst.type);
  if (s.count > 8) {
    // 16 four-bit selectors do not fit the b32 src2.
    k.unsupported("shuffle on " + type_name(inst.type) + " (no selector layout for 16 elements)",
                  "5.9.3");
  }
  uint64_t sel = constant_operand(k, inst.operands.at(3), FW_BRIG_TYPE_B32);
  unsigned field = 0;
  while ((1u << field) < s.count) ++field;
  std::vector<int> mask;
  for (unsigned i = 0; i < s.count; ++i) {
    int pick = static_cast<int>((sel >> (i * field)) & (s.count - 1));
    mask.push_back(i < s.count / 2 ? pick : static_cast<int>(s.count) + pick);
  }
  Value* x = read_element_bits(k, inst.operands.at(1), inst.type, s);
  Value* y = read_element_bits(k, inst.operands.at(2), inst.type, s);
  write_vector(k, inst.operands.at(0), k.b.CreateShuffleVector(x, y, mask), inst.type);
}

// unpacklo/unpackhi (PRM 5.9.2): the low (high) halves of src0 and src1
// interleaved, src0's element first.
void unpack_half(KernelTranslator& k, const Inst& inst) {
  Shape s = shape_of(k, inst.type);
  unsigned base = inst.opcode == FW_BRIG_OPCODE_UNPACKHI ? s.count / 2 : 0;
  std::vector<int> mask;
  for (unsigned i = 0; i < s.count / 2; ++i) {
    mask.push_back(static_cast<int>(base + i));
    mask.push_back(static_cast<int>(s.count + base + i));
  }
  Value* x = read_element_bits(k, inst.operands.at(1), inst.type, s);
  Value* y = read_element_bits(k, inst.operands.at(2), inst.type, s);
  write_vector(k, inst.operands.at(0), k.b.CreateShuffleVector(x, y, mask), inst.type);
}

// An element index operand: its low log2(count) bits (PRM 5.9.2).
Value* element_index(KernelTranslator& k, uint32_t operand, const Shape& s) {
  return k.b.CreateAnd(k.read(operand, FW_BRIG_TYPE_U32), s.count - 1);
}

// pack (PRM 5.9.2): src0 with the element src2 names replaced by src1,
// an integer src1 truncated to the element.
void pack(KernelTranslator& k, const Inst& inst) {
  auto st = k.entry<fw_brig_inst_source_type>().source_type;
  Shape s = shape_of(k, inst.type);
  auto& b = k.b;
  Value* x = read_vector(k, inst.operands.at(1), inst.type, s);
  Value* v = k.read(inst.operands.at(2), st);
  llvm::Type* et = s.vec->getElementType();
  if (v->getType() != et) {
    if (!v->getType()->isIntegerTy() || !et->isIntegerTy()) {
      k.fail("pack source type " + type_name(st) + " does not fit " + type_name(inst.type));
    }
    v = b.CreateTrunc(v, et);
  }
  // A select against the constant <0, 1, ...> rather than an insertelement
  // at a variable index: LLVM 14 lowers that for 8-bit elements with a
  // 16-bit mask, overwriting the next element too.
  Value* idx = b.CreateVectorSplat(s.count, element_index(k, inst.operands.at(3), s));
  std::vector<llvm::Constant*> positions;
  for (unsigned i = 0; i < s.count; ++i) positions.push_back(b.getInt32(i));
  Value* hit = b.CreateICmpEQ(idx, llvm::ConstantVector::get(positions));
  Value* r = b.CreateSelect(hit, b.CreateVectorSplat(s.count, v), x);
  write_vector(k, inst.operands.at(0), r, inst.type);
}

// unpack (PRM 5.9.2): the element src1 names, extended to the destination
// by the element's signedness.
void unpack(KernelTranslator& k, const Inst& inst) {
  auto st = k.entry<fw_brig_inst_source_type>().source_type;
  if (!is_packed_type(st)) k.fail("unpack needs a packed source type");
  Shape s = shape_of(k, st);
  auto& b = k.b;
  Value* x = read_vector(k, inst.operands.at(1), st, s);
  Value* v = b.CreateExtractElement(x, element_index(k, inst.operands.at(2), s));
  llvm::Type* to = k.value_type(inst.type);
  if (v->getType() != to) {
    if (!v->getType()->isIntegerTy() || !to->isIntegerTy()) {
      k.fail("unpack destination type " + type_name(inst.type) + " does not fit " + type_name(st));
    }
    v = is_signed(s.element) ? b.CreateSExtOrTrunc(v, to) : b.CreateZExtOrTrunc(v, to);
  }
  k.write(inst.operands.at(0), v, inst.type);
}

}  // namespace

bool is_packed_instruction(KernelTranslator& k, const Inst& inst) {
  uint16_t op = inst.opcode;
  if (op >= FW_BRIG_OPCODE_SHUFFLE && op <= FW_BRIG_OPCODE_UNPACK) return true;
  if (op == FW_BRIG_OPCODE_CMP) {
    return pack_of(k, inst) != FW_BRIG_PACK_NONE ||
           is_packed_type(k.entry<fw_brig_inst_cmp>().source_type);
  }
  // The computing families; moves, memory and the rest copy packed values
  // as plain bits and keep their own emitters.
  bool computes = (op >= FW_BRIG_OPCODE_ABS && op <= FW_BRIG_OPCODE_XOR) ||
                  op == FW_BRIG_OPCODE_CMOV || op == FW_BRIG_OPCODE_CVT ||
                  (op >= FW_BRIG_OPCODE_CLASS && op <= FW_BRIG_OPCODE_NSQRT);
  return computes && is_packed_type(inst.type);
}

void emit_packed(KernelTranslator& k, const Inst& inst) {
  switch (inst.opcode) {
    case FW_BRIG_OPCODE_SHUFFLE:
      return shuffle(k, inst);
    case FW_BRIG_OPCODE_UNPACKLO:
    case FW_BRIG_OPCODE_UNPACKHI:
      return unpack_half(k, inst);
    case FW_BRIG_OPCODE_PACK:
      return pack(k, inst);
    case FW_BRIG_OPCODE_UNPACK:
      return unpack(k, inst);
    case FW_BRIG_OPCODE_CMP:
      return packed_cmp(k, inst);
    case FW_BRIG_OPCODE_CMOV:
      return packed_cmov(k, inst);
    case FW_BRIG_OPCODE_SHL:
    case FW_BRIG_OPCODE_SHR:
      return packed_shift(k, inst);
    case FW_BRIG_OPCODE_SQRT:
      return packed_sqrt(k, inst);
    default:
      break;
  }
  if (const AluRow* row = alu_row(inst.opcode)) return packed_alu(k, inst, *row);
  k.unsupported(opcode_name(inst.opcode) + " on packed type " + type_name(inst.type),
                prm_section(inst.opcode));
}

}  // namespace hsail::finalizer::translate_detail
