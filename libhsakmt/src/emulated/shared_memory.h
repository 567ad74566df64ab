// Host memory that the emulated KFD and the process can both map: a memfd
// (so the process can mmap it at its own address, MAP_SHARED, as it would a
// buffer object through a render node) plus the KFD's own mapping of it,
// which is what the virtual GPU's address space points at.
#pragma once

#include <cstddef>
#include <cstdint>

namespace hsakmt::emu {

class SharedMemory {
 public:
  SharedMemory() = default;
  ~SharedMemory() { release(); }
  SharedMemory(const SharedMemory&) = delete;
  SharedMemory& operator=(const SharedMemory&) = delete;

  // Creates a zero-filled object of bytes (a page multiple). Returns 0 or
  // -errno (-ENOMEM when the host refuses).
  int create(const char* name, uint64_t bytes);
  void release();

  int fd() const { return fd_; }
  uint64_t size() const { return size_; }
  uint8_t* host() const { return host_; }

 private:
  int fd_ = -1;
  uint64_t size_ = 0;
  uint8_t* host_ = nullptr;
};

}  // namespace hsakmt::emu
