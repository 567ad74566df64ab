// A decoded gfx9 instruction and the table row that describes its opcode.
// Decoding happens once per code address (see shader/decode_cache.h); the
// executor then only reads these plain fields.
#pragma once

#include <cstddef>
#include <cstdint>

#include "formats.h"

namespace gcn {

struct Wave;
struct Inst;

// Semantics of one opcode: reads and writes the wave's state. Control-flow
// instructions set Wave::pc; everything else leaves it at the next
// instruction, which the executor stores before the call.
using ExecFn = void (*)(Wave& w, const Inst& in);

// OpcodeInfo::flags
enum OpFlag : uint32_t {
  kOpNone = 0,
  kOpVop3Only = 1u << 0,         // VOP3 row with no 32-bit encoding
  kOpVop3b = 1u << 1,            // VOP3B: has an SGPR-pair sdst (carry / div_scale)
  kOpReadsVcc = 1u << 2,         // VOP2 e32 form reads VCC implicitly (carry-in, cndmask)
  kOpWritesVcc = 1u << 3,        // VOP2/VOPC e32 form writes VCC implicitly
  kOpNoDst = 1u << 4,            // no destination operand
  kOpNoSrc0 = 1u << 5,           // no source operand (e.g. s_getpc_b64, v_nop)
  kOpScalarDstVop = 1u << 6,     // VALU op writing an SGPR (v_readlane, v_readfirstlane)
  kOpStore = 1u << 7,            // memory: writes memory
  kOpLoad = 1u << 8,             // memory: reads memory
  kOpAtomic = 1u << 9,           // memory: read-modify-write (returns data when glc)
  kOpBranch = 1u << 10,          // changes control flow
  kOpEndsWave = 1u << 11,        // s_endpgm
  kOpSimm16Unsigned = 1u << 12,  // SOPK/SOPP immediate printed unsigned
  kOpVop3Mods = 1u << 13,        // VOP3 float-style abs/neg modifiers apply
  kOpCmpx = 1u << 14,            // compare also writes EXEC
  kOpLiteralK = 1u << 15,        // VOP2 with a mandatory literal K (v_madmk/v_madak)
  kOpMemPair = 1u << 16,         // DS read2/write2/wrxchg2: two elements (offset0, offset1)
  kOpAttrSrc0 = 1u << 17,        // v_interp_*: src0 holds attribute/channel/high, not a source
  kOpSampler = 1u << 18,         // MIMG: takes an S# (SSAMP)
  kOpGather4 = 1u << 19,         // MIMG gather4: four texels' one component
  kOpMipAddr = 1u << 20,         // MIMG _mip forms: the address ends with the mip level
};

struct OpcodeInfo {
  const char* name;  // LLVM's mnemonic without _e32/_e64/_sdwa/_dpp suffix
  Format format;     // native encoding; VOP1/VOP2/VOPC rows also decode from VOP3
  uint16_t opcode;   // opcode number in that encoding (gfx9)
  ExecFn exec;       // nullptr: decoded and printed, but executing it faults
  Ty dst;            // type of the destination (data type for memory ops)
  Ty src0, src1, src2;
  uint32_t flags;
  uint8_t mem_dwords = 0;  // memory ops: data dwords per lane (cmpswap: both halves);
                           // MIMG: the fewest address VGPRs (LLVM's smallest form)
};

// A table of rows for one family, defined next to their semantics
// (semantics/ops_*.cpp); the decoder reads them through an OpcodeIndex.
struct OpcodeTable {
  const OpcodeInfo* rows;
  size_t count;
};

// Source-operand extensions of VOP1/VOP2/VOPC.
enum class Ext : uint8_t { None, Sdwa, Dpp };

// SDWA operand selects (sel values as encoded).
enum SdwaSel : uint8_t {
  kSelByte0 = 0,
  kSelByte1 = 1,
  kSelByte2 = 2,
  kSelByte3 = 3,
  kSelWord0 = 4,
  kSelWord1 = 5,
  kSelDword = 6
};
enum SdwaUnused : uint8_t { kUnusedPad = 0, kUnusedSext = 1, kUnusedPreserve = 2 };

struct SdwaFields {
  uint8_t dst_sel = kSelDword;
  uint8_t dst_unused = kUnusedPad;
  uint8_t src_sel[2] = {kSelDword, kSelDword};
  uint8_t src_sext = 0;  // bit i: sign-extend source i
  uint8_t src_neg = 0;   // bit i
  uint8_t src_abs = 0;   // bit i
  uint8_t src_sgpr = 0;  // bit i: source i is a scalar (gfx9 SDWA "s0"/"s1")
  uint8_t clamp = 0;
  uint8_t omod = 0;
  uint8_t sdst = 0;  // VOPC SDWA: sdst code, valid when has_sdst
  uint8_t has_sdst = 0;
};

struct DppFields {
  uint16_t ctrl = 0;  // dpp_ctrl
  uint8_t row_mask = 0xf;
  uint8_t bank_mask = 0xf;
  uint8_t bound_ctrl = 0;
  uint8_t src_neg = 0;  // bit i
  uint8_t src_abs = 0;  // bit i
};

struct Inst {
  const OpcodeInfo* info = nullptr;
  Format enc = Format::Count;  // encoding actually used (VOP3 for an e64 VOP2)
  uint8_t size = 0;            // bytes, literal included
  Ext ext = Ext::None;

