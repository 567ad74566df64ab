// memfd-backed memory: sparse until touched, so an 8 GiB VRAM buffer costs
// nothing until the program writes it.
#include "emulated/shared_memory.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>

namespace hsakmt::emu {

int SharedMemory::create(const char* name, uint64_t bytes) {
  release();
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
  return 0;
}

void SharedMemory::release() {
  if (host_) ::munmap(host_, size_);
  if (fd_ >= 0) ::close(fd_);
  host_ = nullptr;
  fd_ = -1;
  size_ = 0;
}

}  // namespace hsakmt::emu
