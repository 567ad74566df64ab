// Completion signals and interrupts: how the CP tells the host that work is
// done or went wrong. Interrupt entries carry what the KFD's gfx9 interrupt
// handler reads: client and source in dw0, the PASID in dw3, the context id
// (event id) or the faulting page in the source data.
#include <cstdio>

#include "amd_queue.h"
#include "amd_signal.h"
#include "cp_internal.h"
#include "platform/ih_entry_build.h"

namespace gcn {

namespace {

// UTCL2 reports its translation faults with source id 0.
constexpr uint32_t kSrcUtcl2Fault = 0;

// Tells the runtime which queue stopped and why, as the hardware does: the
// error code goes into the value of the amd_queue_t's queue_inactive_signal
// (if the queue has one and it is mapped) before the interrupt is raised.
// Returns the signal's address (0: none was written).
uint64_t store_queue_error(const AddressSpace& as, const cp::Queue& q, int64_t code) {
  if (q.desc.type != cp::Hqd::Type::kAql || !q.desc.queue_va) return 0;
  cp::GpuMemory mem(as);
  uint64_t signal = 0;
  if (!mem.load_acquire(q.desc.queue_va + offsetof(fw_amd_queue, queue_inactive_signal), &signal) ||
      !signal)
    return 0;
  return mem.store_release<int64_t>(signal + offsetof(fw_amd_signal, value), code) ? signal : 0;
}

}  // namespace

void CommandProcessor::Impl::raise(uint32_t client, uint32_t source, const cp::Queue& q,
                                   uint32_t data0, uint32_t data1) {
  if (irq) irq(ih_entry(client, source, q.desc.vmid, q.desc.pasid, gpu_clock(), data0, data1));
}

std::function<void(uint32_t)> CommandProcessor::Impl::sq_interrupt(const cp::Queue& q) {
  // The virtual GPU has one shader engine: the message comes from SE0.
  return
      [this, &q](uint32_t data) { raise(FW_IH_CLIENT_SE0SH, FW_IH_SRC_SQ_INTERRUPT_MSG, q, data); };
}

bool CommandProcessor::Impl::complete_signal(cp::Queue& q, cp::GpuMemory& mem, uint64_t va) {
  if (!va) return true;
  int64_t old = 0;
  if (!mem.fetch_sub<int64_t>(va + offsetof(fw_amd_signal, value), 1, &old)) return false;
  return notify_signal(q, mem, va);
}

bool CommandProcessor::Impl::notify_signal(cp::Queue& q, cp::GpuMemory& mem, uint64_t va) {
  // Interrupt signals: the mailbox is the KFD's event slot; writing the event
  // id there and interrupting with it wakes the waiters of that event.
  uint64_t mailbox = 0;
  uint32_t event_id = 0;
  if (!mem.read(va + offsetof(fw_amd_signal, event_mailbox_ptr), &mailbox, sizeof(mailbox)) ||
      !mem.read(va + offsetof(fw_amd_signal, event_id), &event_id, sizeof(event_id)))
    return false;
  if (mailbox) {
    if (!mem.store_release<uint64_t>(mailbox, event_id)) return false;
    raise(FW_IH_CLIENT_GRBM_CP, FW_IH_SRC_CP_END_OF_PIPE, q, event_id);
  }
  return true;
}

void CommandProcessor::Impl::fail_queue(cp::Queue& q, const std::string& why, int64_t code) {
  const std::string text = "queue " + std::to_string(q.id) + ": " + why;
  std::fprintf(stderr, "gcn-emu: %s\n", text.c_str());
  {
    std::lock_guard<std::mutex> lock(mu);
    q.state = QueueState::kError;
    q.error = text;
  }
  // The runtime's queue-error handler sleeps on the signal's event (ROCr's
  // AqlQueue::DynamicScratchHandler): the CP wakes it as for a completion.
  if (const uint64_t signal = store_queue_error(memory, q, code)) {
    cp::GpuMemory mem(memory);
    notify_signal(q, mem, signal);
  }
  raise(FW_IH_CLIENT_GRBM_CP, FW_IH_SRC_CP_BAD_OPCODE, q, 0);
}

void CommandProcessor::Impl::halt_queue(cp::Queue& q, const DispatchResult& r) {
  // The handler wrote its error code into queue_inactive_signal and raised
  // the signal's event before it halted the wave (ROCr's does); the packet
  // stays unfinished and the queue stops, as the halted wave would keep the
  // hardware queue from going on.
  const std::string text = "queue " + std::to_string(q.id) + ": " + r.error;
  std::fprintf(stderr, "gcn-emu: %s\n", text.c_str());
  std::lock_guard<std::mutex> lock(mu);
  q.state = QueueState::kError;
  q.error = text;
}

void CommandProcessor::Impl::fail_kernel(cp::Queue& q, const DispatchResult& r) {
  const std::string text = "queue " + std::to_string(q.id) + ": " + r.error;
  std::fprintf(stderr, "gcn-emu: %s\n", text.c_str());
  {
    std::lock_guard<std::mutex> lock(mu);
    q.state = QueueState::kError;
    q.error = text;
  }
  // A VM fault names the page; faults that are not about memory report
  // page 0 so that the driver still signals its memory-exception events.
  const uint64_t page = r.memory_fault ? r.fault_address >> 12 : 0;
  store_queue_error(
      memory, q,
      r.memory_fault ? FW_AMD_QUEUE_ERROR_MEMORY_VIOLATION : FW_AMD_QUEUE_ERROR_KERNEL_EXCEPTION);
  // A memory violation is a protection fault with the "valid" bit (the
  // KFD's NotPresent, the reason ROCr prints); DispatchResult does not say
  // whether the access was a write, so the WRITE bit stays clear.
  const uint32_t prot = r.memory_fault ? FW_IH_VM_FAULT_PROT_VALID : 0;
  if (irq)
    irq(ih_entry(FW_IH_CLIENT_UTCL2, kSrcUtcl2Fault, q.desc.vmid, q.desc.pasid, gpu_clock(),
                 static_cast<uint32_t>(page), FW_FIELD_PREP(FW_IH_VM_FAULT_PAGE_HI, page >> 32),
                 prot));
}

}  // namespace gcn
