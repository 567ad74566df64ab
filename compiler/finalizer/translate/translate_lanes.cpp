// Cross-lane instructions (PRM 9.4) and wavebarrier (PRM 9.1) on the
// 64-lane GCN wavefront. "Active" is the EXEC mask at the instruction,
// which the backend's structurizer keeps equal to the lanes HSAIL's
// divergent control flow leaves running: a ballot of a condition is the
// mask of the active lanes where it holds, a ballot of true is EXEC itself.
// The width modifier only promises uniformity; every width is translated
// the same way.
//
// LLVM 14 declares ballot and ds_bpermute as not touching memory, so GVN
// and EarlyCSE merge two calls with the same operands even when one sits
// in a branch that runs fewer lanes, and the branch would see the other's
// EXEC. Each cross-lane instruction therefore passes its operands through
// opaque() below: a value no pass can prove equal to another or move to
// another block. Convergent alone does not keep a call in its block:
// LLVM 14 may still hoist identical calls from both arms of an if/else
// into the branch, or sink them into the join (that only removes control
// dependences, which convergent allows), where they would run over every
// lane of both arms. Every EXEC-reading call is therefore also nomerge,
// which SimplifyCFG's hoisting and sinking and the machine code's tail
// merging respect (lane_call below).
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "translate_impl.h"

