// SOPK: scalar operations with a 16-bit immediate (Vega ISA manual, section
// 12.2). The immediate is Inst::simm, sign-extended by the decoder; the
// unsigned compares use its low 16 bits zero-extended. Also the hardware
// register access s_getreg/s_setreg (hwreg ids: section 4.6, "Hardware
// Registers") and s_call_b64.
#include <functional>
#include <type_traits>

#include "isa/instruction.h"
#include "wave/dispatch_state.h"
#include "wave/trap.h"
#include "wave/wave.h"

namespace gcn {
namespace {

inline uint32_t simm_u16(const Inst& in) { return static_cast<uint32_t>(in.simm) & 0xFFFF; }
inline uint32_t simm_s(const Inst& in) { return static_cast<uint32_t>(in.simm); }
inline uint32_t dst_val(const Wave& w, const Inst& in) { return read_s32(w, in, in.dst); }

void s_movk_i32(Wave& w, const Inst& in) { write_s32(w, in.dst, simm_s(in)); }
void s_cmovk_i32(Wave& w, const Inst& in) {
  if (w.scc) write_s32(w, in.dst, simm_s(in));
}

// s_cmpk_<cc>_i32/u32: SCC = (SDST <cc> imm); the SGPR is only read.
template <class T, class Cmp>
void cmpk(Wave& w, const Inst& in) {
  const T a = static_cast<T>(dst_val(w, in));
  const T b = static_cast<T>(std::is_signed<T>::value ? simm_s(in) : simm_u16(in));
  w.scc = Cmp()(a, b);
}

// s_addk_i32: SDST += simm16; SCC = signed overflow.
void s_addk_i32(Wave& w, const Inst& in) {
  const uint32_t a = dst_val(w, in), b = simm_s(in), r = a + b;
  write_s32(w, in.dst, r);
  w.scc = (((a ^ r) & (b ^ r)) >> 31) != 0;
}
void s_mulk_i32(Wave& w, const Inst& in) { write_s32(w, in.dst, dst_val(w, in) * simm_s(in)); }

// --- hardware registers --------------------------------------------------------
// simm16 = {size-1[15:11], offset[10:6], id[5:0]}.
enum HwReg : unsigned {
  kHwRegMode = 1,
  kHwRegStatus = 2,
  kHwRegTrapsts = 3,
  kHwRegHwId = 4,
  kHwRegGprAlloc = 5,
  kHwRegLdsAlloc = 6,
  kHwRegIbSts = 7,
  kHwRegShMemBases = 15,
  // SQ_SHADER_TBA/TMA_LO/HI: bits [39:8] and [47:40] of the trap handler's
  // code and memory addresses, as the KFD's first-level handler reads TMA
  // (gfx9 has no TBA/TMA operands; LLVM names these ids from gfx10 on).
  kHwRegTbaLo = 16,
  kHwRegTbaHi = 17,
  kHwRegTmaLo = 18,
  kHwRegTmaHi = 19,
};

struct HwField {
  unsigned id, offset;
  uint32_t mask;  // field mask before shifting
};
inline HwField hw_field(int32_t simm) {
  const uint32_t s = static_cast<uint32_t>(simm);
  const unsigned size = ((s >> 11) & 31) + 1;
  return {s & 63, (s >> 6) & 31, size >= 32 ? ~0u : (1u << size) - 1};
}

uint32_t read_hwreg(const Wave& w, unsigned id) {
  switch (id) {
    case kHwRegMode:
      return w.mode;
    case kHwRegStatus:
      return read_status(w);
    case kHwRegTrapsts:
      return w.trapsts;
    case kHwRegHwId: {
      // SE, SH and CU: where the shader engine placed the workgroup (on a
      // CU the queue's CU mask enables). The group's waves go to the CU's
      // four SIMDs in turn, each in the next free wave slot.
      const uint32_t i = w.wave_in_group;
      const CuPlace place = w.wg ? w.wg->place : CuPlace{};
      const uint32_t tg = w.wg ? w.wg->slot : 0;
      return FW_FIELD_PREP(FW_HW_ID_WAVE_ID, i / 4) | FW_FIELD_PREP(FW_HW_ID_SIMD_ID, i % 4) |
             FW_FIELD_PREP(FW_HW_ID_CU_ID, place.cu) | FW_FIELD_PREP(FW_HW_ID_SH_ID, place.sh) |
             FW_FIELD_PREP(FW_HW_ID_SE_ID, place.se) | FW_FIELD_PREP(FW_HW_ID_TG_ID, tg);
    }
    case kHwRegGprAlloc: {
      // VGPR_SIZE[13:8] in granules of 4 minus 1; SGPR_SIZE[27:24] in
      // granules of 16 minus 1 (gfx9 allocation granularities).
      const unsigned vg = w.nvgpr ? (w.nvgpr + 3) / 4 - 1 : 0;
      const unsigned ns = w.dispatch ? w.dispatch->nsgpr : 0;
      const unsigned sg = ns ? (ns + 15) / 16 - 1 : 0;
      return (vg & 63) << 8 | (sg & 15) << 24;
    }
    case kHwRegLdsAlloc: {
      // LDS_SIZE[20:12] in granules of 128 dwords (gfx9).
      const unsigned bytes = w.dispatch ? w.dispatch->lds_bytes : 0;
      return ((bytes + 511) / 512 & 0x1FF) << 12;
    }
    case kHwRegIbSts:
      return 0;  // memory is synchronous: no counter is ever outstanding
    case kHwRegShMemBases:
      // PRIVATE_BASE[15:0] and SHARED_BASE[31:16]: bits 63:48 of the flat
      // apertures. LLVM 14 reads these on gfx9 to build flat pointers to LDS
      // and scratch (s_getreg_b32 + s_lshl_b32 16), so they must agree with
      // the apertures that flat instructions decode.
      return static_cast<uint32_t>(kPrivateApertureBase >> 48) |
             static_cast<uint32_t>(kSharedApertureBase >> 48) << 16;
    case kHwRegTbaLo:
    case kHwRegTbaHi:
    case kHwRegTmaLo:
    case kHwRegTmaHi: {
      if (!w.dispatch) return 0;
      const uint64_t a = id <= kHwRegTbaHi ? w.dispatch->trap_handler : w.dispatch->trap_memory;
      return (id == kHwRegTbaLo || id == kHwRegTmaLo) ? static_cast<uint32_t>(a >> 8)
                                                      : static_cast<uint32_t>(a >> 40) & 0xFF;
    }
    default:
      return 0;
  }
}

// MODE, TRAPSTS and STATUS (in the trap handler only) are writable state
// here; writes elsewhere are dropped, as hardware drops writes to
// read-only registers. IB_STS (what trap handlers restore) has no
// outstanding counters to hold: memory is synchronous.
void write_hwreg(Wave& w, unsigned id, uint32_t v) {
  if (id == kHwRegMode) w.mode = v;
  if (id == kHwRegTrapsts) w.trapsts = v;
  if (id == kHwRegStatus) write_status(w, v);
}

void s_getreg_b32(Wave& w, const Inst& in) {
  const HwField f = hw_field(in.simm);
  write_s32(w, in.dst, (read_hwreg(w, f.id) >> f.offset) & f.mask);
}

void setreg(Wave& w, const Inst& in, uint32_t value) {
  const HwField f = hw_field(in.simm);
  const uint32_t m = f.mask << f.offset;
  const uint32_t old = read_hwreg(w, f.id);
  write_hwreg(w, f.id, (old & ~m) | ((value << f.offset) & m));
}
void s_setreg_b32(Wave& w, const Inst& in) { setreg(w, in, read_s32(w, in, in.dst)); }
void s_setreg_imm32_b32(Wave& w, const Inst& in) { setreg(w, in, in.literal); }

// s_call_b64: SDST = address of the next instruction; PC += simm16 * 4.
void s_call_b64(Wave& w, const Inst& in) {
  write_s64(w, in.dst, w.pc);
  w.pc += static_cast<int64_t>(in.simm) * 4;
}

constexpr Ty N = Ty::None, U = Ty::B32, Q = Ty::B64;
constexpr uint32_t kU = kOpSimm16Unsigned;

const OpcodeInfo kRows[] = {
    {"s_movk_i32", Format::SOPK, 0, s_movk_i32, U, N, N, N, kOpNone},
    {"s_cmovk_i32", Format::SOPK, 1, s_cmovk_i32, U, N, N, N, kOpNone},
    {"s_cmpk_eq_i32", Format::SOPK, 2, cmpk<int32_t, std::equal_to<int32_t>>, U, N, N, N, kOpNone},
    {"s_cmpk_lg_i32", Format::SOPK, 3, cmpk<int32_t, std::not_equal_to<int32_t>>, U, N, N, N,
     kOpNone},
    {"s_cmpk_gt_i32", Format::SOPK, 4, cmpk<int32_t, std::greater<int32_t>>, U, N, N, N, kOpNone},
    {"s_cmpk_ge_i32", Format::SOPK, 5, cmpk<int32_t, std::greater_equal<int32_t>>, U, N, N, N,
     kOpNone},
    {"s_cmpk_lt_i32", Format::SOPK, 6, cmpk<int32_t, std::less<int32_t>>, U, N, N, N, kOpNone},
    {"s_cmpk_le_i32", Format::SOPK, 7, cmpk<int32_t, std::less_equal<int32_t>>, U, N, N, N,
     kOpNone},
    {"s_cmpk_eq_u32", Format::SOPK, 8, cmpk<uint32_t, std::equal_to<uint32_t>>, U, N, N, N, kU},
    {"s_cmpk_lg_u32", Format::SOPK, 9, cmpk<uint32_t, std::not_equal_to<uint32_t>>, U, N, N, N, kU},
    {"s_cmpk_gt_u32", Format::SOPK, 10, cmpk<uint32_t, std::greater<uint32_t>>, U, N, N, N, kU},
    {"s_cmpk_ge_u32", Format::SOPK, 11, cmpk<uint32_t, std::greater_equal<uint32_t>>, U, N, N, N,
     kU},
    {"s_cmpk_lt_u32", Format::SOPK, 12, cmpk<uint32_t, std::less<uint32_t>>, U, N, N, N, kU},
    {"s_cmpk_le_u32", Format::SOPK, 13, cmpk<uint32_t, std::less_equal<uint32_t>>, U, N, N, N, kU},
    {"s_addk_i32", Format::SOPK, 14, s_addk_i32, U, N, N, N, kOpNone},
    {"s_mulk_i32", Format::SOPK, 15, s_mulk_i32, U, N, N, N, kOpNone},
    // Not emitted for compute; decoded so that disassembly works.
    {"s_cbranch_i_fork", Format::SOPK, 16, nullptr, N, Q, N, N, kOpNoDst | kOpBranch},
    {"s_getreg_b32", Format::SOPK, 17, s_getreg_b32, U, N, N, N, kU},
    {"s_setreg_b32", Format::SOPK, 18, s_setreg_b32, N, U, N, N, kU},
    // src0 = B32 with kOpNoDst tells the decoder to take the trailing
    // 32-bit immediate (decoder.cpp, decode_sopk).
    {"s_setreg_imm32_b32", Format::SOPK, 20, s_setreg_imm32_b32, N, U, N, N, kOpNoDst | kU},
    {"s_call_b64", Format::SOPK, 21, s_call_b64, Q, N, N, N, kOpBranch},
};

}  // namespace

extern const OpcodeTable kSopkTable = {kRows, sizeof(kRows) / sizeof(kRows[0])};

}  // namespace gcn
