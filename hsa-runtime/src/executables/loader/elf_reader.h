// Bounds-checked access to an ELF64 little-endian image held in memory:
// every read names the file offset it wanted when it falls outside.
#pragma once

#include <elf.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

namespace hsart::loader {

class ElfReader {
 public:
  ElfReader(const uint8_t* data, size_t size, std::string* error)
      : data_(data), size_(size), error_(error) {}

  size_t size() const { return size_; }
  const uint8_t* data() const { return data_; }

  // True if [offset, offset + len) lies inside the file.
  bool contains(uint64_t offset, uint64_t len) const {
    return offset <= size_ && len <= size_ - offset;
  }

  // Copies a T from `offset`; on overrun fails naming `what`.
  template <typename T>
  bool read(uint64_t offset, T* out, const char* what) const {
    if (!contains(offset, sizeof(T)))
      return fail(std::string(what) + " at file offset " + std::to_string(offset) +
                  " runs past the end of the file (" + std::to_string(size_) + " bytes)");
    std::memcpy(out, data_ + offset, sizeof(T));
    return true;
  }

  // Sets the error (first one wins) and returns false.
  bool fail(const std::string& why) const {
    if (error_->empty()) *error_ = why;
    return false;
  }

 private:
  const uint8_t* data_;
  size_t size_;
  std::string* error_;
};

}  // namespace hsart::loader
