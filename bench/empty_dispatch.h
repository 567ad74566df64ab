// The empty-kernel round trip as an application writes it with the HSA API
// alone: hsa_queue_create, an AQL packet reserved with
// hsa_queue_add_write_index, the doorbell rung with hsa_signal_store, the
// completion signal awaited with hsa_signal_wait. Header-only, so that the
// same code measures whichever libhsa-runtime64.so.1 a benchmark links
// (ours in runtime_dispatch_bench, ours or Debian's ROCr in
// hsa_dispatch_client).
#pragma once

#include <hsa/hsa.h>

#include <chrono>
#include <cstring>
#include <fstream>
#include <iterator>
#include <vector>

namespace bench {

class EmptyDispatch {
 public:
  using Clock = std::chrono::steady_clock;

  EmptyDispatch() = default;
  EmptyDispatch(const EmptyDispatch&) = delete;
  EmptyDispatch& operator=(const EmptyDispatch&) = delete;
  ~EmptyDispatch() {
    if (args_) hsa_memory_free(args_);
    if (done_.handle) hsa_signal_destroy(done_);
    if (queue_) hsa_queue_destroy(queue_);
    if (exe_.handle) hsa_executable_destroy(exe_);
    if (reader_.handle) hsa_code_object_reader_destroy(reader_);
  }

  // Loads kernel "empty" from the code object at path onto the first GPU
  // agent and makes a queue, a completion signal and kernarg space; returns
  // nullptr or the step that failed.
  const char* open(const char* path) {
    hsa_agent_t gpu{};
    hsa_iterate_agents(find_gpu, &gpu);
    if (!gpu.handle) return "finding a GPU agent";
    hsa_region_t kernarg{};
    hsa_agent_iterate_regions(gpu, find_kernarg, &kernarg);
    if (!kernarg.handle) return "finding the kernarg region";
    std::ifstream in(path, std::ios::binary);
    const std::vector<char> elf((std::istreambuf_iterator<char>(in)),
                                std::istreambuf_iterator<char>());
    hsa_executable_symbol_t sym;
    if (elf.empty() ||
        hsa_code_object_reader_create_from_memory(elf.data(), elf.size(), &reader_) ||
        hsa_executable_create_alt(HSA_PROFILE_BASE, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
                                  nullptr, &exe_) ||
        hsa_executable_load_agent_code_object(exe_, gpu, reader_, nullptr, nullptr) ||
        hsa_executable_freeze(exe_, nullptr) ||
        hsa_executable_get_symbol_by_name(exe_, "empty.kd", &gpu, &sym) ||
        hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT,
                                       &kernel_object_))
      return "loading the empty kernel";
    if (hsa_queue_create(gpu, 1024, HSA_QUEUE_TYPE_MULTI, nullptr, nullptr, UINT32_MAX, UINT32_MAX,
                         &queue_))
      return "hsa_queue_create";
    if (hsa_signal_create(1, 0, nullptr, &done_)) return "hsa_signal_create";
    if (hsa_memory_allocate(kernarg, 256, &args_)) return "kernarg allocation";
    return nullptr;
  }

  // One dispatch of 1 workgroup of 64 and its completion wait; false if
  // the wait returned without completion.
  bool round_trip(hsa_wait_state_t wait, double* us) {
    hsa_signal_store_relaxed(done_, 1);
    const auto start = Clock::now();
    submit();
    const hsa_signal_value_t v =
        hsa_signal_wait_scacquire(done_, HSA_SIGNAL_CONDITION_EQ, 0, UINT64_MAX, wait);
    *us = std::chrono::duration<double, std::micro>(Clock::now() - start).count();
    return v == 0;
  }

 private:
  static hsa_status_t find_gpu(hsa_agent_t agent, void* out) {
    hsa_device_type_t type;
    if (hsa_agent_get_info(agent, HSA_AGENT_INFO_DEVICE, &type) == HSA_STATUS_SUCCESS &&
        type == HSA_DEVICE_TYPE_GPU) {
      *static_cast<hsa_agent_t*>(out) = agent;
      return HSA_STATUS_INFO_BREAK;
    }
    return HSA_STATUS_SUCCESS;
  }

  static hsa_status_t find_kernarg(hsa_region_t region, void* out) {
    uint32_t flags = 0;
    hsa_region_get_info(region, HSA_REGION_INFO_GLOBAL_FLAGS, &flags);
    if (flags & HSA_REGION_GLOBAL_FLAG_KERNARG) {
      *static_cast<hsa_region_t*>(out) = region;
      return HSA_STATUS_INFO_BREAK;
    }
    return HSA_STATUS_SUCCESS;
  }

  // The packet body first, the header last with one release store: the
  // packet processor may read the slot as soon as the header is valid.
  void submit() {
    auto* ring = static_cast<hsa_kernel_dispatch_packet_t*>(queue_->base_address);
    const uint64_t index = hsa_queue_add_write_index_screlease(queue_, 1);
    hsa_kernel_dispatch_packet_t* p = &ring[index & (queue_->size - 1)];
    std::memset(reinterpret_cast<uint8_t*>(p) + 4, 0, sizeof(*p) - 4);
    p->workgroup_size_x = 64;
    p->workgroup_size_y = p->workgroup_size_z = 1;
    p->grid_size_x = 64;
    p->grid_size_y = p->grid_size_z = 1;
    p->kernel_object = kernel_object_;
    p->kernarg_address = args_;
    p->completion_signal = done_;
    const uint16_t header = (HSA_PACKET_TYPE_KERNEL_DISPATCH << HSA_PACKET_HEADER_TYPE) |
                            (1 << HSA_PACKET_HEADER_BARRIER) |
                            (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
                            (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE);
    const uint32_t header_setup = header | (1u << 16);  // setup: 1 dimension
    __atomic_store_n(reinterpret_cast<uint32_t*>(p), header_setup, __ATOMIC_RELEASE);
    hsa_signal_store_screlease(queue_->doorbell_signal, static_cast<hsa_signal_value_t>(index));
  }

  hsa_code_object_reader_t reader_{};
  hsa_executable_t exe_{};
  uint64_t kernel_object_ = 0;
  hsa_queue_t* queue_ = nullptr;
  hsa_signal_t done_{};
  void* args_ = nullptr;
};

}  // namespace bench
