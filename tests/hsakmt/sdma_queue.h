// An SDMA queue through the thunk, driven as ROCr's blit code drives one on
// gfx9: the thunk owns the read and write pointers (64-bit byte offsets
// that only grow), the client writes packets, stores the write pointer and
// rings the doorbell with it. Shared by the SDMA, peer and doorbell tests.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <thread>

#include "../sdma/sdma_builder.h"
#include "thunk_gpu.h"

namespace hsakmt_test {

inline uint64_t va(const void* p) { return reinterpret_cast<uintptr_t>(p); }

// Polls pred for up to 20 s.
inline bool eventually(const std::function<bool()>& pred) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!pred()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::microseconds(50));
  }
  return true;
}

class SdmaQueue {
 public:
  static constexpr size_t kRingBytes = 64 * 1024;

  explicit SdmaQueue(uint32_t node, HSA_QUEUE_TYPE type = HSA_QUEUE_SDMA)
      : ring_(alloc_array<uint32_t>(kRingBytes / 4)) {
    status_ = hsaKmtCreateQueue(node, type, 100, HSA_QUEUE_PRIORITY_MAXIMUM, ring_, kRingBytes,
                                nullptr, &r_);
  }
  ~SdmaQueue() {
    if (status_ == HSAKMT_STATUS_SUCCESS) {
      EXPECT_EQ(hsaKmtDestroyQueue(r_.QueueId), HSAKMT_STATUS_SUCCESS);
    }
    free_system(ring_, kRingBytes);
  }
  HSAKMT_STATUS status() const { return status_; }
  const HsaQueueResource& resource() const { return r_; }

  void submit(const sdma_test::Stream& s) {
    const auto& d = s.dwords();
    for (size_t i = 0; i < d.size(); ++i) ring_[(wptr_ / 4 + i) % (kRingBytes / 4)] = d[i];
    wptr_ += s.bytes();
    __atomic_store_n(r_.Queue_write_ptr_aql, wptr_, __ATOMIC_RELEASE);
    __atomic_store_n(r_.Queue_DoorBell_aql, wptr_, __ATOMIC_RELEASE);
  }
  bool drained() const {
    return eventually(
        [&] { return __atomic_load_n(r_.Queue_read_ptr_aql, __ATOMIC_ACQUIRE) == wptr_; });
  }
  uint64_t read_ptr() const { return __atomic_load_n(r_.Queue_read_ptr_aql, __ATOMIC_ACQUIRE); }

 private:
  uint32_t* ring_;
  HsaQueueResource r_{};
  HSAKMT_STATUS status_ = HSAKMT_STATUS_ERROR;
  uint64_t wptr_ = 0;
};

}  // namespace hsakmt_test
