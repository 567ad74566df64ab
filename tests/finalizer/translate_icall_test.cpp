// Indirect functions and icall (PRM 10.8): an indirect function is an
// external function of the code object whose code handle is its loaded
// address; icall calls through a handle with the signature's type. On the
// emulated GPU each work-item picks its target from a table of handles
// (so one wave calls several functions) and the results match the CPU.
// The handles come from the runtime (HSA_EXECUTABLE_SYMBOL_INFO_INDIRECT_
// FUNCTION_OBJECT), checked against the code object's symbol table.
#include <gtest/gtest.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Object/ObjectFile.h>

#include <cstdint>
#include <string>

#include "finalized_gpu.h"
#include "translate_test_util.h"

namespace {

using finalizer_test::FinalizedGpu;

const char kIcall[] = R"(module &ic:1:0:$full:$large:$default;
signature &unary_t(arg_u32 %r)(arg_u32 %x);
signature &mixed_t(arg_u64 %r)(arg_u64 %a, arg_f32 %b);

function &fact(arg_u32 %r)(arg_u32 %n)
{
	ld_arg_u32 $s0, [%n];
	cmp_le_b1_u32 $c0, $s0, 1;
	cbr_b1 $c0, @one;
	sub_u32 $s1, $s0, 1;
	{
		arg_u32 %rr;
		arg_u32 %nn;
		st_arg_u32 $s1, [%nn];
		call &fact (%rr) (%nn);
		ld_arg_u32 $s2, [%rr];
	}
	mul_u32 $s0, $s0, $s2;
	st_arg_u32 $s0, [%r];
	ret;
@one:
	st_arg_u32 1, [%r];
	ret;
};

indirect function &twice(arg_u32 %r)(arg_u32 %x)
{
	ld_arg_u32 $s0, [%x];
	add_u32 $s0, $s0, $s0;
	st_arg_u32 $s0, [%r];
	ret;
};

indirect function &square_plus(arg_u32 %r)(arg_u32 %x)
{
	ld_arg_u32 $s0, [%x];
	mul_u32 $s1, $s0, $s0;
	add_u32 $s1, $s1, 7;
	st_arg_u32 $s1, [%r];
	ret;
};

indirect function &fact_mod(arg_u32 %r)(arg_u32 %x)
{
	ld_arg_u32 $s0, [%x];
	rem_u32 $s0, $s0, 10;
	{
		arg_u32 %f;
		arg_u32 %n;
		st_arg_u32 $s0, [%n];
		call &fact (%f) (%n);
		ld_arg_u32 $s1, [%f];
	}
	st_arg_u32 $s1, [%r];
	ret;
};

indirect function &scale(arg_u64 %r)(arg_u64 %a, arg_f32 %b)
{
	ld_arg_u64 $d0, [%a];
	ld_arg_f32 $s0, [%b];
	cvt_zeroi_u64_f32 $d1, $s0;
	mul_u64 $d0, $d0, $d1;
	st_arg_u64 $d0, [%r];
	ret;
};

kernel &table_call(kernarg_u64 %table, kernarg_u64 %out, kernarg_u64 %wide)
{
	workitemabsid_u32 $s0, 0;
	rem_u32 $s1, $s0, 3;
	cvt_u64_u32 $d1, $s1;
	shl_u64 $d1, $d1, 3;
	ld_kernarg_u64 $d2, [%table];
	add_u64 $d1, $d2, $d1;
	ld_global_u64 $d3, [$d1];
	{
		arg_u32 %r;
		arg_u32 %x;
		st_arg_u32 $s0, [%x];
		icall_u64 $d3 (%r) (%x) &unary_t;
		ld_arg_u32 $s2, [%r];
	}
	cvt_u64_u32 $d4, $s0;
	shl_u64 $d5, $d4, 2;
	ld_kernarg_u64 $d6, [%out];
	add_u64 $d6, $d6, $d5;
	st_global_u32 $s2, [$d6];
	ld_global_u64 $d3, [$d2 + 24];
	cvt_f32_u32 $s3, $s1;
	add_f32 $s3, $s3, 0F3fc00000;
	{
		arg_u64 %w;
		arg_u64 %a;
		arg_f32 %b;
		add_u64 $d7, $d4, 1000000000000;
		st_arg_u64 $d7, [%a];
		st_arg_f32 $s3, [%b];
		icall_width(all)_u64 $d3 (%w) (%a, %b) &mixed_t;
		ld_arg_u64 $d8, [%w];
	}
	shl_u64 $d5, $d4, 3;
	ld_kernarg_u64 $d6, [%wide];
	add_u64 $d6, $d6, $d5;
	st_global_u64 $d8, [$d6];
	ret;
};
)";