namespace hsail::finalizer::translate_detail {

namespace {

using Value = llvm::Value;

constexpr unsigned kWaveSize = 64;

// c, kept where it is: convergent and never merged with a twin in
// another block.
llvm::CallInst* lane_call(llvm::CallInst* c) {
  c->addFnAttr(llvm::Attribute::Convergent);
  c->addFnAttr(llvm::Attribute::NoMerge);
  return c;
}

// v itself (an i32), as a value of this instruction only: the output of an
// empty asm with side effects, convergent so that it stays in its block.
// (Empty asm needs no assembler to emit it.)
Value* opaque(KernelTranslator& k, Value* v) {
  auto* t = llvm::FunctionType::get(k.b.getInt32Ty(), {k.b.getInt32Ty()}, false);
  auto* asm_ = llvm::InlineAsm::get(t, "", "=v,0", /*hasSideEffects=*/true);
  return lane_call(k.b.CreateCall(t, asm_, {v}));
}

// The 64-bit mask of the active lanes where c (i1) is true.
Value* ballot(KernelTranslator& k, Value* c) {
  Value* v = opaque(k, k.b.CreateZExt(c, k.b.getInt32Ty()));
  Value* bit = k.b.CreateICmpNE(v, k.b.getInt32(0));
  return lane_call(k.b.CreateIntrinsic(llvm::Intrinsic::amdgcn_ballot, {k.b.getInt64Ty()}, {bit}));
}
// The active lanes: a ballot of a true that no pass can see is true.
Value* exec_mask(KernelTranslator& k) { return ballot(k, k.b.getTrue()); }

// The number of set bits of mask below this lane (v_mbcnt_lo/hi).
Value* lanes_below(KernelTranslator& k, Value* mask) {
  Value* lo = k.b.CreateTrunc(mask, k.b.getInt32Ty());
  Value* hi = k.b.CreateTrunc(k.b.CreateLShr(mask, 32), k.b.getInt32Ty());
  Value* n = k.b.CreateIntrinsic(llvm::Intrinsic::amdgcn_mbcnt_lo, {}, {lo, k.b.getInt32(0)});
  return k.b.CreateIntrinsic(llvm::Intrinsic::amdgcn_mbcnt_hi, {}, {hi, n});
}

void activelanecount(KernelTranslator& k, const Inst& inst) {
  Value* mask = ballot(k, k.read(inst.operands.at(1), FW_BRIG_TYPE_B1));
  Value* n = k.b.CreateUnaryIntrinsic(llvm::Intrinsic::ctpop, mask);
  k.write(inst.operands.at(0), k.b.CreateTrunc(n, k.b.getInt32Ty()), inst.type);
}

void activelaneid(KernelTranslator& k, const Inst& inst) {
  k.write(inst.operands.at(0), lanes_below(k, exec_mask(k)), inst.type);
}

// The four b64 destinations cover lanes 0-255; lanes past 63 do not exist.
void activelanemask(KernelTranslator& k, const Inst& inst) {
  uint32_t dest = inst.operands.at(0);
  if (k.operand_kind(dest) != FW_BRIG_KIND_OPERAND_OPERAND_LIST) {
    k.fail("activelanemask needs a vector of four destinations");
  }
  std::vector<uint32_t> regs =
      k.brig.data_list(k.brig.operand_entry<fw_brig_operand_operand_list>(dest).elements);
  if (regs.size() != 4) k.fail("activelanemask needs a vector of four destinations");
  Value* mask = ballot(k, k.read(inst.operands.at(1), FW_BRIG_TYPE_B1));
  k.write(regs[0], mask, FW_BRIG_TYPE_B64);
  for (size_t i = 1; i < regs.size(); ++i) k.write(regs[i], k.b.getInt64(0), FW_BRIG_TYPE_B64);
}

// activelanepermute: ds_bpermute moves 32 bits from the lane a byte
// address names; wider values go 32 bits at a time. The identity replaces
// the value when asked to or when the source lane is inactive (partial
// wavefronts included: their missing lanes are never in EXEC).
void activelanepermute(KernelTranslator& k, const Inst& inst) {
  uint16_t type = inst.type;
  unsigned bits = type_bits(type);
  if (bits != 1 && bits != 32 && bits != 64 && bits != 128) {
    k.unsupported("activelanepermute of " + type_name(type), "9.4");
  }
  Value* src = k.read(inst.operands.at(1), type);
  Value* lane = k.b.CreateAnd(k.read(inst.operands.at(2), FW_BRIG_TYPE_U32), kWaveSize - 1);
  Value* identity = k.read(inst.operands.at(3), type);
  Value* use_identity = k.read(inst.operands.at(4), FW_BRIG_TYPE_B1);

  unsigned chunks = bits <= 32 ? 1 : bits / 32;
  llvm::Type* wide = k.b.getIntNTy(chunks * 32);
  Value* v = k.b.CreateZExt(src, wide);
  Value* byte_address = opaque(k, k.b.CreateShl(lane, 2));
  Value* moved = llvm::ConstantInt::get(wide, 0);
  for (unsigned i = 0; i < chunks; ++i) {
    Value* part = k.b.CreateTrunc(k.b.CreateLShr(v, 32 * i), k.b.getInt32Ty());
    part = lane_call(
        k.b.CreateIntrinsic(llvm::Intrinsic::amdgcn_ds_bpermute, {}, {byte_address, part}));
    moved = k.b.CreateOr(moved, k.b.CreateShl(k.b.CreateZExt(part, wide), 32 * i));
  }
  moved = k.b.CreateTrunc(moved, src->getType());

  Value* exec = exec_mask(k);
  Value* bit = k.b.CreateLShr(exec, k.b.CreateZExt(lane, k.b.getInt64Ty()));
  Value* source_active = k.b.CreateTrunc(bit, k.b.getInt1Ty());
  Value* take = k.b.CreateAnd(source_active, k.b.CreateNot(use_identity));
  k.write(inst.operands.at(0), k.b.CreateSelect(take, moved, identity), type);
}

// wavebarrier: the lanes of a wavefront execute together, so there is
// nothing to wait for; the intrinsic only keeps code from moving across.
void wavebarrier(KernelTranslator& k, const Inst&) {
  k.b.CreateIntrinsic(llvm::Intrinsic::amdgcn_wave_barrier, {}, {});
}

const OpcodeRow kRows[] = {
    {FW_BRIG_OPCODE_ACTIVELANECOUNT, activelanecount},
    {FW_BRIG_OPCODE_ACTIVELANEID, activelaneid},
    {FW_BRIG_OPCODE_ACTIVELANEMASK, activelanemask},
    {FW_BRIG_OPCODE_ACTIVELANEPERMUTE, activelanepermute},
    {FW_BRIG_OPCODE_WAVEBARRIER, wavebarrier},
};

}  // namespace

RowSpan lane_rows() { return {kRows, sizeof(kRows) / sizeof(kRows[0])}; }

}  // namespace hsail::finalizer::translate_detail
