// SDMA rings: the thunk's queue, the ring memory, and packet appends from
// any thread.
#include "copy/sdma_ring.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <thread>

#include "memory/gpu_visible_memory.h"

namespace hsart {
namespace {

// As large as a quarter of ROCr's 1 MiB ring: a copy of 1 GiB is 256
// COPY_LINEAR packets (7 KiB), so thousands of copies fit before a writer
// waits for the engine.
constexpr uint64_t kRingBytes = 256 * 1024;

}  // namespace

hsa_status_t SdmaRing::create(const Agent& gpu, std::unique_ptr<SdmaRing>* out) {
  std::unique_ptr<SdmaRing> r(new SdmaRing);
  r->agent_ = &gpu;
  r->ring_bytes_ = kRingBytes;
  r->ring_ = static_cast<uint32_t*>(alloc_gpu_visible(kRingBytes));
  if (!r->ring_) return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  // The thunk fills in the read and write pointers it owns for SDMA.
  if (hsaKmtCreateQueue(gpu.node, HSA_QUEUE_SDMA, 100, HSA_QUEUE_PRIORITY_MAXIMUM, r->ring_,
                        kRingBytes, nullptr, &r->resource_) != HSAKMT_STATUS_SUCCESS ||
      !r->resource_.Queue_write_ptr_aql || !r->resource_.Queue_read_ptr_aql ||
      !r->resource_.Queue_DoorBell_aql)
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  r->created_ = true;
  r->write_ptr_ = r->published_ =
      __atomic_load_n(r->resource_.Queue_write_ptr_aql, __ATOMIC_ACQUIRE);
  *out = std::move(r);
  return HSA_STATUS_SUCCESS;
}

SdmaRing::~SdmaRing() {
  if (created_) hsaKmtDestroyQueue(resource_.QueueId);
  free_gpu_visible(ring_, ring_bytes_);
}

uint64_t SdmaRing::read_ptr() const {
  return __atomic_load_n(resource_.Queue_read_ptr_aql, __ATOMIC_ACQUIRE);
}

bool SdmaRing::drain(uint32_t ms) const {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
  const uint64_t end = __atomic_load_n(resource_.Queue_write_ptr_aql, __ATOMIC_ACQUIRE);
  while (read_ptr() < end) {
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::yield();
  }
  return true;
}

SdmaRing::Writer::Writer(SdmaRing& ring) : r_(ring), lock_(ring.mu_) {}

SdmaRing::Writer::~Writer() { publish(); }

// The packets must be in memory before the engine learns of them: the
// write pointer and the doorbell are release stores.
void SdmaRing::Writer::publish() {
  if (r_.published_ == r_.write_ptr_) return;
  r_.published_ = r_.write_ptr_;
  __atomic_store_n(r_.resource_.Queue_write_ptr_aql, r_.write_ptr_, __ATOMIC_RELEASE);
  __atomic_store_n(r_.resource_.Queue_DoorBell_aql, r_.write_ptr_, __ATOMIC_RELEASE);
}

void SdmaRing::Writer::put(const void* packet, uint32_t bytes) {
  // One dword stays free: equal pointers mean an empty ring.
  const uint64_t room = r_.ring_bytes_ - 4;
  if (r_.write_ptr_ + bytes - r_.read_ptr() > room) {
    publish();
    while (r_.write_ptr_ + bytes - r_.read_ptr() > room) std::this_thread::yield();
  }
  const auto* dw = static_cast<const uint32_t*>(packet);
  const uint64_t ring_dwords = r_.ring_bytes_ / 4;
  const uint64_t at = (r_.write_ptr_ / 4) % ring_dwords;
  // A packet may wrap: the engine reads it modulo the ring too.
  const uint64_t first = std::min<uint64_t>(bytes / 4, ring_dwords - at);
  std::memcpy(r_.ring_ + at, dw, first * 4);
  std::memcpy(r_.ring_, dw + first, bytes - first * 4);
  r_.write_ptr_ += bytes;
}

}  // namespace hsart
