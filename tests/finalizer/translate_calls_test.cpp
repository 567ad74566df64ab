// HSAIL functions (PRM 10): the translation is valid IR with internal,
// default-convention functions; recursion, several arguments, an array
// argument and scall run on the emulated GPU and match the CPU; what is
// not supported fails with a FinalizeError.
#include <gtest/gtest.h>
#include <llvm/IR/Function.h>

#include <cstdint>
#include <string>

#include "finalized_gpu.h"
#include "translate_test_util.h"

namespace {

using finalizer_test::FinalizedGpu;

// out[i] = fact(i % 21) (u64) and fib(i % 16) (u32), both recursive.
const char kRecursive[] = R"(module &rec:1:0:$full:$large:$default;
function &fact(arg_u64 %r)(arg_u64 %n)
{
	ld_arg_u64 $d0, [%n];
	cmp_le_b1_u64 $c0, $d0, 1;
	cbr_b1 $c0, @base;
	sub_u64 $d1, $d0, 1;
	{
		arg_u64 %rr;
		arg_u64 %nn;
		st_arg_u64 $d1, [%nn];
		call &fact (%rr) (%nn);
		ld_arg_u64 $d2, [%rr];
	}
	mul_u64 $d0, $d0, $d2;
	st_arg_u64 $d0, [%r];
	ret;
@base:
	st_arg_u64 1, [%r];
	ret;
};

function &fib(arg_u32 %r)(arg_u32 %n)
{
	ld_arg_u32 $s0, [%n];
	cmp_lt_b1_u32 $c0, $s0, 2;
	cbr_b1 $c0, @small;
	sub_u32 $s1, $s0, 1;
	{
		arg_u32 %a;
		arg_u32 %x;
		st_arg_u32 $s1, [%x];
		call &fib (%a) (%x);
		ld_arg_u32 $s2, [%a];
	}
	sub_u32 $s1, $s0, 2;
	{
		arg_u32 %b;
		arg_u32 %y;
		st_arg_u32 $s1, [%y];
		call &fib (%b) (%y);
		ld_arg_u32 $s3, [%b];
	}
	add_u32 $s0, $s2, $s3;
@small:
	st_arg_u32 $s0, [%r];
	ret;
};

kernel &recursive(kernarg_u64 %facts, kernarg_u64 %fibs)
{
	workitemabsid_u32 $s0, 0;
	rem_u32 $s1, $s0, 21;
	cvt_u64_u32 $d1, $s1;
	{
		arg_u64 %f;
		arg_u64 %n;
		st_arg_u64 $d1, [%n];
		call &fact (%f) (%n);
		ld_arg_u64 $d2, [%f];
	}
	cvt_u64_u32 $d3, $s0;
	shl_u64 $d4, $d3, 3;
	ld_kernarg_u64 $d5, [%facts];
	add_u64 $d5, $d5, $d4;
	st_global_u64 $d2, [$d5];
	rem_u32 $s1, $s0, 16;
	{
		arg_u32 %g;
		arg_u32 %m;
		st_arg_u32 $s1, [%m];
		call &fib (%g) (%m);
		ld_arg_u32 $s2, [%g];
	}
	shl_u64 $d4, $d3, 2;
	ld_kernarg_u64 $d5, [%fibs];
	add_u64 $d5, $d5, $d4;
	st_global_u32 $s2, [$d5];
	ret;
};
)";

// A function of a scalar, an f32, an array and an index: returns
// a + trunc(b) + sum(w[j] * (j + 1)) + w[idx]; the array is filled in
// the caller and read in the callee with a register index; scall picks
// &twice or &thrice by the work-item's parity.
const char kArguments[] = R"(module &args:1:0:$full:$large:$default;
function &combine(arg_u32 %r)(arg_u32 %a, arg_f32 %b, arg_u32 %w[4], arg_u32 %idx)
{
	ld_arg_u32 $s0, [%a];
	ld_arg_f32 $s1, [%b];
	cvt_zeroi_u32_f32 $s1, $s1;
	add_u32 $s0, $s0, $s1;
	mov_b32 $s2, 0;
@loop:
	shl_u32 $s3, $s2, 2;
	ld_arg_u32 $s4, [%w][$s3];
	add_u32 $s5, $s2, 1;
	mul_u32 $s4, $s4, $s5;
	add_u32 $s0, $s0, $s4;
	mov_b32 $s2, $s5;
	cmp_lt_b1_u32 $c0, $s2, 4;
	cbr_b1 $c0, @loop;
	ld_arg_u32 $s6, [%idx];
	shl_u32 $s6, $s6, 2;
	ld_arg_u32 $s7, [%w][$s6];
	add_u32 $s0, $s0, $s7;
	st_arg_u32 $s0, [%r];
	ret;
};

