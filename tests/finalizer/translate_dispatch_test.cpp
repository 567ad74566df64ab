// End to end: HSAIL text finalized in process (translate + emit_code_object),
// loaded through the runtime's executable API by its HSAIL kernel name and
// dispatched on the emulated gfx900, results checked against the CPU.
#include <gtest/gtest.h>
#include <hsa/hsa.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "finalized_gpu.h"

namespace {

// PRM 3.1's vector add in the large model (64-bit addresses: the buffers
// live anywhere in system memory), f32 elements.
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

// Each work-item records its ids and sizes (4 words) and reverses the
// values of its work-group through group memory across a barrier.
const char kIdsAndGroupMemory[] = R"(module &ids:1:0:$full:$large:$default;
kernel &ids(kernarg_u64 %out, kernarg_u64 %rev)
{
	group_u32 %t[64];
	ld_kernarg_u64 $d0, [%out];
	workitemabsid_u32 $s0, 0;
	cvt_u64_u32 $d1, $s0;
	shl_u64 $d1, $d1, 4;
	add_u64 $d1, $d0, $d1;
	workgroupid_u32 $s1, 0;
	st_global_u32 $s1, [$d1];
	workitemid_u32 $s1, 0;
	st_global_u32 $s1, [$d1+4];
	currentworkgroupsize_u32 $s2, 0;
	st_global_u32 $s2, [$d1+8];
	gridsize_u32 $s3, 0;
	mad_u32 $s3, $s3, 1000, $s0;
	st_global_u32 $s3, [$d1+12];
	shl_u32 $s4, $s1, 2;
	mul_u32 $s5, $s0, 3;
	st_group_u32 $s5, [%t][$s4];
	barrier;
	sub_u32 $s6, $s2, 1;
	sub_u32 $s6, $s6, $s1;
	shl_u32 $s6, $s6, 2;
	ld_group_u32 $s7, [%t][$s6];
	ld_kernarg_u64 $d2, [%rev];
	cvt_u64_u32 $d3, $s0;
	shl_u64 $d3, $d3, 2;
	add_u64 $d2, $d2, $d3;
	st_global_u32 $s7, [$d2];
	ret;
};
)";

// The shared end-to-end fixture, with kernarg blocks laid out byte by byte.
class FinalizedDispatch : public finalizer_test::FinalizedGpu {
 protected:
  static void Put(std::vector<uint8_t>* block, size_t offset, uint64_t value, size_t bytes) {
    if (block->size() < offset + bytes) block->resize(offset + bytes);
    std::memcpy(block->data() + offset, &value, bytes);
  }
};

// Every code object version the backend writes loads by the HSAIL name.
class FinalizedVersions : public FinalizedDispatch, public ::testing::WithParamInterface<int> {};

TEST_P(FinalizedVersions, VectorAddMatchesTheCpu) {
  uint64_t object = 0;
  uint32_t kernarg_size = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kVectorAdd, "&vector_add", &object, &kernarg_size, GetParam()));
  EXPECT_GE(kernarg_size, 28u);
  const uint32_t n = 1000, alloc = 1024;  // the last work-group is partial
  float* a = hsakmt_test::alloc_array<float>(alloc);
  float* b = hsakmt_test::alloc_array<float>(alloc);
  float* c = hsakmt_test::alloc_array<float>(alloc);
  ASSERT_TRUE(a && b && c);
  for (uint32_t i = 0; i < alloc; ++i) {
    a[i] = static_cast<float>(i) * 0.37f - 50.0f;
    b[i] = 1.0f / static_cast<float>(i + 1);
    c[i] = -1.0f;
  }
  std::vector<uint8_t> args(kernarg_size, 0);
  Put(&args, 0, Ptr(a), 8);
  Put(&args, 8, Ptr(b), 8);
  Put(&args, 16, Ptr(c), 8);
  Put(&args, 24, n, 4);
  ASSERT_TRUE(DispatchBytes(object, args, n, 64)) << "the dispatch did not complete";
  for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(c[i], a[i] + b[i]) << "element " << i;
  for (uint32_t i = n; i < alloc; ++i) ASSERT_EQ(c[i], -1.0f) << "element " << i << " past n";
  hsakmt_test::free_system(a, alloc * 4);
  hsakmt_test::free_system(b, alloc * 4);
  hsakmt_test::free_system(c, alloc * 4);
}

