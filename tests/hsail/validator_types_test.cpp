// The validator's type and modifier rules (PRM 4.14, 4.19.2, 5, 9, 11):
// conversions, roundings, ftz, packing controls, compares, type pairs and
// operands that must be immediates. Every snippet is also given to the
// HSAILasm oracle, which must reach the same verdict; rejected ones must
// fail in the validator (the parser accepts them) at the expected place.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

#include <hsail/text/parser.h>
#include <hsail/validate/validator.h>

#include "test_util.h"

namespace {

using hsail_test::oracle_path;
using hsail_test::run;
using hsail_test::ScratchDir;
using hsail_test::write_file;

// Line 1 header, 2 extension, 3 fbarrier, 4 "kernel &k()", 5 "{": the
// instruction is on line 6, after a tab (column 2).
std::string program(const std::string& inst) {
  return "module &m:1:0:$full:$large:$default;\n"
         "extension \"IMAGE\";\n"
         "fbarrier &fb;\n"
         "kernel &k()\n{\n\t" +
         inst + "\n\tret;\n};\n";
}

struct Case {
  const char* name;
  const char* inst;
  int column;           // 0: valid; else where the validator points on line 6
  const char* message;  // expected substring when invalid
};

const Case kCases[] = {
    // Conversions (PRM 5.19): type pairs, ftz only with a float source,
    // the rounding kind each conversion takes.
    {"CvtIntToFloat", "cvt_f32_u32 $s0, $s1;", 0, ""},
    {"CvtSaturatingIntegerRounding", "cvt_neari_sat_u8_f32 $s0, $s1;", 0, ""},
    {"CvtNarrowingFloatRounds", "cvt_near_f32_f64 $s0, $d1;", 0, ""},
    {"CvtFtzFromFloat", "cvt_ftz_b1_f32 $c0, $s1;", 0, ""},
    {"CvtSameSizeIntegers", "cvt_s32_u32 $s0, $s1;", 2,
     "cvt does not take source type u32 with type s32"},
    {"CvtSameFloat", "cvt_f32_f32 $s0, $s1;", 2, "cvt does not take source type f32 with type f32"},
    {"CvtFtzFromInteger", "cvt_ftz_f32_u32 $s0, $s1;", 2,
     "converting u32 to f32 does not take ftz"},
    {"CvtFloatRoundingToInteger", "cvt_near_u32_f32 $s0, $s1;", 2,
     "takes an integer rounding, not rounding near"},
    {"CvtWideningIsExact", "cvt_near_f64_f32 $d0, $s1;", 2, "takes none, not rounding near"},
    {"CvtIntegerToIntegerIsExact", "cvt_zeroi_sat_s8_u16 $s0, $s1;", 2,
     "takes none, not rounding zeroi_sat"},
    {"CvtIntegerRoundingToFloat", "cvt_upi_sat_f32_f64 $s0, $d1;", 2,
     "takes a float rounding, not rounding upi_sat"},
    // Float arithmetic takes float roundings only (PRM 4.19.2).
    {"AddFloatRounding", "add_zero_f32 $s0, $s1, $s2;", 0, ""},
    {"AddIntegerRounding", "add_neari_f32 $s0, $s1, $s2;", 2,
     "add on f32 takes a float rounding, not rounding neari"},
    {"FmaSignallingRounding", "fma_ftz_szeroi_f64 $d0, $d1, $d2, $d3;", 2, "not rounding szeroi"},
    // Compares (PRM 5.18).
    {"CmpBitEquality", "cmp_ne_b1_b64 $c0, $d1, $d2;", 0, ""},
    {"CmpUnorderedFloat", "cmp_sgeu_b1_f32 $c0, $s1, $s2;", 0, ""},
    {"CmpPackedFloat", "cmp_equ_pp_u16x2_f16x2 $s0, $s1, $s2;", 0, ""},
    {"CmpUnorderedInteger", "cmp_num_b1_u32 $c0, $s0, $s1;", 2,
     "does not take compare operation num"},
    {"CmpOrderedB1", "cmp_lt_b1_b1 $c0, $c1, 1;", 2, "on b1 does not take compare operation lt"},
    {"CmpBitDestination", "cmp_eq_b32_b32 $s0, $s1, 0;", 2,
     "cmp does not take source type b32 with type b32"},
    {"CmpPackedNeedsPP", "cmp_eq_ps_u8x4_u8x4 $s0, $s1, $s2;", 2, "does not take packing ps"},
    {"CmpPackedDestinationShape", "cmp_eq_pp_u8x4_s16x2 $s0, $s1, $s2;", 2,
     "cmp does not take source type s16x2 with type u8x4"},
    // Packing controls (PRM 4.14).
    {"IntegerPackedSaturates", "mul_pp_sat_u8x4 $s0, $s1, $s2;", 0, ""},
    {"FloatPackedDoesNotSaturate", "add_pp_sat_f32x2 $d0, $d1, $d2;", 2,
     "add on f32x2 does not take packing pp_sat"},
    {"MaxDoesNotSaturate", "max_pp_sat_u8x4 $s0, $s1, $s2;", 2, "does not take packing pp_sat"},
    {"UnaryTakesUnaryControls", "abs_pp_s8x4 $s0, $s1;", 2, "abs on s8x4 does not take packing pp"},
    {"SqrtPackedFloat", "sqrt_p_f32x2 $d0, $d1;", 0, ""},
    {"SqrtBinaryControl", "sqrt_pp_f32x2 $d0, $d1;", 2, "sqrt on f32x2 does not take packing pp"},
    {"CopysignPacked", "copysign_ps_f16x2 $s0, $s1, $s2;", 0, ""},
    // Type and source type pairs (PRM 5.7, 5.9, 5.15, 9.4).
    {"PackElementSource", "pack_s16x2_s32 $s0, $s1, $s2, 1;", 0, ""},
    {"PackScalarType", "pack_u32_u32 $s0, $s1, $s2, 3;", 2, "pack does not take type u32"},
    {"PackWrongElement", "pack_f32x2_f16 $d0, $d1, $s2, 1;", 2,
     "pack does not take source type f16 with type f32x2"},
    {"UnpackWrongElement", "unpack_f32_u8x4 $s0, $s1, 2;", 2,
     "unpack does not take source type u8x4 with type f32"},
    {"PopcountType", "popcount_b32_b32 $s0, $s1;", 2, "popcount does not take type b32"},
    {"LaneCountSourceType", "activelanecount_u32_u32 $s0, 1;", 2,
     "activelanecount does not take source type u32"},
    {"SadPackedType", "sad_u8x4_u8x4 $s0, $s1, $s2, $s3;", 2, "sad does not take type u8x4"},
    // Operands that must be immediates, fbarriers, or not WAVESIZE.
    {"ExceptionImmediate", "cleardetectexcept_u32 1;", 0, ""},
    {"ExceptionRegister", "cleardetectexcept_u32 $s1;", 24, "operand 0 must be an immediate"},
    {"ShuffleControlWavesize", "shuffle_u8x4 $s0, $s1, $s2, WAVESIZE;", 30,
     "operand 3 must be an immediate"},
    {"UnpackcvtIndex", "unpackcvt_f32_u8x4 $s0, $s1, 3;", 0, ""},
    {"UnpackcvtIndexRange", "unpackcvt_f32_u8x4 $s0, $s1, 4;", 31, "immediate 0, 1, 2 or 3"},
    {"UnpackcvtIndexRegister", "unpackcvt_f32_u8x4 $s0, $s1, $s1;", 31, "immediate 0, 1, 2 or 3"},
    {"ClassWavesize", "class_b1_f32 $c0, $s1, WAVESIZE;", 25, "must be a register or an immediate"},
    {"WavesizeB64", "mov_b64 $d0, WAVESIZE;", 0, ""},
    {"WavesizeB128", "mov_b128 $q0, WAVESIZE;", 16,
     "cannot be WAVESIZE: the instruction type is b128"},
    {"WavesizeB128Source", "expand_v4_b32_b128 ($s0, $s1, $s2, $s3), WAVESIZE;", 43,
     "cannot be WAVESIZE: the source type is b128"},
    // Images (PRM 7.2-7.5).
    {"RdimageHalfTexels", "rdimage_v4_2d_f16_roimg_f32 ($s0, $s1, $s2, $s3), $d0, $d1, ($s4, $s5);",
     0, ""},
    {"RdimageWritableImage",
     "rdimage_v4_2d_f32_rwimg_f32 ($s0, $s1, $s2, $s3), $d0, $d1, ($s4, $s5);", 2,
     "rdimage does not take image type rwimg"},
    {"RdimageBuffer", "rdimage_v4_1db_f32_roimg_f32 ($s0, $s1, $s2, $s3), $d0, $d1, $s4;", 2,
     "rdimage does not take geometry 1db"},
    {"LdimageFloatCoordinates", "ldimage_v4_1d_u32_roimg_f32 ($s0, $s1, $s2, $s3), $d0, $s4;", 2,
     "ldimage does not take coordinate type f32"},
    {"DepthIsOneRegister", "ldimage_2ddepth_f32_roimg_u32 $s0, $d0, ($s4, $s5);", 0, ""},
    {"DepthIsNotAVector",
     "rdimage_v4_2ddepth_f32_roimg_f32 ($s0, $s1, $s2, $s3), $d0, $d1, ($s4, $s5);", 35,
     "takes one register, not a vector"},
    {"QueryDepthOf3d", "queryimage_3d_depth_u32_woimg $s0, $d0;", 0, ""},
    {"QueryDepthOf2d", "queryimage_2d_depth_u32_roimg $s0, $d0;", 2,
     "an image of geometry 2d has no depth"},
    {"MovHandle", "mov_sig64 $d0, $d1;", 0, ""},
    {"LdfFbarrier", "ldf_u32 $s0, &fb;", 0, ""},
    {"LdfRegister", "ldf_u32 $s0, $s1;", 15, "operand 1 must name an fbarrier"},
};

class ValidatorTypes : public ::testing::TestWithParam<Case> {};

TEST_P(ValidatorTypes, VerdictAndPlace) {
  const Case& c = GetParam();
  std::string text = program(c.inst);
  hsail::Module m = hsail::parse_hsail(text);  // the parser accepts every case
  if (c.column == 0) {
    EXPECT_NO_THROW(hsail::validate(m)) << c.inst;
    return;
  }
  try {
    hsail::validate(m);
    ADD_FAILURE() << "accepted: " << c.inst;
  } catch (const hsail::ValidationError& e) {
    std::string d = hsail::format_diagnostic("in.hsail", e);
    EXPECT_NE(d.find("in.hsail:6:" + std::to_string(c.column) + ": "), std::string::npos) << d;
    EXPECT_NE(d.find(c.message), std::string::npos) << d;
  }
}

TEST_P(ValidatorTypes, OracleAgrees) {
  const Case& c = GetParam();
  std::string oracle = oracle_path();
  ASSERT_FALSE(oracle.empty()) << "HSAILasm not found: install hsail-tools (tools/deps)";
  ScratchDir dir;
  write_file(dir.file("in.hsail"), program(c.inst));
  auto r = run({oracle, "-assemble", dir.file("in.hsail"), "-o", dir.file("out.brig")});
  EXPECT_EQ(r.exit_code == 0, c.column == 0) << c.inst << "\n" << r.err;
}

INSTANTIATE_TEST_SUITE_P(Cases, ValidatorTypes, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           return std::string(info.param.name);
                         });

