// Inputs we must reject with "file:line:column: message". Each case also
// records what the HSAILasm oracle does with it: invalid HSAIL must be
// rejected by both tools, and every "not supported yet" case must be valid
// HSAIL that HSAILasm accepts (so the message tells the truth).
#include <gtest/gtest.h>

#include <string>

#include <hsail/text/parser.h>

#include "test_util.h"

namespace {

using hsail_test::file_exists;
using hsail_test::oracle_path;
using hsail_test::run;
using hsail_test::ScratchDir;
using hsail_test::write_file;

const char kHeader[] = "module &m:1:0:$full:$large:$default;\n";

struct Case {
  const char* name;
  const char* body;     // text after the module header line
  int line, column;     // expected position (line 1 is the header)
  const char* message;  // expected substring
  bool valid_hsail;     // HSAILasm accepts it (we do not support it yet)
};

// Wraps instructions into a kernel: line 2 is "kernel &k(kernarg_u64 %p)",
// line 3 "{", so the first instruction is on line 4.
#define K(insts) "kernel &k(kernarg_u64 %p)\n{\n" insts "\n\tret;\n};\n"

const Case kCases[] = {
    {"UnknownInstruction", K("\tfoo_u32 $s0, $s1;"), 4, 2, "unknown instruction 'foo'", false},
    {"WrongRegisterSize", K("\tadd_u32 $d0, $s1, $s2;"), 4, 10, "wrong size", false},
    {"UndefinedLabel", K("\tbr @nowhere;"), 4, 5, "undefined label '@nowhere'", false},
    {"UndefinedSymbol", K("\tld_global_u32 $s0, [&nope];"), 4, 22, "undefined symbol '&nope'",
     false},
    {"MissingSemicolon", K("\tmov_b32 $s0, 1\n\tmov_b32 $s1, 2;"), 5, 2, "expected ';'", false},
    {"F64ConstantForF32", K("\tadd_f32 $s0, $s1, 1.0;"), 4, 20, "f64 constant cannot be", false},
    {"GroupAddressNeeds32BitRegister", K("\tld_group_u32 $s0, [$d0];"), 4, 21, "wrong size", false},
    {"MissingTypeSuffix", K("\tadd $s0, $s1, $s2;"), 4, 2, "missing type", false},
    {"TypeNotAllowed", K("\tand_u32 $s0, $s1, $s2;"), 4, 2, "does not take type u32", false},
    {"AtomicnoretCas", K("\tatomicnoret_cas_global_scar_agent_b32 [$d0], $s1, $s2;"), 4, 2,
     "does not take the cas operation", false},
    {"AtomicLdNeedsBitType", K("\tatomic_ld_global_scacq_agent_u32 $s0, [$d0];"), 4, 2,
     "atomic ld does not take type u32", false},
    {"SignalWaitNeedsSignedType", K("\tsignal_wait_eq_scacq_u64_sig64 $d0, $d1, 0;"), 4, 2,
     "signal wait_eq does not take type u64", false},
    {"SignalValueSizeMismatch", K("\tsignal_add_scacq_s32_sig64 $s0, $d1, 0;"), 4, 2,
     "does not match sig64", false},
    {"MissingMemoryOrder", K("\tatomic_add_global_u32 $s0, [$d0], 1;"), 4, 2,
     "expected a memory order", false},
    {"DimensionOutOfRange", K("\tworkitemabsid_u32 $s0, 3;"), 4, 25, "dimension", false},
    {"LabelDefinedTwice", K("@a:\n@a:"), 5, 1, "defined twice", false},
    {"KernelRedefined", "kernel &k()\n{\n\tret;\n};\nkernel &k()\n{\n\tret;\n};\n", 6, 8,
     "redefinition of '&k'", false},
    {"ModuleDeclNeverDefined", "decl function &f()();\n", 2, 15, "never defined", false},
    {"UnterminatedComment", "/* open\n", 2, 1, "unterminated comment", false},
    {"MalformedFloat", K("\tmov_f32 $s0, 0F123;"), 4, 15, "malformed float constant", false},
    {"InitializerOnDeclaration", "decl prog global_u32 &g = 1;\n", 2, 25,
     "cannot have an initializer", false},
    {"VectorCountMismatch", K("\tld_v2_global_u32 ($s0, $s1, $s2), [$d0];"), 4, 19,
     "needs 2 elements", false},
    {"SegmentNotAllowed", K("\tstof_global_u64_u64 $d0, $d1;"), 4, 2,
     "does not take the global segment", false},
    {"ControlDirectiveAtModuleLevel", "requireddim 2;\n", 2, 1, "not allowed at module level",
     false},
    {"MissingModuleHeaderValue", "kernel &k(\n", 3, 1, "expected", false},
    // Valid HSAIL outside this slice: rejected as "not supported yet".
    {"PackedNeedsPackingControl", K("\tadd_u8x4 $s0, $s1, $s2;"), 4, 2, "packing control", false},
    {"PackingControlNeedsPackedType", K("\tadd_pp_u32 $s0, $s1, $s2;"), 4, 2, "needs a packed type",
     false},
    {"IcallNeedsSignature", K("\ticall_u64 $d0 () () &k;"), 4, 22, "is not a signature", false},
    {"InitializedImageNeedsAgentAllocation",
     "extension \"IMAGE\";\nglobal_roimg &img = roimg(geometry = 1d, width = 4, "
     "channel_type = unorm_int8, channel_order = r);\n",
     3, 1, "need agent allocation", false},
    {"ImageHeightNotAllowedFor1d",
     "extension \"IMAGE\";\nreadonly_roimg &i = roimg(geometry = 1d, width = 4, height = 2, "
     "channel_type = float, channel_order = r);\n",
     3, 21, "height cannot be given", false},
    {"UnnormalizedSamplerNeedsClamp",
     "extension \"IMAGE\";\nreadonly_samp &s = samp(coord = unnormalized, filter = linear, "
     "addressing = repeat);\n",
     3, 20, "unnormalized coordinates", false},
    {"B1Variable", "global_b1 &x;\n", 2, 1, "cannot have type b1", false},
    {"RdimageNeedsGeometry",
     "extension \"IMAGE\";\n" K("\trdimage_v4_f32_roimg_f32 ($s0, $s1, $s2, $s3), $d0, $d1, $s4;"),
     5, 2, "expected an image geometry", false},
};

class HsailNegative : public ::testing::TestWithParam<Case> {};

TEST_P(HsailNegative, RejectedAtThePosition) {
  const Case& c = GetParam();
  std::string text = std::string(kHeader) + c.body;
  try {
    hsail::parse_hsail(text);
    ADD_FAILURE() << "accepted:\n" << text;
  } catch (const hsail::SyntaxError& e) {
    EXPECT_EQ(e.pos().line, c.line) << e.what();
    EXPECT_EQ(e.pos().column, c.column) << e.what();
    EXPECT_NE(std::string(e.what()).find(c.message), std::string::npos) << e.what();
  }
}

TEST_P(HsailNegative, OracleAgrees) {
  const Case& c = GetParam();
  std::string oracle = oracle_path();
  ASSERT_FALSE(oracle.empty()) << "HSAILasm not found: install hsail-tools (tools/deps)";
  ScratchDir dir;
  write_file(dir.file("in.hsail"), std::string(kHeader) + c.body);
  auto r = run({oracle, "-assemble", dir.file("in.hsail"), "-o", dir.file("out.brig")});
  if (c.valid_hsail) {
    EXPECT_EQ(r.exit_code, 0) << "HSAILasm rejects a case we call valid:\n" << r.err;
  } else {
    EXPECT_NE(r.exit_code, 0) << "HSAILasm accepts a case we reject";
  }
}

INSTANTIATE_TEST_SUITE_P(Cases, HsailNegative, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           return std::string(info.param.name);
                         });

