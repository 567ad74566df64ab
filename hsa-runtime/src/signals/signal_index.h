// The hot path of every hsa_signal_* call: handle -> Signal* without a
// lock. Signal slots live in 4 KiB pages of 64 slots; the index is an
// insert-only open-addressing table of those pages (a page, once added,
// stays until the pool dies), each page holding an atomic pointer per slot.
// Readers take no lock and touch only the index, never the memory a
// forged handle names; writers (create/destroy) are serialized by the pool.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace hsart {

class Signal;

class SignalIndex {
 public:
  static constexpr uint64_t kPageBytes = 4096;
  static constexpr uint64_t kSlotBytes = 64;
  static constexpr size_t kSlotsPerPage = kPageBytes / kSlotBytes;

  SignalIndex();
  ~SignalIndex();
  SignalIndex(const SignalIndex&) = delete;
  SignalIndex& operator=(const SignalIndex&) = delete;

  // Writers (serialized by the caller).
  // False when the table is full (the pool then refuses new signals).
  bool add_page(uint64_t base);
  // The page of handle must have been added.
  void set(uint64_t handle, Signal* s);

  // Any thread: the signal in the slot handle names, or nullptr.
  Signal* find(uint64_t handle) const {
    if (handle % kSlotBytes != 0) return nullptr;
    const Page* p = page_of(handle & ~(kPageBytes - 1));
    return p ? p->slots[(handle % kPageBytes) / kSlotBytes].load(std::memory_order_acquire)
             : nullptr;
  }

 private:
  struct Page {
    uint64_t base = 0;
    std::atomic<Signal*> slots[kSlotsPerPage] = {};
  };
  // 16 Ki buckets filled to three quarters: 12 Ki pages, 786 Ki signals.
  static constexpr size_t kBuckets = size_t{1} << 14;
  static constexpr size_t kMaxPages = kBuckets / 4 * 3;

  static size_t bucket_of(uint64_t base) {
    return static_cast<size_t>(((base / kPageBytes) * 0x9e3779b97f4a7c15ull) >> 50);
  }

  const Page* page_of(uint64_t base) const {
    for (size_t b = bucket_of(base);; b = (b + 1) % kBuckets) {
      const Page* p = table_[b].load(std::memory_order_acquire);
      if (!p || p->base == base) return p;
    }
  }

  std::unique_ptr<std::atomic<Page*>[]> table_;
  size_t pages_ = 0;
};

}  // namespace hsart
