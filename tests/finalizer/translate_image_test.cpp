// Images and samplers (PRM 7, translate_image.cpp): the gfx900 code of
// every image instruction form in tests/hsail/corpus/image_kernels.hsail
// read back with llvm-objdump-14; queryimage and querysampler values
// computed from descriptors laid out as ROCr lays them out (the
// independent reference: ROCr's PopulateImageSrd/PopulateSamplerSrd field
// choices and the PRM's enumeration values); refusals with their position.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "backend_test_kernels.h"
#include "translate_test_util.h"

namespace finalizer_test {
namespace {

using hsail::finalizer::FinalizeError;

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The disassembly of each kernel of a code object, by kernel name.
std::map<std::string, std::string> kernels_code(const std::string& disassembly) {
  std::map<std::string, std::string> out;
  std::istringstream in(disassembly);
  std::string line, current;
  while (std::getline(in, line)) {
    size_t open = line.find(" <&");
    if (open != std::string::npos && line.back() == ':') {
      current = line.substr(open + 3, line.size() - open - 5);
      continue;
    }
    if (!current.empty()) out[current] += line + "\n";
  }
  return out;
}

class ImageCode : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::string text = read_text(std::string(HSAIL_CORPUS_DIR) + "/image_kernels.hsail");
    hsail::Module brig = hsail::parse_hsail(text);
    hsail::validate(brig);
    hsail::finalizer::Options options;
    std::vector<uint8_t> code = hsail::finalizer::finalize(brig, options);
    TempDir dir;
    std::string path = dir.write("images.co", code);
    code_ = new std::map<std::string, std::string>(
        kernels_code(run(std::string(LLVM_OBJDUMP) + " -d --mcpu=gfx900 " + path)));
  }
  static void TearDownTestSuite() {
    delete code_;
    code_ = nullptr;
  }
  static const std::string& kernel(const std::string& name) {
    static const std::string none;
    auto it = code_->find(name);
    return it == code_->end() ? none : it->second;
  }
  static std::map<std::string, std::string>* code_;
};
std::map<std::string, std::string>* ImageCode::code_ = nullptr;

struct Expect {
  const char* kernel;
  std::vector<const char*> present;
  std::vector<const char*> absent;
};

