// Multimedia instructions (PRM 5.15): bitalign, bytealign, lerp, packcvt,
// unpackcvt, sad and sadhi on 32-bit registers holding up to four packed
// elements. Each follows the PRM's formula in plain IR (funnel shifts,
// small vectors of bytes or halves), which the AMDGPU backend matches to
// v_alignbit_b32, v_alignbyte_b32 and friends where it can.
#include "llvm/IR/Intrinsics.h"
#include "translate_impl.h"

namespace hsail::finalizer::translate_detail {

namespace {

using Value = llvm::Value;

constexpr uint16_t kU8x4 = FW_BRIG_TYPE_U8 | FW_BRIG_TYPE_PACK_32;
constexpr uint16_t kU16x2 = FW_BRIG_TYPE_U16 | FW_BRIG_TYPE_PACK_32;
using Builder = llvm::IRBuilder<>;

// The elements of a 32-bit value split into count lanes of 32 / count
// bits, element 0 the least significant, each widened to i32.
Value* lanes_u32(Builder& b, Value* x, unsigned count) {
  auto* narrow = llvm::FixedVectorType::get(b.getIntNTy(32 / count), count);
  return b.CreateZExt(b.CreateBitCast(x, narrow),
                      llvm::FixedVectorType::get(b.getInt32Ty(), count));
}

// bitalign, bytealign: the low 32 bits of (src1:src0) >> shift, shift being
// src2 & 31 bits or (src2 & 3) bytes; llvm.fshr is exactly that.
void align(KernelTranslator& k, const Inst& inst) {
  auto& b = k.b;
  Value* lo = k.read(inst.operands.at(1), FW_BRIG_TYPE_B32);
  Value* hi = k.read(inst.operands.at(2), FW_BRIG_TYPE_B32);
  Value* n = k.read(inst.operands.at(3), FW_BRIG_TYPE_U32);
  n = inst.opcode == FW_BRIG_OPCODE_BITALIGN ? b.CreateAnd(n, 31)
                                             : b.CreateShl(b.CreateAnd(n, 3), 3);
  Value* r = b.CreateIntrinsic(llvm::Intrinsic::fshr, {b.getInt32Ty()}, {hi, lo, n});
  k.write(inst.operands.at(0), r, FW_BRIG_TYPE_B32);
}

// lerp: per byte, (src0 + src1 + (src2 & 1)) >> 1 without overflow.
void lerp(KernelTranslator& k, const Inst& inst) {
  auto& b = k.b;
  Value* x = lanes_u32(b, k.read(inst.operands.at(1), FW_BRIG_TYPE_U32), 4);
  Value* y = lanes_u32(b, k.read(inst.operands.at(2), FW_BRIG_TYPE_U32), 4);
  Value* z = lanes_u32(b, k.read(inst.operands.at(3), FW_BRIG_TYPE_U32), 4);
  Value* one = llvm::ConstantInt::get(x->getType(), 1);
  Value* sum = b.CreateAdd(b.CreateAdd(x, y), b.CreateAnd(z, one));
  Value* avg = b.CreateTrunc(b.CreateLShr(sum, one), llvm::FixedVectorType::get(b.getInt8Ty(), 4));
  k.write(inst.operands.at(0), b.CreateBitCast(avg, b.getInt32Ty()), FW_BRIG_TYPE_U32);
}

// packcvt: four f32 through cvt_neari_sat_u8_f32 (round to nearest even,
// clamp to [0, 255], NaN to 0) into the bytes of dest, src0 lowest.
void packcvt(KernelTranslator& k, const Inst& inst) {
  auto& b = k.b;
  Value* r = b.getInt32(0);
  for (unsigned i = 0; i < 4; ++i) {
    Value* f = k.read(inst.operands.at(1 + i), FW_BRIG_TYPE_F32);
    f = b.CreateUnaryIntrinsic(llvm::Intrinsic::rint, f);
    // maxnum returns the number when one operand is NaN, so NaN becomes 0.
    f = b.CreateBinaryIntrinsic(llvm::Intrinsic::maxnum, f,
                                llvm::ConstantFP::get(f->getType(), 0.0));
    f = b.CreateBinaryIntrinsic(llvm::Intrinsic::minnum, f,
                                llvm::ConstantFP::get(f->getType(), 255.0));
    Value* byte = b.CreateFPToUI(f, b.getInt32Ty());
    r = b.CreateOr(r, b.CreateShl(byte, 8 * i));
  }
  k.write(inst.operands.at(0), r, FW_BRIG_TYPE_U32);
}

// unpackcvt: byte src1 (a constant 0..3) of src0 as an f32.
void unpackcvt(KernelTranslator& k, const Inst& inst) {
  auto& b = k.b;
  Value* x = k.read(inst.operands.at(1), FW_BRIG_TYPE_U32);
  Value* index = b.CreateAnd(k.read(inst.operands.at(2), FW_BRIG_TYPE_U32), 3);
  Value* byte = b.CreateAnd(b.CreateLShr(x, b.CreateShl(index, 3)), 0xff);
  k.write(inst.operands.at(0), b.CreateUIToFP(byte, b.getFloatTy()), FW_BRIG_TYPE_F32);
}

// The sum over the lanes of |x - y|, both treated as unsigned.
Value* sum_abs_diff(Builder& b, Value* x, Value* y, unsigned count) {
  Value* dx = lanes_u32(b, x, count);
  Value* dy = lanes_u32(b, y, count);
  Value* diff = b.CreateSelect(b.CreateICmpULT(dx, dy), b.CreateSub(dy, dx), b.CreateSub(dx, dy));
  Value* sum = b.getInt32(0);
  for (unsigned i = 0; i < count; ++i) sum = b.CreateAdd(sum, b.CreateExtractElement(diff, i));
  return sum;
}

unsigned sad_lanes(KernelTranslator& k, uint16_t source) {
  switch (source) {
    case FW_BRIG_TYPE_U32:
      return 1;
    case kU16x2:
      return 2;
    case kU8x4:
      return 4;
    default:
      k.fail("sad does not take source type " + type_name(source));
  }
}

// sad: the sum of absolute differences plus src2; sadhi: the same over
// bytes, added to the high half of src2 (a plain 32-bit add, PRM 5.15).
void sad(KernelTranslator& k, const Inst& inst) {
  auto st = k.entry<fw_brig_inst_source_type>().source_type;
  bool hi = inst.opcode == FW_BRIG_OPCODE_SADHI;
  if (hi && st != kU8x4) k.fail("sadhi does not take source type " + type_name(st));
  unsigned count = hi ? 4 : sad_lanes(k, st);
  auto& b = k.b;
  Value* x = k.read(inst.operands.at(1), FW_BRIG_TYPE_U32);
  Value* y = k.read(inst.operands.at(2), FW_BRIG_TYPE_U32);
  Value* acc = k.read(inst.operands.at(3), FW_BRIG_TYPE_U32);
  Value* sum = sum_abs_diff(b, x, y, count);
  if (hi) sum = b.CreateShl(sum, 16);
  k.write(inst.operands.at(0), b.CreateAdd(sum, acc), FW_BRIG_TYPE_U32);
}

const OpcodeRow kRows[] = {
    {FW_BRIG_OPCODE_BITALIGN, align},      {FW_BRIG_OPCODE_BYTEALIGN, align},
    {FW_BRIG_OPCODE_LERP, lerp},           {FW_BRIG_OPCODE_PACKCVT, packcvt},
    {FW_BRIG_OPCODE_UNPACKCVT, unpackcvt}, {FW_BRIG_OPCODE_SAD, sad},
    {FW_BRIG_OPCODE_SADHI, sad},
};

}  // namespace

RowSpan multimedia_rows() { return {kRows, sizeof(kRows) / sizeof(kRows[0])}; }

}  // namespace hsail::finalizer::translate_detail
