// The validator's directive rules (PRM 4.3, 10.4, 13): control directive
// operands and placement, loc, variable alignment, const and arrays
// without size, formal arguments, arg blocks. Every program is also given
// to the HSAILasm oracle, which must reach the same verdict; rejected ones
// must fail in the validator (the parser accepts them) at the expected
// place.
#include <gtest/gtest.h>

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

// Line 1 the header, 2 a module-level line, 3 "kernel &k()", 4 "{", the
// body from line 5 on, each of its lines after a tab (column 2).
std::string program(const std::string& module_line, const std::string& body) {
  return "module &m:1:0:$full:$large:$default;\n" + module_line + "\nkernel &k()\n{\n\t" + body +
         "\n\tret;\n};\n";
}

struct Case {
  const char* name;
  const char* module_line;
  const char* body;
  int line;  // 0: valid; -1: invalid, position not checked; else where the validator points
  int column;
  const char* message;  // expected substring when invalid
};

const Case kCases[] = {
    // Control directive operands (PRM 13.5).
    {"RequireddimInRange", "", "requireddim 3;", 0, 0, ""},
    {"RequireddimZero", "", "requireddim 0;", 5, 2, "requireddim must be 1, 2 or 3"},
    {"RequireddimFour", "", "requireddim 4;", 5, 2, "requireddim must be 1, 2 or 3"},
    {"RequireddimWavesize", "", "requireddim WAVESIZE;", 5, 2,
     "requireddim does not take WAVESIZE"},
    {"MaxflatworkgroupsizeZero", "", "maxflatworkgroupsize 0;", 5, 2,
     "maxflatworkgroupsize operands must be greater than 0"},
    {"MaxflatgridsizeWavesize", "", "maxflatgridsize WAVESIZE;", 0, 0, ""},
    {"RequiredgridsizeZero", "", "requiredgridsize 64, 0, 1;", 5, 2,
     "requiredgridsize operands must be greater than 0"},
    {"MaxdynamicgroupsizeZero", "", "maxdynamicgroupsize 0;", 0, 0, ""},
    {"EnablebreakexceptionsWavesize", "", "enablebreakexceptions WAVESIZE;", 5, 2,
     "enablebreakexceptions does not take WAVESIZE"},
    {"EnabledetectexceptionsAllBits", "", "enabledetectexceptions 4294967295;", 0, 0, ""},
    {"RepeatedWithOtherValue", "", "maxflatworkgroupsize 5;\n\tmaxflatworkgroupsize 6;", 0, 0, ""},
    // Placement: only comments, loc, pragma and control directives first.
    {"ControlAfterAnnotations", "", "// c\n\tloc 1;\n\tpragma \"x\";\n\trequireddim 1;", 0, 0, ""},
    {"ControlAfterInstruction", "", "mov_b32 $s0, 1;\n\tmaxflatworkgroupsize 5;", 6, 2,
     "maxflatworkgroupsize must come before the first definition or statement"},
    {"ControlAfterVariable", "", "private_u32 %x;\n\trequireddim 2;", 6, 2,
     "requireddim must come before"},
    // loc (PRM 13.2).
    // Pragma operands (PRM 13.4): the first need not be a string; HSAILasm
    // and existing programs name pragmas with integers and identifiers.
    {"PragmaIntegerFirst", "pragma 5, \"x\";", "pragma 7;", 0, 0, ""},
    {"PragmaFloatFirst", "", "pragma 1.5f, 2;", 0, 0, ""},
    {"PragmaSymbolFirst", "", "pragma &k, 2;", 0, 0, ""},
    {"LocLineZero", "", "loc 0;", 5, 2, "loc line number must be greater than 0"},
    {"LocColumnZero", "", "loc 1 0;", 5, 2, "loc column number must be greater than 0"},
    {"LocModuleLevelLineZero", "loc 0 1 \"a.c\";", "", 2, 1,
     "loc line number must be greater than 0"},
    // Variables: at least the natural alignment (PRM 4.3.10).
    {"AlignNatural", "align(4) global_u32 &x;", "", 0, 0, ""},
    {"AlignBelowNatural", "align(2) global_u32 &x;", "", 2, 21,
     "alignment must be at least the natural one, 4 bytes for u32"},
    {"AlignPackedBelowNatural", "align(8) global_u8x16 &x;", "", 2, 23,
     "at least the natural one, 16 bytes for u8x16"},
    {"AlignSignalHandle", "align(4) global_sig64 &x;", "", 2, 23,
     "at least the natural one, 8 bytes for sig64"},
    {"AlignArrayElement", "align(1) global_u16 &x[4];", "", 2, 21,
     "at least the natural one, 2 bytes for u16"},
    // const definitions need an initializer (PRM 4.3.10).
    {"ConstWithInitializer", "const global_u32 &x = 1;", "", 0, 0, ""},
    {"ConstWithoutInitializer", "prog const readonly_u32 &x;", "", 2, 25,
     "a const variable definition needs an initializer"},
    {"ConstInBodyWithoutInitializer", "", "const global_u32 %x;", 5, 19,
     "a const variable definition needs an initializer"},
    // Arrays without size: module-scope declarations and the last input
    // argument of a function or signature only (PRM 4.3.10, 10.4).
    {"ArrayWithoutSizeDeclaration", "decl prog global_u32 &x[];", "", 0, 0, ""},
    {"ArrayWithoutSizeDefinition", "prog global_u32 &x[];", "", 2, 17,
     "an array definition needs a size"},
    {"ArrayWithoutSizeInBody", "", "private_u32 %x[];", 5, 14,
     "only the last input argument of a function can be an array without size"},
    {"LastInputArgumentWithoutSize", "function &f()(arg_u32 %y, arg_u32 %x[]) { ret; };", "", 0, 0,
     ""},
    {"InputArgumentWithoutSizeNotLast", "function &f()(arg_u32 %x[], arg_u32 %y) { ret; };", "", 2,
     23, "only the last input argument can be an array without size"},
    {"SignatureArgumentWithoutSizeNotLast", "signature &s()(arg_u32 %x[], arg_u32 %y);", "", 2, 24,
     "only the last input argument can be an array without size"},
    {"OutputArgumentWithoutSize", "function &f(arg_u32 %x[])() { ret; };", "", 2, 21,
     "output array arguments need a size"},
    {"KernelArgumentWithoutSize", "kernel &k2(kernarg_u32 %x[]) { ret; };", "", 2, 24,
     "kernel array arguments need a size"},
    {"TwoOutputArguments", "function &f(arg_u32 %a, arg_u32 %b)() { ret; };", "", 2, 10,
     "functions have at most one output argument"},
    // Extensions first, and CORE alone (PRM 13.1).
    {"ExtensionAfterAnnotation", "// c\nextension \"IMAGE\";", "", 0, 0, ""},
    {"ExtensionAfterVariable", "global_u32 &x;\nextension \"IMAGE\";", "", 3, 1,
     "extension directives must come before every other directive"},
    {"CoreWithImage", "extension \"CORE\";\nextension \"IMAGE\";", "", 3, 1,
     "extension \"CORE\" cannot be combined with other extensions"},
    // Arg blocks hold exactly one call and no fbarrier (PRM 4.3.6).
    {"FbarrierInArgBlock", "function &f()() { ret; };", "{\n\tfbarrier %fb;\n\tcall &f () ();\n\t}",
     6, 2, "fbarriers cannot be defined inside an arg block"},
    {"ArgBlockTwoCalls", "function &f()() { ret; };", "{\n\tcall &f () ();\n\tcall &f () ();\n\t}",
     7, 2, "an arg block must hold only one call"},
    // The parser records no source position for the braces of an arg block:
    // line -1 checks the verdict and message only.
    {"ArgBlockNoCall", "", "{\n\t}", -1, 0, "an arg block must hold one call, this one has none"},
};

