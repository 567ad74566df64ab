// alloca (PRM 10.10): private blocks of constant and register sizes, with
// alignment, used by loops, and one per activation of a recursive function
// (each must survive the deeper calls). The emulated GPU's results match a
// CPU computation and, where gccbrig-11 is installed, the native oracle.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "finalized_gpu.h"
#include "native_hsail_runner.h"
#include "translate_test_util.h"

namespace {

using finalizer_test::FinalizedGpu;

const char kAlloca[] = R"(module &al:1:0:$full:$large:$default;
function &rsum(arg_u32 %r)(arg_u32 %n)
{
	alloca_align(4)_u32 $s5, 4;
	ld_arg_u32 $s0, [%n];
	mul_u32 $s4, $s0, 3;
	st_private_u32 $s4, [$s5];
	mov_b32 $s2, 0;
	cmp_eq_b1_u32 $c0, $s0, 0;
	cbr_b1 $c0, @done;
	sub_u32 $s1, $s0, 1;
	{
		arg_u32 %rr;
		arg_u32 %nn;
		st_arg_u32 $s1, [%nn];
		call &rsum (%rr) (%nn);
		ld_arg_u32 $s2, [%rr];
	}
@done:
	ld_private_u32 $s3, [$s5];
	add_u32 $s2, $s2, $s3;
	st_arg_u32 $s2, [%r];
	ret;
};

kernel &blocks(kernarg_u64 %out, kernarg_u64 %sums, kernarg_u64 %align)
{
	workitemabsid_u32 $s0, 0;
	alloca_u32 $s10, 3;
	alloca_align(64)_u32 $s1, 64;
	rem_u32 $s2, $s0, 4;
	add_u32 $s2, $s2, 1;
	shl_u32 $s3, $s2, 3;
	alloca_align(8)_u32 $s4, $s3;
	mov_b32 $s5, 0;
@fill:
	mul_u32 $s6, $s0, $s5;
	add_u32 $s6, $s6, 3;
	shl_u32 $s7, $s5, 2;
	add_u32 $s7, $s1, $s7;
	st_private_u32 $s6, [$s7];
	add_u32 $s5, $s5, 1;
	cmp_lt_b1_u32 $c0, $s5, 16;
	cbr_b1 $c0, @fill;
	st_private_u8 170, [$s10];
	st_private_u8 171, [$s10 + 1];
	st_private_u8 172, [$s10 + 2];
	mov_b32 $s5, 0;
@copy:
	mul_u32 $s6, $s5, 3;
	rem_u32 $s6, $s6, 16;
	shl_u32 $s6, $s6, 2;
	add_u32 $s6, $s1, $s6;
	ld_private_u32 $s6, [$s6];
	cvt_u64_u32 $d0, $s6;
	shl_u64 $d0, $d0, 20;
	cvt_u64_u32 $d1, $s5;
	add_u64 $d0, $d0, $d1;
	shl_u32 $s7, $s5, 3;
	add_u32 $s7, $s4, $s7;
	st_private_u64 $d0, [$s7];
	add_u32 $s5, $s5, 1;
	cmp_lt_b1_u32 $c0, $s5, $s2;
	cbr_b1 $c0, @copy;
	mov_b64 $d2, 0;
	mov_b32 $s5, 0;
@suma:
	shl_u32 $s7, $s5, 2;
	add_u32 $s7, $s1, $s7;
	ld_private_u32 $s6, [$s7];
	add_u32 $s8, $s5, 1;
	mul_u32 $s6, $s6, $s8;
	cvt_u64_u32 $d0, $s6;
	add_u64 $d2, $d2, $d0;
	mov_b32 $s5, $s8;
	cmp_lt_b1_u32 $c0, $s5, 16;
	cbr_b1 $c0, @suma;
	mov_b32 $s5, 0;
@sumb:
	shl_u32 $s7, $s5, 3;
	add_u32 $s7, $s4, $s7;
	ld_private_u64 $d0, [$s7];
	add_u64 $d2, $d2, $d0;
	add_u32 $s5, $s5, 1;
	cmp_lt_b1_u32 $c0, $s5, $s2;
	cbr_b1 $c0, @sumb;
	ld_private_u8 $s9, [$s10 + 1];
	cvt_u64_u32 $d0, $s9;
	add_u64 $d2, $d2, $d0;
	cvt_u64_u32 $d3, $s0;
	shl_u64 $d4, $d3, 3;
	ld_kernarg_u64 $d5, [%out];
	add_u64 $d5, $d5, $d4;
	st_global_u64 $d2, [$d5];
	rem_u32 $s5, $s0, 20;
	{
		arg_u32 %r;
		arg_u32 %n;
		st_arg_u32 $s5, [%n];
		call &rsum (%r) (%n);
		ld_arg_u32 $s6, [%r];
	}
	shl_u64 $d4, $d3, 2;
	ld_kernarg_u64 $d5, [%sums];
	add_u64 $d5, $d5, $d4;
	st_global_u32 $s6, [$d5];
	and_b32 $s7, $s1, 63;
	and_b32 $s8, $s4, 7;
	shl_u32 $s8, $s8, 8;
	or_b32 $s7, $s7, $s8;
	ld_kernarg_u64 $d5, [%align];
	add_u64 $d5, $d5, $d4;
	st_global_u32 $s7, [$d5];
	ret;
};
)";

