// What the device process needs from the gcnkfd module's backend file
// (firmware-interfaces/vgpu_backend.h), as an interface: the real file
// (kfd_backend_port.h) or a test's in-process fake. VgpuDevice sees only
// this, so the whole device runs in tests without the module.
#pragma once

#include <cstdint>

#include "ih_entry.h"
#include "vgpu_backend.h"

namespace gcn::device {

class BackendPort {
 public:
  virtual ~BackendPort() = default;

  // The next message, blocking; false once the port shuts down (a signal,
  // the module gone) and no more will come.
  virtual bool next(fw_vgpu_msg* msg) = 0;
  // The message with this seq is done: 0 or a negative errno.
  virtual void ack(uint32_t seq, int32_t result) = 0;

  // The pages at backend offset `offset`, size bytes, mapped into this
  // process (shared with the module); nullptr with errno set on failure.
  virtual void* map(uint64_t offset, uint64_t size, bool writable) = 0;
  // A range of map() leaves the GPU while an engine may still hold a stale
  // translation to it: the pages go back to the module, the host range
  // stays reserved (junk memory) until release(). False if it could not
  // be replaced (the range then still shows the module's pages).
  virtual bool retire(void* host, uint64_t size) = 0;
  // A range of map() (retired or not) is dropped for good: no engine can
  // reach it any more.
  virtual void release(void* host, uint64_t size) = 0;

  // An APU's page request (FW_VGPU_IOC_PAGE_REQUEST): pages of the
  // client process req->pasid at req->va, within the gap req->offset,
  // req->size; 0 with the answer in *req, or a negative errno (-ENODEV:
  // the GPU is not an APU, which a port without the module is not).
  // Thread-safe: an engine thread that missed calls it.
  virtual int page_request(fw_vgpu_page_request* req) {
    (void)req;
    return -ENODEV;
  }

  // An interrupt for the module (IH ring entry). Thread-safe: the engines'
  // threads call it.
  virtual void raise(const fw_ih_entry& entry) = 0;
};

}  // namespace gcn::device
