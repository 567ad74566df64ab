#include "session.h"

#include <hsa/hsa_ext_amd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>

#include "status_text.h"

namespace hsarun {

namespace {

// The queue's error callback runs on a runtime thread; the waiting loop
// polls this.
std::atomic<hsa_status_t> g_queue_error{HSA_STATUS_SUCCESS};

void on_queue_error(hsa_status_t status, hsa_queue_t*, void*) { g_queue_error.store(status); }

struct RegionSearch {
  bool kernarg;
  hsa_region_t found{0};
};

hsa_status_t match_region(hsa_region_t r, void* data) {
  auto* s = static_cast<RegionSearch*>(data);
  hsa_region_segment_t segment;
  uint32_t flags = 0;
  bool alloc = false;
  if (hsa_region_get_info(r, HSA_REGION_INFO_SEGMENT, &segment) != HSA_STATUS_SUCCESS ||
      segment != HSA_REGION_SEGMENT_GLOBAL)
    return HSA_STATUS_SUCCESS;
  hsa_region_get_info(r, HSA_REGION_INFO_GLOBAL_FLAGS, &flags);
  hsa_region_get_info(r, HSA_REGION_INFO_RUNTIME_ALLOC_ALLOWED, &alloc);
  const bool is_kernarg = flags & HSA_REGION_GLOBAL_FLAG_KERNARG;
  if (!alloc || !(flags & HSA_REGION_GLOBAL_FLAG_FINE_GRAINED) || is_kernarg != s->kernarg)
    return HSA_STATUS_SUCCESS;
  s->found = r;
  return HSA_STATUS_INFO_BREAK;
}

template <typename T>
T symbol_info(hsa_executable_symbol_t s, hsa_executable_symbol_info_t attr, const char* name) {
  T v{};
  check(hsa_executable_symbol_get_info(s, attr, &v),
        std::string("hsa_executable_symbol_get_info(") + name + ")");
  return v;
}

}  // namespace

HsaFailure::HsaFailure(const std::string& call, hsa_status_t status)
    : std::runtime_error(hsa_tools::describe_failure(call, status)) {}

void check(hsa_status_t status, const std::string& call) {
  if (status != HSA_STATUS_SUCCESS && status != HSA_STATUS_INFO_BREAK)
    throw HsaFailure(call, status);
}

Session::Session() {
  check(hsa_init(), "hsa_init");
  check(hsa_iterate_agents(
            [](hsa_agent_t a, void* list) {
              static_cast<std::vector<hsa_agent_t>*>(list)->push_back(a);
              return HSA_STATUS_SUCCESS;
            },
            &agents_),
        "hsa_iterate_agents");
}

Session::~Session() {
  for (void* p : allocations_) hsa_memory_free(p);
  if (exe_.handle) hsa_executable_destroy(exe_);
  if (reader_.handle) hsa_code_object_reader_destroy(reader_);
  hsa_shut_down();
}

bool Session::is_gpu(hsa_agent_t a) const {
  hsa_device_type_t type = HSA_DEVICE_TYPE_CPU;
  check(hsa_agent_get_info(a, HSA_AGENT_INFO_DEVICE, &type), "hsa_agent_get_info(DEVICE)");
  return type == HSA_DEVICE_TYPE_GPU;
}

std::string Session::agent_name(hsa_agent_t a) const {
  char name[64] = {};
  check(hsa_agent_get_info(a, HSA_AGENT_INFO_NAME, name), "hsa_agent_get_info(NAME)");
  return std::string(name, strnlen(name, sizeof name));
}

void Session::load(hsa_agent_t gpu, const std::vector<uint8_t>& code_object) {
  gpu_ = gpu;
  check(hsa_code_object_reader_create_from_memory(code_object.data(), code_object.size(), &reader_),
        "hsa_code_object_reader_create_from_memory");
  hsa_profile_t profile = HSA_PROFILE_BASE;
  check(hsa_agent_get_info(gpu, HSA_AGENT_INFO_PROFILE, &profile), "hsa_agent_get_info(PROFILE)");
  check(hsa_executable_create_alt(profile, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT, nullptr, &exe_),
        "hsa_executable_create_alt");
  check(hsa_executable_load_agent_code_object(exe_, gpu, reader_, nullptr, nullptr),
        "hsa_executable_load_agent_code_object");
  check(hsa_executable_freeze(exe_, nullptr), "hsa_executable_freeze");
}

std::vector<Kernel> Session::kernels() const {
  std::vector<hsa_executable_symbol_t> symbols;
  check(hsa_executable_iterate_agent_symbols(
            exe_, gpu_,
            [](hsa_executable_t, hsa_agent_t, hsa_executable_symbol_t s, void* list) {
              static_cast<std::vector<hsa_executable_symbol_t>*>(list)->push_back(s);
              return HSA_STATUS_SUCCESS;
            },
            &symbols),
        "hsa_executable_iterate_agent_symbols");
  std::vector<Kernel> out;
  for (hsa_executable_symbol_t s : symbols) {
    if (symbol_info<hsa_symbol_kind_t>(s, HSA_EXECUTABLE_SYMBOL_INFO_TYPE, "TYPE") !=
        HSA_SYMBOL_KIND_KERNEL)
      continue;
    Kernel k;
    const uint32_t length =
        symbol_info<uint32_t>(s, HSA_EXECUTABLE_SYMBOL_INFO_NAME_LENGTH, "NAME_LENGTH");
    std::vector<char> name(length + 1, '\0');
    check(hsa_executable_symbol_get_info(s, HSA_EXECUTABLE_SYMBOL_INFO_NAME, name.data()),
          "hsa_executable_symbol_get_info(NAME)");
    k.name = name.data();
    if (k.name.size() > 3 && k.name.compare(k.name.size() - 3, 3, ".kd") == 0)
      k.name.resize(k.name.size() - 3);
    k.object = symbol_info<uint64_t>(s, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, "KERNEL_OBJECT");
    k.kernarg_size = symbol_info<uint32_t>(
        s, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE, "KERNEL_KERNARG_SEGMENT_SIZE");
    k.kernarg_align =
        symbol_info<uint32_t>(s, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_ALIGNMENT,
                              "KERNEL_KERNARG_SEGMENT_ALIGNMENT");
    k.group_size = symbol_info<uint32_t>(s, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE,
                                         "KERNEL_GROUP_SEGMENT_SIZE");
    k.private_size = symbol_info<uint32_t>(
        s, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE, "KERNEL_PRIVATE_SEGMENT_SIZE");
    out.push_back(k);
  }
  return out;
}

hsa_region_t Session::find_region(bool kernarg) const {
  RegionSearch search{kernarg};
  check(hsa_agent_iterate_regions(gpu_, match_region, &search), "hsa_agent_iterate_regions");
  if (!search.found.handle)
    throw std::runtime_error(std::string("the GPU agent has no fine-grained ") +
                             (kernarg ? "kernarg" : "system") + " region");
  return search.found;
}

void* Session::alloc_buffer(size_t bytes) {
  void* p = nullptr;
  check(hsa_memory_allocate(find_region(false), bytes ? bytes : 1, &p), "hsa_memory_allocate");
  allocations_.push_back(p);
  return p;
}

void* Session::alloc_kernargs(size_t bytes) {
  void* p = nullptr;
  check(hsa_memory_allocate(find_region(true), bytes ? bytes : 16, &p),
        "hsa_memory_allocate(kernarg region)");
  allocations_.push_back(p);
  return p;
}

DispatchResult Session::dispatch(const Kernel& k, void* kernargs, const DispatchShape& shape) {
  DispatchResult result;
  uint32_t queue_size = 64, min_size = 0, max_size = 0;
  check(hsa_agent_get_info(gpu_, HSA_AGENT_INFO_QUEUE_MIN_SIZE, &min_size),
        "hsa_agent_get_info(QUEUE_MIN_SIZE)");
  check(hsa_agent_get_info(gpu_, HSA_AGENT_INFO_QUEUE_MAX_SIZE, &max_size),
        "hsa_agent_get_info(QUEUE_MAX_SIZE)");
  if (queue_size < min_size) queue_size = min_size;
  if (max_size && queue_size > max_size) queue_size = max_size;
  uint64_t ticks_per_s = 0;
  check(hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY, &ticks_per_s),
        "hsa_system_get_info(TIMESTAMP_FREQUENCY)");

