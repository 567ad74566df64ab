// Debian's HIP (libamdhip64 5.2 over Debian's ROCr) on our thunk and the
// virtual gfx900: hipMemcpy bandwidth host-to-device and device-to-host,
// from pageable and from pinned (hipHostMalloc) memory, against a host
// memcpy of the same size in the same process; and the rate and latency of
// empty kernel launches against a host thread ping-pong (the floor for a
// command processor that runs on a host thread). Every copy is checked:
// the bytes that come back must be the bytes that went in.
#include <hip/hip_runtime.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

__global__ void empty_kernel() {}

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

bool check(hipError_t e, const char* what) {
  if (e == hipSuccess) return true;
  std::fprintf(stderr, "hip_bench: %s: %s\n", what, hipGetErrorString(e));
  return false;
}

// Bytes per second of `copy`, after one warm-up call, repeated until
// `min_seconds` have passed (at least twice).
double bandwidth(size_t bytes, double min_seconds, const std::function<bool()>& copy) {
  if (!copy()) return -1;
  int reps = 0;
  const auto start = Clock::now();
  do {
    if (!copy()) return -1;
    ++reps;
  } while (reps < 2 || seconds_since(start) < min_seconds);
  return static_cast<double>(bytes) * reps / seconds_since(start);
}

void fill(unsigned char* p, size_t n, unsigned seed) {
  // Seeds give different bytes at almost every offset.
  for (size_t i = 0; i < n; ++i)
    p[i] = static_cast<unsigned char>((i * 131 + seed * 97) ^ (i >> 9));
}

struct Latency {
  double median, p99;
};

Latency summarize(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return {v[v.size() / 2], v[v.size() * 99 / 100]};
}

// Round trips between two host threads through one cache line, in us.
Latency ping_pong(int n) {
  alignas(64) static std::atomic<int> ping{0}, pong{0};
  std::thread echo([n] {
    for (int i = 1; i <= n; ++i) {
      while (ping.load(std::memory_order_acquire) != i) {
      }
      pong.store(i, std::memory_order_release);
    }
  });
  std::vector<double> us;
  for (int i = 1; i <= n; ++i) {
    const auto start = Clock::now();
    ping.store(i, std::memory_order_release);
    while (pong.load(std::memory_order_acquire) != i) {
    }
    us.push_back(seconds_since(start) * 1e6);
  }
  echo.join();
  return summarize(us);
}

// The 1-minute load average: the engines of the virtual GPU are host
// threads, so other work on the host shows in every figure.
std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string first;
  in >> first;
  return first.empty() ? "unknown" : first;
}

constexpr size_t kKiB = 1024, kMiB = 1024 * kKiB;
constexpr size_t kSizes[] = {64 * kKiB, 256 * kKiB, 1 * kMiB, 4 * kMiB, 16 * kMiB, 64 * kMiB};
constexpr size_t kMaxSize = 64 * kMiB;
constexpr double kMinSeconds = 0.05;

enum Column { kH2DPageable, kH2DPinned, kD2HPageable, kD2HPinned, kMemcpy, kColumns };

