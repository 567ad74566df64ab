// gfx9 decoder. Each encoding is a list of named fields (word, low bit,
// width), written once below from the Vega ISA manual's "Microcode Formats";
// the decode functions only name fields. Opcode rows come from the family
// tables through the OpcodeIndex the caller passes (semantics/opcode_tables.h
// has gfx9's): the rows live with their semantics, which act on waves, and
// the decoder knows nothing of waves.
#include "decoder.h"

#include <array>
#include <memory>

namespace gcn {
namespace {

struct Field {
  uint8_t word;
  uint8_t lo;
  uint8_t width;
};

inline uint32_t get(const uint32_t* w, Field f) {
  return (w[f.word] >> f.lo) & static_cast<uint32_t>((1ull << f.width) - 1);
}

inline int32_t sext(uint32_t v, unsigned width) {
  const uint32_t m = 1u << (width - 1);
  return static_cast<int32_t>((v ^ m) - m);
}

// --- Encoding layouts ------------------------------------------------------
namespace sop2 {
constexpr Field op{0, 23, 7}, sdst{0, 16, 7}, ssrc1{0, 8, 8}, ssrc0{0, 0, 8};
}
namespace sopk {
constexpr Field op{0, 23, 5}, sdst{0, 16, 7}, simm16{0, 0, 16};
}
namespace sop1 {
constexpr Field sdst{0, 16, 7}, op{0, 8, 8}, ssrc0{0, 0, 8};
}
namespace sopc {
constexpr Field op{0, 16, 7}, ssrc1{0, 8, 8}, ssrc0{0, 0, 8};
}
namespace sopp {
constexpr Field op{0, 16, 7}, simm16{0, 0, 16};
}
namespace smem {
constexpr Field op{0, 18, 8}, imm{0, 17, 1}, glc{0, 16, 1}, nv{0, 15, 1}, soe{0, 14, 1},
    sdata{0, 6, 7}, sbase{0, 0, 6}, offset{1, 0, 21}, soffset{1, 25, 7};
}
namespace vop2 {
constexpr Field op{0, 25, 6}, vdst{0, 17, 8}, vsrc1{0, 9, 8}, src0{0, 0, 9};
}
namespace vop1 {
constexpr Field vdst{0, 17, 8}, op{0, 9, 8}, src0{0, 0, 9};
}
namespace vopc {
constexpr Field op{0, 17, 8}, vsrc1{0, 9, 8}, src0{0, 0, 9};
}
namespace vop3 {
constexpr Field op{0, 16, 10}, clamp{0, 15, 1}, op_sel{0, 11, 4}, abs{0, 8, 3}, sdst{0, 8, 7},
    vdst{0, 0, 8}, neg{1, 29, 3}, omod{1, 27, 2}, src2{1, 18, 9}, src1{1, 9, 9}, src0{1, 0, 9};
}
namespace vop3p {
constexpr Field op{0, 16, 7}, clamp{0, 15, 1}, op_sel_hi2{0, 14, 1}, op_sel{0, 11, 3},
    neg_hi{0, 8, 3}, vdst{0, 0, 8}, neg{1, 29, 3}, op_sel_hi{1, 27, 2}, src2{1, 18, 9},
    src1{1, 9, 9}, src0{1, 0, 9};
}
namespace ds {
constexpr Field op{0, 17, 8}, gds{0, 16, 1}, offset1{0, 8, 8}, offset0{0, 0, 8}, vdst{1, 24, 8},
    data1{1, 16, 8}, data0{1, 8, 8}, addr{1, 0, 8};
}
namespace mubuf {
constexpr Field op{0, 18, 7}, slc{0, 17, 1}, lds{0, 16, 1}, glc{0, 14, 1}, idxen{0, 13, 1},
    offen{0, 12, 1}, offset{0, 0, 12}, soffset{1, 24, 8}, tfe{1, 23, 1}, srsrc{1, 16, 5},
    vdata{1, 8, 8}, vaddr{1, 0, 8};
}
namespace mtbuf {
constexpr Field nfmt{0, 23, 3}, dfmt{0, 19, 4}, op{0, 15, 4}, glc{0, 14, 1}, idxen{0, 13, 1},
    offen{0, 12, 1}, offset{0, 0, 12}, soffset{1, 24, 8}, tfe{1, 23, 1}, slc{1, 22, 1},
    srsrc{1, 16, 5}, vdata{1, 8, 8}, vaddr{1, 0, 8};
}
namespace flat {
constexpr Field op{0, 18, 7}, slc{0, 17, 1}, glc{0, 16, 1}, seg{0, 14, 2}, lds{0, 13, 1},
    offset{0, 0, 13}, vdst{1, 24, 8}, nv{1, 23, 1}, saddr{1, 16, 7}, data{1, 8, 8}, addr{1, 0, 8};
}
namespace mimg {
constexpr Field dmask{0, 8, 4}, unorm{0, 12, 1}, glc{0, 13, 1}, da{0, 14, 1}, a16{0, 15, 1},
    tfe{0, 16, 1}, lwe{0, 17, 1}, op{0, 18, 7}, slc{0, 25, 1}, vaddr{1, 0, 8}, vdata{1, 8, 8},
    srsrc{1, 16, 5}, ssamp{1, 21, 5}, d16{1, 31, 1};
}
namespace sdwa {
constexpr Field src0{0, 0, 8}, dst_sel{0, 8, 3}, dst_unused{0, 11, 2}, clamp{0, 13, 1},
    omod{0, 14, 2}, sdst{0, 8, 7}, sd{0, 15, 1}, src0_sel{0, 16, 3}, src0_sext{0, 19, 1},
    src0_neg{0, 20, 1}, src0_abs{0, 21, 1}, s0{0, 23, 1}, src1_sel{0, 24, 3}, src1_sext{0, 27, 1},
    src1_neg{0, 28, 1}, src1_abs{0, 29, 1}, s1{0, 31, 1};
}
namespace dpp {
constexpr Field src0{0, 0, 8}, ctrl{0, 8, 9}, bound_ctrl{0, 19, 1}, src0_neg{0, 20, 1},
    src0_abs{0, 21, 1}, src1_neg{0, 22, 1}, src1_abs{0, 23, 1}, bank_mask{0, 24, 4},
    row_mask{0, 28, 4};
}

// Format recognition: the first word's top bits, most specific first.
struct FormatPattern {
  uint32_t mask;
  uint32_t match;
  Format format;
};
constexpr FormatPattern kPatterns[] = {
    {0xFF800000u, 0xBE800000u, Format::SOP1},   // 1011 1110 1
    {0xFF800000u, 0xBF000000u, Format::SOPC},   // 1011 1111 0
    {0xFF800000u, 0xBF800000u, Format::SOPP},   // 1011 1111 1
    {0xF0000000u, 0xB0000000u, Format::SOPK},   // 1011
    {0xC0000000u, 0x80000000u, Format::SOP2},   // 10
    {0xFF800000u, 0xD3800000u, Format::VOP3P},  // 1101 0011 1
    {0xFC000000u, 0xD0000000u, Format::VOP3},   // 110100
    {0xFC000000u, 0xC0000000u, Format::SMEM},   // 110000
    {0xFC000000u, 0xD8000000u, Format::DS},     // 110110
    {0xFC000000u, 0xDC000000u, Format::FLAT},   // 110111
    {0xFC000000u, 0xE0000000u, Format::MUBUF},  // 111000
    {0xFC000000u, 0xE8000000u, Format::MTBUF},  // 111010
    {0xFC000000u, 0xF0000000u, Format::MIMG},   // 111100
    {0xFE000000u, 0x7E000000u, Format::VOP1},   // 0111111
    {0xFE000000u, 0x7C000000u, Format::VOPC},   // 0111110
    {0x80000000u, 0x00000000u, Format::VOP2},   // 0
};

// A VOP3 opcode maps onto the VOPC (0..255), VOP2 (256..319), VOP1
// (320..447) rows or onto a VOP3-only row (448..).
const OpcodeInfo* find_vop3(const OpcodeIndex& ix, unsigned op) {
  if (op < 256) return ix.find(Format::VOPC, op);
  if (op < 320) return ix.find(Format::VOP2, op - 256);
  if (op < 448) return ix.find(Format::VOP1, op - 320);
  return ix.find(Format::VOP3, op);
}

bool uses_literal(uint16_t code) { return code == op::kLiteral; }

// Reads the trailing literal dword when a source asks for one.
DecodeStatus take_literal(const uint32_t* w, size_t nwords, size_t at, Inst* in) {
  bool want = false;
  for (uint16_t s : in->src) want |= uses_literal(s);
  if (!want) return DecodeStatus::kOk;
  if (nwords <= at) return DecodeStatus::kTruncated;
  in->literal = w[at];
  in->has_literal = true;
  in->size += 4;
  return DecodeStatus::kOk;
}

// VOP1/VOP2/VOPC with src0 = SDWA or DPP: the second dword holds the real
// src0 VGPR and the extension fields.
DecodeStatus take_extension(const uint32_t* w, size_t nwords, Inst* in) {
  const uint16_t s0 = in->src[0];
  if (s0 != op::kSdwa && s0 != op::kDpp) return take_literal(w, nwords, 1, in);
  if (nwords < 2) return DecodeStatus::kTruncated;
  const uint32_t* x = w + 1;
  in->size = 8;
  if (s0 == op::kDpp) {
    in->ext = Ext::Dpp;
    in->src[0] = static_cast<uint16_t>(op::kVgpr0 + get(x, dpp::src0));
    in->dpp.ctrl = static_cast<uint16_t>(get(x, dpp::ctrl));
    in->dpp.bound_ctrl = static_cast<uint8_t>(get(x, dpp::bound_ctrl));
    in->dpp.src_neg = static_cast<uint8_t>(get(x, dpp::src0_neg) | get(x, dpp::src1_neg) << 1);
    in->dpp.src_abs = static_cast<uint8_t>(get(x, dpp::src0_abs) | get(x, dpp::src1_abs) << 1);
    in->dpp.bank_mask = static_cast<uint8_t>(get(x, dpp::bank_mask));
    in->dpp.row_mask = static_cast<uint8_t>(get(x, dpp::row_mask));
    return DecodeStatus::kOk;
  }
  in->ext = Ext::Sdwa;
  SdwaFields& s = in->sdwa;
  const bool s0_scalar = get(x, sdwa::s0);
  in->src[0] = static_cast<uint16_t>(get(x, sdwa::src0) + (s0_scalar ? 0 : op::kVgpr0));
  s.src_sgpr = static_cast<uint8_t>(s0_scalar | get(x, sdwa::s1) << 1);
  if (get(x, sdwa::s1) && in->src[1] >= op::kVgpr0) in->src[1] -= op::kVgpr0;
  s.src_sel[0] = static_cast<uint8_t>(get(x, sdwa::src0_sel));
  s.src_sel[1] = static_cast<uint8_t>(get(x, sdwa::src1_sel));
  s.src_sext = static_cast<uint8_t>(get(x, sdwa::src0_sext) | get(x, sdwa::src1_sext) << 1);
  s.src_neg = static_cast<uint8_t>(get(x, sdwa::src0_neg) | get(x, sdwa::src1_neg) << 1);
  s.src_abs = static_cast<uint8_t>(get(x, sdwa::src0_abs) | get(x, sdwa::src1_abs) << 1);
  if (in->enc == Format::VOPC) {
    s.has_sdst = static_cast<uint8_t>(get(x, sdwa::sd));
    s.sdst = static_cast<uint8_t>(get(x, sdwa::sdst));
    s.clamp = static_cast<uint8_t>(get(x, sdwa::clamp));
  } else {
    s.dst_sel = static_cast<uint8_t>(get(x, sdwa::dst_sel));
    s.dst_unused = static_cast<uint8_t>(get(x, sdwa::dst_unused));
    s.clamp = static_cast<uint8_t>(get(x, sdwa::clamp));
    s.omod = static_cast<uint8_t>(get(x, sdwa::omod));
  }
  return DecodeStatus::kOk;
}

DecodeStatus finish(const OpcodeInfo* info, Inst* in) {
  if (!info) return DecodeStatus::kUnknownOpcode;
  in->info = info;
  return DecodeStatus::kOk;
}

// --- One function per format ------------------------------------------------
DecodeStatus decode_sop2(const OpcodeIndex& ix, const uint32_t* w, size_t n, Inst* in) {
  in->size = 4;
  in->dst = static_cast<uint16_t>(get(w, sop2::sdst));
  in->src[0] = static_cast<uint16_t>(get(w, sop2::ssrc0));
  in->src[1] = static_cast<uint16_t>(get(w, sop2::ssrc1));
  DecodeStatus st = take_literal(w, n, 1, in);
  return st != DecodeStatus::kOk ? st : finish(ix.find(Format::SOP2, get(w, sop2::op)), in);
}

DecodeStatus decode_sopk(const OpcodeIndex& ix, const uint32_t* w, size_t n, Inst* in) {
  in->size = 4;
  const unsigned opc = get(w, sopk::op);
  in->dst = static_cast<uint16_t>(get(w, sopk::sdst));
  in->simm = sext(get(w, sopk::simm16), 16);
  const OpcodeInfo* info = ix.find(Format::SOPK, opc);
  // s_setreg_imm32_b32 carries a 32-bit immediate after the instruction.
  if (info && info->src0 == Ty::B32 && (info->flags & kOpNoDst)) {
    if (n < 2) return DecodeStatus::kTruncated;
    in->literal = w[1];
    in->has_literal = true;
    in->size = 8;
  }
  return finish(info, in);
}

DecodeStatus decode_sop1(const OpcodeIndex& ix, const uint32_t* w, size_t n, Inst* in) {
  in->size = 4;
  in->dst = static_cast<uint16_t>(get(w, sop1::sdst));
  in->src[0] = static_cast<uint16_t>(get(w, sop1::ssrc0));
  DecodeStatus st = take_literal(w, n, 1, in);
  return st != DecodeStatus::kOk ? st : finish(ix.find(Format::SOP1, get(w, sop1::op)), in);
}

DecodeStatus decode_sopc(const OpcodeIndex& ix, const uint32_t* w, size_t n, Inst* in) {
  in->size = 4;
  in->src[0] = static_cast<uint16_t>(get(w, sopc::ssrc0));
  in->src[1] = static_cast<uint16_t>(get(w, sopc::ssrc1));
  DecodeStatus st = take_literal(w, n, 1, in);
  return st != DecodeStatus::kOk ? st : finish(ix.find(Format::SOPC, get(w, sopc::op)), in);
}

DecodeStatus decode_sopp(const OpcodeIndex& ix, const uint32_t* w, size_t, Inst* in) {
  in->size = 4;
  in->simm = sext(get(w, sopp::simm16), 16);
  return finish(ix.find(Format::SOPP, get(w, sopp::op)), in);
}

DecodeStatus decode_smem(const OpcodeIndex& ix, const uint32_t* w, size_t n, Inst* in) {
  if (n < 2) return DecodeStatus::kTruncated;
  in->size = 8;
  in->addr = static_cast<uint16_t>(get(w, smem::sbase) * 2);  // SGPR pair number
  in->data0 = static_cast<uint16_t>(get(w, smem::sdata));
  in->glc = get(w, smem::glc);
  in->nv = get(w, smem::nv);
  in->imm = get(w, smem::imm);
  in->soe = get(w, smem::soe);
  // imm=1: 21-bit unsigned byte offset (gfx9: 20 bits used); imm=0: SGPR.
  if (in->imm) {
    in->offset = static_cast<int32_t>(get(w, smem::offset) & 0xFFFFF);
  } else {
    in->soffset = static_cast<uint16_t>(get(w, smem::offset) & 0x7F);
  }
  if (in->soe) in->soffset = static_cast<uint16_t>(get(w, smem::soffset));
  return finish(ix.find(Format::SMEM, get(w, smem::op)), in);
}

DecodeStatus decode_vop2(const OpcodeIndex& ix, const uint32_t* w, size_t n, Inst* in) {
  in->size = 4;
  in->dst = static_cast<uint16_t>(op::kVgpr0 + get(w, vop2::vdst));
  in->src[0] = static_cast<uint16_t>(get(w, vop2::src0));
  in->src[1] = static_cast<uint16_t>(op::kVgpr0 + get(w, vop2::vsrc1));
  const OpcodeInfo* info = ix.find(Format::VOP2, get(w, vop2::op));
  // v_madmk_f32 / v_madak_f32 always carry the constant K as a literal.
  if (info && (info->flags & kOpLiteralK)) {
    if (n < 2) return DecodeStatus::kTruncated;
    in->literal = w[1];
    in->has_literal = true;
    in->size = 8;
    return finish(info, in);
  }
  DecodeStatus st = take_extension(w, n, in);
  if (st != DecodeStatus::kOk) return st;
  return finish(info, in);
}

DecodeStatus decode_vop1(const OpcodeIndex& ix, const uint32_t* w, size_t n, Inst* in) {
  in->size = 4;
  in->dst = static_cast<uint16_t>(op::kVgpr0 + get(w, vop1::vdst));
  in->src[0] = static_cast<uint16_t>(get(w, vop1::src0));
  const OpcodeInfo* info = ix.find(Format::VOP1, get(w, vop1::op));
  if (info && (info->flags & kOpScalarDstVop)) in->dst = static_cast<uint16_t>(get(w, vop1::vdst));
  DecodeStatus st = take_extension(w, n, in);
  return st != DecodeStatus::kOk ? st : finish(info, in);
}

DecodeStatus decode_vopc(const OpcodeIndex& ix, const uint32_t* w, size_t n, Inst* in) {
  in->size = 4;
  in->src[0] = static_cast<uint16_t>(get(w, vopc::src0));
  in->src[1] = static_cast<uint16_t>(op::kVgpr0 + get(w, vopc::vsrc1));
  in->sdst = op::kVccLo;
  DecodeStatus st = take_extension(w, n, in);
  if (st != DecodeStatus::kOk) return st;
  if (in->ext == Ext::Sdwa && in->sdwa.has_sdst) in->sdst = in->sdwa.sdst;
  return finish(ix.find(Format::VOPC, get(w, vopc::op)), in);
}

DecodeStatus decode_vop3(const OpcodeIndex& ix, const uint32_t* w, size_t n, Inst* in) {
  if (n < 2) return DecodeStatus::kTruncated;
  in->size = 8;
  const OpcodeInfo* info = find_vop3(ix, get(w, vop3::op));
  if (!info) return DecodeStatus::kUnknownOpcode;
  in->src[0] = static_cast<uint16_t>(get(w, vop3::src0));
  in->src[1] = static_cast<uint16_t>(get(w, vop3::src1));
  in->src[2] = static_cast<uint16_t>(get(w, vop3::src2));
  in->neg = static_cast<uint8_t>(get(w, vop3::neg));
  in->omod = static_cast<uint8_t>(get(w, vop3::omod));
  in->clamp = get(w, vop3::clamp);
  const bool is_cmp = info->format == Format::VOPC;
  const bool scalar_dst = is_cmp || (info->flags & kOpScalarDstVop);
  in->dst = static_cast<uint16_t>(get(w, vop3::vdst) + (scalar_dst ? 0 : op::kVgpr0));
  if (is_cmp) in->sdst = in->dst;
  if (info->flags & kOpVop3b) {
    in->sdst = static_cast<uint16_t>(get(w, vop3::sdst));
  } else {
    in->abs = static_cast<uint8_t>(get(w, vop3::abs));
    in->op_sel = static_cast<uint8_t>(get(w, vop3::op_sel));
  }
  // gfx9 VOP3 has no literal dword. The v_interp_* rows read only their
  // typed sources: src0 is an attribute field where 255 means attr63.w.
  const Ty types[3] = {info->src0, info->src1, info->src2};
  for (int i = 0; i < 3; ++i) {
    const uint16_t s = in->src[i];
    if ((info->flags & kOpAttrSrc0) && types[i] == Ty::None) continue;
    if (s == op::kLiteral || s == op::kSdwa || s == op::kDpp) return DecodeStatus::kIllegalOperand;
  }
  return finish(info, in);
}

DecodeStatus decode_vop3p(const OpcodeIndex& ix, const uint32_t* w, size_t n, Inst* in) {
  if (n < 2) return DecodeStatus::kTruncated;
  in->size = 8;
  in->dst = static_cast<uint16_t>(op::kVgpr0 + get(w, vop3p::vdst));
  in->src[0] = static_cast<uint16_t>(get(w, vop3p::src0));
  in->src[1] = static_cast<uint16_t>(get(w, vop3p::src1));
  in->src[2] = static_cast<uint16_t>(get(w, vop3p::src2));
  in->neg = static_cast<uint8_t>(get(w, vop3p::neg));
  in->neg_hi = static_cast<uint8_t>(get(w, vop3p::neg_hi));
  in->op_sel = static_cast<uint8_t>(get(w, vop3p::op_sel));
  in->op_sel_hi = static_cast<uint8_t>(get(w, vop3p::op_sel_hi) | get(w, vop3p::op_sel_hi2) << 2);
  in->clamp = get(w, vop3p::clamp);
  for (uint16_t s : in->src)
    if (s == op::kLiteral) return DecodeStatus::kIllegalOperand;
  return finish(ix.find(Format::VOP3P, get(w, vop3p::op)), in);
}

DecodeStatus decode_ds(const OpcodeIndex& ix, const uint32_t* w, size_t n, Inst* in) {
  if (n < 2) return DecodeStatus::kTruncated;
  in->size = 8;
  in->gds = get(w, ds::gds);
  in->offset0 = static_cast<uint8_t>(get(w, ds::offset0));
  in->offset1 = static_cast<uint8_t>(get(w, ds::offset1));
  in->offset = in->offset0 | in->offset1 << 8;
  in->addr = static_cast<uint16_t>(get(w, ds::addr));
  in->data0 = static_cast<uint16_t>(get(w, ds::data0));
  in->data1 = static_cast<uint16_t>(get(w, ds::data1));
  in->vdst = static_cast<uint16_t>(get(w, ds::vdst));
  return finish(ix.find(Format::DS, get(w, ds::op)), in);
}

DecodeStatus decode_mubuf(const OpcodeIndex& ix, const uint32_t* w, size_t n, Inst* in) {
  if (n < 2) return DecodeStatus::kTruncated;
  in->size = 8;
  in->offset = static_cast<int32_t>(get(w, mubuf::offset));
  in->offen = get(w, mubuf::offen);
  in->idxen = get(w, mubuf::idxen);
  in->glc = get(w, mubuf::glc);
  in->lds = get(w, mubuf::lds);
  in->slc = get(w, mubuf::slc);
  in->addr = static_cast<uint16_t>(get(w, mubuf::vaddr));
  in->data0 = static_cast<uint16_t>(get(w, mubuf::vdata));
  in->rsrc = static_cast<uint16_t>(get(w, mubuf::srsrc) * 4);
  in->tfe = get(w, mubuf::tfe);
  in->soffset = static_cast<uint16_t>(get(w, mubuf::soffset));
  if (in->soffset == op::kLiteral) return DecodeStatus::kIllegalOperand;
  return finish(ix.find(Format::MUBUF, get(w, mubuf::op)), in);
}

DecodeStatus decode_mtbuf(const OpcodeIndex& ix, const uint32_t* w, size_t n, Inst* in) {
  if (n < 2) return DecodeStatus::kTruncated;
  in->size = 8;
  in->offset = static_cast<int32_t>(get(w, mtbuf::offset));
  in->offen = get(w, mtbuf::offen);
  in->idxen = get(w, mtbuf::idxen);
  in->glc = get(w, mtbuf::glc);
  in->dfmt = static_cast<uint8_t>(get(w, mtbuf::dfmt));
  in->nfmt = static_cast<uint8_t>(get(w, mtbuf::nfmt));
  in->slc = get(w, mtbuf::slc);
  in->tfe = get(w, mtbuf::tfe);
  in->addr = static_cast<uint16_t>(get(w, mtbuf::vaddr));
  in->data0 = static_cast<uint16_t>(get(w, mtbuf::vdata));
  in->rsrc = static_cast<uint16_t>(get(w, mtbuf::srsrc) * 4);
  in->soffset = static_cast<uint16_t>(get(w, mtbuf::soffset));
  return finish(ix.find(Format::MTBUF, get(w, mtbuf::op)), in);
}

DecodeStatus decode_flat(const OpcodeIndex& ix, const uint32_t* w, size_t n, Inst* in) {
  if (n < 2) return DecodeStatus::kTruncated;
  in->size = 8;
  in->seg = static_cast<uint8_t>(get(w, flat::seg));
  if (in->seg == 3) return DecodeStatus::kUnknownOpcode;
  // FLAT: 12-bit unsigned offset; GLOBAL/SCRATCH: 13-bit signed.
  const uint32_t raw = get(w, flat::offset);
  in->offset = in->seg == 0 ? static_cast<int32_t>(raw & 0xFFF) : sext(raw, 13);
  in->lds = get(w, flat::lds);
  in->glc = get(w, flat::glc);
  in->slc = get(w, flat::slc);
  in->addr = static_cast<uint16_t>(get(w, flat::addr));
  in->data0 = static_cast<uint16_t>(get(w, flat::data));
  in->saddr = static_cast<uint16_t>(get(w, flat::saddr));
  in->nv = get(w, flat::nv);
  in->vdst = static_cast<uint16_t>(get(w, flat::vdst));
  // GLOBAL and SCRATCH rows are registered as FLAT opcodes + 128 * seg.
  return finish(ix.find(Format::FLAT, get(w, flat::op) + 128u * in->seg), in);
}

DecodeStatus decode_mimg(const OpcodeIndex& ix, const uint32_t* w, size_t n, Inst* in) {
  if (n < 2) return DecodeStatus::kTruncated;
  in->size = 8;
  in->dmask = static_cast<uint8_t>(get(w, mimg::dmask));
  in->unorm = get(w, mimg::unorm);
  in->glc = get(w, mimg::glc);
  in->da = get(w, mimg::da);
  in->a16 = get(w, mimg::a16);
  in->tfe = get(w, mimg::tfe);
  in->lwe = get(w, mimg::lwe);
  in->slc = get(w, mimg::slc);
  in->d16 = get(w, mimg::d16);
  in->addr = static_cast<uint16_t>(get(w, mimg::vaddr));
  in->data0 = static_cast<uint16_t>(get(w, mimg::vdata));
  in->rsrc = static_cast<uint16_t>(get(w, mimg::srsrc) * 4);
  in->ssamp = static_cast<uint16_t>(get(w, mimg::ssamp) * 4);
  return finish(ix.find(Format::MIMG, get(w, mimg::op)), in);
}

using DecodeFn = DecodeStatus (*)(const OpcodeIndex&, const uint32_t*, size_t, Inst*);
constexpr DecodeFn kDecoders[] = {
    decode_sop2,  decode_sopk,  decode_sop1, decode_sopc, decode_sopp,  decode_smem,
    decode_vop2,  decode_vop1,  decode_vopc, decode_vop3, decode_vop3p, decode_ds,
    decode_mubuf, decode_mtbuf, decode_flat, decode_mimg,
};
static_assert(sizeof(kDecoders) / sizeof(kDecoders[0]) == static_cast<size_t>(Format::Count),
              "one decoder per format, in Format order");

}  // namespace

const char* decode_status_name(DecodeStatus s) {
  switch (s) {
    case DecodeStatus::kOk:
      return "ok";
    case DecodeStatus::kTruncated:
      return "instruction runs past the end of the code";
    case DecodeStatus::kUnknownFormat:
      return "no gfx9 encoding matches";
    case DecodeStatus::kUnknownOpcode:
      return "unknown opcode";
    case DecodeStatus::kIllegalOperand:
      return "illegal operand for this encoding";
  }
  return "?";
}

const char* format_name(Format f) {
  static const char* const kNames[] = {"SOP2",  "SOPK",  "SOP1", "SOPC", "SOPP",  "SMEM",
                                       "VOP2",  "VOP1",  "VOPC", "VOP3", "VOP3P", "DS",
                                       "MUBUF", "MTBUF", "FLAT", "MIMG"};
  return f < Format::Count ? kNames[static_cast<size_t>(f)] : "?";
}

OpcodeIndex::OpcodeIndex(const OpcodeTable* tables, size_t count) {
  for (size_t t = 0; t < count; ++t)
    for (size_t i = 0; i < tables[t].count; ++i) {
      const OpcodeInfo& row = tables[t].rows[i];
      by_format_[static_cast<size_t>(row.format)][row.opcode & (kOpcodes - 1)] = &row;
    }
}

const OpcodeInfo* OpcodeIndex::find(Format f, unsigned opcode) const {
  if (f >= Format::Count || opcode >= kOpcodes) return nullptr;
  return by_format_[static_cast<size_t>(f)][opcode];
}

DecodeStatus decode(const OpcodeIndex& opcodes, const uint32_t* words, size_t nwords, Inst* out) {
  *out = Inst{};
  if (nwords == 0) return DecodeStatus::kTruncated;
  const uint32_t w0 = words[0];
  for (const FormatPattern& p : kPatterns) {
    if ((w0 & p.mask) != p.match) continue;
    out->enc = p.format;
    return kDecoders[static_cast<size_t>(p.format)](opcodes, words, nwords, out);
  }
  return DecodeStatus::kUnknownFormat;
}

namespace {

// VGPRs a memory instruction names, from its row (conventions in
// ops_ds.cpp / ops_mubuf.cpp / ops_flat.cpp): dst = returned element type,
// src0/src1 = data operand types, mem_dwords = data dwords per lane.
// see(register field, dwords, written) is called once per operand; I is
// Inst or const Inst.
template <class I, class See>
void see_memory(I& in, See see) {
  const OpcodeInfo& info = *in.info;
  const unsigned d = info.mem_dwords;
  const bool atomic = info.flags & kOpAtomic, load = info.flags & kOpLoad;
  const bool store = info.flags & kOpStore;
  switch (in.enc) {
    case Format::DS: {
      const unsigned pair = (info.flags & kOpMemPair) ? 2 : 1;
      see(in.addr, 1, false);
      if (info.src0 != Ty::None) see(in.data0, atomic ? ty_dwords(info.src0) : d / pair, false);
      if (info.src1 != Ty::None) see(in.data1, ty_dwords(info.src1), false);
      if (info.dst != Ty::None)
        see(in.vdst, load && !atomic ? d : ty_dwords(info.dst) * pair, true);
      break;
    }
    case Format::MUBUF:
    case Format::MTBUF:
      if (in.offen || in.idxen) see(in.addr, (in.offen && in.idxen) ? 2 : 1, false);
      // VDATA carries both the data and the result; tfe appends a status dword.
      if (store || atomic) see(in.data0, d, false);
      if (load || (atomic && in.glc)) see(in.data0, d + (in.tfe ? 1 : 0), true);
      break;
    case Format::FLAT: {
      const bool saddr = in.saddr != 0x7f;
      if (in.seg == 0) see(in.addr, 2, false);
      if (in.seg == 2) see(in.addr, saddr ? 1 : 2, false);
      if (in.seg == 1 && !saddr) see(in.addr, 1, false);
      if (store || atomic) see(in.data0, d, false);
      if (load) see(in.vdst, d, true);
      if (atomic && in.glc) see(in.vdst, info.src1 != Ty::None ? d / 2 : d, true);
      break;
    }
    case Format::MIMG: {
      // Address VGPRs: the row's minimum (the T#'s type may ask for more,
      // which the semantics check against the allocation when it runs).
      see(in.addr, d, false);
      const unsigned data = mimg_data_dwords(in);
      if (store || atomic) see(in.data0, data - (in.tfe ? 1 : 0), false);
      if (load || (atomic && in.glc)) see(in.data0, data, true);
      break;
    }
    default:
      break;
  }
}

// The same for a vector ALU instruction, whose operands are operand codes
// (VGPRs from op::kVgpr0).
template <class I, class See>
void see_valu(I& in, See see) {
  const OpcodeInfo& info = *in.info;
  const Ty types[3] = {info.src0, info.src1, info.src2};
  for (int i = 0; i < 3; ++i)
    if (in.src[i] >= op::kVgpr0 && types[i] != Ty::None) see(in.src[i], ty_dwords(types[i]), false);
  if (in.dst >= op::kVgpr0 && !(info.flags & kOpNoDst) && info.dst != Ty::None)
    see(in.dst, ty_dwords(info.dst), true);
}

// Calls see(field, first VGPR, dwords, written) for every VGPR operand;
// field - first is what the field holds for v0.
template <class I, class See>
void see_vgprs(I& in, See see) {
  switch (in.enc) {
    case Format::VOP1:
    case Format::VOP2:
    case Format::VOPC:
    case Format::VOP3:
    case Format::VOP3P:
      see_valu(in, [&](auto& code, unsigned n, bool written) {
        see(code, static_cast<unsigned>(code - op::kVgpr0), n, written);
      });
      break;
    case Format::DS:
    case Format::MUBUF:
    case Format::MTBUF:
    case Format::FLAT:
    case Format::MIMG:
      see_memory(in, [&](auto& reg, unsigned n, bool written) {
        see(reg, static_cast<unsigned>(reg), n, written);
      });
      break;
    default:
      break;
  }
}

}  // namespace

unsigned mimg_data_dwords(const Inst& in) {
  const OpcodeInfo& info = *in.info;
  unsigned n = 0;
  for (unsigned m = in.dmask; m; m >>= 1) n += m & 1;
  if (info.flags & kOpGather4) n = 4;
  if (n == 0) n = 1;
  if (in.d16 && !(info.flags & kOpAtomic)) n = (n + 1) / 2;
  return n + (in.tfe ? 1 : 0);
}

unsigned vgpr_limit(const Inst& in) {
  unsigned limit = 0;
  see_vgprs(in, [&](const uint16_t&, unsigned first, unsigned count, bool) {
    if (first + count > limit) limit = first + count;
  });
  return limit;
}

std::string first_vgpr_beyond(const Inst& in, unsigned nvgpr) {
  std::string name;
  see_vgprs(in, [&](const uint16_t&, unsigned first, unsigned count, bool) {
    if (name.empty() && first + count > nvgpr)
      name = "v" + std::to_string(first >= nvgpr ? first : nvgpr);
  });
  return name;
}

bool confine_vgprs(Inst& in, unsigned nvgpr) {
  // Destinations first: a field can be both (MUBUF atomic VDATA with glc),
  // and its source rewrite must not hide the destination.
  bool runs = true;
  see_vgprs(static_cast<const Inst&>(in),
            [&](const uint16_t&, unsigned first, unsigned count, bool written) {
              if (written && first + count > nvgpr) runs = false;
            });
  if (!runs) return false;
  see_vgprs(in, [&](uint16_t& field, unsigned first, unsigned count, bool) {
    if (first + count > nvgpr) field = static_cast<uint16_t>(field - first);  // v0
  });
  return true;
}

}  // namespace gcn