uint32_t Fact(uint32_t n) { return n <= 1 ? 1 : n * Fact(n - 1); }

// The loaded address of function symbol fn, from the code object's
// symbol table and the kernel object (the address of kernel_symbol).
uint64_t CodeHandle(const std::vector<uint8_t>& code, uint64_t kernel_object,
                    const std::string& kernel_symbol, const std::string& fn) {
  llvm::StringRef bytes(reinterpret_cast<const char*>(code.data()), code.size());
  auto obj = llvm::object::ObjectFile::createObjectFile(llvm::MemoryBufferRef(bytes, "co"));
  if (!obj) {
    llvm::consumeError(obj.takeError());
    return 0;
  }
  uint64_t kernel_at = 0, fn_at = 0;
  for (const llvm::object::SymbolRef& s : (*obj)->symbols()) {
    auto name = s.getName();
    auto value = s.getValue();
    if (!name || !value) {
      if (!name) llvm::consumeError(name.takeError());
      if (!value) llvm::consumeError(value.takeError());
      continue;
    }
    if (*name == kernel_symbol) kernel_at = *value;
    if (*name == fn) fn_at = *value;
  }
  if (kernel_at == 0 || fn_at == 0) return 0;
  return kernel_object - kernel_at + fn_at;
}

TEST(TranslateIcall, IndirectFunctionsAreExternalAndIcallIsAnIndirectCall) {
  llvm::LLVMContext context;
  auto m = finalizer_test::translate_text(context, kIcall);
  ASSERT_TRUE(m);
  EXPECT_EQ(finalizer_test::verify(*m), "");
  for (const char* name : {"&twice", "&square_plus", "&fact_mod", "&scale"}) {
    llvm::Function* f = m->getFunction(name);
    ASSERT_NE(f, nullptr) << name;
    EXPECT_TRUE(f->hasExternalLinkage()) << name;
    EXPECT_FALSE(f->isDeclaration()) << name;
  }
  EXPECT_TRUE(m->getFunction("&fact")->hasInternalLinkage());
  // Two calls through pointers, typed i32(i32) and i64(i64, i32).
  std::vector<std::string> types;
  for (llvm::BasicBlock& bb : *m->getFunction("&table_call")) {
    for (llvm::Instruction& i : bb) {
      auto* c = llvm::dyn_cast<llvm::CallInst>(&i);
      if (c == nullptr || !c->isIndirectCall()) continue;
      std::string s;
      llvm::raw_string_ostream os(s);
      c->getFunctionType()->print(os);
      types.push_back(os.str());
    }
  }
  EXPECT_EQ(types, (std::vector<std::string>{"i32 (i32)", "i64 (i64, i32)"}));
}

TEST(TranslateIcall, SmallModelHandlesAreRefused) {
  const char* text = R"(module &s:1:0:$full:$small:$default;
signature &t()();
kernel &k(kernarg_u32 %h)
{
	ld_kernarg_u32 $s0, [%h];
	{
		icall_u32 $s0 () () &t;
	}
	ret;
};
)";
  llvm::LLVMContext context;
  try {
    finalizer_test::translate_text(context, text);
    FAIL() << "icall_u32 translated";
  } catch (const hsail::finalizer::FinalizeError& e) {
    EXPECT_NE(std::string(e.what()).find("not supported yet: icall with 32-bit code handles"),
              std::string::npos)
        << e.what();
  }
}

