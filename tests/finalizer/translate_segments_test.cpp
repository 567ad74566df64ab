// segmentp, ftos, stof (PRM 5.16, 5.17) and sbr (PRM 8) on the emulated
// gfx900, against the values the PRM prescribes: a group or private
// variable reached through its stof flat address holds what the segment
// access stored (and the other way round), segmentp tells the three
// segments and the flat null apart, ftos undoes stof, the nulls map to
// each other, and sbr sends each work-item to the label its index names.
#include <string>

#include "finalized_gpu.h"
#include "translate_test_util.h"

namespace finalizer_test {
namespace {

constexpr uint32_t kItems = 128;
constexpr uint32_t kSlots = 16;  // u32 results per work-item

// Per work-item slots (see kSegWant).
constexpr char kSegments[] = R"(module &seg:1:0:$full:$large:$default;
kernel &segments(kernarg_u64 %out)
{
	group_u32 %g[64];
	private_u32 %p;
	workitemabsid_u32 $s0, 0;
	workitemid_u32 $s9, 0;
	cvt_u64_u32 $d0, $s0;
	shl_u64 $d0, $d0, 6;
	ld_kernarg_u64 $d1, [%out];
	add_u64 $d1, $d1, $d0;
	shl_u32 $s1, $s9, 2;
	lda_group_u32 $s2, [%g];
	add_u32 $s2, $s2, $s1;
	add_u32 $s3, $s0, 1000;
	st_group_u32 $s3, [$s2];
	stof_group_u64_u32 $d2, $s2;
	ld_u32 $s4, [$d2];
	st_global_u32 $s4, [$d1];
	add_u32 $s4, $s0, 2000;
	st_u32 $s4, [$d2];
	ld_group_u32 $s5, [$s2];
	st_global_u32 $s5, [$d1+4];
	segmentp_group_b1_u64 $c1, $d2;
	cvt_u32_b1 $s6, $c1;
	st_global_u32 $s6, [$d1+8];
	segmentp_private_b1_u64 $c1, $d2;
	cvt_u32_b1 $s6, $c1;
	st_global_u32 $s6, [$d1+12];
	segmentp_global_b1_u64 $c1, $d2;
	cvt_u32_b1 $s6, $c1;
	st_global_u32 $s6, [$d1+16];
	ftos_group_u32_u64 $s7, $d2;
	xor_b32 $s7, $s7, $s2;
	st_global_u32 $s7, [$d1+20];
	ftos_group_nonull_u32_u64 $s7, $d2;
	xor_b32 $s7, $s7, $s2;
	st_global_u32 $s7, [$d1+24];
	stof_group_nonull_u64_u32 $d3, $s2;
	xor_b64 $d3, $d3, $d2;
	cvt_u32_u64 $s7, $d3;
	st_global_u32 $s7, [$d1+28];
	lda_private_u32 $s2, [%p];
	add_u32 $s3, $s0, 3000;
	st_private_u32 $s3, [$s2];
	stof_private_u64_u32 $d2, $s2;
	ld_u32 $s4, [$d2];
	st_global_u32 $s4, [$d1+32];
	segmentp_private_b1_u64 $c1, $d2;
	cvt_u32_b1 $s6, $c1;
	st_global_u32 $s6, [$d1+36];
	segmentp_group_b1_u64 $c1, $d2;
	cvt_u32_b1 $s6, $c1;
	st_global_u32 $s6, [$d1+40];
	segmentp_global_nonull_b1_u64 $c1, $d2;
	cvt_u32_b1 $s6, $c1;
	st_global_u32 $s6, [$d1+44];
	ftos_private_u32_u64 $s7, $d2;
	xor_b32 $s7, $s7, $s2;
	st_global_u32 $s7, [$d1+48];
	segmentp_global_b1_u64 $c1, $d1;
	cvt_u32_b1 $s6, $c1;
	st_global_u32 $s6, [$d1+52];
	segmentp_group_nonull_b1_u64 $c1, $d1;
	cvt_u32_b1 $s6, $c1;
	st_global_u32 $s6, [$d1+56];
	segmentp_private_b1_u64 $c1, $d1;
	cvt_u32_b1 $s6, $c1;
	st_global_u32 $s6, [$d1+60];
	ret;
};
)";

// The nulls: in[0] holds the flat null (0), in[1] the group/private null
// (all ones, what nullptr_group and nullptr_private give).
constexpr char kNulls[] = R"(module &nulls:1:0:$full:$large:$default;
kernel &nulls(kernarg_u64 %in, kernarg_u64 %out)
{
	ld_kernarg_u64 $d0, [%in];
	ld_kernarg_u64 $d1, [%out];
	ld_global_u64 $d2, [$d0];
	ld_global_u32 $s2, [$d0+8];
	segmentp_group_b1_u64 $c1, $d2;
	cvt_u32_b1 $s1, $c1;
	st_global_u32 $s1, [$d1];
	segmentp_private_b1_u64 $c1, $d2;
	cvt_u32_b1 $s1, $c1;
	st_global_u32 $s1, [$d1+4];
	segmentp_global_b1_u64 $c1, $d2;
	cvt_u32_b1 $s1, $c1;
	st_global_u32 $s1, [$d1+8];
	ftos_group_u32_u64 $s1, $d2;
	st_global_u32 $s1, [$d1+12];
	ftos_private_u32_u64 $s1, $d2;
	st_global_u32 $s1, [$d1+16];
	nullptr_group_u32 $s1;
	st_global_u32 $s1, [$d1+20];
	stof_group_u64_u32 $d3, $s2;
	st_global_u64 $d3, [$d1+24];
	stof_private_u64_u32 $d3, $s2;
	st_global_u64 $d3, [$d1+32];
	ret;
};
)";

