// Atomics under contention, on global memory and on LDS: atomicAdd (int,
// unsigned, 64-bit and float), atomicCAS (a compare-and-swap loop and a
// claim race), atomicMax, atomicMin, atomicOr/And/Xor and atomicExch.
// Every total is exact, so any lost update shows.
#include <climits>
#include <cstdint>
#include <vector>

#include "hip_check.h"

namespace {

constexpr unsigned kBlock = 256;
constexpr unsigned kBlocks = 96;
constexpr unsigned kThreads = kBlock * kBlocks;
constexpr unsigned kBins = 7;  // few bins: many work-items per address
constexpr unsigned kSlots = 37;

__host__ __device__ int value_of(unsigned i) {
  return static_cast<int>((i * 2654435761u) >> 12) % 100003 - 50000;
}

struct Global {
  int add_int;
  float add_float;  // sums of small integers stay exact below 2^24
  int cas_counter;
  int max_value;
  int min_value;
  unsigned bins[kBins];
  int slot_owner[kSlots];  // claimed once, by atomicCAS from -1
  int claims;              // how many claims succeeded
  unsigned long long add_u64;
  unsigned long long or_bits;
  unsigned and_bits;
  unsigned xor_bits;
  // atomicExch conserves: the values swapped out plus the one left equal
  // the initial value plus every value swapped in.
  unsigned exch_slot;
  unsigned long long exch_out_sum;
};

__global__ void global_atomics(Global* g) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  const int v = value_of(i);
  atomicAdd(&g->add_int, v);
  atomicAdd(&g->add_float, static_cast<float>(i % 5));
  // Increment built from atomicCAS: retried until no other work-item
  // changed the word in between.
  int seen = g->cas_counter;
  for (;;) {
    const int old = atomicCAS(&g->cas_counter, seen, seen + 3);
    if (old == seen) break;
    seen = old;
  }
  atomicMax(&g->max_value, v);
  atomicMin(&g->min_value, v);
  atomicAdd(&g->bins[i % kBins], 1u);
  if (atomicCAS(&g->slot_owner[i % kSlots], -1, static_cast<int>(i)) == -1) {
    atomicAdd(&g->claims, 1);
  }
  atomicAdd(&g->add_u64, (1ull << 33) + i);
  atomicOr(&g->or_bits, 1ull << (i % 61));
  atomicAnd(&g->and_bits, ~(1u << (i % 29)));
  atomicXor(&g->xor_bits, i * 2654435761u);
  const unsigned out = atomicExch(&g->exch_slot, i + 1);
  atomicAdd(&g->exch_out_sum, static_cast<unsigned long long>(out));
}

struct BlockResult {
  int add_int;
  float add_float;
  int cas_counter;
  int max_value;
  unsigned bins[kBins];
};

// The same operations on LDS, one result per block.
__global__ void shared_atomics(BlockResult* out) {
  __shared__ int add_int, cas_counter, max_value;
  __shared__ float add_float;
  __shared__ unsigned bins[kBins];
  const unsigned t = threadIdx.x;
  if (t == 0) {
    add_int = 0;
    cas_counter = 0;
    max_value = INT_MIN;
    add_float = 0.0f;
  }
  if (t < kBins) bins[t] = 0;
  __syncthreads();
  const unsigned i = blockIdx.x * blockDim.x + t;
  const int v = value_of(i);
  atomicAdd(&add_int, v);
  atomicAdd(&add_float, 0.5f * static_cast<float>(t % 4));
  int seen = cas_counter;
  for (;;) {
    const int old = atomicCAS(&cas_counter, seen, seen + static_cast<int>(t % 3));
    if (old == seen) break;
    seen = old;
  }
  atomicMax(&max_value, v);
  atomicAdd(&bins[(t * t) % kBins], 1u);
  __syncthreads();
  if (t == 0) {
    BlockResult& r = out[blockIdx.x];
    r.add_int = add_int;
    r.add_float = add_float;
    r.cas_counter = cas_counter;
    r.max_value = max_value;
    for (unsigned b = 0; b < kBins; ++b) r.bins[b] = bins[b];
  }
}