INSTANTIATE_TEST_SUITE_P(CodeObjectVersions, FinalizedVersions, ::testing::Values(2, 3, 4));

TEST_F(FinalizedDispatch, IdsSizesAndGroupMemoryAcrossABarrier) {
  uint64_t object = 0;
  uint32_t kernarg_size = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kIdsAndGroupMemory, "&ids", &object, &kernarg_size));
  const uint32_t n = 100, group = 64;  // one full and one partial work-group
  uint32_t* out = hsakmt_test::alloc_array<uint32_t>(4 * n);
  uint32_t* rev = hsakmt_test::alloc_array<uint32_t>(n);
  ASSERT_TRUE(out && rev);
  std::vector<uint8_t> args(kernarg_size, 0);
  Put(&args, 0, Ptr(out), 8);
  Put(&args, 8, Ptr(rev), 8);
  ASSERT_TRUE(DispatchBytes(object, args, n, group)) << "the dispatch did not complete";
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t wg = i / group, id = i % group;
    const uint32_t current = std::min(group, n - wg * group);
    EXPECT_EQ(out[4 * i], wg) << i;
    EXPECT_EQ(out[4 * i + 1], id) << i;
    EXPECT_EQ(out[4 * i + 2], current) << i;
    EXPECT_EQ(out[4 * i + 3], n * 1000 + i) << i;
    // The value the mirror work-item of the same group wrote.
    EXPECT_EQ(rev[i], 3 * (wg * group + current - 1 - id)) << i;
  }
  hsakmt_test::free_system(out, 4 * n * 4);
  hsakmt_test::free_system(rev, n * 4);
}

// Private memory indexed by a register (so it stays in scratch): each
// work-item fills p[j] = i * (j + 1) for j < 8 and sums p[(i + j) % 8] * j
// (8 comes as a kernarg so that LLVM cannot unroll the loops and promote
// the array to registers).
const char kPrivateScratch[] = R"(module &priv:1:0:$full:$large:$default;
kernel &priv(kernarg_u64 %out, kernarg_u32 %m)
{
	private_u32 %p[8];
	ld_kernarg_u32 $s9, [%m];
	workitemabsid_u32 $s0, 0;
	mov_b32 $s1, 0;
@fill:
	add_u32 $s2, $s1, 1;
	mul_u32 $s2, $s2, $s0;
	shl_u32 $s3, $s1, 2;
	st_private_u32 $s2, [%p][$s3];
	add_u32 $s1, $s1, 1;
	cmp_lt_b1_u32 $c0, $s1, $s9;
	cbr_b1 $c0, @fill;
	mov_b32 $s1, 0;
	mov_b32 $s4, 0;
@sum:
	add_u32 $s3, $s0, $s1;
	and_b32 $s3, $s3, 7;
	shl_u32 $s3, $s3, 2;
	ld_private_u32 $s2, [%p][$s3];
	mul_u32 $s2, $s2, $s1;
	add_u32 $s4, $s4, $s2;
	add_u32 $s1, $s1, 1;
	cmp_lt_b1_u32 $c0, $s1, $s9;
	cbr_b1 $c0, @sum;
	ld_kernarg_u64 $d0, [%out];
	cvt_u64_u32 $d1, $s0;
	shl_u64 $d1, $d1, 2;
	add_u64 $d0, $d0, $d1;
	st_global_u32 $s4, [$d0];
	ret;
};
)";

TEST_F(FinalizedDispatch, PrivateArraysLiveInScratch) {
  uint64_t object = 0;
  uint32_t kernarg_size = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kPrivateScratch, "&priv", &object, &kernarg_size));
  const uint32_t n = 128;
  uint32_t* out = hsakmt_test::alloc_array<uint32_t>(n);
  ASSERT_TRUE(out);
  std::vector<uint8_t> args(kernarg_size, 0);
  Put(&args, 0, Ptr(out), 8);
  Put(&args, 8, 8, 4);
  ASSERT_TRUE(DispatchBytes(object, args, n, 64)) << "the dispatch did not complete";
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t p[8], want = 0;
    for (uint32_t j = 0; j < 8; ++j) p[j] = i * (j + 1);
    for (uint32_t j = 0; j < 8; ++j) want += p[(i + j) % 8] * j;
    EXPECT_EQ(out[i], want) << i;
  }
  hsakmt_test::free_system(out, n * 4);
}

