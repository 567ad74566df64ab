// LLVM-14 syntax for one decoded gfx9 instruction, exactly as
// `llvm-objdump-14 -d --mcpu=gfx900` prints it (the decoder conformance test
// holds us to that text). Operand spelling follows the AMDGPU operand syntax
// reference (shared/specs/amdgpu-operand-syntax.rst); where LLVM's
// printer has a convention of its own (omitted defaults, unsigned branch
// offsets, "src_" prefixes) the comment says so.
#include <cstdio>
#include <cstring>
#include <string>

#include "decoder.h"

namespace gcn {
namespace {

std::string fmt(const char* f, unsigned a) {
  char buf[32];
  std::snprintf(buf, sizeof buf, f, a);
  return buf;
}

std::string range(const char* prefix, unsigned first, unsigned n) {
  if (n == 1) return prefix + std::to_string(first);
  return std::string(prefix) + "[" + std::to_string(first) + ":" + std::to_string(first + n - 1) +
         "]";
}

// Special registers whose pair has a name of its own (vcc, exec, ...).
struct NamedPair {
  uint16_t code;
  const char* lo;
  const char* hi;
  const char* pair;
};
constexpr NamedPair kPairs[] = {
    {op::kFlatScratchLo, "flat_scratch_lo", "flat_scratch_hi", "flat_scratch"},
    {op::kXnackMaskLo, "xnack_mask_lo", "xnack_mask_hi", "xnack_mask"},
    {op::kVccLo, "vcc_lo", "vcc_hi", "vcc"},
    {op::kExecLo, "exec_lo", "exec_hi", "exec"},
};

const char* const kInlineFloats[] = {"0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0"};

// Bit patterns of the inline float constants per width, in kInlineFloats
// order, then 1/(2*pi). LLVM prints a literal that equals one by name.
constexpr uint32_t kF32Bits[] = {0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000,
                                 0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983};
constexpr uint32_t kF16Bits[] = {0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000,
                                 0xc000, 0x4400, 0xc400, 0x3118};

std::string literal(uint32_t v, Ty t) {
  const bool is16 = t == Ty::B16 || t == Ty::F16;
  // 64-bit operands see the literal zero-extended (LLVM 14's disassembler).
  const int64_t s = is16          ? static_cast<int16_t>(v & 0xffff)
                    : ty_is_64(t) ? static_cast<int64_t>(v)
                                  : static_cast<int32_t>(v);
  if (s >= -16 && s <= 64) return std::to_string(s);
  if (!ty_is_64(t)) {
    const uint32_t* bits = is16 ? kF16Bits : kF32Bits;
    for (int i = 0; i < 9; ++i)
      if (v == bits[i]) return i < 8 ? kInlineFloats[i] : "0.15915494";
  }
  return fmt("0x%x", v);
}

// One operand code (formats.h) spanning n dwords.
std::string reg(const Inst& in, unsigned code, unsigned n, Ty t = Ty::B32) {
  if (code >= op::kVgpr0) return range("v", code - op::kVgpr0, n);
  if (code <= op::kSgprLast) return range("s", code, n);
  for (const NamedPair& p : kPairs) {
    if (code == p.code) return n == 2 ? p.pair : p.lo;
    if (code == p.code + 1u) return p.hi;
  }
  if (code >= op::kTtmp0 && code < op::kTtmp0 + 16) return range("ttmp", code - op::kTtmp0, n);
  if (code == op::kM0) return "m0";
  if (code >= op::kZero && code <= op::kZero + 64) return std::to_string(code - op::kZero);
  if (code >= op::kIntNeg1 && code <= op::kIntNeg1 + 15)
    return std::to_string(-static_cast<int>(code - op::kIntNeg1 + 1));
  if (code >= op::kFloatHalf && code < op::kFloatHalf + 8) return kInlineFloats[code - 240];
  switch (code) {
    case op::kInvTwoPi:
      return "0.15915494";
    case op::kSharedBase:
      return "src_shared_base";
    case op::kSharedLimit:
      return "src_shared_limit";
    case op::kPrivateBase:
      return "src_private_base";
    case op::kPrivateLimit:
      return "src_private_limit";
    case op::kPopsExitingWaveId:
      return "src_pops_exiting_wave_id";
    case op::kVccz:
      return "src_vccz";
    case op::kExecz:
      return "src_execz";
    case op::kScc:
      return "src_scc";
    case op::kLdsDirect:
      return "src_lds_direct";
    case op::kLiteral:
      return literal(in.literal, t);
    default:
      return fmt("<reg %u>", code);
  }
}

bool has(const char* name, const char* part) { return std::strstr(name, part) != nullptr; }
bool starts(const char* name, const char* prefix) {
  return std::strncmp(name, prefix, std::strlen(prefix)) == 0;
}

// --- Scalar ------------------------------------------------------------------

// s_getreg/s_setreg operand: hwreg(id, offset, size) with gfx9 register names.
std::string hwreg(uint32_t simm) {
  static const char* const kNames[16] = {nullptr,
                                         "HW_REG_MODE",
                                         "HW_REG_STATUS",
                                         "HW_REG_TRAPSTS",
                                         "HW_REG_HW_ID",
                                         "HW_REG_GPR_ALLOC",
                                         "HW_REG_LDS_ALLOC",
                                         "HW_REG_IB_STS",
                                         nullptr,
                                         nullptr,
                                         nullptr,
                                         nullptr,
                                         nullptr,
                                         nullptr,
                                         nullptr,
                                         "HW_REG_SH_MEM_BASES"};
  const unsigned id = simm & 63, offset = (simm >> 6) & 31, size = ((simm >> 11) & 31) + 1;
  std::string s = "hwreg(";
  s += id < 16 && kNames[id] ? kNames[id] : std::to_string(id);
  if (offset != 0 || size != 32) s += ", " + std::to_string(offset) + ", " + std::to_string(size);
  return s + ")";
}

// s_sendmsg operand (message ids and operations of the gfx9 ISA manual, 4.4).
std::string sendmsg(uint32_t simm) {
  const unsigned id = simm & 15, opid = (simm >> 4) & 7, stream = (simm >> 8) & 3;
  static const char* const kMsgs[16] = {nullptr,
                                        "MSG_INTERRUPT",
                                        "MSG_GS",
                                        "MSG_GS_DONE",
                                        "MSG_SAVEWAVE",
                                        "MSG_STALL_WAVE_GEN",
                                        "MSG_HALT_WAVES",
                                        "MSG_ORDERED_PS_DONE",
                                        "MSG_EARLY_PRIM_DEALLOC",
                                        "MSG_GS_ALLOC_REQ",
                                        nullptr,
                                        nullptr,
                                        nullptr,
                                        nullptr,
                                        nullptr,
                                        "MSG_SYSMSG"};
  static const char* const kGsOps[4] = {"GS_OP_NOP", "GS_OP_CUT", "GS_OP_EMIT", "GS_OP_EMIT_CUT"};
  static const char* const kSysOps[5] = {nullptr, "SYSMSG_OP_ECC_ERR_INTERRUPT", "SYSMSG_OP_REG_RD",
                                         "SYSMSG_OP_HOST_TRAP_ACK", "SYSMSG_OP_TTRACE_PC"};
  // LLVM's printer: symbolic when id, operation and stream are all valid for
  // gfx9, numeric triple when only the fields are, raw number otherwise.
  if (simm >> 10) return std::to_string(simm);
  const bool gs = id == 2 || id == 3, sys = id == 15;
  bool valid = kMsgs[id] != nullptr;
  if (gs)
    valid = valid && (id == 3 || opid != 0) && opid < 4 && (opid != 0 || stream == 0);
  else if (sys)
    valid = valid && opid >= 1 && opid <= 4 && stream == 0;
  else
    valid = valid && opid == 0 && stream == 0;
  if (!valid)
    return "sendmsg(" + std::to_string(id) + ", " + std::to_string(opid) + ", " +
           std::to_string(stream) + ")";
  std::string s = std::string("sendmsg(") + kMsgs[id];
  if (gs) {
    s += std::string(", ") + kGsOps[opid];
    if (opid != 0) s += ", " + std::to_string(stream);
  } else if (sys) {
    s += std::string(", ") + kSysOps[opid];
  }
  return s + ")";
}

std::string gpr_idx(unsigned mask) {
  static const char* const kModes[4] = {"SRC0", "SRC1", "SRC2", "DST"};
  std::string s = "gpr_idx(";
  bool first = true;
  for (int i = 0; i < 4; ++i)
    if (mask & (1u << i)) {
      s += first ? "" : ",";
      s += kModes[i];
      first = false;
    }
  return s + ")";
}

// s_waitcnt: LLVM omits counters at their maximum unless all are.
std::string waitcnt(uint32_t simm) {
  const unsigned vm = (simm & 15) | ((simm >> 14) & 3) << 4, exp = (simm >> 4) & 7,
                 lgkm = (simm >> 8) & 15;
  std::string s;
  auto add = [&](const char* n, unsigned v) {
    s += (s.empty() ? "" : " ") + std::string(n) + "(" + std::to_string(v) + ")";
  };
  if (vm != 63) add("vmcnt", vm);
  if (exp != 7) add("expcnt", exp);
  if (lgkm != 15) add("lgkmcnt", lgkm);
  if (s.empty()) {
    add("vmcnt", vm);
    add("expcnt", exp);
    add("lgkmcnt", lgkm);
  }
  return s;
}

std::string sop(const Inst& in) {
  const OpcodeInfo& info = *in.info;
  const char* n = info.name;
  std::string s = n;
  const uint32_t imm16 = static_cast<uint32_t>(in.simm) & 0xffff;
  auto dst = [&] { return reg(in, in.dst, ty_dwords(info.dst), info.dst); };
  auto src = [&](int i, Ty t) { return reg(in, in.src[i], ty_dwords(t), t); };
  switch (in.enc) {
    case Format::SOP2:
      if (!(info.flags & kOpNoDst)) s += " " + dst() + ",";
      return s + " " + src(0, info.src0) + ", " + src(1, info.src1);
    case Format::SOP1:
      if (!(info.flags & kOpNoDst)) s += " " + dst();
      if (!(info.flags & kOpNoSrc0))
        s += std::string(info.flags & kOpNoDst ? " " : ", ") + src(0, info.src0);
      return s;
    case Format::SOPC:
      if (std::strcmp(n, "s_set_gpr_idx_on") == 0)
        return s + " " + src(0, Ty::B32) + ", " + gpr_idx(in.src[1]);
      return s + " " + src(0, info.src0) + ", " + src(1, info.src1);
    case Format::SOPK:
      if (starts(n, "s_getreg")) return s + " " + dst() + ", " + hwreg(imm16);
      if (std::strcmp(n, "s_setreg_imm32_b32") == 0)
        return s + " " + hwreg(imm16) + ", " + std::to_string(static_cast<int32_t>(in.literal));
      if (starts(n, "s_setreg")) return s + " " + hwreg(imm16) + ", " + reg(in, in.dst, 1);
      if (std::strcmp(n, "s_call_b64") == 0 || std::strcmp(n, "s_cbranch_i_fork") == 0)
        return s + " " + reg(in, in.dst, 2) + ", " + std::to_string(imm16);
      return s + " " + dst() + ", " + fmt("0x%x", imm16);
    default:  // SOPP
      break;
  }
  static const char* const kBare[] = {"s_barrier",
                                      "s_wakeup",
                                      "s_icache_inv",
                                      "s_ttracedata",
                                      "s_set_gpr_idx_off",
                                      "s_endpgm_saved",
                                      "s_endpgm_ordered_ps_done"};
  for (const char* b : kBare)
    if (std::strcmp(n, b) == 0) return s;
  if (std::strcmp(n, "s_endpgm") == 0) return imm16 ? s + " " + std::to_string(imm16) : s;
  if (std::strcmp(n, "s_waitcnt") == 0) return s + " " + waitcnt(imm16);
  if (starts(n, "s_sendmsg")) return s + " " + sendmsg(imm16);
  if (std::strcmp(n, "s_set_gpr_idx_mode") == 0) return s + " " + gpr_idx(imm16);
  // Branch offsets and the remaining immediates print as unsigned 16-bit.
  return s + " " + std::to_string(imm16);
}

// --- Memory ------------------------------------------------------------------

// Data dwords of a buffer/flat/scalar memory op, from its LLVM mnemonic.
unsigned mem_width(const char* n) {
  unsigned w = 1;
  if (const char* f = std::strstr(n, "format_")) {
    const char* c = std::strrchr(f, '_') + 1;
    w = static_cast<unsigned>(std::strlen(c));
    if (has(n, "_d16")) w = (w + 1) / 2;
  } else if (has(n, "dwordx16")) {
    w = 16;
  } else if (has(n, "dwordx8")) {
    w = 8;
  } else if (has(n, "dwordx4")) {
    w = 4;
  } else if (has(n, "dwordx3")) {
    w = 3;
  } else if (has(n, "dwordx2") || has(n, "_x2")) {
    w = 2;
  }
  if (has(n, "cmpswap")) w *= 2;
  return w;
}

std::string smem(const Inst& in) {
  const char* n = in.info->name;
  std::string s = n;
  if (std::strcmp(n, "s_memtime") == 0 || std::strcmp(n, "s_memrealtime") == 0)
    return s + " " + reg(in, in.data0, 2);
  if (starts(n, "s_dcache_inv") || starts(n, "s_dcache_wb")) return s;
  const bool buffer = has(n, "_buffer");
  std::string off = in.imm ? fmt("0x%x", static_cast<uint32_t>(in.offset)) : reg(in, in.soffset, 1);
  std::string base = reg(in, in.addr, buffer ? 4 : 2);
  if (starts(n, "s_dcache_discard")) return s + " " + base + ", " + off;
  std::string data =
      starts(n, "s_atc_probe") ? std::to_string(in.data0) : reg(in, in.data0, mem_width(n));
  s += " " + data + ", " + base + ", " + off;
  if (in.glc) s += " glc";
  return s;
}

const char* const kDfmt[16] = {"INVALID",     "8",          "16",          "8_8",
                               "32",          "16_16",      "10_11_11",    "11_11_10",
                               "10_10_10_2",  "2_10_10_10", "8_8_8_8",     "32_32",
                               "16_16_16_16", "32_32_32",   "32_32_32_32", "RESERVED_15"};
const char* const kNfmt[8] = {"UNORM", "SNORM", "USCALED",    "SSCALED",
                              "UINT",  "SINT",  "RESERVED_6", "FLOAT"};

std::string buffer(const Inst& in) {
  const char* n = in.info->name;
  std::string s = n;
  if (starts(n, "buffer_wbinvl1")) return s;
  if (!starts(n, "buffer_store_lds")) {
    s += " " + range("v", in.data0, mem_width(n)) + ",";
    s += (in.offen || in.idxen) ? " " + range("v", in.addr, in.offen && in.idxen ? 2 : 1) + ","
                                : std::string(" off,");
  }
  s += " " + reg(in, in.rsrc, 4) + ", " + reg(in, in.soffset, 1);
  // MTBUF: the default format (dfmt 8, nfmt unorm) is not printed.
  if (in.enc == Format::MTBUF && !(in.dfmt == 1 && in.nfmt == 0)) {
    s += " format:[";
    if (in.dfmt != 1) s += std::string("BUF_DATA_FORMAT_") + kDfmt[in.dfmt];
    if (in.dfmt != 1 && in.nfmt != 0) s += ",";
    if (in.nfmt != 0) s += std::string("BUF_NUM_FORMAT_") + kNfmt[in.nfmt];
    s += "]";
  }
  if (in.idxen) s += " idxen";
  if (in.offen) s += " offen";
  if (in.offset) s += " offset:" + std::to_string(in.offset);
  if (in.glc) s += " glc";
  if (in.slc) s += " slc";
  if (in.lds) s += " lds";
  if (in.tfe) s += " tfe";
  return s;
}

// MIMG as LLVM 14 prints it: VDATA sized by DMASK/d16/tfe, VADDR as the
// row's smallest form (gfx9 encodes no address count, and LLVM's decoder
// keeps the first variant), then the modifiers in LLVM's order.
std::string mimg(const Inst& in) {
  const OpcodeInfo& info = *in.info;
  std::string s = info.name;
  unsigned data = mimg_data_dwords(in);
  // LLVM has no 3-dword gather4 form (d16 + tfe) and keeps the 4-dword one.
  if ((info.flags & kOpGather4) && data == 3) data = 4;
  s += " " + range("v", in.data0, data) + ", " + range("v", in.addr, info.mem_dwords) + ", " +
       reg(in, in.rsrc, 8);
  if (info.flags & kOpSampler) s += ", " + reg(in, in.ssamp, 4);
  if (in.dmask) s += fmt(" dmask:0x%x", in.dmask);
  if (in.unorm) s += " unorm";
  if (in.glc) s += " glc";
  if (in.slc) s += " slc";
  if (in.a16) s += " a16";
  if (in.tfe) s += " tfe";
  if (in.lwe) s += " lwe";
  if (in.da) s += " da";
  if (in.d16) s += " d16";
  return s;
}

std::string flat(const Inst& in) {
  const char* n = in.info->name;
  std::string s = n;
  const unsigned w = mem_width(n);
  const bool saddr = in.seg != 0 && in.saddr != 0x7f;
  std::string addr;
  if (in.seg == 1)
    addr = saddr ? "off" : range("v", in.addr, 1);
  else
    addr = range("v", in.addr, saddr ? 1 : 2);
  const bool load = has(n, "_load_");
  const bool atomic = has(n, "_atomic_");
  if (load) {
    s += " " + range("v", in.vdst, w) + ", " + addr;
  } else if (atomic) {
    const unsigned ret = has(n, "cmpswap") ? w / 2 : w;
    if (in.glc) s += " " + range("v", in.vdst, ret) + ",";
    s += " " + addr + ", " + range("v", in.data0, w);
  } else {
    s += " " + addr + ", " + range("v", in.data0, w);
  }
  if (in.seg != 0) s += ", " + (saddr ? reg(in, in.saddr, in.seg == 1 ? 1 : 2) : "off");
  if (in.offset) s += " offset:" + std::to_string(in.offset);
  if (in.glc) s += " glc";
  if (in.slc) s += " slc";
  if (in.lds) s += " lds";
  return s;
}

// ds_swizzle_b32 offset (AMDGPU operand syntax, "swizzle pattern").
std::string swizzle(unsigned imm) {
  if ((imm & 0xff00) == 0x8000) {
    std::string s = "swizzle(QUAD_PERM";
    for (int i = 0; i < 4; ++i) s += "," + std::to_string((imm >> (2 * i)) & 3);
    return s + ")";
  }
  if (imm & 0x8000) return std::to_string(imm);
  const unsigned and_m = imm & 31, or_m = (imm >> 5) & 31, xor_m = (imm >> 10) & 31;
  auto pow2 = [](unsigned v) { return v && !(v & (v - 1)); };
  if (and_m == 31 && or_m == 0 && pow2(xor_m)) return "swizzle(SWAP," + std::to_string(xor_m) + ")";
  if (and_m == 31 && or_m == 0 && xor_m && pow2(xor_m + 1))
    return "swizzle(REVERSE," + std::to_string(xor_m + 1) + ")";
  const unsigned group = 31 - and_m + 1;
  if (group > 1 && pow2(group) && or_m < group && xor_m == 0)
    return "swizzle(BROADCAST," + std::to_string(group) + "," + std::to_string(or_m) + ")";
  std::string s = "swizzle(BITMASK_PERM,\"";
  for (int b = 4; b >= 0; --b) {
    const unsigned m = 1u << b;
    s += (and_m & m) ? ((xor_m & m) ? 'i' : 'p') : ((or_m & m) ? '1' : '0');
  }
  return s + "\")";
}

std::string ds(const Inst& in) {
  const char* n = in.info->name;
  std::string s = n;
  if (std::strcmp(n, "ds_nop") == 0) return s;
  unsigned w = 1;
  if (has(n, "_b64") || has(n, "_u64") || has(n, "_i64") || has(n, "_f64")) w = 2;
  if (has(n, "_b96")) w = 3;
  if (has(n, "_b128")) w = 4;
  const bool two = has(n, "read2") || has(n, "write2") || has(n, "wrxchg2");
  const bool rtn = starts(n, "ds_read") || has(n, "_rtn") || starts(n, "ds_swizzle") ||
                   has(n, "permute") || starts(n, "ds_append") || starts(n, "ds_consume") ||
                   starts(n, "ds_ordered_count");
  const bool no_addr =
      starts(n, "ds_append") || starts(n, "ds_consume") || has(n, "addtid") || starts(n, "ds_gws");
  const bool no_data = starts(n, "ds_read") || starts(n, "ds_swizzle") || starts(n, "ds_ordered") ||
                       starts(n, "ds_append") || starts(n, "ds_consume") ||
                       starts(n, "ds_gws_sema_v") || starts(n, "ds_gws_sema_p") ||
                       starts(n, "ds_gws_sema_release_all");
  const bool data1 = has(n, "write2") || has(n, "cmpst") || has(n, "mskor") || has(n, "wrxchg2") ||
                     has(n, "ds_wrap");
  std::string ops;
  auto add = [&](const std::string& o) { ops += (ops.empty() ? " " : ", ") + o; };
  if (rtn) add(range("v", in.vdst, (has(n, "read2") || has(n, "wrxchg2")) ? 2 * w : w));
  if (!no_addr) add(range("v", in.addr, 1));
  if (!no_data) add(range("v", in.data0, w));
  if (data1) add(range("v", in.data1, w));
  s += ops;
  if (two) {
    if (in.offset0) s += " offset0:" + std::to_string(in.offset0);
    if (in.offset1) s += " offset1:" + std::to_string(in.offset1);
  } else if (in.offset) {
    s += " offset:" + (starts(n, "ds_swizzle") ? swizzle(static_cast<unsigned>(in.offset))
                                               : std::to_string(in.offset));
  }
  if (in.gds) s += " gds";
  return s;
}

// --- Vector ALU ----------------------------------------------------------------

const char* const kSel[7] = {"BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3", "WORD_0", "WORD_1", "DWORD"};
const char* const kUnused[3] = {"UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE"};
const char* const kOmod[4] = {"", " mul:2", " mul:4", " div:2"};

std::string modded(const std::string& r, bool neg, bool abs, bool sext = false) {
  std::string s = abs ? "|" + r + "|" : r;
  if (sext) s = "sext(" + s + ")";
  return neg ? "-" + s : s;
}

std::string dpp_ctrl(unsigned c) {
  if (c <= 0xff) {
    std::string s = "quad_perm:[";
    for (int i = 0; i < 4; ++i) s += (i ? "," : "") + std::to_string((c >> (2 * i)) & 3);
    return s + "]";
  }
  if (c >= 0x101 && c <= 0x10f) return "row_shl:" + std::to_string(c & 15);
  if (c >= 0x111 && c <= 0x11f) return "row_shr:" + std::to_string(c & 15);
  if (c >= 0x121 && c <= 0x12f) return "row_ror:" + std::to_string(c & 15);
  switch (c) {
    case 0x130:
      return "wave_shl:1";
    case 0x134:
      return "wave_rol:1";
    case 0x138:
      return "wave_shr:1";
    case 0x13c:
      return "wave_ror:1";
    case 0x140:
      return "row_mirror";
    case 0x141:
      return "row_half_mirror";
    case 0x142:
      return "row_bcast:15";
    case 0x143:
      return "row_bcast:31";
    default:
      return fmt("dpp_ctrl:0x%x", c);
  }
}

// The list "[b0,b1,...]" of n bits of mask, plus the destination bit 3 when
// with_dst (VOP3 op_sel).
std::string bits(unsigned mask, int n, bool with_dst) {
  std::string s = "[";
  for (int i = 0; i < n; ++i) s += (i ? "," : "") + std::to_string((mask >> i) & 1);
  if (with_dst) s += "," + std::to_string((mask >> 3) & 1);
  return s + "]";
}

std::string vop3p(const Inst& in) {
  const OpcodeInfo& info = *in.info;
  const Ty t[3] = {info.src0, info.src1, info.src2};
  int nsrc = 0;
  while (nsrc < 3 && t[nsrc] != Ty::None) ++nsrc;
  const bool mix = starts(info.name, "v_mad_mix") || starts(info.name, "v_fma_mix");
  std::string s = std::string(info.name) + " " + reg(in, in.dst, 1);
  for (int i = 0; i < nsrc; ++i) {
    std::string r = reg(in, in.src[i], 1, t[i]);
    if (mix) r = modded(r, (in.neg >> i) & 1, (in.neg_hi >> i) & 1);
    s += ", " + r;
  }
  const unsigned all = (1u << nsrc) - 1;
  if (in.op_sel & all) s += " op_sel:" + bits(in.op_sel, nsrc, false);
  // Packed math defaults op_sel_hi to all ones, mixed-precision to zeros.
  if ((in.op_sel_hi & all) != (mix ? 0 : all)) s += " op_sel_hi:" + bits(in.op_sel_hi, nsrc, false);
  if (!mix && (in.neg & all)) s += " neg_lo:" + bits(in.neg, nsrc, false);
  if (!mix && (in.neg_hi & all)) s += " neg_hi:" + bits(in.neg_hi, nsrc, false);
  if (in.clamp) s += " clamp";
  return s;
}

// VOP3 v_interp_*: "vdst, vsrc, attrN.c, src2 [high]"; the attribute, its
// channel and the high-half bit sit in the src0 field.
std::string interp(const Inst& in) {
  const OpcodeInfo& info = *in.info;
  const char* n = info.name;
  static const char kChan[] = "xyzw";
  static const char* const kParams[4] = {"p10", "p20", "p0", "p?"};
  // The VINTRP opcodes keep LLVM's _e64 mark in their VOP3 form.
  const bool vintrp = std::strcmp(n, "v_interp_p1_f32") == 0 ||
                      std::strcmp(n, "v_interp_p2_f32") == 0 ||
                      std::strcmp(n, "v_interp_mov_f32") == 0;
  std::string s = std::string(n) + (vintrp ? "_e64 " : " ") + reg(in, in.dst, 1);
  if (std::strcmp(n, "v_interp_mov_f32") == 0)
    s += std::string(", ") + kParams[in.src[1] & 3];
  else
    s += ", " + modded(reg(in, in.src[1], 1), in.neg & 2, in.abs & 2);
  s += ", attr" + std::to_string(in.src[0] & 63) + "." + kChan[(in.src[0] >> 6) & 3];
  if (info.src2 != Ty::None && !vintrp)
    s += ", " + modded(reg(in, in.src[2], 1), in.neg & 4, in.abs & 4);
  if (in.src[0] & 0x100) s += " high";
  if (in.clamp) s += " clamp";
  return s + kOmod[in.omod & 3];
}

std::string vop(const Inst& in) {
  const OpcodeInfo& info = *in.info;
  const char* n = info.name;
  const Format row = info.format;
  const Ty t[3] = {info.src0, info.src1, info.src2};
  if (in.enc == Format::VOP3 && (info.flags & kOpAttrSrc0)) return interp(in);

  // Mnemonic suffix: LLVM marks the encoding when an opcode has several.
  std::string s = n;
  const bool only32 = (info.flags & (kOpLiteralK | kOpScalarDstVop)) ||
                      std::strcmp(n, "v_swap_b32") == 0 ||
                      (row == Format::VOP1 && (info.flags & kOpNoSrc0));
  if (in.ext == Ext::Sdwa)
    s += "_sdwa";
  else if (in.ext == Ext::Dpp)
    s += "_dpp";
  else if (in.enc == Format::VOP3 && row != Format::VOP3 &&
           !(row == Format::VOP1 && (info.flags & kOpNoSrc0)))
    s += "_e64";
  else if (in.enc != Format::VOP3 && !only32)
    s += "_e32";

  int nsrc = 0;
  if (row == Format::VOP3) {
    while (nsrc < 3 && t[nsrc] != Ty::None) ++nsrc;
  } else if (row == Format::VOP1) {
    nsrc = (info.flags & kOpNoSrc0) ? 0 : 1;
  } else {
    nsrc = 2;
  }
  const bool vop3 = in.enc == Format::VOP3;
  // v_mqsad_u32_u8 writes and accumulates 4 dwords, wider than any Ty.
  const bool quad = std::strcmp(n, "v_mqsad_u32_u8") == 0;
  const bool carry_out = row == Format::VOP2 && (info.flags & (kOpVop3b | kOpWritesVcc));
  const bool carry_in = row == Format::VOP2 && (info.flags & kOpReadsVcc);

  std::string ops;
  auto add = [&](const std::string& o) { ops += (ops.empty() ? " " : ", ") + o; };
  // Destination(s).
  if (row == Format::VOPC) {
    uint16_t sd = in.sdst;
    if (in.ext == Ext::Sdwa && !in.sdwa.has_sdst) sd = op::kVccLo;
    add(reg(in, sd, 2));
  } else if (!(info.flags & kOpNoDst) && info.dst != Ty::None) {
    add(reg(in, in.dst, quad ? 4 : ty_dwords(info.dst)));
    if (carry_out || (vop3 && (info.flags & kOpVop3b)))
      add(vop3 ? reg(in, in.sdst, 2) : std::string("vcc"));
  }
  // Sources with their modifiers.
  for (int i = 0; i < nsrc; ++i) {
    std::string r = reg(in, in.src[i], quad && i == 2 ? 4 : ty_dwords(t[i]), t[i]);
    if (in.ext == Ext::Sdwa)
      r = modded(reg(in, in.src[i], 1, t[i]), (in.sdwa.src_neg >> i) & 1,
                 (in.sdwa.src_abs >> i) & 1, (in.sdwa.src_sext >> i) & 1);
    else if (in.ext == Ext::Dpp)
      r = modded(r, (in.dpp.src_neg >> i) & 1, (in.dpp.src_abs >> i) & 1);
    else if (vop3)
      r = modded(r, (in.neg >> i) & 1, (in.abs >> i) & 1);
    if (!vop3 && (info.flags & kOpLiteralK) && i == 1 && has(n, "madmk"))
      add(fmt("0x%x", in.literal));
    add(r);
  }
  if (!vop3 && (info.flags & kOpLiteralK) && has(n, "madak")) add(fmt("0x%x", in.literal));
  if (carry_in) add(vop3 ? reg(in, in.src[2], 2) : std::string("vcc"));
  s += ops;

  if (in.ext == Ext::Sdwa) {
    const SdwaFields& x = in.sdwa;
    if (x.clamp) s += " clamp";
    s += kOmod[x.omod & 3];
    if (row != Format::VOPC) {
      s += std::string(" dst_sel:") + kSel[x.dst_sel % 7];
      s += std::string(" dst_unused:") + kUnused[x.dst_unused % 3];
    }
    for (int i = 0; i < nsrc; ++i)
      s += " src" + std::to_string(i) + "_sel:" + kSel[x.src_sel[i] % 7];
    return s;
  }
  if (in.ext == Ext::Dpp) {
    s += " " + dpp_ctrl(in.dpp.ctrl);
    s += fmt(" row_mask:0x%x", in.dpp.row_mask) + fmt(" bank_mask:0x%x", in.dpp.bank_mask);
    if (in.dpp.bound_ctrl) s += " bound_ctrl:1";  // LLVM 14 prints the set bit as 1
    return s;
  }
  if (vop3) {
    if (in.op_sel) s += " op_sel:" + bits(in.op_sel, nsrc, true);
    if (in.clamp) s += " clamp";
    s += kOmod[in.omod & 3];
  }
  return s;
}

}  // namespace

std::string disassemble(const Inst& in, uint64_t /*pc: LLVM prints raw branch offsets*/) {
  if (!in.info) return "<undecoded>";
  switch (in.enc) {
    case Format::SOP2:
    case Format::SOPK:
    case Format::SOP1:
    case Format::SOPC:
    case Format::SOPP:
      return sop(in);
    case Format::SMEM:
      return smem(in);
    case Format::VOP3P:
      return vop3p(in);
    case Format::DS:
      return ds(in);
    case Format::MUBUF:
    case Format::MTBUF:
      return buffer(in);
    case Format::FLAT:
      return flat(in);
    case Format::MIMG:
      return mimg(in);
    default:
      return vop(in);
  }
}

}  // namespace gcn
