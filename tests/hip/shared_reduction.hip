// Tree reductions in LDS: a static __shared__ array sized by a template
// parameter and an extern __shared__ array sized by the launch's dynamic
// shared bytes, each halving with __syncthreads between steps. Block sums
// and the grand total are compared with the CPU's. Last, a launch with all
// 64 KiB of LDS as dynamic shared memory.
#include <cstdint>
#include <vector>

#include "hip_check.h"

namespace {

// Sum of in[] over the block's slice (two elements per work-item, so the
// first step reads both halves), reduced in a static LDS array.
template <unsigned kBlock>
__global__ void reduce_static(const int* in, int* block_sums, unsigned n) {
  __shared__ int partial[kBlock];
  const unsigned t = threadIdx.x;
  const unsigned i = blockIdx.x * kBlock * 2 + t;
  int v = i < n ? in[i] : 0;
  if (i + kBlock < n) v += in[i + kBlock];
  partial[t] = v;
  __syncthreads();
  for (unsigned stride = kBlock / 2; stride > 0; stride /= 2) {
    if (t < stride) partial[t] += partial[t + stride];
    __syncthreads();
  }
  if (t == 0) block_sums[blockIdx.x] = partial[0];
}

// The same with the array in dynamic LDS: its size comes from the launch,
// and 64-bit elements make the byte count differ from the work-item count.
__global__ void reduce_dynamic(const int* in, long long* block_sums, unsigned n) {
  extern __shared__ long long dyn_partial[];
  const unsigned t = threadIdx.x;
  const unsigned i = blockIdx.x * blockDim.x + t;
  dyn_partial[t] = i < n ? static_cast<long long>(in[i]) * in[i] : 0;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride) dyn_partial[t] += dyn_partial[t + stride];
    __syncthreads();
  }
  if (t == 0) block_sums[blockIdx.x] = dyn_partial[0];
}

// All 64 KiB of LDS as dynamic shared memory: 1024 work-items write 16
// words each, then read 16 words other work-items wrote (mirrored index),
// so every byte of the allocation is written and read across waves.
constexpr unsigned kFullBlock = 1024;
constexpr unsigned kWordsPerItem = 16;
constexpr unsigned kFullWords = kFullBlock * kWordsPerItem;  // 64 KiB

__host__ __device__ unsigned lds_word(unsigned index, unsigned block) {
  return ((index % kFullBlock) * kWordsPerItem + index / kFullBlock) ^ (block * 0x9e3779b9u);
}

__global__ void lds_full(unsigned* out) {
  extern __shared__ unsigned words[];
  const unsigned t = threadIdx.x;
  for (unsigned k = 0; k < kWordsPerItem; ++k) {
    words[k * kFullBlock + t] = lds_word(k * kFullBlock + t, blockIdx.x);
  }
  __syncthreads();
  unsigned sum = 0;
  for (unsigned k = 0; k < kWordsPerItem; ++k) {
    sum += words[kFullWords - 1 - (k * kFullBlock + t)] * (k + 1);
  }
  out[blockIdx.x * kFullBlock + t] = sum;
}

std::vector<int> make_input(unsigned n) {
  std::vector<int> v(n);
  uint32_t x = 12345;
  for (auto& e : v) {
    x = x * 1103515245u + 12345u;
    e = static_cast<int>((x >> 16) % 2001) - 1000;
  }
  return v;
}

