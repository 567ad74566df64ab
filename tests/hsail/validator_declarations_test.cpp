// The validator's declaration rules (PRM 4.3.1, 10.3.3): a later directive
// of a module-scope name must agree with the earlier one. Every pair is
// also given to the HSAILasm oracle, which must reach the same verdict.
#include <gtest/gtest.h>

#include <string>

#include <hsail/text/parser.h>
#include <hsail/validate/validator.h>

#include "test_util.h"

namespace {

struct Case {
  const char* name;
  const char* first;    // line 2
  const char* second;   // line 3
  const char* message;  // "" when valid
};

const Case kCases[] = {
    {"VariableDeclThenDef", "decl global_u32 &x;", "global_u32 &x;", ""},
    {"VariableDefThenDecl", "global_u32 &x;", "decl global_u32 &x;", ""},
    {"VariableType", "decl global_u32 &x;", "global_s32 &x;", "&x differs in type"},
    {"VariableSegment", "decl global_u32 &x;", "readonly_u32 &x;", "&x differs in segment"},
    {"OpenArrayMatchesAnySize", "decl global_u32 &x[];", "global_u32 &x[4];", ""},
    {"ArraySize", "decl global_u32 &x[3];", "global_u32 &x[4];", "&x differs in array size"},
    {"ScalarAndArray", "decl global_u32 &x;", "global_u32 &x[4];", "&x differs in type"},
    {"Alignment", "decl global_u32 &x;", "align(8) global_u32 &x;", "&x differs in alignment"},
    {"Const", "decl global_u32 &x;", "const global_u32 &x = 1;", "&x differs in const"},
    {"Linkage", "decl global_u32 &x;", "prog global_u32 &x;", "&x differs in linkage"},
    {"Allocation", "decl global_u32 &x;", "alloc(agent) global_u32 &x;",
     "&x differs in allocation"},
    {"FunctionArgNamesMayDiffer", "decl function &f()(arg_u32 %a);",
     "function &f()(arg_u32 %b) { ret; };", ""},
    {"FunctionArgType", "decl function &f()(arg_u32 %a);", "function &f()(arg_s32 %a) { ret; };",
     "&f: argument 1 differs in type"},
    {"FunctionArgCount", "decl function &f()(arg_u32 %a);",
     "function &f()(arg_u32 %a, arg_u32 %c) { ret; };", "&f has other arguments"},
    {"FunctionArgArraySize", "decl function &f()(arg_u32 %a[]);",
     "function &f()(arg_u32 %a[3]) { ret; };", "&f: argument 1 differs in array size"},
    {"KernelArgType", "decl kernel &k(kernarg_u32 %a);", "kernel &k(kernarg_u64 %a) { ret; };",
     "&k: argument 1 differs in type"},
    {"KernelAgrees", "decl kernel &k(kernarg_u32 %a);", "kernel &k(kernarg_u32 %a) { ret; };", ""},
    {"FbarrierLinkage", "decl fbarrier &b;", "prog fbarrier &b;", "&b differs in linkage"},
    {"FunctionLinkage", "decl prog function &f()();", "function &f()() { ret; };",
     "&f differs in linkage"},
};

std::string program(const Case& c) {
  return std::string("module &m:1:0:$full:$large:$default;\n") + c.first + "\n" + c.second + "\n";
}

class ValidatorDeclarations : public ::testing::TestWithParam<Case> {};

TEST_P(ValidatorDeclarations, VerdictAndMessage) {
  const Case& c = GetParam();
  std::string text = program(c);
  std::string error;
  try {
    hsail::validate(hsail::parse_hsail(text));
  } catch (const hsail::ValidationError& e) {
    error = hsail::format_diagnostic("input", e);
  }
  if (*c.message == '\0') {
    EXPECT_EQ(error, "");
  } else {
    // The later directive is at fault: line 3.
    EXPECT_EQ(error.rfind("input:3:", 0), 0u) << error;
    EXPECT_NE(error.find(c.message), std::string::npos) << error;
  }
}

TEST_P(ValidatorDeclarations, OracleAgrees) {
  const Case& c = GetParam();
  std::string oracle = hsail_test::oracle_path();
  ASSERT_FALSE(oracle.empty()) << "HSAILasm not found: install hsail-tools (tools/deps)";
  hsail_test::ScratchDir dir;
  hsail_test::write_file(dir.file("d.hsail"), program(c));
  int rc = hsail_test::run({oracle, dir.file("d.hsail"), "-o", dir.file("d.brig")}).exit_code;
  EXPECT_EQ(rc == 0, *c.message == '\0');
}

INSTANTIATE_TEST_SUITE_P(Pairs, ValidatorDeclarations, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<Case>& p) {
                           return std::string(p.param.name);
                         });

// BRIG input: a second definition of a name (which the parser never
// writes) is refused with the entry's offset.
TEST(ValidatorDeclarationsBrig, DefinitionTwiceIsRefused) {
  hsail::Module m = hsail::parse_hsail(
      "module &m:1:0:$full:$large:$default;\ndecl global_u32 &x;\nglobal_u32 &x;\n");
  hsail::Section& code = m.code();
  for (uint32_t off = code.header_size(); off < code.size();) {
    fw_brig_base b = m.base_at(code, off);
    if (b.kind == FW_BRIG_KIND_DIRECTIVE_VARIABLE) {
      auto v = m.code_entry<fw_brig_directive_variable>(off);
      v.modifier |= FW_BRIG_VARIABLE_DEFINITION;
      code.put(off, v);
    }
    off += b.byte_count;
  }
  std::vector<uint8_t> brig = m.to_brig();
  try {
    hsail::validate(hsail::Module::from_brig(brig.data(), brig.size()));
    FAIL() << "two definitions of &x validated";
  } catch (const hsail::ValidationError& e) {
    std::string d = hsail::format_diagnostic("x.brig", e);
    EXPECT_EQ(d.rfind("x.brig: hsa_code@0x", 0), 0u) << d;
    EXPECT_NE(d.find("&x is defined twice"), std::string::npos) << d;
  }
}

}  // namespace
