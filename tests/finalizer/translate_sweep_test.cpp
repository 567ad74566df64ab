// Every opcode the translator supports, with every type and rounding the
// validator accepts for it: each combination translates (or is refused
// with a FinalizeError), and all translated ones together generate code
// for gfx900 and gfx803. The backend aborts the process on IR it cannot
// select (e.g. a libcall), so this is what keeps the translator to IR that
// LLVM 14's AMDGPU backend can compile. Inputs are loaded, so nothing folds.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "translate_test_util.h"

namespace finalizer_test {
namespace {

const char* const kTypes[] = {"u8",  "s8",  "u16", "s16", "u32", "s32", "u64", "s64", "f16",
                              "f32", "f64", "b1",  "b8",  "b16", "b32", "b64", "b128"};

unsigned bits_of(const std::string& t) {
  if (t == "b1") return 1;
  return static_cast<unsigned>(std::stoi(t.substr(1)));
}

// The register of kind fitting type t, numbered n.
std::string reg(const std::string& t, int n) {
  unsigned b = bits_of(t);
  std::string k = b == 1 ? "$c" : b <= 32 ? "$s" : b == 64 ? "$d" : "$q";
  return k + std::to_string(n);
}

// The instructions to try: destination register 4, sources 1-3.
std::vector<std::string> candidates() {
  std::vector<std::string> out;
  const char* binary[] = {"add", "sub",   "mul", "div", "rem", "min",
                          "max", "mulhi", "and", "or",  "xor", "copysign"};
  const char* unary[] = {"neg",   "abs",  "not",   "mov",    "ceil", "floor",
                         "trunc", "rint", "fract", "bitrev", "sqrt", "nsqrt",
                         "nsin",  "ncos", "nexp2", "nlog2",  "nrcp", "nrsqrt"};
  for (const char* t : kTypes) {
    std::string ty = t;
    std::string d = reg(ty, 4), a = reg(ty, 1), b = reg(ty, 2), c = reg(ty, 3);
    for (const char* op : binary)
      out.push_back(std::string(op) + "_" + ty + " " + d + ", " + a + ", " + b);
    for (const char* op : unary) out.push_back(std::string(op) + "_" + ty + " " + d + ", " + a);
    out.push_back("mad_" + ty + " " + d + ", " + a + ", " + b + ", " + c);
    out.push_back("fma_" + ty + " " + d + ", " + a + ", " + b + ", " + c);
    out.push_back("shl_" + ty + " " + d + ", " + a + ", $s2");
    out.push_back("shr_" + ty + " " + d + ", " + a + ", $s2");
    out.push_back("cmov_" + ty + " " + d + ", $c1, " + a + ", " + b);
    out.push_back("popcount_u32_" + ty + " $s4, " + a);
    for (const char* op : {"eq", "ne", "lt", "geu", "nan", "sgt"}) {
      for (const char* dt : {"b1", "u32", "s64", "f32"}) {
        out.push_back(std::string("cmp_") + op + "_" + dt + "_" + ty + " " + reg(dt, 4) + ", " + a +
                      ", " + b);
      }
    }
    for (const char* st : kTypes) {
      for (const char* r :
           {"", "_near", "_zero", "_up", "_down", "_neari", "_zeroi", "_upi", "_downi",
            "_neari_sat", "_zeroi_sat", "_upi_sat", "_downi_sat", "_sneari", "_szeroi_sat"}) {
        out.push_back(std::string("cvt") + r + "_" + ty + "_" + st + " " + d + ", " + reg(st, 1));
      }
    }
    for (const char* seg : {"global", "group", "private", "flat", "kernarg"}) {
      std::string addr = std::string(seg) == "group"     ? "[%g]"
                         : std::string(seg) == "private" ? "[%p]"
                         : std::string(seg) == "kernarg" ? "[%k]"
                                                         : "[$d0+64]";
      out.push_back("ld_" + std::string(seg) + "_" + ty + " " + d + ", " + addr);
      out.push_back("st_" + std::string(seg) + "_" + ty + " " + a + ", " + addr);
      out.push_back("ld_v2_" + std::string(seg) + "_" + ty + " (" + d + ", " + a + "), " + addr);
      out.push_back("st_v4_" + std::string(seg) + "_" + ty + " (" + a + ", " + b + ", " + c + ", " +
                    d + "), " + addr);
    }
    // Flat atomics name no segment.
    for (std::string seg : {"global_", "group_", ""}) {
      std::string addr = seg == "group_" ? "[%g]" : "[$d0+64]";
      std::string how = seg + (seg == "group_" ? "scar_wg_" : "scar_agent_");
      for (const char* op :
           {"add", "sub", "and", "or", "xor", "min", "max", "exch", "wrapinc", "wrapdec"}) {
        out.push_back("atomic_" + std::string(op) + "_" + how + ty + " " + d + ", " + addr + ", " +
                      a);
      }
      out.push_back("atomic_cas_" + how + ty + " " + d + ", " + addr + ", " + a + ", " + b);
      out.push_back("atomic_ld_" + seg + "scacq_wave_" + ty + " " + d + ", " + addr);
      out.push_back("atomicnoret_st_" + seg + "screl_wave_" + ty + " " + addr + ", " + a);
    }
  }
  for (const char* q : {"workitemabsid", "workitemid", "workgroupid", "workgroupsize",
                        "currentworkgroupsize", "gridsize", "gridgroups"}) {
    out.push_back(std::string(q) + "_u32 $s4, 1");
    out.push_back(std::string(q) + "_u64 $d4, 2");
  }
  for (const char* q : {"dim_u32 $s4",
                        "workitemflatid_u32 $s4",
                        "workitemflatabsid_u64 $d4",
                        "currentworkitemflatid_u32 $s4",
                        "kernargbaseptr_u64 $d4",
                        "barrier",
                        "memfence_scar_agent",
                        "nop",
                        "lda_group_u32 $s4, [%g]",
                        "lda_private_u32 $s4, [%p]",
                        "lda_global_u64 $d4, [$d0]",
                        "mul24_s32 $s4, $s1, $s2",
                        "mul24hi_u32 $s4, $s1, $s2",
                        "mad24_u32 $s4, $s1, $s2, $s3",
                        "mad24hi_s32 $s4, $s1, $s2, $s3",
                        "bitselect_b32 $s4, $s1, $s2, $s3",
                        "firstbit_u32_s64 $s4, $d1",
                        "firstbit_u32_u32 $s4, $s1",
                        "lastbit_u32_u64 $s4, $d1",
                        "lastbit_u32_s32 $s4, $s1",
                        "bitselect_b64 $d4, $d1, $d2, $d3",
                        "combine_v2_b64_b32 $d4, ($s1, $s2)",
                        "combine_v4_b128_b32 $q4, ($s1, $s2, $s3, $s1)",
                        "combine_v2_b128_b64 $q4, ($d1, $d2)",
                        "expand_v2_b32_b64 ($s4, $s5), $d1",
                        "expand_v4_b32_b128 ($s4, $s5, $s6, $s7), $q1"}) {
    out.push_back(q);
  }
  return out;
}

std::string kernel(const std::vector<std::string>& lines) {
  std::string t = R"(module &sweep:1:0:$full:$large:$default;
kernel &sweep(kernarg_u64 %out, kernarg_b128 %k)
{
	group_b128 %g[4];
	private_b128 %p[4];
	ld_kernarg_u64 $d0, [%out];
	ld_global_u32 $s1, [$d0];
	ld_global_u32 $s2, [$d0+4];
	ld_global_u32 $s3, [$d0+8];
	ld_global_u64 $d1, [$d0+16];
	ld_global_u64 $d2, [$d0+24];
	ld_global_u64 $d3, [$d0+32];
	ld_global_b128 $q1, [$d0+48];
	ld_global_b128 $q2, [$d0+64];
	ld_global_b128 $q3, [$d0+80];
	cmp_lt_b1_u32 $c1, $s1, $s2;
	cmp_lt_b1_u32 $c2, $s2, $s3;
	cmp_lt_b1_u32 $c3, $s3, $s1;
)";
  for (const std::string& l : lines) {
    t += "\t" + l + ";\n";
    // Keep every result alive.
    t += "\tst_global_u32 $s4, [$d0];\n\tst_global_u64 $d4, [$d0];\n\tst_global_b128 $q4, [$d0];\n";
    t += "\tcmov_b32 $s5, $c4, 1, 0;\n\tst_global_u32 $s5, [$d0];\n";
  }
  return t + "\tret;\n};\n";
}

TEST(TranslateSweep, EveryValidCombinationCompilesForBothTargets) {
  std::vector<std::string> accepted;
  int invalid = 0, refused = 0;
  for (const std::string& line : candidates()) {
    std::string text = kernel({line});
    hsail::Module brig;
    try {
      brig = hsail::parse_hsail(text);
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
    } catch (const hsail::finalizer::FinalizeError& e) {
      EXPECT_NE(std::string(e.what()).find("not supported yet"), std::string::npos)
          << line << ": " << e.what();
      ++refused;
      // TRANSLATE_SWEEP_REPORT=1 lists what is still refused.
      if (std::getenv("TRANSLATE_SWEEP_REPORT") != nullptr) std::printf("%s\n", e.what());
    }
  }
  std::printf("sweep: %zu translated, %d refused, %d invalid HSAIL\n", accepted.size(), refused,
              invalid);
  EXPECT_GT(accepted.size(), 400u);
  hsail::Module brig = hsail::parse_hsail(kernel(accepted));
  hsail::validate(brig);
  for (hsail::finalizer::Gpu gpu :
       {hsail::finalizer::Gpu::kGfx900, hsail::finalizer::Gpu::kGfx803}) {
    hsail::finalizer::Options options;
    options.gpu = gpu;
    std::vector<uint8_t> code = hsail::finalizer::finalize(brig, options);
    EXPECT_GT(code.size(), 1000u);
  }
}

}  // namespace
}  // namespace finalizer_test
