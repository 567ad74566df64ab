// The HSAIL examples (examples/*.hsail) run by hsa-run as a user runs them
// (examples/README.md), each result checked against the same computation
// done here on the CPU, with sizes that leave partial work-groups. An
// example without a check here fails EveryExampleIsChecked, so a new one
// must bring its check along. `make run`'s script is run too.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "run_tool.h"

namespace {

using tools_test::read_floats;
using tools_test::run_tool;
using tools_test::write_floats;

std::string example(const char* name) { return std::string(EXAMPLES_SOURCE_DIR) + "/" + name; }

bool write_words(const std::string& path, const std::vector<uint32_t>& v) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return false;
  const bool ok = std::fwrite(v.data(), sizeof(uint32_t), v.size(), f) == v.size();
  return std::fclose(f) == 0 && ok;
}

std::vector<uint32_t> read_words(const std::string& path) {
  std::vector<uint32_t> v;
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return v;
  uint32_t w = 0;
  while (std::fread(&w, sizeof w, 1, f) == 1) v.push_back(w);
  std::fclose(f);
  return v;
}

class HsailExamplesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = tools_test::make_temp_dir();
    ASSERT_FALSE(dir_.empty());
  }
  void TearDown() override { tools_test::remove_dir(dir_); }
  std::string path(const std::string& name) const { return dir_ + "/" + name; }

  std::string dir_;
};

// The examples the tests below check, by file name.
const std::set<std::string> kChecked = {"vector_add.hsail", "matmul.hsail", "transpose.hsail"};

TEST(HsailExamples, EveryExampleIsChecked) {
  int count = 0;
  for (const auto& e : std::filesystem::directory_iterator(EXAMPLES_SOURCE_DIR)) {
    if (e.path().extension() != ".hsail") continue;
    ++count;
    EXPECT_EQ(kChecked.count(e.path().filename().string()), 1u)
        << e.path() << " has no check in hsail_examples_test.cpp";
  }
  EXPECT_EQ(count, static_cast<int>(kChecked.size()));
}

// 1000 elements in work-groups of 64: the last one is partial, and c has
// exactly n elements, so a missing bound check would write past it.
TEST_F(HsailExamplesTest, VectorAddMatchesTheCpu) {
  const uint32_t n = 1000;
  std::vector<float> a(n), b(n);
  for (uint32_t i = 0; i < n; ++i) {
    a[i] = static_cast<float>(i) * 0.37f - 120.0f;
    b[i] = 1.0f / static_cast<float>(i + 3);
  }
  ASSERT_TRUE(write_floats(path("a.bin"), a));
  ASSERT_TRUE(write_floats(path("b.bin"), b));
  const auto r = run_tool(
      HSA_RUN, {example("vector_add.hsail"), "vector_add", "buf:f32:file=" + path("a.bin"),
                "buf:f32:file=" + path("b.bin"), "buf:f32:" + std::to_string(n) + ":const=-1",
                "u32:" + std::to_string(n), "--grid", "1024", "--save", "2=" + path("c.bin")});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("hsa-run: &vector_add on agent"), std::string::npos) << r.out;
  const std::vector<float> c = read_floats(path("c.bin"));
  ASSERT_EQ(c.size(), n);
  for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(c[i], a[i] + b[i]) << "element " << i;
}

// 24 x 17 times 17 x 40 in 16 x 16 work-groups: partial on both axes, and
// k = 17 is not a multiple of anything the code could unroll by evenly.
// Inputs are multiples of 1/8 in [-2, 2], so the sums are exact.
TEST_F(HsailExamplesTest, MatmulMatchesTheCpu) {
  const uint32_t m = 24, n = 40, k = 17;
  std::vector<float> a(m * k), b(k * n), c(m * n, 0.0f);
  for (uint32_t i = 0; i < a.size(); ++i)
    a[i] = static_cast<float>(static_cast<int>(i * 7 % 33) - 16) / 8.0f;
  for (uint32_t i = 0; i < b.size(); ++i)
    b[i] = static_cast<float>(static_cast<int>(i * 11 % 31) - 15) / 8.0f;
  for (uint32_t row = 0; row < m; ++row)
    for (uint32_t col = 0; col < n; ++col) {
      double sum = 0;
      for (uint32_t i = 0; i < k; ++i) sum += static_cast<double>(a[row * k + i]) * b[i * n + col];
      c[row * n + col] = static_cast<float>(sum);
    }
  ASSERT_TRUE(write_floats(path("a.bin"), a));
  ASSERT_TRUE(write_floats(path("b.bin"), b));
  ASSERT_TRUE(write_floats(path("want.bin"), c));
  const auto r = run_tool(
      HSA_RUN, {example("matmul.hsail"), "&matmul", "buf:f32:" + std::to_string(m * n) + ":const=7",
                "buf:f32:file=" + path("a.bin"), "buf:f32:file=" + path("b.bin"),
                "u32:" + std::to_string(m), "u32:" + std::to_string(n), "u32:" + std::to_string(k),
                "--grid", "48,32", "--workgroup", "16,16", "--save", "0=" + path("c.bin")});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<float> got = read_floats(path("c.bin"));
  ASSERT_EQ(got.size(), c.size());
  for (size_t i = 0; i < c.size(); ++i) ASSERT_EQ(got[i], c[i]) << "element " << i;
}

// 37 x 53 words in 8 x 8 work-groups (partial on both axes).
TEST_F(HsailExamplesTest, TransposeMatchesTheCpu) {
  const uint32_t rows = 37, cols = 53;
  std::vector<uint32_t> in(rows * cols), want(rows * cols);
  for (uint32_t i = 0; i < in.size(); ++i) in[i] = i * 2654435761u + 12345u;
  for (uint32_t r = 0; r < rows; ++r)
    for (uint32_t c = 0; c < cols; ++c) want[c * rows + r] = in[r * cols + c];
  ASSERT_TRUE(write_words(path("in.bin"), in));
  const auto r =
      run_tool(HSA_RUN, {example("transpose.hsail"), "transpose",
                         "buf:u32:" + std::to_string(rows * cols), "buf:u32:file=" + path("in.bin"),
                         "u32:" + std::to_string(rows), "u32:" + std::to_string(cols), "--grid",
                         "56,40", "--save", "0=" + path("out.bin")});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(read_words(path("out.bin")), want);
}

// make run's script on the HSAIL matmul and on the OpenCL one: hsa-run
// checks C against matmul_reference's CPU product (--expect).
TEST_F(HsailExamplesTest, MakeRunScriptMatchesTheCpu) {
  const std::string build = std::string(EXAMPLES_DIR) + "/..";
  for (const char* kind : {"hsail", "opencl"}) {
    const auto r = run_tool("/bin/bash", {example("run-matmul.sh"), build, kind});
    ASSERT_EQ(r.status, 0) << kind << "\n" << r.out << r.err;
    EXPECT_NE(r.out.find("matches " + build + "/examples/matmul_c_expected.bin (4096 elements)"),
              std::string::npos)
        << kind << "\n"
        << r.out;
  }
}

}  // namespace