// Offset of the first hsa_code entry of this kind.
uint32_t find_code(const hsail::Module& m, uint16_t kind) {
  const hsail::Section& code = m.code();
  for (uint32_t off = code.header_size(); off < code.size();) {
    fw_brig_base b = m.base_at(code, off);
    if (b.kind == kind) return off;
    off += b.byte_count;
  }
  ADD_FAILURE() << "no entry of kind " << kind;
  return 0;
}

// A BRIG module gets the same judgement: patch a valid cvt_f32_u32 to
// round with neari (HSAILasm's text for that, cvt_neari_f32_u32, is
// rejected: int to float takes a float rounding, PRM 5.19.3).
TEST(ValidatorTypesBrig, PatchedCvtRoundingIsRejected) {
  hsail::Module m = hsail::parse_hsail(program("cvt_f32_u32 $s0, $s1;"));
  uint32_t at = find_code(m, FW_BRIG_KIND_INST_CVT);
  // Section::put writes whole aligned entries: read, change one field, write.
  auto cvt = m.code().get<fw_brig_inst_cvt>(at);
  EXPECT_EQ(cvt.round, FW_BRIG_ROUND_FLOAT_DEFAULT);
  EXPECT_NO_THROW(hsail::validate(m));
  cvt.round = FW_BRIG_ROUND_INTEGER_NEAR_EVEN;
  m.code().put(at, cvt);
  std::vector<uint8_t> brig = m.to_brig();
  hsail::Module back = hsail::Module::from_brig(brig.data(), brig.size());
  try {
    hsail::validate(back);
    ADD_FAILURE() << "patched module accepted";
  } catch (const hsail::ValidationError& e) {
    EXPECT_EQ(e.pos(), nullptr);
    EXPECT_EQ(e.code_offset(), at);
    char where[32];
    std::snprintf(where, sizeof(where), "hsa_code@0x%x: ", at);
    std::string d = hsail::format_diagnostic("in.brig", e);
    EXPECT_NE(d.find(std::string("in.brig: ") + where), std::string::npos) << d;
    EXPECT_NE(d.find("takes a float rounding, not rounding neari"), std::string::npos) << d;
  }
}

