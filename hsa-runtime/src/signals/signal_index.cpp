#include "signals/signal_index.h"

namespace hsart {

static_assert((size_t{1} << (64 - 50)) == 16384, "bucket_of shifts down to 14 bits");

SignalIndex::SignalIndex() : table_(new std::atomic<Page*>[kBuckets]) {
  for (size_t b = 0; b < kBuckets; ++b) table_[b].store(nullptr, std::memory_order_relaxed);
}

SignalIndex::~SignalIndex() {
  for (size_t b = 0; b < kBuckets; ++b) delete table_[b].load(std::memory_order_relaxed);
}

bool SignalIndex::add_page(uint64_t base) {
  if (pages_ == kMaxPages) return false;
  auto* page = new Page;
  page->base = base;
  size_t b = bucket_of(base);
  while (table_[b].load(std::memory_order_relaxed)) b = (b + 1) % kBuckets;
  // Release: a reader that finds the page sees its base and empty slots.
  table_[b].store(page, std::memory_order_release);
  ++pages_;
  return true;
}

void SignalIndex::set(uint64_t handle, Signal* s) {
  auto* p = const_cast<Page*>(page_of(handle & ~(kPageBytes - 1)));
  if (p) p->slots[(handle % kPageBytes) / kSlotBytes].store(s, std::memory_order_release);
}

}  // namespace hsart