// Module-scope global and group variables: each work-item adds to its
// slot of a global array through the variable's address, then reads it
// back; group memory is shared by the work-group.
const char kModuleVariables[] = R"(module &vars:1:0:$full:$large:$default;
global_u32 &acc[256];
group_u32 &shared[64];
kernel &vars(kernarg_u64 %out)
{
	workitemabsid_u32 $s0, 0;
	workitemid_u32 $s1, 0;
	shl_u32 $s2, $s0, 2;
	cvt_u64_u32 $d2, $s2;
	ld_global_u32 $s3, [&acc][$d2];
	add_u32 $s3, $s3, $s0;
	add_u32 $s3, $s3, 5;
	st_global_u32 $s3, [&acc][$d2];
	shl_u32 $s4, $s1, 2;
	st_group_u32 $s0, [&shared][$s4];
	barrier;
	xor_b32 $s5, $s1, 1;
	shl_u32 $s5, $s5, 2;
	ld_group_u32 $s6, [&shared][$s5];
	ld_global_u32 $s7, [&acc][$d2];
	add_u32 $s7, $s7, $s6;
	ld_kernarg_u64 $d0, [%out];
	cvt_u64_u32 $d1, $s2;
	add_u64 $d0, $d0, $d1;
	st_global_u32 $s7, [$d0];
	ret;
};
)";

TEST_F(FinalizedDispatch, ModuleScopeGlobalAndGroupVariables) {
  uint64_t object = 0;
  uint32_t kernarg_size = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kModuleVariables, "&vars", &object, &kernarg_size));
  const uint32_t n = 256;
  uint32_t* out = hsakmt_test::alloc_array<uint32_t>(n);
  ASSERT_TRUE(out);
  std::vector<uint8_t> args(kernarg_size, 0);
  Put(&args, 0, Ptr(out), 8);
  // Twice: the global keeps its value between dispatches of one executable.
  for (uint32_t round = 1; round <= 2; ++round) {
    ASSERT_TRUE(DispatchBytes(object, args, n, 64)) << "the dispatch did not complete";
    for (uint32_t i = 0; i < n; ++i) {
      ASSERT_EQ(out[i], round * (i + 5) + (i ^ 1)) << "round " << round << " element " << i;
    }
  }
  hsakmt_test::free_system(out, n * 4);
}

// One instruction family on the GPU: each row computes $s2 from $s0 and
// $s1 (the bits of a[i] and b[i]); the kernel stores row r of work-item i
// at out[r * n + i]. The CPU computes the same rows from the same bits.
struct OpRow {
  const char* hsail;
  uint32_t (*cpu)(uint32_t a, uint32_t b);
};

std::string OpsKernel(const std::vector<OpRow>& rows) {
  std::string t = R"(module &ops:1:0:$full:$large:$default;
kernel &ops(kernarg_u64 %a, kernarg_u64 %b, kernarg_u64 %out, kernarg_u32 %n)
{
	workitemabsid_u32 $s9, 0;
	cvt_u64_u32 $d9, $s9;
	shl_u64 $d9, $d9, 2;
	ld_kernarg_u64 $d0, [%a];
	add_u64 $d0, $d0, $d9;
	ld_global_u32 $s0, [$d0];
	ld_kernarg_u64 $d1, [%b];
	add_u64 $d1, $d1, $d9;
	ld_global_u32 $s1, [$d1];
	ld_kernarg_u64 $d2, [%out];
	add_u64 $d2, $d2, $d9;
	ld_kernarg_u32 $s8, [%n];
	cvt_u64_u32 $d8, $s8;
	shl_u64 $d8, $d8, 2;
)";
  for (const OpRow& r : rows) {
    t += std::string("\t") + r.hsail + "\n\tst_global_u32 $s2, [$d2];\n\tadd_u64 $d2, $d2, $d8;\n";
  }
  return t + "\tret;\n};\n";
}