// Fields the text syntax cannot even spell: ftz on an integer add, an
// unknown compare operation.
TEST(ValidatorTypesBrig, ModifiersTheRowDoesNotTake) {
  hsail::Module m = hsail::parse_hsail(program("add_ftz_f32 $s0, $s1, $s2;"));
  uint32_t at = find_code(m, FW_BRIG_KIND_INST_MOD);
  auto add = m.code().get<fw_brig_inst_mod>(at);
  add.base.type = FW_BRIG_TYPE_U32;
  m.code().put(at, add);
  EXPECT_THROW(hsail::validate(m), hsail::ValidationError);
  hsail::Module c = hsail::parse_hsail(program("cmp_eq_b1_f32 $c0, $s1, $s2;"));
  uint32_t at_cmp = find_code(c, FW_BRIG_KIND_INST_CMP);
  EXPECT_NO_THROW(hsail::validate(c));
  auto cmp = c.code().get<fw_brig_inst_cmp>(at_cmp);
  cmp.compare = 200;
  c.code().put(at_cmp, cmp);
  EXPECT_THROW(hsail::validate(c), hsail::ValidationError);
}

// Handles are copied register to register (PRM 5.8): a b64 constant
// becomes an invalid operand once the type says sig64.
TEST(ValidatorTypesBrig, HandleMoveNeedsRegister) {
  hsail::Module m = hsail::parse_hsail(program("mov_b64 $d0, 0;"));
  EXPECT_NO_THROW(hsail::validate(m));
  uint32_t at = find_code(m, FW_BRIG_KIND_INST_BASIC);
  auto mov = m.code().get<fw_brig_inst_basic>(at);
  ASSERT_EQ(mov.base.opcode, FW_BRIG_OPCODE_MOV);
  mov.base.type = FW_BRIG_TYPE_SIG64;
  m.code().put(at, mov);
  std::vector<uint8_t> brig = m.to_brig();
  try {
    hsail::validate(hsail::Module::from_brig(brig.data(), brig.size()));
    ADD_FAILURE() << "patched module accepted";
  } catch (const hsail::ValidationError& e) {
    std::string d = hsail::format_diagnostic("in.brig", e);
    EXPECT_NE(d.find("hsa_code@0x"), std::string::npos) << d;
    EXPECT_NE(d.find("operand 1 must be a register for type sig64"), std::string::npos) << d;
  }
}

