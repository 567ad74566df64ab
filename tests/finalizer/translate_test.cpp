// translate(): HSAIL kernels per instruction family become verified LLVM IR
// with the expected kernel signature, and constant inputs fold to the
// values a C++ computation of the same operations gives.
#include <gtest/gtest.h>
#include <llvm/IR/Function.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

#include "prm_examples.h"
#include "translate_test_util.h"

namespace finalizer_test {
namespace {

using hsail::finalizer::FinalizeError;

std::string type_string(llvm::Type* t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  t->print(os);
  return os.str();
}

std::vector<std::string> signature(llvm::Function* f) {
  std::vector<std::string> out;
  for (llvm::Argument& a : f->args()) out.push_back(type_string(a.getType()));
  return out;
}

TEST(Translate, PrmVectorAddIsAVerifiedKernel) {
  llvm::LLVMContext context;
  auto m = translate_text(context, kPrmVectorAdd);
  ASSERT_EQ(verify(*m), "");
  EXPECT_EQ(m->getTargetTriple(), "amdgcn-amd-amdhsa");
  llvm::Function* f = m->getFunction("&__OpenCL_vec_add_kernel");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->getCallingConv(), llvm::CallingConv::AMDGPU_KERNEL);
  EXPECT_EQ(signature(f), (std::vector<std::string>{"i32", "i32", "i32", "i32"}));
  EXPECT_EQ(f->getArg(3)->getName(), "arg_val3");
  std::string ir = ir_text(*m);
  EXPECT_NE(ir.find("llvm.amdgcn.workgroup.id.x"), std::string::npos);
  EXPECT_NE(ir.find("llvm.amdgcn.workitem.id.x"), std::string::npos);
  EXPECT_NE(ir.find("fadd float"), std::string::npos);
  EXPECT_NE(ir.find("store float"), std::string::npos);
  // Registers are promoted away.
  simplify(*m);
  EXPECT_EQ(verify(*m), "");
  EXPECT_EQ(ir_text(*m).find("alloca"), std::string::npos);
}

TEST(Translate, KernargsAreTheArgumentsInOrderAtNaturalAlignment) {
  llvm::LLVMContext context;
  auto m = translate_text(context, R"(module &m:1:0:$full:$large:$default;
kernel &k(kernarg_u8 %a, kernarg_u64 %b, kernarg_f32 %c, kernarg_s16 %d, kernarg_f64 %e)
{
	ld_kernarg_u8 $s0, [%a];
	ld_kernarg_u64 $d0, [%b];
	ld_kernarg_f32 $s1, [%c];
	ld_kernarg_s16 $s2, [%d];
	ld_kernarg_u32 $s3, [%b][4];
	ld_kernarg_u64 $d1, [%e];
	st_global_u32 $s0, [$d0];
	st_global_f32 $s1, [$d0+4];
	st_global_u32 $s2, [$d0+8];
	st_global_u32 $s3, [$d0+12];
	st_global_u64 $d1, [$d0+16];
	ret;
};
)");
  ASSERT_EQ(verify(*m), "");
  llvm::Function* f = m->getFunction("&k");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(signature(f), (std::vector<std::string>{"i8", "i64", "float", "i16", "double"}));
  // A load at an offset inside %b reads the segment: %b is at byte 8.
  std::string ir = ir_text(*m);
  EXPECT_NE(ir.find("llvm.amdgcn.kernarg.segment.ptr"), std::string::npos);
  EXPECT_NE(ir.find("i64 8"), std::string::npos) << ir;
}

// One kernel that computes each row from immediates and stores it to
// consecutive 8-byte slots of %out.
struct Row {
  std::string code;  // instructions leaving the result in $s0 or $d0
  bool wide;         // result in $d0 (stored as 64 bits)
  uint64_t expect;   // bits
};

std::string hex32(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  char buf[16];
  std::snprintf(buf, sizeof(buf), "0F%08x", u);
  return buf;
}
std::string hex64(double d) {
  uint64_t u;
  std::memcpy(&u, &d, 8);
  char buf[24];
  std::snprintf(buf, sizeof(buf), "0D%016llx", static_cast<unsigned long long>(u));
  return buf;
}
uint64_t u32(int64_t v) { return static_cast<uint32_t>(v); }

void check_rows(const std::vector<Row>& rows, const std::string& declarations = "") {
  std::string text = "module &m:1:0:$full:$large:$default;\nkernel &k(kernarg_u64 %out)\n{\n";
  text += declarations;
  text += "\tld_kernarg_u64 $d9, [%out];\n";
  for (size_t i = 0; i < rows.size(); ++i) {
    text += rows[i].code + "\n";
    text += rows[i].wide ? "\tst_global_u64 $d0, " : "\tst_global_u32 $s0, ";
    text += "[$d9+" + std::to_string(8 * i) + "];\n";
  }
  text += "\tret;\n};\n";
  llvm::LLVMContext context;
  auto m = translate_text(context, text);
  ASSERT_EQ(verify(*m), "") << text;
  std::vector<Stored> got = stored_values(*m, "&k");
  ASSERT_EQ(got.size(), rows.size()) << ir_text(*m);
  for (size_t i = 0; i < rows.size(); ++i) {
    EXPECT_TRUE(got[i].constant) << rows[i].code;
    EXPECT_EQ(got[i].value, rows[i].expect) << rows[i].code;
  }
}

TEST(Translate, IntegerArithmeticFoldsToTheCppResults) {
  int32_t a = -7, b = 3;
  uint32_t ua = 0xfffffff0u, ub = 7;
  int64_t la = -5000000000LL, lb = 3;
  auto s2 = [](const char* op, int32_t x, int32_t y) {
    return "\tmov_b32 $s1, " + std::to_string(x) + ";\n\tmov_b32 $s2, " + std::to_string(y) +
           ";\n\t" + op + " $s0, $s1, $s2;";
  };
  auto d2 = [](const char* op, int64_t x, int64_t y) {
    return "\tmov_b64 $d1, " + std::to_string(x) + ";\n\tmov_b64 $d2, " + std::to_string(y) +
           ";\n\t" + op + " $d0, $d1, $d2;";
  };
  check_rows({
      {s2("add_s32", a, b), false, u32(a + b)},
      {s2("sub_s32", a, b), false, u32(a - b)},
      {s2("mul_s32", a, b), false, u32(a * b)},
      {s2("div_s32", a, b), false, u32(a / b)},
      {s2("rem_s32", a, b), false, u32(a % b)},
      {s2("min_s32", a, b), false, u32(std::min(a, b))},
      {s2("max_s32", a, b), false, u32(std::max(a, b))},
      {s2("mulhi_s32", a, 0x40000000), false, u32((int64_t(a) * 0x40000000) >> 32)},
      {s2("div_s32", std::numeric_limits<int32_t>::min(), -1), false, 0x80000000u},
      {s2("div_u32", int32_t(ua), int32_t(ub)), false, ua / ub},
      {s2("rem_u32", int32_t(ua), int32_t(ub)), false, ua % ub},
      {s2("min_u32", int32_t(ua), int32_t(ub)), false, std::min(ua, ub)},
      {s2("mulhi_u32", int32_t(ua), int32_t(ub)), false, u32((uint64_t(ua) * ub) >> 32)},
      {s2("and_b32", a, b), false, u32(a & b)},
      {s2("or_b32", a, b), false, u32(a | b)},
      {s2("xor_b32", a, b), false, u32(a ^ b)},
      {s2("shl_u32", a, 33), false, u32(uint32_t(a) << 1)},  // amount mod 32
      {s2("shr_s32", a, 1), false, u32(a >> 1)},
      {s2("shr_u32", a, 1), false, uint32_t(a) >> 1},
      {d2("add_s64", la, lb), true, uint64_t(la + lb)},
      {d2("mul_s64", la, lb), true, uint64_t(la * lb)},
      {d2("div_s64", la, lb), true, uint64_t(la / lb)},
      {d2("rem_s64", la, lb), true, uint64_t(la % lb)},
      {"\tmov_b64 $d1, " + std::to_string(la) + ";\n\tshr_s64 $d0, $d1, 3;", true,
       uint64_t(la >> 3)},
      {"\tmov_b32 $s1, -7;\n\tneg_s32 $s0, $s1;", false, 7},
      {"\tmov_b32 $s1, -7;\n\tabs_s32 $s0, $s1;", false, 7},
      {"\tmov_b32 $s1, 5;\n\tnot_b32 $s0, $s1;", false, u32(~5)},
      {"\tmov_b32 $s1, 0xf0f0;\n\tpopcount_u32_b32 $s0, $s1;", false, 8},
      {"\tmov_b32 $s1, 1;\n\tbitrev_b32 $s0, $s1;", false, 0x80000000u},
      {"\tmov_b32 $s1, 6;\n\tmov_b32 $s2, 7;\n\tmad_s32 $s0, $s1, $s2, -50;", false, u32(-8)},
      {"\tmov_b1 $c1, 1;\n\tcmov_b32 $s0, $c1, 11, 22;", false, 11},
      {"\tmov_b1 $c1, 0;\n\tcmov_b32 $s0, $c1, 11, 22;", false, 22},
  });
}

TEST(Translate, FloatArithmeticFoldsToTheCppResults) {
  float x = 1.1f, y = -3.7f;
  double dx = 1e10 / 3, dy = -2.25;
  auto f2 = [](const char* op, float p, float q) {
    return "\tmov_b32 $s1, " + hex32(p) + ";\n\tmov_b32 $s2, " + hex32(q) + ";\n\t" + op +
           " $s0, $s1, $s2;";
  };
  auto g2 = [](const char* op, double p, double q) {
    return "\tmov_b64 $d1, " + hex64(p) + ";\n\tmov_b64 $d2, " + hex64(q) + ";\n\t" + op +
           " $d0, $d1, $d2;";
  };
  float nan = std::numeric_limits<float>::quiet_NaN();
  check_rows({
      {f2("add_f32", x, y), false, bits(x + y)},
      {f2("sub_f32", x, y), false, bits(x - y)},
      {f2("mul_f32", x, y), false, bits(x * y)},
      {f2("div_f32", x, y), false, bits(x / y)},
      {f2("min_f32", x, y), false, bits(std::fmin(x, y))},
      {f2("max_f32", x, nan), false, bits(x)},  // the non-NaN operand
      {f2("copysign_f32", x, y), false, bits(std::copysign(x, y))},
      {g2("add_f64", dx, dy), true, bits(dx + dy)},
      {g2("mul_f64", dx, dy), true, bits(dx * dy)},
      {g2("div_f64", dx, dy), true, bits(dx / dy)},
      {g2("max_f64", dx, dy), true, bits(std::fmax(dx, dy))},
      {"\tmov_b32 $s1, " + hex32(x) + ";\n\tneg_f32 $s0, $s1;", false, bits(-x)},
      {"\tmov_b32 $s1, " + hex32(y) + ";\n\tabs_f32 $s0, $s1;", false, bits(std::fabs(y))},
      {"\tmov_b32 $s1, " + hex32(2.5f) + ";\n\trint_f32 $s0, $s1;", false, bits(2.0f)},
      {"\tmov_b32 $s1, " + hex32(-2.5f) + ";\n\tfloor_f32 $s0, $s1;", false, bits(-3.0f)},
      {"\tmov_b32 $s1, " + hex32(-2.5f) + ";\n\tceil_f32 $s0, $s1;", false, bits(-2.0f)},
      {"\tmov_b32 $s1, " + hex32(-2.5f) + ";\n\ttrunc_f32 $s0, $s1;", false, bits(-2.0f)},
      {"\tmov_b32 $s1, " + hex32(x) + ";\n\tfma_f32 $s0, $s1, $s1, " + hex32(y) + ";", false,
       bits(std::fma(x, x, y))},
  });
}

TEST(Translate, CompareGivesB1AllOnesOrOne) {
  float nan = std::numeric_limits<float>::quiet_NaN();
  check_rows({
      {"\tcmp_lt_b1_s32 $c0, -1, 1;\n\tcvt_u32_b1 $s0, $c0;", false, 1},
      {"\tcmp_lt_b1_u32 $c0, -1, 1;\n\tcvt_u32_b1 $s0, $c0;", false, 0},
      {"\tcmp_ge_u32_s32 $s0, 5, 5;", false, 0xffffffffu},
      {"\tcmp_ne_u64_u64 $d0, 5, 6;", true, ~0ull},
      {"\tcmp_eq_f32_f32 $s0, 1.0f, 1.0f;", false, bits(1.0f)},
      {"\tcmp_ne_u32_f32 $s0, " + hex32(nan) + ", 1.0f;", false, 0},
      {"\tcmp_neu_u32_f32 $s0, " + hex32(nan) + ", 1.0f;", false, 0xffffffffu},
      {"\tcmp_nan_u32_f32 $s0, " + hex32(nan) + ", 1.0f;", false, 0xffffffffu},
      {"\tcmp_sgtu_u32_f64 $s0, 2.0, 1.0;", false, 0xffffffffu},
  });
}

TEST(Translate, ConversionsFoldToTheCppResults) {
  check_rows({
      {"\tcvt_neari_s32_f32 $s0, " + hex32(2.5f) + ";", false, 2},
      {"\tcvt_neari_s32_f32 $s0, " + hex32(3.5f) + ";", false, 4},
      {"\tcvt_upi_s32_f32 $s0, " + hex32(2.1f) + ";", false, 3},
      {"\tcvt_downi_s32_f32 $s0, " + hex32(-2.1f) + ";", false, u32(-3)},
      {"\tcvt_s32_f32 $s0, " + hex32(-2.9f) + ";", false, u32(-2)},
      {"\tcvt_zeroi_sat_u8_f32 $s0, " + hex32(300.0f) + ";", false, 255},
      {"\tcvt_zeroi_sat_s8_f32 $s0, " + hex32(-300.0f) + ";", false, u32(-128)},
      {"\tcvt_f32_s32 $s0, -7;", false, bits(-7.0f)},
      {"\tcvt_f32_u32 $s0, 4294967295;", false, bits(4294967295.0f)},
      {"\tcvt_f64_f32 $d0, " + hex32(0.1f) + ";", true, bits(double(0.1f))},
      {"\tcvt_f32_f64 $s0, " + hex64(0.1) + ";", false, bits(float(0.1))},
      {"\tcvt_f16_f32 $s0, 1.5f;", false, 0x3e00},
      {"\tcvt_s64_s32 $d0, -5;", true, uint64_t(int64_t(-5))},
      {"\tcvt_u64_u32 $d0, 4294967295;", true, 0xffffffffull},
      {"\tcvt_u32_u64 $s0, 0x123456789;", false, 0x23456789u},
      {"\tmov_b32 $s1, 0x1ff;\n\tcvt_s32_s8 $s0, $s1;", false, 0xffffffffu},
      {"\tcvt_b1_u32 $c0, 8;\n\tcvt_u32_b1 $s0, $c0;", false, 1},
      {"\tcvt_f32_b1 $s0, 1;", false, bits(1.0f)},
  });
}

TEST(Translate, PrivateMemoryRoundTripsAndSubwordLoadsExtend) {
  check_rows(
      {
          {"\tst_private_u32 77, [%p];\n\tld_private_u32 $s0, [%p];", false, 77},
          {"\tst_private_u8 255, [%b][1];\n\tld_private_s8 $s0, [%b][1];", false, 0xffffffffu},
          {"\tst_private_u8 255, [%b][2];\n\tld_private_u8 $s0, [%b][2];", false, 255},
          {"\tst_v2_private_u32 (5, 6), [%v];\n\tld_v2_private_u32 ($s3, $s4), [%v];\n"
           "\tadd_u32 $s0, $s3, $s4;",
           false, 11},
      },
      "\tprivate_u32 %p;\n\tprivate_u8 %b[4];\n\tprivate_u32 %v[2];\n");
}

}  // namespace
}  // namespace finalizer_test