void check_static(const std::vector<int>& in, int* d_in) {
  constexpr unsigned kBlock = 256;
  const unsigned n = static_cast<unsigned>(in.size());
  const unsigned blocks = (n + 2 * kBlock - 1) / (2 * kBlock);
  int* d_sums;
  HIP_CHECK(hipMalloc(&d_sums, blocks * sizeof(int)));
  hipLaunchKernelGGL(reduce_static<kBlock>, dim3(blocks), dim3(kBlock), 0, 0, d_in, d_sums, n);
  HIP_CHECK_LAUNCH();
  std::vector<int> sums(blocks);
  HIP_CHECK(hipMemcpy(sums.data(), d_sums, blocks * sizeof(int), hipMemcpyDeviceToHost));
  long long total = 0, cpu_total = 0;
  for (unsigned b = 0; b < blocks; ++b) {
    int want = 0;
    for (unsigned i = b * 2 * kBlock; i < n && i < (b + 1) * 2 * kBlock; ++i) want += in[i];
    EXPECT_TRUE(sums[b] == want, "static LDS: block %u sum %d, CPU %d", b, sums[b], want);
    total += sums[b];
    cpu_total += want;
  }
  EXPECT_TRUE(total == cpu_total, "static LDS: total %lld, CPU %lld", total, cpu_total);
  HIP_CHECK(hipFree(d_sums));
}

void check_dynamic(const std::vector<int>& in, int* d_in, unsigned block) {
  const unsigned n = static_cast<unsigned>(in.size());
  const unsigned blocks = (n + block - 1) / block;
  long long* d_sums;
  HIP_CHECK(hipMalloc(&d_sums, blocks * sizeof(long long)));
  hipLaunchKernelGGL(reduce_dynamic, dim3(blocks), dim3(block), block * sizeof(long long), 0, d_in,
                     d_sums, n);
  HIP_CHECK_LAUNCH();
  std::vector<long long> sums(blocks);
  HIP_CHECK(hipMemcpy(sums.data(), d_sums, blocks * sizeof(long long), hipMemcpyDeviceToHost));
  for (unsigned b = 0; b < blocks; ++b) {
    long long want = 0;
    for (unsigned i = b * block; i < n && i < (b + 1) * block; ++i) {
      want += static_cast<long long>(in[i]) * in[i];
    }
    EXPECT_TRUE(sums[b] == want, "dynamic LDS (block %u): block %u sum %lld, CPU %lld", block, b,
                sums[b], want);
  }
  HIP_CHECK(hipFree(d_sums));
}

void check_full_lds() {
  constexpr unsigned kBlocks = 3;
  unsigned* d;
  HIP_CHECK(hipMalloc(&d, kBlocks * kFullBlock * sizeof(unsigned)));
  hipLaunchKernelGGL(lds_full, dim3(kBlocks), dim3(kFullBlock), kFullWords * sizeof(unsigned), 0,
                     d);
  HIP_CHECK_LAUNCH();
  std::vector<unsigned> got(kBlocks * kFullBlock);
  HIP_CHECK(hipMemcpy(got.data(), d, got.size() * sizeof(unsigned), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(d));
  for (unsigned b = 0; b < kBlocks; ++b) {
    for (unsigned t = 0; t < kFullBlock; ++t) {
      unsigned want = 0;
      for (unsigned k = 0; k < kWordsPerItem; ++k) {
        want += lds_word(kFullWords - 1 - (k * kFullBlock + t), b) * (k + 1);
      }
      EXPECT_TRUE(got[b * kFullBlock + t] == want, "64 KiB LDS: block %u item %u: %#x, CPU %#x", b,
                  t, got[b * kFullBlock + t], want);
    }
  }
}

}  // namespace

int main() {
  const std::vector<int> in = make_input(100003);
  int* d_in;
  HIP_CHECK(hipMalloc(&d_in, in.size() * sizeof(int)));
  HIP_CHECK(hipMemcpy(d_in, in.data(), in.size() * sizeof(int), hipMemcpyHostToDevice));
  check_static(in, d_in);
  // 1024 work-items use 8 KiB of dynamic LDS; 64 a single wave.
  check_dynamic(in, d_in, 1024);
  check_dynamic(in, d_in, 64);
  check_dynamic(in, d_in, 512);
  check_full_lds();
  HIP_CHECK(hipFree(d_in));
  return hip_report("shared_reduction");
}
