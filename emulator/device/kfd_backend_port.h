// The real backend port: one open /dev/gcnkfd-vgpu attached to one GPU
// (firmware-interfaces/vgpu_backend.h). Messages come from read(), ACKs go
// through ioctl(ACK), the pages a message names are mmap()ed from the same
// file, interrupts go into the IH ring at mmap offset 0 (ih_ring.h).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "backend_port.h"
#include "ih_ring.h"

namespace gcn::device {

class KfdBackendPort : public BackendPort {
 public:
  // Opens path and attaches to gpu_id; nullptr with *error (naming the
  // file, the GPU and the reason) on failure.
  static std::unique_ptr<KfdBackendPort> attach(const std::string& path, uint32_t gpu_id,
                                                std::string* error);
  ~KfdBackendPort() override;  // unmaps the ring and closes the file

  uint32_t gpu_id() const { return gpu_id_; }
  // What ATTACH answered.
  uint32_t compute_units() const { return compute_units_; }
  uint32_t ih_entries() const { return ih_entries_; }

  // Makes next() return false (from any thread, e.g. on SIGTERM).
  void shut_down();

  bool next(fw_vgpu_msg* msg) override;
  void ack(uint32_t seq, int32_t result) override;
  void* map(uint64_t offset, uint64_t size, bool writable) override;
  bool retire(void* host, uint64_t size) override;
  void release(void* host, uint64_t size) override;
  void raise(const fw_ih_entry& entry) override;
  int page_request(fw_vgpu_page_request* req) override;

 private:
  KfdBackendPort() = default;

  int fd_ = -1;
  int wake_fd_ = -1;  // eventfd: shut_down() wakes next()'s poll
  uint32_t gpu_id_ = 0;
  uint32_t compute_units_ = 0;
  uint32_t ih_entries_ = 0;
  void* ring_ = nullptr;
  uint64_t ring_bytes_ = 0;
  std::unique_ptr<IhRing> ih_;
};

}  // namespace gcn::device
