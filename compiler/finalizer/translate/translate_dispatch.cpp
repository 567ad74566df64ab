// Dispatch-packet queries (PRM 11.1): ids come from the workitem and
// workgroup id intrinsics, sizes from the AQL dispatch packet the hardware
// points to (llvm.amdgcn.dispatch.ptr); workitemabsid is
// workgroupid * workgroupsize + workitemid, and the flat ids combine the
// three dimensions.
#include <cstddef>

#include "aql_packet.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "translate_impl.h"

namespace hsail::finalizer::translate_detail {

namespace {

using Value = llvm::Value;

// The dimension operand: an immediate 0, 1 or 2.
unsigned dimension(KernelTranslator& k, const Inst& inst) {
  auto* c = llvm::dyn_cast<llvm::ConstantInt>(k.read(inst.operands.at(1), FW_BRIG_TYPE_U32));
  if (c == nullptr || c->getZExtValue() > 2) k.fail("the dimension must be 0, 1 or 2");
  return static_cast<unsigned>(c->getZExtValue());
}

// A field of the dispatch packet, zero-extended to i32. The packet does
// not change during the dispatch.
Value* packet_field(KernelTranslator& k, size_t offset, unsigned bits) {
  Value* p = k.b.CreateConstGEP1_64(k.b.getInt8Ty(), k.dispatch_ptr(), offset);
  llvm::Type* t = k.b.getIntNTy(bits);
  p = k.b.CreateBitCast(p, t->getPointerTo(kConstantAS));
  llvm::LoadInst* v = k.b.CreateAlignedLoad(t, p, llvm::Align(bits / 8));
  v->setMetadata(llvm::LLVMContext::MD_invariant_load, llvm::MDNode::get(k.ctx, {}));
  return k.b.CreateZExt(v, k.b.getInt32Ty());
}

// Sizes a control directive fixed (PRM 13.5) are constants; the packet
// holds the same values for every dispatch the directive allows.
Value* workgroup_size(KernelTranslator& k, unsigned d) {
  if (Value* c = required_value(k, Required::kWorkGroupSize, d)) return c;
  return packet_field(k, offsetof(fw_aql_kernel_dispatch_packet, workgroup_size_x) + 2 * d, 16);
}
Value* grid_size(KernelTranslator& k, unsigned d) {
  if (Value* c = required_value(k, Required::kGridSize, d)) return c;
  return packet_field(k, offsetof(fw_aql_kernel_dispatch_packet, grid_size_x) + 4 * d, 32);
}
Value* workitem_id(KernelTranslator& k, unsigned d) {
  static const llvm::Intrinsic::ID ids[] = {llvm::Intrinsic::amdgcn_workitem_id_x,
                                            llvm::Intrinsic::amdgcn_workitem_id_y,
                                            llvm::Intrinsic::amdgcn_workitem_id_z};
  return k.b.CreateIntrinsic(ids[d], {}, {});
}
Value* workgroup_id(KernelTranslator& k, unsigned d) {
  static const llvm::Intrinsic::ID ids[] = {llvm::Intrinsic::amdgcn_workgroup_id_x,
                                            llvm::Intrinsic::amdgcn_workgroup_id_y,
                                            llvm::Intrinsic::amdgcn_workgroup_id_z};
  return k.b.CreateIntrinsic(ids[d], {}, {});
}
Value* workitem_abs_id(KernelTranslator& k, unsigned d) {
  return k.b.CreateAdd(k.b.CreateMul(workgroup_id(k, d), workgroup_size(k, d)), workitem_id(k, d));
}
// The size of this work-group, smaller than workgroupsize in the last
// (partial) work-group of a dimension.
Value* current_workgroup_size(KernelTranslator& k, unsigned d) {
  if (required_value(k, Required::kNoPartialWorkGroups)) return workgroup_size(k, d);
  Value* size = workgroup_size(k, d);
  Value* left = k.b.CreateSub(grid_size(k, d), k.b.CreateMul(workgroup_id(k, d), size));
  return k.b.CreateBinaryIntrinsic(llvm::Intrinsic::umin, size, left);
}
Value* grid_groups(KernelTranslator& k, unsigned d) {
  Value* grid = grid_size(k, d);
  Value* size = workgroup_size(k, d);
  Value* partial = k.b.CreateICmpNE(k.b.CreateURem(grid, size), k.b.getInt32(0));
  return k.b.CreateAdd(k.b.CreateUDiv(grid, size), k.b.CreateZExt(partial, k.b.getInt32Ty()));
}

// x + sx * (y + sy * z) in the destination's width.
Value* flatten(KernelTranslator& k, uint16_t type, Value* (*id)(KernelTranslator&, unsigned),
               Value* (*size)(KernelTranslator&, unsigned)) {
  llvm::Type* t = k.value_type(type);
  auto ext = [&](Value* v) { return k.b.CreateZExt(v, t); };
  Value* z = ext(id(k, 2));
  Value* y = k.b.CreateAdd(ext(id(k, 1)), k.b.CreateMul(ext(size(k, 1)), z));
  return k.b.CreateAdd(ext(id(k, 0)), k.b.CreateMul(ext(size(k, 0)), y));
}

using PerDimension = Value* (*)(KernelTranslator&, unsigned);

template <PerDimension F>
void query(KernelTranslator& k, const Inst& inst) {
  Value* v = F(k, dimension(k, inst));
  k.write(inst.operands.at(0), k.b.CreateZExt(v, k.value_type(inst.type)), inst.type);
}

template <PerDimension Id, PerDimension Size>
void flat_query(KernelTranslator& k, const Inst& inst) {
  k.write(inst.operands.at(0), flatten(k, inst.type, Id, Size), inst.type);
}

void dim(KernelTranslator& k, const Inst& inst) {
  if (Value* c = required_value(k, Required::kDim)) {
    k.write(inst.operands.at(0), c, inst.type);
    return;
  }
  Value* setup = packet_field(k, offsetof(fw_aql_kernel_dispatch_packet, setup), 16);
  k.write(inst.operands.at(0), k.b.CreateAnd(setup, 3), inst.type);
}

void kernargbaseptr(KernelTranslator& k, const Inst& inst) {
  Value* p = k.b.CreateIntrinsic(llvm::Intrinsic::amdgcn_kernarg_segment_ptr, {}, {});
  k.write(inst.operands.at(0), k.b.CreatePtrToInt(p, k.value_type(inst.type)), inst.type);
}

const OpcodeRow kRows[] = {
    {FW_BRIG_OPCODE_CURRENTWORKGROUPSIZE, query<current_workgroup_size>},
    {FW_BRIG_OPCODE_CURRENTWORKITEMFLATID, flat_query<workitem_id, current_workgroup_size>},
    {FW_BRIG_OPCODE_DIM, dim},
    {FW_BRIG_OPCODE_GRIDGROUPS, query<grid_groups>},
    {FW_BRIG_OPCODE_GRIDSIZE, query<grid_size>},
    {FW_BRIG_OPCODE_WORKGROUPID, query<workgroup_id>},
    {FW_BRIG_OPCODE_WORKGROUPSIZE, query<workgroup_size>},
    {FW_BRIG_OPCODE_WORKITEMABSID, query<workitem_abs_id>},
    {FW_BRIG_OPCODE_WORKITEMFLATABSID, flat_query<workitem_abs_id, grid_size>},
    {FW_BRIG_OPCODE_WORKITEMFLATID, flat_query<workitem_id, workgroup_size>},
    {FW_BRIG_OPCODE_WORKITEMID, query<workitem_id>},
    {FW_BRIG_OPCODE_KERNARGBASEPTR, kernargbaseptr},
};

}  // namespace

RowSpan dispatch_rows() { return {kRows, sizeof(kRows) / sizeof(kRows[0])}; }

}  // namespace hsail::finalizer::translate_detail