  g_queue_error.store(HSA_STATUS_SUCCESS);
  hsa_queue_t* queue = nullptr;
  check(hsa_queue_create(gpu_, queue_size, HSA_QUEUE_TYPE_SINGLE, on_queue_error, nullptr,
                         UINT32_MAX, UINT32_MAX, &queue),
        "hsa_queue_create");
  // Kernel start and end times from the AMD profiling extension.
  const bool profile =
      shape.profile && hsa_amd_profiling_set_profiler_enabled(queue, 1) == HSA_STATUS_SUCCESS;
  hsa_signal_t done{0};
  const hsa_status_t made = hsa_signal_create(1, 0, nullptr, &done);
  if (made != HSA_STATUS_SUCCESS) {
    hsa_queue_destroy(queue);
    throw HsaFailure("hsa_signal_create", made);
  }

  const uint64_t index = hsa_queue_add_write_index_screlease(queue, 1);
  auto* packet =
      static_cast<hsa_kernel_dispatch_packet_t*>(queue->base_address) + (index & (queue->size - 1));
  // Everything but the header first; the header's release store hands the
  // packet to the packet processor.
  std::memset(reinterpret_cast<uint8_t*>(packet) + 4, 0, sizeof *packet - 4);
  packet->workgroup_size_x = shape.workgroup[0];
  packet->workgroup_size_y = shape.workgroup[1];
  packet->workgroup_size_z = shape.workgroup[2];
  packet->grid_size_x = shape.grid[0];
  packet->grid_size_y = shape.grid[1];
  packet->grid_size_z = shape.grid[2];
  packet->private_segment_size = k.private_size;
  packet->group_segment_size = k.group_size + shape.extra_group_bytes;
  packet->kernel_object = k.object;
  packet->kernarg_address = kernargs;
  packet->completion_signal = done;
  const uint32_t header = (HSA_PACKET_TYPE_KERNEL_DISPATCH << HSA_PACKET_HEADER_TYPE) |
                          (1u << HSA_PACKET_HEADER_BARRIER) |
                          (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
                          (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE);
  const uint32_t setup = shape.dims << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS;
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  __atomic_store_n(reinterpret_cast<uint32_t*>(packet), header | (setup << 16), __ATOMIC_RELEASE);
  hsa_signal_store_screlease(queue->doorbell_signal, static_cast<hsa_signal_value_t>(index));

  // Wait in slices so a queue error or the timeout ends the wait.
  const auto deadline = start + std::chrono::duration_cast<Clock::duration>(
                                    std::chrono::duration<double>(shape.timeout_s));
  const uint64_t slice = ticks_per_s ? ticks_per_s / 20 : 1000000;
  for (;;) {
    const hsa_signal_value_t v =
        hsa_signal_wait_scacquire(done, HSA_SIGNAL_CONDITION_LT, 1, slice, HSA_WAIT_STATE_BLOCKED);
    if (v < 1) {
      result.completed = true;
      break;
    }
    if (g_queue_error.load() != HSA_STATUS_SUCCESS) {
      result.error = hsa_tools::describe_failure("the dispatch", g_queue_error.load());
      break;
    }
    if (Clock::now() > deadline) {
      result.error =
          "the dispatch did not complete within " + std::to_string(shape.timeout_s) + " s";
      break;
    }
  }
  result.wall_us = std::chrono::duration<double, std::micro>(Clock::now() - start).count();
  if (result.completed && profile) {
    hsa_amd_profiling_dispatch_time_t t{};
    if (hsa_amd_profiling_get_dispatch_time(gpu_, done, &t) == HSA_STATUS_SUCCESS && ticks_per_s &&
        t.end >= t.start)
      result.kernel_us =
          static_cast<double>(t.end - t.start) * 1e6 / static_cast<double>(ticks_per_s);
  }
  hsa_signal_destroy(done);
  hsa_queue_destroy(queue);
  return result;
}

}  // namespace hsarun
