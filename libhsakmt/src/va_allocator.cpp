#include "va_allocator.h"

#include <iterator>

namespace hsakmt {

void VaAllocator::reset(uint64_t base, uint64_t size) {
  base_ = base;
  size_ = size;
  free_.clear();
  if (size) free_[base] = size;
}

uint64_t VaAllocator::allocate(uint64_t size, uint64_t align) {
  if (size == 0) return 0;
  for (auto it = free_.begin(); it != free_.end(); ++it) {
    const uint64_t start = (it->first + align - 1) & ~(align - 1);
    const uint64_t end = it->first + it->second;
    if (start < it->first || start + size < start || start + size > end) continue;
    if (claim(start, size)) return start;
  }
  return 0;
}

bool VaAllocator::claim(uint64_t va, uint64_t size) {
  if (size == 0 || va + size < va) return false;
  auto it = free_.upper_bound(va);
  if (it == free_.begin()) return false;
  --it;
  const uint64_t start = it->first, end = it->first + it->second;
  if (va + size > end) return false;
  free_.erase(it);
  if (va > start) free_[start] = va - start;
  if (va + size < end) free_[va + size] = end - (va + size);
  return true;
}

void VaAllocator::release(uint64_t va, uint64_t size) {
  if (size == 0) return;
  auto next = free_.lower_bound(va);
  uint64_t start = va, end = va + size;
  if (next != free_.begin()) {
    auto prev = std::prev(next);
    if (prev->first + prev->second == start) {
      start = prev->first;
      free_.erase(prev);
    }
  }
  if (next != free_.end() && next->first == end) {
    end += next->second;
    free_.erase(next);
  }
  free_[start] = end - start;
}

}  // namespace hsakmt
