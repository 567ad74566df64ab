// Miscellaneous instructions (PRM 11.4): the clock, where a wavefront
// runs (cuid, waveid, laneid) and the limits of the agent (maxcuid,
// maxwaveid), null pointers and the group base, nop and debugtrap.
// Placement comes from the HW_ID hardware register; the limits are the
// ones the runtime wrote into the amd_queue_t of the dispatch (max_cu_id,
// max_wave_id), so they agree with what the host reports for the agent.
#include <cstddef>

#include "amd_queue.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "translate_impl.h"

namespace hsail::finalizer::translate_detail {

namespace {

using Value = llvm::Value;

// gfx9 hardware register HW_ID and the fields used here (Vega ISA,
// "Hardware Registers"): WAVE_ID[3:0], SIMD_ID[5:4], CU_ID[11:8], SE_ID[14:13].
constexpr unsigned kHwRegHwId = 4;
constexpr unsigned kSimdsPerCu = 4;
constexpr unsigned kCusPerSe = 16;  // Vega: one shader array of 16 CUs per engine

// The REALTIME counter (s_memrealtime) runs at a constant 100 MHz; the
// runtime's system timestamp (HSA_SYSTEM_INFO_TIMESTAMP) counts
// nanoseconds, so one tick is ten of its units.
constexpr uint64_t kTimestampUnitsPerTick = 10;

// field bits of HW_ID starting at offset.
Value* hw_id(KernelTranslator& k, unsigned offset, unsigned bits) {
  unsigned imm = kHwRegHwId | offset << 6 | (bits - 1) << 11;
  return k.b.CreateIntrinsic(llvm::Intrinsic::amdgcn_s_getreg, {}, {k.b.getInt32(imm)});
}

// A u32 field of the amd_queue_t the dispatch came from.
Value* queue_field(KernelTranslator& k, size_t offset) {
  Value* q = k.b.CreateIntrinsic(llvm::Intrinsic::amdgcn_queue_ptr, {}, {});
  Value* p = k.b.CreateConstGEP1_64(k.b.getInt8Ty(), q, offset);
  p = k.b.CreateBitCast(p, k.b.getInt32Ty()->getPointerTo(kConstantAS));
  llvm::LoadInst* v = k.b.CreateAlignedLoad(k.b.getInt32Ty(), p, llvm::Align(4));
  v->setMetadata(llvm::LLVMContext::MD_invariant_load, llvm::MDNode::get(k.ctx, {}));
  return v;
}

void clock(KernelTranslator& k, const Inst& inst) {
  Value* t = k.b.CreateIntrinsic(llvm::Intrinsic::amdgcn_s_memrealtime, {}, {});
  k.write(inst.operands.at(0), k.b.CreateMul(t, k.b.getInt64(kTimestampUnitsPerTick)), inst.type);
}

// The CU number across shader engines: CU_ID within the engine plus 16 per
// engine, which numbers every CU of the agent from 0 to maxcuid.
void cuid(KernelTranslator& k, const Inst& inst) {
  Value* se = hw_id(k, 13, 2);
  Value* cu = hw_id(k, 8, 4);
  k.write(inst.operands.at(0), k.b.CreateAdd(k.b.CreateMul(se, k.b.getInt32(kCusPerSe)), cu),
          inst.type);
}

// The wave slot across the CU's SIMDs: each SIMD holds (maxwaveid + 1) / 4
// waves, so SIMD_ID * that + WAVE_ID is unique on the CU and <= maxwaveid.
void waveid(KernelTranslator& k, const Inst& inst) {
  Value* per_cu =
      k.b.CreateAdd(queue_field(k, offsetof(fw_amd_queue, max_wave_id)), k.b.getInt32(1));
  Value* per_simd = k.b.CreateUDiv(per_cu, k.b.getInt32(kSimdsPerCu));
  Value* id = k.b.CreateAdd(k.b.CreateMul(hw_id(k, 4, 2), per_simd), hw_id(k, 0, 4));
  k.write(inst.operands.at(0), id, inst.type);
}

void maxcuid(KernelTranslator& k, const Inst& inst) {
  k.write(inst.operands.at(0), queue_field(k, offsetof(fw_amd_queue, max_cu_id)), inst.type);
}
void maxwaveid(KernelTranslator& k, const Inst& inst) {
  k.write(inst.operands.at(0), queue_field(k, offsetof(fw_amd_queue, max_wave_id)), inst.type);
}

// The lane's position in its wavefront: the count of all lanes below it.
void laneid(KernelTranslator& k, const Inst& inst) {
  Value* n = k.b.CreateIntrinsic(llvm::Intrinsic::amdgcn_mbcnt_lo, {},
                                 {k.b.getInt32(~0u), k.b.getInt32(0)});
  n = k.b.CreateIntrinsic(llvm::Intrinsic::amdgcn_mbcnt_hi, {}, {k.b.getInt32(~0u), n});
  k.write(inst.operands.at(0), n, inst.type);
}

void nop(KernelTranslator&, const Inst&) {}

// debugtrap: s_trap with the debugger's trap id. Without a debugger the
// wavefront stops and the queue goes into error, as PRM 12.5.1 asks. The
// source value would only mean something to a debugger.
void debugtrap(KernelTranslator& k, const Inst& inst) {
  k.read(inst.operands.at(0), FW_BRIG_TYPE_U32);
  k.b.CreateIntrinsic(llvm::Intrinsic::debugtrap, {}, {});
}

// nullptr: flat, global, readonly and kernarg use address 0; in group and
// private memory 0 is a valid address, so their null is all ones (the
// AMDGPU backend's null for those address spaces).
void nullptr_(KernelTranslator& k, const Inst& inst) {
  auto seg = k.entry<fw_brig_inst_seg>();
  llvm::Type* t = k.value_type(inst.type);
  bool ones = seg.segment == FW_BRIG_SEGMENT_GROUP || seg.segment == FW_BRIG_SEGMENT_PRIVATE;
  switch (seg.segment) {
    case FW_BRIG_SEGMENT_FLAT:
    case FW_BRIG_SEGMENT_GLOBAL:
    case FW_BRIG_SEGMENT_READONLY:
    case FW_BRIG_SEGMENT_KERNARG:
    case FW_BRIG_SEGMENT_GROUP:
    case FW_BRIG_SEGMENT_PRIVATE:
      break;
    default:
      k.fail("nullptr of a segment without a null pointer");
  }
  Value* v = ones ? llvm::Constant::getAllOnesValue(t) : llvm::Constant::getNullValue(t);
  k.write(inst.operands.at(0), v, inst.type);
}

// The group segment of a work-group starts at group address 0.
void groupbaseptr(KernelTranslator& k, const Inst& inst) {
  k.write(inst.operands.at(0), llvm::Constant::getNullValue(k.value_type(inst.type)), inst.type);
}

const OpcodeRow kRows[] = {
    {FW_BRIG_OPCODE_NOP, nop},
    {FW_BRIG_OPCODE_CLOCK, clock},
    {FW_BRIG_OPCODE_CUID, cuid},
    {FW_BRIG_OPCODE_DEBUGTRAP, debugtrap},
    {FW_BRIG_OPCODE_GROUPBASEPTR, groupbaseptr},
    {FW_BRIG_OPCODE_LANEID, laneid},
    {FW_BRIG_OPCODE_MAXCUID, maxcuid},
    {FW_BRIG_OPCODE_MAXWAVEID, maxwaveid},
    {FW_BRIG_OPCODE_NULLPTR, nullptr_},
    {FW_BRIG_OPCODE_WAVEID, waveid},
};

}  // namespace

RowSpan misc_rows() { return {kRows, sizeof(kRows) / sizeof(kRows[0])}; }

}  // namespace hsail::finalizer::translate_detail
