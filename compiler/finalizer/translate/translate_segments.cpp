// Segment checking and conversion (PRM 5.16, 5.17): segmentp, ftos, stof.
// On gfx9 a group or private flat address is the segment address in the
// low 32 bits under the segment's aperture in the high 32 bits (the
// aperture registers); everything else is a global address. The AMDGPU
// backend knows those apertures: llvm.amdgcn.is.shared / is.private test
// them and addrspacecast converts, mapping the flat null (0) to the
// segment null (all ones, what nullptr_group/private give) and back.
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "translate_impl.h"

namespace hsail::finalizer::translate_detail {

namespace {

using Value = llvm::Value;

bool nonull(KernelTranslator& k) {
  return k.entry<fw_brig_inst_seg_cvt>().modifier & FW_BRIG_SEG_CVT_NONULL;
}

// A flat address operand (u32 in the small model, u64 in the large) as a
// flat pointer; small-model flat addresses are widened like any other.
Value* flat_pointer(KernelTranslator& k, uint32_t operand, uint16_t type) {
  if (type != FW_BRIG_TYPE_U32 && type != FW_BRIG_TYPE_U64) {
    k.fail("a flat address must be u32 or u64, not " + type_name(type));
  }
  Value* v = k.b.CreateZExt(k.read(operand, type), k.b.getInt64Ty());
  return k.b.CreateIntToPtr(v, k.b.getInt8PtrTy(kFlatAS));
}

// The segment a group or private conversion names, as an address space.
unsigned conversion_space(KernelTranslator& k, const Inst& inst, uint8_t segment) {
  if (segment == FW_BRIG_SEGMENT_GROUP) return kGroupAS;
  if (segment == FW_BRIG_SEGMENT_PRIVATE) return kPrivateAS;
  k.fail(opcode_name(inst.opcode) + " converts only group or private addresses");
}

// segmentp: whether src is in the segment, or is the flat null unless
// nonull promises it is not. The flat null lies in no aperture, so the
// global test needs no null check.
void segmentp(KernelTranslator& k, const Inst& inst) {
  auto s = k.entry<fw_brig_inst_seg_cvt>();
  auto& b = k.b;
  Value* p = flat_pointer(k, inst.operands.at(1), s.source_type);
  Value* shared = b.CreateIntrinsic(llvm::Intrinsic::amdgcn_is_shared, {}, {p});
  Value* priv = b.CreateIntrinsic(llvm::Intrinsic::amdgcn_is_private, {}, {p});
  Value* in = nullptr;
  switch (s.segment) {
    case FW_BRIG_SEGMENT_GLOBAL:
      in = b.CreateNot(b.CreateOr(shared, priv));
      break;
    case FW_BRIG_SEGMENT_GROUP:
      in = shared;
      break;
    case FW_BRIG_SEGMENT_PRIVATE:
      in = priv;
      break;
    default:
      k.fail("segmentp tests only the global, group or private segment");
  }
  if (!(s.modifier & FW_BRIG_SEG_CVT_NONULL) && s.segment != FW_BRIG_SEGMENT_GLOBAL) {
    in = b.CreateOr(in, b.CreateIsNull(p));
  }
  k.write(inst.operands.at(0), in, inst.type);
}

// ftos: the segment address is the flat address's low 32 bits; without
// nonull, addrspacecast also turns the flat null into the segment null.
void ftos(KernelTranslator& k, const Inst& inst) {
  auto s = k.entry<fw_brig_inst_seg_cvt>();
  unsigned as = conversion_space(k, inst, s.segment);
  auto& b = k.b;
  Value* p = flat_pointer(k, inst.operands.at(1), s.source_type);
  Value* r = nullptr;
  if (nonull(k)) {
    r = b.CreateTrunc(b.CreatePtrToInt(p, b.getInt64Ty()), b.getInt32Ty());
  } else {
    r = b.CreatePtrToInt(b.CreateAddrSpaceCast(p, b.getInt8PtrTy(as)), b.getInt32Ty());
  }
  k.write(inst.operands.at(0), r, inst.type);
}

// stof: the segment address under its aperture. nonull changes nothing:
// the backend's cast checks for the segment null either way, which is a
// correct result for every source.
void stof(KernelTranslator& k, const Inst& inst) {
  auto s = k.entry<fw_brig_inst_seg_cvt>();
  unsigned as = conversion_space(k, inst, s.segment);
  if (type_bits(inst.type) != 64) {
    // A group or private flat address needs the aperture's high 32 bits,
    // which a small-model (32-bit) flat address cannot hold.
    k.unsupported("stof to a 32-bit flat address (small machine model)", "5.17");
  }
  auto& b = k.b;
  Value* seg = b.CreateZExtOrTrunc(k.read(inst.operands.at(1), s.source_type), b.getInt32Ty());
  Value* p =
      b.CreateAddrSpaceCast(b.CreateIntToPtr(seg, b.getInt8PtrTy(as)), b.getInt8PtrTy(kFlatAS));
  k.write(inst.operands.at(0), b.CreatePtrToInt(p, b.getInt64Ty()), inst.type);
}

const OpcodeRow kRows[] = {
    {FW_BRIG_OPCODE_SEGMENTP, segmentp},
    {FW_BRIG_OPCODE_FTOS, ftos},
    {FW_BRIG_OPCODE_STOF, stof},
};

}  // namespace

RowSpan segment_rows() { return {kRows, sizeof(kRows) / sizeof(kRows[0])}; }

}  // namespace hsail::finalizer::translate_detail
