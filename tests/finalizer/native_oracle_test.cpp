// The native oracle itself checked against the CPU: HSAIL text -> our BRIG
// writer -> gccbrig-11 -> host code run by libhsail-rt. If this agrees with
// plain C++, the oracle can judge the finalizer's GPU results.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include <hsail/text/parser.h>
#include <hsail/validate/validator.h>

#include "native_hsail_runner.h"

namespace {

// PRM 3.1's vector add (large model, f32), bounded by n so a partial last
// work-group does not write past the end.
const char kVectorAdd[] = R"(module &VectorAdd:1:0:$full:$large:$default;
kernel &vector_add(kernarg_u64 %a, kernarg_u64 %b, kernarg_u64 %c, kernarg_u32 %n)
{
	ld_kernarg_u32 $s0, [%n];
	workitemabsid_u32 $s1, 0;
	cmp_lt_b1_u32 $c0, $s1, $s0;
	cbr_b1 $c0, @body;
	br @done;
@body:
	cvt_u64_u32 $d0, $s1;
	shl_u64 $d0, $d0, 2;
	ld_kernarg_u64 $d1, [%a];
	ld_kernarg_u64 $d2, [%b];
	ld_kernarg_u64 $d3, [%c];
	add_u64 $d1, $d1, $d0;
	add_u64 $d2, $d2, $d0;
	add_u64 $d3, $d3, $d0;
	ld_global_f32 $s2, [$d1];
	ld_global_f32 $s3, [$d2];
	add_f32 $s2, $s2, $s3;
	st_global_f32 $s2, [$d3];
@done:
	ret;
};
)";

std::vector<uint8_t> brig_of(const char* text) {
  hsail::Module m = hsail::parse_hsail(text);
  hsail::validate(m);
  return m.to_brig();
}

void put(std::vector<uint8_t>* block, size_t offset, uint64_t value, size_t bytes) {
  if (block->size() < offset + bytes) block->resize(offset + bytes);
  std::memcpy(block->data() + offset, &value, bytes);
}

uint64_t ptr(const void* p) { return reinterpret_cast<uintptr_t>(p); }

class NativeOracle : public ::testing::Test {
 protected:
  void SetUp() override {
    if (native_hsail::gccbrig_path().empty())
      FAIL() << "gccbrig-11 is not installed: run tools/install-deps.sh (tools/deps/packages.txt "
                "lists it)";
  }
};

TEST_F(NativeOracle, VectorAddMatchesTheCpu) {
  native_hsail::NativeModule native(brig_of(kVectorAdd));
  const uint32_t n = 1000, alloc = 1024;  // the last work-group is partial
  std::vector<float> a(alloc), b(alloc), c(alloc, -1.0f);
  for (uint32_t i = 0; i < alloc; ++i) {
    a[i] = static_cast<float>(i) * 0.37f - 50.0f;
    b[i] = 1.0f / static_cast<float>(i + 1);
  }
  std::vector<uint8_t> args;
  put(&args, 0, ptr(a.data()), 8);
  put(&args, 8, ptr(b.data()), 8);
  put(&args, 16, ptr(c.data()), 8);
  put(&args, 24, n, 4);
  native_hsail::NativeDispatch grid;
  grid.grid_size = alloc;  // work-items past n take the bounds check
  grid.group_size = 64;
  native.dispatch("&VectorAdd", "&vector_add", args, grid);
  for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(c[i], a[i] + b[i]) << "element " << i;
  for (uint32_t i = n; i < alloc; ++i) ASSERT_EQ(c[i], -1.0f) << "element " << i << " past n";
}

// A grid that is not a multiple of the work-group size: the partial last
// group runs only its real work-items, each once.
TEST_F(NativeOracle, PartialWorkGroupRunsEachWorkItemOnce) {
  const char text[] = R"(module &ids:1:0:$full:$large:$default;
kernel &ids(kernarg_u64 %out)
{
	workitemabsid_u32 $s0, 0;
	cvt_u64_u32 $d0, $s0;
	shl_u64 $d0, $d0, 2;
	ld_kernarg_u64 $d1, [%out];
	add_u64 $d1, $d1, $d0;
	ld_global_u32 $s1, [$d1];
	add_u32 $s1, $s1, $s0;
	add_u32 $s1, $s1, 1;
	st_global_u32 $s1, [$d1];
	ret;
};
)";
  native_hsail::NativeModule native(brig_of(text));
  const uint32_t n = 100;
  std::vector<uint32_t> out(n + 8, 0);
  std::vector<uint8_t> args;
  put(&args, 0, ptr(out.data()), 8);
  native_hsail::NativeDispatch grid;
  grid.grid_size = n;
  grid.group_size = 32;
  native.dispatch("ids", "ids", args, grid);
  for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(out[i], i + 1) << "work-item " << i;
  for (uint32_t i = n; i < out.size(); ++i) ASSERT_EQ(out[i], 0u) << "past the grid " << i;
}

// A barrier sends the kernel down libhsail-rt's fiber path: each work-item
// writes group memory, waits, and reads its mirror image in the group.
TEST_F(NativeOracle, BarrierAndGroupMemoryReverseEachGroup) {
  const char text[] = R"(module &rev:1:0:$full:$large:$default;
kernel &rev(kernarg_u64 %out)
{
	group_u32 %t[64];
	workitemabsid_u32 $s0, 0;
	workitemid_u32 $s1, 0;
	currentworkgroupsize_u32 $s2, 0;
	shl_u32 $s4, $s1, 2;
	mul_u32 $s5, $s0, 3;
	st_group_u32 $s5, [%t][$s4];
	barrier;
	sub_u32 $s6, $s2, 1;
	sub_u32 $s6, $s6, $s1;
	shl_u32 $s6, $s6, 2;
	ld_group_u32 $s7, [%t][$s6];
	ld_kernarg_u64 $d2, [%out];
	cvt_u64_u32 $d3, $s0;
	shl_u64 $d3, $d3, 2;
	add_u64 $d2, $d2, $d3;
	st_global_u32 $s7, [$d2];
	ret;
};
)";
  native_hsail::NativeModule native(brig_of(text));
  const uint32_t n = 100, group = 32;  // three full groups and one of 4
  std::vector<uint32_t> out(n, 0);
  std::vector<uint8_t> args;
  put(&args, 0, ptr(out.data()), 8);
  native_hsail::NativeDispatch grid;
  grid.grid_size = n;
  grid.group_size = group;
  native.dispatch("&rev", "&rev", args, grid);
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t base = i / group * group;
    const uint32_t size = std::min(group, n - base);
    ASSERT_EQ(out[i], 3 * (base + size - 1 - (i - base))) << "work-item " << i;
  }
}

TEST_F(NativeOracle, RejectedBrigAndMissingKernelAreErrors) {
  std::vector<uint8_t> garbage(64, 0x5a);
  EXPECT_THROW(native_hsail::NativeModule{garbage}, native_hsail::NativeError);
  native_hsail::NativeModule native(brig_of(kVectorAdd));
  native_hsail::NativeDispatch grid;
  EXPECT_THROW(native.dispatch("&VectorAdd", "&no_such_kernel", {}, grid),
               native_hsail::NativeError);
}

}  // namespace
