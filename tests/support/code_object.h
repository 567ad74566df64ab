// Loads a gfx900 code object (ELF, code object v3/v4 as clang-14 writes it)
// into host memory for the virtual GPU: PT_LOAD segments land at their
// p_vaddr offsets in one 4 KiB-aligned buffer, dynamic relocations are
// applied against that buffer's address, and "<name>.kd" symbols locate
// the kernel descriptors. The buffer's address is its GPU address once the
// caller identity-maps it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "kernel_descriptor.h"

namespace gcn::test {

class CodeObject {
 public:
  CodeObject() = default;
  ~CodeObject();
  CodeObject(const CodeObject&) = delete;
  CodeObject& operator=(const CodeObject&) = delete;

  // Reads the ELF at path. On failure returns false and sets *error to a
  // message naming the file and the reason.
  bool load(const std::string& path, std::string* error);

  uint8_t* image() const { return image_; }
  size_t image_size() const { return image_size_; }
  const std::string& path() const { return path_; }

  // The kernel descriptor of kernel `name` (without ".kd"), or nullptr.
  const fw_kernel_descriptor* descriptor(const std::string& name) const;
  // Address of the kernel's first instruction, or nullptr.
  uint8_t* entry(const std::string& name) const;
  std::vector<std::string> kernel_names() const;

 private:
  bool fail(std::string* error, const std::string& why) const;

  std::string path_;
  uint8_t* image_ = nullptr;
  size_t image_size_ = 0;
  std::map<std::string, uint64_t> kd_offsets_;  // kernel name -> image offset
};

}  // namespace gcn::test
