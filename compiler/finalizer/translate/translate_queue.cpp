// The dispatch's packet (packetid, packetcompletionsig; PRM 11.1) and the
// user mode queue instructions (PRM 11.3). A queue address names an
// hsa_queue_t, which the runtime allocates as the head of an amd_queue_t
// (firmware-interfaces/amd_queue.h): the indices are not in hsa_queue_t but
// in amd_queue_t's write_dispatch_id and read_dispatch_id. Every access is a
// system-scope atomic on those 64-bit fields with the instruction's order.
#include <cstddef>

#include "amd_queue.h"
#include "aql_packet.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "translate_impl.h"
#include "translate_memory_order.h"

namespace hsail::finalizer::translate_detail {

namespace {

using llvm::AtomicOrdering;
using Value = llvm::Value;

constexpr uint64_t kPacketBytes = 64;

// A u64 field of the amd_queue_t at address as an i64 pointer.
Value* index_field(KernelTranslator& k, const Inst& inst, uint32_t address, size_t offset) {
  auto q = k.entry<fw_brig_inst_queue>();
  if (q.segment != FW_BRIG_SEGMENT_FLAT && q.segment != FW_BRIG_SEGMENT_GLOBAL) {
    k.fail(opcode_name(inst.opcode) + " takes a flat or global address");
  }
  Value* p = k.b.CreateConstGEP1_64(k.b.getInt8Ty(), k.address(address, q.segment), offset);
  return k.b.CreateBitCast(p, k.b.getInt64Ty()->getPointerTo(k.address_space(q.segment)));
}

AtomicOrdering order(KernelTranslator& k) {
  return memory_ordering(k, k.entry<fw_brig_inst_queue>().memory_order,
                         "a queue index instruction");
}

constexpr size_t kWriteIndex = offsetof(fw_amd_queue, write_dispatch_id);
constexpr size_t kReadIndex = offsetof(fw_amd_queue, read_dispatch_id);

template <size_t Field>
void load_index(KernelTranslator& k, const Inst& inst) {
  AtomicOrdering o = order(k);
  if (o != AtomicOrdering::Monotonic && o != AtomicOrdering::Acquire) {
    k.fail("loading a queue index is relaxed or acquire");
  }
  Value* p = index_field(k, inst, inst.operands.at(1), Field);
  llvm::LoadInst* v = k.b.CreateAlignedLoad(k.b.getInt64Ty(), p, llvm::Align(8));
  v->setAtomic(o, llvm::SyncScope::System);
  k.write(inst.operands.at(0), v, inst.type);
}

template <size_t Field>
void store_index(KernelTranslator& k, const Inst& inst) {
  AtomicOrdering o = order(k);
  if (o != AtomicOrdering::Monotonic && o != AtomicOrdering::Release) {
    k.fail("storing a queue index is relaxed or release");
  }
  Value* p = index_field(k, inst, inst.operands.at(0), Field);
  Value* v = k.read(inst.operands.at(1), FW_BRIG_TYPE_U64);
  k.b.CreateAlignedStore(v, p, llvm::Align(8))->setAtomic(o, llvm::SyncScope::System);
}

void addqueuewriteindex(KernelTranslator& k, const Inst& inst) {
  Value* p = index_field(k, inst, inst.operands.at(1), kWriteIndex);
  Value* v = k.read(inst.operands.at(2), FW_BRIG_TYPE_U64);
  Value* old = k.b.CreateAtomicRMW(llvm::AtomicRMWInst::Add, p, v, llvm::Align(8), order(k),
                                   llvm::SyncScope::System);
  k.write(inst.operands.at(0), old, inst.type);
}

void casqueuewriteindex(KernelTranslator& k, const Inst& inst) {
  Value* p = index_field(k, inst, inst.operands.at(1), kWriteIndex);
  Value* expected = k.read(inst.operands.at(2), FW_BRIG_TYPE_U64);
  Value* desired = k.read(inst.operands.at(3), FW_BRIG_TYPE_U64);
  AtomicOrdering o = order(k);
  auto* x = k.b.CreateAtomicCmpXchg(p, expected, desired, llvm::Align(8), o,
                                    llvm::AtomicCmpXchgInst::getStrongestFailureOrdering(o),
                                    llvm::SyncScope::System);
  k.write(inst.operands.at(0), k.b.CreateExtractValue(x, 0), inst.type);
}

// A u64 of the dispatch packet.
Value* packet_u64(KernelTranslator& k, size_t offset) {
  Value* p = k.b.CreateConstGEP1_64(k.b.getInt8Ty(), k.dispatch_ptr(), offset);
  p = k.b.CreateBitCast(p, k.b.getInt64Ty()->getPointerTo(kConstantAS));
  llvm::LoadInst* v = k.b.CreateAlignedLoad(k.b.getInt64Ty(), p, llvm::Align(8));
  v->setMetadata(llvm::LLVMContext::MD_invariant_load, llvm::MDNode::get(k.ctx, {}));
  return v;
}

void packetcompletionsig(KernelTranslator& k, const Inst& inst) {
  Value* s = packet_u64(k, offsetof(fw_aql_kernel_dispatch_packet, completion_signal));
  k.write(inst.operands.at(0), s, FW_BRIG_TYPE_U64);
}

// packetid: the packet's slot is (dispatch_ptr - base_address) / 64, its
// index modulo the ring size. The packet processor has not moved the read
// index more than a ring past a packet that is still running, so the
// index is the largest one <= read_dispatch_id in that slot.
void packetid(KernelTranslator& k, const Inst& inst) {
  // Through a global pointer: the read index changes under the kernel.
  Value* q = k.b.CreateIntrinsic(llvm::Intrinsic::amdgcn_queue_ptr, {}, {});
  q = k.b.CreateAddrSpaceCast(q, k.b.getInt8PtrTy(kGlobalAS));
  auto field = [&](size_t offset, llvm::Type* t) -> llvm::LoadInst* {
    Value* p = k.b.CreateConstGEP1_64(k.b.getInt8Ty(), q, offset);
    p = k.b.CreateBitCast(p, t->getPointerTo(kGlobalAS));
    return k.b.CreateAlignedLoad(t, p, llvm::Align(t->getPrimitiveSizeInBits() / 8));
  };
  Value* base = field(offsetof(fw_hsa_queue, base_address), k.b.getInt64Ty());
  Value* size =
      k.b.CreateZExt(field(offsetof(fw_hsa_queue, size), k.b.getInt32Ty()), k.b.getInt64Ty());
  llvm::LoadInst* read = field(kReadIndex, k.b.getInt64Ty());
  read->setAtomic(AtomicOrdering::Monotonic, llvm::SyncScope::System);
  Value* packet = k.b.CreatePtrToInt(k.dispatch_ptr(), k.b.getInt64Ty());
  Value* slot = k.b.CreateUDiv(k.b.CreateSub(packet, base), k.b.getInt64(kPacketBytes));
  // size is a power of two: (read - slot) mod size as a mask.
  Value* behind = k.b.CreateAnd(k.b.CreateSub(read, slot), k.b.CreateSub(size, k.b.getInt64(1)));
  k.write(inst.operands.at(0), k.b.CreateSub(read, behind), inst.type);
}

const OpcodeRow kRows[] = {
    {FW_BRIG_OPCODE_PACKETCOMPLETIONSIG, packetcompletionsig},
    {FW_BRIG_OPCODE_PACKETID, packetid},
    {FW_BRIG_OPCODE_ADDQUEUEWRITEINDEX, addqueuewriteindex},
    {FW_BRIG_OPCODE_CASQUEUEWRITEINDEX, casqueuewriteindex},
    {FW_BRIG_OPCODE_LDQUEUEREADINDEX, load_index<kReadIndex>},
    {FW_BRIG_OPCODE_LDQUEUEWRITEINDEX, load_index<kWriteIndex>},
    {FW_BRIG_OPCODE_STQUEUEREADINDEX, store_index<kReadIndex>},
    {FW_BRIG_OPCODE_STQUEUEWRITEINDEX, store_index<kWriteIndex>},
};

}  // namespace

RowSpan queue_rows() { return {kRows, sizeof(kRows) / sizeof(kRows[0])}; }

}  // namespace hsail::finalizer::translate_detail
