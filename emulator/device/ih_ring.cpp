#include "ih_ring.h"

#include <chrono>
#include <thread>

namespace gcn::device {

IhRing::IhRing(void* area, uint32_t entries, std::function<void()> notify)
    : header_(static_cast<fw_vgpu_ih_header*>(area)),
      slots_(reinterpret_cast<fw_ih_entry*>(static_cast<uint8_t*>(area) + FW_VGPU_IH_HEADER_BYTES)),
      entries_(entries),
      // Resume where the ring stands (0 on a fresh attach).
      wptr_(__atomic_load_n(&header_->wptr, __ATOMIC_ACQUIRE)),
      notify_(std::move(notify)) {}

void IhRing::push(const fw_ih_entry& entry) {
  {
    std::unique_lock<std::mutex> lock(mu_);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kFullWaitMs);
    while (wptr_ - __atomic_load_n(&header_->rptr, __ATOMIC_ACQUIRE) >= entries_) {
      if (stopping_.load() || std::chrono::steady_clock::now() > deadline) {
        __atomic_fetch_add(&header_->overflow, 1, __ATOMIC_RELAXED);
        return;
      }
      // Full: the module drains on IRQ; ask, then give it time.
      notify_();
      std::this_thread::sleep_for(std::chrono::microseconds(100));
    }
    slots_[wptr_ & (entries_ - 1)] = entry;
    ++wptr_;
    __atomic_store_n(&header_->wptr, wptr_, __ATOMIC_RELEASE);
  }
  notify_();
}

}  // namespace gcn::device