// What each kernel's code must (and must not) hold: the MIMG or MUBUF
// opcode with the channel mask (0xf a texel, 0x1 a depth value), `da` for
// arrays, the descriptors in SGPRs by scalar loads (T# x8, S# x4, V# x4).
const Expect kExpect[] = {
    {"rd_1d",
     {"s_load_dwordx8", "s_load_dwordx4", "image_sample_lz v[0:3]", "dmask:0xf"},
     {" da", "unorm", "readfirstlane"}},
    {"rd_2d", {"image_sample_lz v[0:3]", "dmask:0xf"}, {" da", "unorm"}},
    {"rd_3d", {"image_sample_lz v[0:3]", "dmask:0xf"}, {" da", "unorm"}},
    {"rd_1da", {"image_sample_lz v[0:3]", "dmask:0xf da"}, {"unorm"}},
    // A float array index is rounded to the nearest layer.
    {"rd_2da", {"v_rndne_f32", "image_sample_lz v[0:3]", "dmask:0xf da"}, {"unorm"}},
    {"rd_2ddepth", {"image_sample_lz v0,", "dmask:0x1"}, {" da", "dmask:0xf"}},
    {"rd_2dadepth", {"image_sample_lz v0,", "dmask:0x1 da"}, {"dmask:0xf"}},
    // Integer coordinates are converted to f32.
    {"rd_2d_s32", {"v_cvt_f32_i32", "image_sample_lz v[0:3]"}, {}},
    {"rd_2d_f16", {"image_sample_lz v[0:3]", "v_cvt_f16_f32"}, {}},
    {"ld_1d",
     {"s_load_dwordx8", "image_load v[0:3]", "dmask:0xf unorm"},
     {" da", "s_load_dwordx4 s[8"}},
    {"ld_2d", {"image_load v[0:3]", "dmask:0xf unorm"}, {" da"}},
    {"ld_3d", {"image_load v[0:3]", "dmask:0xf unorm"}, {" da"}},
    {"ld_1da", {"image_load v[0:3]", "dmask:0xf unorm da"}, {}},
    {"ld_2da", {"image_load v[0:3]", "dmask:0xf unorm da"}, {}},
    {"ld_1db", {"buffer_load_format_xyzw v[0:3]", "idxen"}, {"image_", "s_load_dwordx8"}},
    {"ld_2ddepth", {"image_load v0,", "dmask:0x1 unorm"}, {" da"}},
    {"ld_2dadepth", {"image_load v0,", "dmask:0x1 unorm da"}, {}},
    {"ld_1db_f16", {"buffer_load_format_xyzw", "v_cvt_f16_f32"}, {"image_"}},
    {"st_1d", {"s_load_dwordx8", "image_store v[0:3]", "dmask:0xf unorm"}, {" da"}},
    {"st_2d", {"image_store v[0:3]", "dmask:0xf unorm"}, {" da"}},
    {"st_3d", {"image_store v[0:3]", "dmask:0xf unorm"}, {" da"}},
    {"st_1da", {"image_store v[0:3]", "dmask:0xf unorm da"}, {}},
    {"st_2da", {"image_store v[0:3]", "dmask:0xf unorm da"}, {}},
    {"st_1db", {"buffer_store_format_xyzw v[0:3]", "idxen"}, {"image_", "s_load_dwordx8"}},
    {"st_2ddepth", {"image_store v", "dmask:0x1 unorm"}, {" da", "dmask:0xf"}},
    {"st_2dadepth", {"image_store v", "dmask:0x1 unorm da"}, {"dmask:0xf"}},
    // f16 channels are widened to f32 for the store.
    {"st_2d_f16", {"v_cvt_f32_f16", "image_store v[0:3]"}, {}},
    // dwords 2 (width, height), 4 (depth, layers), 8 (channel type), 9
    // (channel order), 10 (1DB width) of the image object.
    {"query_image",
     {"s_load_dword s8, s[0:1], 0x8", "0x28", "0x24", "0x20", "0x10", "s_and_b32", "0x3fff",
      "0x1fff"},
     {"image_"}},
    // S# dword 0 (clamp, force_unnormalized) and dword 2 (xy_mag_filter).
    {"query_sampler", {"s_load_dword", "0x2000143", "0x10014"}, {"image_"}},
    // imagefence: wait for the store, invalidate the vector L1, then load.
    {"fence", {"image_store", "s_waitcnt vmcnt(0)", "buffer_wbinvl1_vol", "image_load"}, {}},
    {"variables", {"s_getpc_b64", "image_sample_lz"}, {}},
    // A handle that differs between work-items: a waterfall loop over the
    // distinct descriptors.
    {"divergent",
     {"global_load_dwordx4", "v_readfirstlane_b32", "v_cmp_eq_u64", "s_and_saveexec_b64",
      "image_load", "s_cbranch_execnz"},
     {}},
    {"call_texel", {"image_sample_lz", "dmask:0x1"}, {}},
};

TEST_F(ImageCode, EveryFormHasItsInstructions) {
  for (const Expect& e : kExpect) {
    const std::string& code = kernel(e.kernel);
    ASSERT_FALSE(code.empty()) << e.kernel;
    EXPECT_NE(code.find("s_endpgm"), std::string::npos) << e.kernel;
    for (const char* p : e.present) {
      EXPECT_NE(code.find(p), std::string::npos) << e.kernel << " lacks " << p << "\n" << code;
    }
    for (const char* a : e.absent) {
      EXPECT_EQ(code.find(a), std::string::npos) << e.kernel << " has " << a << "\n" << code;
    }
  }
}

TEST_F(ImageCode, FenceOrdersTheStoreBeforeTheLoad) {
  const std::string& code = kernel("fence");
  size_t store = code.find("image_store");
  size_t wait = code.find("s_waitcnt vmcnt(0)", store);
  size_t inv = code.find("buffer_wbinvl1_vol", store);
  size_t load = code.find("image_load", store);
  ASSERT_NE(store, std::string::npos) << code;
  EXPECT_LT(wait, inv) << code;
  EXPECT_LT(inv, load) << code;
}

