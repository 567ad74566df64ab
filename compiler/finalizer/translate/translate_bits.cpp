// Shift, bit and bit-copy instructions (PRM 5.5-5.8): shl/shr, the
// logical operations (b1 included), popcount, the bit strings (bitextract,
// bitinsert, bitmask, bitrev, bitselect, firstbit, lastbit), and
// combine/expand between one wide register and a vector of narrow ones;
// also the carry bits of add/sub (borrow, carry: PRM 5.2) and the
// floating-point class test (PRM 5.13).
#include <vector>

#include "llvm/IR/IntrinsicsAMDGPU.h"
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

// The source type of popcount, firstbit, lastbit, class, combine and
// expand. An unvalidated module can give such an opcode another entry
// format (its source type would be the next entry's bytes) or a type the
// operation has no meaning for; both are refused before any IR is built.
uint16_t source_type(KernelTranslator& k, const Inst& inst) {
  if (inst.kind != FW_BRIG_KIND_INST_SOURCE_TYPE) {
    k.fail(opcode_name(inst.opcode) + " has the wrong BRIG format (PRM 18.5.2)");
  }
  return k.entry<fw_brig_inst_source_type>().source_type;
}

uint16_t integer_source_type(KernelTranslator& k, const Inst& inst) {
  uint16_t st = source_type(k, inst);
  if (type_bits(st) < 8 || is_float(st) || is_packed_type(st) || is_handle_type(st)) {
    k.fail(opcode_name(inst.opcode) + " does not take source type " + type_name(st));
  }
  return st;
}

// popcount_u32_<src> (PRM 5.6): the source has its own type.
void popcount(KernelTranslator& k, const Inst& inst) {
  Value* x = k.read(inst.operands.at(1), integer_source_type(k, inst));
  Value* n = call(k.b, llvm::Intrinsic::ctpop, x);
  k.write(inst.operands.at(0), k.b.CreateZExtOrTrunc(n, k.b.getInt32Ty()), inst.type);
}

