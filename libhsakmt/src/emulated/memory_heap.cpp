#include "emulated/memory_heap.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>

namespace hsakmt::emu {

int MemoryHeap::create(const char* name, uint64_t bytes) {
  const int fd = memfd_create(name, MFD_CLOEXEC);
  if (fd < 0) return -ENOMEM;
  if (ftruncate(fd, static_cast<off_t>(bytes)) != 0) {
    ::close(fd);
    return -ENOMEM;
  }
  void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, fd, 0);
  if (p == MAP_FAILED) {
    ::close(fd);
    return -ENOMEM;
  }
  fd_ = fd;
  size_ = bytes;
  host_ = static_cast<uint8_t*>(p);
  free_.reset(kBase, bytes);
  return 0;
}

MemoryHeap::~MemoryHeap() {
  if (host_) ::munmap(host_, size_);
  if (fd_ >= 0) ::close(fd_);
}

bool MemoryHeap::allocate(uint64_t size, uint64_t* offset) {
  if (!host_) return false;
  const uint64_t at = free_.allocate(size, 1ull << 12);
  if (!at) return false;
  *offset = at - kBase;
  return true;
}

void MemoryHeap::release(uint64_t offset, uint64_t size) {
  fallocate(fd_, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, static_cast<off_t>(offset),
            static_cast<off_t>(size));
  free_.release(offset + kBase, size);
}

}  // namespace hsakmt::emu