int copies() {
  std::vector<unsigned char> pageable(kMaxSize), back(kMaxSize), host_dst(kMaxSize);
  unsigned char *pinned = nullptr, *pinned_back = nullptr;
  void* device = nullptr;
  if (!check(hipHostMalloc(reinterpret_cast<void**>(&pinned), kMaxSize, hipHostMallocDefault),
             "hipHostMalloc") ||
      !check(hipHostMalloc(reinterpret_cast<void**>(&pinned_back), kMaxSize, hipHostMallocDefault),
             "hipHostMalloc") ||
      !check(hipMalloc(&device, kMaxSize), "hipMalloc"))
    return 1;

  std::printf(
      "hipMemcpy bandwidth, GB/s (1e9 bytes/s); ratio against host memcpy of the same "
      "size\n\n");
  std::printf(
      "| size    | H2D pageable    | H2D pinned      | D2H pageable    | D2H pinned      | host "
      "memcpy |\n");
  std::printf(
      "|---------|-----------------|-----------------|-----------------|-----------------|-----"
      "--------|\n");
  unsigned seed = 1;
  for (size_t size : kSizes) {
    fill(pageable.data(), size, seed++);
    fill(pinned, size, seed++);
    double gbs[kColumns];
    // Each direction from each kind of host memory, checked by the round
    // trip through the device buffer.
    gbs[kH2DPageable] = bandwidth(size, kMinSeconds, [&] {
      return check(hipMemcpy(device, pageable.data(), size, hipMemcpyHostToDevice), "H2D pageable");
    });
    gbs[kD2HPageable] = bandwidth(size, kMinSeconds, [&] {
      return check(hipMemcpy(back.data(), device, size, hipMemcpyDeviceToHost), "D2H pageable");
    });
    if (std::memcmp(back.data(), pageable.data(), size) != 0) {
      std::fprintf(stderr, "hip_bench: pageable round trip of %zu bytes differs\n", size);
      return 1;
    }
    gbs[kH2DPinned] = bandwidth(size, kMinSeconds, [&] {
      return check(hipMemcpy(device, pinned, size, hipMemcpyHostToDevice), "H2D pinned");
    });
    gbs[kD2HPinned] = bandwidth(size, kMinSeconds, [&] {
      return check(hipMemcpy(pinned_back, device, size, hipMemcpyDeviceToHost), "D2H pinned");
    });
    if (std::memcmp(pinned_back, pinned, size) != 0) {
      std::fprintf(stderr, "hip_bench: pinned upload of %zu bytes differs\n", size);
      return 1;
    }
    gbs[kMemcpy] = bandwidth(size, kMinSeconds, [&] {
      std::memcpy(host_dst.data(), pageable.data(), size);
      return true;
    });
    for (double g : gbs)
      if (g < 0) return 1;
    const double base = gbs[kMemcpy];
    std::printf("| %3zu %s ", size >= kMiB ? size / kMiB : size / kKiB,
                size >= kMiB ? "MiB" : "KiB");
    for (int c = 0; c < kMemcpy; ++c) std::printf("| %5.2f (%6.3fx) ", gbs[c] / 1e9, gbs[c] / base);
    std::printf("| %11.2f |\n", base / 1e9);
  }
  return check(hipFree(device), "hipFree") && check(hipHostFree(pinned), "hipHostFree") &&
                 check(hipHostFree(pinned_back), "hipHostFree")
             ? 0
             : 1;
}

int launches() {
  // Warm-up: the first launch loads the code object.
  hipLaunchKernelGGL(empty_kernel, dim3(1), dim3(64), 0, 0);
  if (!check(hipDeviceSynchronize(), "first launch")) return 1;

  const int kAsync = 5000;
  const auto start = Clock::now();
  for (int i = 0; i < kAsync; ++i) hipLaunchKernelGGL(empty_kernel, dim3(1), dim3(64), 0, 0);
  if (!check(hipGetLastError(), "async launches") ||
      !check(hipDeviceSynchronize(), "synchronize after async launches"))
    return 1;
  const double per_second = kAsync / seconds_since(start);

  std::vector<double> us;
  for (int i = 0; i < 2200; ++i) {
    const auto t = Clock::now();
    hipLaunchKernelGGL(empty_kernel, dim3(1), dim3(64), 0, 0);
    if (!check(hipDeviceSynchronize(), "launch + synchronize")) return 1;
    if (i >= 200) us.push_back(seconds_since(t) * 1e6);
  }
  const Latency sync = summarize(us);
  const Latency base = ping_pong(20000);

  std::printf(
      "\nEmpty kernel (1 workgroup of 64) launches; baseline: a round trip between two "
      "host threads\n\n");
  std::printf(
      "| measure                                  | median us | p99 us | launches/s | vs "
      "ping-pong |\n");
  std::printf(
      "|------------------------------------------|-----------|--------|------------|---"
      "-----------|\n");
  const double async_us = 1e6 / per_second;
  std::printf("| %d async launches, hipDeviceSynchronize  | %9.2f |      - | %10.0f | %11.1fx |\n",
              kAsync, async_us, per_second, async_us / base.median);
  std::printf("| launch + hipDeviceSynchronize            | %9.2f | %6.2f | %10.0f | %11.1fx |\n",
              sync.median, sync.p99, 1e6 / sync.median, sync.median / base.median);
  std::printf("| baseline: host thread ping-pong          | %9.3f | %6.3f | %10.0f | %11.1fx |\n",
              base.median, base.p99, 1e6 / base.median, 1.0);
  std::printf("\n(async: total time / launches, including the final synchronize)\n");
  return 0;
}

}  // namespace

int main() {
  hipDeviceProp_t prop;
  if (!check(hipGetDeviceProperties(&prop, 0), "hipGetDeviceProperties")) return 1;
  std::printf("Debian's HIP on our libhsakmt: %s (%s); host load average at start: %s\n\n",
              prop.name, prop.gcnArchName, load_average().c_str());
  if (copies() != 0) return 1;
  return launches();
}
