// A 5-point Jacobi stencil on a 2D grid of 2D blocks: several iterations
// between two buffers (ping-pong), the border held fixed, a grid whose
// sides are not multiples of the block. Each iteration's result is the
// next one's input, so one wrong cell spreads; compared with the CPU after
// every iteration count.
#include <cstring>
#include <vector>

#include "hip_check.h"

namespace {

constexpr unsigned kWidth = 123;
constexpr unsigned kHeight = 77;
constexpr unsigned kIterations = 12;

__host__ __device__ float update(const float* in, unsigned x, unsigned y) {
  const unsigned i = y * kWidth + x;
  // The sum order is written out so the CPU rounds the same way.
  const float sum = ((in[i - kWidth] + in[i + kWidth]) + (in[i - 1] + in[i + 1])) + in[i] * 4.0f;
  return sum * 0.125f;
}

__global__ void stencil(const float* in, float* out) {
  const unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= kWidth || y >= kHeight) return;
  const unsigned i = y * kWidth + x;
  const bool border = x == 0 || y == 0 || x == kWidth - 1 || y == kHeight - 1;
  out[i] = border ? in[i] : update(in, x, y);
}

void cpu_step(const std::vector<float>& in, std::vector<float>& out) {
  for (unsigned y = 0; y < kHeight; ++y) {
    for (unsigned x = 0; x < kWidth; ++x) {
      const unsigned i = y * kWidth + x;
      const bool border = x == 0 || y == 0 || x == kWidth - 1 || y == kHeight - 1;
      out[i] = border ? in[i] : update(in.data(), x, y);
    }
  }
}

}  // namespace

int main() {
  const size_t cells = size_t(kWidth) * kHeight;
  const size_t bytes = cells * sizeof(float);
  std::vector<float> grid(cells);
  for (unsigned y = 0; y < kHeight; ++y) {
    for (unsigned x = 0; x < kWidth; ++x) {
      grid[y * kWidth + x] = static_cast<float>((x * 37 + y * 101) % 256);
    }
  }
  float* d[2];
  HIP_CHECK(hipMalloc(&d[0], bytes));
  HIP_CHECK(hipMalloc(&d[1], bytes));
  HIP_CHECK(hipMemcpy(d[0], grid.data(), bytes, hipMemcpyHostToDevice));
  // The second buffer starts as garbage: the border must be copied.
  HIP_CHECK(hipMemset(d[1], 0x7f, bytes));

  const dim3 block(16, 8);
  const dim3 blocks((kWidth + block.x - 1) / block.x, (kHeight + block.y - 1) / block.y);
  std::vector<float> cpu = grid, next(cells), gpu(cells);
  for (unsigned it = 1; it <= kIterations; ++it) {
    hipLaunchKernelGGL(stencil, blocks, block, 0, 0, d[(it - 1) % 2], d[it % 2]);
    HIP_CHECK_LAUNCH();
    cpu_step(cpu, next);
    cpu.swap(next);
    // Check after the first iteration, the middle and the last.
    if (it == 1 || it == kIterations / 2 || it == kIterations) {
      HIP_CHECK(hipMemcpy(gpu.data(), d[it % 2], bytes, hipMemcpyDeviceToHost));
      for (size_t i = 0; i < cells; ++i) {
        EXPECT_TRUE(std::memcmp(&gpu[i], &cpu[i], sizeof(float)) == 0,
                    "iteration %u cell (%zu,%zu): %.9g, CPU %.9g", it, i % kWidth, i / kWidth,
                    double(gpu[i]), double(cpu[i]));
      }
    }
  }
  HIP_CHECK(hipFree(d[0]));
  HIP_CHECK(hipFree(d[1]));
  return hip_report("stencil_2d");
}
