// Branches (PRM 8: br, cbr, sbr), barrier (PRM 9.1), memfence (PRM 6.9) and ret
// (PRM 10.9): labels are basic blocks, fences use the AMDGPU backend's
// synchronization scopes.
#include <algorithm>
#include <vector>

#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "translate_impl.h"

namespace hsail::finalizer::translate_detail {

namespace {

using Value = llvm::Value;

llvm::BasicBlock* target(KernelTranslator& k, uint32_t operand) {
  if (k.operand_kind(operand) != FW_BRIG_KIND_OPERAND_CODE_REF) {
    k.unsupported("branches to something other than a label", "8");
  }
  return k.label_block(k.brig.operand_entry<fw_brig_operand_code_ref>(operand).ref);
}

void br(KernelTranslator& k, const Inst& inst) { k.b.CreateBr(target(k, inst.operands.at(0))); }

void cbr(KernelTranslator& k, const Inst& inst) {
  Value* c = k.read(inst.operands.at(0), FW_BRIG_TYPE_B1);
  llvm::BasicBlock* taken = target(k, inst.operands.at(1));
  llvm::BasicBlock* fallthrough = llvm::BasicBlock::Create(k.ctx, "", k.fn);
  k.b.CreateCondBr(c, taken, fallthrough);
  k.b.SetInsertPoint(fallthrough);
}

// sbr (PRM 8): label i for index i, as an LLVM switch. An index past the
// list is undefined; it goes to the last label rather than letting LLVM
// assume it cannot happen.
void sbr(KernelTranslator& k, const Inst& inst) {
  uint32_t list = inst.operands.at(1);
  if (k.operand_kind(list) != FW_BRIG_KIND_OPERAND_CODE_LIST) {
    k.fail("sbr needs a list of labels");
  }
  std::vector<uint32_t> labels =
      k.brig.data_list(k.brig.operand_entry<fw_brig_operand_code_list>(list).elements);
  if (labels.empty()) k.fail("sbr needs at least one label");
  if (inst.type != FW_BRIG_TYPE_U32 && inst.type != FW_BRIG_TYPE_U64) {
    k.fail("sbr does not take type " + type_name(inst.type));
  }
  Value* index = k.read(inst.operands.at(0), inst.type);
  auto* sw = k.b.CreateSwitch(index, k.label_block(labels.back()), labels.size() - 1);
  for (size_t i = 0; i + 1 < labels.size(); ++i) {
    auto* c = llvm::ConstantInt::get(llvm::cast<llvm::IntegerType>(index->getType()), i);
    sw->addCase(c, k.label_block(labels[i]));
  }
}

void ret(KernelTranslator& k, const Inst&) { k.b.CreateRetVoid(); }

// barrier: every work-item of the work-group arrives, and memory written
// before it is visible after it at work-group scope.
void barrier(KernelTranslator& k, const Inst&) {
  auto scope = k.ctx.getOrInsertSyncScopeID("workgroup");
  k.b.CreateFence(llvm::AtomicOrdering::Release, scope);
  k.b.CreateIntrinsic(llvm::Intrinsic::amdgcn_s_barrier, {}, {});
  k.b.CreateFence(llvm::AtomicOrdering::Acquire, scope);
}

// memfence (PRM 6.9): one LLVM fence at the wider of the global and group
// scopes (the AMDGPU memory model orders both segments with one fence).
void memfence(KernelTranslator& k, const Inst&) {
  auto f = k.entry<fw_brig_inst_mem_fence>();
  llvm::AtomicOrdering order;
  switch (f.memory_order) {
    case FW_BRIG_MEMORY_ORDER_SC_ACQUIRE:
      order = llvm::AtomicOrdering::Acquire;
      break;
    case FW_BRIG_MEMORY_ORDER_SC_RELEASE:
      order = llvm::AtomicOrdering::Release;
      break;
    case FW_BRIG_MEMORY_ORDER_SC_ACQUIRE_RELEASE:
      order = llvm::AtomicOrdering::AcquireRelease;
      break;
    default:
      k.fail("memfence needs an acquire, release or acquire-release order");
  }
  uint8_t scope = std::max(f.global_segment_memory_scope, f.group_segment_memory_scope);
  // Scopes as the AMDGPU backend names them; work-item scope orders nothing.
  static const char* const kScopes[] = {nullptr, nullptr, "wavefront", "workgroup", "agent", ""};
  if (scope > FW_BRIG_MEMORY_SCOPE_SYSTEM || kScopes[scope] == nullptr) return;
  llvm::SyncScope::ID id = llvm::SyncScope::System;
  if (scope != FW_BRIG_MEMORY_SCOPE_SYSTEM) id = k.ctx.getOrInsertSyncScopeID(kScopes[scope]);
  k.b.CreateFence(order, id);
}

const OpcodeRow kRows[] = {
    {FW_BRIG_OPCODE_BR, br},           {FW_BRIG_OPCODE_CBR, cbr},
    {FW_BRIG_OPCODE_SBR, sbr},         {FW_BRIG_OPCODE_RET, ret},
    {FW_BRIG_OPCODE_BARRIER, barrier}, {FW_BRIG_OPCODE_MEMFENCE, memfence},
};

}  // namespace

RowSpan control_rows() { return {kRows, sizeof(kRows) / sizeof(kRows[0])}; }

}  // namespace hsail::finalizer::translate_detail