  // Register operands as operand codes (formats.h): 0..255 scalar/constant,
  // 256..511 VGPR. Unused operands are 0.
  uint16_t dst = 0;
  uint16_t sdst = 0;  // VOP3B carry-out, VOPC-in-VOP3 destination
  uint16_t src[3] = {0, 0, 0};
  uint32_t literal = 0;
  bool has_literal = false;

  // VOP3/VOP3P modifiers (bit i refers to source i).
  uint8_t abs = 0;
  uint8_t neg = 0;
  uint8_t neg_hi = 0;
  uint8_t op_sel = 0;
  uint8_t op_sel_hi = 0;
  bool clamp = false;
  uint8_t omod = 0;

  SdwaFields sdwa;
  DppFields dpp;

  // Scalar immediates: SOPK/SOPP simm16 (sign-extended), SMEM offset.
  int32_t simm = 0;

  // Memory operands (DS, MUBUF, MTBUF, FLAT, SMEM), as register numbers:
  // VGPR numbers for addr/data/vdst, SGPR codes for rsrc/soffset/saddr/sbase.
  uint16_t addr = 0;     // vaddr / DS addr / SMEM sbase (SGPR number)
  uint16_t data0 = 0;    // vdata / DS data0 / SMEM sdata
  uint16_t data1 = 0;    // DS data1
  uint16_t vdst = 0;     // DS/FLAT return VGPR
  uint16_t rsrc = 0;     // MUBUF/MTBUF resource: first SGPR of 4
  uint16_t soffset = 0;  // MUBUF/MTBUF soffset code, SMEM soffset (SGPR code)
  uint16_t saddr = 0;    // GLOBAL/SCRATCH saddr code (0x7f: off)
  int32_t offset = 0;    // byte offset (MUBUF 12-bit, FLAT 13-bit signed, SMEM 20-bit)
  uint8_t offset0 = 0;   // DS
  uint8_t offset1 = 0;   // DS
  uint8_t seg = 0;       // FLAT: 0 flat, 1 scratch, 2 global
  uint8_t dfmt = 0;      // MTBUF data format
  uint8_t nfmt = 0;      // MTBUF numeric format
  bool glc = false, slc = false, offen = false, idxen = false, lds = false;
  bool gds = false, tfe = false, nv = false, soe = false, imm = false;

  // MIMG (rsrc: first SGPR of the T#'s 8; addr: first address VGPR; data0:
  // VDATA).
  uint16_t ssamp = 0;  // first SGPR of the S#'s 4
  uint8_t dmask = 0;   // components read or written (atomics: data size)
  bool unorm = false;  // unnormalized coordinates
  bool da = false;     // declare an array: the coordinates hold a slice
  bool a16 = false;    // 16-bit addresses (gfx9's R128 bit)
  bool lwe = false;    // LOD warning enable
  bool d16 = false;    // 16-bit data, two components per VGPR
};

}  // namespace gcn