class ValidatorDirectives : public ::testing::TestWithParam<Case> {};

TEST_P(ValidatorDirectives, VerdictAndPlace) {
  const Case& c = GetParam();
  hsail::Module m = hsail::parse_hsail(program(c.module_line, c.body));
  if (c.line == 0) {
    EXPECT_NO_THROW(hsail::validate(m)) << c.module_line << c.body;
    return;
  }
  try {
    hsail::validate(m);
    ADD_FAILURE() << "accepted: " << c.module_line << c.body;
  } catch (const hsail::ValidationError& e) {
    std::string d = hsail::format_diagnostic("in.hsail", e);
    std::string where = "in.hsail:" + std::to_string(c.line) + ":" + std::to_string(c.column);
    if (c.line > 0) {
      EXPECT_NE(d.find(where + ": "), std::string::npos) << d;
    }
    EXPECT_NE(d.find(c.message), std::string::npos) << d;
  }
}

TEST_P(ValidatorDirectives, OracleAgrees) {
  const Case& c = GetParam();
  std::string oracle = oracle_path();
  ASSERT_FALSE(oracle.empty()) << "HSAILasm not found: install hsail-tools (tools/deps)";
  ScratchDir dir;
  write_file(dir.file("in.hsail"), program(c.module_line, c.body));
  auto r = run({oracle, "-assemble", dir.file("in.hsail"), "-o", dir.file("out.brig")});
  EXPECT_EQ(r.exit_code == 0, c.line == 0) << c.module_line << c.body << "\n" << r.err;
}

INSTANTIATE_TEST_SUITE_P(Cases, ValidatorDirectives, ::testing::ValuesIn(kCases),
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

// Rejects the BRIG module and checks the diagnostic names the entry at
// `at` by offset (no source positions) with the message.
void expect_brig_rejected(hsail::Module& m, uint32_t at, const std::string& message) {
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
    EXPECT_NE(d.find(message), std::string::npos) << d;
  }
}

// A BRIG module gets the same judgement: a loc with line 0 (the text
// "loc 0;" is rejected by HSAILasm, case LocLineZero above).
TEST(ValidatorDirectivesBrig, PatchedLocLineIsRejected) {
  hsail::Module m = hsail::parse_hsail(program("", "loc 7;"));
  EXPECT_NO_THROW(hsail::validate(m));
  uint32_t at = find_code(m, FW_BRIG_KIND_DIRECTIVE_LOC);
  // Section::put writes whole entries: read, change one field, write.
  auto loc = m.code().get<fw_brig_directive_loc>(at);
  EXPECT_EQ(loc.line, 7u);
  loc.line = 0;
  m.code().put(at, loc);
  expect_brig_rejected(m, at, "loc line number must be greater than 0");
}

// A field the text cannot spell: a control directive the PRM does not
// define.
TEST(ValidatorDirectivesBrig, ControlDirectivesTheTextCannotSpell) {
  hsail::Module m = hsail::parse_hsail(program("", "requirenopartialworkgroups;"));
  EXPECT_NO_THROW(hsail::validate(m));
  uint32_t at = find_code(m, FW_BRIG_KIND_DIRECTIVE_CONTROL);
  auto d = m.code().get<fw_brig_directive_control>(at);
  d.control = 99;
  m.code().put(at, d);
  expect_brig_rejected(m, at, "unknown control directive 99");
}

}  // namespace