// A constant must hold the bytes of its operand type: point add_u64's
// immediate at 4 bytes of data.
TEST(ValidatorTypesBrig, ConstantOfTheWrongSize) {
  hsail::Module m = hsail::parse_hsail(program("add_u64 $d0, $d1, 7;"));
  EXPECT_NO_THROW(hsail::validate(m));
  const hsail::Section& ops = m.operands();
  uint32_t at = 0;
  for (uint32_t off = ops.header_size(); off < ops.size(); off += m.base_at(ops, off).byte_count) {
    if (m.base_at(ops, off).kind == FW_BRIG_KIND_OPERAND_CONSTANT_BYTES) at = off;
  }
  ASSERT_NE(at, 0u);
  auto k = m.operands().get<fw_brig_operand_constant_bytes>(at);
  EXPECT_EQ(m.data_bytes(k.bytes).size(), 8u);
  k.bytes = m.add_bytes("\x07\0\0\0", 4);
  m.operands().put(at, k);
  std::vector<uint8_t> brig = m.to_brig();
  try {
    hsail::validate(hsail::Module::from_brig(brig.data(), brig.size()));
    ADD_FAILURE() << "patched module accepted";
  } catch (const hsail::ValidationError& e) {
    std::string d = hsail::format_diagnostic("in.brig", e);
    EXPECT_NE(d.find("hsa_code@0x"), std::string::npos) << d;
    EXPECT_NE(d.find("operand 2 is a 4-byte constant, the operand type is u64"), std::string::npos)
        << d;
  }
}

}  // namespace