// The tool prints "file:line:column: message", exits 1 and writes nothing.
TEST(HsailTool, SyntaxErrorPrintsPositionAndLeavesNoOutput) {
  ScratchDir dir;
  std::string in = dir.file("bad.hsail"), out = dir.file("bad.brig");
  write_file(in, std::string(kHeader) + K("\tadd_u32 $s0, $s1;"));
  auto r = run({HSAILASM_TOOL, "-assemble", in, "-o", out});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find(in + ":4:18: expected ','"), std::string::npos) << r.err;
  EXPECT_FALSE(file_exists(out));
}

TEST(HsailTool, MalformedBrigIsRejectedWithoutOutput) {
  ScratchDir dir;
  std::string in = dir.file("bad.brig"), out = dir.file("bad.hsail");
  write_file(in, "HSA BRIG but far too short");
  auto r = run({HSAILASM_TOOL, "-disassemble", in, "-o", out});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find(in + ": "), std::string::npos) << r.err;
  EXPECT_FALSE(file_exists(out));
}

TEST(HsailTool, UsageErrorsExitWithTwo) {
  EXPECT_EQ(run({HSAILASM_TOOL}).exit_code, 2);
  EXPECT_EQ(run({HSAILASM_TOOL, "-bogus", "x.hsail"}).exit_code, 2);
  EXPECT_EQ(run({HSAILASM_TOOL, "x.hsail", "-o"}).exit_code, 2);
}

TEST(HsailTool, MissingInputFileIsAnError) {
  ScratchDir dir;
  auto r = run({HSAILASM_TOOL, dir.file("absent.hsail"), "-o", dir.file("x.brig")});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_FALSE(file_exists(dir.file("x.brig")));
}

}  // namespace
