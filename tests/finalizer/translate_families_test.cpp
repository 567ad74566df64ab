// translate(): memory segments, dispatch queries, barrier, control flow,
// and the FinalizeError every unsupported construct gives (with its
// opcode, PRM section and source position). The front end's corpus is the
// robustness check: each file translates to verified IR or is refused
// with a FinalizeError, never anything else.
#include <gtest/gtest.h>

#include <dirent.h>

#include <fstream>
#include <sstream>

#include "translate_test_util.h"

namespace finalizer_test {
namespace {

using hsail::finalizer::FinalizeError;

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

TEST(TranslateMemory, EverySegmentTypeAndVectorWidth) {
  llvm::LLVMContext context;
  auto m = translate_text(context, R"(module &m:1:0:$full:$large:$default;
global_u32 &g[4];
group_u64 &mg;
kernel &k(kernarg_u64 %out, kernarg_u32 %i)
{
	private_f64 %p[3];
	group_f32 %lg[64];
	ld_kernarg_u64 $d0, [%out];
	ld_kernarg_u32 $s9, [%i];
	ld_global_u8 $s0, [$d0];
	ld_global_s16 $s1, [$d0+2];
	ld_global_f16 $s2, [$d0+4];
	ld_global_b128 $q0, [$d0+16];
	ld_v2_global_u32 ($s3, $s4), [$d0+32];
	ld_v3_global_f32 ($s5, $s6, $s7), [$d0+48];
	ld_v4_global_align(16)_u64 ($d1, $d2, $d3, $d4), [$d0+64];
	ld_global_u32 $s8, [&g][8];
	ld_readonly_u32 $s8, [$d0];
	ld_u32 $s8, [$d0];
	st_u64 $d1, [$d0+8];
	st_global_b128 $q0, [$d0+128];
	st_v4_global_f32 ($s5, 1.0f, $s6, $s7), [$d0+144];
	st_v3_global_u8 ($s0, $s1, 255), [$d0+160];
	st_group_f32 $s5, [%lg][$s9];
	ld_group_f32 $s5, [%lg][$s9+4];
	st_group_u64 $d2, [&mg];
	st_private_f64 $d1, [%p][16];
	ld_private_f64 $d1, [%p][8];
	lda_group_u32 $s1, [%lg][$s9];
	st_group_f32 $s5, [$s1];
	lda_private_u32 $s1, [%p];
	ld_private_u32 $s2, [$s1+4];
	lda_global_u64 $d5, [&g];
	ld_global_u32 $s2, [$d5];
	ret;
};
)");
  ASSERT_EQ(verify(*m), "");
  std::string ir = ir_text(*m);
  for (const char* part :
       {"load i8, i8 addrspace(1)*", "load i16, i16 addrspace(1)*", "load half, half addrspace(1)*",
        "load i128, i128 addrspace(1)*", "load i64, i64 addrspace(1)*", "align 16",
        "store float 1.000000e+00, float addrspace(1)*", "store float", "float addrspace(3)*",
        "@\"&k.lg\" = internal addrspace(3) global [64 x float] undef",
        "@\"&mg\" = internal addrspace(3) global i64 undef",
        "@\"&g\" = internal addrspace(1) global [4 x i32] zeroinitializer",
        "alloca [3 x double], align 8, addrspace(5)", "load i32, i32* ", "store i64 %",
        "ptrtoint"}) {
    EXPECT_TRUE(contains(ir, part)) << part << "\n" << ir;
  }
}

TEST(TranslateDispatch, QueriesReadIdsAndThePacket) {
  llvm::LLVMContext context;
  auto m = translate_text(context, R"(module &m:1:0:$full:$large:$default;
kernel &k(kernarg_u64 %out)
{
	ld_kernarg_u64 $d9, [%out];
	workitemabsid_u32 $s0, 1;
	workitemabsid_u64 $d0, 2;
	workitemid_u32 $s1, 0;
	workgroupid_u32 $s2, 2;
	workgroupsize_u32 $s3, 1;
	currentworkgroupsize_u32 $s4, 0;
	gridsize_u64 $d1, 0;
	gridgroups_u32 $s5, 1;
	dim_u32 $s6;
	workitemflatid_u32 $s7;
	workitemflatabsid_u64 $d2;
	currentworkitemflatid_u32 $s8;
	kernargbaseptr_u64 $d3;
	st_global_u32 $s0, [$d9];
	st_global_u64 $d0, [$d9];
	st_global_u32 $s1, [$d9];
	st_global_u32 $s2, [$d9];
	st_global_u32 $s3, [$d9];
	st_global_u32 $s4, [$d9];
	st_global_u64 $d1, [$d9];
	st_global_u32 $s5, [$d9];
	st_global_u32 $s6, [$d9];
	st_global_u32 $s7, [$d9];
	st_global_u64 $d2, [$d9];
	st_global_u32 $s8, [$d9];
	st_global_u64 $d3, [$d9];
	ret;
};
)");
  ASSERT_EQ(verify(*m), "");
  std::string ir = ir_text(*m);
  for (const char* part :
       {"@llvm.amdgcn.dispatch.ptr()", "@llvm.amdgcn.workitem.id.y()",
        "@llvm.amdgcn.workitem.id.z()", "@llvm.amdgcn.workgroup.id.z()",
        "@llvm.amdgcn.kernarg.segment.ptr()", "!invariant.load", "@llvm.umin.i32"}) {
    EXPECT_TRUE(contains(ir, part)) << part << "\n" << ir;
  }
}

TEST(TranslateControl, BarrierIsFencedAndLoopsAreBlocks) {
  llvm::LLVMContext context;
  auto m = translate_text(context, R"(module &m:1:0:$full:$large:$default;
kernel &k(kernarg_u64 %out, kernarg_u32 %n)
{
	group_u32 %t[64];
	ld_kernarg_u64 $d0, [%out];
	ld_kernarg_u32 $s1, [%n];
	workitemid_u32 $s2, 0;
	shl_u32 $s3, $s2, 2;
	st_group_u32 $s2, [%t][$s3];
	barrier;
	memfence_scacq_agent;
	memfence_screl_wg;
	memfence_scar_system;
	mov_b32 $s0, 0;
	mov_b32 $s4, 0;
@loop:
	cmp_ge_b1_u32 $c0, $s4, $s1;
	cbr_b1 $c0, @done;
	add_u32 $s0, $s0, $s4;
	add_u32 $s4, $s4, 1;
	br @loop;
@done:
	st_global_u32 $s0, [$d0];
	ret;
	add_u32 $s0, $s0, 1;
};
)");
  ASSERT_EQ(verify(*m), "");
  std::string ir = ir_text(*m);
  EXPECT_TRUE(
      contains(ir,
               "fence syncscope(\"workgroup\") release\n  call void @llvm.amdgcn.s.barrier()\n"
               "  fence syncscope(\"workgroup\") acquire"))
      << ir;
  EXPECT_TRUE(contains(ir,
                       "fence syncscope(\"agent\") acquire\n"
                       "  fence syncscope(\"workgroup\") release\n  fence acq_rel\n"))
      << ir;
  EXPECT_TRUE(contains(ir, "\nloop:")) << ir;
  EXPECT_TRUE(contains(ir, "\ndone:")) << ir;
  EXPECT_TRUE(contains(ir, "br i1 %")) << ir;
}

// The message of the FinalizeError translating text gives, or "" if none.
std::string refusal(const std::string& text) {
  llvm::LLVMContext context;
  try {
    translate_text(context, text);
  } catch (const FinalizeError& e) {
    return e.what();
  }
  return "";
}

std::string kernel_with(const std::string& body, const std::string& before = "") {
  return "module &m:1:0:$full:$large:$default;\n" + before +
         "kernel &k(kernarg_u64 %out)\n{\n\tld_kernarg_u64 $d0, [%out];\n" + body +
         "\n\tret;\n};\n";
}

TEST(TranslateErrors, UnsupportedInstructionsNameOpcodeSectionAndPosition) {
  struct Case {
    std::string body;
    std::string message;
  };
  const Case cases[] = {
      {"\talloca_u32 $s0, 100000;",
       "5:2: not supported yet: alloca of more than 65536 bytes in one kernel or function "
       "(100000 needed) (PRM 10.10)"},
      {"\tfract_up_p_f32x2 $d1, $d2;",
       "5:2: not supported yet: packed fract with a rounding other than near (PRM 4.19.2)"},
      {"\tmov_b32 $s0, 1;\n\talloca_u32 $s1, 100000;",
       "6:2: not supported yet: alloca of more than 65536 bytes in one kernel or function "
       "(100000 needed) (PRM 10.10)"},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(refusal(kernel_with(c.body)), c.message) << c.body;
  }
}

TEST(TranslateErrors, UnsizedArgumentsAreRefusedImagesAreNot) {
  std::string unsized =
      refusal("module &m:1:0:$full:$large:$default;\nfunction &f()(arg_u8 %b[])\n{\n\tret;\n};\n");
  EXPECT_TRUE(contains(unsized, "not supported yet: array arguments without a size (PRM 10.2)"))
      << unsized;
  // Image and sampler handles are 64-bit kernargs (translate_image_test.cpp
  // checks what the instructions do with them).
  EXPECT_EQ(refusal(R"(module &m:1:0:$full:$large:$default;
extension "IMAGE";
kernel &k(kernarg_roimg %img, kernarg_samp %s)
{
	ret;
};
)"),
            "");
  // Initializers translate (translate_directives_test.cpp checks values).
  EXPECT_EQ(refusal(kernel_with("", "global_u32 &x = 5;\n")), "");
}

// Unvalidated BRIG (the runtime's finalizer extension may hand one over):
// an instruction of a type its operation does not take, and an operand
// list too short for its opcode, are finalization errors.
// A bit instruction of an unvalidated module with a source type it has no
// meaning for (found by TranslateMutatedBrig: firstbit of an f32 crashed in
// LLVM while building the zero test) is refused.
TEST(TranslateErrors, BitInstructionsRefuseNonIntegerSourceTypes) {
  for (const char* line : {"\tfirstbit_u32_u32 $s0, $s1;", "\tlastbit_u32_u64 $s0, $d1;",
                           "\tpopcount_u32_b32 $s0, $s1;"}) {
    hsail::Module m = hsail::parse_hsail(kernel_with(line));
    const hsail::Section& code = m.code();
    for (uint32_t off = code.header_size(); off < code.size();
         off += m.base_at(code, off).byte_count) {
      if (m.base_at(code, off).kind != FW_BRIG_KIND_INST_SOURCE_TYPE) continue;
      auto inst = m.code_entry<fw_brig_inst_source_type>(off);
      inst.source_type = FW_BRIG_TYPE_F32;
      m.code().put(off, inst);
    }
    llvm::LLVMContext context;
    try {
      hsail::finalizer::translate(m, context, hsail::finalizer::Options{});
      ADD_FAILURE() << "no error for " << line;
    } catch (const FinalizeError& e) {
      EXPECT_TRUE(contains(e.what(), "5:2: ")) << e.what();
      EXPECT_TRUE(contains(e.what(), "does not take source type f32")) << e.what();
    }
  }
}

TEST(TranslateErrors, UnvalidatedBrigIsRefusedNotMiscompiled) {
  hsail::Module m = hsail::parse_hsail(kernel_with("\tand_b32 $s0, $s1, $s2;"));
  const hsail::Section& code = m.code();
  uint32_t at = 0;
  for (uint32_t off = code.header_size(); off < code.size();
       off += m.base_at(code, off).byte_count) {
    if (m.base_at(code, off).kind == FW_BRIG_KIND_INST_BASIC &&
        m.code_entry<fw_brig_inst_base>(off).opcode == FW_BRIG_OPCODE_AND) {
      at = off;
    }
  }
  ASSERT_NE(at, 0u);
  auto inst = m.code_entry<fw_brig_inst_base>(at);
  inst.type = FW_BRIG_TYPE_F32;
  m.code().put(at, inst);
  llvm::LLVMContext context;
  try {
    hsail::finalizer::translate(m, context, hsail::finalizer::Options{});
    FAIL() << "no error for and_f32";
  } catch (const FinalizeError& e) {
    EXPECT_EQ(std::string(e.what()), "5:2: and does not take type f32");
  }
  inst.type = FW_BRIG_TYPE_B32;
  inst.operands = m.add_list({m.data_list(inst.operands).at(0)});
  m.code().put(at, inst);
  try {
    hsail::finalizer::translate(m, context, hsail::finalizer::Options{});
    FAIL() << "no error for a missing operand";
  } catch (const FinalizeError& e) {
    EXPECT_TRUE(contains(e.what(), "malformed BRIG")) << e.what();
  }
}

// A module read from BRIG has no source positions: the entry's offset.
TEST(TranslateErrors, BrigInputNamesTheEntryOffset) {
  hsail::Module text = hsail::parse_hsail(kernel_with("\talloca_u32 $s0, 100000;"));
  std::vector<uint8_t> bytes = text.to_brig();
  hsail::Module brig = hsail::Module::from_brig(bytes.data(), bytes.size());
  llvm::LLVMContext context;
  try {
    hsail::finalizer::translate(brig, context, hsail::finalizer::Options{});
    FAIL() << "no error";
  } catch (const FinalizeError& e) {
    EXPECT_TRUE(std::string(e.what()).rfind("hsa_code@0x", 0) == 0) << e.what();
    EXPECT_TRUE(contains(e.what(), "not supported yet: alloca")) << e.what();
  }
}

// Every corpus file of the front end: verified IR or a FinalizeError.
TEST(TranslateCorpus, EveryFileTranslatesOrIsRefusedCleanly) {
  // From CMake, not __FILE__: ccache's base_dir makes __FILE__ relative to
  // the build directory, which is not the test's working directory.
  const std::string dir = HSAIL_CORPUS_DIR;
  DIR* d = opendir(dir.c_str());
  ASSERT_NE(d, nullptr) << dir;
  int translated = 0, refused = 0;
  while (dirent* e = readdir(d)) {
    std::string name = e->d_name;
    if (name.size() < 6 || name.substr(name.size() - 6) != ".hsail") continue;
    std::ifstream in(dir + "/" + name);
    std::stringstream text;
    text << in.rdbuf();
    llvm::LLVMContext context;
    try {
      auto m = translate_text(context, text.str());
      EXPECT_EQ(verify(*m), "") << name;
      ++translated;
    } catch (const FinalizeError& err) {
      EXPECT_TRUE(contains(err.what(), "not supported yet")) << name << ": " << err.what();
      ++refused;
    }
  }
  closedir(d);
  EXPECT_GT(translated + refused, 20);
  std::printf("corpus: %d translated, %d refused\n", translated, refused);
}

}  // namespace
}  // namespace finalizer_test
