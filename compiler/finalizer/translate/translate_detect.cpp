// DETECT exception flags (PRM 11.2): the per-wavefront exception_detected
// field lives in the wave's TRAPSTS hardware register, whose EXCP bits are
// the sticky floating-point exception flags of the wave: INVALID at bit 0,
// DIV_BY_ZERO at 2, OVERFLOW at 3, UNDERFLOW at 4, INEXACT at 5 (bit 1,
// input denormal, has no HSAIL counterpart). The register starts at zero
// when the wave does, as the PRM asks of the field. The agent enables no
// exception for the DETECT policy (translate_directives.cpp), so only what
// setdetectexcept and cleardetectexcept do has to show in getdetectexcept.
//
// LLVM 14's s_setreg intrinsic claims to touch no memory while s_getreg
// reads "inaccessible memory", so nothing stops a pass from reusing an
// s_getreg from before a write. An empty asm that clobbers memory before
// every access keeps each read after the writes before it.
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "translate_impl.h"

namespace hsail::finalizer::translate_detail {

namespace {

using Value = llvm::Value;

// hwreg(HW_REG_TRAPSTS, 0, 6): register id 3, offset 0, size - 1 = 5.
constexpr unsigned kTrapstsExcp = 3 | 0 << 6 | 5 << 11;

// HSAIL's five flags (bits 0-4) as TRAPSTS EXCP bits and back.
Value* to_trapsts(KernelTranslator& k, Value* flags) {
  Value* invalid = k.b.CreateAnd(flags, 1);
  return k.b.CreateOr(invalid, k.b.CreateShl(k.b.CreateAnd(flags, 0x1e), 1));
}
Value* from_trapsts(KernelTranslator& k, Value* excp) {
  Value* invalid = k.b.CreateAnd(excp, 1);
  return k.b.CreateOr(invalid, k.b.CreateAnd(k.b.CreateLShr(excp, 1), 0x1e));
}

void order_point(KernelTranslator& k) {
  auto* t = llvm::FunctionType::get(k.b.getVoidTy(), false);
  k.b.CreateCall(t, llvm::InlineAsm::get(t, "", "~{memory}", /*hasSideEffects=*/true));
}

Value* read_excp(KernelTranslator& k) {
  order_point(k);
  return k.b.CreateIntrinsic(llvm::Intrinsic::amdgcn_s_getreg, {}, {k.b.getInt32(kTrapstsExcp)});
}
void write_excp(KernelTranslator& k, Value* v) {
  k.b.CreateIntrinsic(llvm::Intrinsic::amdgcn_s_setreg, {}, {k.b.getInt32(kTrapstsExcp), v});
  order_point(k);
}

Value* exceptions_operand(KernelTranslator& k, const Inst& inst) {
  auto* c = llvm::dyn_cast<llvm::ConstantInt>(k.read(inst.operands.at(0), FW_BRIG_TYPE_U32));
  if (c == nullptr) k.fail("the exceptions operand must be a constant");
  return to_trapsts(k, k.b.getInt32(static_cast<uint32_t>(c->getZExtValue() & 0x1f)));
}

void getdetectexcept(KernelTranslator& k, const Inst& inst) {
  k.write(inst.operands.at(0), from_trapsts(k, read_excp(k)), inst.type);
}
void setdetectexcept(KernelTranslator& k, const Inst& inst) {
  write_excp(k, k.b.CreateOr(read_excp(k), exceptions_operand(k, inst)));
}
void cleardetectexcept(KernelTranslator& k, const Inst& inst) {
  write_excp(k, k.b.CreateAnd(read_excp(k), k.b.CreateNot(exceptions_operand(k, inst))));
}

const OpcodeRow kRows[] = {
    {FW_BRIG_OPCODE_CLEARDETECTEXCEPT, cleardetectexcept},
    {FW_BRIG_OPCODE_GETDETECTEXCEPT, getdetectexcept},
    {FW_BRIG_OPCODE_SETDETECTEXCEPT, setdetectexcept},
};

}  // namespace

RowSpan detect_rows() { return {kRows, sizeof(kRows) / sizeof(kRows[0])}; }

}  // namespace hsail::finalizer::translate_detail
