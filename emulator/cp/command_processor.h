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
#include "gfx9_mqd.h"
#include "ih_entry.h"

namespace gcn {

class AddressSpace;
class ShaderEngine;

// What the scheduler tells the CP about the process that owns a queue when
// it maps it (the HWS MAP_PROCESS state): the PASID reported in interrupts,
// the VMID whose trap handler applies, and the process's doorbell slice the
// MQD's DOORBELL_OFFSET indexes (host memory the CP polls).
struct QueueOwner {
  uint32_t pasid = 0;
  uint32_t vmid = 0;
  const volatile uint64_t* doorbells = nullptr;
  uint32_t doorbell_slots = 0;
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

  // MAP_QUEUES: loads a compute MQD (gfx9_mqd.h) into a queue slot: its
  // ring, read and write pointers, doorbell offset, AQL or PM4 mode and
  // COMPUTE_STATIC_THREAD_MGMT_SE0..3. An inactive queue (the KFD's
  // percentage 0 or no ring) is mapped but not processed. Returns the
  // queue's id (>= 0) or -1 when the MQD is unusable (ring too small for
  // one packet, doorbell outside the owner's slice).
  int map_queue(const fw_v9_mqd& mqd, const QueueOwner& owner, bool active);
  // The MQD changed (UPDATE_QUEUE's ring, SET_CU_MASK's CU enables): the
  // queue reloads its ring and CU enables and takes the new active state.
  // Dispatches the queue starts from now on use the new CU enables; while
  // they enable no CU the queue waits at its next dispatch, as gfx9 does.
  // False for an unknown id or an unusable ring.
  bool update_queue(int id, const fw_v9_mqd& mqd, bool active);
  // Unmaps a queue. Safe with work in flight: a running dispatch of this
  // queue is cancelled and the call returns once the CP no longer touches
  // the queue's memory (called from the interrupt handler, it returns at
  // once and the CP lets go of the queue when the handler returns).
  void unmap_queue(int id);

  // The trap handler of the process on vmid (SQ_SHADER_TBA/TMA of that
  // VMID): its code and the memory it is handed. Dispatches started from
  // then on enter it on s_trap and illegal instructions; tba 0 removes it.
  void set_trap_handler(uint32_t vmid, uint64_t tba, uint64_t tma);
  // The scratch backing of the process on vmid (SH_HIDDEN_PRIVATE_BASE_VMID,
  // from the KFD's SET_SCRATCH_BACKING_VA; here the byte VA, 64 KiB
  // aligned; 0 removes it). PM4 dispatches of the VMID's queues run their
  // waves' scratch in slots of it as COMPUTE_TMPRING_SIZE lays them out, so
  // what one dispatch leaves there the next finds, as on hardware. AQL
  // queues take theirs from amd_queue_t instead.
  void set_scratch_backing(uint32_t vmid, uint64_t va);

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
