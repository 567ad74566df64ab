// hsa-run's use of the HSA runtime, public API only: the chosen GPU agent,
// the loaded executable and its kernels, memory for buffers and kernel
// arguments, and one AQL dispatch awaited on a completion signal.
#pragma once

#include <hsa/hsa.h>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace hsarun {

// A runtime call that failed, with hsa_status_string's text.
class HsaFailure : public std::runtime_error {
 public:
  HsaFailure(const std::string& call, hsa_status_t status);
};
void check(hsa_status_t status, const std::string& call);

struct Kernel {
  std::string name;  // without the ".kd" of v3+ code objects
  uint64_t object = 0;
  uint32_t kernarg_size = 0;
  uint32_t kernarg_align = 0;
  uint32_t group_size = 0;
  uint32_t private_size = 0;
};

struct DispatchShape {
  uint32_t dims = 1;
  uint32_t grid[3] = {1, 1, 1};
  uint16_t workgroup[3] = {1, 1, 1};
  uint32_t extra_group_bytes = 0;
  double timeout_s = 60;
  bool profile = false;  // ask the runtime for the kernel's own time
};

struct DispatchResult {
  bool completed = false;
  std::string error;                // why not
  double wall_us = 0;               // doorbell to completion seen by the host
  std::optional<double> kernel_us;  // the runtime's profiling, if it has it
};

class Session {
 public:
  Session();  // hsa_init
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Agents in hsa_iterate_agents' order (hsainfo numbers them the same).
  const std::vector<hsa_agent_t>& agents() const { return agents_; }
  bool is_gpu(hsa_agent_t a) const;
  std::string agent_name(hsa_agent_t a) const;

  void load(hsa_agent_t gpu, const std::vector<uint8_t>& code_object);
  std::vector<Kernel> kernels() const;

  // Host- and GPU-accessible memory (the fine-grained system region of
  // the agent); freed when the session ends.
  void* alloc_buffer(size_t bytes);
  void* alloc_kernargs(size_t bytes);

  DispatchResult dispatch(const Kernel& k, void* kernargs, const DispatchShape& shape);

 private:
  hsa_region_t find_region(bool kernarg) const;

  std::vector<hsa_agent_t> agents_;
  hsa_agent_t gpu_{0};
  hsa_code_object_reader_t reader_{0};
  hsa_executable_t exe_{0};
  std::vector<void*> allocations_;
};

}  // namespace hsarun
