// The validator's call rules (PRM 4.3.6, 10): actual arguments of call,
// scall and icall against every callee's formal arguments (count, element
// type, alignment, array shape), icall in the base profile, ret and
// branches inside arg blocks. Every program is also given to the HSAILasm
// oracle, which must reach the same verdict; rejected ones must fail in the
// validator (the parser accepts them) at the expected place.
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

// Lines 1-7 the header and callees, 8 "kernel &k()", 9 "{", 10 "\t{",
// 11 the arg block's variables, 12 the call (after two tabs: column 3).
std::string program(const std::string& decls, const std::string& call,
                    const std::string& profile = "$full") {
  return "module &m:1:0:" + profile +
         ":$large:$default;\n"
         "function &f(arg_u32 %r)(arg_u32 %a, arg_u8 %b[]) { ret; };\n"
         "function &g(arg_u32 %r)(arg_u32 %a, arg_u8 %b[]) { ret; };\n"
         "function &h(arg_f32 %r)(arg_u32 %a, arg_u8 %b[]) { ret; };\n"
         "signature &s(arg_u32 %r)(arg_u32 %a, arg_u8 %b[]);\n"
         "function &arr(arg_u32 %r[2])() { ret; };\n"
         "function &none()() { ret; };\n"
         "kernel &k()\n{\n\t{\n\t\t" +
         decls + "\n\t\t" + call + "\n\t}\n@out:\n\tret;\n};\n";
}

const char* const kArgs = "arg_u32 %r; arg_u32 %a; arg_u8 %b[4];";
const char* const kCall = "call &f (%r) (%a, %b);";

struct Case {
  const char* name;
  const char* decls;
  const char* call;
  const char* profile;
  int line;  // 0: valid; else where the validator points
  int column;
  const char* message;  // expected substring when invalid
};

const Case kCases[] = {
    // Direct calls (PRM 10.2, 10.6): a fixed-size actual array matches a
    // formal array without size.
    {"CallMatches", kArgs, kCall, "$full", 0, 0, ""},
    {"CallOutputType", "arg_b32 %r; arg_u32 %a; arg_u8 %b[4];", kCall, "$full", 12, 3,
     "output argument 1 has type b32, the formal argument u32"},
    {"CallInputType", "arg_u32 %r; arg_s32 %a; arg_u8 %b[4];", kCall, "$full", 12, 3,
     "input argument 1 has type s32, the formal argument u32"},
    {"CallAlignment", "arg_u32 %r; align(8) arg_u32 %a; arg_u8 %b[4];", kCall, "$full", 12, 3,
     "input argument 1 has another alignment"},
    {"CallScalarForArray", "arg_u32 %r; arg_u32 %a; arg_u8 %b;", kCall, "$full", 12, 3,
     "input argument 2 must be an array"},
    {"CallArrayForScalar", "arg_u32 %r; arg_u32 %a[1]; arg_u8 %b[4];", kCall, "$full", 12, 3,
     "input argument 1 must be a scalar"},
    {"CallArraySize", "arg_u32 %r[2];", "call &arr (%r) ();", "$full", 0, 0, ""},
    {"CallArraySizeDiffers", "arg_u32 %r[3];", "call &arr (%r) ();", "$full", 12, 3,
     "output argument 1 has 3 elements, the formal argument 2"},
    {"CallMissingOutput", "arg_u32 %a; arg_u8 %b[4];", "call &f () (%a, %b);", "$full", 12, 3,
     "0 output arguments, &f takes 1"},
    {"CallMissingInput", "arg_u32 %r; arg_u32 %a;", "call &f (%r) (%a);", "$full", 12, 3,
     "1 input arguments, &f takes 2"},
    {"CallExtraOutput", "arg_u32 %r;", "call &none (%r) ();", "$full", 12, 3,
     "1 output arguments, &none takes 0"},
    // scall (PRM 10.7): the arguments must match every function of the list.
    {"ScallMatches", kArgs, "scall_u32 $s0 (%r) (%a, %b) [&f, &g];", "$full", 0, 0, ""},
    {"ScallOneDiffers", kArgs, "scall_u32 $s0 (%r) (%a, %b) [&f, &h];", "$full", 12, 3,
     "output argument 1 has type u32, the formal argument f32"},
    // icall (PRM 10.8): against the signature; full profile only (16.2.1).
    {"IcallMatches", kArgs, "icall_u64 $d0 (%r) (%a, %b) &s;", "$full", 0, 0, ""},
    {"IcallInputType", "arg_u32 %r; arg_u16 %a; arg_u8 %b[4];", "icall_u64 $d0 (%r) (%a, %b) &s;",
     "$full", 12, 3, "input argument 1 has type u16, the formal argument u32"},
    {"IcallBaseProfile", kArgs, "icall_u64 $d0 (%r) (%a, %b) &s;", "$base", 12, 3,
     "icall is not supported by the base profile"},
    // Arg blocks (PRM 4.3.6): no ret, no branches across their boundary.
    {"RetInArgBlock", kArgs, "call &f (%r) (%a, %b); ret;", "$full", 12, 26,
     "ret cannot be used inside an arg block"},
    {"BranchOutOfArgBlock", kArgs, "call &f (%r) (%a, %b); br @out;", "$full", 12, 29,
     "branch to label @out in another scope"},
    {"BranchInsideArgBlock", kArgs, "call &f (%r) (%a, %b); @in: br @in;", "$full", 0, 0, ""},
    {"AllocaInArgBlock", kArgs, "alloca_u32 $s0, 4; call &f (%r) (%a, %b);", "$full", 12, 3,
     "alloca cannot be used inside an arg block"},
    // Calls only inside arg blocks, one per block, each actual argument
    // once, every block variable an argument (PRM 4.3.6, 10.2).
    {"CallOutsideArgBlock", kArgs, "call &f (%r) (%a, %b); } call &none () (); { call &none () ();",
     "$full", 12, 28, "calls must be inside an arg block"},
    {"ActualTwice", "arg_u32 %r; arg_u32 %a;", "call &f (%r) (%a, %a);", "$full", 12, 3,
     "an actual argument appears twice in the call"},
    {"ActualAsInputAndOutput", "arg_u32 %r; arg_u8 %b[4];", "call &f (%r) (%r, %b);", "$full", 12,
     3, "an actual argument appears twice in the call"},
    {"UnusedArgBlockVariable", "arg_u32 %r; arg_u32 %a; arg_u8 %b[4]; arg_u32 %x;", kCall, "$full",
     11, 49, "every variable of an arg block must be an argument of its call"},
};

