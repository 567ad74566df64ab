// Three streams ordered only by events: stream B waits (hipStreamWaitEvent)
// for stream A's result, stream C for B's, while C's own first kernel runs
// unordered. Timing events give hipEventElapsedTime >= 0; hipEventQuery
// and hipEventSynchronize report completion; a D2H copy on the last stream
// brings back a value that is right only if every wait held.
#include <vector>

#include "hip_check.h"

namespace {

constexpr unsigned kN = 1 << 16;
constexpr unsigned kBlock = 256;

// Long enough that a stream which did not wait would read stale data: each
// element is the end of a dependent chain of rounds.
__host__ __device__ unsigned slow_value(unsigned i, unsigned rounds) {
  unsigned v = i;
  for (unsigned r = 0; r < rounds; ++r) v = v * 1664525u + 1013904223u;
  return v;
}

__global__ void produce(unsigned* a, unsigned rounds) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < kN) a[i] = slow_value(i, rounds);
}

__global__ void add_one(const unsigned* in, unsigned* out) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < kN) out[i] = in[i] + 1;
}

__global__ void fill_index(unsigned* c) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < kN) c[i] = i * 3;
}

__global__ void combine(const unsigned* b, unsigned* c) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < kN) c[i] ^= b[i];
}

}  // namespace

int main() {
  constexpr unsigned kRounds = 200;
  const size_t bytes = kN * sizeof(unsigned);
  unsigned *a, *b, *c;
  HIP_CHECK(hipMalloc(&a, bytes));
  HIP_CHECK(hipMalloc(&b, bytes));
  HIP_CHECK(hipMalloc(&c, bytes));
  HIP_CHECK(hipMemset(a, 0, bytes));
  HIP_CHECK(hipMemset(b, 0, bytes));
  HIP_CHECK(hipDeviceSynchronize());

  hipStream_t sa, sb, sc;
  HIP_CHECK(hipStreamCreate(&sa));
  HIP_CHECK(hipStreamCreateWithFlags(&sb, hipStreamNonBlocking));
  HIP_CHECK(hipStreamCreate(&sc));
  hipEvent_t start, a_done, b_done, c_done;
  HIP_CHECK(hipEventCreate(&start));
  HIP_CHECK(hipEventCreate(&a_done));
  HIP_CHECK(hipEventCreateWithFlags(&b_done, hipEventDisableTiming));
  HIP_CHECK(hipEventCreate(&c_done));

  const dim3 grid(kN / kBlock), block(kBlock);
  HIP_CHECK(hipEventRecord(start, sa));
  hipLaunchKernelGGL(produce, grid, block, 0, sa, a, kRounds);
  HIP_CHECK_LAUNCH();
  HIP_CHECK(hipEventRecord(a_done, sa));

  HIP_CHECK(hipStreamWaitEvent(sb, a_done, 0));
  hipLaunchKernelGGL(add_one, grid, block, 0, sb, a, b);
  HIP_CHECK_LAUNCH();
  HIP_CHECK(hipEventRecord(b_done, sb));

  hipLaunchKernelGGL(fill_index, grid, block, 0, sc, c);
  HIP_CHECK_LAUNCH();
  HIP_CHECK(hipStreamWaitEvent(sc, b_done, 0));
  hipLaunchKernelGGL(combine, grid, block, 0, sc, b, c);
  HIP_CHECK_LAUNCH();
  std::vector<unsigned> host(kN, 0);
  HIP_CHECK(hipMemcpyAsync(host.data(), c, bytes, hipMemcpyDeviceToHost, sc));
  HIP_CHECK(hipEventRecord(c_done, sc));

  HIP_CHECK(hipEventSynchronize(c_done));
  HIP_CHECK(hipEventQuery(c_done));
  // c_done follows b_done and a_done on the device, so both are complete.
  HIP_CHECK(hipEventQuery(b_done));
  HIP_CHECK(hipEventSynchronize(a_done));
  HIP_CHECK(hipEventQuery(a_done));

  float ms_a = -1, ms_all = -1;
  HIP_CHECK(hipEventElapsedTime(&ms_a, start, a_done));
  HIP_CHECK(hipEventElapsedTime(&ms_all, start, c_done));
  EXPECT_TRUE(ms_a >= 0.0f, "elapsed time start->a_done %f ms", double(ms_a));
  EXPECT_TRUE(ms_all >= 0.0f, "elapsed time start->c_done %f ms", double(ms_all));
  // A timing-free event has no time stamps to subtract.
  float ms_none = 0;
  EXPECT_TRUE(hipEventElapsedTime(&ms_none, start, b_done) != hipSuccess,
              "hipEventElapsedTime with a hipEventDisableTiming event succeeded");

  for (unsigned i = 0; i < kN; ++i) {
    const unsigned want = (i * 3) ^ (slow_value(i, kRounds) + 1);
    EXPECT_TRUE(host[i] == want, "c[%u] = %#x, CPU %#x", i, host[i], want);
  }

  // An event recorded behind a kernel on an otherwise idle stream becomes
  // complete; hipStreamQuery agrees after the stream is synchronised.
  hipLaunchKernelGGL(produce, grid, block, 0, sb, b, 50u);
  HIP_CHECK_LAUNCH();
  HIP_CHECK(hipEventRecord(b_done, sb));
  HIP_CHECK(hipStreamSynchronize(sb));
  HIP_CHECK(hipEventQuery(b_done));
  HIP_CHECK(hipStreamQuery(sb));
  unsigned last = 0;
  HIP_CHECK(hipMemcpy(&last, b + kN - 1, sizeof(last), hipMemcpyDeviceToHost));
  EXPECT_TRUE(last == slow_value(kN - 1, 50), "b[last] = %#x, CPU %#x", last,
              slow_value(kN - 1, 50));

  for (hipEvent_t e : {start, a_done, b_done, c_done}) HIP_CHECK(hipEventDestroy(e));
  for (hipStream_t s : {sa, sb, sc}) HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(a));
  HIP_CHECK(hipFree(b));
  HIP_CHECK(hipFree(c));
  return hip_report("streams_events");
}
