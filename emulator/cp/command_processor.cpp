// The command processor's queues and its thread: maps and unmaps hardware
// queues, and polls every mapped queue (platform/queue_poller.h), paced by
// an IdlePacer (spin after activity, since a doorbell usually follows a
// completion closely, then growing sleeps so that an idle GPU costs almost
// nothing); kick() and map_queue() wake it at once.
#include <chrono>
#include <cstddef>
#include <cstdio>

#include "amd_queue.h"
#include "aql_packet.h"
#include "cp_internal.h"
#include "platform/queue_poller.h"

namespace gcn {

namespace {

using Clock = std::chrono::steady_clock;

bool power_of_two(uint64_t v) { return v && !(v & (v - 1)); }

// An AQL doorbell holds the index of the last packet written, so its first
// value (packet 0) equals its initial 0: an unchanged doorbell only proves
// there is nothing new once the CP has gone past the packet it names.
bool doorbell_names_new_work(const cp::Queue& q, uint64_t bell) {
  return q.desc.type == cp::Hqd::Type::kAql && bell >= q.rptr;
}

}  // namespace

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof(buf), "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

uint64_t gpu_clock() {
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch())
          .count());
}

CommandProcessor::CommandProcessor(AddressSpace& memory, ShaderEngine& engine, InterruptHandler irq)
    : impl_(new Impl(memory, engine, std::move(irq))) {
  impl_->thread = std::thread([this] { impl_->main(); });
}

CommandProcessor::~CommandProcessor() {
  impl_->shut_down([this](int id) { unmap_queue(id); });
  delete impl_;
}

namespace {

// The ring of an MQD the CP can serve: at least one packet.
bool ring_fits(cp::Hqd::Type type, uint64_t ring_bytes) {
  return power_of_two(ring_bytes) &&
         ring_bytes >= (type == cp::Hqd::Type::kAql ? FW_AQL_PACKET_SIZE : 8);
}

}  // namespace

int CommandProcessor::map_queue(const fw_v9_mqd& mqd, const QueueOwner& owner, bool active) {
  cp::Hqd d;
  d.type = fw_v9_mqd_is_aql(&mqd) ? cp::Hqd::Type::kAql : cp::Hqd::Type::kPm4;
  d.ring_va = fw_v9_mqd_ring_base(&mqd);
  d.ring_bytes = fw_v9_mqd_ring_bytes(&mqd);
  d.read_ptr_va = fw_v9_mqd_rptr_report_addr(&mqd);
  d.write_ptr_va = fw_v9_mqd_wptr_poll_addr(&mqd);
  d.doorbell_id = fw_v9_mqd_doorbell_slot(&mqd);
  if (!owner.doorbells || d.doorbell_id >= owner.doorbell_slots) return -1;
  d.doorbell = owner.doorbells + d.doorbell_id;
  d.pasid = owner.pasid;
  d.vmid = owner.vmid;
  if (d.type == cp::Hqd::Type::kAql && d.read_ptr_va >= offsetof(fw_amd_queue, read_dispatch_id))
    d.queue_va = d.read_ptr_va - offsetof(fw_amd_queue, read_dispatch_id);
  if (!ring_fits(d.type, d.ring_bytes)) return -1;
  auto q = std::make_shared<cp::Queue>();
  q->desc = d;
  const uint32_t se_masks[FW_GFX9_MAX_SE] = {
      mqd.compute_static_thread_mgmt_se0, mqd.compute_static_thread_mgmt_se1,
      mqd.compute_static_thread_mgmt_se2, mqd.compute_static_thread_mgmt_se3};
  for (unsigned se = 0; se < FW_GFX9_MAX_SE; ++se) q->cu_enable[se].store(se_masks[se]);
  q->state = active ? QueueState::kActive : QueueState::kInactive;
  // Resume from the read pointer the queue's memory holds (0 for a fresh
  // queue). AQL: 64-bit read_dispatch_id; PM4: a 32-bit dword offset, as
  // the CP's read pointer report is.
  if (d.read_ptr_va) {
    cp::GpuMemory mem(impl_->memory);
    if (d.type == cp::Hqd::Type::kAql) {
      uint64_t r = 0;
      if (mem.load_acquire(d.read_ptr_va, &r)) q->rptr = r;
    } else {
      uint32_t r = 0;
      if (mem.load_acquire(d.read_ptr_va, &r)) q->rptr = r;
    }
  }
  return impl_->add(std::move(q));
}

void CommandProcessor::set_trap_handler(uint32_t vmid, uint64_t tba, uint64_t tma) {
  std::lock_guard<std::mutex> lock(impl_->trap_mu);
  if (tba)
    impl_->trap_handlers[vmid] = {tba, tma};
  else
    impl_->trap_handlers.erase(vmid);
}

