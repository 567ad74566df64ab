// Images and samplers (PRM 7): rdimage, ldimage, stimage, queryimage,
// querysampler, imagefence, lowered to LLVM 14's AMDGPU image and buffer
// intrinsics for gfx9.
//
// The handle ABI is ROCr's on gfx9 (src/image/resource.h, Image::Convert and
// Sampler::Convert: a handle is the address of the object's srd array;
// image_manager_ai.cpp, PopulateImageSrd and PopulateSamplerSrd):
//   image handle -> dwords 0-7  the T# (256-bit image resource descriptor);
//                               for 1DB images dwords 0-3 are a V# (buffer
//                               resource descriptor) instead
//                   dword 8     HSA channel type  (hsa_ext_image_channel_type_t)
//                   dword 9     HSA channel order (hsa_ext_image_channel_order_t)
//                   dword 10    width in elements
//   sampler handle -> dwords 0-3 the S# (128-bit sampler descriptor)
// The HSA channel order and type enumerations have the BRIG values (PRM
// 18.3.36, 18.3.37), so queryimage returns dwords 8 and 9 as they are.
//
// The descriptor is loaded through a constant-address-space pointer marked
// invariant: a uniform handle (a kernarg, a readonly variable) becomes a
// scalar s_load_dwordx8/x4. LLVM requires the image intrinsics' rsrc and
// samp operands in SGPRs; for a handle that may differ between work-items
// the load is a vector load and the backend wraps the image instruction in
// a waterfall loop (SIInstrInfo::legalizeOperands: readfirstlane, compare,
// run for the lanes that match, repeat), so divergent handles are correct.
#include <hsail/brig/names.h>

#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "translate_impl.h"

