// One row per HSAIL opcode: how its mnemonic is spelled (which modifiers in
// which order), which types it takes, what its operands are and which BRIG
// instruction format carries it. The parser, the disassembler and (later)
// the validator read these rows; supporting a new instruction means adding
// a row, not a case in a switch.
#pragma once

#include <cstdint>
#include <string_view>

namespace hsail {

// BRIG instruction format chosen for the opcode (PRM 18.5.2).
enum class InstFormat : uint8_t {
  kBasic,         // fw_brig_inst_basic
  kMod,           // fw_brig_inst_mod when ftz or a rounding is written, else basic
  kMem,           // ld, st
  kAddr,          // lda
  kCmp,           // cmp
  kCvt,           // cvt
  kBr,            // br, cbr, barrier, call
  kAtomic,        // atomic, atomicnoret
  kMemFence,      // memfence
  kSourceType,    // popcount, firstbit, lastbit, class
  kSeg,           // nullptr
  kSegCvt,        // segmentp, ftos, stof
  kLane,          // activelane*: cross-lane operations
  kQueue,         // user-mode queue indices
  kSignal,        // signal, signalnoret
  kImage,         // rdimage, ldimage, stimage (three types: value, image, coordinates)
  kQueryImage,    // queryimage
  kQuerySampler,  // querysampler
};

// Mnemonic modifiers, in the order they must appear (PRM 19 grammar).
enum ModifierBit : uint32_t {
  kModAtomicOp = 1u << 0,          // add, cas ... (atomics)
  kModCompare = 1u << 1,           // eq, lt ... (cmp)
  kModSegment = 1u << 2,           // global, group ... (optional: flat)
  kModAlign = 1u << 3,             // align(n)
  kModConst = 1u << 4,             // const
  kModOrder = 1u << 5,             // rlx, scacq ... (required when present in the row)
  kModScope = 1u << 6,             // wave, wg, agent, system (required when present)
  kModEquiv = 1u << 7,             // equiv(n)
  kModWidth = 1u << 8,             // width(n), width(WAVESIZE), width(all)
  kModFtz = 1u << 9,               // ftz
  kModRound = 1u << 10,            // near, zero, up, down, neari ...
  kModNonull = 1u << 11,           // nonull (segment conversions)
  kModSegmentRequired = 1u << 12,  // the segment modifier may not be omitted
  kModVector = 1u << 13,           // v2, v3, v4: operand 0 is a register vector (ld, st)
  kModPack = 1u << 14,             // pp, ps, sp, ss, s, p (+ _sat): packed types need it
  kModGeometry = 1u << 15,         // 1d, 2d, 3d, 1da, 2da, 1db, 2ddepth, 2dadepth (required)
  kModImageQuery = 1u << 16,       // width, height ... (required)
  kModSamplerQuery = 1u << 17,     // addressing, coord, filter (required)
};

// Operand roles, one character each in InstDesc::operands:
//   'd' destination register of the instruction type
//   's' source register or immediate of the instruction type
//   'c' source register or immediate of type b1 (cmov's condition); for a
//       packed type, of its unsigned shape (u32x2 for f32x2: a control
//       per element)
//   'S' source register or immediate of the source type (cmp, cvt)
//   'u' source register or immediate of type u32 (shift amounts)
//   'w' source register or immediate of type b32 (shuffle's control: any
//       32 bits, so a float literal too, as HSAILasm takes it)
//   'n' immediate u32 dimension number 0..2
//   'a' address expression
//   'l' label
//   'A' atomic operands (depend on the atomic operation)
//   'C' call operands (target and argument lists)
//   'I' icall/scall operands (register target, argument lists, signature
//       or function list)
//   'f' fbarrier: its name, or a u32 register holding its address
//   'U' source register or immediate of type u64 (timeouts)
//   'L' bracketed label list, written without a comma before it (sbr)
//   'm' sampler register; 'k' image coordinates of the coordinate type, a
//       vector of as many as the geometry needs
//   'V' source vector of the source type (combine); with kModVector a 'd'
//       or 's' operand 0 is a vector of the instruction type instead
//   'Q' queue operands (depend on the opcode), 'G' signal operands (depend
//       on the signal operation)
struct InstDesc {
  const char* name;
  uint16_t opcode;
  InstFormat format;
  uint32_t modifiers;     // ModifierBit set
  bool source_type;       // mnemonic ends with a second (source) type
  bool untyped;           // no type suffix at all (br, ret, barrier, call)
  const char* types;      // allowed instruction types, space separated
  const char* operands;   // operand roles, see above
  uint8_t default_width;  // fw_brig_width used when the width is not written
  bool rounding;          // float rounding applies (kMod rows)
};

const InstDesc* find_inst(std::string_view name);
const InstDesc* find_inst(uint16_t opcode);
// True if type_name is listed in desc.types.
bool inst_allows_type(const InstDesc& desc, std::string_view type_name);
// Types an atomic operation takes (PRM 6.6): bit types for ld, st, and,
// or, xor, exch, cas; integer types for the arithmetic ones.
bool atomic_op_allows_type(int atomic_op, std::string_view type_name);
// True if the instruction may name this segment (most allow every one;
// segment conversions and nullptr allow only some, PRM 5.16, 5.17).
bool inst_allows_segment(const InstDesc& desc, std::string_view segment_name);

}  // namespace hsail
