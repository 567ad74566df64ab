// Assembles gfx900 instructions with the oracle llvm-mc-14, for tests that
// run hand-written machine code on the virtual GPU.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gcn_test {

struct Assembly {
  std::vector<uint32_t> words;
  std::string error;  // llvm-mc's diagnostics when it failed
};

// One instruction per line; SOPP branches may name a label ("loop:" on a
// line of its own) or take a dword offset.
Assembly assemble_gfx900(const std::string& text);

}  // namespace gcn_test
