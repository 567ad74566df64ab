// Arithmetic, 24-bit multiply, copy and float instructions (PRM 5.2-5.13):
// each row applies one small operation to operands read at the
// instruction's type. Float forms go through float_alu: ftz flushes
// subnormal sources and results to zero with a compare and select (PRM
// 4.19.3; the kernels otherwise keep denormals, LLVM's default for
// amdgcn), and the roundings up, down and zero come from
// translate_rounding.cpp (PRM 4.19.2).
#include <iterator>

#include <hsail/brig/names.h>

#include "llvm/IR/Intrinsics.h"
#include "translate_alu.h"
#include "translate_rounding.h"

namespace hsail::finalizer::translate_detail {

void require_default_rounding(KernelTranslator& k, const Inst& inst, uint8_t round) {
  bool module_near = k.ms.default_round != FW_BRIG_ROUND_FLOAT_ZERO;
  if (round == FW_BRIG_ROUND_NONE || round == FW_BRIG_ROUND_FLOAT_NEAR_EVEN ||
      (round == FW_BRIG_ROUND_FLOAT_DEFAULT && module_near)) {
    return;
  }
  const char* n = kRoundNames.name(round);
  k.unsupported(opcode_name(inst.opcode) + " with rounding " + (n ? n : "zero (module default)"),
                "4.19.2");
}

namespace {

using Value = llvm::Value;
using Builder = llvm::IRBuilder<>;

// Opcodes whose operation exists only for integer (bit) or only for float
// types: the validator rejects the other kind, but a BRIG module need not
// have been validated, and LLVM must never see e.g. an and of floats.
constexpr uint16_t kIntegerOnly[] = {
    FW_BRIG_OPCODE_BITSELECT, FW_BRIG_OPCODE_MUL24, FW_BRIG_OPCODE_MAD24, FW_BRIG_OPCODE_MUL24HI,
    FW_BRIG_OPCODE_MAD24HI,   FW_BRIG_OPCODE_MULHI, FW_BRIG_OPCODE_REM,   FW_BRIG_OPCODE_SHL,
    FW_BRIG_OPCODE_SHR,       FW_BRIG_OPCODE_AND,   FW_BRIG_OPCODE_NOT,   FW_BRIG_OPCODE_OR,
    FW_BRIG_OPCODE_XOR,       FW_BRIG_OPCODE_BITREV};
constexpr uint16_t kFloatOnly[] = {
    FW_BRIG_OPCODE_FRACT, FW_BRIG_OPCODE_CEIL, FW_BRIG_OPCODE_COPYSIGN, FW_BRIG_OPCODE_FLOOR,
    FW_BRIG_OPCODE_FMA,   FW_BRIG_OPCODE_RINT, FW_BRIG_OPCODE_TRUNC};

bool listed(const uint16_t* first, const uint16_t* last, uint16_t opcode) {
  for (; first != last; ++first) {
    if (*first == opcode) return true;
  }
  return false;
}

// b1 takes only the logical operations.
bool listed_b1(const Inst& inst) {
  return inst.opcode == FW_BRIG_OPCODE_AND || inst.opcode == FW_BRIG_OPCODE_OR ||
         inst.opcode == FW_BRIG_OPCODE_BITSELECT || inst.opcode == FW_BRIG_OPCODE_XOR ||
         inst.opcode == FW_BRIG_OPCODE_NOT;
}

}  // namespace

// Packed instructions never reach here (translate_kernel.cpp sends them to
// translate_packed.cpp), so a packed type is a malformed module; integer
// saturation exists only on packed types; float roundings must be float
// ones.
void check_alu_modifiers(KernelTranslator& k, const Inst& inst) {
  if (is_packed_type(inst.type)) {
    k.unsupported(opcode_name(inst.opcode) + " on packed type " + type_name(inst.type), "5.9");
  }
  bool bad_type = is_float(inst.type)
                      ? listed(std::begin(kIntegerOnly), std::end(kIntegerOnly), inst.opcode)
                      : listed(std::begin(kFloatOnly), std::end(kFloatOnly), inst.opcode);
  if (bad_type || type_bits(inst.type) == 0 || (inst.type == FW_BRIG_TYPE_B1 && !listed_b1(inst))) {
    k.fail(opcode_name(inst.opcode) + " does not take type " + type_name(inst.type));
  }
  if (inst.kind == FW_BRIG_KIND_INST_MOD) {
    auto m = k.entry<fw_brig_inst_mod>();
    if (m.modifier & FW_BRIG_ALU_MODIFIER_INTEGER_SAT) {
      k.unsupported(opcode_name(inst.opcode) + " with saturation", "5.2");
    }
    if (is_float(inst.type)) float_mods(k, inst);  // refuses integer roundings
  }
}

namespace {

Value* add(Builder& b, uint16_t t, Value* x, Value* y) {
  return is_float(t) ? b.CreateFAdd(x, y) : b.CreateAdd(x, y);
}
Value* sub(Builder& b, uint16_t t, Value* x, Value* y) {
  return is_float(t) ? b.CreateFSub(x, y) : b.CreateSub(x, y);
}
Value* mul(Builder& b, uint16_t t, Value* x, Value* y) {
  return is_float(t) ? b.CreateFMul(x, y) : b.CreateMul(x, y);
}

// The high half of the double-width product.
Value* mulhi(Builder& b, uint16_t t, Value* x, Value* y) {
  unsigned bits = type_bits(t);
  llvm::Type* wide = b.getIntNTy(2 * bits);
  bool s = is_signed(t);
  Value* xw = s ? b.CreateSExt(x, wide) : b.CreateZExt(x, wide);
  Value* yw = s ? b.CreateSExt(y, wide) : b.CreateZExt(y, wide);
  return b.CreateTrunc(b.CreateLShr(b.CreateMul(xw, yw), bits), x->getType());
}

// Integer division by zero and INT_MIN / -1 are undefined in LLVM but must
// not let the optimizer assume anything about the kernel: divide by 1
// instead and give the wrapped result for -1 (PRM leaves the value
// undefined, not the program).
Value* safe_divisor(Builder& b, uint16_t t, Value* y) {
  llvm::Type* ty = y->getType();
  Value* bad = b.CreateICmpEQ(y, llvm::ConstantInt::get(ty, 0));
  if (is_signed(t)) bad = b.CreateOr(bad, b.CreateICmpEQ(y, llvm::ConstantInt::getSigned(ty, -1)));
  return b.CreateSelect(bad, llvm::ConstantInt::get(ty, 1), y);
}
Value* div(Builder& b, uint16_t t, Value* x, Value* y) {
  if (is_float(t)) return b.CreateFDiv(x, y);
  Value* q = is_signed(t) ? b.CreateSDiv(x, safe_divisor(b, t, y))
                          : b.CreateUDiv(x, safe_divisor(b, t, y));
  if (!is_signed(t)) return q;
  Value* minus_one = b.CreateICmpEQ(y, llvm::ConstantInt::getSigned(y->getType(), -1));
  return b.CreateSelect(minus_one, b.CreateNeg(x), q);
}
Value* rem(Builder& b, uint16_t t, Value* x, Value* y) {
  Value* r = is_signed(t) ? b.CreateSRem(x, safe_divisor(b, t, y))
                          : b.CreateURem(x, safe_divisor(b, t, y));
  if (!is_signed(t)) return r;
  Value* minus_one = b.CreateICmpEQ(y, llvm::ConstantInt::getSigned(y->getType(), -1));
  return b.CreateSelect(minus_one, llvm::ConstantInt::get(y->getType(), 0), r);
}

// HSAIL min/max on floats return the other operand when one is a NaN,
// which is minnum/maxnum.
Value* min(Builder& b, uint16_t t, Value* x, Value* y) {
  if (is_float(t)) return call(b, llvm::Intrinsic::minnum, x, y);
  return call(b, is_signed(t) ? llvm::Intrinsic::smin : llvm::Intrinsic::umin, x, y);
}
Value* max(Builder& b, uint16_t t, Value* x, Value* y) {
  if (is_float(t)) return call(b, llvm::Intrinsic::maxnum, x, y);
  return call(b, is_signed(t) ? llvm::Intrinsic::smax : llvm::Intrinsic::umax, x, y);
}
Value* copysign(Builder& b, uint16_t, Value* x, Value* y) {
  return call(b, llvm::Intrinsic::copysign, x, y);
}

Value* neg(Builder& b, uint16_t t, Value* x) {
  return is_float(t) ? b.CreateFNeg(x) : b.CreateNeg(x);
}
Value* abs(Builder& b, uint16_t t, Value* x) {
  if (is_float(t)) return call(b, llvm::Intrinsic::fabs, x);
  return call(b, llvm::Intrinsic::abs, x, b.getFalse());  // INT_MIN stays INT_MIN
}
Value* ceil(Builder& b, uint16_t, Value* x) { return call(b, llvm::Intrinsic::ceil, x); }
Value* floor(Builder& b, uint16_t, Value* x) { return call(b, llvm::Intrinsic::floor, x); }
Value* trunc(Builder& b, uint16_t, Value* x) { return call(b, llvm::Intrinsic::trunc, x); }
// fract (PRM 5.11): x - floor(x) under the rounding, kept below 1.0;
// zeros and NaNs pass through and infinities give a zero of their sign.
Value* fract(Builder& b, FloatRound m, Value* x) {
  llvm::Type* t = x->getType();
  const llvm::fltSemantics& sem = t->getFltSemantics();
  llvm::APFloat below_one(sem, 1);
  below_one.next(/*nextDown=*/true);
  Value* r = round_sub(b, m, x, call(b, llvm::Intrinsic::floor, x));
  r = call(b, llvm::Intrinsic::minnum, r, llvm::ConstantFP::get(t, below_one));
  Value* zero = llvm::ConstantFP::get(t, 0.0);
  r = b.CreateSelect(b.CreateFCmpOEQ(x, zero), x, r);
  Value* inf = llvm::ConstantFP::getInfinity(t);
  Value* is_inf = b.CreateFCmpOEQ(call(b, llvm::Intrinsic::fabs, x), inf);
  r = b.CreateSelect(is_inf, call(b, llvm::Intrinsic::copysign, zero, x), r);
  return b.CreateSelect(b.CreateFCmpUNO(x, x), x, r);
}

// rint, not roundeven: equal in the default mode, and selectable by LLVM 14.
Value* rint(Builder& b, uint16_t, Value* x) { return call(b, llvm::Intrinsic::rint, x); }

// Integer mad; the float forms are float_alu's.
void mad(KernelTranslator& k, const Inst& inst) {
  check_alu_modifiers(k, inst);
  Value* x = k.read(inst.operands.at(1), inst.type);
  Value* y = k.read(inst.operands.at(2), inst.type);
  Value* z = k.read(inst.operands.at(3), inst.type);
  k.write(inst.operands.at(0), k.b.CreateAdd(k.b.CreateMul(x, y), z), inst.type);
}

void mov(KernelTranslator& k, const Inst& inst) {
  // Packed and b128 moves are plain bit copies.
  k.write(inst.operands.at(0), k.read(inst.operands.at(1), inst.type), inst.type);
}

void cmov(KernelTranslator& k, const Inst& inst) {
  if (is_packed_type(inst.type))
    k.unsupported("cmov on packed type " + type_name(inst.type), "5.10");
  Value* c = k.read(inst.operands.at(1), FW_BRIG_TYPE_B1);
  Value* x = k.read(inst.operands.at(2), inst.type);
  Value* y = k.read(inst.operands.at(3), inst.type);
  k.write(inst.operands.at(0), k.b.CreateSelect(c, x, y), inst.type);
}

// 24-bit multiplies (PRM 5.4): the low 24 bits of each source, by the
// type's signedness, give a 48-bit product; mul24 keeps its low 32 bits,
// mul24hi its top 16 extended by the signedness; mad24/mad24hi add src2.
void mul24(KernelTranslator& k, const Inst& inst) {
  check_alu_modifiers(k, inst);
  auto& b = k.b;
  bool s = is_signed(inst.type);
  auto widen = [&](Value* v) {
    Value* low = b.CreateTrunc(v, b.getIntNTy(24));
    return s ? b.CreateSExt(low, b.getInt64Ty()) : b.CreateZExt(low, b.getInt64Ty());
  };
  Value* p = b.CreateMul(widen(k.read(inst.operands.at(1), inst.type)),
                         widen(k.read(inst.operands.at(2), inst.type)));
  bool hi = inst.opcode == FW_BRIG_OPCODE_MUL24HI || inst.opcode == FW_BRIG_OPCODE_MAD24HI;
  if (hi) p = s ? b.CreateAShr(p, 32) : b.CreateLShr(p, 32);
  Value* r = b.CreateTrunc(p, b.getInt32Ty());
  if (inst.opcode == FW_BRIG_OPCODE_MAD24 || inst.opcode == FW_BRIG_OPCODE_MAD24HI) {
    r = b.CreateAdd(r, k.read(inst.operands.at(3), inst.type));
  }
  k.write(inst.operands.at(0), r, inst.type);
}

// The float forms: the operation on the sources under the rounding.
using Sources = std::vector<Value*>;
using FloatFn = Value* (*)(Builder& b, uint16_t t, FloatRound m, const Sources& x);
struct FloatRow {
  uint16_t opcode;
  FloatFn fn;
};
// mad leaves fusing to the implementation (PRM 5.12), fma requires it;
// under a directed rounding mad is fused too.
Value* float_mad(Builder& b, uint16_t, FloatRound m, const Sources& x) {
  if (m != FloatRound::kNear) return round_fma(b, m, x.at(0), x.at(1), x.at(2));
  return b.CreateIntrinsic(llvm::Intrinsic::fmuladd, {x.at(0)->getType()}, {x[0], x[1], x[2]});
}
template <BinaryFn F>
Value* exact_binary(Builder& b, uint16_t t, FloatRound, const Sources& x) {
  return F(b, t, x.at(0), x.at(1));
}
template <UnaryFn F>
Value* exact_unary(Builder& b, uint16_t t, FloatRound, const Sources& x) {
  return F(b, t, x.at(0));
}
using RoundedFn = Value* (*)(Builder& b, FloatRound m, Value* x, Value* y);
template <RoundedFn F>
Value* rounded_binary(Builder& b, uint16_t, FloatRound m, const Sources& x) {
  return F(b, m, x.at(0), x.at(1));
}
Value* rounded_fma(Builder& b, uint16_t, FloatRound m, const Sources& x) {
  return round_fma(b, m, x.at(0), x.at(1), x.at(2));
}
Value* rounded_fract(Builder& b, uint16_t, FloatRound m, const Sources& x) {
  return fract(b, m, x.at(0));
}
constexpr FloatRow kFloatRows[] = {
    {FW_BRIG_OPCODE_ADD, rounded_binary<round_add>},
    {FW_BRIG_OPCODE_SUB, rounded_binary<round_sub>},
    {FW_BRIG_OPCODE_MUL, rounded_binary<round_mul>},
    {FW_BRIG_OPCODE_DIV, rounded_binary<round_div>},
    {FW_BRIG_OPCODE_FMA, rounded_fma},
    {FW_BRIG_OPCODE_MAD, float_mad},
    {FW_BRIG_OPCODE_FRACT, rounded_fract},
    {FW_BRIG_OPCODE_MIN, exact_binary<min>},
    {FW_BRIG_OPCODE_MAX, exact_binary<max>},
    {FW_BRIG_OPCODE_CEIL, exact_unary<ceil>},
    {FW_BRIG_OPCODE_FLOOR, exact_unary<floor>},
    {FW_BRIG_OPCODE_RINT, exact_unary<rint>},
    {FW_BRIG_OPCODE_TRUNC, exact_unary<trunc>},
};

// A float instruction with its modifiers: ftz flushes the sources and
// the result (PRM 4.19.3), the rounding applies to the operation.
void float_alu(KernelTranslator& k, const Inst& inst) {
  check_alu_modifiers(k, inst);
  const FloatRow* row = nullptr;
  for (const FloatRow& r : kFloatRows) {
    if (r.opcode == inst.opcode) row = &r;
  }
  if (row == nullptr) k.fail(opcode_name(inst.opcode) + " has no float form");
  FloatMods m = float_mods(k, inst);
  Sources x;
  for (size_t i = 1; i < inst.operands.size(); ++i) {
    Value* v = k.read(inst.operands[i], inst.type);
    x.push_back(m.ftz ? flush_subnormal(k.b, v) : v);
  }
  Value* r = row->fn(k.b, inst.type, m.round, x);
  k.write(inst.operands.at(0), m.ftz ? flush_subnormal(k.b, r) : r, inst.type);
}

// Instructions taking integer and float types.
template <Emitter E>
void int_or_float(KernelTranslator& k, const Inst& inst) {
  if (is_float(inst.type) && !is_packed_type(inst.type)) return float_alu(k, inst);
  E(k, inst);
}

void nop(KernelTranslator&, const Inst&) {}

const OpcodeRow kRows[] = {
    {FW_BRIG_OPCODE_NOP, nop},
    {FW_BRIG_OPCODE_ABS, unary<abs>},
    {FW_BRIG_OPCODE_ADD, int_or_float<binary<add>>},
    {FW_BRIG_OPCODE_CEIL, float_alu},
    {FW_BRIG_OPCODE_COPYSIGN, binary<copysign>},
    {FW_BRIG_OPCODE_DIV, int_or_float<binary<div>>},
    {FW_BRIG_OPCODE_FLOOR, float_alu},
    {FW_BRIG_OPCODE_FRACT, float_alu},
    {FW_BRIG_OPCODE_FMA, float_alu},
    {FW_BRIG_OPCODE_MAD, int_or_float<mad>},
    {FW_BRIG_OPCODE_MAX, int_or_float<binary<max>>},
    {FW_BRIG_OPCODE_MIN, int_or_float<binary<min>>},
    {FW_BRIG_OPCODE_MUL, int_or_float<binary<mul>>},
    {FW_BRIG_OPCODE_MULHI, binary<mulhi>},
    {FW_BRIG_OPCODE_NEG, unary<neg>},
    {FW_BRIG_OPCODE_REM, binary<rem>},
    {FW_BRIG_OPCODE_RINT, float_alu},
    {FW_BRIG_OPCODE_SUB, int_or_float<binary<sub>>},
    {FW_BRIG_OPCODE_TRUNC, float_alu},
    {FW_BRIG_OPCODE_MAD24, mul24},
    {FW_BRIG_OPCODE_MAD24HI, mul24},
    {FW_BRIG_OPCODE_MUL24, mul24},
    {FW_BRIG_OPCODE_MUL24HI, mul24},
    {FW_BRIG_OPCODE_MOV, mov},
    {FW_BRIG_OPCODE_CMOV, cmov},
};

}  // namespace

RowSpan arithmetic_rows() { return {kRows, sizeof(kRows) / sizeof(kRows[0])}; }

}  // namespace hsail::finalizer::translate_detail
