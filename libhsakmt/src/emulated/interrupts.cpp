// The virtual GPUs' interrupts, as the KFD's gfx9 interrupt handler treats
// them: end-of-pipe, SQ messages and SDMA traps signal the event named by
// the context id (or, when that id is not a signaled event, every event
// whose slot in the event page was written); a bad opcode signals the
// hardware-exception events; a VM fault fills and signals every
// memory-exception event. Other SDMA sources (an illegal packet) are not
// the KFD's business. Runs on a CP or SDMA thread; takes only ev_mu.
#include "emulated/event_signal.h"

namespace hsakmt::emu {
namespace {

void set_event_from_interrupt(Process& p, Event* ev) {
  if (!ev || (ev->type != KFD_IOC_EVENT_SIGNAL && ev->type != KFD_IOC_EVENT_DEBUG_EVENT)) return;
  // Acknowledge: the slot goes back to unsignaled before waiters run.
  __atomic_store_n(&p.signal_slots[ev->id], kUnsignaledSlot, __ATOMIC_RELEASE);
  set_event_locked(p, *ev);
}

Event* find(Process& p, uint32_t id) {
  auto it = p.events.find(id);
  return it == p.events.end() ? nullptr : it->second.get();
}

bool slot_signaled(const Process& p, uint32_t id) {
  return id < p.signal_slot_count &&
         __atomic_load_n(&p.signal_slots[id], __ATOMIC_ACQUIRE) != kUnsignaledSlot;
}

void signal_interrupt(Process& p, uint32_t context_id, unsigned valid_bits) {
  std::lock_guard<std::mutex> lock(p.ev_mu);
  if (!p.signal_slots) return;
  // A partial id names every slot that agrees in its low bits.
  Event* ev = nullptr;
  const uint32_t step = valid_bits >= 31 ? 0 : 1u << valid_bits;
  for (uint32_t id = context_id; id < p.signal_slot_count && !ev; id += step) {
    if (slot_signaled(p, id)) ev = find(p, id);
    if (step == 0) break;
  }
  if (ev) {
    set_event_from_interrupt(p, ev);
    return;
  }
  // Unknown id: scan the page for every signaled slot.
  for (auto& [id, e] : p.events) {
    if (id >= p.signal_slot_count) break;
    if (slot_signaled(p, id)) set_event_from_interrupt(p, e.get());
  }
}

void signal_type(Process& p, uint32_t type, const kfd_hsa_memory_exception_data* data) {
  std::lock_guard<std::mutex> lock(p.ev_mu);
  for (auto& [id, ev] : p.events) {
    if (ev->type != type) continue;
    if (data) ev->memory_exception = *data;
    set_event_locked(p, *ev);
  }
}

}  // namespace

void handle_interrupt(Process& p, Device& dev, const fw_ih_entry& e) {
  const uint32_t client = FW_FIELD_GET(e.dw0, FW_IH_CLIENT_ID);
  const uint32_t source = FW_FIELD_GET(e.dw0, FW_IH_SOURCE_ID);
  const uint32_t ring = FW_FIELD_GET(e.dw0, FW_IH_RING_ID);
  if (FW_FIELD_GET(e.dw3, FW_IH_PASID) != p.pasid) return;  // not this process
  const bool sdma = client == FW_IH_CLIENT_SDMA0 || client == FW_IH_CLIENT_SDMA1;
  if (sdma && source == FW_IH_SRC_SDMA_TRAP) {
    signal_interrupt(p, e.src_data[0] & 0xfffffff, 28);
  } else if (client >= FW_IH_CLIENT_SE0SH && client <= FW_IH_CLIENT_SE3SH) {
    // s_sendmsg from a shader: the low 24 bits name the event.
    if (source == FW_IH_SRC_SQ_INTERRUPT_MSG) signal_interrupt(p, e.src_data[0] & 0xffffff, 24);
  } else if (client == FW_IH_CLIENT_GRBM_CP) {
    if (source == FW_IH_SRC_CP_END_OF_PIPE)
      signal_interrupt(p, e.src_data[0], 32);
    else if (source == FW_IH_SRC_CP_BAD_OPCODE)
      signal_type(p, KFD_IOC_EVENT_HW_EXCEPTION, nullptr);
  } else if (client == FW_IH_CLIENT_VMC || client == FW_IH_CLIENT_UTCL2) {
    kfd_hsa_memory_exception_data d{};
    d.gpu_id = dev.info->gpu_id;
    d.va = (static_cast<uint64_t>(e.src_data[0]) |
            static_cast<uint64_t>(FW_FIELD_GET(e.src_data[1], FW_IH_VM_FAULT_PAGE_HI)) << 32)
           << 12;
    // The gfx9 KFD copies the ring id's protection bits as it finds them;
    // gfx9 entries carry no execute bit, so NoExecute stays 0.
    d.failure.NotPresent = (ring & FW_IH_VM_FAULT_PROT_VALID) ? 1 : 0;
    d.failure.NoExecute = 0;
    d.failure.ReadOnly = (ring & FW_IH_VM_FAULT_PROT_WRITE) ? 1 : 0;
    d.failure.imprecise = 0;
    signal_type(p, KFD_IOC_EVENT_MEMORY, &d);
  }
}

}  // namespace hsakmt::emu
