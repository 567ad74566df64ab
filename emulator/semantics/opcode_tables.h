// gfx9's opcode rows, gathered from the family files (ops_*.cpp), as the
// index the decoder looks opcodes up in.
#pragma once

#include "isa/decoder.h"

namespace gcn {

const OpcodeIndex& gfx9_opcodes();

}  // namespace gcn
