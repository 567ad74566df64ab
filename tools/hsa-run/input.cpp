#include "input.h"

#include <elf.h>

#include <algorithm>
#include <cstring>

namespace hsarun {

namespace {

#ifndef EM_AMDGPU
constexpr uint16_t EM_AMDGPU = 224;
#endif
// e_ident[EI_OSABI] of an AMDHSA code object, and EI_ABIVERSION per
// version (v2 has no version byte of its own: 0 with HSA notes).
constexpr uint8_t kOsabiAmdgpuHsa = 64;

bool starts_with(const std::vector<uint8_t>& b, const char* magic) {
  const size_t n = std::strlen(magic);
  return b.size() >= n && std::memcmp(b.data(), magic, n) == 0;
}

// HSAIL text: the first token after comments and blank space is "module"
// or "version" (HSAIL 1.0 files start with one of them).
bool looks_like_hsail_text(const std::vector<uint8_t>& b) {
  size_t i = 0;
  while (i < b.size()) {
    const char c = static_cast<char>(b[i]);
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++i;
    } else if (c == '/' && i + 1 < b.size() && b[i + 1] == '/') {
      while (i < b.size() && b[i] != '\n') ++i;
    } else {
      break;
    }
  }
  const std::string rest(b.begin() + static_cast<long>(i),
                         b.begin() + static_cast<long>(std::min(b.size(), i + 8)));
  return rest.rfind("module", 0) == 0 || rest.rfind("version", 0) == 0;
}

}  // namespace

InputFacts classify_input(const std::vector<uint8_t>& bytes) {
  InputFacts f;
  if (starts_with(bytes, "HSA BRIG")) {
    f.kind = InputKind::kHsail;
    f.detail = "BRIG";
    return f;
  }
  if (starts_with(bytes, ELFMAG)) {
    if (bytes.size() < sizeof(Elf64_Ehdr) || bytes[EI_CLASS] != ELFCLASS64) {
      f.kind = InputKind::kOtherElf;
      f.detail = "not a 64-bit ELF file";
      return f;
    }
    Elf64_Ehdr h;
    std::memcpy(&h, bytes.data(), sizeof h);
    if (h.e_machine != EM_AMDGPU) {
      f.kind = InputKind::kOtherElf;
      f.detail = "e_machine " + std::to_string(h.e_machine) + ", not AMDGPU";
      return f;
    }
    f.kind = InputKind::kAmdgpuElf;
    if (h.e_ident[EI_OSABI] == kOsabiAmdgpuHsa)
      f.detail = h.e_ident[EI_ABIVERSION] == 0
                     ? "code object v2"
                     : "code object v" + std::to_string(h.e_ident[EI_ABIVERSION] + 2);
    else
      f.detail = "OS ABI " + std::to_string(h.e_ident[EI_OSABI]);
    return f;
  }
  if (looks_like_hsail_text(bytes)) {
    f.kind = InputKind::kHsail;
    f.detail = "HSAIL text";
  }
  return f;
}

}  // namespace hsarun
