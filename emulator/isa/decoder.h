// Bytes to Inst for gfx9. The encodings are declared as field layouts in
// decoder.cpp; this is the only place that extracts bits from machine code.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "instruction.h"

namespace gcn {

enum class DecodeStatus : uint8_t {
  kOk,
  kTruncated,       // the instruction runs past the available words
  kUnknownFormat,   // no gfx9 encoding starts with these bits
  kUnknownOpcode,   // the format is known but the opcode is not
  kIllegalOperand,  // e.g. a literal where the encoding forbids one
};

const char* decode_status_name(DecodeStatus s);

// Decodes the instruction at words[0]; nwords is how many dwords may be read.
DecodeStatus decode(const uint32_t* words, size_t nwords, Inst* out);

// Highest VGPR index + 1 the instruction names (0 if none). The executor
// compares it with the wave's allocation once, when it decodes.
unsigned vgpr_limit(const Inst& in);

// Looks an opcode row up by encoding and number (nullptr if none).
const OpcodeInfo* find_opcode(Format f, unsigned opcode);

// LLVM-syntax text of one instruction (disassembler.cpp). pc is the byte
// address of the instruction, used to print branch targets.
std::string disassemble(const Inst& in, uint64_t pc);

}  // namespace gcn
