// hsa-run run as a user runs it on the example kernel (examples/matmul.cl)
// and on HSAIL (the PRM's vector add, as text and as BRIG), its results
// checked against matrix products and sums computed here on the CPU, and
// its answers to mismatches and bad input checked by exit status and
// message.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include <hsail/text/parser.h>

#include "run_tool.h"

namespace {

using tools_test::read_floats;
using tools_test::run_tool;
using tools_test::write_floats;

// C = A x B in double, the reference for the float kernel.
std::vector<double> cpu_matmul(const std::vector<float>& a, const std::vector<float>& b, size_t m,
                               size_t n, size_t k) {
  std::vector<double> c(m * n, 0.0);
  for (size_t row = 0; row < m; ++row)
    for (size_t col = 0; col < n; ++col)
      for (size_t i = 0; i < k; ++i)
        c[row * n + col] += static_cast<double>(a[row * k + i]) * b[i * n + col];
  return c;
}

void expect_close(const std::vector<float>& got, const std::vector<double>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i)
    ASSERT_NEAR(got[i], want[i], 1e-5 * std::max(1.0, std::fabs(want[i]))) << "element " << i;
}

class ToolHsaRunTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = tools_test::make_temp_dir();
    ASSERT_FALSE(dir_.empty());
  }
  void TearDown() override { tools_test::remove_dir(dir_); }
  std::string path(const std::string& name) const { return dir_ + "/" + name; }

  // hsa-run on matmul.co's matmul with the given arguments and options.
  tools_test::Run matmul(std::vector<std::string> args) {
    args.insert(args.begin(), {MATMUL_CO, "matmul"});
    return run_tool(HSA_RUN, args);
  }

  std::string dir_;
};

TEST_F(ToolHsaRunTest, MatmulFromFilesMatchesTheCpu) {
  const size_t m = 24, n = 40, k = 17;  // 16x16 workgroups: partial ones on both axes
  std::vector<float> a(m * k), b(k * n);
  for (size_t i = 0; i < a.size(); ++i) a[i] = std::sin(static_cast<float>(i) * 0.37f) * 3.0f;
  for (size_t i = 0; i < b.size(); ++i) b[i] = std::cos(static_cast<float>(i) * 0.11f) - 0.25f;
  ASSERT_TRUE(write_floats(path("a.bin"), a));
  ASSERT_TRUE(write_floats(path("b.bin"), b));
  const auto r =
      matmul({"buf:f32:" + std::to_string(m * n) + ":const=-7", "buf:f32:file=" + path("a.bin"),
              "buf:f32:file=" + path("b.bin"), "u32:24", "u32:40", "u32:17", "--grid", "40,24",
              "--workgroup", "16,16", "--save", "0=" + path("c.bin")});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("completed"), std::string::npos) << r.out;
  expect_close(read_floats(path("c.bin")), cpu_matmul(a, b, m, n, k));
}

// iota and random as tools/README.md defines them: random is splitmix64,
// element i from the i-th output, uniform in [LO, HI) for floats.
TEST_F(ToolHsaRunTest, PatternsFillBuffersAsDocumented) {
  const size_t m = 8, n = 16, k = 5;
  const auto r =
      matmul({"buf:f32:128", "buf:f32:40:iota=1,0.5", "buf:f32:80:random=7,-1,1", "u32:8", "u32:16",
              "u32:5", "--grid", "16,8", "--save", "0=" + path("c.bin"), "--save",
              "1=" + path("a.bin"), "--save", "2=" + path("b.bin")});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<float> a = read_floats(path("a.bin"));
  const std::vector<float> b = read_floats(path("b.bin"));
  ASSERT_EQ(a.size(), m * k);
  ASSERT_EQ(b.size(), k * n);
  for (size_t i = 0; i < a.size(); ++i) ASSERT_EQ(a[i], 1.0f + 0.5f * static_cast<float>(i));
  uint64_t state = 7;
  for (size_t i = 0; i < b.size(); ++i) {
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    const double unit = static_cast<double>(z >> 11) / 9007199254740992.0;  // 2^53
    ASSERT_EQ(b[i], static_cast<float>(-1.0 + 2.0 * unit)) << "element " << i;
  }
  expect_close(read_floats(path("c.bin")), cpu_matmul(a, b, m, n, k));
}

class ToolHsaRunExampleTest : public ToolHsaRunTest {
 protected:
  // The example exactly as run-matmul.sh runs it, with expected file want.
  tools_test::Run example(const std::string& want, std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"buf:f32:4096",
                                     "buf:f32:file=" EXAMPLES_DIR "/matmul_a.bin",
                                     "buf:f32:file=" EXAMPLES_DIR "/matmul_b.bin",
                                     "u32:64",
                                     "u32:64",
                                     "u32:64",
                                     "--grid",
                                     "64,64",
                                     "--workgroup",
                                     "8,8",
                                     "--expect",
                                     "0=" + want};
    args.insert(args.end(), extra.begin(), extra.end());
    return matmul(args);
  }
  std::vector<float> expected() { return read_floats(EXAMPLES_DIR "/matmul_c_expected.bin"); }
};