constexpr uint32_t kItems = 160;

uint64_t Blocks(uint32_t i) {
  uint32_t a[16];
  for (uint32_t j = 0; j < 16; ++j) a[j] = i * j + 3;
  const uint32_t count = i % 4 + 1;
  uint64_t b[4];
  for (uint32_t k = 0; k < count; ++k) b[k] = (uint64_t{a[k * 3 % 16]} << 20) + k;
  uint64_t sum = 0;
  for (uint32_t j = 0; j < 16; ++j) sum += uint32_t(a[j] * (j + 1));
  for (uint32_t k = 0; k < count; ++k) sum += b[k];
  return sum + 171;
}
uint32_t Rsum(uint32_t n) { return 3 * n * (n + 1) / 2; }

TEST(TranslateAlloca, OneStaticRegionPerFunctionAndNoDynamicAlloca) {
  llvm::LLVMContext context;
  auto m = finalizer_test::translate_text(context, kAlloca);
  ASSERT_TRUE(m);
  EXPECT_EQ(finalizer_test::verify(*m), "");
  for (llvm::Function& f : *m) {
    for (llvm::BasicBlock& bb : f) {
      for (llvm::Instruction& i : bb) {
        if (auto* a = llvm::dyn_cast<llvm::AllocaInst>(&i)) {
          EXPECT_TRUE(a->isStaticAlloca()) << f.getName().str();
        }
      }
    }
  }
}

TEST(TranslateAlloca, OversizedConstantRequestIsRefused) {
  const char* text = R"(module &u:1:0:$full:$large:$default;
kernel &k()
{
	alloca_align(16)_u32 $s0, 100000;
	ret;
};
)";
  llvm::LLVMContext context;
  try {
    finalizer_test::translate_text(context, text);
    FAIL() << "a 100000-byte alloca translated";
  } catch (const hsail::finalizer::FinalizeError& e) {
    EXPECT_EQ(std::string(e.what()),
              "4:2: not supported yet: alloca of more than 65536 bytes in one kernel or "
              "function (100015 needed) (PRM 10.10)");
  }
}

TEST_F(FinalizedGpu, AllocaBlocksInLoopsAndRecursionMatchTheCpu) {
  uint64_t object = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kAlloca, "&blocks", &object));
  uint64_t* out = Buffer<uint64_t>(kItems);
  uint32_t* sums = Buffer<uint32_t>(kItems);
  uint32_t* align = Buffer<uint32_t>(kItems);
  ASSERT_TRUE(out && sums && align);
  for (uint32_t i = 0; i < kItems; ++i) align[i] = 0xffffffffu;
  ASSERT_TRUE(Dispatch(object, {Ptr(out), Ptr(sums), Ptr(align)}, kItems, 64));
  for (uint32_t i = 0; i < kItems; ++i) {
    ASSERT_EQ(out[i], Blocks(i)) << "blocks, work-item " << i;
    ASSERT_EQ(sums[i], Rsum(i % 20)) << "recursive alloca, work-item " << i;
    ASSERT_EQ(align[i], 0u) << "alignment, work-item " << i;
  }
}

TEST(TranslateAllocaNative, NativeOracleAgrees) {
  if (native_hsail::gccbrig_path().empty()) GTEST_SKIP() << "gccbrig-11 is not installed";
  hsail::Module brig = hsail::parse_hsail(kAlloca);
  hsail::validate(brig);
  native_hsail::NativeModule native(brig.to_brig());
  std::vector<uint64_t> out(kItems, 0);
  std::vector<uint32_t> sums(kItems, 0), align(kItems, 0xffffffffu);
  std::vector<uint8_t> args(24);
  const uint64_t ptrs[3] = {reinterpret_cast<uintptr_t>(out.data()),
                            reinterpret_cast<uintptr_t>(sums.data()),
                            reinterpret_cast<uintptr_t>(align.data())};
  std::memcpy(args.data(), ptrs, sizeof(ptrs));
  native_hsail::NativeDispatch grid;
  grid.grid_size = kItems;
  // libhsail-rt runs this kernel only with work-groups of one work-item
  // (with 64 it crashes in its alloca support), so each group is one.
  grid.group_size = 1;
  grid.private_segment_size = 64 * 1024;
  native.dispatch("&al", "&blocks", args, grid);
  for (uint32_t i = 0; i < kItems; ++i) {
    ASSERT_EQ(out[i], Blocks(i)) << "native blocks, work-item " << i;
    ASSERT_EQ(sums[i], Rsum(i % 20)) << "native recursive alloca, work-item " << i;
    ASSERT_EQ(align[i], 0u) << "native alignment, work-item " << i;
  }
}

}  // namespace
