// atomic and atomicnoret (PRM 6.6, 6.7) in the global, group and flat
// segments. HSAIL's memory orders and scopes map one to one onto LLVM
// orderings and the AMDGPU backend's synchronization scopes
// (amdgpu-usage: "Memory Scopes"): wave -> "wavefront", wg -> "workgroup",
// agent -> "agent", system -> the default (system) scope. Read-modify-write
// operations LLVM has become atomicrmw or cmpxchg; wrapinc and wrapdec are
// exactly the hardware's inc/dec (llvm.amdgcn.atomic.inc/dec), issued
// relaxed between the fences their order asks for, since LLVM 14 does not
// carry a scope on those intrinsics.
#include <hsail/brig/names.h>

#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "translate_impl.h"
#include "translate_memory_order.h"

namespace hsail::finalizer::translate_detail {

namespace {

using llvm::AtomicOrdering;
using llvm::AtomicRMWInst;

struct Ordering {
  AtomicOrdering order;
  llvm::SyncScope::ID scope;
};

Ordering ordering(KernelTranslator& k, const fw_brig_inst_atomic& a) {
  Ordering o{AtomicOrdering::Monotonic, llvm::SyncScope::System};
  o.order = memory_ordering(k, a.memory_order, "an atomic");
  switch (a.memory_scope) {
    case FW_BRIG_MEMORY_SCOPE_WORKITEM:
      o.scope = llvm::SyncScope::SingleThread;
      break;
    case FW_BRIG_MEMORY_SCOPE_WAVEFRONT:
      o.scope = k.ctx.getOrInsertSyncScopeID("wavefront");
      break;
    case FW_BRIG_MEMORY_SCOPE_WORKGROUP:
      o.scope = k.ctx.getOrInsertSyncScopeID("workgroup");
      break;
    case FW_BRIG_MEMORY_SCOPE_AGENT:
      o.scope = k.ctx.getOrInsertSyncScopeID("agent");
      break;
    case FW_BRIG_MEMORY_SCOPE_SYSTEM:
      break;
    default:
      k.fail("an atomic needs a memory scope");
  }
  return o;
}

void atomic(KernelTranslator& k, const Inst& inst) {
  auto a = k.entry<fw_brig_inst_atomic>();
  const bool ret = inst.opcode == FW_BRIG_OPCODE_ATOMIC;
  switch (a.segment) {
    case FW_BRIG_SEGMENT_GLOBAL:
    case FW_BRIG_SEGMENT_GROUP:
    case FW_BRIG_SEGMENT_FLAT:
      break;
    default:
      k.unsupported("atomics in this segment", "6.6");
  }
  if (a.atomic_operation >= FW_BRIG_ATOMIC_WAIT_EQ) {
    k.unsupported("atomic wait operations (signals)", "6.8");
  }
  const unsigned bits = type_bits(inst.type);
  if (bits != 32 && bits != 64) k.unsupported("atomics of type " + type_name(inst.type), "6.6");
  Ordering o = ordering(k, a);
  llvm::Type* ty = k.b.getIntNTy(bits);
  // Operands: [dest,] address, src0 [, src1].
  const size_t first = ret ? 1 : 0;
  llvm::Value* p = k.address(inst.operands.at(first), a.segment);
  p = k.b.CreateBitCast(p, ty->getPointerTo(p->getType()->getPointerAddressSpace()));
  const llvm::Align align(bits / 8);
  auto src = [&](size_t i) { return k.read(inst.operands.at(first + 1 + i), inst.type); };

  llvm::Value* old = nullptr;
  AtomicRMWInst::BinOp bin = AtomicRMWInst::Add;
  switch (a.atomic_operation) {
    case FW_BRIG_ATOMIC_LD: {
      // Loads cannot release: an acquire-release load is an acquire one.
      auto order = acquires(o.order) ? AtomicOrdering::Acquire : AtomicOrdering::Monotonic;
      llvm::LoadInst* ld = k.b.CreateAlignedLoad(ty, p, align);
      ld->setAtomic(order, o.scope);
      old = ld;
      break;
    }
    case FW_BRIG_ATOMIC_ST: {
      auto order = releases(o.order) ? AtomicOrdering::Release : AtomicOrdering::Monotonic;
      llvm::StoreInst* st = k.b.CreateAlignedStore(src(0), p, align);
      st->setAtomic(order, o.scope);
      break;
    }
    case FW_BRIG_ATOMIC_CAS: {
      llvm::Value* cmp = src(0);
      llvm::Value* val = src(1);
      // A failed compare only reads: it keeps the acquire half.
      auto failure = acquires(o.order) ? AtomicOrdering::Acquire : AtomicOrdering::Monotonic;
      llvm::AtomicCmpXchgInst* x =
          k.b.CreateAtomicCmpXchg(p, cmp, val, llvm::MaybeAlign(align), o.order, failure, o.scope);
      old = k.b.CreateExtractValue(x, 0);
      break;
    }
    case FW_BRIG_ATOMIC_WRAPINC:
    case FW_BRIG_ATOMIC_WRAPDEC: {
      llvm::Value* v = src(0);
      if (releases(o.order)) k.b.CreateFence(AtomicOrdering::Release, o.scope);
      auto id = a.atomic_operation == FW_BRIG_ATOMIC_WRAPINC ? llvm::Intrinsic::amdgcn_atomic_inc
                                                             : llvm::Intrinsic::amdgcn_atomic_dec;
      old =
          k.b.CreateIntrinsic(id, {ty, p->getType()},
                              {p, v, k.b.getInt32(static_cast<uint32_t>(AtomicOrdering::Monotonic)),
                               k.b.getInt32(0), k.b.getFalse()});
      if (acquires(o.order)) k.b.CreateFence(AtomicOrdering::Acquire, o.scope);
      break;
    }
    default:
      if (!rmw_op(a.atomic_operation, is_signed(inst.type), &bin)) {
        k.unsupported("this atomic operation", "6.6");
      }
      old = k.b.CreateAtomicRMW(bin, p, src(0), llvm::MaybeAlign(align), o.order, o.scope);
  }
  if (ret && old != nullptr) k.write(inst.operands.at(0), old, inst.type);
}

const OpcodeRow kRows[] = {
    {FW_BRIG_OPCODE_ATOMIC, atomic},
    {FW_BRIG_OPCODE_ATOMICNORET, atomic},
};

}  // namespace

RowSpan atomic_rows() { return {kRows, sizeof(kRows) / sizeof(kRows[0])}; }

AtomicOrdering memory_ordering(KernelTranslator& k, uint8_t memory_order, const char* what) {
  switch (memory_order) {
    case FW_BRIG_MEMORY_ORDER_RELAXED:
      return AtomicOrdering::Monotonic;
    case FW_BRIG_MEMORY_ORDER_SC_ACQUIRE:
      return AtomicOrdering::Acquire;
    case FW_BRIG_MEMORY_ORDER_SC_RELEASE:
      return AtomicOrdering::Release;
    case FW_BRIG_MEMORY_ORDER_SC_ACQUIRE_RELEASE:
      return AtomicOrdering::AcquireRelease;
    default:
      k.fail(std::string(what) + " needs a memory order");
  }
}

bool rmw_op(uint8_t op, bool is_signed_type, AtomicRMWInst::BinOp* out) {
  switch (op) {
    case FW_BRIG_ATOMIC_ADD:
      *out = AtomicRMWInst::Add;
      return true;
    case FW_BRIG_ATOMIC_SUB:
      *out = AtomicRMWInst::Sub;
      return true;
    case FW_BRIG_ATOMIC_AND:
      *out = AtomicRMWInst::And;
      return true;
    case FW_BRIG_ATOMIC_OR:
      *out = AtomicRMWInst::Or;
      return true;
    case FW_BRIG_ATOMIC_XOR:
      *out = AtomicRMWInst::Xor;
      return true;
    case FW_BRIG_ATOMIC_EXCH:
      *out = AtomicRMWInst::Xchg;
      return true;
    case FW_BRIG_ATOMIC_MIN:
      *out = is_signed_type ? AtomicRMWInst::Min : AtomicRMWInst::UMin;
      return true;
    case FW_BRIG_ATOMIC_MAX:
      *out = is_signed_type ? AtomicRMWInst::Max : AtomicRMWInst::UMax;
      return true;
    default:
      return false;
  }
}

}  // namespace hsail::finalizer::translate_detail
