// sqrt (PRM 5.11) and the native floating-point functions (PRM 5.14).
// sqrt must be correctly rounded and the hardware's square roots are
// estimates, so sqrt refines them (see sqrt_f64 and sqrt_f32); the
// roundings other than near and ftz come from translate_rounding.cpp. The
// native functions only promise the hardware's precision, so each is the
// intrinsic the AMDGPU backend turns into one instruction (v_sin, v_cos,
// v_exp, v_log, v_rcp, v_rsq, v_sqrt, v_fma).
#include <hsail/brig/names.h>

#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "translate_impl.h"
#include "translate_rounding.h"

namespace hsail::finalizer::translate_detail {

namespace {

using llvm::Value;

llvm::Value* source(KernelTranslator& k, const Inst& inst, size_t i) {
  return k.read(inst.operands.at(1 + i), inst.type);
}

// f64: the hardware's estimate (about 29 good bits) refined twice with
// the residual d = x - g*g, g += d / (2g), the last step rounding once;
// zero, infinities, NaN and negative inputs keep the estimate.
Value* sqrt_f64(KernelTranslator& k, Value* x) {
  auto& b = k.b;
  Value* g0 = b.CreateUnaryIntrinsic(llvm::Intrinsic::sqrt, x);
  Value* h = b.CreateFMul(llvm::ConstantFP::get(x->getType(), 0.5),
                          b.CreateUnaryIntrinsic(llvm::Intrinsic::amdgcn_rcp, g0));
  auto fma = [&](Value* a, Value* m, Value* c) {
    return b.CreateIntrinsic(llvm::Intrinsic::fma, {x->getType()}, {a, m, c});
  };
  Value* g = g0;
  for (int i = 0; i < 2; ++i) g = fma(fma(b.CreateFNeg(g), g, x), h, g);
  Value* finite_positive =
      b.CreateAnd(b.CreateFCmpOGT(x, llvm::ConstantFP::get(x->getType(), 0.0)),
                  b.CreateFCmpOLT(x, llvm::ConstantFP::getInfinity(x->getType())));
  return b.CreateSelect(finite_positive, g, g0);
}

// f32: the f64 root rounded to f32, then nudged to whichever neighbour
// the exact comparison with the midpoints picks (s*s and the midpoints'
// squares are exact in f64).
Value* sqrt_f32(KernelTranslator& k, Value* x) {
  auto& b = k.b;
  llvm::Type* d = b.getDoubleTy();
  Value* xd = b.CreateFPExt(x, d);
  Value* s = b.CreateFPTrunc(sqrt_f64(k, xd), x->getType());
  Value* bits = b.CreateBitCast(s, b.getInt32Ty());
  auto neighbour = [&](int delta) {
    return b.CreateBitCast(b.CreateAdd(bits, b.getInt32(static_cast<uint32_t>(delta))),
                           x->getType());
  };
  auto mid_sq = [&](Value* other) {
    Value* m = b.CreateFMul(b.CreateFAdd(b.CreateFPExt(s, d), b.CreateFPExt(other, d)),
                            llvm::ConstantFP::get(d, 0.5));
    return b.CreateFMul(m, m);
  };
  Value* up = neighbour(1);
  Value* down = neighbour(-1);
  Value* r = b.CreateSelect(b.CreateFCmpOGT(xd, mid_sq(up)), up, s);
  r = b.CreateSelect(b.CreateFCmpOLT(xd, mid_sq(down)), down, r);
  // Only positive finite non-zero roots have two finite neighbours.
  Value* normal = b.CreateAnd(b.CreateICmpUGT(bits, b.getInt32(0)),
                              b.CreateICmpULT(bits, b.getInt32(0x7f800000)));
  return b.CreateSelect(normal, r, s);
}

void sqrt(KernelTranslator& k, const Inst& inst) {
  if (!is_float(inst.type) || is_packed_type(inst.type)) {
    k.unsupported("sqrt of type " + type_name(inst.type), "5.11");
  }
  // Without modifiers the instruction is encoded as a basic one and
  // rounds by the module's default.
  FloatMods m = float_mods(k, inst);
  k.write(inst.operands.at(0), sqrt_rounded(k, m, source(k, inst, 0)), inst.type);
}

// Which float types an intrinsic handles as one instruction.
struct Native {
  uint16_t opcode;
  llvm::Intrinsic::ID id;
  unsigned args;
  bool f16, f32, f64;
};

constexpr Native kNatives[] = {
    {FW_BRIG_OPCODE_NSIN, llvm::Intrinsic::sin, 1, true, true, false},
    {FW_BRIG_OPCODE_NCOS, llvm::Intrinsic::cos, 1, true, true, false},
    {FW_BRIG_OPCODE_NEXP2, llvm::Intrinsic::exp2, 1, true, true, false},
    {FW_BRIG_OPCODE_NLOG2, llvm::Intrinsic::log2, 1, true, true, false},
    {FW_BRIG_OPCODE_NRCP, llvm::Intrinsic::amdgcn_rcp, 1, true, true, true},
    {FW_BRIG_OPCODE_NRSQRT, llvm::Intrinsic::amdgcn_rsq, 1, true, true, true},
    {FW_BRIG_OPCODE_NSQRT, llvm::Intrinsic::sqrt, 1, true, true, true},
    {FW_BRIG_OPCODE_NFMA, llvm::Intrinsic::fma, 3, true, true, true},
};

void native(KernelTranslator& k, const Inst& inst) {
  const Native* n = nullptr;
  for (const Native& row : kNatives) {
    if (row.opcode == inst.opcode) n = &row;
  }
  bool ok =
      n != nullptr && !is_packed_type(inst.type) &&
      ((inst.type == FW_BRIG_TYPE_F16 && n->f16) || (inst.type == FW_BRIG_TYPE_F32 && n->f32) ||
       (inst.type == FW_BRIG_TYPE_F64 && n->f64));
  if (!ok) {
    k.unsupported(opcode_name(inst.opcode) + " of type " + type_name(inst.type), "5.14");
  }
  std::vector<Value*> args;
  for (unsigned i = 0; i < n->args; ++i) args.push_back(source(k, inst, i));
  Value* r = k.b.CreateIntrinsic(n->id, {args[0]->getType()}, args);
  k.write(inst.operands.at(0), r, inst.type);
}

const OpcodeRow kRows[] = {
    {FW_BRIG_OPCODE_SQRT, sqrt},     {FW_BRIG_OPCODE_NSIN, native},  {FW_BRIG_OPCODE_NCOS, native},
    {FW_BRIG_OPCODE_NEXP2, native},  {FW_BRIG_OPCODE_NLOG2, native}, {FW_BRIG_OPCODE_NRCP, native},
    {FW_BRIG_OPCODE_NRSQRT, native}, {FW_BRIG_OPCODE_NSQRT, native}, {FW_BRIG_OPCODE_NFMA, native},
};

}  // namespace

Value* sqrt_rounded(KernelTranslator& k, FloatMods m, Value* x) {
  if (m.ftz) x = flush_subnormal(k.b, x);
  Value* r = nullptr;
  if (x->getType()->isDoubleTy()) {
    r = sqrt_f64(k, x);
  } else if (x->getType()->isFloatTy()) {
    r = sqrt_f32(k, x);
  } else {
    // f16: the refined f64 root is far closer than half an f16 ulp's
    // distance from any midpoint a square root can reach.
    r = k.b.CreateFPTrunc(sqrt_f64(k, k.b.CreateFPExt(x, k.b.getDoubleTy())), x->getType());
  }
  r = round_sqrt(k.b, m.round, x, r);
  return m.ftz ? flush_subnormal(k.b, r) : r;
}

RowSpan native_rows() { return {kRows, sizeof(kRows) / sizeof(kRows[0])}; }

}  // namespace hsail::finalizer::translate_detail