TEST_F(ToolHsaRunExampleTest, ExampleMatchesItsCpuReference) {
  // The example's expected file against this test's own product.
  const std::vector<float> want = expected();
  const std::vector<double> cpu = cpu_matmul(read_floats(EXAMPLES_DIR "/matmul_a.bin"),
                                             read_floats(EXAMPLES_DIR "/matmul_b.bin"), 64, 64, 64);
  ASSERT_EQ(want.size(), cpu.size());
  for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(want[i], static_cast<float>(cpu[i]));
  const auto r = example(EXAMPLES_DIR "/matmul_c_expected.bin");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("arg 0 matches"), std::string::npos) << r.out;
}

TEST_F(ToolHsaRunExampleTest, MismatchExitsOneAndNamesTheElement) {
  std::vector<float> wrong = expected();
  wrong[5] += 1.0f;
  ASSERT_TRUE(write_floats(path("wrong.bin"), wrong));
  const auto r = example(path("wrong.bin"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("arg 0 element 5: got"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("1 of 4096 elements differ"), std::string::npos) << r.err;
}

TEST_F(ToolHsaRunExampleTest, ToleranceAcceptsOnlySmallDifferences) {
  std::vector<float> near = expected();
  near[100] = near[100] * (1.0f + 4e-6f) + 1e-6f;
  ASSERT_NE(near[100], expected()[100]);
  ASSERT_TRUE(write_floats(path("near.bin"), near));
  EXPECT_EQ(example(path("near.bin")).status, 1);
  EXPECT_EQ(example(path("near.bin"), {"--tolerance", "1e-4"}).status, 0);
  EXPECT_EQ(example(path("near.bin"), {"--tolerance", "1e-9"}).status, 1);
}

TEST_F(ToolHsaRunTest, BadArgumentsExitTwoWithAClearMessage) {
  struct Case {
    std::vector<std::string> args;
    const char* message;
  };
  const Case cases[] = {
      {{"buf:f33:4", "--grid", "4"}, "unknown type 'f33'"},
      {{"buf:f32:4"}, "no --grid given"},
      {{"buf:f32:4", "--grid", "0"}, "--grid 0: expected X[,Y[,Z]]"},
      {{"buf:f32:4", "--grid", "4", "--workgroup", "2,2"}, "more dimensions than --grid"},
      {{"i32:abc", "--grid", "4"}, "'abc' is not an i32 value"},
      {{"u8:300", "--grid", "4"}, "'300' is not an u8 value"},
      {{"buf:f32:x", "--grid", "4"}, "is not an element count"},
      {{"buf:f32:4:fill=3", "--grid", "4"}, "unknown initializer 'fill'"},
      {{"buf:f32:4", "--grid", "4", "--print", "1"}, "output argument 1 is not a buffer"},
      {{"buf:f32:4", "--grid", "4", "--bogus", "1"}, "unknown option '--bogus'"},
      {{"buf:f32:file=/nonexistent/x.bin", "--grid", "4"}, "cannot open '/nonexistent/x.bin'"},
      {{"buf:f32:4", "buf:f32:4", "buf:f32:4", "u32:1", "u32:1", "u32:1", "u64:1", "--grid", "4"},
       "too many or too large arguments"},
      {{"--agent", "0", "buf:f32:4", "--grid", "4"}, "is not a GPU"},
  };
  for (const Case& c : cases) {
    const auto r = matmul(c.args);
    EXPECT_EQ(r.status, 2) << c.message;
    EXPECT_NE(r.err.find(c.message), std::string::npos)
        << "wanted: " << c.message << "\ngot: " << r.err;
  }
}

// Sizes far beyond the 4-element buffers: the kernel reads unmapped
// memory, the queue reports the fault and hsa-run says so.
TEST_F(ToolHsaRunTest, FaultingDispatchExitsOneWithTheQueueError) {
  const auto r = matmul({"buf:f32:4", "buf:f32:4", "buf:f32:4", "u32:4096", "u32:4096", "u32:4096",
                         "--grid", "64,64", "--timeout", "20"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("the dispatch failed"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("completed"), std::string::npos) << r.out;
}

TEST_F(ToolHsaRunTest, MissingKernelListsTheAvailableOnes) {
  const auto r = run_tool(HSA_RUN, {MATMUL_CO, "matmull", "--grid", "1"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("no kernel 'matmull'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("its kernels:\n  matmul"), std::string::npos) << r.err;
  const auto list = run_tool(HSA_RUN, {"--list", MATMUL_CO});
  EXPECT_EQ(list.status, 0) << list.err;
  EXPECT_NE(list.out.find("1 kernel\n  matmul "), std::string::npos) << list.out;
}

// The PRM's vector add (HSAIL PRM 3.1) for the large machine model: the
// addresses are 64-bit.
constexpr char kVecAddHsail[] = R"(// PRM 3.1, large model
module &VectorAdd:1:0:$full:$large:$default;

kernel &vec_add(kernarg_u64 %a, kernarg_u64 %b, kernarg_u64 %c, kernarg_u32 %n)
{
	ld_kernarg_u32 $s0, [%n];
	workitemabsid_u32 $s1, 0;
	cmp_lt_b1_u32 $c0, $s1, $s0;
	cbr_b1 $c0, @body;
	ret;
@body:
	cvt_u64_u32 $d0, $s1;
	shl_u64 $d0, $d0, 2;
	ld_kernarg_u64 $d1, [%a];
	add_u64 $d1, $d1, $d0;
	ld_global_f32 $s2, [$d1];
	ld_kernarg_u64 $d2, [%b];
	add_u64 $d2, $d2, $d0;
	ld_global_f32 $s3, [$d2];
	add_f32 $s2, $s3, $s2;
	ld_kernarg_u64 $d3, [%c];
	add_u64 $d3, $d3, $d0;
	st_global_f32 $s2, [$d3];
	ret;
};
)";

bool write_bytes(const std::string& path, const void* p, size_t n) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return false;
  const bool ok = std::fwrite(p, 1, n, f) == n;
  return std::fclose(f) == 0 && ok;
}

// HSAIL text and the same module as BRIG are finalized in process and run;
// 1000 items in work-groups of 64 leave the last one partial, which the
// kernel's bound check must respect (c has exactly n elements).
TEST_F(ToolHsaRunTest, HsailTextAndBrigRunTheVectorAdd) {
  const uint32_t n = 1000;
  std::vector<float> a(n), b(n);
  for (uint32_t i = 0; i < n; ++i) {
    a[i] = std::sin(static_cast<float>(i) * 0.3f) * 10.0f;
    b[i] = static_cast<float>(i) * 0.5f - 7.0f;
  }
  ASSERT_TRUE(write_floats(path("a.bin"), a));
  ASSERT_TRUE(write_floats(path("b.bin"), b));
  ASSERT_TRUE(write_bytes(path("k.hsail"), kVecAddHsail, sizeof kVecAddHsail - 1));
  const std::vector<uint8_t> brig = hsail::parse_hsail(kVecAddHsail).to_brig();
  ASSERT_TRUE(write_bytes(path("k.brig"), brig.data(), brig.size()));
  for (const char* input : {"k.hsail", "k.brig"}) {
    for (const char* name : {"&vec_add", "vec_add"}) {
      const auto r =
          run_tool(HSA_RUN, {path(input), name, "buf:f32:file=" + path("a.bin"),
                             "buf:f32:file=" + path("b.bin"), "buf:f32:" + std::to_string(n),
                             "u32:" + std::to_string(n), "--grid", std::to_string(n), "--save",
                             "2=" + path("c.bin")});
      ASSERT_EQ(r.status, 0) << input << " " << name << "\n" << r.err;
      const std::vector<float> c = read_floats(path("c.bin"));
      ASSERT_EQ(c.size(), n);
      for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(c[i], a[i] + b[i]) << input << " element " << i;
    }
  }
  const auto list = run_tool(HSA_RUN, {"--list", path("k.hsail")});
  EXPECT_EQ(list.status, 0) << list.err;
  EXPECT_NE(list.out.find("1 kernel\n  &vec_add "), std::string::npos) << list.out;
}

// Invalid HSAIL, BRIG and other files are refused before the runtime
// starts, with the front end's position of the problem.
TEST_F(ToolHsaRunTest, InvalidHsailAndOtherFilesAreRefused) {
  const std::string bad =
      "// a kernel\nmodule &m:1:0:$full:$large:$default;\nkernel &k() { add_u32 $s0, $s1; };\n";
  ASSERT_TRUE(write_bytes(path("bad.hsail"), bad.data(), bad.size()));
  auto r = run_tool(HSA_RUN, {path("bad.hsail"), "k", "--grid", "1"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find(path("bad.hsail") + ":3:"), std::string::npos) << r.err;
  ASSERT_TRUE(write_bytes(path("k.brig"), "HSA BRIG\x01", 9));
  r = run_tool(HSA_RUN, {path("k.brig"), "k", "--grid", "1"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find(path("k.brig") + ": "), std::string::npos) << r.err;
  r = run_tool(HSA_RUN, {HSA_RUN, "k", "--grid", "1"});  // an x86-64 ELF
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("not an AMDGPU code object (e_machine 62"), std::string::npos) << r.err;
}

}  // namespace