// The IR names the LLVM 14 intrinsic of each geometry.
TEST(TranslateImage, IntrinsicsPerGeometry) {
  llvm::LLVMContext context;
  auto m =
      translate_text(context, read_text(std::string(HSAIL_CORPUS_DIR) + "/image_kernels.hsail"));
  EXPECT_EQ(verify(*m), "");
  std::string ir = ir_text(*m);
  for (const char* name : {"llvm.amdgcn.image.sample.lz.1d.v4f32.f32",
                           "llvm.amdgcn.image.sample.lz.2d.v4f32.f32",
                           "llvm.amdgcn.image.sample.lz.3d.v4f32.f32",
                           "llvm.amdgcn.image.sample.lz.1darray.v4f32.f32",
                           "llvm.amdgcn.image.sample.lz.2darray.v4f32.f32",
                           "llvm.amdgcn.image.sample.lz.2d.f32.f32",
                           "llvm.amdgcn.image.sample.lz.2darray.f32.f32",
                           "llvm.amdgcn.image.load.1d.v4f32.i32",
                           "llvm.amdgcn.image.load.2d.v4f32.i32",
                           "llvm.amdgcn.image.load.3d.v4f32.i32",
                           "llvm.amdgcn.image.load.1darray.v4f32.i32",
                           "llvm.amdgcn.image.load.2darray.v4f32.i32",
                           "llvm.amdgcn.image.load.2d.f32.i32",
                           "llvm.amdgcn.image.load.2darray.f32.i32",
                           "llvm.amdgcn.struct.buffer.load.format.v4f32",
                           "llvm.amdgcn.image.store.1d.v4f32.i32",
                           "llvm.amdgcn.image.store.2d.v4f32.i32",
                           "llvm.amdgcn.image.store.3d.v4f32.i32",
                           "llvm.amdgcn.image.store.1darray.v4f32.i32",
                           "llvm.amdgcn.image.store.2darray.v4f32.i32",
                           "llvm.amdgcn.image.store.2d.f32.i32",
                           "llvm.amdgcn.image.store.2darray.f32.i32",
                           "llvm.amdgcn.struct.buffer.store.format.v4f32",
                           "fence syncscope(\"agent\") acq_rel",
                           "!invariant.load"}) {
    EXPECT_NE(ir.find(name), std::string::npos) << name;
  }
}

// queryimage and querysampler on descriptor words laid out as ROCr's gfx9
// image manager writes them: each invariant descriptor load becomes the
// word at its offset, and the results fold to constants.
std::vector<Stored> query(const std::vector<uint32_t>& words, const std::string& body) {
  std::string text =
      "module &m:1:0:$full:$large:$default;\nextension \"IMAGE\";\n"
      "kernel &k(kernarg_u64 %out, kernarg_u64 %handle)\n{\n\tld_kernarg_u64 $d2, [%out];\n"
      "\tld_kernarg_u64 $d1, [%handle];\n" +
      body + "\tret;\n};\n";
  llvm::LLVMContext context;
  auto m = translate_text(context, text);
  EXPECT_EQ(verify(*m), "");
  simplify(*m);
  const llvm::DataLayout& dl = m->getDataLayout();
  std::vector<llvm::LoadInst*> loads;
  for (llvm::Function& f : *m) {
    for (llvm::BasicBlock& bb : f) {
      for (llvm::Instruction& i : bb) {
        auto* load = llvm::dyn_cast<llvm::LoadInst>(&i);
        if (load && load->getMetadata(llvm::LLVMContext::MD_invariant_load)) loads.push_back(load);
      }
    }
  }
  EXPECT_FALSE(loads.empty());
  for (llvm::LoadInst* load : loads) {
    llvm::APInt offset(64, 0);
    load->getPointerOperand()->stripAndAccumulateConstantOffsets(dl, offset, true);
    size_t first = offset.getZExtValue() / 4;
    llvm::Type* t = load->getType();
    unsigned count = t->isVectorTy() ? llvm::cast<llvm::FixedVectorType>(t)->getNumElements() : 1;
    std::vector<llvm::Constant*> elems;
    for (unsigned n = 0; n < count; ++n) {
      uint32_t w = first + n < words.size() ? words[first + n] : 0;
      elems.push_back(llvm::ConstantInt::get(llvm::Type::getInt32Ty(context), w));
    }
    load->replaceAllUsesWith(count == 1 ? elems[0] : llvm::ConstantVector::get(elems));
    load->eraseFromParent();
  }
  return stored_values(*m, "&k");
}

