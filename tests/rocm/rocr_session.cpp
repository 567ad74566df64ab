#include "rocr_session.h"

#include <cstring>
#include <fstream>
#include <iterator>

namespace rocm_test {

std::string status_text(hsa_status_t s) {
  const char* text = nullptr;
  if (hsa_status_string(s, &text) != HSA_STATUS_SUCCESS || !text) text = "(no text)";
  return "status " + std::to_string(static_cast<int>(s)) + " (" + text + ")";
}

namespace {

constexpr uint64_t kWaitNs = 10'000'000'000ull;

template <typename T>
T pool_info(hsa_amd_memory_pool_t pool, hsa_amd_memory_pool_info_t what) {
  T v{};
  hsa_amd_memory_pool_get_info(pool, what, &v);
  return v;
}

hsa_status_t pick_pool(hsa_amd_memory_pool_t pool, void* data) {
  auto* a = static_cast<std::pair<Agents*, bool>*>(data);
  if (pool_info<hsa_amd_segment_t>(pool, HSA_AMD_MEMORY_POOL_INFO_SEGMENT) !=
          HSA_AMD_SEGMENT_GLOBAL ||
      !pool_info<bool>(pool, HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED))
    return HSA_STATUS_SUCCESS;
  const auto flags = pool_info<uint32_t>(pool, HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS);
  Agents& ag = *a->first;
  if (a->second) {  // the GPU's pools
    if ((flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED) && !ag.vram.handle) ag.vram = pool;
    return HSA_STATUS_SUCCESS;
  }
  if ((flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT) && !ag.kernarg.handle)
    ag.kernarg = pool;
  if ((flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED) && !ag.system.handle) ag.system = pool;
  if ((flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED) && !ag.system_coarse.handle)
    ag.system_coarse = pool;
  return HSA_STATUS_SUCCESS;
}

hsa_status_t pick_agent(hsa_agent_t agent, void* data) {
  auto* a = static_cast<Agents*>(data);
  hsa_device_type_t type{};
  if (hsa_agent_get_info(agent, HSA_AGENT_INFO_DEVICE, &type) != HSA_STATUS_SUCCESS)
    return HSA_STATUS_ERROR;
  std::pair<Agents*, bool> ctx{a, type == HSA_DEVICE_TYPE_GPU};
  if (type == HSA_DEVICE_TYPE_CPU && !a->cpu.handle) {
    a->cpu = agent;
    return hsa_amd_agent_iterate_memory_pools(agent, pick_pool, &ctx);
  }
  if (type == HSA_DEVICE_TYPE_GPU && !a->gpu.handle) {
    a->gpu = agent;
    return hsa_amd_agent_iterate_memory_pools(agent, pick_pool, &ctx);
  }
  return HSA_STATUS_SUCCESS;
}

// Waits until the signal reads 0; false after kWaitNs.
bool wait_zero(hsa_signal_t s) {
  return hsa_signal_wait_scacquire(s, HSA_SIGNAL_CONDITION_EQ, 0, kWaitNs,
                                   HSA_WAIT_STATE_BLOCKED) == 0;
}

}  // namespace

Agents find_agents() {
  Agents a;
  hsa_iterate_agents(pick_agent, &a);
  return a;
}

Program::~Program() {
  if (exe_.handle) hsa_executable_destroy(exe_);
  if (reader_.handle) hsa_code_object_reader_destroy(reader_);
}

std::string Program::load(hsa_agent_t gpu, const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  bytes_.assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
  if (bytes_.empty()) return "cannot read " + path;
  hsa_status_t s =
      hsa_code_object_reader_create_from_memory(bytes_.data(), bytes_.size(), &reader_);
  if (s != HSA_STATUS_SUCCESS) return "code object reader for " + path + ": " + status_text(s);
  hsa_profile_t profile{};
  hsa_agent_get_info(gpu, HSA_AGENT_INFO_PROFILE, &profile);
  s = hsa_executable_create_alt(profile, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT, nullptr, &exe_);
  if (s != HSA_STATUS_SUCCESS) return "executable: " + status_text(s);
  s = hsa_executable_load_agent_code_object(exe_, gpu, reader_, nullptr, nullptr);
  if (s != HSA_STATUS_SUCCESS) return "loading " + path + ": " + status_text(s);
  s = hsa_executable_freeze(exe_, nullptr);
  if (s != HSA_STATUS_SUCCESS) return "freezing " + path + ": " + status_text(s);
  return {};
}

std::string Program::kernel(hsa_agent_t gpu, const std::string& name, Kernel* k) const {
  hsa_executable_symbol_t sym{};
  const std::string symbol = name + ".kd";
  hsa_status_t s = hsa_executable_get_symbol_by_name(exe_, symbol.c_str(), &gpu, &sym);
  if (s != HSA_STATUS_SUCCESS) return "symbol " + symbol + ": " + status_text(s);
  hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &k->object);
  hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE,
                                 &k->kernarg_size);
  hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE,
                                 &k->group_size);
  hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE,
                                 &k->private_size);
  return k->object ? std::string() : "symbol " + symbol + " has no kernel object";
}

