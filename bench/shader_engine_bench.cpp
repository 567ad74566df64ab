// Shader-engine throughput: wave64 instructions and lane operations per
// second per host thread on an ALU-bound and a memory-bound kernel, the
// scaling from 1 to 2 threads, and the time ratio against the same work
// written in native C++ (-O2) and run in the same process.
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "gcn_assembler.h"
#include "shader/translator_loader.h"
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
  std::string mode;
  std::string kernel;
  unsigned threads;
  double seconds;
  double wave_instr;
  double valu_lane_ops;
  double native_seconds;
};

void print(const std::vector<Row>& rows) {
  std::printf("%-12s %-16s %7s %10s %14s %16s %12s %12s\n", "engine", "kernel", "threads", "ms",
              "Mwave-inst/s", "Mwave-inst/s/thr", "Glane-ops/s", "emu/native");
  for (const Row& r : rows)
    std::printf("%-12s %-16s %7u %10.2f %14.1f %16.1f %12.2f %12.1f\n", r.mode.c_str(),
                r.kernel.c_str(), r.threads, r.seconds * 1e3, r.wave_instr / r.seconds / 1e6,
                r.wave_instr / r.seconds / 1e6 / r.threads, r.valu_lane_ops / r.seconds / 1e9,
                r.seconds / r.native_seconds);
}

double loadavg() {
  double l = 0;
  if (FILE* f = std::fopen("/proc/loadavg", "r")) {
    if (std::fscanf(f, "%lf", &l) != 1) l = 0;
    std::fclose(f);
  }
  return l;
}

}  // namespace

int main() {
  std::vector<Row> rows;
  const uint32_t alu_items = 64 * 256, alu_iters = 200;
  const uint32_t mem_items = 1u << 22;
  const double load_start = loadavg();

  // Native baselines, same work per lane, written lane-parallel (64 lanes
  // innermost, as a wave) so the host compiler vectorises them.
  std::vector<float> native_out(alu_items);
  auto t0 = Clock::now();
  for (uint32_t w = 0; w < alu_items / 64; ++w) {
    float v1[64], v2[64], v4[64];
    for (int l = 0; l < 64; ++l) {
      v1[l] = static_cast<float>(l);
      v2[l] = 1.0f;
      v4[l] = 2.0f;
    }
    for (uint32_t it = 0; it < alu_iters; ++it)
      for (int k = 0; k < 8; ++k)
        for (int l = 0; l < 64; ++l) {
          v2[l] = v1[l] * 0.5f + v2[l];
          v4[l] = v2[l] * 0.5f + v4[l];
        }
    for (int l = 0; l < 64; ++l) native_out[w * 64 + l] = v2[l] + v4[l];
  }
  const double alu_native = seconds_since(t0);
  std::vector<uint32_t> in(mem_items), out(mem_items);
  for (uint32_t i = 0; i < mem_items; ++i) in[i] = i;
  t0 = Clock::now();
  for (uint32_t i = 0; i < mem_items; ++i) out[i] = in[i] * 3 + 1;
  const double mem_native = seconds_since(t0);
  volatile float sink = native_out[alu_items - 1] + static_cast<float>(out[mem_items - 1]);
  (void)sink;

  const auto alu = gcn_test::assemble_gfx900(alu_kernel());
  const auto mem = gcn_test::assemble_gfx900(kMemKernel);
  if (!alu.error.empty() || !mem.error.empty()) {
    std::fprintf(stderr, "llvm-mc: %s%s\n", alu.error.c_str(), mem.error.c_str());
    return 1;
  }
  gcn::TranslatorStats before{}, after{};
  double warmup_seconds = 0;
  for (gcn::Translation mode : {gcn::Translation::kOff, gcn::Translation::kOn}) {
    const char* name = mode == gcn::Translation::kOff ? "interpreter" : "translator";
    for (unsigned threads : {1u, 2u}) {
      gcn_test::SnippetRunner r(threads);
      r.engine().set_translation({mode, 1});
      auto* aout = r.alloc<float>(alu_items);
      auto* min = r.alloc<uint32_t>(mem_items);
      auto* mout = r.alloc<uint32_t>(mem_items);
      for (uint32_t i = 0; i < mem_items; ++i) min[i] = i;
      if (mode == gcn::Translation::kOn && threads == 1) {
        // Translation happens once per block and process: a small run of
        // each kernel first, timed apart.
        const gcn::TranslatorApi* api = gcn::translator_api();
        if (!api) return 1;
        api->stats(&before);
        t0 = Clock::now();
        r.run_words(alu.words, 64, 64,
                    {reinterpret_cast<uintptr_t>(aout), 2});  // the loop taken once
        r.run_words(mem.words, 64, 64,
                    {reinterpret_cast<uintptr_t>(min), reinterpret_cast<uintptr_t>(mout)});
        warmup_seconds = seconds_since(t0);
        api->stats(&after);
      }
      t0 = Clock::now();
      auto res =
          r.run_words(alu.words, alu_items, 64, {reinterpret_cast<uintptr_t>(aout), alu_iters});
      double sec = seconds_since(t0);
      if (!res.ok || std::memcmp(aout, native_out.data(), alu_items * sizeof(float)) != 0) {
        std::fprintf(stderr, "alu kernel (%s) failed or differs from the host: %s\n", name,
                     res.error.c_str());
        return 1;
      }
      rows.push_back({name, "alu_fma_loop", threads, sec,
                      static_cast<double>(res.wave_instructions),
                      static_cast<double>(alu_items) * alu_iters * 16, alu_native});
      t0 = Clock::now();
      res = r.run_words(mem.words, mem_items, 64,
                        {reinterpret_cast<uintptr_t>(min), reinterpret_cast<uintptr_t>(mout)});
      sec = seconds_since(t0);
      if (!res.ok || std::memcmp(mout, out.data(), mem_items * 4) != 0) {
        std::fprintf(stderr, "memory kernel (%s) failed or differs: %s\n", name, res.error.c_str());
        return 1;
      }
      rows.push_back({name, "mem_scale_copy", threads, sec,
                      static_cast<double>(res.wave_instructions),
                      static_cast<double>(mem_items) * 2, mem_native});
    }
  }
  std::printf(
      "Shader engine: wave64 instruction throughput, interpreter and translator, "
      "against native C++ -O2 (64 lanes innermost)\n");
  std::printf("load average %.2f at start, %.2f at end\n", load_start, loadavg());
  print(rows);
  const uint64_t blocks = after.blocks - before.blocks;
  std::printf("\ntranslation (both kernels, first run): %" PRIu64 " blocks, %" PRIu64
              " instructions (%" PRIu64
              " as host code, the rest call the interpreter), %.2f ms "
              "compiling (%.2f ms per block), %.2f ms for the two warm-up dispatches\n",
              blocks, after.instructions - before.instructions, after.native - before.native,
              (after.compile_seconds - before.compile_seconds) * 1e3,
              blocks ? (after.compile_seconds - before.compile_seconds) * 1e3 / blocks : 0.0,
              warmup_seconds * 1e3);
  return 0;
}