std::vector<uint64_t> values(const std::vector<Stored>& s) {
  std::vector<uint64_t> v;
  for (const Stored& x : s) v.push_back(x.constant ? x.value : ~uint64_t{0});
  return v;
}

// A T# for a width x height x depth image (ROCr: WIDTH-1 in word 2 bits
// 13:0, HEIGHT-1 in 27:14, DEPTH-1 or layers-1 in word 4 bits 12:0;
// channel type, order and width in dwords 8-10).
std::vector<uint32_t> image_object(uint32_t w, uint32_t h, uint32_t d, uint32_t type,
                                   uint32_t order) {
  return {0x12345600,
          0x00900000,
          (w - 1) | ((h - 1) << 14),
          0xfac688,
          (d - 1) | (7u << 13),
          0,
          0,
          0,
          type,
          order,
          w};
}

TEST(TranslateImage, QueryImageReadsRocrsLayout) {
  // 2DA 300 x 17, 5 layers, unorm_int8 (2) rgba (8); a 3D image's depth
  // shares the field.
  auto v = values(
      query(image_object(300, 17, 5, FW_BRIG_CHANNEL_TYPE_UNORM_INT8, FW_BRIG_CHANNEL_ORDER_RGBA),
            "\tqueryimage_2da_width_u32_roimg $s0, $d1;\n\tst_global_u32 $s0, [$d2];\n"
            "\tqueryimage_2da_height_u32_roimg $s0, $d1;\n\tst_global_u32 $s0, [$d2+4];\n"
            "\tqueryimage_2da_array_u32_roimg $s0, $d1;\n\tst_global_u32 $s0, [$d2+8];\n"
            "\tqueryimage_3d_depth_u32_rwimg $s0, $d1;\n\tst_global_u32 $s0, [$d2+12];\n"
            "\tqueryimage_2da_channelorder_u32_roimg $s0, $d1;\n"
            "\tst_global_u32 $s0, [$d2+16];\n"
            "\tqueryimage_2da_channeltype_u32_roimg $s0, $d1;\n"
            "\tst_global_u32 $s0, [$d2+20];\n"
            "\tqueryimage_1db_width_u32_woimg $s0, $d1;\n\tst_global_u32 $s0, [$d2+24];\n"));
  EXPECT_EQ(v, (std::vector<uint64_t>{300, 17, 5, 5, FW_BRIG_CHANNEL_ORDER_RGBA,
                                      FW_BRIG_CHANNEL_TYPE_UNORM_INT8, 300}));
  // The largest sizes the fields hold: 16384 x 16384, 8192 layers.
  v = values(query(
      image_object(16384, 16384, 8192, FW_BRIG_CHANNEL_TYPE_FLOAT, FW_BRIG_CHANNEL_ORDER_DEPTH),
      "\tqueryimage_2d_width_u32_roimg $s0, $d1;\n\tst_global_u32 $s0, [$d2];\n"
      "\tqueryimage_2d_height_u32_roimg $s0, $d1;\n\tst_global_u32 $s0, [$d2+4];\n"
      "\tqueryimage_2dadepth_array_u32_roimg $s0, $d1;\n"
      "\tst_global_u32 $s0, [$d2+8];\n"));
  EXPECT_EQ(v, (std::vector<uint64_t>{16384, 16384, 8192}));
}

