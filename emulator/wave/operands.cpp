// Operand access shared by all vector semantics: constants, broadcasts,
// DPP lane movement, SDWA selects and masked write-back.
#include <atomic>
#include <cmath>
#include <cstdio>

#include "trap.h"
#include "wave.h"

namespace gcn {

uint64_t inline_constant(uint16_t code, Ty t) {
  if (code >= op::kZero && code <= 192) return code - op::kZero;
  if (code >= op::kIntNeg1 && code <= 208) {
    const int64_t v = -static_cast<int64_t>(code - 192);
    return ty_is_64(t) ? static_cast<uint64_t>(v) : static_cast<uint32_t>(v);
  }
  static const float kF32[] = {0.5f, -0.5f, 1.0f, -1.0f, 2.0f, -2.0f, 4.0f, -4.0f};
  static const uint16_t kF16[] = {0x3800, 0xB800, 0x3C00, 0xBC00, 0x4000, 0xC000, 0x4400, 0xC400};
  if (code >= op::kFloatHalf && code < op::kInvTwoPi) {
    const unsigned i = code - op::kFloatHalf;
    if (ty_is_64(t)) return as_u64(static_cast<double>(kF32[i]));
    if (t == Ty::F16 || t == Ty::B16) return kF16[i];
    return as_u32(kF32[i]);
  }
  if (code == op::kInvTwoPi) {
    if (ty_is_64(t)) return 0x3FC45F306DC9C882ull;
    if (t == Ty::F16 || t == Ty::B16) return 0x3118;
    return 0x3E22F983u;
  }
  // Aperture registers (gfx9 src_shared_base etc.): high halves of the flat
  // apertures, fixed by the platform (KFD gfx9 layout).
  if (code == op::kSharedBase) return 0x10000u;
  if (code == op::kSharedLimit) return 0x1FFFFu;
  if (code == op::kPrivateBase) return 0x20000u;
  if (code == op::kPrivateLimit) return 0x2FFFFu;
  return 0;
}

namespace {

// gfx9 DPP: the source lane for lane l, or -1 when there is none.
int dpp_source_lane(uint16_t ctrl, int l) {
  const int row = l & ~15, in_row = l & 15;
  if (ctrl <= 0xFF) return (l & ~3) | ((ctrl >> ((l & 3) * 2)) & 3);  // quad_perm
  if (ctrl >= 0x101 && ctrl <= 0x10F) {                               // row_shl
    const int s = in_row + (ctrl & 15);
    return s < 16 ? row + s : -1;
  }
  if (ctrl >= 0x111 && ctrl <= 0x11F) {  // row_shr
    const int s = in_row - (ctrl & 15);
    return s >= 0 ? row + s : -1;
  }
  if (ctrl >= 0x121 && ctrl <= 0x12F) return row + ((in_row - (ctrl & 15)) & 15);  // row_ror
  switch (ctrl) {
    case 0x130:
      return l + 1 < 64 ? l + 1 : -1;  // wave_shl:1
    case 0x134:
      return (l + 1) & 63;  // wave_rol:1
    case 0x138:
      return l - 1 >= 0 ? l - 1 : -1;  // wave_shr:1
    case 0x13C:
      return (l - 1) & 63;  // wave_ror:1
    case 0x140:
      return row + (15 - in_row);  // row_mirror
    case 0x141:
      return (l & ~7) | (7 - (l & 7));  // row_half_mirror
    case 0x142:                         // row_bcast:15
      return row >= 16 ? (row - 1) : -1;
    case 0x143:  // row_bcast:31
      return l >= 32 ? 31 : -1;
    default:
      return -1;
  }
}

uint32_t sdwa_select(uint32_t v, uint8_t sel, bool sext) {
  switch (sel) {
    case kSelByte0:
    case kSelByte1:
    case kSelByte2:
    case kSelByte3: {
      const uint32_t b = (v >> (8 * sel)) & 0xFF;
      return sext ? static_cast<uint32_t>(static_cast<int32_t>(static_cast<int8_t>(b))) : b;
    }
    case kSelWord0:
    case kSelWord1: {
      const uint32_t h = (v >> (16 * (sel - kSelWord0))) & 0xFFFF;
      return sext ? static_cast<uint32_t>(static_cast<int32_t>(static_cast<int16_t>(h))) : h;
    }
    default:
      return v;
  }
}

}  // namespace

const uint32_t* read_v32(Wave& w, const Inst& in, int src, uint32_t* tmp) {
  const uint16_t code = in.src[src];
  const uint32_t* rows;
  if (code >= op::kVgpr0) {
    rows = w.v(code - op::kVgpr0);
  } else {
    const Ty t = src == 0 ? in.info->src0 : src == 1 ? in.info->src1 : in.info->src2;
    uint32_t s = read_s32(w, in, code);
    if (code >= op::kZero && code != op::kLiteral && code < op::kVccz)
      s = static_cast<uint32_t>(inline_constant(code, t == Ty::None ? Ty::B32 : t));
    for (unsigned l = 0; l < kWaveSize; ++l) tmp[l] = s;
    rows = tmp;
  }
  if (in.ext == Ext::None) return rows;
  if (in.ext == Ext::Dpp && src == 0) {
    uint64_t ok = 0;
    for (int l = 0; l < 64; ++l) {
      const int s = dpp_source_lane(in.dpp.ctrl, l);
      const bool row_on = (in.dpp.row_mask >> (l >> 4)) & 1;
      const bool bank_on = (in.dpp.bank_mask >> ((l >> 2) & 3)) & 1;
      // A source lane that does not exist (or is inactive) reads 0 with
      // bound_ctrl, else the destination lane keeps its value.
      const bool src_ok = s >= 0 && ((w.exec() >> s) & 1);
      if (row_on && bank_on && (src_ok || in.dpp.bound_ctrl)) ok |= 1ull << l;
      tmp[l] = src_ok ? rows[s] : 0;
    }
    w.write_mask &= ok;
    return tmp;
  }
  if (in.ext == Ext::Sdwa && src < 2) {
    const uint8_t sel = in.sdwa.src_sel[src];
    if (sel == kSelDword) return rows;
    const bool sext = (in.sdwa.src_sext >> src) & 1;
    for (unsigned l = 0; l < kWaveSize; ++l) tmp[l] = sdwa_select(rows[l], sel, sext);
    return tmp;
  }
  return rows;
}

void read_v64(Wave& w, const Inst& in, int src, Ty t, uint64_t* tmp) {
  const uint16_t code = in.src[src];
  if (code >= op::kVgpr0) {
    const unsigned r = code - op::kVgpr0;
    const uint32_t* lo = w.v(r);
    const uint32_t* hi = w.v((r + 1) & 255);
    for (unsigned l = 0; l < kWaveSize; ++l) tmp[l] = lo[l] | static_cast<uint64_t>(hi[l]) << 32;
    return;
  }
  const uint64_t s = read_s64(w, in, code, t);
  for (unsigned l = 0; l < kWaveSize; ++l) tmp[l] = s;
}

void write_v32(Wave& w, const Inst& in, const uint32_t* vals) {
  const uint64_t mask = w.exec() & w.write_mask;
  w.write_mask = ~0ull;
  uint32_t* d = w.v(in.dst - op::kVgpr0);
  if (in.ext == Ext::Sdwa && in.sdwa.dst_sel != kSelDword) {
    const uint8_t sel = in.sdwa.dst_sel;
    const unsigned shift = sel <= kSelByte3 ? 8 * sel : 16 * (sel - kSelWord0);
    const uint32_t field = (sel <= kSelByte3 ? 0xFFu : 0xFFFFu) << shift;
    for_active(mask, [&](unsigned l) {
      const uint32_t v = (vals[l] << shift) & field;
      uint32_t keep = 0;
      if (in.sdwa.dst_unused == kUnusedPreserve) {
        keep = d[l] & ~field;
      } else if (in.sdwa.dst_unused == kUnusedSext) {
        const uint32_t sign = (field >> 1 ^ field) & field & ~(field >> 1);  // top bit of field
        if (v & sign) keep = ~(field | ((1u << shift) - 1));
      }
      d[l] = v | keep;
    });
    return;
  }
  for_active(mask, [&](unsigned l) { d[l] = vals[l]; });
}

void write_v64(Wave& w, const Inst& in, const uint64_t* vals) {
  const uint64_t mask = w.exec() & w.write_mask;
  w.write_mask = ~0ull;
  const unsigned r = in.dst - op::kVgpr0;
  uint32_t* lo = w.v(r);
  uint32_t* hi = w.v((r + 1) & 255);
  for_active(mask, [&](unsigned l) {
    lo[l] = static_cast<uint32_t>(vals[l]);
    hi[l] = static_cast<uint32_t>(vals[l] >> 32);
  });
}

const char* fault_kind_name(FaultKind k) {
  switch (k) {
    case FaultKind::kNone:
      return "none";
    case FaultKind::kIllegalInstruction:
      return "illegal instruction";
    case FaultKind::kPcOutOfRange:
      return "instruction fetch outside mapped code";
    case FaultKind::kRegisterOutOfRange:
      return "register index out of range";
    case FaultKind::kMemoryViolation:
      return "memory access to unmapped address";
    case FaultKind::kTrap:
      return "s_trap without a trap handler";
    case FaultKind::kTranslatorMismatch:
      return "translator check failed";
  }
  return "?";
}

void Wave::raise(FaultKind kind, uint64_t address, std::string detail) {
  // gfx9 always traps on an illegal instruction (TRAPSTS.ILLEGAL_INST): with
  // a trap handler the wave goes on there, with the instruction's PC
  // (fault.pc) to return to. One inside the handler stops the wave.
  if (kind == FaultKind::kIllegalInstruction && fault.kind == FaultKind::kNone &&
      !(status & kStatusPriv) && enter_trap(*this, fault.pc, 0, kTrapstsIllegalInst)) {
    // The handler (ROCr's) reports only "illegal instruction"; say once per
    // process what the virtual GPU could not run, or the reason is lost.
    static std::atomic<bool> said{false};
    if (!detail.empty() && !said.exchange(true))
      std::fprintf(stderr,
                   "gcn-emu: illegal instruction at pc 0x%llx, taken by the trap handler: %s\n",
                   static_cast<unsigned long long>(fault.pc), detail.c_str());
    return;
  }
  if (fault.kind == FaultKind::kNone) {
    fault.kind = kind;
    fault.address = address;
    fault.detail = std::move(detail);
  }
  done = true;
}

}  // namespace gcn
