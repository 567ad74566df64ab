// Fine-grain barriers (PRM 9.2): fbarrier declarations, initfbar,
// joinfbar, waitfbar, arrivefbar, leavefbar, releasefbar and ldf.
//
// An fbarrier is one 64-bit word of group memory (it has a group
// variable's allocation and persistence, PRM 9.2.1):
//   bits [15:0]  arrived  work-items that arrived since the last release
//   bits [31:16] members  work-items that joined and did not leave
//   bits [63:32] phase    bumped by every release
// The PRM counts wavefronts, but its instructions must be wavefront
// uniform, so counting the active work-items of each wave is the same
// condition (arrived == members) and needs no lane election: every lane
// does its own atomic, and the one whose arrival (or leave) makes the
// counts equal releases the barrier with a single atomic add that clears
// `arrived` and bumps `phase` - no member can touch the word in between,
// since all of them have arrived. A waiter spins with s_sleep until the
// phase differs from the one its own arrival saw. On the virtual GPU the
// waves of a group take turns and s_sleep ends a wave's turn, so the
// waves a waiter waits for do run.
#include <string>

#include <hsail/brig/names.h>

#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "translate_impl.h"

namespace hsail::finalizer::translate_detail {

namespace {

using llvm::AtomicOrdering;

constexpr uint64_t kArrivedMask = 0xffff;
constexpr uint64_t kMemberOne = uint64_t{1} << 16;
constexpr uint64_t kPhaseOne = uint64_t{1} << 32;

llvm::SyncScope::ID workgroup(KernelTranslator& k) {
  return k.ctx.getOrInsertSyncScopeID("workgroup");
}

// The fbarrier word an operand names: an fbarrier identifier, or an s
// register holding what ldf returned (a group segment address).
llvm::Value* word(KernelTranslator& k, uint32_t operand) {
  llvm::Type* p = k.b.getInt64Ty()->getPointerTo(kGroupAS);
  if (k.operand_kind(operand) == FW_BRIG_KIND_OPERAND_CODE_REF) {
    uint32_t at = k.brig.operand_entry<fw_brig_operand_code_ref>(operand).ref;
    auto it = k.ms.globals.find(at);
    if (it == k.ms.globals.end()) k.fail("an fbarrier that is not declared");
    return k.b.CreateBitCast(it->second, p);
  }
  return k.b.CreateIntToPtr(k.read(operand, FW_BRIG_TYPE_U32), p);
}

llvm::Value* rmw(KernelTranslator& k, llvm::AtomicRMWInst::BinOp op, llvm::Value* w, uint64_t v,
                 AtomicOrdering order) {
  return k.b.CreateAtomicRMW(op, w, k.b.getInt64(v), llvm::MaybeAlign(8), order, workgroup(k));
}

llvm::Value* field(KernelTranslator& k, llvm::Value* v, unsigned shift, uint64_t mask) {
  return k.b.CreateAnd(k.b.CreateLShr(v, shift), k.b.getInt64(mask));
}

// If the counts in `now` (the word after this lane's change) are equal
// and non-zero, this lane completes the barrier: clear `arrived` and move
// to the next phase in one atomic add (modulo 2^64).
void release_if_complete(KernelTranslator& k, llvm::Value* w, llvm::Value* now) {
  llvm::Value* arrived = field(k, now, 0, kArrivedMask);
  llvm::Value* members = field(k, now, 16, kArrivedMask);
  llvm::Value* last =
      k.b.CreateAnd(k.b.CreateICmpEQ(arrived, members), k.b.CreateICmpNE(arrived, k.b.getInt64(0)));
  llvm::BasicBlock* rel = llvm::BasicBlock::Create(k.ctx, "fbar.release", k.fn);
  llvm::BasicBlock* done = llvm::BasicBlock::Create(k.ctx, "fbar.released", k.fn);
  k.b.CreateCondBr(last, rel, done);
  k.b.SetInsertPoint(rel);
  llvm::Value* delta = k.b.CreateSub(k.b.getInt64(kPhaseOne), arrived);
  k.b.CreateAtomicRMW(llvm::AtomicRMWInst::Add, w, delta, llvm::MaybeAlign(8),
                      AtomicOrdering::AcquireRelease, workgroup(k));
  k.b.CreateBr(done);
  k.b.SetInsertPoint(done);
}

void initfbar(KernelTranslator& k, const Inst& inst) {
  llvm::StoreInst* st =
      k.b.CreateAlignedStore(k.b.getInt64(0), word(k, inst.operands.at(0)), llvm::Align(8));
  st->setAtomic(AtomicOrdering::Monotonic, workgroup(k));
}

// releasefbar: the word holds no resources; it may be reused as soon as
// no member is left (PRM 9.2.3).
void releasefbar(KernelTranslator& k, const Inst& inst) { word(k, inst.operands.at(0)); }

void joinfbar(KernelTranslator& k, const Inst& inst) {
  rmw(k, llvm::AtomicRMWInst::Add, word(k, inst.operands.at(0)), kMemberOne,
      AtomicOrdering::Monotonic);
}

// leavefbar does not fence (PRM 9.2.3) but may complete the barrier for
// the members that wait.
void leavefbar(KernelTranslator& k, const Inst& inst) {
  llvm::Value* w = word(k, inst.operands.at(0));
  llvm::Value* old = rmw(k, llvm::AtomicRMWInst::Sub, w, kMemberOne, AtomicOrdering::Monotonic);
  release_if_complete(k, w, k.b.CreateSub(old, k.b.getInt64(kMemberOne)));
}

// arrivefbar and waitfbar are execution barriers (PRM 9.3): what the
// member wrote before is visible to the members after the barrier.
llvm::Value* arrive(KernelTranslator& k, llvm::Value* w) {
  k.b.CreateFence(AtomicOrdering::Release, workgroup(k));
  llvm::Value* old = rmw(k, llvm::AtomicRMWInst::Add, w, 1, AtomicOrdering::AcquireRelease);
  release_if_complete(k, w, k.b.CreateAdd(old, k.b.getInt64(1)));
  return old;
}

void arrivefbar(KernelTranslator& k, const Inst& inst) { arrive(k, word(k, inst.operands.at(0))); }

void waitfbar(KernelTranslator& k, const Inst& inst) {
  llvm::Value* w = word(k, inst.operands.at(0));
  llvm::Value* phase = k.b.CreateLShr(arrive(k, w), 32);
  llvm::BasicBlock* loop = llvm::BasicBlock::Create(k.ctx, "fbar.wait", k.fn);
  llvm::BasicBlock* sleep = llvm::BasicBlock::Create(k.ctx, "fbar.sleep", k.fn);
  llvm::BasicBlock* done = llvm::BasicBlock::Create(k.ctx, "fbar.passed", k.fn);
  k.b.CreateBr(loop);
  k.b.SetInsertPoint(loop);
  llvm::LoadInst* now = k.b.CreateAlignedLoad(k.b.getInt64Ty(), w, llvm::Align(8));
  now->setAtomic(AtomicOrdering::Monotonic, workgroup(k));
  k.b.CreateCondBr(k.b.CreateICmpNE(k.b.CreateLShr(now, 32), phase), done, sleep);
  k.b.SetInsertPoint(sleep);
  k.b.CreateIntrinsic(llvm::Intrinsic::amdgcn_s_sleep, {}, {k.b.getInt32(1)});
  k.b.CreateBr(loop);
  k.b.SetInsertPoint(done);
  k.b.CreateFence(AtomicOrdering::Acquire, workgroup(k));
}

// ldf: the group segment address of the fbarrier.
void ldf(KernelTranslator& k, const Inst& inst) {
  llvm::Value* w = word(k, inst.operands.at(1));
  k.write(inst.operands.at(0), k.b.CreatePtrToInt(w, k.b.getInt32Ty()), inst.type);
}

const OpcodeRow kRows[] = {
    {FW_BRIG_OPCODE_INITFBAR, initfbar},
    {FW_BRIG_OPCODE_RELEASEFBAR, releasefbar},
    {FW_BRIG_OPCODE_JOINFBAR, joinfbar},
    {FW_BRIG_OPCODE_LEAVEFBAR, leavefbar},
    {FW_BRIG_OPCODE_ARRIVEFBAR, arrivefbar},
    {FW_BRIG_OPCODE_WAITFBAR, waitfbar},
    {FW_BRIG_OPCODE_LDF, ldf},
};

}  // namespace

RowSpan fbarrier_rows() { return {kRows, sizeof(kRows) / sizeof(kRows[0])}; }

void declare_fbarrier(ModuleState& ms, uint32_t at, const std::string& scope) {
  auto d = ms.brig.code_entry<fw_brig_directive_fbarrier>(at);
  std::string name(ms.brig.data_bytes(d.name));
  if (!(d.modifier & FW_BRIG_VARIABLE_DEFINITION)) {
    fail_at(ms.brig, at, "not supported yet: external fbarrier " + name + " (PRM 4.3.9)");
  }
  llvm::Type* i64 = llvm::Type::getInt64Ty(ms.ir.getContext());
  auto* gv = new llvm::GlobalVariable(ms.ir, i64, false, llvm::GlobalValue::InternalLinkage,
                                      llvm::UndefValue::get(i64), scope + name, nullptr,
                                      llvm::GlobalValue::NotThreadLocal, kGroupAS);
  gv->setAlignment(llvm::Align(8));
  ms.globals[at] = gv;
}

}  // namespace hsail::finalizer::translate_detail
