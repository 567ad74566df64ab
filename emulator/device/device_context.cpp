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
}

DeviceContext::~DeviceContext() {
  // The engines unmap their queues and stop before their memory goes.
  gpu_.reset();
  for (auto& [va, r] : ranges_) port_.release(r.host, r.size);
  for (const Range& r : retired_) port_.release(r.host, r.size);
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

}  // namespace gcn::device
