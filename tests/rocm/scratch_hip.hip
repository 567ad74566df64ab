// A HIP kernel with a large private array (scratch) on Debian's HIP and
// ROCr: HIP's queues have no scratch until the virtual GPU's CP asks ROCr
// for it. Prints the first differences from the CPU and exits non-zero.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <vector>

constexpr int kLen = 600;  // 2400 private bytes per work-item

__global__ void private_walk(int* out, int steps) {
  volatile int arr[kLen];
  const int t = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  for (int i = 0; i < kLen; ++i) arr[i] = i * (t + 1) - 7 * t;
  int s = 0;
  for (int i = 0; i < steps; ++i) s += arr[(i * 13 + t) % kLen];
  out[t] = s;
}

int cpu(int t, int steps) {
  std::vector<int> arr(kLen);
  for (int i = 0; i < kLen; ++i) arr[i] = i * (t + 1) - 7 * t;
  int s = 0;
  for (int i = 0; i < steps; ++i) s += arr[(i * 13 + t) % kLen];
  return s;
}

#define CHECK(call)                                                                     \
  do {                                                                                  \
    const hipError_t e = (call);                                                        \
    if (e != hipSuccess) {                                                              \
      std::fprintf(stderr, "%s: %d (%s)\n", #call, static_cast<int>(e), hipGetErrorString(e)); \
      return 1;                                                                         \
    }                                                                                   \
  } while (0)

int main() {
  const int groups = 6, group = 128, n = groups * group, steps = 900;
  int* d = nullptr;
  CHECK(hipMalloc(&d, n * sizeof(int)));
  int failures = 0;
  // Twice: the second launch finds whatever the first left in the queue.
  for (int round = 0; round < 2; ++round) {
    CHECK(hipMemset(d, 0, n * sizeof(int)));
    hipLaunchKernelGGL(private_walk, dim3(groups), dim3(group), 0, 0, d, steps + round);
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());
    std::vector<int> h(n);
    CHECK(hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
    for (int t = 0; t < n; ++t) {
      const int want = cpu(t, steps + round);
      if (h[t] != want && ++failures <= 5)
        std::fprintf(stderr, "round %d work-item %d: %d, CPU %d\n", round, t, h[t], want);
    }
  }
  CHECK(hipFree(d));
  if (failures) {
    std::fprintf(stderr, "%d results differ from the CPU\n", failures);
    return 1;
  }
  std::printf("private arrays: %d work-items x 2 launches match the CPU\n", n);
  return 0;
}
