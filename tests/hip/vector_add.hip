// Vector add for several element types through one kernel template and a
// __device__ function, odd lengths (the last block is partial), and a 1M
// work-item grid finished by hipDeviceSynchronize; all against the CPU.
#include <cstdint>
#include <vector>

#include "hip_check.h"

namespace {

template <typename T>
__host__ __device__ T combine(T a, T b) {
  return a + b * T(2);
}

template <typename T>
__global__ void vector_add(const T* a, const T* b, T* c, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = combine(a[i], b[i]);
}

// Each work-item writes a value derived from its global id, its block and
// its lane, so a wrong id, a missing block or a duplicated one shows.
__global__ void large_grid(uint32_t* out, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = i * 2654435761u ^ (blockIdx.x << 8) ^ threadIdx.x;
}

template <typename T>
void check_vector_add(const char* type, unsigned n, unsigned block) {
  std::vector<T> a(n), b(n), c(n, T(0));
  for (unsigned i = 0; i < n; ++i) {
    a[i] = T(i % 1000);
    b[i] = T((i * 7) % 300);
  }
  T *da, *db, *dc;
  const size_t bytes = n * sizeof(T);
  HIP_CHECK(hipMalloc(&da, bytes));
  HIP_CHECK(hipMalloc(&db, bytes));
  HIP_CHECK(hipMalloc(&dc, bytes));
  HIP_CHECK(hipMemcpy(da, a.data(), bytes, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(db, b.data(), bytes, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemset(dc, 0xff, bytes));
  hipLaunchKernelGGL(vector_add<T>, dim3((n + block - 1) / block), dim3(block), 0, 0, da, db, dc,
                     n);
  HIP_CHECK_LAUNCH();
  HIP_CHECK(hipMemcpy(c.data(), dc, bytes, hipMemcpyDeviceToHost));
  for (unsigned i = 0; i < n; ++i) {
    EXPECT_TRUE(c[i] == combine(a[i], b[i]), "%s n=%u block=%u: c[%u]=%g, CPU %g", type, n, block,
                i, double(c[i]), double(combine(a[i], b[i])));
  }
  HIP_CHECK(hipFree(da));
  HIP_CHECK(hipFree(db));
  HIP_CHECK(hipFree(dc));
}

void check_large_grid() {
  const unsigned n = 1u << 20;
  const unsigned block = 256;
  uint32_t* d;
  HIP_CHECK(hipMalloc(&d, n * sizeof(uint32_t)));
  HIP_CHECK(hipMemset(d, 0, n * sizeof(uint32_t)));
  hipLaunchKernelGGL(large_grid, dim3(n / block), dim3(block), 0, 0, d, n);
  HIP_CHECK_LAUNCH();
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<uint32_t> h(n);
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(uint32_t), hipMemcpyDeviceToHost));
  for (unsigned i = 0; i < n; ++i) {
    const uint32_t want = i * 2654435761u ^ ((i / block) << 8) ^ (i % block);
    EXPECT_TRUE(h[i] == want, "1M grid: out[%u]=%#x, CPU %#x", i, h[i], want);
  }
  HIP_CHECK(hipFree(d));
}

}  // namespace

int main() {
  check_vector_add<float>("float", 1000, 256);
  check_vector_add<int>("int", 4099, 64);
  check_vector_add<double>("double", 333, 128);
  check_vector_add<uint8_t>("uint8_t", 1025, 1024);
  check_large_grid();
  return hip_report("vector_add");
}