// An S# as ROCr's PopulateSamplerSrd builds it for an HSA sampler
// descriptor: CLAMP_X/Y/Z (wrap 0, mirror 1, clamp_last_texel 2,
// clamp_border 6), FORCE_UNNORMALIZED (word 0 bit 15), MAX_LOD 4095 (word
// 1 bits 23:12), XY_MAG/MIN_FILTER (word 2 bits 21:20, 23:22: point 0,
// bilinear 1).
std::vector<uint32_t> sampler_object(uint8_t addressing, uint8_t coord, uint8_t filter) {
  uint32_t clamp = 0;
  switch (addressing) {
    case FW_BRIG_SAMPLER_ADDRESSING_CLAMP_TO_EDGE:
      clamp = 2;
      break;
    case FW_BRIG_SAMPLER_ADDRESSING_CLAMP_TO_BORDER:
      clamp = 6;
      break;
    case FW_BRIG_SAMPLER_ADDRESSING_MIRRORED_REPEAT:
      clamp = 1;
      break;
    default:  // undefined, repeat
      clamp = 0;
  }
  uint32_t w0 = clamp | (clamp << 3) | (clamp << 6) |
                (coord == FW_BRIG_SAMPLER_COORD_UNNORMALIZED ? 1u << 15 : 0);
  uint32_t w1 = 4095u << 12;
  uint32_t w2 = (uint32_t{filter} << 20) | (uint32_t{filter} << 22);
  return {w0, w1, w2, 0};
}

TEST(TranslateImage, QuerySamplerReadsTheSamplerDescriptor) {
  const char* body =
      "\tquerysampler_addressing_u32 $s0, $d1;\n\tst_global_u32 $s0, [$d2];\n"
      "\tquerysampler_coord_u32 $s0, $d1;\n\tst_global_u32 $s0, [$d2+4];\n"
      "\tquerysampler_filter_u32 $s0, $d1;\n\tst_global_u32 $s0, [$d2+8];\n";
  for (uint8_t addressing :
       {FW_BRIG_SAMPLER_ADDRESSING_CLAMP_TO_EDGE, FW_BRIG_SAMPLER_ADDRESSING_CLAMP_TO_BORDER,
        FW_BRIG_SAMPLER_ADDRESSING_REPEAT, FW_BRIG_SAMPLER_ADDRESSING_MIRRORED_REPEAT}) {
    for (uint8_t coord : {FW_BRIG_SAMPLER_COORD_UNNORMALIZED, FW_BRIG_SAMPLER_COORD_NORMALIZED}) {
      for (uint8_t filter : {FW_BRIG_SAMPLER_FILTER_NEAREST, FW_BRIG_SAMPLER_FILTER_LINEAR}) {
        auto v = values(query(sampler_object(addressing, coord, filter), body));
        EXPECT_EQ(v, (std::vector<uint64_t>{addressing, coord, filter}))
            << int(addressing) << " " << int(coord) << " " << int(filter);
      }
    }
  }
  // ROCr gives undefined the wrap mode of repeat: it reads back as repeat.
  auto v = values(query(sampler_object(FW_BRIG_SAMPLER_ADDRESSING_UNDEFINED, 1, 0), body));
  EXPECT_EQ(v[0], FW_BRIG_SAMPLER_ADDRESSING_REPEAT);
}

std::string refusal(const std::string& text) {
  try {
    llvm::LLVMContext context;
    translate_text(context, text);
  } catch (const FinalizeError& e) {
    return e.what();
  }
  return "";
}

// An initialized image or sampler variable translates: its handle is a
// zeroed word the loader fills with an object it makes (the note is
// checked in handle_init_test.cpp, the objects in
// image_init_dispatch_test.cpp).
TEST(TranslateImage, InitializedHandlesTranslate) {
  EXPECT_EQ(refusal("module &m:1:0:$full:$large:$default;\nextension \"IMAGE\";\n"
                    "readonly_samp &s = samp(coord = normalized, filter = linear, addressing = "
                    "clamp_to_edge);\n"),
            "");
  EXPECT_EQ(refusal("module &m:1:0:$full:$large:$default;\nextension \"IMAGE\";\n"
                    "kernel &k()\n{\n\treadonly_roimg %i[1] = roimg[](roimg(geometry = 1d, width "
                    "= 4, channel_type = float, channel_order = r));\n\tret;\n};\n"),
            "");
  // Without an initializer a handle variable is a 64-bit word.
  EXPECT_EQ(refusal("module &m:1:0:$full:$large:$default;\nextension \"IMAGE\";\n"
                    "prog global_woimg &w[3];\nprog readonly_samp &s;\n"),
            "");
}

}  // namespace
}  // namespace finalizer_test