// firstbit (PRM 5.7): the position of the first 1 from the most
// significant bit, after complementing negative signed sources; lastbit:
// from the least significant bit. Both give -1 when there is none.
void find_bit(KernelTranslator& k, const Inst& inst) {
  uint16_t st = integer_source_type(k, inst);
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

// The low 5 (32-bit) or 6 (64-bit) bits of a u32 offset or width operand,
// widened to the instruction's width (PRM 5.7).
Value* field_operand(KernelTranslator& k, uint32_t operand, llvm::Type* ty) {
  unsigned bits = ty->getIntegerBitWidth();
  Value* v = k.read(operand, FW_BRIG_TYPE_U32);
  return k.b.CreateZExtOrTrunc(k.b.CreateAnd(v, bits - 1), ty);
}

// (1 << width) - 1 for a width already reduced below the length.
Value* low_ones(Builder& b, Value* width) {
  return b.CreateSub(b.CreateShl(llvm::ConstantInt::get(width->getType(), 1), width),
                     llvm::ConstantInt::get(width->getType(), 1));
}

void check_bit_string_type(KernelTranslator& k, const Inst& inst) {
  unsigned bits = type_bits(inst.type);
  if (is_packed_type(inst.type) || is_float(inst.type) || (bits != 32 && bits != 64)) {
    k.fail(opcode_name(inst.opcode) + " does not take type " + type_name(inst.type));
  }
}

// bitextract (PRM 5.7): the PRM defines it as (src0 << (len - width -
// offset)) >> (len - width), the right shift signed for s types, and 0 for
// width 0. offset + width > len is undefined there; the shift amounts are
// taken modulo len so that case is some value, never LLVM poison.
void bitextract(KernelTranslator& k, const Inst& inst) {
  check_bit_string_type(k, inst);
  auto& b = k.b;
  Value* x = k.read(inst.operands.at(1), inst.type);
  llvm::Type* ty = x->getType();
  unsigned bits = ty->getIntegerBitWidth();
  Value* offset = field_operand(k, inst.operands.at(2), ty);
  Value* width = field_operand(k, inst.operands.at(3), ty);
  Value* len = llvm::ConstantInt::get(ty, bits);
  Value* mod = llvm::ConstantInt::get(ty, bits - 1);
  Value* left = b.CreateAnd(b.CreateSub(b.CreateSub(len, width), offset), mod);
  Value* right = b.CreateAnd(b.CreateSub(len, width), mod);
  Value* up = b.CreateShl(x, left);
  Value* r = is_signed(inst.type) ? b.CreateAShr(up, right) : b.CreateLShr(up, right);
  Value* none = b.CreateICmpEQ(width, llvm::ConstantInt::get(ty, 0));
  k.write(inst.operands.at(0), b.CreateSelect(none, llvm::ConstantInt::get(ty, 0), r), inst.type);
}

// bitinsert (PRM 5.7): mask = (1 << width) - 1;
// dest = (src0 & ~(mask << offset)) | ((src1 & mask) << offset).
void bitinsert(KernelTranslator& k, const Inst& inst) {
  check_bit_string_type(k, inst);
  auto& b = k.b;
  Value* x = k.read(inst.operands.at(1), inst.type);
  Value* y = k.read(inst.operands.at(2), inst.type);
  llvm::Type* ty = x->getType();
  Value* offset = field_operand(k, inst.operands.at(3), ty);
  Value* mask = low_ones(b, field_operand(k, inst.operands.at(4), ty));
  Value* keep = b.CreateAnd(x, b.CreateNot(b.CreateShl(mask, offset)));
  k.write(inst.operands.at(0), b.CreateOr(keep, b.CreateShl(b.CreateAnd(y, mask), offset)),
          inst.type);
}

// bitmask (PRM 5.7): width ones starting at bit offset.
void bitmask(KernelTranslator& k, const Inst& inst) {
  check_bit_string_type(k, inst);
  llvm::Type* ty = k.value_type(inst.type);
  Value* offset = field_operand(k, inst.operands.at(1), ty);
  Value* mask = low_ones(k.b, field_operand(k, inst.operands.at(2), ty));
  k.write(inst.operands.at(0), k.b.CreateShl(mask, offset), inst.type);
}

// borrow, carry (PRM 5.2): 1 when src0 - src1 borrows into, or src0 +
// src1 carries out of, the most significant bit; signed and unsigned forms
// compute the same.
void carry_bit(KernelTranslator& k, const Inst& inst) {
  check_bit_string_type(k, inst);
  check_alu_modifiers(k, inst);
  auto& b = k.b;
  Value* x = k.read(inst.operands.at(1), inst.type);
  Value* y = k.read(inst.operands.at(2), inst.type);
  Value* out = inst.opcode == FW_BRIG_OPCODE_BORROW ? b.CreateICmpULT(x, y)
                                                    : b.CreateICmpULT(b.CreateAdd(x, y), x);
  k.write(inst.operands.at(0), b.CreateZExt(out, x->getType()), inst.type);
}

// class (PRM 5.13): true when src0 falls in any class cond selects. The
// PRM's condition bits (signaling NaN 0x1 ... positive infinity 0x200) are
// those of gfx9's v_cmp_class, so llvm.amdgcn.class tests them directly;
// the bits above 0x200 are ignored.
void class_(KernelTranslator& k, const Inst& inst) {
  uint16_t st = source_type(k, inst);
  if (!is_float(st)) k.fail("class does not take source type " + type_name(st));
  Value* x = k.read(inst.operands.at(1), st);
  Value* cond = k.b.CreateAnd(k.read(inst.operands.at(2), FW_BRIG_TYPE_U32), 0x3ff);
  Value* r = k.b.CreateIntrinsic(llvm::Intrinsic::amdgcn_class, {x->getType()}, {x, cond});
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
  uint16_t st = integer_source_type(k, inst);
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
  uint16_t st = integer_source_type(k, inst);
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
    {FW_BRIG_OPCODE_EXPAND, expand},       {FW_BRIG_OPCODE_BITEXTRACT, bitextract},
    {FW_BRIG_OPCODE_BITINSERT, bitinsert}, {FW_BRIG_OPCODE_BITMASK, bitmask},
    {FW_BRIG_OPCODE_BORROW, carry_bit},    {FW_BRIG_OPCODE_CARRY, carry_bit},
    {FW_BRIG_OPCODE_CLASS, class_},
};

}  // namespace

RowSpan bits_rows() { return {kRows, sizeof(kRows) / sizeof(kRows[0])}; }

}  // namespace hsail::finalizer::translate_detail
