// SDMA engines on an address space of identity-mapped host buffers, with
// helpers that play the driver's and the client's parts: rings with a
// read-pointer write-back slot and a doorbell, packet submission, and the
// interrupts the engines raised.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "ih_entry.h"
#include "memory/address_space.h"
#include "sdma/sdma_engine.h"
#include "sdma_builder.h"
#include "test_mqd.h"

namespace sdma_test {

// Waits up to 20 s (a hang guard, not a timing check) for pred.
inline bool eventually(const std::function<bool()>& pred) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!pred()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::microseconds(50));
  }
  return true;
}

inline uint64_t va(const void* p) { return reinterpret_cast<uintptr_t>(p); }

template <typename T>
T load(const T* p) {
  return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}

struct Ring {
  int id = -1;
  uint32_t* ring = nullptr;
  uint64_t bytes = 0;
  uint64_t* rptr = nullptr;  // write-back slot (GPU memory)
  uint64_t doorbell = 0;
  uint64_t wptr = 0;     // bytes written, growing
  fw_v9_sdma_mqd mqd{};  // as mapped
};

class SdmaTest : public ::testing::Test {
 protected:
  void SetUp() override {
    sdma_ = std::make_unique<gcn::SdmaEngine>(as_, [this](const fw_ih_entry& e) {
      std::lock_guard<std::mutex> lock(irq_mu_);
      irqs_.push_back(e);
    });
  }
  void TearDown() override { sdma_.reset(); }
  ~SdmaTest() override {
    for (auto& [p, bytes] : buffers_) std::free(p);
  }

  // A zeroed, page-aligned host buffer the GPU sees at its host address.
  template <typename T>
  T* buffer(size_t count) {
    const size_t bytes = (count * sizeof(T) + 4095) & ~size_t{4095};
    void* p = std::aligned_alloc(4096, bytes);
    std::memset(p, 0, bytes);
    EXPECT_TRUE(as_.map_host(p, bytes));
    buffers_.emplace_back(p, bytes);
    return static_cast<T*>(p);
  }

  Ring* queue(uint64_t ring_bytes = 4096, uint32_t engine = 0) {
    auto r = std::make_unique<Ring>();
    r->ring = buffer<uint32_t>(ring_bytes / 4);
    r->bytes = ring_bytes;
    r->rptr = buffer<uint64_t>(1);
    *r->rptr = 0xdeadbeef;  // the engine clears it when the queue is mapped
    r->mqd = gcn_test::sdma_mqd(va(r->ring), ring_bytes, va(r->rptr), 0, engine);
    r->id = sdma_->map_queue(r->mqd, gcn_test::owner(&r->doorbell, 1, 7, 8), true);
    EXPECT_GE(r->id, 0);
    rings_.push_back(std::move(r));
    return rings_.back().get();
  }

  // Copies the stream into the ring after the last packet (wrapping) and
  // rings the doorbell with the new write pointer in bytes.
  void submit(Ring* r, const Stream& s, size_t dwords = ~size_t{0}) {
    const auto& d = s.dwords();
    const size_t n = std::min(dwords, d.size());
    const uint64_t ring_dwords = r->bytes / 4;
    for (size_t i = 0; i < n; ++i) r->ring[(r->wptr / 4 + i) % ring_dwords] = d[i];
    r->wptr += n * 4;
    __atomic_store_n(&r->doorbell, r->wptr, __ATOMIC_RELEASE);
  }
  // Waits until the engine reports it consumed everything submitted.
  bool drained(Ring* r) {
    return eventually([&] { return load(r->rptr) == r->wptr; });
  }
  std::vector<fw_ih_entry> interrupts() {
    std::lock_guard<std::mutex> lock(irq_mu_);
    return irqs_;
  }

  gcn::AddressSpace as_;
  std::vector<std::pair<void*, size_t>> buffers_;
  std::vector<std::unique_ptr<Ring>> rings_;
  std::mutex irq_mu_;
  std::vector<fw_ih_entry> irqs_;
  std::unique_ptr<gcn::SdmaEngine> sdma_;  // last: stops before the buffers go
};

}  // namespace sdma_test
