// Cross-lane operations within a 64-wide wave: __shfl (any source lane),
// __shfl_up, __shfl_down and __shfl_xor (with widths below 64), __ballot,
// __any, __all and __popcll, and a wave-level sum built from __shfl_down.
// Each lane's result is compared with the CPU's model of the wave.
#include <cstdint>
#include <vector>

#include "hip_check.h"

namespace {

constexpr unsigned kWave = 64;
constexpr unsigned kBlock = 256;  // four waves per block
constexpr unsigned kBlocks = 4;
constexpr unsigned kItems = kBlock * kBlocks;
constexpr unsigned kOutputs = 9;

__host__ __device__ int input(unsigned i) {
  return static_cast<int>((i * 2654435761u) >> 20) - 2048;
}

struct Lane {
  int shfl;                       // from lane (lane * 7 + 3) % 64
  int shfl_up;                    // up by 3 within groups of 16
  int shfl_down;                  // down by 5 over the whole wave
  int shfl_xor;                   // xor 9 within groups of 32
  int wave_sum;                   // sum over the wave by halving __shfl_down
  unsigned ballot_lo, ballot_hi;  // lanes whose input is odd
  int any_all;                    // bit 0: __any(input > 2000), bit 1: __all(input > -3000)
  int popcount;                   // __popcll(ballot)
};
static_assert(sizeof(Lane) == kOutputs * 4, "Lane is nine 32-bit words");

__global__ void wave_ops(Lane* out) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  const int v = input(i);
  const unsigned lane = threadIdx.x % kWave;
  Lane r;
  r.shfl = __shfl(v, static_cast<int>((lane * 7 + 3) % kWave));
  r.shfl_up = __shfl_up(v, 3, 16);
  r.shfl_down = __shfl_down(v, 5);
  r.shfl_xor = __shfl_xor(v, 9, 32);
  int sum = v;
  for (int offset = kWave / 2; offset > 0; offset /= 2) sum += __shfl_down(sum, offset);
  r.wave_sum = __shfl(sum, 0);
  const unsigned long long ballot = __ballot(v & 1);
  r.ballot_lo = static_cast<unsigned>(ballot);
  r.ballot_hi = static_cast<unsigned>(ballot >> 32);
  r.any_all = (__any(v > 2000) ? 1 : 0) | (__all(v > -3000) ? 2 : 0);
  r.popcount = __popcll(ballot);
  out[i] = r;
}

// The CPU's model: lanes of one wave are items wave_base .. wave_base + 63.
Lane model(unsigned i) {
  const unsigned base = i - i % kWave, lane = i % kWave;
  auto at = [&](unsigned l) { return input(base + l); };
  Lane r{};
  r.shfl = at((lane * 7 + 3) % kWave);
  // Width 16: lanes below 3 in their group of 16 keep their own value.
  r.shfl_up = lane % 16 >= 3 ? at(lane - 3) : at(lane);
  // Down by 5: the last 5 lanes keep their own value.
  r.shfl_down = lane + 5 < kWave ? at(lane + 5) : at(lane);
  r.shfl_xor = at((lane & ~31u) | ((lane % 32) ^ 9));
  int sum = 0;
  unsigned long long ballot = 0;
  bool any = false, all = true;
  for (unsigned l = 0; l < kWave; ++l) {
    sum += at(l);
    if (at(l) & 1) ballot |= 1ull << l;
    any |= at(l) > 2000;
    all &= at(l) > -3000;
  }
  r.wave_sum = sum;
  r.ballot_lo = static_cast<unsigned>(ballot);
  r.ballot_hi = static_cast<unsigned>(ballot >> 32);
  r.any_all = (any ? 1 : 0) | (all ? 2 : 0);
  r.popcount = __builtin_popcountll(ballot);
  return r;
}

}  // namespace

int main() {
  Lane* d;
  HIP_CHECK(hipMalloc(&d, kItems * sizeof(Lane)));
  hipLaunchKernelGGL(wave_ops, dim3(kBlocks), dim3(kBlock), 0, 0, d);
  HIP_CHECK_LAUNCH();
  std::vector<Lane> got(kItems);
  HIP_CHECK(hipMemcpy(got.data(), d, kItems * sizeof(Lane), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(d));
  static const char* const kNames[kOutputs] = {"__shfl",          "__shfl_up",   "__shfl_down",
                                               "__shfl_xor",      "wave sum",    "__ballot (low)",
                                               "__ballot (high)", "__any/__all", "__popcll"};
  for (unsigned i = 0; i < kItems; ++i) {
    const Lane want = model(i);
    const auto* g = reinterpret_cast<const int*>(&got[i]);
    const auto* w = reinterpret_cast<const int*>(&want);
    for (unsigned k = 0; k < kOutputs; ++k) {
      EXPECT_TRUE(g[k] == w[k], "%s: item %u (lane %u): %d, CPU %d", kNames[k], i, i % kWave, g[k],
                  w[k]);
    }
  }
  return hip_report("wave_intrinsics");
}