uint32_t F2U(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
float U2F(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
int32_t S(uint32_t u) { return static_cast<int32_t>(u); }

class FinalizedFamilies : public FinalizedDispatch {
 protected:
  void Run(const std::vector<OpRow>& rows, const std::vector<uint32_t>& a,
           const std::vector<uint32_t>& b) {
    const std::string text = OpsKernel(rows);
    uint64_t object = 0;
    uint32_t kernarg_size = 0;
    ASSERT_NO_FATAL_FAILURE(Load(text.c_str(), "&ops", &object, &kernarg_size));
    const uint32_t n = static_cast<uint32_t>(a.size());
    uint32_t* da = hsakmt_test::alloc_array<uint32_t>(n);
    uint32_t* db = hsakmt_test::alloc_array<uint32_t>(n);
    uint32_t* out = hsakmt_test::alloc_array<uint32_t>(n * rows.size());
    ASSERT_TRUE(da && db && out);
    std::memcpy(da, a.data(), n * 4);
    std::memcpy(db, b.data(), n * 4);
    std::vector<uint8_t> args(kernarg_size, 0);
    Put(&args, 0, Ptr(da), 8);
    Put(&args, 8, Ptr(db), 8);
    Put(&args, 16, Ptr(out), 8);
    Put(&args, 24, n, 4);
    ASSERT_TRUE(DispatchBytes(object, args, n, 64)) << "the dispatch did not complete";
    for (size_t r = 0; r < rows.size(); ++r) {
      int wrong = 0;
      for (uint32_t i = 0; i < n && wrong < 3; ++i) {
        const uint32_t want = rows[r].cpu(a[i], b[i]);
        if (out[r * n + i] != want) {
          ++wrong;
          ADD_FAILURE() << rows[r].hsail << " a=0x" << std::hex << a[i] << " b=0x" << b[i]
                        << ": gpu 0x" << out[r * n + i] << ", cpu 0x" << want;
        }
      }
    }
    hsakmt_test::free_system(da, n * 4);
    hsakmt_test::free_system(db, n * 4);
    hsakmt_test::free_system(out, n * rows.size() * 4);
  }
};

TEST_F(FinalizedFamilies, IntegerArithmeticBitAndCompareMatchTheCpu) {
  std::vector<uint32_t> a, b;
  for (uint32_t i = 0; i < 256; ++i) {
    a.push_back(i * 2654435761u);
    // Nonzero divisors of both signs and sizes, -1 excluded (INT_MIN / -1).
    const int32_t d = static_cast<int32_t>((i * 40503u) % 100000u) - 50000;
    b.push_back(static_cast<uint32_t>(d == 0 || d == -1 ? 7 : d) * ((i & 3) == 0 ? 1u : 3u));
  }
  Run({{"add_s32 $s2, $s0, $s1;", [](uint32_t x, uint32_t y) { return x + y; }},
       {"sub_s32 $s2, $s0, $s1;", [](uint32_t x, uint32_t y) { return x - y; }},
       {"mul_s32 $s2, $s0, $s1;", [](uint32_t x, uint32_t y) { return x * y; }},
       {"div_s32 $s2, $s0, $s1;", [](uint32_t x, uint32_t y) { return uint32_t(S(x) / S(y)); }},
       {"rem_s32 $s2, $s0, $s1;", [](uint32_t x, uint32_t y) { return uint32_t(S(x) % S(y)); }},
       {"div_u32 $s2, $s0, $s1;", [](uint32_t x, uint32_t y) { return x / y; }},
       {"rem_u32 $s2, $s0, $s1;", [](uint32_t x, uint32_t y) { return x % y; }},
       {"min_s32 $s2, $s0, $s1;",
        [](uint32_t x, uint32_t y) { return uint32_t(std::min(S(x), S(y))); }},
       {"max_u32 $s2, $s0, $s1;", [](uint32_t x, uint32_t y) { return std::max(x, y); }},
       {"mulhi_s32 $s2, $s0, $s1;",
        [](uint32_t x, uint32_t y) { return uint32_t((int64_t(S(x)) * S(y)) >> 32); }},
       {"mulhi_u32 $s2, $s0, $s1;",
        [](uint32_t x, uint32_t y) { return uint32_t((uint64_t(x) * y) >> 32); }},
       {"mad_u32 $s2, $s0, $s1, $s0;", [](uint32_t x, uint32_t y) { return x * y + x; }},
       {"shl_u32 $s2, $s0, $s1;", [](uint32_t x, uint32_t y) { return x << (y & 31); }},
       {"shr_s32 $s2, $s0, $s1;",
        [](uint32_t x, uint32_t y) { return uint32_t(S(x) >> (y & 31)); }},
       {"shr_u32 $s2, $s0, $s1;", [](uint32_t x, uint32_t y) { return x >> (y & 31); }},
       {"and_b32 $s2, $s0, $s1;", [](uint32_t x, uint32_t y) { return x & y; }},
       {"or_b32 $s2, $s0, $s1;", [](uint32_t x, uint32_t y) { return x | y; }},
       {"xor_b32 $s2, $s0, $s1;", [](uint32_t x, uint32_t y) { return x ^ y; }},
       {"not_b32 $s2, $s0;", [](uint32_t x, uint32_t) { return ~x; }},
       {"neg_s32 $s2, $s0;", [](uint32_t x, uint32_t) { return 0u - x; }},
       {"abs_s32 $s2, $s1;", [](uint32_t, uint32_t y) { return S(y) < 0 ? 0u - y : y; }},
       {"popcount_u32_b32 $s2, $s0;",
        [](uint32_t x, uint32_t) { return uint32_t(__builtin_popcount(x)); }},
       {"cmp_lt_u32_s32 $s2, $s0, $s1;",
        [](uint32_t x, uint32_t y) { return S(x) < S(y) ? ~0u : 0u; }},
       {"cmp_gt_b1_u32 $c1, $s0, $s1;\n\tcmov_b32 $s2, $c1, $s0, $s1;",
        [](uint32_t x, uint32_t y) { return x > y ? x : y; }},
       {"shr_s32 $s5, $s0, 9;\n\tshr_s32 $s6, $s1, 9;\n\tmul24_s32 $s2, $s5, $s6;",
        [](uint32_t x, uint32_t y) { return uint32_t(int64_t(S(x) >> 9) * (S(y) >> 9)); }},
       {"shr_s32 $s5, $s0, 9;\n\tshr_s32 $s6, $s1, 9;\n\tmul24hi_s32 $s2, $s5, $s6;",
        [](uint32_t x, uint32_t y) { return uint32_t((int64_t(S(x) >> 9) * (S(y) >> 9)) >> 32); }},
       {"shr_u32 $s5, $s0, 8;\n\tshr_u32 $s6, $s1, 8;\n\tmad24hi_u32 $s2, $s5, $s6, $s0;",
        [](uint32_t x, uint32_t y) { return uint32_t((uint64_t(x >> 8) * (y >> 8)) >> 32) + x; }},
       {"shr_u32 $s5, $s0, $s1;\n\tfirstbit_u32_u32 $s2, $s5;",
        [](uint32_t x, uint32_t y) {
          uint32_t v = x >> (y & 31);
          return v == 0 ? ~0u : uint32_t(__builtin_clz(v));
        }},
       {"shr_s32 $s5, $s0, $s1;\n\tfirstbit_u32_s32 $s2, $s5;",
        [](uint32_t x, uint32_t y) {
          int32_t v = S(x) >> (y & 31);
          uint32_t u = v < 0 ? ~uint32_t(v) : uint32_t(v);
          return u == 0 ? ~0u : uint32_t(__builtin_clz(u));
        }},
       {"shl_u32 $s5, $s0, $s1;\n\tlastbit_u32_u32 $s2, $s5;",
        [](uint32_t x, uint32_t y) {
          uint32_t v = x << (y & 31);
          return v == 0 ? ~0u : uint32_t(__builtin_ctz(v));
        }},
       {"cvt_u64_u32 $d5, $s0;\n\tlastbit_u32_s64 $s2, $d5;",
        [](uint32_t x, uint32_t) { return x == 0 ? ~0u : uint32_t(__builtin_ctz(x)); }},
       {"bitselect_b32 $s2, $s0, $s1, 0x5a5a5a5a;",
        [](uint32_t x, uint32_t y) { return (y & x) | (0x5a5a5a5au & ~x); }},
       {"combine_v2_b64_b32 $d4, ($s0, $s1);\n\tshr_u64 $d4, $d4, 20;\n"
        "\texpand_v2_b32_b64 ($s5, $s2), $d4;",
        [](uint32_t x, uint32_t y) { return uint32_t(((uint64_t(y) << 32 | x) >> 20) >> 32); }},
       {"cvt_s32_s16 $s2, $s0;",
        [](uint32_t x, uint32_t) { return uint32_t(int32_t(int16_t(x))); }},
       {"cvt_u8_u32 $s2, $s1;", [](uint32_t, uint32_t y) { return y & 0xff; }},
       {"cvt_s64_s32 $d4, $s1;\n\tshr_u64 $d4, $d4, 16;\n\tcvt_u32_u64 $s2, $d4;",
        [](uint32_t, uint32_t y) { return uint32_t(uint64_t(int64_t(S(y))) >> 16); }}},
      a, b);
}

TEST_F(FinalizedFamilies, FloatArithmeticAndConversionsMatchTheCpu) {
  std::vector<uint32_t> a, b;
  for (uint32_t i = 0; i < 256; ++i) {
    a.push_back(F2U((static_cast<float>(i) - 127.5f) * 1.37f));
    b.push_back(F2U(i % 7 == 3 ? 0.0f : 3.0f / (static_cast<float>(i % 29) - 14.25f)));
  }
  // Special values: a tiny negative (fract rounds up to just below 1),
  // infinities and a NaN through the products.
  b[10] = F2U(-1e-30f);
  b[11] = F2U(std::numeric_limits<float>::infinity());
  b[12] = F2U(-std::numeric_limits<float>::infinity());
  b[13] = F2U(std::numeric_limits<float>::quiet_NaN());
  Run({{"add_f32 $s2, $s0, $s1;", [](uint32_t x, uint32_t y) { return F2U(U2F(x) + U2F(y)); }},
       {"sub_f32 $s2, $s0, $s1;", [](uint32_t x, uint32_t y) { return F2U(U2F(x) - U2F(y)); }},
       {"mul_f32 $s2, $s0, $s1;", [](uint32_t x, uint32_t y) { return F2U(U2F(x) * U2F(y)); }},
       {"div_f32 $s2, $s0, $s1;", [](uint32_t x, uint32_t y) { return F2U(U2F(x) / U2F(y)); }},
       {"min_f32 $s2, $s0, $s1;",
        [](uint32_t x, uint32_t y) { return F2U(std::fmin(U2F(x), U2F(y))); }},
       {"max_f32 $s2, $s0, $s1;",
        [](uint32_t x, uint32_t y) { return F2U(std::fmax(U2F(x), U2F(y))); }},
       {"fma_f32 $s2, $s0, $s1, $s0;",
        [](uint32_t x, uint32_t y) { return F2U(std::fma(U2F(x), U2F(y), U2F(x))); }},
       {"neg_f32 $s2, $s0;", [](uint32_t x, uint32_t) { return F2U(-U2F(x)); }},
       {"abs_f32 $s2, $s0;", [](uint32_t x, uint32_t) { return F2U(std::fabs(U2F(x))); }},
       {"mul_f32 $s5, $s0, $s1;\n\tfract_f32 $s2, $s5;",
        [](uint32_t x, uint32_t y) {
          float v = U2F(x) * U2F(y);
          if (v == 0.0f || std::isnan(v)) return F2U(v);
          if (std::isinf(v)) return F2U(std::copysign(0.0f, v));
          return F2U(std::fmin(v - std::floor(v), std::nextafter(1.0f, 0.0f)));
        }},
       {"floor_f32 $s2, $s0;", [](uint32_t x, uint32_t) { return F2U(std::floor(U2F(x))); }},
       {"rint_f32 $s2, $s0;", [](uint32_t x, uint32_t) { return F2U(std::nearbyint(U2F(x))); }},
       {"cvt_neari_s32_f32 $s2, $s0;",
        [](uint32_t x, uint32_t) { return uint32_t(int32_t(std::nearbyint(U2F(x)))); }},
       {"cvt_u32_f32 $s2, $s0;",
        [](uint32_t x, uint32_t) { return U2F(x) <= 0.0f ? 0u : uint32_t(U2F(x)); }},
       {"cvt_f32_s32 $s2, $s0;", [](uint32_t x, uint32_t) { return F2U(float(S(x))); }},
       {"cmp_lt_f32_f32 $s2, $s0, $s1;",
        [](uint32_t x, uint32_t y) { return F2U(U2F(x) < U2F(y) ? 1.0f : 0.0f); }},
       {"cvt_f64_f32 $d4, $s0;\n\tcvt_f64_f32 $d5, $s1;\n\tdiv_f64 $d6, $d4, $d5;\n"
        "\tcvt_f32_f64 $s2, $d6;",
        [](uint32_t x, uint32_t y) { return F2U(float(double(U2F(x)) / double(U2F(y)))); }}},
      a, b);
}

}  // namespace
