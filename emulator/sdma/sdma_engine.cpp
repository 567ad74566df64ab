// The SDMA engines' queues and their thread. The thread is the CP's poll
// loop (platform/queue_poller.h), so idle engines cost almost nothing, and
// sleeps without a limit while no queue is mapped; a queue found empty
// is not looked at again until its doorbell changes. kick() and map_queue()
// wake it at once.
//
// Pointers: the doorbell holds the write pointer and the engine writes back
// its read pointer, both 64-bit byte offsets that only grow (SDMA v4 as
// ROCr drives it); the ring position is the offset modulo the ring size.
#include <chrono>
#include <cstdio>

#include "platform/ih_entry_build.h"
#include "platform/queue_poller.h"
#include "sdma/sdma_internal.h"
#include "sdma_packets.h"

namespace gcn {

namespace {

// The smallest ring that holds the largest fixed-size packet several times.
constexpr uint64_t kMinRingBytes = 256;

// UTCL2 reports translation faults with source id 0 (as for the CP).
constexpr uint32_t kSrcUtcl2Fault = 0;

bool ring_ok(uint64_t bytes) {
  return bytes == 0 || (!(bytes & (bytes - 1)) && bytes >= kMinRingBytes);
}

}  // namespace

SdmaEngine::SdmaEngine(AddressSpace& memory, InterruptHandler irq)
    : impl_(new Impl(memory, std::move(irq))) {
  impl_->thread = std::thread([this] { impl_->main(); });
}

SdmaEngine::~SdmaEngine() {
  impl_->shut_down([this](int id) { unmap_queue(id); });
  delete impl_;
}

int SdmaEngine::map_queue(const fw_v9_sdma_mqd& mqd, const QueueOwner& owner, bool active) {
  sdma::RlcQueue d;
  d.ring_va = fw_v9_sdma_mqd_ring_base(&mqd);
  d.ring_bytes = fw_v9_sdma_mqd_ring_bytes(&mqd);
  d.read_ptr_va = fw_v9_sdma_mqd_rptr_addr(&mqd);
  const uint32_t slot = fw_v9_sdma_mqd_doorbell_slot(&mqd);
  if (!owner.doorbells || slot >= owner.doorbell_slots) return -1;
  d.doorbell = owner.doorbells + slot;
  d.engine = mqd.sdma_engine_id;
  d.pasid = owner.pasid;
  d.vmid = owner.vmid;
  d.active = active;
  if (!ring_ok(d.ring_bytes)) return -1;
  auto q = std::make_shared<sdma::Queue>();
  q->desc = d;
  q->state = active ? QueueState::kActive : QueueState::kInactive;
  // A new queue starts at offset 0, as the KFD's fresh MQD does; the
  // write-back slot is cleared so the client sees a consistent pointer.
  if (d.read_ptr_va) {
    cp::GpuMemory mem(impl_->memory);
    mem.store_release<uint64_t>(d.read_ptr_va, 0);
  }
  return impl_->add(std::move(q));
}

bool SdmaEngine::update_queue(int id, const fw_v9_sdma_mqd& mqd, bool active) {
  const uint64_t ring_bytes = fw_v9_sdma_mqd_ring_bytes(&mqd);
  if (!ring_ok(ring_bytes)) return false;
  return impl_->update(id, fw_v9_sdma_mqd_ring_base(&mqd), ring_bytes, active);
}

void SdmaEngine::unmap_queue(int id) {
  impl_->remove(id, [](sdma::Queue&) {});
}

QueueState SdmaEngine::state(int id) const { return impl_->state(id); }

std::string SdmaEngine::error(int id) const { return impl_->error(id); }

// As for the CP: a kick only wakes the thread when some queue may have
// work it has not seen (a rung doorbell, a packet that waits), so a thread
// blocking on an unrelated event costs the engines nothing.
bool SdmaEngine::Impl::may_have_work() {
  for (const auto& [id, q] : queues) {
    if (q->unmapped || q->state != QueueState::kActive || !q->desc.ring_bytes) continue;
    if (!q->idle.load(std::memory_order_acquire)) return true;
    if (__atomic_load_n(q->desc.doorbell, __ATOMIC_ACQUIRE) !=
        q->idle_doorbell.load(std::memory_order_relaxed))
      return true;
  }
  return false;
}

void SdmaEngine::kick() {
  impl_->kick([this] { return impl_->may_have_work(); });
}

uint64_t SdmaEngine::packets() const { return impl_->packets.load(std::memory_order_relaxed); }

void SdmaEngine::Impl::main() {
  poll_queues(
      *this,
      [this](sdma::Queue& q) {
        QueuePass pass;
        pass.moved = service(q, &pass.waiting);
        return pass;
      },
      // The doorbell holds the write pointer: unchanged, it names nothing new.
      [](const sdma::Queue&, uint64_t) { return false; });
}

bool SdmaEngine::Impl::service(sdma::Queue& q, bool* waiting) {
  cp::GpuMemory mem(memory);
  // Unmaps wait for this thread between packets, not within one.
  AddressSpace::Claim claim(reader);
  const sdma::RlcQueue& d = q.desc;
  const uint64_t ring_dwords = d.ring_bytes / 4;
  bool progress = false;

  while (q.state == QueueState::kActive) {
    reader.checkpoint([&] { mem.forget(); });
    const uint64_t wptr = __atomic_load_n(d.doorbell, __ATOMIC_ACQUIRE);
    if (wptr == q.rptr) break;
    const std::string where = "SDMA ring byte " + std::to_string(q.rptr % d.ring_bytes);
    if (wptr < q.rptr || wptr - q.rptr > d.ring_bytes || (wptr & 3)) {
      fail_queue(q, where + ": write pointer " + hex(wptr) + " is not ahead of the read pointer " +
                        hex(q.rptr) + " within the ring");
      break;
    }
    const uint64_t avail = (wptr - q.rptr) / 4;
    const uint64_t first = (q.rptr / 4) % ring_dwords;
    // Copies dwords [have, upto) of the packet out of the ring (it may wrap).
    auto fetch = [&](uint32_t have, uint32_t upto) {
      q.packet.resize(upto);
      for (uint32_t i = have; i < upto; ++i)
        if (!mem.read(d.ring_va + ((first + i) % ring_dwords) * 4, &q.packet[i], 4)) return false;
      return true;
    };
    const uint32_t head = static_cast<uint32_t>(std::min<uint64_t>(avail, 4));
    if (!fetch(0, head)) {
      fault(q, where, d.ring_va);
      break;
    }
    uint32_t size = sdma_packet_dwords(q.packet.data(), head);
    if (!size) {
      fail_queue(q, where + ": unknown operation " +
                        std::to_string(FW_FIELD_GET(q.packet[0], FW_SDMA_HEADER_OP)) + " sub-op " +
                        std::to_string(FW_FIELD_GET(q.packet[0], FW_SDMA_HEADER_SUB_OP)));
      break;
    }
    if (size > ring_dwords) {
      fail_queue(q,
                 where + ": a packet of " + std::to_string(size) + " dwords does not fit the ring");
      break;
    }
    if (size > avail) break;  // the rest is not published yet
    if (!fetch(head, size)) {
      fault(q, where, d.ring_va);
      break;
    }
    const sdma::Step s = execute(q, mem, q.packet.data(), size, where);
    if (s == sdma::Step::kBlocked) {
      *waiting = true;
      break;
    }
    if (s == sdma::Step::kError) break;
    q.rptr += size * 4ull;
    packets.fetch_add(1, std::memory_order_relaxed);
    progress = true;
    if (d.read_ptr_va && !mem.store_release<uint64_t>(d.read_ptr_va, q.rptr)) {
      fault(q, "SDMA read pointer write-back", d.read_ptr_va);
      break;
    }
  }
  return progress;
}

void SdmaEngine::Impl::raise(uint32_t client, uint32_t source, const sdma::Queue& q, uint32_t data0,
                             uint32_t data1) {
  if (irq) irq(ih_entry(client, source, q.desc.vmid, q.desc.pasid, gpu_clock(), data0, data1));
}

sdma::Step SdmaEngine::Impl::fail_queue(sdma::Queue& q, const std::string& why) {
  const std::string text = "SDMA queue " + std::to_string(q.id) + ": " + why;
  std::fprintf(stderr, "gcn-emu: %s\n", text.c_str());
  {
    std::lock_guard<std::mutex> lock(mu);
    q.state = QueueState::kError;
    q.error = text;
  }
  raise(FW_IH_CLIENT_SDMA0 + q.desc.engine, FW_IH_SRC_SDMA_SRBM_WRITE, q, 0);
  return sdma::Step::kError;
}

sdma::Step SdmaEngine::Impl::fault(sdma::Queue& q, const std::string& where, uint64_t va) {
  const std::string text =
      "SDMA queue " + std::to_string(q.id) + ": " + where + ": page fault at " + hex(va);
  std::fprintf(stderr, "gcn-emu: %s\n", text.c_str());
  {
    std::lock_guard<std::mutex> lock(mu);
    q.state = QueueState::kError;
    q.error = text;
  }
  // An unmapped page: a protection fault with the "valid" bit (NotPresent).
  const uint64_t page = va >> 12;
  if (irq)
    irq(ih_entry(FW_IH_CLIENT_UTCL2, kSrcUtcl2Fault, q.desc.vmid, q.desc.pasid, gpu_clock(),
                 static_cast<uint32_t>(page), FW_FIELD_PREP(FW_IH_VM_FAULT_PAGE_HI, page >> 32),
                 FW_IH_VM_FAULT_PROT_VALID));
  return sdma::Step::kError;
}

}  // namespace gcn