namespace hsail::finalizer::translate_detail {

namespace {

using Value = llvm::Value;

// Field positions of the gfx9 T# and S# (Vega ISA manual, "Image Resource"
// and "Image Sampler"; ROCr's resource_ai.h agrees).
constexpr unsigned kTWidthWord = 2;  // WIDTH-1 in bits 13:0, HEIGHT-1 in 27:14
constexpr unsigned kTDepthWord = 4;  // DEPTH-1 (3D depth or array size) in 12:0
constexpr unsigned kChannelTypeWord = 8;
constexpr unsigned kChannelOrderWord = 9;
constexpr unsigned kBufferWidthWord = 10;
constexpr unsigned kSClampWord = 0;   // CLAMP_X in 2:0, FORCE_UNNORMALIZED in 15
constexpr unsigned kSFilterWord = 2;  // XY_MAG_FILTER in 21:20

// Loads count dwords of the object a handle points to, from dword first.
Value* load_words(KernelTranslator& k, Value* handle, unsigned first, unsigned count) {
  llvm::Type* i32 = k.b.getInt32Ty();
  llvm::Type* ty =
      count == 1 ? i32 : static_cast<llvm::Type*>(llvm::FixedVectorType::get(i32, count));
  Value* p = k.b.CreateIntToPtr(handle, i32->getPointerTo(kConstantAS));
  if (first != 0) p = k.b.CreateConstGEP1_32(i32, p, first);
  p = k.b.CreateBitCast(p, ty->getPointerTo(kConstantAS));
  llvm::LoadInst* load = k.b.CreateAlignedLoad(ty, p, llvm::Align(4));
  // Descriptors do not change while a kernel runs (the runtime writes them
  // before the dispatch), which lets LLVM use scalar loads and hoist them.
  load->setMetadata(llvm::LLVMContext::MD_invariant_load, llvm::MDNode::get(k.ctx, {}));
  return load;
}

Value* handle(KernelTranslator& k, const Inst& inst, size_t i) {
  return k.read(inst.operands.at(i), FW_BRIG_TYPE_U64);
}

// Register or constant operands of a value operand, vector or scalar.
std::vector<uint32_t> elements(KernelTranslator& k, uint32_t operand) {
  if (k.operand_kind(operand) != FW_BRIG_KIND_OPERAND_OPERAND_LIST) return {operand};
  auto list = k.brig.operand_entry<fw_brig_operand_operand_list>(operand);
  return k.brig.data_list(list.elements);
}

// How a geometry addresses texels: the intrinsics of its dimension, the
// number of coordinates, whether the last is an array index, whether a texel
// is one depth value.
struct Dim {
  llvm::Intrinsic::ID load, store, sample;
  unsigned coords;
  bool array;
  bool depth;
};

Dim dim_of(KernelTranslator& k, uint8_t geometry) {
  using namespace llvm::Intrinsic;
  switch (geometry) {
    case FW_BRIG_GEOMETRY_1D:
      return {
          amdgcn_image_load_1d, amdgcn_image_store_1d, amdgcn_image_sample_lz_1d, 1, false, false};
    case FW_BRIG_GEOMETRY_2D:
      return {
          amdgcn_image_load_2d, amdgcn_image_store_2d, amdgcn_image_sample_lz_2d, 2, false, false};
    case FW_BRIG_GEOMETRY_3D:
      return {
          amdgcn_image_load_3d, amdgcn_image_store_3d, amdgcn_image_sample_lz_3d, 3, false, false};
    case FW_BRIG_GEOMETRY_1DA:
      return {amdgcn_image_load_1darray,
              amdgcn_image_store_1darray,
              amdgcn_image_sample_lz_1darray,
              2,
              true,
              false};
    case FW_BRIG_GEOMETRY_2DA:
      return {amdgcn_image_load_2darray,
              amdgcn_image_store_2darray,
              amdgcn_image_sample_lz_2darray,
              3,
              true,
              false};
    case FW_BRIG_GEOMETRY_2DDEPTH:
      return {
          amdgcn_image_load_2d, amdgcn_image_store_2d, amdgcn_image_sample_lz_2d, 2, false, true};
    case FW_BRIG_GEOMETRY_2DADEPTH:
      return {amdgcn_image_load_2darray,
              amdgcn_image_store_2darray,
              amdgcn_image_sample_lz_2darray,
              3,
              true,
              true};
    default:
      k.fail("an image instruction with unknown geometry " + std::to_string(geometry) +
             " (PRM 7.1)");
  }
}

// The coordinates as i32 (ldimage, stimage: u32 texel indices) or f32
// (rdimage). Integer rdimage coordinates are converted to f32: with the
// unnormalized coordinates and nearest filtering they are meant for, texel
// i covers [i, i+1) and i itself selects it. A float array index selects
// the nearest layer (PRM 7.1), so it is rounded to nearest even first; the
// hardware then clamps it to the layers there are.
std::vector<Value*> coordinates(KernelTranslator& k, const Inst& inst, size_t operand, const Dim& d,
                                bool as_float) {
  auto i = k.entry<fw_brig_inst_image>();
  std::vector<uint32_t> ops = elements(k, inst.operands.at(operand));
  if (ops.size() != d.coords) {
    k.fail(opcode_name(inst.opcode) + " needs " + std::to_string(d.coords) +
           " coordinates for its geometry (PRM 7.1)");
  }
  std::vector<Value*> c;
  for (size_t n = 0; n < ops.size(); ++n) {
    Value* v = k.read(ops[n], i.coord_type);
    if (as_float && i.coord_type != FW_BRIG_TYPE_F32) {
      v = k.b.CreateSIToFP(v, k.b.getFloatTy());
    } else if (as_float && d.array && n + 1 == ops.size()) {
      v = k.b.CreateUnaryIntrinsic(llvm::Intrinsic::rint, v);
    }
    c.push_back(v);
  }
  return c;
}

// An unvalidated module can carry any type here; the emitters below build
// IR only for the types the PRM allows (the validator's rules, PRM 7.2-7.4).
void check_types(KernelTranslator& k, const Inst& inst, bool float_coords, const char* prm) {
  auto i = k.entry<fw_brig_inst_image>();
  std::string op = opcode_name(inst.opcode);
  uint16_t t = inst.type;
  if (t != FW_BRIG_TYPE_U32 && t != FW_BRIG_TYPE_S32 && t != FW_BRIG_TYPE_F32 &&
      t != FW_BRIG_TYPE_F16) {
    k.fail(op + " does not take type " + type_name(t) + " (PRM " + prm + ")");
  }
  uint16_t c = i.coord_type;
  bool ok = float_coords ? c == FW_BRIG_TYPE_S32 || c == FW_BRIG_TYPE_F32 : c == FW_BRIG_TYPE_U32;
  if (!ok) k.fail(op + " does not take coordinate type " + type_name(c) + " (PRM " + prm + ")");
}

// The texel registers: four channels, or one for a depth image.
std::vector<uint32_t> texel_operands(KernelTranslator& k, const Inst& inst, bool depth) {
  std::vector<uint32_t> ops = elements(k, inst.operands.at(0));
  if (ops.size() != (depth ? 1u : 4u)) {
    k.fail(opcode_name(inst.opcode) +
           (depth ? " takes one register for a depth image" : " takes a vector of four channels") +
           " (PRM 7.1)");
  }
  return ops;
}

// A loaded texel (float channels as the hardware returns them: integer
// formats as their bits) into the destination registers of type inst.type:
// u32 and s32 take the bits, f16 is converted from f32 (PRM 7.1).
void write_texel(KernelTranslator& k, const Inst& inst, Value* texel, bool depth) {
  std::vector<uint32_t> dests = texel_operands(k, inst, depth);
  for (size_t n = 0; n < dests.size(); ++n) {
    Value* v = depth ? texel : k.b.CreateExtractElement(texel, n);
    if (inst.type == FW_BRIG_TYPE_F16) {
      v = k.b.CreateFPTrunc(v, k.b.getHalfTy());
    } else if (inst.type != FW_BRIG_TYPE_F32) {
      v = k.b.CreateBitCast(v, k.b.getInt32Ty());
    }
    k.write(dests[n], v, inst.type);
  }
}

// The source texel of stimage as the hardware takes it: f32 channels, the
// bits of integer ones.
Value* read_texel(KernelTranslator& k, const Inst& inst, bool depth) {
  std::vector<uint32_t> srcs = texel_operands(k, inst, depth);
  llvm::Type* f32 = k.b.getFloatTy();
  Value* texel = depth ? nullptr : llvm::UndefValue::get(llvm::FixedVectorType::get(f32, 4));
  for (size_t n = 0; n < srcs.size(); ++n) {
    Value* v = k.read(srcs[n], inst.type);
    if (inst.type == FW_BRIG_TYPE_F16) {
      v = k.b.CreateFPExt(v, f32);
    } else if (inst.type != FW_BRIG_TYPE_F32) {
      v = k.b.CreateBitCast(v, f32);
    }
    if (depth) return v;
    texel = k.b.CreateInsertElement(texel, v, n);
  }
  return texel;
}

llvm::Type* texel_type(KernelTranslator& k, bool depth) {
  llvm::Type* f32 = k.b.getFloatTy();
  return depth ? f32 : static_cast<llvm::Type*>(llvm::FixedVectorType::get(f32, 4));
}

Value* call(KernelTranslator& k, llvm::Intrinsic::ID id, llvm::ArrayRef<llvm::Type*> overloads,
            llvm::ArrayRef<Value*> args) {
  llvm::Function* f = llvm::Intrinsic::getDeclaration(&k.ms.ir, id, overloads);
  return k.b.CreateCall(f, args);
}

// dmask: every channel, or the one of a depth image.
llvm::ConstantInt* dmask(KernelTranslator& k, bool depth) { return k.b.getInt32(depth ? 1 : 15); }

// rdimage (PRM 7.2): a sample at level of detail 0 (image_sample_lz). The
// instruction's unorm bit stays clear, so the S# decides whether the
// coordinates are normalized (FORCE_UNNORMALIZED), as it decides
// addressing and filtering.
void rdimage(KernelTranslator& k, const Inst& inst) {
  auto i = k.entry<fw_brig_inst_image>();
  if (i.geometry == FW_BRIG_GEOMETRY_1DB) k.fail("rdimage does not take geometry 1db (PRM 7.2)");
  check_types(k, inst, true, "7.2");
  Dim d = dim_of(k, i.geometry);
  Value* t = load_words(k, handle(k, inst, 1), 0, 8);
  Value* s = load_words(k, handle(k, inst, 2), 0, 4);
  std::vector<Value*> args{dmask(k, d.depth)};
  for (Value* c : coordinates(k, inst, 3, d, true)) args.push_back(c);
  args.insert(args.end(), {t, s, k.b.getFalse(), k.b.getInt32(0), k.b.getInt32(0)});
  Value* texel = call(k, d.sample, {texel_type(k, d.depth), k.b.getFloatTy()}, args);
  write_texel(k, inst, texel, d.depth);
}

// 1DB images are buffers (PRM 7.1): the V# in dwords 0-3 has the
// element size as its stride and the format, so a format load or store of
// element x converts like an image texel.
std::vector<Value*> buffer_args(KernelTranslator& k, const Inst& inst) {
  Value* v = load_words(k, handle(k, inst, 1), 0, 4);
  Dim d{llvm::Intrinsic::not_intrinsic,
        llvm::Intrinsic::not_intrinsic,
        llvm::Intrinsic::not_intrinsic,
        1,
        false,
        false};
  Value* x = coordinates(k, inst, 2, d, false)[0];
  return {v, x, k.b.getInt32(0), k.b.getInt32(0), k.b.getInt32(0)};
}

// ldimage (PRM 7.3): the texel at unsigned integer coordinates, level 0,
// without a sampler (image_load).
void ldimage(KernelTranslator& k, const Inst& inst) {
  auto i = k.entry<fw_brig_inst_image>();
  check_types(k, inst, false, "7.3");
  llvm::Type* v4f32 = texel_type(k, false);
  if (i.geometry == FW_BRIG_GEOMETRY_1DB) {
    Value* texel =
        call(k, llvm::Intrinsic::amdgcn_struct_buffer_load_format, {v4f32}, buffer_args(k, inst));
    write_texel(k, inst, texel, false);
    return;
  }
  Dim d = dim_of(k, i.geometry);
  Value* t = load_words(k, handle(k, inst, 1), 0, 8);
  std::vector<Value*> args{dmask(k, d.depth)};
  for (Value* c : coordinates(k, inst, 2, d, false)) args.push_back(c);
  args.insert(args.end(), {t, k.b.getInt32(0), k.b.getInt32(0)});
  Value* texel = call(k, d.load, {texel_type(k, d.depth), k.b.getInt32Ty()}, args);
  write_texel(k, inst, texel, d.depth);
}

// stimage (PRM 7.4): the hardware converts the channels to the image's
// format (image_store, buffer_store_format_xyzw for 1DB).
void stimage(KernelTranslator& k, const Inst& inst) {
  auto i = k.entry<fw_brig_inst_image>();
  check_types(k, inst, false, "7.4");
  if (i.geometry == FW_BRIG_GEOMETRY_1DB) {
    Value* texel = read_texel(k, inst, false);
    std::vector<Value*> args{texel};
    for (Value* a : buffer_args(k, inst)) args.push_back(a);
    call(k, llvm::Intrinsic::amdgcn_struct_buffer_store_format, {texel->getType()}, args);
    return;
  }
  Dim d = dim_of(k, i.geometry);
  Value* texel = read_texel(k, inst, d.depth);
  Value* t = load_words(k, handle(k, inst, 1), 0, 8);
  std::vector<Value*> args{texel, dmask(k, d.depth)};
  for (Value* c : coordinates(k, inst, 2, d, false)) args.push_back(c);
  args.insert(args.end(), {t, k.b.getInt32(0), k.b.getInt32(0)});
  call(k, d.store, {texel->getType(), k.b.getInt32Ty()}, args);
}

// A field of a descriptor word plus one (the T# stores sizes minus one).
Value* size_field(KernelTranslator& k, Value* word, unsigned shift, unsigned bits) {
  Value* v = k.b.CreateLShr(word, shift);
  v = k.b.CreateAnd(v, (1u << bits) - 1);
  return k.b.CreateAdd(v, k.b.getInt32(1));
}

// queryimage (PRM 7.5): sizes from the T# (the width of a 1DB image,
// whose V# has no width, from dword 10), channel order and type from
// dwords 9 and 8.
void queryimage(KernelTranslator& k, const Inst& inst) {
  auto q = k.entry<fw_brig_inst_query_image>();
  Value* h = handle(k, inst, 1);
  Value* v = nullptr;
  switch (q.query) {
    case FW_BRIG_IMAGE_QUERY_WIDTH:
      v = q.geometry == FW_BRIG_GEOMETRY_1DB
              ? load_words(k, h, kBufferWidthWord, 1)
              : size_field(k, load_words(k, h, kTWidthWord, 1), 0, 14);
      break;
    case FW_BRIG_IMAGE_QUERY_HEIGHT:
      v = size_field(k, load_words(k, h, kTWidthWord, 1), 14, 14);
      break;
    case FW_BRIG_IMAGE_QUERY_DEPTH:
    case FW_BRIG_IMAGE_QUERY_ARRAY:
      // ROCr keeps a 3D image's depth and an array's layer count in the
      // same field.
      v = size_field(k, load_words(k, h, kTDepthWord, 1), 0, 13);
      break;
    case FW_BRIG_IMAGE_QUERY_CHANNELORDER:
      v = load_words(k, h, kChannelOrderWord, 1);
      break;
    case FW_BRIG_IMAGE_QUERY_CHANNELTYPE:
      v = load_words(k, h, kChannelTypeWord, 1);
      break;
    default:
      k.fail("queryimage has an unknown query " + std::to_string(q.query) + " (PRM 7.5)");
  }
  k.write(inst.operands.at(0), v, FW_BRIG_TYPE_U32);
}

// querysampler (PRM 7.5): the sampler's properties as the BRIG values,
// read back from the S# fields ROCr's PopulateSamplerSrd sets. ROCr writes
// the same wrap mode for addressing undefined and repeat, so both read as
// repeat.
void querysampler(KernelTranslator& k, const Inst& inst) {
  auto q = k.entry<fw_brig_inst_query_sampler>();
  Value* h = handle(k, inst, 1);
  Value* v = nullptr;
  switch (q.query) {
    case FW_BRIG_SAMPLER_QUERY_ADDRESSING: {
      // CLAMP_X (SQ_TEX_CLAMP) -> BrigSamplerAddressing, one nibble per
      // hardware mode: wrap 0 -> repeat, mirror 1 -> mirrored_repeat,
      // clamp_last_texel 2 -> clamp_to_edge, clamp_border 6 ->
      // clamp_to_border; the mirror-once and half-border modes HSA has no
      // name for read as undefined.
      constexpr uint32_t kTable = (FW_BRIG_SAMPLER_ADDRESSING_REPEAT << 0) |
                                  (FW_BRIG_SAMPLER_ADDRESSING_MIRRORED_REPEAT << 4) |
                                  (FW_BRIG_SAMPLER_ADDRESSING_CLAMP_TO_EDGE << 8) |
                                  (FW_BRIG_SAMPLER_ADDRESSING_CLAMP_TO_BORDER << 24);
      Value* clamp = k.b.CreateAnd(load_words(k, h, kSClampWord, 1), 7);
      v = k.b.CreateAnd(k.b.CreateLShr(k.b.getInt32(kTable), k.b.CreateShl(clamp, 2)), 15);
      break;
    }
    case FW_BRIG_SAMPLER_QUERY_COORD: {
      // FORCE_UNNORMALIZED set -> unnormalized (0), clear -> normalized (1).
      Value* force = k.b.CreateAnd(k.b.CreateLShr(load_words(k, h, kSClampWord, 1), 15), 1);
      v = k.b.CreateXor(force, 1);
      break;
    }
    case FW_BRIG_SAMPLER_QUERY_FILTER:
      // XY_MAG_FILTER: point 0 and aniso point 2 -> nearest, bilinear 1
      // and aniso bilinear 3 -> linear.
      v = k.b.CreateAnd(k.b.CreateLShr(load_words(k, h, kSFilterWord, 1), 20), 1);
      break;
    default:
      k.fail("querysampler has an unknown query " + std::to_string(q.query) + " (PRM 7.5)");
  }
  k.write(inst.operands.at(0), v, FW_BRIG_TYPE_U32);
}

// imagefence (PRM 7.6): the work-item's earlier image stores are visible
// to its later image loads. An agent-scope acquire-release fence waits for
// every outstanding vector memory operation, image ones included
// (s_waitcnt vmcnt(0)), and invalidates the vector L1 (buffer_wbinvl1_vol),
// so no stale texel is read back.
void imagefence(KernelTranslator& k, const Inst&) {
  k.b.CreateFence(llvm::AtomicOrdering::AcquireRelease, k.ctx.getOrInsertSyncScopeID("agent"));
}

const OpcodeRow kRows[] = {
    {FW_BRIG_OPCODE_RDIMAGE, rdimage},           {FW_BRIG_OPCODE_LDIMAGE, ldimage},
    {FW_BRIG_OPCODE_STIMAGE, stimage},           {FW_BRIG_OPCODE_QUERYIMAGE, queryimage},
    {FW_BRIG_OPCODE_QUERYSAMPLER, querysampler}, {FW_BRIG_OPCODE_IMAGEFENCE, imagefence},
};

}  // namespace

RowSpan image_rows() { return {kRows, sizeof(kRows) / sizeof(kRows[0])}; }

}  // namespace hsail::finalizer::translate_detail
