// Code objects built by clang-14 run under Debian's ROCr: the loader takes
// code object v4 and v3 builds of examples/matmul.cl, dispatches go through
// ROCr's queues, and every result is compared with the CPU's.
#include <cstring>
#include <string>
#include <vector>

#include "rocr_fixture.h"

namespace rocm_test {
namespace {

// Multiples of 1/8 in [-2, 2] from a fixed sequence: every product and
// partial sum of the matmul is exact in float, so the GPU must agree bit for
// bit whatever its order of operations.
std::vector<float> eighths(size_t n, uint32_t seed) {
  std::vector<float> v(n);
  for (float& x : v) {
    seed = seed * 1664525u + 1013904223u;
    x = static_cast<float>(static_cast<int>((seed >> 16) % 33) - 16) / 8.0f;
  }
  return v;
}

struct MatmulArgs {
  void* c;
  const void* a;
  const void* b;
  uint32_t m, n, k;
};

void matmul_matches_cpu(const Agents& agents_, hsa_queue_t* queue, const char* code_object) {
  Program prog;
  ASSERT_EQ(prog.load(agents_.gpu, code_object), "");
  Kernel k;
  ASSERT_EQ(prog.kernel(agents_.gpu, "matmul", &k), "");

  // Sizes that leave partial 8x8 workgroups on both axes.
  const uint32_t m = 37, n = 45, kk = 29;
  const std::vector<float> a = eighths(m * kk, 1), b = eighths(kk * n, 2);
  std::vector<float> expected(m * n);
  for (uint32_t r = 0; r < m; ++r)
    for (uint32_t c = 0; c < n; ++c) {
      double sum = 0;
      for (uint32_t i = 0; i < kk; ++i) sum += double(a[r * kk + i]) * double(b[i * n + c]);
      expected[r * n + c] = static_cast<float>(sum);
    }

  // Inputs go host -> VRAM and the result VRAM -> host by ROCr's copies.
  PoolBuffer host(agents_.system, (m * kk + kk * n + m * n) * sizeof(float), &agents_.gpu);
  PoolBuffer da(agents_.vram, a.size() * sizeof(float)), db(agents_.vram, b.size() * sizeof(float)),
      dc(agents_.vram, expected.size() * sizeof(float));
  ASSERT_TRUE(host.get() && da.get() && db.get() && dc.get());
  float* ha = host.as<float>();
  float* hb = ha + a.size();
  float* hc = hb + b.size();
  std::memcpy(ha, a.data(), a.size() * sizeof(float));
  std::memcpy(hb, b.data(), b.size() * sizeof(float));
  ASSERT_EQ(copy(da.get(), agents_.gpu, ha, agents_.cpu, a.size() * sizeof(float)), "");
  ASSERT_EQ(copy(db.get(), agents_.gpu, hb, agents_.cpu, b.size() * sizeof(float)), "");

  MatmulArgs args{dc.get(), da.get(), db.get(), m, n, kk};
  Dispatch d;
  d.dims = 2;
  d.grid[0] = n;
  d.grid[1] = m;
  d.workgroup[0] = d.workgroup[1] = 8;
  d.args = &args;
  d.args_size = offsetof(MatmulArgs, k) + sizeof(uint32_t);
  ASSERT_EQ(dispatch(agents_, queue, k, d), "");
  ASSERT_EQ(copy(hc, agents_.cpu, dc.get(), agents_.gpu, expected.size() * sizeof(float)), "");
  for (size_t i = 0; i < expected.size(); ++i)
    ASSERT_EQ(hc[i], expected[i]) << "C[" << i / n << "][" << i % n << "]";
}

TEST_F(Rocr, MatmulCodeObjectV4MatchesCpu) { matmul_matches_cpu(agents_, queue(), MATMUL_CO_V4); }
TEST_F(Rocr, MatmulCodeObjectV3MatchesCpu) { matmul_matches_cpu(agents_, queue(), MATMUL_CO_V3); }

struct AxpbArgs {
  void* out;
  const void* in;
  int32_t a, b;
};

// Four queues, each with its own dispatch of axpb (tests/cp/kernels) into
// fine-grained host memory; each result is checked.
TEST_F(Rocr, SeveralQueuesRunTheirDispatches) {
  Program prog;
  ASSERT_EQ(prog.load(agents_.gpu, AXPB_CO), "");
  Kernel k;
  ASSERT_EQ(prog.kernel(agents_.gpu, "axpb", &k), "");
  constexpr int kQueues = 4;
  constexpr uint32_t kN = 1000;
  PoolBuffer in(agents_.system, kN * sizeof(int32_t), &agents_.gpu),
      out(agents_.system, kQueues * kN * 4, &agents_.gpu);
  ASSERT_TRUE(in.get() && out.get());
  for (uint32_t i = 0; i < kN; ++i) in.as<int32_t>()[i] = static_cast<int32_t>(i * 7) - 300;
  std::memset(out.get(), 0, kQueues * kN * 4);
  hsa_queue_t* queues[kQueues] = {};
  hsa_signal_t done[kQueues] = {};
  for (int q = 0; q < kQueues; ++q) {
    ASSERT_EQ(hsa_queue_create(agents_.gpu, 64u << q, HSA_QUEUE_TYPE_SINGLE, nullptr, nullptr,
                               UINT32_MAX, UINT32_MAX, &queues[q]),
              HSA_STATUS_SUCCESS);
    ASSERT_EQ(hsa_signal_create(1, 0, nullptr, &done[q]), HSA_STATUS_SUCCESS);
  }
  for (int q = 0; q < kQueues; ++q) {
    AxpbArgs args{out.as<int32_t>() + q * kN, in.get(), q + 2, -q};
    Dispatch d;
    d.grid[0] = kN;
    d.workgroup[0] = 64;
    d.args = &args;
    d.args_size = sizeof(args);
    EXPECT_EQ(dispatch(agents_, queues[q], k, d, done[q]), "") << "queue " << q;
  }
  for (int q = 0; q < kQueues; ++q) {
    for (uint32_t i = 0; i < kN; ++i)
      ASSERT_EQ(out.as<int32_t>()[q * kN + i], (q + 2) * in.as<int32_t>()[i] - q)
          << "queue " << q << " element " << i;
    hsa_signal_destroy(done[q]);
    hsa_queue_destroy(queues[q]);
  }
}

// Four waves per workgroup meet at LDS barriers (tests/emulator/kernels).
TEST_F(Rocr, LdsReductionMatchesCpu) {
  Program prog;
  ASSERT_EQ(prog.load(agents_.gpu, REDUCE_CO), "");
  Kernel k;
  ASSERT_EQ(prog.kernel(agents_.gpu, "reduce_sum_lds", &k), "");
  EXPECT_GE(k.group_size, 256u * 4);
  constexpr uint32_t kGroups = 16, kN = kGroups * 256;
  PoolBuffer in(agents_.system, kN * 4, &agents_.gpu),
      partial(agents_.system, kGroups * 4, &agents_.gpu);
  ASSERT_TRUE(in.get() && partial.get());
  for (uint32_t i = 0; i < kN; ++i) in.as<uint32_t>()[i] = i * 2654435761u >> 20;
  std::memset(partial.get(), 0, kGroups * 4);
  struct {
    const void* in;
    void* partial;
  } args{in.get(), partial.get()};
  Dispatch d;
  d.grid[0] = kN;
  d.workgroup[0] = 256;
  d.args = &args;
  d.args_size = sizeof(args);
  ASSERT_EQ(dispatch(agents_, queue(), k, d), "");
  for (uint32_t g = 0; g < kGroups; ++g) {
    uint32_t sum = 0;
    for (uint32_t i = 0; i < 256; ++i) sum += in.as<uint32_t>()[g * 256 + i];
    EXPECT_EQ(partial.as<uint32_t>()[g], sum) << "group " << g;
  }
}

}  // namespace
}  // namespace rocm_test