// Every target and code object version the finalizer offers takes icall;
// the indirect functions are symbols of the code object.
TEST(TranslateIcall, FinalizesForEachGpuAndCodeObjectVersion) {
  hsail::Module brig = hsail::parse_hsail(kIcall);
  hsail::validate(brig);
  for (auto gpu : {hsail::finalizer::Gpu::kGfx900, hsail::finalizer::Gpu::kGfx803}) {
    for (int version : {2, 3, 4}) {
      hsail::finalizer::Options options;
      options.gpu = gpu;
      options.code_object_version = version;
      std::vector<uint8_t> code = hsail::finalizer::finalize(brig, options);
      const std::string kd = version >= 3 ? "&table_call.kd" : "&table_call";
      // With a kernel object at 0x10000 the handle is its offset from the kernel.
      EXPECT_NE(CodeHandle(code, 0x10000, kd, "&square_plus"), 0u)
          << "gfx" << (gpu == hsail::finalizer::Gpu::kGfx803 ? "803" : "900") << " v" << version;
    }
  }
}

class Icall : public FinalizedGpu {
 protected:
  // Finalizes kIcall as code object version, fills the handle table and
  // checks every work-item against the CPU.
  void RunTableCall(int version) {
    uint64_t object = 0;
    ASSERT_NO_FATAL_FAILURE(Load(kIcall, "&table_call", &object, nullptr, version));
    const std::string kd = version >= 3 ? "&table_call.kd" : "&table_call";
    uint64_t* table = Buffer<uint64_t>(4);
    ASSERT_NE(table, nullptr);
    const char* fns[] = {"&twice", "&square_plus", "&fact_mod", "&scale"};
    for (int i = 0; i < 4; ++i) {
      // The runtime's answer, checked against the ELF symbol table.
      hsa_executable_symbol_t fn{0};
      ASSERT_EQ(hsa_executable_get_symbol_by_name(exe_, fns[i], &gpu_, &fn), HSA_STATUS_SUCCESS)
          << fns[i];
      hsa_symbol_kind_t kind{};
      ASSERT_EQ(hsa_executable_symbol_get_info(fn, HSA_EXECUTABLE_SYMBOL_INFO_TYPE, &kind),
                HSA_STATUS_SUCCESS);
      EXPECT_EQ(kind, HSA_SYMBOL_KIND_INDIRECT_FUNCTION) << fns[i];
      ASSERT_EQ(hsa_executable_symbol_get_info(
                    fn, HSA_EXECUTABLE_SYMBOL_INFO_INDIRECT_FUNCTION_OBJECT, &table[i]),
                HSA_STATUS_SUCCESS);
      ASSERT_NE(table[i], 0u) << fns[i];
      EXPECT_EQ(table[i], CodeHandle(code_, object, kd, fns[i])) << fns[i];
    }
    const uint32_t n = 200;  // four waves, the last one partial
    uint32_t* out = Buffer<uint32_t>(n);
    uint64_t* wide = Buffer<uint64_t>(n);
    ASSERT_TRUE(out && wide);
    ASSERT_TRUE(Dispatch(object, {Ptr(table), Ptr(out), Ptr(wide)}, n, 64));
    for (uint32_t i = 0; i < n; ++i) {
      uint32_t expect = 0;
      switch (i % 3) {
        case 0:
          expect = i + i;
          break;
        case 1:
          expect = i * i + 7;
          break;
        default:
          expect = Fact(i % 10);
      }
      ASSERT_EQ(out[i], expect) << "unary icall, work-item " << i;
      const uint64_t scale = static_cast<uint64_t>(static_cast<float>(i % 3) + 1.5f);
      ASSERT_EQ(wide[i], (i + 1000000000000ull) * scale) << "mixed icall, work-item " << i;
    }
  }
};

TEST_F(Icall, TableOfHandlesPerWorkItemMatchesTheCpu) { RunTableCall(4); }

TEST_F(Icall, CodeObjectV2TableCallMatchesTheCpu) { RunTableCall(2); }

}  // namespace
