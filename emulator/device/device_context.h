// One process on the virtual GPU: what a VMID holds on hardware. Its own
// gcn::VirtualGpu (address space, shader engine, CP, SDMA engines), the
// process's doorbell slice and the GPUVM ranges the module mapped for it.
// A context's address space holds only its own pasid's VM_MAP ranges, so a
// kernel of one process cannot reach another's memory: it faults. On an
// APU (the module's apu parameter) a miss asks the module for the pages
// of this pasid's process there (page_request), as IOMMUv2 answers a
// GPU's page request; those runs are mapped as ranges too.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "backend_port.h"
#include "platform/virtual_gpu.h"

namespace gcn::device {

// The VMID a context's queues run on (the in-process emulated KFD uses the
// same); the trap handler registers of that VMID are the process's.
inline constexpr uint32_t kContextVmid = 8;

class DeviceContext {
 public:
  // The doorbell slice (doorbells, doorbell_bytes) comes from port.map()
  // and is released with the context.
  DeviceContext(BackendPort& port, uint32_t pasid, const VirtualGpuConfig& config, void* doorbells,
                uint64_t doorbell_bytes);
  // Stops the engines, then drops every range (live and retired) and the
  // doorbells.
  ~DeviceContext();
  DeviceContext(const DeviceContext&) = delete;
  DeviceContext& operator=(const DeviceContext&) = delete;

  uint32_t pasid() const { return pasid_; }
  VirtualGpu& gpu() { return *gpu_; }
  // What the CP and the SDMA engines are told about this process's queues.
  QueueOwner owner() const;

  // VM_MAP: [va, va + size) -> the host pages. 0, or -EINVAL when the
  // range overlaps one already mapped (the caller releases host).
  int map(uint64_t va, uint64_t size, void* host, bool writable);
  // VM_UNMAP of the range an earlier map() made at va (same size): gone
  // from the address space, its pages handed back (port.retire) while the
  // host range stays reserved until the context goes, because an engine's
  // one-entry TLB may still point into it. 0, -EINVAL for no such range,
  // -ENOMEM when the pages could not be replaced.
  int unmap(uint64_t va, uint64_t size);

  size_t mapped_ranges() const { return ranges_.size(); }
  size_t retired_ranges() const { return retired_.size(); }
  size_t page_request_ranges() {
    std::lock_guard<std::mutex> lock(ats_mu_);
    return ats_.size();
  }

 private:
  struct Range {
    void* host = nullptr;
    uint64_t size = 0;
  };

  // The address space's translator: a miss at va becomes a page request
  // to the module (engine threads, one request at a time).
  bool page_request(uint64_t va, Mapping* out);
  // VM_MAP of [va, va + size): page-request runs there give way (the
  // buffer's pages come first; a later miss asks again).
  void drop_page_requests(uint64_t va, uint64_t size);

  BackendPort& port_;
  const uint32_t pasid_;
  void* doorbells_;
  uint64_t doorbell_bytes_;
  std::map<uint64_t, Range> ranges_;  // live, by GPU VA
  std::vector<Range> retired_;
  // Page-request runs by GPU VA; the message thread drops them, engine
  // threads add them.
  std::mutex ats_mu_;
  std::map<uint64_t, Range> ats_;
  bool apu_ = true;                  // until the module says otherwise (-ENODEV); ats_mu_
  std::unique_ptr<VirtualGpu> gpu_;  // last: its engines stop first
};

}  // namespace gcn::device
