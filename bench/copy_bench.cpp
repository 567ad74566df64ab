// hsa_amd_memory_async_copy throughput through our HSA runtime on the
// engines ROCr 5.2 would pick: the SDMA engines for system memory to VRAM
// and back (aligned and unaligned pointers), the blit kernels on the
// internal queue for VRAM to VRAM on one GPU, and the blit kernels for
// system memory to VRAM again with HSA_ENABLE_SDMA=0 (a second runtime
// session), for comparison. The baseline is memcpy of the same bytes on the
// host in the same run (what the emulator's engines ultimately compete
// with); the ratio is copy time over memcpy time.
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

struct Agents {
  hsa_agent_t gpu{0}, cpu{0};
};

hsa_status_t find_agents(hsa_agent_t agent, void* out) {
  auto* a = static_cast<Agents*>(out);
  hsa_device_type_t type;
  hsa_agent_get_info(agent, HSA_AGENT_INFO_DEVICE, &type);
  if (type == HSA_DEVICE_TYPE_GPU && !a->gpu.handle) a->gpu = agent;
  if (type == HSA_DEVICE_TYPE_CPU && !a->cpu.handle) a->cpu = agent;
  return HSA_STATUS_SUCCESS;
}

hsa_status_t find_global(hsa_region_t region, void* out) {
  hsa_region_segment_t seg;
  bool alloc = false;
  hsa_region_get_info(region, HSA_REGION_INFO_SEGMENT, &seg);
  hsa_region_get_info(region, HSA_REGION_INFO_RUNTIME_ALLOC_ALLOWED, &alloc);
  if (seg == HSA_REGION_SEGMENT_GLOBAL && alloc) {
    *static_cast<hsa_region_t*>(out) = region;
    return HSA_STATUS_INFO_BREAK;
  }
  return HSA_STATUS_SUCCESS;
}

int fail(const char* what) {
  std::fprintf(stderr, "copy_bench: %s failed\n", what);
  return 1;
}

