// The shader engine: runs one kernel dispatch on the virtual gfx900 GPU.
// Workgroups are spread over a pool of host threads; the waves of one
// workgroup run on one thread, switching at s_barrier and every quantum.
// A thread interleaves the groups resident on it, as many as the queue's
// CUs hold, so groups that wait on each other make progress (residency.h).
// A faulting wave stops its dispatch with an error message; the host
// keeps running.
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
#include "memory/address_space.h"
#include "wave/cu_layout.h"
#include "wave/dispatch_state.h"

namespace gcn {

// A scratch ring as gfx9 programs it (COMPUTE_TMPRING_SIZE plus the
// queue's scratch V#): `waves` slots of wave_bytes each from base; a wave
// holds one slot while it runs, so at most `waves` waves with scratch run
// at once.
struct ScratchRing {
  uint64_t base = 0;            // slot 0; FLAT_SCRATCH_INIT (gfx9: a VA)
  uint32_t descriptor[4] = {};  // private segment buffer V# for the waves
  uint64_t wave_bytes = 0;      // WAVESIZE * 1 KiB
  uint32_t waves = 0;           // WAVES; 0: no ring
};

struct DispatchRequest {
  uint64_t packet_va = 0;  // the AQL kernel dispatch packet, in GPU memory
  uint64_t queue_va = 0;   // amd_queue_t (queue ptr SGPRs); may be 0
  uint64_t dispatch_id = 0;
  std::string kernel_name;  // for error messages
  // The queue's scratch ring (the CP reads it from amd_queue_t). Without
  // one (waves == 0) the engine backs what the packet's
  // private_segment_size needs itself, for the dispatch only: that is for
  // callers without a queue (engine tests); the CP always passes the ring.
  ScratchRing scratch;
  // Set by another thread to stop the dispatch early (queue unmapped);
  // checked between workgroups and between wave quanta.
  const std::atomic<bool>* cancel = nullptr;
  // Where s_sendmsg(MSG_INTERRUPT) goes (the CP's SQ interrupt for the
  // queue); called from the engine's threads. Empty: dropped.
  std::function<void(uint32_t data)> interrupt;
  // The trap handler of the queue's VMID (TBA, TMA; 0: none) and the
  // queue's doorbell index (MSG_GET_DOORBELL), as DispatchState has them.
  uint64_t trap_handler = 0;
  uint64_t trap_memory = 0;
  uint32_t doorbell_id = 0;
  // The queue's COMPUTE_STATIC_THREAD_MGMT_SE0..3: the CUs its workgroups
  // may run on (every CU by default, as an MQD starts).
  uint32_t cu_enable[FW_GFX9_MAX_SE] = {
      FW_STATIC_THREAD_MGMT_ALL_CUS, FW_STATIC_THREAD_MGMT_ALL_CUS, FW_STATIC_THREAD_MGMT_ALL_CUS,
      FW_STATIC_THREAD_MGMT_ALL_CUS};
};

// A launch from the COMPUTE_* registers, as PM4 SET_SH_REG + DISPATCH_DIRECT
// program it: no packet, no kernel descriptor; user SGPRs come from
// COMPUTE_USER_DATA_0.. (as many as RSRC2.USER_SGPR_COUNT says).
struct RegisterDispatch {
  uint64_t code_entry = 0;  // COMPUTE_PGM_LO/HI << 8
  uint32_t rsrc1 = 0, rsrc2 = 0;
  uint32_t user_data[16] = {};
  uint32_t wg_size[3] = {1, 1, 1};   // COMPUTE_NUM_THREAD_X/Y/Z
  uint32_t wg_count[3] = {1, 1, 1};  // DISPATCH_DIRECT dimensions
  uint32_t private_bytes = 0;        // per lane, from COMPUTE_TMPRING_SIZE
  ScratchRing scratch;               // as DispatchRequest::scratch
  uint64_t dispatch_id = 0;
  std::string kernel_name;
  const std::atomic<bool>* cancel = nullptr;
  std::function<void(uint32_t data)> interrupt;  // as DispatchRequest::interrupt
  uint64_t trap_handler = 0;                     // as DispatchRequest's
  uint64_t trap_memory = 0;
  uint32_t doorbell_id = 0;
  uint32_t cu_enable[FW_GFX9_MAX_SE] = {
      FW_STATIC_THREAD_MGMT_ALL_CUS, FW_STATIC_THREAD_MGMT_ALL_CUS, FW_STATIC_THREAD_MGMT_ALL_CUS,
      FW_STATIC_THREAD_MGMT_ALL_CUS};
};

struct DispatchResult {
  bool ok = true;
  std::string error;          // names the kernel, the PC, the instruction, the address
  bool cancelled = false;     // stopped by DispatchRequest::cancel
  bool bad_request = false;   // refused before any wave ran (packet, sizes)
  bool memory_fault = false;  // the fault was a memory violation at fault_address
  // A wave halted (STATUS.HALT: its trap handler or s_sethalt) and nothing
  // will resume it; the dispatch did not complete. error says where.
  bool halted = false;
  uint64_t fault_address = 0;
  uint64_t waves = 0;
  uint64_t wave_instructions = 0;
};

// How waves run. kOn (the default): a block (a straight line of code up
// to a branch) entered `threshold` times on a host thread in a dispatch is
// translated to host code (translate/translator.h) and runs as such from
// then on. kOff: the interpreter only. kCheck: translated as with kOn
// (blocks end before instructions with side effects), and every run of a
// translated block is compared with the interpreter running the same
// instructions on a copy of the wave; a difference faults the wave with
// both values.
enum class Translation : uint8_t { kOff, kOn, kCheck };
struct TranslationOptions {
  Translation mode = Translation::kOn;
  unsigned threshold = 8;
};
// Reads a host's spelling of the options ("on", "off", "check"; a
// threshold >= 1); nullptr leaves a field as it is. False, with *error
// set, when a value is not one of these.
bool parse_translation(const char* mode, const char* threshold, TranslationOptions* out,
                       std::string* error);

class ShaderEngine {
 public:
  // threads = 0: one per host core (the host chooses: libhsakmt reads
  // $GCN_EMU_THREADS). compute_units:
  // the CUs of the chip (cu_layout.h places them). check_gprs (a debug
  // option; libhsakmt: $GCN_EMU_CHECK_GPRS): an instruction naming a VGPR
  // beyond the kernel's allocation faults its wave, naming the register,
  // instead of following the ISA's out-of-range rules.
  explicit ShaderEngine(AddressSpace& memory, unsigned threads = 0,
                        unsigned compute_units = kMaxComputeUnits, bool check_gprs = false);
  ~ShaderEngine();
  ShaderEngine(const ShaderEngine&) = delete;
  ShaderEngine& operator=(const ShaderEngine&) = delete;