namespace finalizer_test {
namespace {

// The image instruction of an unvalidated module, patched by f; the error
// translate() gives for it.
template <class F>
std::string patched_refusal(const std::string& body, F f) {
  hsail::Module m = hsail::parse_hsail(
      "module &m:1:0:$full:$large:$default;\nextension \"IMAGE\";\n"
      "kernel &k(kernarg_roimg %i, kernarg_samp %s)\n{\n" +
      body + "\n\tret;\n};\n");
  const hsail::Section& code = m.code();
  for (uint32_t off = code.header_size(); off < code.size();
       off += m.base_at(code, off).byte_count) {
    if (m.base_at(code, off).kind != FW_BRIG_KIND_INST_IMAGE) continue;
    auto inst = m.code_entry<fw_brig_inst_image>(off);
    f(inst);
    m.code().put(off, inst);
  }
  try {
    llvm::LLVMContext context;
    hsail::finalizer::translate(m, context, hsail::finalizer::Options{});
  } catch (const FinalizeError& e) {
    return e.what();
  }
  return "";
}

// Malformed image instructions the validator would reject are refused at
// their position, never miscompiled.
TEST(TranslateImage, MalformedImageInstructionsKeepTheirPosition) {
  const std::string rd =
      "\trdimage_v4_2d_f32_roimg_f32 ($s0, $s1, $s2, $s3), $d0, $d1, ($s4, $s5);";
  EXPECT_EQ(patched_refusal(rd, [](fw_brig_inst_image& i) { i.geometry = FW_BRIG_GEOMETRY_1DB; }),
            "5:2: rdimage does not take geometry 1db (PRM 7.2)");
  EXPECT_EQ(patched_refusal(rd, [](fw_brig_inst_image& i) { i.geometry = 9; }),
            "5:2: an image instruction with unknown geometry 9 (PRM 7.1)");
  EXPECT_EQ(patched_refusal(rd, [](fw_brig_inst_image& i) { i.geometry = FW_BRIG_GEOMETRY_3D; }),
            "5:2: rdimage needs 3 coordinates for its geometry (PRM 7.1)");
  EXPECT_EQ(
      patched_refusal(rd, [](fw_brig_inst_image& i) { i.geometry = FW_BRIG_GEOMETRY_2DDEPTH; }),
      "5:2: rdimage takes one register for a depth image (PRM 7.1)");
  EXPECT_EQ(patched_refusal(rd, [](fw_brig_inst_image& i) { i.coord_type = FW_BRIG_TYPE_F64; }),
            "5:2: rdimage does not take coordinate type f64 (PRM 7.2)");
  EXPECT_EQ(patched_refusal(rd, [](fw_brig_inst_image& i) { i.base.type = FW_BRIG_TYPE_U64; }),
            "5:2: rdimage does not take type u64 (PRM 7.2)");
  EXPECT_EQ(patched_refusal("\tldimage_v4_1d_u32_roimg_u32 ($s0, $s1, $s2, $s3), $d0, $s4;",
                            [](fw_brig_inst_image& i) { i.coord_type = FW_BRIG_TYPE_F32; }),
            "5:2: ldimage does not take coordinate type f32 (PRM 7.3)");
  EXPECT_EQ(patched_refusal(rd, [](fw_brig_inst_image&) {}), "");
}

}  // namespace
}  // namespace finalizer_test

