// The generated corpus: programs made by changing one instruction of a
// corpus file in one way (a type, a modifier, an operand), most of them
// invalid. Both assemblers judge every one; the verdicts must agree.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hsail_test {

struct Mutant {
  std::string origin;  // "file.hsail:line: what changed"
  std::string text;    // the whole program
  int line = 0;        // the changed line (1-based)
};

// Every mutant of one program, in a fixed order, without duplicates.
std::vector<Mutant> mutate_program(const std::string& name, const std::string& text);

// FNV-1a of the text: the key of the oracle's cached verdicts.
uint64_t text_hash(const std::string& text);

}  // namespace hsail_test