// Median seconds of `reps` runs of f.
template <typename F>
double median_seconds(int reps, F f) {
  std::vector<double> t;
  for (int i = 0; i < reps; ++i) {
    const auto start = Clock::now();
    f();
    t.push_back(std::chrono::duration<double>(Clock::now() - start).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

}  // namespace

namespace {

struct Row {
  const char* name;
  const char* engine;
  size_t src_off, dst_off;
  enum { kToVram, kToSystem, kVramToVram } dir;
  std::vector<size_t> sizes;
};

constexpr size_t kKiB = 1024, kMiB = kKiB * 1024;

// One runtime session (hsa_init .. hsa_shut_down) timing `rows`.
bool run_session(const std::vector<Row>& rows) {
  if (hsa_init() != HSA_STATUS_SUCCESS) return fail("hsa_init") == 0;
  Agents ag;
  hsa_iterate_agents(find_agents, &ag);
  if (!ag.gpu.handle || !ag.cpu.handle) return fail("finding the agents") == 0;
  hsa_region_t sys{0}, vram{0};
  hsa_agent_iterate_regions(ag.cpu, find_global, &sys);
  hsa_agent_iterate_regions(ag.gpu, find_global, &vram);
  if (!sys.handle || !vram.handle) return fail("finding the regions") == 0;

  size_t max = 0;
  for (const Row& r : rows) max = std::max(max, *std::max_element(r.sizes.begin(), r.sizes.end()));
  void *host = nullptr, *dev = nullptr, *dev2 = nullptr, *back = nullptr;
  if (hsa_memory_allocate(sys, max + 64, &host) || hsa_memory_allocate(vram, max + 64, &dev) ||
      hsa_memory_allocate(vram, max + 64, &dev2) || hsa_memory_allocate(sys, max + 64, &back))
    return fail("allocation") == 0;
  std::memset(host, 0x5A, max + 64);
  std::memset(back, 0, max + 64);
  hsa_signal_t done;
  if (hsa_signal_create(1, 0, nullptr, &done)) return fail("hsa_signal_create") == 0;

  auto copy = [&](void* dst, hsa_agent_t da, const void* src, hsa_agent_t sa, size_t n) {
    hsa_signal_store_relaxed(done, 1);
    if (hsa_amd_memory_async_copy(dst, da, src, sa, n, 0, nullptr, done) != HSA_STATUS_SUCCESS)
      return false;
    hsa_signal_wait_scacquire(done, HSA_SIGNAL_CONDITION_EQ, 0, UINT64_MAX, HSA_WAIT_STATE_BLOCKED);
    return true;
  };

  auto* h = static_cast<uint8_t*>(host);
  auto* d = static_cast<uint8_t*>(dev);
  auto* d2 = static_cast<uint8_t*>(dev2);
  auto* b = static_cast<uint8_t*>(back);
  bool ok = true;
  for (const Row& r : rows) {
    for (size_t n : r.sizes) {
      const int reps = n > 4 * kMiB ? 3 : n > kMiB ? 5 : 10;
      const double t = median_seconds(reps, [&] {
        switch (r.dir) {
          case Row::kToVram:
            ok &= copy(d + r.dst_off, ag.gpu, h + r.src_off, ag.cpu, n);
            break;
          case Row::kToSystem:
            ok &= copy(b + r.dst_off, ag.cpu, d + r.src_off, ag.gpu, n);
            break;
          case Row::kVramToVram:
            ok &= copy(d2 + r.dst_off, ag.gpu, d + r.src_off, ag.gpu, n);
            break;
        }
      });
      if (!ok) break;
      const double base =
          median_seconds(reps, [&] { std::memcpy(b + r.dst_off, h + r.src_off, n); });
      std::printf("| %-25s | %-11s | %8zu | %9.1f | %6.2f | %11.2f | %7.2f |\n", r.name, r.engine,
                  n, t * 1e6, n / t / 1e9, n / base / 1e9, t / base);
      std::fflush(stdout);
    }
    if (!ok) break;
  }
  hsa_signal_destroy(done);
  hsa_memory_free(host);
  hsa_memory_free(dev);
  hsa_memory_free(dev2);
  hsa_memory_free(back);
  hsa_shut_down();
  if (!ok) fail("hsa_amd_memory_async_copy");
  return ok;
}

}  // namespace

int main() {
  const std::vector<size_t> all = {4 * kKiB, kMiB, 4 * kMiB, 16 * kMiB, 64 * kMiB};
  // The blit kernels move 0.04-0.5 GB/s: 4 MiB at most keeps the run short.
  const std::vector<size_t> small = {4 * kKiB, kMiB, 4 * kMiB};
  std::printf("hsa_amd_memory_async_copy through our HSA runtime (virtual gfx900)\n\n");
  std::printf(
      "| copy                      | engine      | bytes    | median us | GB/s   | memcpy GB/s | "
      " ratio |\n");
  std::printf(
      "|---------------------------|-------------|----------|-----------|--------|-------------|--"
      "------|\n");
  std::fflush(stdout);
  // As ROCr 5.2: SDMA between system memory and VRAM, blit kernels within
  // one GPU's VRAM.
  const std::vector<Row> defaults = {
      {"system -> VRAM, aligned", "SDMA", 0, 0, Row::kToVram, all},
      {"VRAM -> system, aligned", "SDMA", 0, 0, Row::kToSystem, all},
      {"system -> VRAM, unaligned", "SDMA", 1, 2, Row::kToVram, all},
      {"VRAM -> VRAM, aligned", "blit kernel", 0, 0, Row::kVramToVram, small},
  };
  if (!run_session(defaults)) return 1;
  // HSA_ENABLE_SDMA=0 (read at the session's first copy): blit kernels only.
  setenv("HSA_ENABLE_SDMA", "0", 1);
  const std::vector<Row> blit = {
      {"system -> VRAM, aligned", "blit kernel", 0, 0, Row::kToVram, small},
      {"system -> VRAM, unaligned", "blit kernel", 1, 2, Row::kToVram, small},
  };
  const bool ok = run_session(blit);
  unsetenv("HSA_ENABLE_SDMA");
  if (!ok) return 1;
  std::printf(
      "\nratio: copy time / memcpy time of the same bytes on the host (1 = as fast as memcpy).\n"
      "engine: SDMA as ROCr 5.2 picks it (host <-> device); blit kernel for VRAM -> VRAM on one\n"
      "GPU, and for every copy with HSA_ENABLE_SDMA=0.\n");
  return 0;
}
