// The command processor's inside, shared by its parts: the queues it has
// mapped (hardware queue descriptors plus the CP's private progress), the
// CP thread's state, and the packet processors' entry points.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "amd_queue.h"
#include "aql_packet.h"
#include "command_processor.h"
#include "gpu_memory.h"
#include "memory/address_space.h"
#include "platform/queue_set.h"
#include "pm4_packets.h"
#include "shader/shader_engine.h"

namespace gcn {

namespace cp {

// An indirect buffer being executed; kept in the queue so that a packet
// that waits (WAIT_REG_MEM) resumes where it stopped.
struct IndirectBuffer {
  bool active = false;
  uint64_t va = 0;
  uint32_t dwords = 0;
  uint32_t pos = 0;  // dwords done
};

// The hardware queue descriptor registers a queue slot holds once the CP
// has loaded the KFD's MQD (map_queue decodes gfx9_mqd.h into this), plus
// what the scheduler added: the owner's PASID and VMID and the doorbell.
struct Hqd {
  enum class Type { kAql, kPm4 };
  Type type = Type::kAql;
  uint64_t ring_va = 0;     // CP_HQD_PQ_BASE
  uint64_t ring_bytes = 0;  // CP_HQD_PQ_CONTROL.QUEUE_SIZE, a power of two
  // CP_HQD_PQ_RPTR_REPORT_ADDR and CP_HQD_PQ_WPTR_POLL_ADDR. AQL:
  // &amd_queue_t.read_dispatch_id (the CP stores the index of the next
  // packet it will process) and &amd_queue_t.write_dispatch_id. PM4: where
  // the CP reports its read pointer and where the user keeps the write
  // pointer, both in dwords.
  uint64_t read_ptr_va = 0;
  uint64_t write_ptr_va = 0;
  // The queue's 64-bit doorbell slot in the owner's slice. AQL: the index
  // of the last packet written; PM4: the write pointer in dwords.
  const volatile uint64_t* doorbell = nullptr;
  // AQL: amd_queue_t (queue ptr SGPRs), found from the read pointer report
  // address as the CP firmware does; else 0.
  uint64_t queue_va = 0;
  uint32_t pasid = 0;  // reported in interrupts
  uint32_t vmid = 0;
  // CP_HQD_PQ_DOORBELL_CONTROL.DOORBELL_OFFSET as a slot index: what
  // s_sendmsg(MSG_GET_DOORBELL) returns to a wave.
  uint32_t doorbell_id = 0;
  bool active = true;  // false: mapped, not processed (QueueSet::update)
};

struct Queue {
  int id = -1;
  Hqd desc;
  // Written under Impl::mu; atomic because the CP thread rereads it
  // between packets without the lock (update_queue may deactivate it).
  std::atomic<QueueState> state{QueueState::kActive};
  // Under Impl::mu: the error message, and whether the CP may touch it.
  std::string error;
  bool unmapped = false;
  // UPDATE_QUEUE while the CP serves the queue: applied once it lets go.
  bool update_pending = false;
  uint64_t new_ring_va = 0, new_ring_bytes = 0;
  // Set by unmap_queue to stop a dispatch of this queue that is running.
  std::atomic<bool> cancel{false};
  // COMPUTE_STATIC_THREAD_MGMT_SE0..3 as the MQD last mapped or updated them
  // (update_queue); read when a dispatch starts.
  std::atomic<uint32_t> cu_enable[FW_GFX9_MAX_SE] = {};

  // The CP thread's own progress (only it touches these).
  // A queue found empty (nothing to run, nothing waited on) is not looked at
  // again until its doorbell changes: idle polling then costs one load.
  bool quiet = false;
  uint64_t quiet_doorbell = 0;
  bool waiting = false;         // the last pass stopped at a packet that waits
  uint64_t rptr = 0;            // AQL: packet index; PM4: dwords
  uint32_t ring_ib_dwords = 0;  // PM4: size of the INDIRECT_BUFFER packet being run
  IndirectBuffer ib;
  // The quiet state above as kick() may read it from other threads: set by
  // the CP thread after each pass over the queue.
  std::atomic<bool> idle{false};
  std::atomic<uint64_t> idle_doorbell{0};
  std::atomic<uint64_t> idle_rptr{0};
  // AQL profiling: when the packet at profile_index was first started (a
  // packet that waits is started once, however often it is retried).
  bool profile_started = false;
  uint64_t profile_index = 0;
  uint64_t profile_start = 0;
  // AQL scratch (queue_scratch.cpp): the CP asked the runtime for scratch
  // for the packet at rptr and waits for queue_inactive_signal to be 0.
  bool scratch_requested = false;
  // A USE_SCRATCH_ONCE grant was used: the CP waits for the runtime to take
  // it back (the property bit cleared) before it retires the packet.
  bool scratch_reclaim = false;
  // Compute SH registers written by SET_SH_REG (offsets from the SH base).
  uint32_t sh_regs[FW_SH_COMPUTE_REG_END] = {};
  std::vector<uint32_t> packet;  // scratch copy of the packet being run
};

// One PM4 packet copied out of its ring or buffer: header, then payload.
struct Pm4Packet {
  const uint32_t* payload = nullptr;
  uint32_t dwords = 0;  // payload dwords
  bool in_ib = false;
  std::string where;  // "packet 3 IB dword 12" for messages
};

// The checks the CP makes on a kernel dispatch packet before it launches
// it (dispatch_check.cpp): 0, or the FW_AMD_QUEUE_ERROR_* code the queue
// reports, with *why saying what is wrong.
uint32_t check_kernel_dispatch(GpuMemory& mem, const fw_aql_kernel_dispatch_packet& p,
                               std::string* why);

// What one packet did.
enum class Step {
  kDone,     // finished: move past it
  kBlocked,  // waits for memory to change: try again later, serve others
  kError,    // the queue is in error (already reported)
  kStopped,  // cancelled by unmap_queue: leave everything as is
};

}  // namespace cp

// The queue set, the thread and its handshakes come from QueueSet.
struct CommandProcessor::Impl : QueueSet<cp::Queue> {
  Impl(AddressSpace& m, ShaderEngine& e, InterruptHandler h)
      : memory(m), engine(e), irq(std::move(h)) {}