void CommandProcessor::set_scratch_backing(uint32_t vmid, uint64_t va) {
  std::lock_guard<std::mutex> lock(impl_->trap_mu);
  if (va)
    impl_->scratch_backings[vmid] = va;
  else
    impl_->scratch_backings.erase(vmid);
}

uint64_t CommandProcessor::Impl::scratch_backing(uint32_t vmid) {
  std::lock_guard<std::mutex> lock(trap_mu);
  auto it = scratch_backings.find(vmid);
  return it == scratch_backings.end() ? 0 : it->second;
}

CommandProcessor::Impl::TrapHandler CommandProcessor::Impl::trap_handler(uint32_t vmid) {
  std::lock_guard<std::mutex> lock(trap_mu);
  auto it = trap_handlers.find(vmid);
  return it == trap_handlers.end() ? TrapHandler{} : it->second;
}

bool CommandProcessor::update_queue(int id, const fw_v9_mqd& mqd, bool active) {
  const uint64_t ring_va = fw_v9_mqd_ring_base(&mqd);
  const uint64_t ring_bytes = fw_v9_mqd_ring_bytes(&mqd);
  const uint32_t se_masks[FW_GFX9_MAX_SE] = {
      mqd.compute_static_thread_mgmt_se0, mqd.compute_static_thread_mgmt_se1,
      mqd.compute_static_thread_mgmt_se2, mqd.compute_static_thread_mgmt_se3};
  {
    std::lock_guard<std::mutex> lock(impl_->mu);
    auto it = impl_->queues.find(id);
    if (it == impl_->queues.end() || !ring_fits(it->second->desc.type, ring_bytes)) return false;
    // The CU enables apply from the next dispatch; the ring once the CP
    // lets go of the queue (QueueSet::update).
    for (unsigned se = 0; se < FW_GFX9_MAX_SE; ++se)
      it->second->cu_enable[se].store(se_masks[se], std::memory_order_relaxed);
  }
  // A queue waiting at a dispatch for CUs rechecks; update() wakes the CP.
  impl_->kicks.fetch_add(1, std::memory_order_relaxed);
  return impl_->update(id, ring_va, ring_bytes, active);
}

bool CommandProcessor::Impl::dispatch_cus(const cp::Queue& q,
                                          uint32_t (&cu_enable)[FW_GFX9_MAX_SE]) const {
  for (unsigned se = 0; se < FW_GFX9_MAX_SE; ++se)
    cu_enable[se] = q.cu_enable[se].load(std::memory_order_relaxed);
  return engine.any_cu_enabled(cu_enable);
}

void CommandProcessor::unmap_queue(int id) {
  // The cancel flag stops a dispatch of this queue between quanta.
  impl_->remove(id, [](cp::Queue& q) { q.cancel.store(true); });
}

QueueState CommandProcessor::state(int id) const { return impl_->state(id); }

std::string CommandProcessor::error(int id) const { return impl_->error(id); }

// A kick only matters when some queue may have work the CP has not seen
// (a rung doorbell, a packet waiting on a signal): a thread blocking on a
// host-only signal then costs the CP nothing, instead of a wake-up and a
// spin window that would compete with the host threads for the cores.
bool CommandProcessor::Impl::may_have_work() {
  for (const auto& [id, q] : queues) {
    if (q->unmapped || q->state != QueueState::kActive || !q->desc.ring_bytes) continue;
    if (!q->idle.load(std::memory_order_acquire)) return true;
    const uint64_t bell = __atomic_load_n(q->desc.doorbell, __ATOMIC_ACQUIRE);
    if (bell != q->idle_doorbell.load(std::memory_order_relaxed)) return true;
    if (q->desc.type == cp::Hqd::Type::kAql && bell >= q->idle_rptr.load(std::memory_order_relaxed))
      return true;
  }
  return false;
}

void CommandProcessor::kick() {
  impl_->kick([this] { return impl_->may_have_work(); });
}

CommandProcessor::Stats CommandProcessor::stats() const {
  Stats s;
  s.packets = impl_->packets.load(std::memory_order_relaxed);
  s.dispatches = impl_->dispatches.load(std::memory_order_relaxed);
  s.scratch_requests = impl_->scratch_requests.load(std::memory_order_relaxed);
  return s;
}

void CommandProcessor::Impl::main() {
  poll_queues(
      *this,
      [this](cp::Queue& q) {
        q.waiting = false;
        bool moved;
        {
          AddressSpace::Claim claim(reader);
          moved = service(q);
        }
        // With the doorbell, what may_have_work() compares an AQL doorbell
        // against; published by the idle store that follows.
        q.idle_rptr.store(q.rptr, std::memory_order_relaxed);
        return QueuePass{moved, q.waiting};
      },
      doorbell_names_new_work);
}

bool CommandProcessor::Impl::service(cp::Queue& q) {
  return q.desc.type == cp::Hqd::Type::kAql ? service_aql(q) : service_pm4(q);
}

}  // namespace gcn
