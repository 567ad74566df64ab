// A device's VRAM as one sparse memfd, as the GPU's VRAM is one range of
// physical memory: buffer objects are ranges of it at offsets from a first-
// fit allocator, the KFD sees all of it through one mapping, and the
// process maps a buffer at (heap fd, offset). Buffers allocated one after
// another get neighbouring offsets and, mapped at neighbouring VAs, Linux
// merges their mappings: the process's mapping count is bounded by the
// layout of its memory, not by how many buffers it has (a memfd per
// buffer ran into vm.max_map_count at about 32,000 buffers).
//
// The heap reserves more address space than the VRAM it holds, so that
// fragmentation does not refuse a buffer the VRAM budget allows; freed
// ranges are punched out of the file, which gives the pages back and reads
// as zeros to the next buffer there.
#pragma once

#include <cstdint>

#include "emulated/shared_memory.h"
#include "va_allocator.h"

namespace hsakmt::emu {

class MemoryHeap {
 public:
  MemoryHeap() = default;
  MemoryHeap(const MemoryHeap&) = delete;
  MemoryHeap& operator=(const MemoryHeap&) = delete;

  // Creates the heap of bytes of address space (a page multiple). Returns
  // 0 or -ENOMEM.
  int create(const char* name, uint64_t bytes);
  bool ready() const { return file_.host() != nullptr; }

  // A zero-filled range of size bytes (a page multiple): its offset in the
  // heap, or false when no free range is large enough.
  bool allocate(uint64_t size, uint64_t* offset);
  // Gives the range back; its pages are freed.
  void release(uint64_t offset, uint64_t size);

  int fd() const { return file_.fd(); }
  uint8_t* host() const { return file_.host(); }

 private:
  // The allocator hands out addresses from kBase (0 means "none").
  static constexpr uint64_t kBase = 1ull << 12;
  SharedMemory file_;  // the sparse memfd and the KFD's mapping of all of it
  VaAllocator free_;
};

}  // namespace hsakmt::emu
