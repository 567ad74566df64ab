// First-fit allocator of GPU virtual address ranges inside the range the
// thunk reserved (like ROCm's SVM aperture). Not thread-safe: the memory
// manager serialises calls.
#pragma once

#include <cstdint>
#include <map>

namespace hsakmt {

class VaAllocator {
 public:
  void reset(uint64_t base, uint64_t size);
  uint64_t base() const { return base_; }
  uint64_t size() const { return size_; }

  // A free range of size bytes aligned to align (a power of two), or 0.
  uint64_t allocate(uint64_t size, uint64_t align);
  // Claims [va, va + size) exactly (fixed-address allocations). False when
  // any part of it is outside the range or in use.
  bool claim(uint64_t va, uint64_t size);
  // Returns [va, va + size) to the free list, merging neighbours.
  void release(uint64_t va, uint64_t size);

 private:
  uint64_t base_ = 0, size_ = 0;
  std::map<uint64_t, uint64_t> free_;  // start -> size, non-adjacent
};

}  // namespace hsakmt
