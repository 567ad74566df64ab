// Bytes to Inst for gfx9. The encodings are declared as field layouts in
// decoder.cpp; this is the only place that extracts bits from machine code.
#pragma once

#include <array>
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

// The opcode rows the decoder looks up, by encoding and number. The rows
// are defined next to their semantics (semantics/opcode_tables.h gathers
// gfx9's), so the decoder takes them from its caller rather than naming
// them: decoding stays below the code that acts on waves.
class OpcodeIndex {
 public:
  OpcodeIndex(const OpcodeTable* tables, size_t count);
  // The row for an opcode of an encoding (nullptr if none).
  const OpcodeInfo* find(Format f, unsigned opcode) const;

 private:
  static constexpr unsigned kOpcodes = 1024;  // wider than any encoding's opcode field
  std::array<std::array<const OpcodeInfo*, kOpcodes>, static_cast<size_t>(Format::Count)>
      by_format_{};
};

// Decodes the instruction at words[0] with the rows of `opcodes`; nwords
// is how many dwords may be read.
DecodeStatus decode(const OpcodeIndex& opcodes, const uint32_t* words, size_t nwords, Inst* out);

// VDATA dwords of a MIMG instruction: one per DMASK bit (gather4: 4; at
// least 1), halved rounding up for d16, plus the TFE status dword.
unsigned mimg_data_dwords(const Inst& in);

// Highest VGPR index + 1 the instruction names (0 if none). The executor
// compares it with the wave's allocation once, when it decodes.
unsigned vgpr_limit(const Inst& in);
// The first VGPR beyond an allocation of nvgpr that the instruction names
// ("v28"), or "" if none.
std::string first_vgpr_beyond(const Inst& in, unsigned nvgpr);
// Applies the ISA's out-of-range rules for an allocation of nvgpr VGPRs
// (Vega ISA, "Out-of-range behavior"): a source beyond it reads from v0
// instead (a register tuple that crosses the end: the tuple from v0), and
// false means a destination is beyond it, so the instruction must not
// run (a memory instruction is issued with EXEC = 0: no access, no result).
bool confine_vgprs(Inst& in, unsigned nvgpr);

// LLVM-syntax text of one instruction (disassembler.cpp). pc is the byte
// address of the instruction, used to print branch targets.
std::string disassemble(const Inst& in, uint64_t pc);

}  // namespace gcn
