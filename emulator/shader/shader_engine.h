// The shader engine: runs one kernel dispatch on the virtual gfx900 GPU.
// Workgroups are spread over a pool of host threads; the waves of one
// workgroup run on one thread, switching at s_barrier. A faulting wave
// stops its dispatch with an error message; the host keeps running.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "aql_packet.h"
#include "dispatch_state.h"
#include "memory/address_space.h"

namespace gcn {

struct DispatchRequest {
  uint64_t packet_va = 0;  // the AQL kernel dispatch packet, in GPU memory
  uint64_t queue_va = 0;   // amd_queue_t (queue ptr SGPRs); may be 0
  uint64_t dispatch_id = 0;
  std::string kernel_name;  // for error messages
  // Scratch backing for the dispatch. 0: the engine allocates what the
  // packet's private_segment_size needs for the duration of the dispatch.
  uint64_t scratch_va = 0;
  uint64_t scratch_bytes = 0;
};

struct DispatchResult {
  bool ok = true;
  std::string error;  // names the kernel, the PC, the instruction, the address
  uint64_t waves = 0;
  uint64_t wave_instructions = 0;
};

class ShaderEngine {
 public:
  // threads = 0: one per host core (or $GCN_EMU_THREADS).
  explicit ShaderEngine(AddressSpace& memory, unsigned threads = 0);
  ~ShaderEngine();
  ShaderEngine(const ShaderEngine&) = delete;
  ShaderEngine& operator=(const ShaderEngine&) = delete;

  unsigned threads() const { return static_cast<unsigned>(workers_.size()) + 1; }

  // Runs the dispatch to completion (blocking).
  DispatchResult dispatch(const DispatchRequest& req);

 private:
  void worker_main(unsigned index);
  void run_workgroups(unsigned thread_index);

  AddressSpace& memory_;
  std::vector<std::thread> workers_;
  std::mutex mu_;
  std::condition_variable start_cv_, done_cv_;
  uint64_t generation_ = 0;
  unsigned busy_ = 0;
  bool stopping_ = false;

  // The dispatch in flight.
  struct Job;
  Job* job_ = nullptr;
};

}  // namespace gcn
