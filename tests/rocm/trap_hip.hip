// A HIP kernel that aborts (__builtin_trap: s_trap 2). ROCr's trap handler
// reports it on the queue and HIP's queue callback aborts the process with
// ROCr's status text; trap_hip_test.sh checks that, in a child process.
#include <hip/hip_runtime.h>

#include <cstdio>

__global__ void store_then_trap(int* out) {
  out[threadIdx.x] = 1;
  if (threadIdx.x == 3) __builtin_trap();
}

int main() {
  int* d = nullptr;
  if (hipMalloc(&d, 64 * sizeof(int)) != hipSuccess) return 2;
  hipLaunchKernelGGL(store_then_trap, dim3(1), dim3(64), 0, 0, d);
  const hipError_t e = hipDeviceSynchronize();
  // Not reached when HIP aborts on the queue error, as it should.
  std::printf("hipDeviceSynchronize returned %d\n", static_cast<int>(e));
  return 0;
}
