// What kind of file hsa-run was given: an AMDGPU ELF code object, HSAIL
// (text or BRIG, which needs the finalizer), or something else.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hsarun {

enum class InputKind { kAmdgpuElf, kHsail, kOtherElf, kUnknown };

struct InputFacts {
  InputKind kind = InputKind::kUnknown;
  std::string detail;  // e.g. "code object v3", "e_machine 62"
};

InputFacts classify_input(const std::vector<uint8_t>& bytes);

}  // namespace hsarun