// sbr_u32 on a per-work-item index (divergent) and sbr_width(all)_u64 on
// the work-group id (uniform).
constexpr char kSwitch[] = R"(module &sw:1:0:$full:$large:$default;
kernel &switch(kernarg_u64 %out)
{
	workitemabsid_u32 $s0, 0;
	cvt_u64_u32 $d0, $s0;
	shl_u64 $d0, $d0, 3;
	ld_kernarg_u64 $d1, [%out];
	add_u64 $d1, $d1, $d0;
	rem_u32 $s1, $s0, 5;
	sbr_u32 $s1 [@l0, @l1, @l2, @l3, @l4];
@l0:
	mov_b32 $s2, 100;
	br @next;
@l1:
	mov_b32 $s2, 101;
	br @next;
@l2:
	mov_b32 $s2, 102;
	br @next;
@l3:
	mov_b32 $s2, 103;
	br @next;
@l4:
	mov_b32 $s2, 104;
@next:
	st_global_u32 $s2, [$d1];
	workgroupid_u32 $s3, 0;
	rem_u32 $s3, $s3, 3;
	cvt_u64_u32 $d3, $s3;
	sbr_width(all)_u64 $d3 [@a, @b, @c];
@a:
	mov_b32 $s4, 7;
	br @end;
@b:
	mov_b32 $s4, 8;
	br @end;
@c:
	mov_b32 $s4, 9;
@end:
	st_global_u32 $s4, [$d1+4];
	ret;
};
)";

class Segments : public FinalizedGpu {};

TEST_F(Segments, StofFtosAndSegmentpAgreeWithTheSegmentAccesses) {
  uint64_t object = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kSegments, "&segments", &object));
  uint32_t* out = Buffer<uint32_t>(kItems * kSlots);
  ASSERT_NE(out, nullptr);
  ASSERT_TRUE(Dispatch(object, {Ptr(out)}, kItems, 64));
  for (uint32_t i = 0; i < kItems; ++i) {
    // flat load of group, group load of a flat store, segmentp of a group
    // address (group/private/global), ftos undoing stof (xor 0) with and
    // without nonull, stof nonull equal to stof; the same for private; the
    // three segmentp of a global address.
    const uint32_t want[kSlots] = {i + 1000, i + 2000, 1, 0, 0, 0, 0, 0,
                                   i + 3000, 1,        0, 0, 0, 1, 0, 0};
    for (uint32_t j = 0; j < kSlots; ++j) {
      EXPECT_EQ(out[i * kSlots + j], want[j]) << "work-item " << i << " slot " << j;
    }
  }
}

TEST_F(Segments, NullsConvertToEachOtherAndBelongToEverySegment) {
  uint64_t object = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kNulls, "&nulls", &object));
  uint64_t* in = Buffer<uint64_t>(2);
  uint32_t* out = Buffer<uint32_t>(10);
  ASSERT_TRUE(in && out);
  in[0] = 0;
  in[1] = 0xffffffffu;
  for (int i = 0; i < 10; ++i) out[i] = 0x5a5a5a5a;
  ASSERT_TRUE(Dispatch(object, {Ptr(in), Ptr(out)}, 1, 1));
  EXPECT_EQ(out[0], 1u) << "segmentp_group of the flat null (PRM 5.16: true)";
  EXPECT_EQ(out[1], 1u) << "segmentp_private of the flat null";
  EXPECT_EQ(out[2], 1u) << "segmentp_global of the flat null";
  EXPECT_EQ(out[3], out[5]) << "ftos_group of the flat null is nullptr_group (PRM 5.17)";
  EXPECT_EQ(out[4], out[5]) << "ftos_private of the flat null is the private null";
  EXPECT_EQ(out[5], 0xffffffffu);
  EXPECT_EQ(out[6], 0u) << "stof_group of the group null is the flat null (low half)";
  EXPECT_EQ(out[7], 0u) << "stof_group of the group null is the flat null (high half)";
  EXPECT_EQ(out[8], 0u) << "stof_private of the private null (low half)";
  EXPECT_EQ(out[9], 0u) << "stof_private of the private null (high half)";
}

TEST_F(Segments, SbrBranchesToTheLabelItsIndexNames) {
  uint64_t object = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kSwitch, "&switch", &object));
  constexpr uint32_t n = 256;
  uint32_t* out = Buffer<uint32_t>(2 * n);
  ASSERT_NE(out, nullptr);
  ASSERT_TRUE(Dispatch(object, {Ptr(out)}, n, 64));
  for (uint32_t i = 0; i < n; ++i) {
    EXPECT_EQ(out[2 * i], 100 + i % 5) << "sbr_u32, work-item " << i;
    EXPECT_EQ(out[2 * i + 1], 7 + (i / 64) % 3) << "sbr_width(all)_u64, work-item " << i;
  }
}

TEST(SegmentsSmallModel, StofToA32BitFlatAddressIsNotSupportedYet) {
  llvm::LLVMContext ctx;
  try {
    translate_text(ctx, R"(module &m:1:0:$full:$small:$default;
kernel &k(kernarg_u32 %out)
{
	group_u32 %g;
	lda_group_u32 $s1, [%g];
	stof_group_u32_u32 $s2, $s1;
	ret;
};
)");
    FAIL() << "stof to a small-model flat address was translated";
  } catch (const hsail::finalizer::FinalizeError& e) {
    EXPECT_NE(std::string(e.what()).find("not supported yet: stof to a 32-bit flat address"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace finalizer_test