function &twice(arg_u32 %r)(arg_u32 %x)
{
	ld_arg_u32 $s0, [%x];
	add_u32 $s0, $s0, $s0;
	st_arg_u32 $s0, [%r];
	ret;
};

function &thrice(arg_u32 %r)(arg_u32 %x)
{
	ld_arg_u32 $s0, [%x];
	mul_u32 $s0, $s0, 3;
	st_arg_u32 $s0, [%r];
	ret;
};

kernel &arguments(kernarg_u64 %out, kernarg_u64 %sel)
{
	workitemabsid_u32 $s0, 0;
	cvt_f32_u32 $s1, $s0;
	mul_f32 $s1, $s1, 0F3f000000;
	{
		arg_u32 %r;
		arg_u32 %a;
		arg_f32 %b;
		arg_u32 %w[4];
		arg_u32 %i;
		st_arg_u32 $s0, [%a];
		st_arg_f32 $s1, [%b];
		mul_u32 $s2, $s0, 7;
		st_arg_u32 $s2, [%w];
		add_u32 $s2, $s0, 100;
		st_arg_u32 $s2, [%w][4];
		st_arg_u32 5, [%w][8];
		st_arg_u32 $s0, [%w][12];
		and_b32 $s3, $s0, 3;
		st_arg_u32 $s3, [%i];
		call &combine (%r) (%a, %b, %w, %i);
		ld_arg_u32 $s4, [%r];
	}
	and_b32 $s5, $s0, 1;
	{
		arg_u32 %r2;
		arg_u32 %x;
		st_arg_u32 $s0, [%x];
		scall_u32 $s5 (%r2) (%x) [&twice, &thrice];
		ld_arg_u32 $s6, [%r2];
	}
	cvt_u64_u32 $d0, $s0;
	shl_u64 $d0, $d0, 2;
	ld_kernarg_u64 $d1, [%out];
	add_u64 $d1, $d1, $d0;
	st_global_u32 $s4, [$d1];
	ld_kernarg_u64 $d1, [%sel];
	add_u64 $d1, $d1, $d0;
	st_global_u32 $s6, [$d1];
	ret;
};
)";

uint64_t Factorial(uint64_t n) { return n <= 1 ? 1 : n * Factorial(n - 1); }
uint32_t Fibonacci(uint32_t n) { return n < 2 ? n : Fibonacci(n - 1) + Fibonacci(n - 2); }

TEST(TranslateCalls, FunctionsAreInternalDefaultConventionAndVerify) {
  for (const char* text : {kRecursive, kArguments}) {
    llvm::LLVMContext context;
    auto m = finalizer_test::translate_text(context, text);
    ASSERT_TRUE(m);
    EXPECT_EQ(finalizer_test::verify(*m), "");
    for (const char* name : {"&fact", "&fib", "&combine", "&twice"}) {
      llvm::Function* f = m->getFunction(name);
      if (f == nullptr) continue;
      EXPECT_TRUE(f->hasInternalLinkage()) << name;
      EXPECT_EQ(f->getCallingConv(), llvm::CallingConv::C) << name;
      EXPECT_FALSE(f->isDeclaration()) << name;
    }
  }
  llvm::LLVMContext context;
  auto m = finalizer_test::translate_text(context, kRecursive);
  // fact(i64) -> i64 and a self call make it recursive.
  llvm::Function* fact = m->getFunction("&fact");
  ASSERT_NE(fact, nullptr);
  EXPECT_TRUE(fact->getReturnType()->isIntegerTy(64));
  ASSERT_EQ(fact->arg_size(), 1u);
  bool self_call = false;
  for (llvm::User* u : fact->users()) {
    if (auto* c = llvm::dyn_cast<llvm::CallInst>(u)) self_call |= c->getFunction() == fact;
  }
  EXPECT_TRUE(self_call);
}

