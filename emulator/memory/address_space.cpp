#include "address_space.h"

#include <chrono>
#include <iterator>
#include <thread>

#include "host_page_tables.h"

namespace gcn {

bool AddressSpace::map(uint64_t va, void* host, uint64_t size, bool writable) {
  if (size == 0 || va + size < va) return false;
  std::unique_lock lock(mu_);
  auto it = ranges_.lower_bound(va);
  if (it != ranges_.end() && it->first < va + size) return false;
  if (it != ranges_.begin() && std::prev(it)->first + std::prev(it)->second.size > va) return false;
  ranges_.emplace_hint(it, va, Mapping{va, size, static_cast<uint8_t*>(host), writable});
  return true;
}

bool AddressSpace::unmap(uint64_t va) {
  {
    std::unique_lock lock(mu_);
    auto it = ranges_.find(va);
    if (it == ranges_.end()) return false;
    ranges_.erase(it);
  }
  // seq_cst against Reader::begin: a reader that this scan finds idle
  // stores its claim after the erase, so its lookups no longer find the
  // range.
  wait_readers(generation_.fetch_add(1, std::memory_order_seq_cst) + 1);
  return true;
}

void AddressSpace::wait_readers(uint64_t g) {
  std::lock_guard<std::mutex> lock(readers_mu_);
  for (Reader* r : readers_) {
    // A quantum or a packet is short: spin a little, then sleep.
    for (unsigned spins = 0;; ++spins) {
      const uint64_t seen = r->seen_.load(std::memory_order_seq_cst);
      if (seen == Reader::kIdle || seen >= g) break;
      if (spins < 64)
        std::this_thread::yield();
      else
        std::this_thread::sleep_for(std::chrono::microseconds(20));
    }
  }
}

bool AddressSpace::lookup_mapped(uint64_t va, Mapping* out) const {
  std::shared_lock lock(mu_);
  auto it = ranges_.upper_bound(va);
  if (it == ranges_.begin()) return false;
  --it;
  if (va >= it->first + it->second.size) return false;
  *out = it->second;
  return true;
}

void AddressSpace::gap(uint64_t va, uint64_t* lo, uint64_t* hi) const {
  std::shared_lock lock(mu_);
  auto next = ranges_.upper_bound(va);
  *hi = next == ranges_.end() ? ~0ull : next->first;
  *lo = 0;
  if (next != ranges_.begin()) {
    auto prev = std::prev(next);
    *lo = prev->first + prev->second.size;
    if (*lo > va) *lo = *hi = va;  // covered
  }
}

bool AddressSpace::lookup(uint64_t va, Mapping* out) const {
  // Buffer objects come first: a VRAM buffer's pages are the KFD's, not
  // the CPU mapping at the same address.
  if (lookup_mapped(va, out)) return true;
  if (translator_) return translator_(va, out);
  return host_translation_ && host_vma(va, out);
}

AddressSpace::Reader::Reader(AddressSpace& as) : as_(as) {
  std::lock_guard<std::mutex> lock(as_.readers_mu_);
  as_.readers_.push_back(this);
}

AddressSpace::Reader::~Reader() {
  std::lock_guard<std::mutex> lock(as_.readers_mu_);
  for (auto it = as_.readers_.begin(); it != as_.readers_.end(); ++it)
    if (*it == this) {
      as_.readers_.erase(it);
      break;
    }
}

void AddressSpace::Reader::begin() {
  // Translations made before are gone (the caller starts with empty TLBs),
  // so the current generation is seen.
  local_ = as_.generation_.load(std::memory_order_seq_cst);
  seen_.store(local_, std::memory_order_seq_cst);
}

}  // namespace gcn