uint64_t submit_packet(hsa_queue_t* queue, const void* packet, uint32_t header_word) {
  const uint64_t index = hsa_queue_add_write_index_scacq_screl(queue, 1);
  auto* slot = static_cast<uint8_t*>(queue->base_address) + 64 * (index & (queue->size - 1));
  std::memcpy(slot + 4, static_cast<const uint8_t*>(packet) + 4, 60);
  __atomic_store_n(reinterpret_cast<uint32_t*>(slot), header_word, __ATOMIC_RELEASE);
  hsa_signal_store_screlease(queue->doorbell_signal, static_cast<hsa_signal_value_t>(index));
  return index;
}

std::string dispatch(const Agents& a, hsa_queue_t* queue, const Kernel& k, const Dispatch& d,
                     hsa_signal_t completion) {
  if (d.args_size > k.kernarg_size) return "more arguments than the kernarg segment holds";
  PoolBuffer kernarg(a.kernarg, k.kernarg_size ? k.kernarg_size : 16, &a.gpu);
  if (kernarg.status() != HSA_STATUS_SUCCESS)
    return "kernarg allocation: " + status_text(kernarg.status());
  // Hidden arguments past the explicit ones stay zero: these kernels read
  // the work-item geometry from the dispatch packet.
  std::memset(kernarg.get(), 0, k.kernarg_size);
  if (d.args_size) std::memcpy(kernarg.get(), d.args, d.args_size);

  hsa_signal_t own{};
  if (!completion.handle) {
    if (hsa_signal_create(1, 0, nullptr, &own) != HSA_STATUS_SUCCESS) return "signal creation";
    completion = own;
  }
  hsa_kernel_dispatch_packet_t p{};
  p.setup = static_cast<uint16_t>(d.dims << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS);
  p.workgroup_size_x = d.workgroup[0];
  p.workgroup_size_y = d.workgroup[1];
  p.workgroup_size_z = d.workgroup[2];
  p.grid_size_x = d.grid[0];
  p.grid_size_y = d.grid[1];
  p.grid_size_z = d.grid[2];
  p.private_segment_size = k.private_size;
  p.group_segment_size = k.group_size;
  p.kernel_object = k.object;
  p.kernarg_address = kernarg.get();
  p.completion_signal = completion;
  const uint16_t header = (HSA_PACKET_TYPE_KERNEL_DISPATCH << HSA_PACKET_HEADER_TYPE) |
                          (1 << HSA_PACKET_HEADER_BARRIER) |
                          (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
                          (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE);
  submit_packet(queue, &p, header | static_cast<uint32_t>(p.setup) << 16);
  const bool done = wait_zero(completion);
  if (own.handle) hsa_signal_destroy(own);
  return done ? std::string() : "the dispatch did not complete within 10 s";
}

PoolBuffer::PoolBuffer(hsa_amd_memory_pool_t pool, size_t bytes, const hsa_agent_t* gpu)
    : status_(hsa_amd_memory_pool_allocate(pool, bytes, 0, &p_)) {
  if (status_ == HSA_STATUS_SUCCESS && gpu)
    status_ = hsa_amd_agents_allow_access(1, gpu, nullptr, p_);
}

PoolBuffer::~PoolBuffer() {
  if (p_) hsa_amd_memory_pool_free(p_);
}

std::string allow_gpu(const Agents& a, const void* p) {
  const hsa_status_t s = hsa_amd_agents_allow_access(1, &a.gpu, nullptr, p);
  return s == HSA_STATUS_SUCCESS ? std::string() : "allow access: " + status_text(s);
}

std::string copy(void* dst, hsa_agent_t dst_agent, const void* src, hsa_agent_t src_agent,
                 size_t bytes) {
  hsa_signal_t done{};
  if (hsa_signal_create(1, 0, nullptr, &done) != HSA_STATUS_SUCCESS) return "signal creation";
  const hsa_status_t s =
      hsa_amd_memory_async_copy(dst, dst_agent, src, src_agent, bytes, 0, nullptr, done);
  std::string err;
  if (s != HSA_STATUS_SUCCESS)
    err = "async copy of " + std::to_string(bytes) + " bytes: " + status_text(s);
  else if (!wait_zero(done))
    err = "async copy of " + std::to_string(bytes) + " bytes did not complete within 10 s";
  hsa_signal_destroy(done);
  return err;
}

}  // namespace rocm_test
