// hsa_amd_memory_async_copy throughput through our HSA runtime: the blit
// kernels on the virtual GPU's internal queue, system memory to VRAM and
// back, with the pointers' alignment choosing the 16-byte path or the byte
// path. The baseline is memcpy of the same bytes on the host in the same
// run (what the emulator's copy kernel ultimately competes with).
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
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

int main() {
  if (hsa_init() != HSA_STATUS_SUCCESS) return fail("hsa_init");
  Agents ag;
  hsa_iterate_agents(find_agents, &ag);
  if (!ag.gpu.handle || !ag.cpu.handle) return fail("finding the agents");
  hsa_region_t sys{0}, vram{0};
  hsa_agent_iterate_regions(ag.cpu, find_global, &sys);
  hsa_agent_iterate_regions(ag.gpu, find_global, &vram);
  if (!sys.handle || !vram.handle) return fail("finding the regions");

  constexpr size_t kMax = size_t{16} << 20;
  void *host = nullptr, *dev = nullptr, *back = nullptr;
  if (hsa_memory_allocate(sys, kMax + 64, &host) || hsa_memory_allocate(vram, kMax + 64, &dev) ||
      hsa_memory_allocate(sys, kMax + 64, &back))
    return fail("allocation");
  std::memset(host, 0x5A, kMax + 64);
  hsa_signal_t done;
  if (hsa_signal_create(1, 0, nullptr, &done)) return fail("hsa_signal_create");

  auto copy = [&](void* dst, hsa_agent_t da, const void* src, hsa_agent_t sa, size_t n) {
    hsa_signal_store_relaxed(done, 1);
    if (hsa_amd_memory_async_copy(dst, da, src, sa, n, 0, nullptr, done) != HSA_STATUS_SUCCESS)
      return false;
    hsa_signal_wait_scacquire(done, HSA_SIGNAL_CONDITION_EQ, 0, UINT64_MAX, HSA_WAIT_STATE_BLOCKED);
    return true;
  };

  std::printf(
      "hsa_amd_memory_async_copy through our HSA runtime (blit kernels, virtual gfx900)\n\n");
  std::printf(
      "| copy                      | bytes    | median us | GB/s   | memcpy GB/s |  ratio |\n");
  std::printf(
      "|---------------------------|----------|-----------|--------|-------------|--------|\n");
  struct Row {
    const char* name;
    size_t src_off, dst_off;
    bool to_vram;
  };
  const Row rows[] = {{"system -> VRAM, aligned", 0, 0, true},
                      {"VRAM -> system, aligned", 0, 0, false},
                      {"system -> VRAM, unaligned", 1, 2, true}};
  auto* h = static_cast<uint8_t*>(host);
  auto* d = static_cast<uint8_t*>(dev);
  auto* b = static_cast<uint8_t*>(back);
  for (const Row& r : rows) {
    for (size_t n : {size_t{4096}, size_t{1} << 20, kMax}) {
      const int reps = n > (size_t{1} << 20) ? 3 : 10;
      bool ok = true;
      const double t = median_seconds(reps, [&] {
        ok &= r.to_vram ? copy(d + r.dst_off, ag.gpu, h + r.src_off, ag.cpu, n)
                        : copy(b + r.dst_off, ag.cpu, d + r.src_off, ag.gpu, n);
      });
      if (!ok) return fail("hsa_amd_memory_async_copy");
      const double base =
          median_seconds(reps, [&] { std::memcpy(b + r.dst_off, h + r.src_off, n); });
      std::printf("| %-25s | %8zu | %9.1f | %6.2f | %11.2f | %6.0f |\n", r.name, n, t * 1e6,
                  n / t / 1e9, n / base / 1e9, t / base);
    }
  }
  std::printf("\nratio: copy time / memcpy time of the same bytes on the host.\n");

  hsa_signal_destroy(done);
  hsa_memory_free(host);
  hsa_memory_free(dev);
  hsa_memory_free(back);
  hsa_shut_down();
  return 0;
}
