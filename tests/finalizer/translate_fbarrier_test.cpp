// Fine-grain barriers (PRM 9.2) on the emulated GPU: in each work-group
// the two upper waves produce rounds of data in group memory and the two
// lower ones consume them, synchronized by two fbarriers (one named, one
// through its ldf address): producers arrive on &full and wait on &empty,
// consumers wait on &full and arrive on &empty. The lower waves run first
// on the virtual GPU, so without a working wait they would read stale
// rounds; the sums must match the CPU.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "finalized_gpu.h"
#include "translate_test_util.h"

namespace {

using finalizer_test::FinalizedGpu;

const char kPipeline[] = R"(module &fb:1:0:$full:$large:$default;
kernel &pipeline(kernarg_u64 %out)
{
	fbarrier %full;
	fbarrier %empty;
	group_u32 %buf[128];
	workitemid_u32 $s0, 0;
	cmp_eq_b1_u32 $c0, $s0, 0;
	cbr_b1 $c0, @init;
	br @joined;
@init:
	initfbar %full;
	initfbar %empty;
@joined:
	barrier;
	joinfbar %full;
	ldf_u32 $s9, %empty;
	joinfbar $s9;
	barrier;
	mov_b32 $s1, 0;
	mov_b32 $s2, 0;
	cmp_lt_b1_u32 $c1, $s0, 128;
	cbr_b1 $c1, @consume;
	sub_u32 $s3, $s0, 128;
	shl_u32 $s4, $s3, 2;
@produce:
	mul_u32 $s5, $s1, 1000;
	mad_u32 $s5, $s3, 3, $s5;
	add_u32 $s5, $s5, 1;
	st_group_u32 $s5, [%buf][$s4];
	arrivefbar %full;
	waitfbar $s9;
	add_u32 $s1, $s1, 1;
	cmp_lt_b1_u32 $c2, $s1, 4;
	cbr_b1 $c2, @produce;
	mov_b32 $s2, $s1;
	br @done;
@consume:
	shl_u32 $s4, $s0, 2;
@take:
	waitfbar %full;
	ld_group_u32 $s5, [%buf][$s4];
	add_u32 $s2, $s2, $s5;
	arrivefbar $s9;
	add_u32 $s1, $s1, 1;
	cmp_lt_b1_u32 $c2, $s1, 4;
	cbr_b1 $c2, @take;
@done:
	barrier;
	leavefbar %full;
	leavefbar $s9;
	workitemabsid_u32 $s6, 0;
	cvt_u64_u32 $d0, $s6;
	shl_u64 $d0, $d0, 2;
	ld_kernarg_u64 $d1, [%out];
	add_u64 $d1, $d1, $d0;
	st_global_u32 $s2, [$d1];
	barrier;
	cbr_b1 $c0, @release;
	ret;
@release:
	releasefbar %full;
	releasefbar $s9;
	ret;
};
)";

TEST(TranslateFbarrier, FbarriersAreGroupWords) {
  llvm::LLVMContext context;
  auto m = finalizer_test::translate_text(context, kPipeline);
  ASSERT_TRUE(m);
  EXPECT_EQ(finalizer_test::verify(*m), "");
  for (const char* name : {"&pipeline.%full", "&pipeline.%empty"}) {
    llvm::GlobalVariable* g = m->getGlobalVariable(name, true);
    ASSERT_NE(g, nullptr) << name;
    EXPECT_EQ(g->getAddressSpace(), 3u) << name;
    EXPECT_TRUE(g->getValueType()->isIntegerTy(64)) << name;
  }
}

TEST_F(FinalizedGpu, FbarrierProducerConsumerMatchesTheCpu) {
  uint64_t object = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kPipeline, "&pipeline", &object));
  const uint32_t groups = 3, n = groups * 256;
  uint32_t* out = Buffer<uint32_t>(n);
  ASSERT_NE(out, nullptr);
  ASSERT_TRUE(Dispatch(object, {Ptr(out)}, n, 256));
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t wi = i % 256;
    uint32_t expect = 4;  // producers report their rounds
    if (wi < 128) {
      expect = 0;
      for (uint32_t r = 0; r < 4; ++r) expect += r * 1000 + wi * 3 + 1;
    }
    ASSERT_EQ(out[i], expect) << "work-item " << i;
  }
}

}  // namespace
