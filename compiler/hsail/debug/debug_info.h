// The debug sections of a BRIG module, as HSAILasm writes them for `-g` and
// `-include-source`:
//  - "hsa_debug": an ELF32 relocatable file (machine 0xAF5A, HSAIL) holding
//    DWARF 2 for the module: a compile unit; a subprogram per defined kernel
//    and function (low/high pc are hsa_code offsets of its first instruction
//    and of the end of its last), with its formal parameters and its
//    variables, the arg variables of each call's arg block under an
//    HSA "argument scope" entry (tag 0x8000); a variable per module-scope
//    variable; and a line table with one row per instruction (address =
//    the instruction's hsa_code offset). Locations are hsa_code offsets of
//    the variable directives. Addresses carry relocations against two empty
//    sections, .brigcode and .brigdirectives, as HSAILasm's do.
//  - "source": the HSAIL text itself.
// The module must come from the parser: the DWARF is made from the source
// positions it recorded (Module::code_position).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <hsail/brig/module.h>

namespace hsail {

inline constexpr const char* kDebugSectionName = "hsa_debug";
inline constexpr const char* kSourceSectionName = "source";

struct DebugInfoOptions {
  std::string file_name;  // the input file as it was named to the assembler
  std::string comp_dir;   // the directory the assembler ran in
  std::string producer;   // DW_AT_producer
  // With -include-source, the text also goes into the ELF (section .source)
  // and the compile unit names it instead of file_name and comp_dir.
  bool include_source = false;
  std::string_view source;
};

// The payload of the "hsa_debug" section (the ELF file). Throws BrigError
// when the module has no source positions or a malformed executable.
std::vector<uint8_t> debug_section_payload(const Module& m, const DebugInfoOptions& o);

// The payload of the "source" section: the text, a NUL, and spaces up to a
// multiple of 4 bytes (HSAILasm's padding).
std::vector<uint8_t> source_section_payload(std::string_view text);

}  // namespace hsail