class ValidatorCalls : public ::testing::TestWithParam<Case> {};

TEST_P(ValidatorCalls, VerdictAndPlace) {
  const Case& c = GetParam();
  hsail::Module m = hsail::parse_hsail(program(c.decls, c.call, c.profile));
  if (c.line == 0) {
    EXPECT_NO_THROW(hsail::validate(m)) << c.call;
    return;
  }
  try {
    hsail::validate(m);
    ADD_FAILURE() << "accepted: " << c.decls << " " << c.call;
  } catch (const hsail::ValidationError& e) {
    std::string d = hsail::format_diagnostic("in.hsail", e);
    std::string where = "in.hsail:" + std::to_string(c.line) + ":" + std::to_string(c.column);
    EXPECT_NE(d.find(where + ": "), std::string::npos) << d;
    EXPECT_NE(d.find(c.message), std::string::npos) << d;
  }
}

TEST_P(ValidatorCalls, OracleAgrees) {
  const Case& c = GetParam();
  std::string oracle = oracle_path();
  ASSERT_FALSE(oracle.empty()) << "HSAILasm not found: install hsail-tools (tools/deps)";
  ScratchDir dir;
  write_file(dir.file("in.hsail"), program(c.decls, c.call, c.profile));
  auto r = run({oracle, "-assemble", dir.file("in.hsail"), "-o", dir.file("out.brig")});
  EXPECT_EQ(r.exit_code == 0, c.line == 0) << c.call << "\n" << r.err;
}

INSTANTIATE_TEST_SUITE_P(Cases, ValidatorCalls, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           return std::string(info.param.name);
                         });

// A function reads its input arguments with ld and writes its output
// argument with st (PRM 10.2); kernel arguments are not concerned.
struct AccessCase {
  const char* name;
  const char* body;  // of "function &a(arg_u32 %r)(arg_u32 %i)": line 2 from column 39
  int column;        // 0: valid; else where the validator points on line 2
  const char* message;
};

const AccessCase kAccessCases[] = {
    {"ReadInputWriteOutput", "ld_arg_u32 $s0, [%i]; st_arg_u32 $s0, [%r];", 0, ""},
    {"WriteInput", "st_arg_u32 $s0, [%i];", 55, "input argument %i can only be read with ld"},
    {"ReadOutput", "ld_arg_u32 $s0, [%r];", 55, "output argument %r can only be written with st"},
};

