// A real ROCm library through Debian's HIP on our thunk and the virtual
// gfx900: rocPRIM's rocprim::radix_sort_keys (Debian's librocprim-dev,
// header-only, instantiated by hipcc) on 64 K and 1 M random 32-bit
// unsigned keys, against std::sort of the same keys on the host in the same
// process. Every GPU run's output must equal std::sort's exactly, or the
// benchmark fails.
#include <hip/hip_runtime.h>
#include <rocprim/rocprim.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <random>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

bool check(hipError_t e, const char* what) {
  if (e == hipSuccess) return true;
  std::fprintf(stderr, "rocprim_sort_bench: %s: %s\n", what, hipGetErrorString(e));
  return false;
}

// The 1-minute load average: the engines of the virtual GPU are host
// threads, so other work on the host shows in every figure.
std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string first;
  in >> first;
  return first.empty() ? "unknown" : first;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

struct Row {
  size_t keys;
  int gpu_runs;  // including the first, which is reported on its own
};

// The interpreter sorts 1 M keys in 4 s on an idle host and 7 to 16 s
// when other builds share its 2 cores, so the runs are few (for 1 M the
// median of the two after the first is their mean): the whole benchmark
// takes 15 to 60 s.
constexpr Row kRows[] = {{size_t(1) << 16, 6}, {size_t(1) << 20, 3}};
constexpr int kHostRuns = 5;

struct Result {
  double first_ms, gpu_ms, host_ms;
};

// Sorts `keys` on the GPU gpu_runs times and on the host kHostRuns times;
// false if a HIP call fails or a GPU result differs from std::sort's.
bool measure(const std::vector<uint32_t>& keys, int gpu_runs, Result& result) {
  const size_t n = keys.size();
  const size_t bytes = n * sizeof(uint32_t);

  // std::sort on a fresh copy each time; the last copy is the reference.
  std::vector<uint32_t> expected;
  std::vector<double> host_ms;
  for (int r = 0; r < kHostRuns; ++r) {
    expected = keys;
    const auto start = Clock::now();
    std::sort(expected.begin(), expected.end());
    host_ms.push_back(ms_since(start));
  }

  uint32_t *input = nullptr, *output = nullptr;
  void* temporary = nullptr;
  size_t temporary_bytes = 0;
  if (!check(hipMalloc(&input, bytes), "hipMalloc keys") ||
      !check(hipMalloc(&output, bytes), "hipMalloc sorted") ||
      !check(hipMemcpy(input, keys.data(), bytes, hipMemcpyHostToDevice), "upload keys") ||
      // A null storage pointer asks for the temporary storage's size.
      !check(rocprim::radix_sort_keys(nullptr, temporary_bytes, input, output, n),
             "radix_sort_keys size query") ||
      !check(hipMalloc(&temporary, temporary_bytes), "hipMalloc temporary storage"))
    return false;

  std::vector<uint32_t> sorted(n);
  std::vector<double> gpu_ms;
  for (int r = 0; r < gpu_runs; ++r) {
    // Cleared first, so that a run that writes nothing cannot pass on the
    // previous run's output.
    if (!check(hipMemset(output, 0, bytes), "clear output") ||
        !check(hipDeviceSynchronize(), "synchronize before sort"))
      return false;
    const auto start = Clock::now();
    if (!check(rocprim::radix_sort_keys(temporary, temporary_bytes, input, output, n),
               "radix_sort_keys") ||
        !check(hipDeviceSynchronize(), "synchronize after sort"))
      return false;
    gpu_ms.push_back(ms_since(start));
    if (!check(hipMemcpy(sorted.data(), output, bytes, hipMemcpyDeviceToHost), "download"))
      return false;
    if (sorted != expected) {
      const size_t i = static_cast<size_t>(
          std::mismatch(sorted.begin(), sorted.end(), expected.begin()).first - sorted.begin());
      std::fprintf(stderr,
                   "rocprim_sort_bench: %zu keys, run %d: GPU key %zu is %u, std::sort has %u\n", n,
                   r + 1, i, sorted[i], expected[i]);
      return false;
    }
  }
  if (!check(hipFree(temporary), "hipFree") || !check(hipFree(output), "hipFree") ||
      !check(hipFree(input), "hipFree"))
    return false;
  result.first_ms = gpu_ms.front();
  result.gpu_ms = median(std::vector<double>(gpu_ms.begin() + 1, gpu_ms.end()));
  result.host_ms = median(host_ms);
  return true;
}

}  // namespace

int main() {
  hipDeviceProp_t prop;
  if (!check(hipGetDeviceProperties(&prop, 0), "hipGetDeviceProperties")) return 1;
  std::printf(
      "rocPRIM %d.%d.%d radix_sort_keys (uint32) through Debian's HIP on our libhsakmt: %s (%s); "
      "host load average at start: %s\n\n",
      ROCPRIM_VERSION_MAJOR, ROCPRIM_VERSION_MINOR, ROCPRIM_VERSION_PATCH, prop.name,
      prop.gcnArchName, load_average().c_str());
  std::printf(
      "| keys      | GPU runs | GPU first ms | GPU median ms | std::sort ms | GPU/std::sort |\n");
  std::printf(
      "|-----------|----------|--------------|---------------|--------------|---------------|\n");

  std::mt19937 random(20261129);
  for (const Row& row : kRows) {
    std::vector<uint32_t> keys(row.keys);
    for (uint32_t& k : keys) k = static_cast<uint32_t>(random());
    Result r;
    if (!measure(keys, row.gpu_runs, r)) return 1;
    std::printf("| %9zu | %8d | %12.1f | %13.1f | %12.2f | %12.0fx |\n", row.keys, row.gpu_runs,
                r.first_ms, r.gpu_ms, r.host_ms, r.gpu_ms / r.host_ms);
    std::fflush(stdout);
  }
  std::printf(
      "\n(GPU: radix_sort_keys + hipDeviceSynchronize, keys already on the device; median of "
      "the runs after the first; the first run of the first row includes loading the code "
      "object. std::sort: median of %d runs. Every GPU result equals std::sort's.) "
      "Load average at end: %s\n",
      kHostRuns, load_average().c_str());
  return 0;
}
