// Shift, bit and bit-copy instructions (PRM 5.5-5.8): shl/shr, the
// logical operations (b1 included), popcount, bitrev, firstbit, lastbit,
// bitselect, and
// combine/expand between one wide register and a vector of narrow ones.
#include <vector>

#include "translate_alu.h"

namespace hsail::finalizer::translate_detail {

namespace {

using Value = llvm::Value;
using Builder = llvm::IRBuilder<>;

Value* bit_and(Builder& b, uint16_t, Value* x, Value* y) { return b.CreateAnd(x, y); }

Value* bit_or(Builder& b, uint16_t, Value* x, Value* y) { return b.CreateOr(x, y); }

Value* bit_xor(Builder& b, uint16_t, Value* x, Value* y) { return b.CreateXor(x, y); }

Value* bit_not(Builder& b, uint16_t, Value* x) { return b.CreateNot(x); }

Value* bitrev(Builder& b, uint16_t, Value* x) { return call(b, llvm::Intrinsic::bitreverse, x); }

// shl/shr: the amount is a u32 operand taken modulo the width (PRM 5.5).
void shift(KernelTranslator& k, const Inst& inst) {
  check_alu_modifiers(k, inst);
  Value* x = k.read(inst.operands.at(1), inst.type);
  Value* n = k.read(inst.operands.at(2), FW_BRIG_TYPE_U32);
  unsigned bits = type_bits(inst.type);
  n = k.b.CreateZExtOrTrunc(k.b.CreateAnd(n, bits - 1), x->getType());
  Value* r = inst.opcode == FW_BRIG_OPCODE_SHL ? k.b.CreateShl(x, n)
             : is_signed(inst.type)            ? k.b.CreateAShr(x, n)
                                               : k.b.CreateLShr(x, n);
  k.write(inst.operands.at(0), r, inst.type);
}

// popcount_u32_<src> (PRM 5.6): the source has its own type.
void popcount(KernelTranslator& k, const Inst& inst) {
  auto s = k.entry<fw_brig_inst_source_type>();
  Value* x = k.read(inst.operands.at(1), s.source_type);
  Value* n = call(k.b, llvm::Intrinsic::ctpop, x);
  k.write(inst.operands.at(0), k.b.CreateZExtOrTrunc(n, k.b.getInt32Ty()), inst.type);
}

// firstbit (PRM 5.7): the position of the first 1 from the most
// significant bit, after complementing negative signed sources; lastbit:
// from the least significant bit. Both give -1 when there is none.
void find_bit(KernelTranslator& k, const Inst& inst) {
  auto st = k.entry<fw_brig_inst_source_type>().source_type;
  auto& b = k.b;
  Value* x = k.read(inst.operands.at(1), st);
  bool first = inst.opcode == FW_BRIG_OPCODE_FIRSTBIT;
  if (first && is_signed(st)) {
    x = b.CreateSelect(b.CreateICmpSLT(x, llvm::ConstantInt::get(x->getType(), 0)), b.CreateNot(x),
                       x);
  }
  Value* pos = b.CreateBinaryIntrinsic(first ? llvm::Intrinsic::ctlz : llvm::Intrinsic::cttz, x,
                                       b.getTrue());  // zero is handled below
  pos = b.CreateZExtOrTrunc(pos, b.getInt32Ty());
  Value* none = b.CreateICmpEQ(x, llvm::ConstantInt::get(x->getType(), 0));
  k.write(inst.operands.at(0), b.CreateSelect(none, b.getInt32(~0u), pos), inst.type);
}

// bitselect (PRM 5.7): bits of src1 where src0 is 1, of src2 elsewhere.
void bitselect(KernelTranslator& k, const Inst& inst) {
  check_alu_modifiers(k, inst);
  Value* m = k.read(inst.operands.at(1), inst.type);
  Value* x = k.read(inst.operands.at(2), inst.type);
  Value* y = k.read(inst.operands.at(3), inst.type);
  Value* r = k.b.CreateOr(k.b.CreateAnd(x, m), k.b.CreateAnd(y, k.b.CreateNot(m)));
  k.write(inst.operands.at(0), r, inst.type);
}

// The registers of a vector operand (combine's source, expand's
// destination).
std::vector<uint32_t> vector_elements(KernelTranslator& k, uint32_t operand) {
  if (k.operand_kind(operand) != FW_BRIG_KIND_OPERAND_OPERAND_LIST) {
    k.fail(std::string("expected a vector operand"));
  }
  return k.brig.data_list(k.brig.operand_entry<fw_brig_operand_operand_list>(operand).elements);
}

// combine (PRM 5.8): element 0 becomes the least significant bits.
void combine(KernelTranslator& k, const Inst& inst) {
  auto st = k.entry<fw_brig_inst_source_type>().source_type;
  std::vector<uint32_t> parts = vector_elements(k, inst.operands.at(1));
  unsigned width = type_bits(st);
  llvm::Type* to = k.b.getIntNTy(type_bits(inst.type));
  Value* r = llvm::ConstantInt::get(to, 0);
  for (size_t i = 0; i < parts.size(); ++i) {
    Value* v = k.b.CreateZExt(k.read(parts[i], st), to);
    r = k.b.CreateOr(r, k.b.CreateShl(v, i * width));
  }
  k.write(inst.operands.at(0), r, inst.type);
}

// expand (PRM 5.8): the inverse of combine.
void expand(KernelTranslator& k, const Inst& inst) {
  auto st = k.entry<fw_brig_inst_source_type>().source_type;
  std::vector<uint32_t> parts = vector_elements(k, inst.operands.at(0));
  Value* x = k.read(inst.operands.at(1), st);
  unsigned width = type_bits(inst.type);
  for (size_t i = 0; i < parts.size(); ++i) {
    Value* v = k.b.CreateTrunc(k.b.CreateLShr(x, i * width), k.b.getIntNTy(width));
    k.write(parts[i], v, inst.type);
  }
}

const OpcodeRow kRows[] = {
    {FW_BRIG_OPCODE_SHL, shift},           {FW_BRIG_OPCODE_SHR, shift},
    {FW_BRIG_OPCODE_AND, binary<bit_and>}, {FW_BRIG_OPCODE_NOT, unary<bit_not>},
    {FW_BRIG_OPCODE_OR, binary<bit_or>},   {FW_BRIG_OPCODE_POPCOUNT, popcount},
    {FW_BRIG_OPCODE_XOR, binary<bit_xor>}, {FW_BRIG_OPCODE_BITREV, unary<bitrev>},
    {FW_BRIG_OPCODE_BITSELECT, bitselect}, {FW_BRIG_OPCODE_FIRSTBIT, find_bit},
    {FW_BRIG_OPCODE_LASTBIT, find_bit},    {FW_BRIG_OPCODE_COMBINE, combine},
    {FW_BRIG_OPCODE_EXPAND, expand},
};

}  // namespace

RowSpan bits_rows() { return {kRows, sizeof(kRows) / sizeof(kRows[0])}; }

}  // namespace hsail::finalizer::translate_detail
