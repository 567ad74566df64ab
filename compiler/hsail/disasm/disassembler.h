// BRIG to HSAIL text, in the layout HSAILasm -disassemble prints (tabs,
// argument lists, blank lines, constant spellings), so that both tools'
// outputs can be compared line by line.
#pragma once

#include <string>

#include <hsail/brig/module.h>

namespace hsail {

// Throws BrigError for malformed BRIG and for entries outside the supported
// subset ("not supported yet: ...").
std::string disassemble(const Module& m);

}  // namespace hsail