namespace finalizer_test {
namespace {

// Every image instruction form: opcode x geometry x texel type x image
// type x coordinate type, every queryimage query and geometry, every
// querysampler query. Each one the validator accepts translates to IR the
// verifier accepts, and all of them together generate code for gfx900 and
// gfx803 (the backend aborts on IR it cannot select).
std::vector<std::string> image_forms() {
  const char* geometries[] = {"1d", "2d", "3d", "1da", "2da", "1db", "2ddepth", "2dadepth"};
  const unsigned coords[] = {1, 2, 3, 2, 3, 1, 2, 3};
  std::vector<std::string> out;
  for (int g = 0; g < 8; ++g) {
    std::string geo = geometries[g];
    bool depth = geo.find("depth") != std::string::npos;
    std::string texel = depth ? "$s0" : "($s0, $s1, $s2, $s3)";
    std::string c = coords[g] == 1 ? "$s4" : coords[g] == 2 ? "($s4, $s5)" : "($s4, $s5, $s6)";
    for (const char* type : {"u32", "s32", "f32", "f16"}) {
      for (const char* image : {"roimg", "woimg", "rwimg"}) {
        for (const char* coord : {"u32", "s32", "f32"}) {
          std::string suffix = std::string(depth ? "" : "_v4") + "_" + geo + "_" + type + "_" +
                               image + "_" + coord + " ";
          out.push_back("rdimage" + suffix + texel + ", $d0, $d1, " + c);
          out.push_back("ldimage" + suffix + texel + ", $d0, " + c);
          out.push_back("stimage" + suffix + texel + ", $d0, " + c);
        }
      }
    }
    for (const char* q : {"width", "height", "depth", "array", "channelorder", "channeltype"}) {
      for (const char* image : {"roimg", "woimg", "rwimg"}) {
        out.push_back("queryimage_" + geo + "_" + q + "_u32_" + image + " $s0, $d0");
      }
    }
  }
  for (const char* q : {"addressing", "coord", "filter"}) {
    out.push_back(std::string("querysampler_") + q + "_u32 $s0, $d1");
  }
  out.push_back("imagefence");
  return out;
}

std::string image_kernel(const std::vector<std::string>& lines) {
  std::string t =
      "module &m:1:0:$full:$large:$default;\nextension \"IMAGE\";\n"
      "kernel &k(kernarg_u64 %p)\n{\n\tld_kernarg_u64 $d2, [%p];\n\tld_global_u64 $d0, [$d2];\n"
      "\tld_global_u64 $d1, [$d2+8];\n\tld_global_u32 $s4, [$d2+16];\n"
      "\tld_global_u32 $s5, [$d2+20];\n\tld_global_u32 $s6, [$d2+24];\n";
  for (const std::string& l : lines) {
    t += "\t" + l + ";\n";
    t += "\tst_v4_global_u32 ($s0, $s1, $s2, $s3), [$d2];\n";
  }
  return t + "\tret;\n};\n";
}

TEST(TranslateImage, EveryValidFormCompilesForBothTargets) {
  std::vector<std::string> accepted;
  int invalid = 0;
  for (const std::string& line : image_forms()) {
    hsail::Module brig;
    try {
      brig = hsail::parse_hsail(image_kernel({line}));
      hsail::validate(brig);
    } catch (const std::exception&) {
      ++invalid;
      continue;
    }
    llvm::LLVMContext context;
    try {
      auto m = hsail::finalizer::translate(brig, context, hsail::finalizer::Options{});
      EXPECT_EQ(verify(*m), "") << line;
      accepted.push_back(line);
    } catch (const FinalizeError& e) {
      ADD_FAILURE() << line << ": " << e.what();
    }
  }
  std::printf("image forms: %zu translated, %d invalid HSAIL\n", accepted.size(), invalid);
  // rdimage: 7 geometries x 4 types x 2 coordinate types; ldimage and
  // stimage: 8 x 4 x 2 image types; queryimage: width, channelorder and
  // channeltype of 8 geometries, height of 5, depth of 1, array of 3 (PRM
  // 7.5), each for 3 image types; 3 querysampler; imagefence.
  EXPECT_EQ(accepted.size(), 56u + 64u + 64u + 33u * 3u + 3u + 1u);
  hsail::Module brig = hsail::parse_hsail(image_kernel(accepted));
  hsail::validate(brig);
  for (hsail::finalizer::Gpu gpu :
       {hsail::finalizer::Gpu::kGfx900, hsail::finalizer::Gpu::kGfx803}) {
    hsail::finalizer::Options options;
    options.gpu = gpu;
    EXPECT_GT(hsail::finalizer::finalize(brig, options).size(), 1000u);
  }
}

}  // namespace
}  // namespace finalizer_test
