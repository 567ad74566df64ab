// ld, st (PRM 6.3, 6.4) and lda (PRM 5.8) in the kernarg, global,
// readonly, flat, group and private segments. A load of a kernarg formal
// by name is its argument; everything else goes through a pointer of the
// segment's address space. Vector operands (v2-v4) are consecutive
// elements of the instruction's type.
#include <hsail/brig/names.h>

#include "translate_impl.h"

namespace hsail::finalizer::translate_detail {

namespace {

// The register/constant operands of a value operand, vector or scalar.
std::vector<uint32_t> elements(KernelTranslator& k, uint32_t operand) {
  if (k.operand_kind(operand) != FW_BRIG_KIND_OPERAND_OPERAND_LIST) return {operand};
  auto list = k.brig.operand_entry<fw_brig_operand_operand_list>(operand);
  return k.brig.data_list(list.elements);
}

struct Access {
  llvm::Value* base;  // i8 pointer
  llvm::Type* type;   // element type
  uint64_t size;      // element bytes
  llvm::Align align;  // of the first element
};

Access access(KernelTranslator& k, const Inst& inst) {
  auto m = k.entry<fw_brig_inst_mem>();
  llvm::Type* type = k.value_type(inst.type);
  uint64_t size = type_bits(inst.type) <= 8 ? 1 : type_bits(inst.type) / 8;
  uint64_t align = alignment_bytes(m.align);
  return Access{k.address(inst.operands.at(1), m.segment), type, size,
                llvm::Align(align ? align : size)};
}

llvm::Value* element_ptr(KernelTranslator& k, const Access& a, size_t i) {
  unsigned as = a.base->getType()->getPointerAddressSpace();
  llvm::Value* p = a.base;
  if (i != 0) p = k.b.CreateConstGEP1_64(k.b.getInt8Ty(), p, i * a.size);
  return k.b.CreateBitCast(p, a.type->getPointerTo(as));
}

void ld(KernelTranslator& k, const Inst& inst) {
  auto m = k.entry<fw_brig_inst_mem>();
  std::vector<uint32_t> dests = elements(k, inst.operands.at(0));
  if (m.segment == FW_BRIG_SEGMENT_KERNARG && dests.size() == 1) {
    const Kernarg* arg = k.direct_kernarg(inst.operands.at(1));
    if (arg != nullptr && arg->arg->getType()->getPrimitiveSizeInBits() == type_bits(inst.type) &&
        !is_packed_type(inst.type)) {
      llvm::Value* v = arg->arg;
      llvm::Type* want = k.value_type(inst.type);
      if (v->getType() != want) {
        v = k.b.CreateBitCast(k.b.CreateBitCast(v, k.b.getIntNTy(type_bits(inst.type))), want);
      }
      k.write(dests[0], v, inst.type);
      return;
    }
  }
  Access a = access(k, inst);
  for (size_t i = 0; i < dests.size(); ++i) {
    llvm::Value* v = k.b.CreateAlignedLoad(a.type, element_ptr(k, a, i),
                                           llvm::commonAlignment(a.align, i * a.size));
    k.write(dests[i], v, inst.type);
  }
}

void st(KernelTranslator& k, const Inst& inst) {
  std::vector<uint32_t> sources = elements(k, inst.operands.at(0));
  Access a = access(k, inst);
  // Read every source first: a vector store's sources are one value.
  std::vector<llvm::Value*> values;
  for (uint32_t s : sources) values.push_back(k.read(s, inst.type));
  for (size_t i = 0; i < values.size(); ++i) {
    k.b.CreateAlignedStore(values[i], element_ptr(k, a, i),
                           llvm::commonAlignment(a.align, i * a.size));
  }
}

// lda: the segment address of the operand as an integer of the
// destination's size.
void lda(KernelTranslator& k, const Inst& inst) {
  auto a = k.entry<fw_brig_inst_addr>();
  llvm::Value* p = k.address(inst.operands.at(1), a.segment);
  llvm::Value* v = k.b.CreatePtrToInt(p, k.b.getIntNTy(type_bits(inst.type)));
  k.write(inst.operands.at(0), v, inst.type);
}

const OpcodeRow kRows[] = {
    {FW_BRIG_OPCODE_LD, ld},
    {FW_BRIG_OPCODE_ST, st},
    {FW_BRIG_OPCODE_LDA, lda},
};

}  // namespace

RowSpan memory_rows() { return {kRows, sizeof(kRows) / sizeof(kRows[0])}; }

}  // namespace hsail::finalizer::translate_detail