std::string access_program(const std::string& body) {
  return "module &m:1:0:$full:$large:$default;\n"
         "function &a(arg_u32 %r)(arg_u32 %i) { " +
         body + " ret; };\n";
}

class ValidatorCallsAccess : public ::testing::TestWithParam<AccessCase> {};

TEST_P(ValidatorCallsAccess, VerdictAndPlace) {
  const AccessCase& c = GetParam();
  hsail::Module m = hsail::parse_hsail(access_program(c.body));
  if (c.column == 0) {
    EXPECT_NO_THROW(hsail::validate(m)) << c.body;
    return;
  }
  try {
    hsail::validate(m);
    ADD_FAILURE() << "accepted: " << c.body;
  } catch (const hsail::ValidationError& e) {
    std::string d = hsail::format_diagnostic("in.hsail", e);
    EXPECT_NE(d.find("in.hsail:2:" + std::to_string(c.column) + ": "), std::string::npos) << d;
    EXPECT_NE(d.find(c.message), std::string::npos) << d;
  }
}

TEST_P(ValidatorCallsAccess, OracleAgrees) {
  const AccessCase& c = GetParam();
  std::string oracle = oracle_path();
  ASSERT_FALSE(oracle.empty()) << "HSAILasm not found: install hsail-tools (tools/deps)";
  ScratchDir dir;
  write_file(dir.file("in.hsail"), access_program(c.body));
  auto r = run({oracle, "-assemble", dir.file("in.hsail"), "-o", dir.file("out.brig")});
  EXPECT_EQ(r.exit_code == 0, c.column == 0) << c.body << "\n" << r.err;
}

INSTANTIATE_TEST_SUITE_P(Cases, ValidatorCallsAccess, ::testing::ValuesIn(kAccessCases),
                         [](const ::testing::TestParamInfo<AccessCase>& info) {
                           return std::string(info.param.name);
                         });

// Offsets of the hsa_code entries of this kind, in order.
std::vector<uint32_t> find_code(const hsail::Module& m, uint16_t kind) {
  std::vector<uint32_t> found;
  const hsail::Section& code = m.code();
  for (uint32_t off = code.header_size(); off < code.size();) {
    fw_brig_base b = m.base_at(code, off);
    if (b.kind == kind) found.push_back(off);
    off += b.byte_count;
  }
  return found;
}

// A BRIG module gets the same judgement: retype the actual input %a of a
// valid call from u32 to s32 (the text for that is rejected by HSAILasm,
// case CallInputType above); the call instruction is at fault.
TEST(ValidatorCallsBrig, PatchedActualTypeIsRejected) {
  hsail::Module m = hsail::parse_hsail(program(kArgs, kCall));
  EXPECT_NO_THROW(hsail::validate(m));
  uint32_t call = 0;
  for (uint32_t off : find_code(m, FW_BRIG_KIND_INST_BR)) {
    if (m.code().get<fw_brig_inst_base>(off).opcode == FW_BRIG_OPCODE_CALL) call = off;
  }
  ASSERT_NE(call, 0u);
  // The arg block's variables come right before the call: %r, %a, %b.
  std::vector<uint32_t> vars = find_code(m, FW_BRIG_KIND_DIRECTIVE_VARIABLE);
  uint32_t actual = 0;
  for (uint32_t off : vars) {
    if (off < call) actual = off;
  }
  ASSERT_NE(actual, 0u);
  // Section::put writes whole entries: read, change one field, write.
  auto a = m.code().get<fw_brig_directive_variable>(actual);  // %b, the last one
  ASSERT_EQ(a.type, FW_BRIG_TYPE_U8 | FW_BRIG_TYPE_ARRAY);
  a.type = FW_BRIG_TYPE_S8 | FW_BRIG_TYPE_ARRAY;
  m.code().put(actual, a);
  std::vector<uint8_t> brig = m.to_brig();
  hsail::Module back = hsail::Module::from_brig(brig.data(), brig.size());
  try {
    hsail::validate(back);
    ADD_FAILURE() << "patched module accepted";
  } catch (const hsail::ValidationError& e) {
    EXPECT_EQ(e.pos(), nullptr);
    EXPECT_EQ(e.code_offset(), call);
    char where[32];
    std::snprintf(where, sizeof(where), "hsa_code@0x%x: ", call);
    std::string d = hsail::format_diagnostic("in.brig", e);
    EXPECT_NE(d.find(std::string("in.brig: ") + where), std::string::npos) << d;
    EXPECT_NE(d.find("input argument 2 has type s8, the formal argument u8"), std::string::npos)
        << d;
  }
}

}  // namespace
