// Code quality of the finalizer: dynamic wave64 instructions each kernel
// executes on the virtual gfx900 (the shader engine's count per dispatch)
// when finalized from HSAIL, against the same kernel in OpenCL C compiled
// by clang-14 -O2 for gfx900, on the same inputs and the same grid
// (finalizer_bench_pairs.h). Both results must equal the CPU's or the
// benchmark fails: a count for a wrong answer would mean nothing. The
// kernels run on the shader engine directly (tests/support's GpuHarness),
// so the count is the kernel's alone. Also the VGPRs each allocates, which
// bound how many waves a SIMD can hold.
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <vector>

#include <finalizer/finalizer.h>
#include <hsail/text/parser.h>
#include <hsail/validate/validator.h>

#include "compute_pgm_rsrc.h"
#include "finalizer_bench_pairs.h"
#include "gpu_harness.h"

namespace {

namespace fs = std::filesystem;
using gcn::test::CodeObject;
using gcn::test::GpuHarness;
using gcn::test::Kernargs;
using gcn::test::LaunchDims;

// One kernel's dispatch on its inputs: returns "" when the output equals
// the CPU's, else what differs; *waves gets the dispatch's count.
using Case = std::function<std::string(GpuHarness&, const CodeObject&, const std::string& kernel,
                                       uint64_t* wave_instructions)>;

uint32_t round_up(uint32_t v, uint32_t to) { return (v + to - 1) / to * to; }

// Runs and reports a failed dispatch as the case's error.
std::string dispatch(GpuHarness& h, const CodeObject& co, const std::string& kernel,
                     const LaunchDims& dims, const Kernargs& args, uint64_t* waves) {
  const gcn::DispatchResult r = h.run(co, kernel, dims, args.bytes());
  *waves = r.wave_instructions;
  return r.ok ? "" : "dispatch failed: " + r.error;
}

template <class T>
std::string compare(const T* got, const std::vector<T>& want) {
  for (size_t i = 0; i < want.size(); ++i)
    if (std::memcmp(&got[i], &want[i], sizeof(T)) != 0)
      return "element " + std::to_string(i) + ": got " + std::to_string(got[i]) + ", expected " +
             std::to_string(want[i]);
  return "";
}

// 65500 floats: the last work-group of 256 is partial.
std::string vector_add(GpuHarness& h, const CodeObject& co, const std::string& k, uint64_t* waves) {
  const uint32_t n = 65500;
  std::vector<float> a(n), b(n), want(n);
  for (uint32_t i = 0; i < n; ++i) {
    a[i] = static_cast<float>(i) * 0.25f - 1000.0f;
    b[i] = static_cast<float>(i % 97) * 0.5f;
    want[i] = a[i] + b[i];
  }
  float* c = h.alloc_array<float>(n);
  Kernargs args;
  args.ptr(h.upload(a)).ptr(h.upload(b)).ptr(c).add(n);
  const std::string e = dispatch(h, co, k, gcn::test::Launch1D(round_up(n, 256), 256), args, waves);
  return e.empty() ? compare(c, want) : e;
}

// 64 x 64 x 64, inputs multiples of 1/8 so that every sum is exact.
std::string matmul(GpuHarness& h, const CodeObject& co, const std::string& k, uint64_t* waves) {
  const uint32_t m = 64, n = 64, kk = 64;
  std::vector<float> a(m * kk), b(kk * n), want(m * n);
  for (uint32_t i = 0; i < a.size(); ++i)
    a[i] = static_cast<float>(static_cast<int>(i * 7 % 33) - 16) / 8;
  for (uint32_t i = 0; i < b.size(); ++i)
    b[i] = static_cast<float>(static_cast<int>(i * 5 % 29) - 14) / 8;
  for (uint32_t r = 0; r < m; ++r)
    for (uint32_t c = 0; c < n; ++c) {
      float sum = 0;
      for (uint32_t i = 0; i < kk; ++i) sum += a[r * kk + i] * b[i * n + c];
      want[r * n + c] = sum;
    }
  float* c = h.alloc_array<float>(m * n);
  Kernargs args;
  args.ptr(c).ptr(h.upload(a)).ptr(h.upload(b)).add(m).add(n).add(kk);
  const std::string e = dispatch(h, co, k, gcn::test::Launch2D(n, m, 8, 8), args, waves);
  return e.empty() ? compare(c, want) : e;
}

// 200 x 136 words in 16 x 16 work-groups, partial on both axes.
std::string transpose(GpuHarness& h, const CodeObject& co, const std::string& k, uint64_t* waves) {
  const uint32_t rows = 200, cols = 136;
  std::vector<uint32_t> in(rows * cols), want(rows * cols);
  for (uint32_t i = 0; i < in.size(); ++i) in[i] = i * 2654435761u;
  for (uint32_t r = 0; r < rows; ++r)
    for (uint32_t c = 0; c < cols; ++c) want[c * rows + r] = in[r * cols + c];
  uint32_t* out = h.alloc_array<uint32_t>(rows * cols);
  Kernargs args;
  args.ptr(out).ptr(h.upload(in)).add(rows).add(cols);
  const LaunchDims dims = gcn::test::Launch2D(round_up(cols, 16), round_up(rows, 16), 16, 16);
  const std::string e = dispatch(h, co, k, dims, args, waves);
  return e.empty() ? compare(out, want) : e;
}

// 65536 words summed per work-group of 256.
std::string reduce(GpuHarness& h, const CodeObject& co, const std::string& k, uint64_t* waves) {
  const uint32_t n = 65536, group = 256;
  std::vector<uint32_t> in(n), want(n / group, 0);
  for (uint32_t i = 0; i < n; ++i) {
    in[i] = i * 2246822519u ^ (i >> 3);
    want[i / group] += in[i];
  }
  uint32_t* out = h.alloc_array<uint32_t>(n / group);
  Kernargs args;
  args.ptr(out).ptr(h.upload(in)).add(n);
  const std::string e = dispatch(h, co, k, gcn::test::Launch1D(n, group), args, waves);
  return e.empty() ? compare(out, want) : e;
}

// 16384 work-items, 256 rounds each.
std::string hash_loop(GpuHarness& h, const CodeObject& co, const std::string& k, uint64_t* waves) {
  const uint32_t n = 16384, rounds = 256;
  std::vector<uint32_t> want(n);
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t x = i;
    for (uint32_t r = 0; r < rounds; ++r) {
      x = x * 1664525u + 1013904223u;
      x ^= x >> 13;
    }
    want[i] = x;
  }
  uint32_t* out = h.alloc_array<uint32_t>(n);
  Kernargs args;
  args.ptr(out).add(n).add(rounds);
  const std::string e = dispatch(h, co, k, gcn::test::Launch1D(n, 256), args, waves);
  return e.empty() ? compare(out, want) : e;
}

