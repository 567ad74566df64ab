// Shader-engine throughput: wave64 instructions and lane operations per
// second per host thread on an ALU-bound and a memory-bound kernel, the
// scaling from 1 to 2 threads, and the time ratio against the same work
// written in native C++ (-O2) and run in the same process.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "gcn_assembler.h"
#include "snippet_runner.h"

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// 16 v_mac_f32 per iteration; s6 iterations (kernarg 1).
std::string alu_kernel() {
  std::string k = R"(
s_load_dwordx4 s[4:7], s[0:1], 0x0
v_cvt_f32_u32 v1, v0
v_mov_b32 v2, 1.0
v_mov_b32 v3, 0.5
v_mov_b32 v4, 2.0
s_waitcnt lgkmcnt(0)
)";
  for (int i = 0; i < 8; ++i) k += "v_mac_f32 v2, v1, v3\nv_mac_f32 v4, v2, v3\n";
  // 16 VALU + 3 SALU = 19 dwords back to the loop head.
  k += "s_sub_u32 s6, s6, 1\ns_cmp_lg_u32 s6, 0\ns_cbranch_scc1 0xffed\n";
  k += R"(
s_lshl_b32 s3, s2, 6
v_add_u32 v5, s3, v0
v_lshlrev_b32 v5, 2, v5
v_add_f32 v2, v2, v4
global_store_dword v5, v2, s[4:5]
s_endpgm
)";
  return k;
}

// out[i] = in[i] * 3 + 1 over the grid (kernarg: in, out).
const char* kMemKernel = R"(
s_load_dwordx4 s[4:7], s[0:1], 0x0
s_lshl_b32 s3, s2, 6
v_add_u32 v1, s3, v0
v_lshlrev_b32 v1, 2, v1
s_waitcnt lgkmcnt(0)
global_load_dword v2, v1, s[4:5]
s_waitcnt vmcnt(0)
v_mad_u32_u24 v2, v2, 3, 1
global_store_dword v1, v2, s[6:7]
s_endpgm
)";

struct Row {
  std::string kernel;
  unsigned threads;
  double seconds;
  double wave_instr;
  double valu_lane_ops;
  double native_seconds;
};

void print(const std::vector<Row>& rows) {
  std::printf("%-18s %7s %10s %16s %16s %16s %12s\n", "kernel", "threads", "ms", "Mwave-inst/s",
              "Mwave-inst/s/thr", "Glane-ops/s", "emu/native");
  for (const Row& r : rows)
    std::printf("%-18s %7u %10.2f %16.1f %16.1f %16.2f %12.1f\n", r.kernel.c_str(), r.threads,
                r.seconds * 1e3, r.wave_instr / r.seconds / 1e6,
                r.wave_instr / r.seconds / 1e6 / r.threads, r.valu_lane_ops / r.seconds / 1e9,
                r.seconds / r.native_seconds);
}

}  // namespace

int main() {
  std::vector<Row> rows;
  const uint32_t alu_items = 64 * 256, alu_iters = 200;
  const uint32_t mem_items = 1u << 22;

  // Native baselines, same work per lane.
  std::vector<float> native_out(alu_items);
  auto t0 = Clock::now();
  for (uint32_t i = 0; i < alu_items; ++i) {
    float v1 = static_cast<float>(i % 64), v2 = 1.0f, v3 = 0.5f, v4 = 2.0f;
    for (uint32_t it = 0; it < alu_iters; ++it)
      for (int k = 0; k < 8; ++k) {
        v2 = v1 * v3 + v2;
        v4 = v2 * v3 + v4;
      }
    native_out[i] = v2 + v4;
  }
  const double alu_native = seconds_since(t0);
  std::vector<uint32_t> in(mem_items), out(mem_items);
  for (uint32_t i = 0; i < mem_items; ++i) in[i] = i;
  t0 = Clock::now();
  for (uint32_t i = 0; i < mem_items; ++i) out[i] = in[i] * 3 + 1;
  const double mem_native = seconds_since(t0);
  volatile float sink = native_out[alu_items - 1] + static_cast<float>(out[mem_items - 1]);
  (void)sink;

  for (unsigned threads : {1u, 2u}) {
    gcn_test::SnippetRunner r(threads);
    auto* aout = r.alloc<float>(alu_items);
    const auto alu = gcn_test::assemble_gfx900(alu_kernel());
    const auto mem = gcn_test::assemble_gfx900(kMemKernel);
    if (!alu.error.empty() || !mem.error.empty()) {
      std::fprintf(stderr, "llvm-mc: %s%s\n", alu.error.c_str(), mem.error.c_str());
      return 1;
    }
    t0 = Clock::now();
    auto res =
        r.run_words(alu.words, alu_items, 64, {reinterpret_cast<uintptr_t>(aout), alu_iters});
    double s = seconds_since(t0);
    if (!res.ok) {
      std::fprintf(stderr, "alu kernel failed: %s\n", res.error.c_str());
      return 1;
    }
    rows.push_back({"alu_fma_loop", threads, s, static_cast<double>(res.wave_instructions),
                    static_cast<double>(alu_items) * alu_iters * 16, alu_native});

    auto* min = r.alloc<uint32_t>(mem_items);
    auto* mout = r.alloc<uint32_t>(mem_items);
    for (uint32_t i = 0; i < mem_items; ++i) min[i] = i;
    t0 = Clock::now();
    res = r.run_words(mem.words, mem_items, 64,
                      {reinterpret_cast<uintptr_t>(min), reinterpret_cast<uintptr_t>(mout)});
    s = seconds_since(t0);
    if (!res.ok || mout[mem_items - 1] != (mem_items - 1) * 3 + 1) {
      std::fprintf(stderr, "memory kernel failed: %s\n", res.error.c_str());
      return 1;
    }
    rows.push_back({"mem_scale_copy", threads, s, static_cast<double>(res.wave_instructions),
                    static_cast<double>(mem_items) * 2, mem_native});
  }
  std::printf("Shader engine: wave64 instruction throughput, native C++ -O2 baseline\n");
  print(rows);
  return 0;
}
