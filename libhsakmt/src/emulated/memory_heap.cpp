#include "emulated/memory_heap.h"

#include <fcntl.h>

namespace hsakmt::emu {

int MemoryHeap::create(const char* name, uint64_t bytes) {
  const int err = file_.create(name, bytes);
  if (err) return err;
  free_.reset(kBase, bytes);
  return 0;
}

bool MemoryHeap::allocate(uint64_t size, uint64_t* offset) {
  if (!ready()) return false;
  const uint64_t at = free_.allocate(size, 1ull << 12);
  if (!at) return false;
  *offset = at - kBase;
  return true;
}

void MemoryHeap::release(uint64_t offset, uint64_t size) {
  fallocate(file_.fd(), FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, static_cast<off_t>(offset),
            static_cast<off_t>(size));
  free_.release(offset + kBase, size);
}

}  // namespace hsakmt::emu