  AddressSpace& memory;
  // The CP thread's claim on memory: held while it serves a queue, given up
  // while the shader engine runs a dispatch (whose waves claim their own).
  AddressSpace::Reader reader{memory};
  ShaderEngine& engine;
  InterruptHandler irq;

  std::atomic<uint64_t> packets{0};
  std::atomic<uint64_t> dispatches{0};

  // Per VMID: the trap handler's code (TBA) and memory (TMA).
  struct TrapHandler {
    uint64_t tba = 0, tma = 0;
  };
  std::mutex trap_mu;
  std::map<uint32_t, TrapHandler> trap_handlers;
  TrapHandler trap_handler(uint32_t vmid);
  // Per VMID: the scratch backing's VA (set_scratch_backing), under trap_mu.
  std::map<uint32_t, uint64_t> scratch_backings;
  uint64_t scratch_backing(uint32_t vmid);
  std::atomic<uint64_t> scratch_requests{0};

  void main();
  bool may_have_work();  // under mu: whether a kick could find new work
  // One pass over a queue: processes what is ready. True if anything moved.
  bool service(cp::Queue& q);
  bool service_aql(cp::Queue& q);
  bool service_pm4(cp::Queue& q);

  // PM4 (pm4_processor.cpp). level 0: the ring or an AQL vendor packet's
  // indirect buffer; 1: inside an INDIRECT_BUFFER.
  cp::Step run_indirect_buffer(cp::Queue& q, cp::GpuMemory& mem, const std::string& where);
  cp::Step execute_pm4(cp::Queue& q, cp::GpuMemory& mem, const uint32_t* pkt, uint32_t n,
                       bool in_ib, const std::string& where);
  // Starts q.ib from the three payload dwords of an INDIRECT_BUFFER packet.
  cp::Step start_indirect_buffer(cp::Queue& q, const uint32_t* payload, uint32_t n,
                                 const std::string& where);

  // Per-opcode handlers.
  cp::Step pm4_write_data(cp::Queue& q, cp::GpuMemory& mem, const cp::Pm4Packet& p);
  cp::Step pm4_release_mem(cp::Queue& q, cp::GpuMemory& mem, const cp::Pm4Packet& p);
  cp::Step pm4_wait_reg_mem(cp::Queue& q, cp::GpuMemory& mem, const cp::Pm4Packet& p);
  cp::Step pm4_set_sh_reg(cp::Queue& q, const cp::Pm4Packet& p);
  cp::Step pm4_dispatch_direct(cp::Queue& q, cp::GpuMemory& mem, const cp::Pm4Packet& p);

  // Scratch of an AQL queue (queue_scratch.cpp). kDone with the queue's
  // ring in *ring (empty when the packet needs none), or kBlocked after
  // asking the runtime for more through queue_inactive_signal.
  cp::Step queue_scratch(cp::Queue& q, cp::GpuMemory& mem, uint32_t private_bytes,
                         const std::string& where, ScratchRing* ring);
  // After a dispatch that used a single-use grant: kBlocked until the
  // runtime took the scratch back.
  cp::Step reclaim_scratch(cp::Queue& q, cp::GpuMemory& mem, const std::string& where);

  // The queue's CU enables for a dispatch it starts now: false (nothing
  // copied) while they enable no CU of the GPU, so the dispatch waits.
  bool dispatch_cus(const cp::Queue& q, uint32_t (&cu_enable)[FW_GFX9_MAX_SE]) const;

  // Signals and interrupts (signals.cpp).
  // Decrements an amd_signal_t and notifies its event; false if it is not
  // mapped (the caller errors the queue).
  bool complete_signal(cp::Queue& q, cp::GpuMemory& mem, uint64_t signal_va);
  // Wakes the waiters of an interrupt signal (event mailbox + end-of-pipe
  // interrupt with its event id); nothing for a signal without a mailbox.
  bool notify_signal(cp::Queue& q, cp::GpuMemory& mem, uint64_t signal_va);
  void raise(uint32_t client, uint32_t source, const cp::Queue& q, uint32_t data0,
             uint32_t data1 = 0);
  // What a dispatch of q does with s_sendmsg(MSG_INTERRUPT): an SQ
  // interrupt message carrying the data, from the queue's VMID and PASID.
  std::function<void(uint32_t)> sq_interrupt(const cp::Queue& q);
  // Puts the queue in error with a message and the interrupt that tells the
  // driver (bad opcode, or a VM fault for a faulting kernel); an AQL queue's
  // inactive signal gets `code` (FW_AMD_QUEUE_ERROR_*).
  void fail_queue(cp::Queue& q, const std::string& why,
                  int64_t code = FW_AMD_QUEUE_ERROR_INVALID_PACKET);
  void fail_kernel(cp::Queue& q, const DispatchResult& r);
  // A wave of the dispatch halted (its trap handler reported the error
  // itself): the queue stops, nothing else is written or raised.
  void halt_queue(cp::Queue& q, const DispatchResult& r);
};

// "0x..." for addresses in error messages.
std::string hex(uint64_t v);

// The virtual GPU's clock for timestamps: nanoseconds of the host's
// monotonic clock (a 1 GHz counter).
uint64_t gpu_clock();

}  // namespace gcn
