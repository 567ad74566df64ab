// One side of rocr_dispatch_bench: the empty-kernel round trip (AQL packet
// written, doorbell rung, completion signal awaited) through whichever
// libhsa-runtime64.so.1 this executable is linked with. It is built twice,
// against our runtime and against Debian's ROCr, because both share one
// soname and cannot live in one process. Prints one line per wait mode,
// "<mode> <median us> <p99 us> <samples>", for the driver to tabulate.
#include <hsa/hsa.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

hsa_status_t find_gpu(hsa_agent_t agent, void* out) {
  hsa_device_type_t type;
  if (hsa_agent_get_info(agent, HSA_AGENT_INFO_DEVICE, &type) == HSA_STATUS_SUCCESS &&
      type == HSA_DEVICE_TYPE_GPU) {
    *static_cast<hsa_agent_t*>(out) = agent;
    return HSA_STATUS_INFO_BREAK;
  }
  return HSA_STATUS_SUCCESS;
}

hsa_status_t find_kernarg(hsa_region_t region, void* out) {
  uint32_t flags = 0;
  hsa_region_get_info(region, HSA_REGION_INFO_GLOBAL_FLAGS, &flags);
  if (flags & HSA_REGION_GLOBAL_FLAG_KERNARG) {
    *static_cast<hsa_region_t*>(out) = region;
    return HSA_STATUS_INFO_BREAK;
  }
  return HSA_STATUS_SUCCESS;
}

int fail(const char* what) {
  std::fprintf(stderr, "hsa_dispatch_client: %s failed\n", what);
  return 1;
}

using Seconds = std::chrono::duration<double>;

struct Sampling {
  const char* name;
  hsa_wait_state_t wait;
  int warmup;       // iterations, or until kWarmupSeconds, whichever ends first
  int max_samples;  // measured iterations, or until kSampleSeconds
};

// Time limits keep a starved run short: when other work holds the host's
// cores, ROCr's spinning waiter and the virtual GPU's command processor
// thread compete, and a round trip can take milliseconds.
constexpr double kWarmupSeconds = 0.5;
constexpr double kSampleSeconds = 2.0;

// Both runtimes measured with the same counts; BLOCKED waits sleep, so they
// get fewer iterations.
constexpr Sampling kSamplings[] = {
    {"active", HSA_WAIT_STATE_ACTIVE, 1000, 20000},
    {"blocked", HSA_WAIT_STATE_BLOCKED, 100, 3000},
};

Clock::time_point after(double seconds) {
  return Clock::now() + std::chrono::duration_cast<Clock::duration>(Seconds(seconds));
}

}  // namespace

int main() {
  if (hsa_init() != HSA_STATUS_SUCCESS) return fail("hsa_init");
  hsa_agent_t gpu{};
  hsa_iterate_agents(find_gpu, &gpu);
  if (!gpu.handle) return fail("finding a GPU agent");
  hsa_region_t kernarg{};
  hsa_agent_iterate_regions(gpu, find_kernarg, &kernarg);
  if (!kernarg.handle) return fail("finding the kernarg region");

  std::ifstream in(EMPTY_KERNEL, std::ios::binary);
  std::vector<char> elf((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  hsa_code_object_reader_t reader;
  hsa_executable_t exe;
  hsa_executable_symbol_t sym;
  uint64_t kernel_object = 0;
  if (elf.empty() || hsa_code_object_reader_create_from_memory(elf.data(), elf.size(), &reader) ||
      hsa_executable_create_alt(HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT, nullptr,
                                &exe) ||
      hsa_executable_load_agent_code_object(exe, gpu, reader, nullptr, nullptr) ||
      hsa_executable_freeze(exe, nullptr) ||
      hsa_executable_get_symbol_by_name(exe, "empty.kd", &gpu, &sym) ||
      hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &kernel_object))
    return fail("loading " EMPTY_KERNEL);

  hsa_queue_t* queue = nullptr;
  if (hsa_queue_create(gpu, 1024, HSA_QUEUE_TYPE_MULTI, nullptr, nullptr, UINT32_MAX, UINT32_MAX,
                       &queue))
    return fail("hsa_queue_create");
  hsa_signal_t done;
  if (hsa_signal_create(1, 0, nullptr, &done)) return fail("hsa_signal_create");
  void* args = nullptr;
  if (hsa_memory_allocate(kernarg, 256, &args)) return fail("kernarg allocation");

  auto* ring = static_cast<hsa_kernel_dispatch_packet_t*>(queue->base_address);
  auto dispatch = [&] {
    const uint64_t index = hsa_queue_add_write_index_screlease(queue, 1);
    hsa_kernel_dispatch_packet_t* p = &ring[index & (queue->size - 1)];
    std::memset(reinterpret_cast<uint8_t*>(p) + 4, 0, sizeof(*p) - 4);
    p->workgroup_size_x = 64;
    p->workgroup_size_y = p->workgroup_size_z = 1;
    p->grid_size_x = 64;
    p->grid_size_y = p->grid_size_z = 1;
    p->kernel_object = kernel_object;
    p->kernarg_address = args;
    p->completion_signal = done;
    const uint16_t header = (HSA_PACKET_TYPE_KERNEL_DISPATCH << HSA_PACKET_HEADER_TYPE) |
                            (1 << HSA_PACKET_HEADER_BARRIER) |
                            (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
                            (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE);
    const uint32_t header_setup = header | (1u << 16);  // setup: 1 dimension
    __atomic_store_n(reinterpret_cast<uint32_t*>(p), header_setup, __ATOMIC_RELEASE);
    hsa_signal_store_screlease(queue->doorbell_signal, static_cast<hsa_signal_value_t>(index));
  };

  // One dispatch and its completion wait, in microseconds.
  auto round_trip = [&](hsa_wait_state_t wait, double* us) {
    hsa_signal_store_relaxed(done, 1);
    const auto start = Clock::now();
    dispatch();
    const hsa_signal_value_t v =
        hsa_signal_wait_scacquire(done, HSA_SIGNAL_CONDITION_EQ, 0, UINT64_MAX, wait);
    *us = std::chrono::duration<double, std::micro>(Clock::now() - start).count();
    return v == 0;
  };

  for (const Sampling& s : kSamplings) {
    std::vector<double> us;
    const auto warm_until = after(kWarmupSeconds);
    for (int i = 0; i < s.warmup && Clock::now() < warm_until; ++i) {
      double ignored;
      if (!round_trip(s.wait, &ignored)) return fail("the completion wait");
    }
    const auto sample_until = after(kSampleSeconds);
    while (us.size() < static_cast<size_t>(s.max_samples) && Clock::now() < sample_until) {
      double t;
      if (!round_trip(s.wait, &t)) return fail("the completion wait");
      us.push_back(t);
    }
    if (us.size() < 10) return fail("collecting samples");
    std::sort(us.begin(), us.end());
    std::printf("%s %.3f %.3f %zu\n", s.name, us[us.size() / 2], us[us.size() * 99 / 100],
                us.size());
  }

  hsa_memory_free(args);
  hsa_signal_destroy(done);
  hsa_queue_destroy(queue);
  hsa_executable_destroy(exe);
  hsa_code_object_reader_destroy(reader);
  hsa_shut_down();
  return 0;
}