Case case_for(const std::string& name) {
  if (name == "vector_add") return vector_add;
  if (name == "matmul") return matmul;
  if (name == "transpose") return transpose;
  if (name == "reduce") return reduce;
  if (name == "hash_loop") return hash_loop;
  return nullptr;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Finalizes an HSAIL file into path.
void finalize_to(const std::string& hsail, const std::string& path) {
  const hsail::Module brig = hsail::parse_hsail(read_file(hsail));
  hsail::validate(brig);
  const std::vector<uint8_t> code = hsail::finalizer::finalize(brig, {});
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(code.data()), static_cast<std::streamsize>(code.size()));
}

unsigned vgprs(const CodeObject& co, const std::string& kernel) {
  const fw_kernel_descriptor* kd = co.descriptor(kernel);
  if (!kd) return 0;
  return (FW_FIELD_GET(kd->compute_pgm_rsrc1, FW_RSRC1_GRANULATED_WORKITEM_VGPR_COUNT) + 1) * 4;
}

}  // namespace

int main() {
  const fs::path scratch =
      fs::temp_directory_path() / ("finalizer_code_bench." + std::to_string(getpid()));
  fs::create_directories(scratch);
  GpuHarness harness(1);
  struct Row {
    std::string name;
    uint64_t hsail = 0, opencl = 0;
    unsigned hsail_vgprs = 0, opencl_vgprs = 0;
  };
  std::vector<Row> rows;
  int status = 0;
  for (const auto& pair : finalizer_bench::kernel_pairs()) {
    const std::string co_path = (scratch / (std::string(pair.label) + ".co")).string();
    std::string error;
    try {
      finalize_to(finalizer_bench::source_path(pair.hsail), co_path);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "finalizer_code_bench: %s: %s\n", pair.hsail, e.what());
      status = 1;
      continue;
    }
    const CodeObject* ours = harness.load(co_path, &error);
    const std::string opencl_co =
        std::string(OPENCL_CODE_DIR) + "/" + fs::path(pair.opencl).stem().string() + ".co";
    const CodeObject* clang = harness.load(opencl_co, &error);
    const Case run = case_for(pair.kernel);
    if (!ours || !clang || !run) {
      std::fprintf(stderr, "finalizer_code_bench: %s: %s\n", pair.label,
                   run ? error.c_str() : "no inputs for this kernel");
      status = 1;
      continue;
    }
    Row row{pair.label};
    const std::string hsail_kernel = std::string("&") + pair.kernel;
    const std::string e1 = run(harness, *ours, hsail_kernel, &row.hsail);
    const std::string e2 = run(harness, *clang, pair.kernel, &row.opencl);
    if (!e1.empty() || !e2.empty()) {
      std::fprintf(stderr, "finalizer_code_bench: %s: wrong result: %s%s%s\n", pair.label,
                   e1.empty() ? "" : ("HSAIL: " + e1).c_str(), e1.empty() || e2.empty() ? "" : "; ",
                   e2.empty() ? "" : ("OpenCL: " + e2).c_str());
      status = 1;
      continue;
    }
    row.hsail_vgprs = vgprs(*ours, hsail_kernel);
    row.opencl_vgprs = vgprs(*clang, pair.kernel);
    rows.push_back(row);
  }
  std::printf(
      "Finalizer code quality: dynamic wave64 instructions on the virtual gfx900, HSAIL finalized "
      "by us\nagainst the same kernel in OpenCL C by clang-14 -O2; both results equal the CPU's\n");
  std::printf("%-15s %18s %18s %12s %12s %13s\n", "kernel", "HSAIL wave-inst", "OpenCL wave-inst",
              "HSAIL/OpenCL", "HSAIL VGPRs", "OpenCL VGPRs");
  for (const Row& r : rows)
    std::printf("%-15s %18llu %18llu %12.2f %12u %13u\n", r.name.c_str(),
                static_cast<unsigned long long>(r.hsail), static_cast<unsigned long long>(r.opencl),
                static_cast<double>(r.hsail) / static_cast<double>(r.opencl), r.hsail_vgprs,
                r.opencl_vgprs);
  fs::remove_all(scratch);
  return status;
}