void check_global() {
  Global init{};
  init.max_value = INT_MIN;
  init.min_value = INT_MAX;
  for (auto& o : init.slot_owner) o = -1;
  init.and_bits = ~0u;
  init.exch_slot = 7;
  Global* d;
  HIP_CHECK(hipMalloc(&d, sizeof(Global)));
  HIP_CHECK(hipMemcpy(d, &init, sizeof(Global), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(global_atomics, dim3(kBlocks), dim3(kBlock), 0, 0, d);
  HIP_CHECK_LAUNCH();
  Global g;
  HIP_CHECK(hipMemcpy(&g, d, sizeof(Global), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(d));

  int add_int = 0, max_value = INT_MIN, min_value = INT_MAX;
  float add_float = 0;
  unsigned bins[kBins] = {};
  unsigned long long add_u64 = 0, or_bits = 0, exch_in_sum = 7;
  unsigned and_bits = ~0u, xor_bits = 0;
  for (unsigned i = 0; i < kThreads; ++i) {
    const int v = value_of(i);
    add_u64 += (1ull << 33) + i;
    or_bits |= 1ull << (i % 61);
    and_bits &= ~(1u << (i % 29));
    xor_bits ^= i * 2654435761u;
    exch_in_sum += i + 1;
    add_int += v;
    add_float += static_cast<float>(i % 5);
    max_value = v > max_value ? v : max_value;
    min_value = v < min_value ? v : min_value;
    ++bins[i % kBins];
  }
  EXPECT_TRUE(g.add_int == add_int, "global atomicAdd(int): %d, CPU %d", g.add_int, add_int);
  EXPECT_TRUE(g.add_float == add_float, "global atomicAdd(float): %.1f, CPU %.1f",
              double(g.add_float), double(add_float));
  EXPECT_TRUE(g.cas_counter == int(3 * kThreads), "global atomicCAS loop: %d, CPU %u",
              g.cas_counter, 3 * kThreads);
  EXPECT_TRUE(g.max_value == max_value, "global atomicMax: %d, CPU %d", g.max_value, max_value);
  EXPECT_TRUE(g.min_value == min_value, "global atomicMin: %d, CPU %d", g.min_value, min_value);
  for (unsigned b = 0; b < kBins; ++b) {
    EXPECT_TRUE(g.bins[b] == bins[b], "global atomicAdd(unsigned) bin %u: %u, CPU %u", b, g.bins[b],
                bins[b]);
  }
  EXPECT_TRUE(g.claims == int(kSlots), "global atomicCAS claims: %d, want one per slot (%u)",
              g.claims, kSlots);
  EXPECT_TRUE(g.add_u64 == add_u64, "global atomicAdd(u64): %#llx, CPU %#llx", g.add_u64, add_u64);
  EXPECT_TRUE(g.or_bits == or_bits, "global atomicOr(u64): %#llx, CPU %#llx", g.or_bits, or_bits);
  EXPECT_TRUE(g.and_bits == and_bits, "global atomicAnd: %#x, CPU %#x", g.and_bits, and_bits);
  EXPECT_TRUE(g.xor_bits == xor_bits, "global atomicXor: %#x, CPU %#x", g.xor_bits, xor_bits);
  EXPECT_TRUE(g.exch_out_sum + g.exch_slot == exch_in_sum,
              "global atomicExch: swapped out %llu + left %u, swapped in %llu", g.exch_out_sum,
              g.exch_slot, exch_in_sum);
  EXPECT_TRUE(g.exch_slot >= 1 && g.exch_slot <= kThreads, "global atomicExch left %u",
              g.exch_slot);
  for (unsigned s = 0; s < kSlots; ++s) {
    // The owner must be a work-item that maps to this slot.
    EXPECT_TRUE(g.slot_owner[s] >= 0 && unsigned(g.slot_owner[s]) % kSlots == s,
                "global atomicCAS slot %u owned by %d", s, g.slot_owner[s]);
  }
}

void check_shared() {
  BlockResult* d;
  HIP_CHECK(hipMalloc(&d, kBlocks * sizeof(BlockResult)));
  hipLaunchKernelGGL(shared_atomics, dim3(kBlocks), dim3(kBlock), 0, 0, d);
  HIP_CHECK_LAUNCH();
  std::vector<BlockResult> r(kBlocks);
  HIP_CHECK(hipMemcpy(r.data(), d, kBlocks * sizeof(BlockResult), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(d));
  for (unsigned b = 0; b < kBlocks; ++b) {
    int add_int = 0, cas = 0, max_value = INT_MIN;
    float add_float = 0;
    unsigned bins[kBins] = {};
    for (unsigned t = 0; t < kBlock; ++t) {
      const int v = value_of(b * kBlock + t);
      add_int += v;
      add_float += 0.5f * static_cast<float>(t % 4);
      cas += static_cast<int>(t % 3);
      max_value = v > max_value ? v : max_value;
      ++bins[(t * t) % kBins];
    }
    EXPECT_TRUE(r[b].add_int == add_int, "LDS atomicAdd(int) block %u: %d, CPU %d", b, r[b].add_int,
                add_int);
    EXPECT_TRUE(r[b].add_float == add_float, "LDS atomicAdd(float) block %u: %.1f, CPU %.1f", b,
                double(r[b].add_float), double(add_float));
    EXPECT_TRUE(r[b].cas_counter == cas, "LDS atomicCAS loop block %u: %d, CPU %d", b,
                r[b].cas_counter, cas);
    EXPECT_TRUE(r[b].max_value == max_value, "LDS atomicMax block %u: %d, CPU %d", b,
                r[b].max_value, max_value);
    for (unsigned k = 0; k < kBins; ++k) {
      EXPECT_TRUE(r[b].bins[k] == bins[k], "LDS atomicAdd(unsigned) block %u bin %u: %u, CPU %u", b,
                  k, r[b].bins[k], bins[k]);
    }
  }
}

}  // namespace

int main() {
  check_global();
  check_shared();
  return hip_report("atomics");
}