TEST(TranslateCalls, UnsupportedCallsFailClearly) {
  const char* undefined = R"(module &u:1:0:$full:$large:$default;
decl prog function &missing(arg_u32 %r)(arg_u32 %a);
kernel &k()
{
	{
		arg_u32 %r;
		arg_u32 %a;
		st_arg_u32 1, [%a];
		call &missing (%r) (%a);
	}
	ret;
};
)";
  llvm::LLVMContext context;
  // A program-linkage declaration translates (another module of the
  // program may define it, PRM 4.12.1); a program that calls it and
  // defines it nowhere is no code object.
  auto called = finalizer_test::translate_text(context, undefined);
  ASSERT_NE(called->getFunction("&missing"), nullptr);
  EXPECT_TRUE(called->getFunction("&missing")->isDeclaration());
  try {
    hsail::finalizer::emit_code_object(*called, hsail::finalizer::Options{});
    FAIL() << "a call of an undefined function finalized";
  } catch (const hsail::finalizer::FinalizeError& e) {
    EXPECT_NE(std::string(e.what()).find("function &missing is declared but defined in no module "
                                         "of the program (PRM 4.12.1)"),
              std::string::npos)
        << e.what();
  }
  // A declaration nobody calls is dropped.
  const char* unused = R"(module &u:1:0:$full:$large:$default;
decl prog function &missing(arg_u32 %r)(arg_u32 %a);
kernel &k()
{
	ret;
};
)";
  auto m = finalizer_test::translate_text(context, unused);
  EXPECT_FALSE(hsail::finalizer::emit_code_object(*m, hsail::finalizer::Options{}).empty());
  EXPECT_EQ(m->getFunction("&missing"), nullptr);
  const char* alloca_text = R"(module &u:1:0:$full:$large:$default;
kernel &k()
{
	alloca_u32 $s0, 100000;
	ret;
};
)";
  try {
    finalizer_test::translate_text(context, alloca_text);
    FAIL() << "alloca translated";
  } catch (const hsail::finalizer::FinalizeError& e) {
    EXPECT_NE(std::string(e.what()).find("not supported yet"), std::string::npos) << e.what();
  }
}

TEST_F(FinalizedGpu, RecursiveFunctionsMatchTheCpu) {
  uint64_t object = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kRecursive, "&recursive", &object));
  const uint32_t n = 128;
  uint64_t* facts = Buffer<uint64_t>(n);
  uint32_t* fibs = Buffer<uint32_t>(n);
  ASSERT_TRUE(facts && fibs);
  ASSERT_TRUE(Dispatch(object, {Ptr(facts), Ptr(fibs)}, n, 64));
  for (uint32_t i = 0; i < n; ++i) {
    ASSERT_EQ(facts[i], Factorial(i % 21)) << "fact, work-item " << i;
    ASSERT_EQ(fibs[i], Fibonacci(i % 16)) << "fib, work-item " << i;
  }
}

TEST_F(FinalizedGpu, SeveralArgumentsAnArrayAndScallMatchTheCpu) {
  uint64_t object = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kArguments, "&arguments", &object));
  const uint32_t n = 96;
  uint32_t* out = Buffer<uint32_t>(n);
  uint32_t* sel = Buffer<uint32_t>(n);
  ASSERT_TRUE(out && sel);
  ASSERT_TRUE(Dispatch(object, {Ptr(out), Ptr(sel)}, n, 32));
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t w[4] = {i * 7, i + 100, 5, i};
    uint32_t expect = i + static_cast<uint32_t>(static_cast<float>(i) * 0.5f);
    for (uint32_t j = 0; j < 4; ++j) expect += w[j] * (j + 1);
    expect += w[i & 3];
    ASSERT_EQ(out[i], expect) << "combine, work-item " << i;
    ASSERT_EQ(sel[i], (i & 1) ? i * 3 : i * 2) << "scall, work-item " << i;
  }
}

}  // namespace
