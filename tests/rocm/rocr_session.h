// What the tests of Debian's ROCr need around the HSA API: the CPU and GPU
// agents with their memory pools, code objects loaded into executables,
// kernel dispatches on a queue, and memory the GPU can reach. Every call
// goes to Debian's libhsa-runtime64.so.1 (the test links it by path), which
// reaches the virtual GPU through our libhsakmt.so.1.
#pragma once

#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace rocm_test {

// A status as ROCr's own text (hsa_status_string), for failure messages.
std::string status_text(hsa_status_t s);

struct Agents {
  hsa_agent_t cpu{}, gpu{};
  hsa_amd_memory_pool_t system{};         // CPU's fine-grained global pool
  hsa_amd_memory_pool_t kernarg{};        // CPU's pool flagged KERNARG_INIT
  hsa_amd_memory_pool_t system_coarse{};  // CPU's coarse-grained pool (if any)
  hsa_amd_memory_pool_t vram{};           // GPU's coarse-grained global pool
  bool complete() const {
    return cpu.handle && gpu.handle && system.handle && kernarg.handle && vram.handle;
  }
};

// The first CPU and GPU agents and their pools (empty handles if missing).
Agents find_agents();

// A kernel of a loaded code object: the values a dispatch packet needs.
struct Kernel {
  uint64_t object = 0;
  uint32_t kernarg_size = 0, group_size = 0, private_size = 0;
};

// One code object file loaded for the GPU agent.
class Program {
 public:
  Program() = default;
  ~Program();
  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;
  // Empty on success, else what failed.
  std::string load(hsa_agent_t gpu, const std::string& path);
  std::string kernel(hsa_agent_t gpu, const std::string& name, Kernel* k) const;

 private:
  hsa_code_object_reader_t reader_{};
  hsa_executable_t exe_{};
  std::vector<char> bytes_;
};

struct Dispatch {
  uint32_t grid[3] = {1, 1, 1};
  uint16_t workgroup[3] = {1, 1, 1};
  unsigned dims = 1;
  const void* args = nullptr;  // the explicit kernel arguments
  size_t args_size = 0;
};

// Submits one dispatch on `queue` and waits for it (10 s at most); empty on
// success. `completion` (if given) is the packet's completion signal, which
// the caller set to 1, otherwise a signal is made for the call.
std::string dispatch(const Agents& a, hsa_queue_t* queue, const Kernel& k, const Dispatch& d,
                     hsa_signal_t completion = {});

// Writes a packet body (all but the first 32 bits) to the next slot of
// `queue`, then publishes the header word with release order and rings
// the doorbell, as an AQL producer must (HSA System Architecture 2.8).
uint64_t submit_packet(hsa_queue_t* queue, const void* packet, uint32_t header_word);

// Memory from a pool, freed on scope exit.
class PoolBuffer {
 public:
  // With `gpu`, host memory is also made the GPU's (hsa_amd_agents_allow_access):
  // on a dGPU ROCr maps system memory only for the agents it is given.
  PoolBuffer(hsa_amd_memory_pool_t pool, size_t bytes, const hsa_agent_t* gpu = nullptr);
  ~PoolBuffer();
  PoolBuffer(const PoolBuffer&) = delete;
  PoolBuffer& operator=(const PoolBuffer&) = delete;
  void* get() const { return p_; }
  template <typename T>
  T* as() const {
    return static_cast<T*>(p_);
  }
  hsa_status_t status() const { return status_; }

 private:
  void* p_ = nullptr;
  hsa_status_t status_;
};

// Host memory of the system pool that the GPU agent may also access.
std::string allow_gpu(const Agents& a, const void* p);

// Copies with hsa_amd_memory_async_copy and waits (10 s at most).
std::string copy(void* dst, hsa_agent_t dst_agent, const void* src, hsa_agent_t src_agent,
                 size_t bytes);

}  // namespace rocm_test
