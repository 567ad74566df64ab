// gfx9 instruction encodings (formats) and the operand-type vocabulary the
// opcode tables use. Encodings from LLVM's SIInstrFormats.td / the Vega ISA
// manual, chapter 12 ("Microcode Formats").
#pragma once

#include <cstdint>

namespace gcn {

enum class Format : uint8_t {
  SOP2,
  SOPK,
  SOP1,
  SOPC,
  SOPP,
  SMEM,
  VOP2,
  VOP1,
  VOPC,
  VOP3,  // VOP3A and VOP3B; VOP1/2/C rows are also reachable through it
  VOP3P,
  DS,
  MUBUF,
  MTBUF,
  FLAT,  // FLAT, GLOBAL and SCRATCH share one encoding (seg field)
  MIMG,  // image instructions (T# in SRSRC, S# in SSAMP)
  Count
};

const char* format_name(Format f);

// Operand types. They decide how many registers an operand spans and how an
// inline constant or a 32-bit literal widens (AMDGPU operand syntax:
// "Conversion of integer/floating-point values").
enum class Ty : uint8_t {
  None,
  B16,  // 16-bit integer
  F16,
  B32,  // 32-bit integer (signedness does not change encoding)
  F32,
  B64,  // 64-bit unsigned/bitwise: literal zero-extended
  I64,  // 64-bit signed: literal sign-extended
  F64,  // literal is the high 32 bits
};

constexpr unsigned ty_dwords(Ty t) {
  return (t == Ty::B64 || t == Ty::I64 || t == Ty::F64) ? 2 : 1;
}
constexpr bool ty_is_64(Ty t) { return ty_dwords(t) == 2; }

// Scalar operand codes (SSRC/SDST, and the low 256 values of a 9-bit VOP
// source). SGPRs 0..101 and the special registers live in one 128-entry file
// indexed by these codes, so VCC, EXEC and M0 need no special cases.
namespace op {
constexpr uint16_t kSgprLast = 101;
constexpr uint16_t kFlatScratchLo = 102;
constexpr uint16_t kFlatScratchHi = 103;
constexpr uint16_t kXnackMaskLo = 104;
constexpr uint16_t kXnackMaskHi = 105;
constexpr uint16_t kVccLo = 106;
constexpr uint16_t kVccHi = 107;
constexpr uint16_t kTtmp0 = 108;  // ttmp0..ttmp15 = 108..123
constexpr uint16_t kM0 = 124;
constexpr uint16_t kExecLo = 126;
constexpr uint16_t kExecHi = 127;
constexpr uint16_t kZero = 128;     // inline integers 0..64 = 128..192
constexpr uint16_t kIntNeg1 = 193;  // -1..-16 = 193..208
constexpr uint16_t kSharedBase = 235;
constexpr uint16_t kSharedLimit = 236;
constexpr uint16_t kPrivateBase = 237;
constexpr uint16_t kPrivateLimit = 238;
constexpr uint16_t kPopsExitingWaveId = 239;
constexpr uint16_t kFloatHalf = 240;  // 0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0
constexpr uint16_t kInvTwoPi = 248;
constexpr uint16_t kSdwa = 249;
constexpr uint16_t kDpp = 250;
constexpr uint16_t kVccz = 251;
constexpr uint16_t kExecz = 252;
constexpr uint16_t kScc = 253;
constexpr uint16_t kLdsDirect = 254;
constexpr uint16_t kLiteral = 255;
constexpr uint16_t kVgpr0 = 256;  // 9-bit sources: v0..v255 = 256..511
constexpr unsigned kSgprFileSize = 128;
}  // namespace op

}  // namespace gcn
