#include "device_context.h"

#include <cerrno>

#include "kfd_device.h"

namespace gcn::device {

DeviceContext::DeviceContext(BackendPort& port, uint32_t pasid, const VirtualGpuConfig& config,
                             void* doorbells, uint64_t doorbell_bytes)
    : port_(port), pasid_(pasid), doorbells_(doorbells), doorbell_bytes_(doorbell_bytes) {
  // Every entry the engines raise carries this process's pasid and VMID
  // already (the QueueOwner of its queues); the port only forwards it.
  gpu_ = std::make_unique<VirtualGpu>(config, [this](const fw_ih_entry& e) { port_.raise(e); });
  gpu_->memory().set_translator(
      [this](uint64_t va, Mapping* out) { return page_request(va, out); });
}

DeviceContext::~DeviceContext() {
  // The engines unmap their queues and stop before their memory goes.
  gpu_.reset();
  for (auto& [va, r] : ranges_) port_.release(r.host, r.size);
  for (const Range& r : retired_) port_.release(r.host, r.size);
  for (auto& [va, r] : ats_) port_.release(r.host, r.size);
  port_.release(doorbells_, doorbell_bytes_);
}

QueueOwner DeviceContext::owner() const {
  QueueOwner o;
  o.pasid = pasid_;
  o.vmid = kContextVmid;
  o.doorbells = static_cast<const volatile uint64_t*>(doorbells_);
  const uint64_t slots = doorbell_bytes_ / sizeof(uint64_t);
  o.doorbell_slots = static_cast<uint32_t>(
      slots < KFDC_DOORBELLS_PER_PROCESS ? slots : uint64_t{KFDC_DOORBELLS_PER_PROCESS});
  return o;
}

int DeviceContext::map(uint64_t va, uint64_t size, void* host, bool writable) {
  drop_page_requests(va, size);
  if (!gpu_->memory().map(va, host, size, writable)) return -EINVAL;
  ranges_[va] = Range{host, size};
  return 0;
}

int DeviceContext::unmap(uint64_t va, uint64_t size) {
  auto it = ranges_.find(va);
  if (it == ranges_.end() || it->second.size != size) return -EINVAL;
  const Range r = it->second;
  ranges_.erase(it);
  // New translations fail from here on (a VM fault); the retire below
  // makes a stale one reach junk instead of the module's pages.
  gpu_->memory().unmap(va);
  retired_.push_back(r);
  return port_.retire(r.host, r.size) ? 0 : -ENOMEM;
}

bool DeviceContext::page_request(uint64_t va, Mapping* out) {
  std::lock_guard<std::mutex> lock(ats_mu_);
  if (!apu_) return false;
  // Another engine thread may have asked for this run meanwhile.
  AddressSpace& as = gpu_->memory();
  if (as.lookup_mapped(va, out)) return true;
  fw_vgpu_page_request req{};
  req.pasid = pasid_;
  req.va = va;
  uint64_t lo = 0, hi = 0;
  as.gap(va, &lo, &hi);
  req.offset = lo;
  req.size = hi - lo;
  const int r = port_.page_request(&req);
  if (r == -ENODEV) apu_ = false;  // a discrete GPU: misses fault
  if (r != 0) return false;
  // The module's answer is checked as a message is: a run holding va.
  const uint64_t page = 4096;
  if (req.size == 0 || (req.va | req.size | req.offset) & (page - 1) || va < req.va ||
      va - req.va >= req.size)
    return false;
  const bool writable = req.flags & FW_VGPU_F_WRITABLE;
  void* host = port_.map(req.offset, req.size, writable);
  if (!host) return false;
  if (!as.map(req.va, host, req.size, writable)) {
    port_.release(host, req.size);
    return false;
  }
  ats_[req.va] = Range{host, req.size};
  return as.lookup_mapped(va, out);
}

void DeviceContext::drop_page_requests(uint64_t va, uint64_t size) {
  std::vector<std::pair<uint64_t, Range>> gone;
  {
    std::lock_guard<std::mutex> lock(ats_mu_);
    for (auto it = ats_.begin(); it != ats_.end();) {
      if (it->first < va + size && va < it->first + it->second.size) {
        gone.emplace_back(*it);
        it = ats_.erase(it);
      } else {
        ++it;
      }
    }
  }
  // Not under ats_mu_: unmap waits for the engine threads, which may be
  // waiting for it in page_request.
  for (auto& [gva, r] : gone) {
    gpu_->memory().unmap(gva);
    retired_.push_back(r);
    port_.retire(r.host, r.size);
  }
}

}  // namespace gcn::device
