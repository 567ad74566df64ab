// The virtual GPU's command processor: the hardware queue descriptors (HQDs)
// the driver maps, the doorbells it watches, and the AQL and PM4 packet
// processors that feed the shader engine. It sees only GPU memory (through
// the AddressSpace), doorbell slots and queue descriptors, and reports
// through memory writes and interrupts (IH ring entries).
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "gfx9_cu_placement.h"
#include "ih_entry.h"

namespace gcn {

class AddressSpace;
class ShaderEngine;

// What a gfx9 MQD tells the CP about one user queue.
struct QueueDescriptor {
  enum class Type { kAql, kPm4 };
  Type type = Type::kAql;
  uint64_t ring_va = 0;     // ring buffer, GPU VA
  uint64_t ring_bytes = 0;  // power of two; 0 = inactive
  // AQL: &amd_queue_t.read_dispatch_id (the CP stores the index of the next
  // packet it will process) and &amd_queue_t.write_dispatch_id.
  // PM4: where the CP reports its read pointer and where the user keeps the
  // write pointer, both in dwords.
  uint64_t read_ptr_va = 0;
  uint64_t write_ptr_va = 0;
  // The queue's 64-bit doorbell slot, in host memory the CP polls. AQL: the
  // index of the last packet written; PM4: the write pointer in dwords.
  const volatile uint64_t* doorbell = nullptr;
  uint64_t queue_va = 0;  // AQL: amd_queue_t (queue ptr SGPRs), else 0
  uint32_t pasid = 0;     // reported in interrupts
  uint32_t vmid = 0;
  // The doorbell's index in the process's doorbell slice (the MQD's
  // DOORBELL_OFFSET): what s_sendmsg(MSG_GET_DOORBELL) returns to a wave.
  uint32_t doorbell_id = 0;
  bool active = true;  // false: mapped but not processed (percentage 0)
  // COMPUTE_STATIC_THREAD_MGMT_SE0..3: the CUs of each shader engine the
  // queue's workgroups may run on (gfx9_cu_placement.h); all by default.
  uint32_t cu_enable[FW_GFX9_MAX_SE] = {
      FW_STATIC_THREAD_MGMT_ALL_CUS, FW_STATIC_THREAD_MGMT_ALL_CUS, FW_STATIC_THREAD_MGMT_ALL_CUS,
      FW_STATIC_THREAD_MGMT_ALL_CUS};
};

enum class QueueState {
  kActive,    // processing packets
  kInactive,  // mapped, not processed (update_queue(active = false))
  kError,     // stopped by a malformed packet, a faulting kernel or a halted wave
};

class CommandProcessor {
 public:
  // Interrupts (signal events, end-of-pipe, VM faults, bad opcodes) are
  // delivered to irq from the CP's thread.
  using InterruptHandler = std::function<void(const fw_ih_entry&)>;

  CommandProcessor(AddressSpace& memory, ShaderEngine& engine, InterruptHandler irq);
  ~CommandProcessor();  // unmaps every queue and stops the CP thread
  CommandProcessor(const CommandProcessor&) = delete;
  CommandProcessor& operator=(const CommandProcessor&) = delete;

  // Maps a queue (the MQD's contents). Returns its id (>= 0) or -1 when the
  // descriptor is unusable (ring size not a power of two, no doorbell).
  int map_queue(const QueueDescriptor& q);
  // UPDATE_QUEUE: new ring and active state. False for an unknown id.
  bool update_queue(int id, uint64_t ring_va, uint64_t ring_bytes, bool active);
  // A new MQD CU mask (the KFD's SET_CU_MASK): dispatches the queue starts
  // from now on use these COMPUTE_STATIC_THREAD_MGMT_SE0..3. While they
  // enable no CU the queue waits at its next dispatch, as gfx9 does. False
  // for an unknown id.
  bool set_queue_cu_mask(int id, const uint32_t (&cu_enable)[FW_GFX9_MAX_SE]);
  // Unmaps a queue. Safe with work in flight: a running dispatch of this
  // queue is cancelled and the call returns once the CP no longer touches
  // the queue's memory (called from the interrupt handler, it returns at
  // once and the CP lets go of the queue when the handler returns).
  void unmap_queue(int id);

  // The trap handler of the process on vmid (SQ_SHADER_TBA/TMA of that
  // VMID): its code and the memory it is handed. Dispatches started from
  // then on enter it on s_trap and illegal instructions; tba 0 removes it.
  void set_trap_handler(uint32_t vmid, uint64_t tba, uint64_t tma);

  QueueState state(int id) const;
  // Why a queue entered kError ("" otherwise): names the packet or the
  // kernel, the PC, the instruction and the address.
  std::string error(int id) const;

  // A hint that a doorbell or a signal may have changed (e.g. a thread is
  // about to wait); the CP polls at once instead of at its idle interval.
  void kick();

  struct Stats {
    uint64_t packets = 0;     // AQL packets and PM4 packets processed
    uint64_t dispatches = 0;  // kernels launched
    // Times an AQL queue asked its runtime for scratch (queue_inactive_signal
    // set to 1 because amd_queue_t's scratch was missing or too small).
    uint64_t scratch_requests = 0;
  };
  Stats stats() const;

 private:
  struct Impl;
  Impl* impl_;
};

}  // namespace gcn