  unsigned threads() const { return static_cast<unsigned>(workers_.size()) + 1; }
  unsigned compute_units() const { return compute_units_; }
  // Whether a queue with these CU enables can launch a workgroup at all
  // (false: its dispatches wait, as the SPI finds no CU to use).
  bool any_cu_enabled(const uint32_t (&cu_enable)[FW_GFX9_MAX_SE]) const {
    return gcn::any_cu_enabled(compute_units_, cu_enable);
  }

  // Runs the dispatch to completion (blocking). One dispatch at a time: the
  // command processor's thread is the only caller.
  DispatchResult dispatch(const DispatchRequest& req);
  // Before the first dispatch (the host's configuration).
  void set_translation(const TranslationOptions& t) { translation_ = t; }
  const TranslationOptions& translation() const { return translation_; }
  DispatchResult dispatch_registers(const RegisterDispatch& req);

 private:
  void worker_main(unsigned index);
  void run_workgroups(unsigned thread_index);
  struct Job;
  // What a dispatch takes from its queue (CUs, trap handler, doorbell):
  // nullptr, or why it cannot start. Request: DispatchRequest or
  // RegisterDispatch.
  template <class Request>
  const char* take_queue_state(Job& job, const Request& req) const;
  DispatchResult run(std::unique_ptr<Job> job, const ScratchRing& ring);

  AddressSpace& memory_;
  std::vector<std::unique_ptr<AddressSpace::Reader>> readers_;  // by thread index
  unsigned compute_units_;
  bool check_gprs_;
  TranslationOptions translation_;
  std::vector<std::thread> workers_;
  std::mutex mu_;
  std::condition_variable start_cv_, done_cv_;
  uint64_t generation_ = 0;
  unsigned busy_ = 0;
  bool stopping_ = false;

  // The dispatch in flight.
  Job* job_ = nullptr;
};

}  // namespace gcn
