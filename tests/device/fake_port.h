// A backend port in the test process, standing in for the gcnkfd module:
// "the module's pages" are anonymous mappings it owns at backend offsets,
// map() hands out pointers into them (at host addresses that have nothing
// to do with the GPU VAs the tests map them at), and raise() records the
// IH entries.
#pragma once

#include <sys/mman.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "backend_port.h"

namespace gcn_device_test {

struct Backing {
  uint64_t offset = 0;
  uint8_t* host = nullptr;
  uint64_t size = 0;
};

struct HostRange {
  void* host;
  uint64_t size;
  bool operator==(const HostRange& o) const { return host == o.host && size == o.size; }
};

class FakePort : public gcn::device::BackendPort {
 public:
  ~FakePort() override {
    for (const Backing& b : backings_) munmap(b.host, b.size);
  }

  // Zeroed pages at a new backend offset (past the IH ring at 0).
  Backing add_backing(uint64_t bytes) {
    Backing b;
    b.size = (bytes + 4095) & ~uint64_t{4095};
    b.offset = next_offset_;
    next_offset_ += b.size + 4096;  // a hole between backings
    void* p = mmap(nullptr, b.size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    b.host = p == MAP_FAILED ? nullptr : static_cast<uint8_t*>(p);
    backings_.push_back(b);
    return b;
  }

  bool next(fw_vgpu_msg*) override { return false; }
  void ack(uint32_t, int32_t) override {}
  void* map(uint64_t offset, uint64_t size, bool) override {
    for (const Backing& b : backings_)
      if (offset >= b.offset && offset + size <= b.offset + b.size) {
        mapped_.push_back({b.host + (offset - b.offset), size});
        return b.host + (offset - b.offset);
      }
    errno = ENXIO;  // what the module's mmap answers for an offset it never gave
    return nullptr;
  }
  bool retire(void* host, uint64_t size) override {
    retired_.push_back({host, size});
    return true;
  }
  void release(void* host, uint64_t size) override { released_.push_back({host, size}); }
  void raise(const fw_ih_entry& e) override {
    std::lock_guard<std::mutex> lock(mu_);
    irqs_.push_back(e);
  }

  // An APU's page request: what on_page_request answers (the module's
  // part), -ENODEV (a discrete GPU) without one. Every request is kept.
  int page_request(fw_vgpu_page_request* req) override {
    std::lock_guard<std::mutex> lock(mu_);
    requests_.push_back(*req);
    return on_page_request ? on_page_request(req) : -ENODEV;
  }
  std::vector<fw_vgpu_page_request> requests() {
    std::lock_guard<std::mutex> lock(mu_);
    return requests_;
  }
  // Set before any engine runs.
  std::function<int(fw_vgpu_page_request*)> on_page_request;

  std::vector<fw_ih_entry> interrupts() {
    std::lock_guard<std::mutex> lock(mu_);
    return irqs_;
  }
  // Waits up to 20 s (a hang guard) for an entry of client/source.
  bool wait_for(uint32_t client, uint32_t source, fw_ih_entry* out) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (std::chrono::steady_clock::now() < deadline) {
      for (const fw_ih_entry& e : interrupts())
        if (FW_FIELD_GET(e.dw0, FW_IH_CLIENT_ID) == client &&
            FW_FIELD_GET(e.dw0, FW_IH_SOURCE_ID) == source) {
          *out = e;
          return true;
        }
      std::this_thread::sleep_for(std::chrono::microseconds(100));
    }
    return false;
  }

  std::vector<HostRange> mapped_, retired_, released_;

 private:
  uint64_t next_offset_ = 1ull << 20;
  std::vector<Backing> backings_;
  std::mutex mu_;
  std::vector<fw_ih_entry> irqs_;
  std::vector<fw_vgpu_page_request> requests_;
};

}  // namespace gcn_device_test
