// Vector ALU instructions as host code over the 64 lanes: 32-bit integer
// and f32 arithmetic of VOP1/VOP2/VOP3 and the VOPC compares. Forms with
// DPP or SDWA, clamp or output modifiers are callouts; f32 sources take
// VOP3 abs/neg. Semantics as semantics/ops_vop*.cpp and wave/valu.h
// (MODE's f32 denormal flush on sources and results, no fused multiply-add
// where the hardware rounds twice).
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ir_emitter.h"

namespace gcn {
namespace {

using llvm::Value;

// No lane movement or selects, no output modifiers, no integer source
// modifiers: what every emitter here needs. An f32 operation with a NaN
// literal stays with the interpreter: LLVM folds arithmetic on a constant
// NaN to that NaN, where the hardware (and x86) quiets a signalling one.
bool plain(const Inst& in, bool float_sources) {
  if (in.ext != Ext::None) return false;
  if (float_sources && in.has_literal && (in.literal & 0x7F800000u) == 0x7F800000u &&
      (in.literal & 0x7FFFFFu))
    return false;
  if (in.enc != Format::VOP3) return true;
  if (in.clamp || in.omod || in.op_sel || in.neg_hi) return false;
  return float_sources || (in.abs == 0 && in.neg == 0);
}

unsigned dst_vgpr(const Inst& in) { return in.dst - op::kVgpr0; }

// f32 source i with VOP3 abs/neg, then MODE's flush (read_f32).
Value* fsrc(Emitter& e, const Inst& in, int i) {
  Value* v = e.v32(in, i);
  if (in.enc == Format::VOP3) {
    if ((in.abs >> i) & 1) v = e.b.CreateAnd(v, e.splat32(0x7FFFFFFFu));
    if ((in.neg >> i) & 1) v = e.b.CreateXor(v, e.splat32(0x80000000u));
  }
  return e.to_f(e.flush_f32 ? e.flush(v) : v);
}

template <class F>
bool int2(Emitter& e, const Inst& in, F f) {
  if (!plain(in, false) || in.dst < op::kVgpr0) return false;
  e.set_vgpr(dst_vgpr(in), f(e, e.v32(in, 0), e.v32(in, 1)));
  return true;
}
template <class F>
bool int3(Emitter& e, const Inst& in, F f) {
  if (!plain(in, false) || in.dst < op::kVgpr0) return false;
  e.set_vgpr(dst_vgpr(in), f(e, e.v32(in, 0), e.v32(in, 1), e.v32(in, 2)));
  return true;
}
template <class F>
bool f2(Emitter& e, const Inst& in, F f) {
  if (!plain(in, true) || in.dst < op::kVgpr0) return false;
  Value* a = fsrc(e, in, 0);
  Value* b = fsrc(e, in, 1);
  e.set_vgpr(dst_vgpr(in), e.f32_result(f(e, a, b)));
  return true;
}
// a * b + c rounded twice, inputs, product and result flushed whatever
// MODE says (mad_f32: the ISA's MAD has no f32 denormals).
Value* mad(Emitter& e, Value* a, Value* b, Value* c) {
  auto fl = [&e](Value* f) { return e.to_f(e.flush(e.to_i(f))); };
  Value* q = fl(e.b.CreateFMul(fl(a), fl(b)));
  return fl(e.b.CreateFAdd(q, fl(c)));
}

Value* mask24(Emitter& e, Value* v) { return e.b.CreateAnd(v, e.splat32(0xFFFFFF)); }
Value* sext24(Emitter& e, Value* v) {
  return e.b.CreateAShr(e.b.CreateShl(v, e.splat32(8)), e.splat32(8));
}
Value* amount(Emitter& e, Value* v) { return e.b.CreateAnd(v, e.splat32(31)); }
llvm::VectorType* v64ty(Emitter& e) { return llvm::FixedVectorType::get(e.i64(), kWaveSize); }

// Carry ops: carry out (masked by EXEC) to VCC (e32) or sdst (VOP3b),
// carry in from VCC (e32) or src2 (VOP3b).
Value* carry_in(Emitter& e, const Inst& in) {
  Value* m = in.enc == Format::VOP3 ? e.s64(in, in.src[2], Ty::B64) : e.vcc();
  return e.b.CreateZExt(e.mask_of(m), e.v32ty());
}
void carry_out(Emitter& e, const Inst& in, Value* lanes_i1) {
  Value* m = e.b.CreateAnd(e.bits_of(lanes_i1), e.exec());
  e.set_s64(in.enc == Format::VOP3 ? in.sdst : op::kVccLo, m);
}
// a + b + c (c 0/1 per lane), the sum and its carry.
template <bool Sub>
bool add_carry(Emitter& e, const Inst& in, bool reverse, bool uses_cin) {
  if (!plain(in, false) || in.dst < op::kVgpr0) return false;
  Value* a = e.b.CreateZExt(e.v32(in, reverse ? 1 : 0), v64ty(e));
  Value* b = e.b.CreateZExt(e.v32(in, reverse ? 0 : 1), v64ty(e));
  Value* c =
      uses_cin ? e.b.CreateZExt(carry_in(e, in), v64ty(e)) : llvm::Constant::getNullValue(v64ty(e));
  Value* r = Sub ? e.b.CreateSub(e.b.CreateSub(a, b), c) : e.b.CreateAdd(e.b.CreateAdd(a, b), c);
  // Sub: borrow when b + c > a, i.e. bit 32 of the 64-bit difference.
  Value* co = e.b.CreateICmpNE(e.b.CreateLShr(r, 32), llvm::Constant::getNullValue(v64ty(e)));
  e.set_vgpr(dst_vgpr(in), e.b.CreateTrunc(r, e.v32ty()));
  carry_out(e, in, co);
  return true;
}

// v_cmp[x]_<p>_<type>: p as the ISA numbers it (bit 0 less, bit 1 equal,
// bit 2 greater, bit 3 unordered).
struct CmpSpec {
  unsigned p;
  char kind;  // 'u', 'i', 'f'
  bool cmpx;
};

const std::unordered_map<std::string, CmpSpec>& compares() {
  static const std::unordered_map<std::string, CmpSpec> t = [] {
    std::unordered_map<std::string, CmpSpec> m;
    const char* fpred[16] = {"f", "lt",  "eq",  "le",  "gt",  "lg",  "ge",  "o",
                             "u", "nge", "nlg", "ngt", "nle", "neq", "nlt", "tru"};
    const char* ipred[8] = {"f", "lt", "eq", "le", "gt", "ne", "ge", "t"};
    for (const char* x : {"v_cmp_", "v_cmpx_"}) {
      const bool cmpx = x[5] == 'x';
      for (unsigned p = 0; p < 16; ++p) m[std::string(x) + fpred[p] + "_f32"] = {p, 'f', cmpx};
      for (unsigned p = 0; p < 8; ++p) {
        m[std::string(x) + ipred[p] + "_u32"] = {p, 'u', cmpx};
        m[std::string(x) + ipred[p] + "_i32"] = {p, 'i', cmpx};
      }
    }
    return m;
  }();
  return t;
}

bool vopc(Emitter& e, const Inst& in) {
  const auto& t = compares();
  auto it = t.find(in.info->name);
  if (it == t.end()) return false;
  const CmpSpec s = it->second;
  if (!plain(in, s.kind == 'f') || in.sdst >= op::kSgprFileSize) return false;
  Value* lanes;
  if (s.kind == 'f') {
    // LLVM's fcmp predicates number the same relations with bit 0 equal,
    // bit 1 greater, bit 2 less, bit 3 unordered.
    const unsigned llvm_p =
        (s.p & 8) | ((s.p & 1) ? 4 : 0) | ((s.p & 2) ? 1 : 0) | ((s.p & 4) ? 2 : 0);
    lanes = e.b.CreateFCmp(static_cast<llvm::CmpInst::Predicate>(llvm_p), fsrc(e, in, 0),
                           fsrc(e, in, 1));
  } else {
    using P = llvm::CmpInst::Predicate;
    const bool sg = s.kind == 'i';
    static const P kPreds[2][8] = {{P::FCMP_FALSE, P::ICMP_ULT, P::ICMP_EQ, P::ICMP_ULE,
                                    P::ICMP_UGT, P::ICMP_NE, P::ICMP_UGE, P::FCMP_TRUE},
                                   {P::FCMP_FALSE, P::ICMP_SLT, P::ICMP_EQ, P::ICMP_SLE,
                                    P::ICMP_SGT, P::ICMP_NE, P::ICMP_SGE, P::FCMP_TRUE}};
    const P p = kPreds[sg][s.p];
    llvm::Type* mty = llvm::FixedVectorType::get(e.i1(), kWaveSize);
    if (p == P::FCMP_FALSE)
      lanes = llvm::Constant::getNullValue(mty);
    else if (p == P::FCMP_TRUE)
      lanes = llvm::Constant::getAllOnesValue(mty);
    else
      lanes = e.b.CreateICmp(p, e.v32(in, 0), e.v32(in, 1));
  }
  Value* m = e.b.CreateAnd(e.bits_of(lanes), e.exec());
  e.set_s64(in.sdst, m);
  if (s.cmpx) e.set_s64(op::kExecLo, m);
  return true;
}

// 64-bit vector operands (read_v64/write_v64): a VGPR pair, or a scalar
// 64-bit source broadcast.
Value* v64(Emitter& e, const Inst& in, int src, Ty t) {
  const uint16_t code = in.src[src];
  if (code < op::kVgpr0) return e.b.CreateVectorSplat(kWaveSize, e.s64(in, code, t));
  const unsigned r = code - op::kVgpr0;
  Value* lo = e.b.CreateZExt(e.vgpr(r), v64ty(e));
  Value* hi = e.b.CreateZExt(e.vgpr((r + 1) & 255), v64ty(e));
  return e.b.CreateOr(lo, e.b.CreateShl(hi, 32));
}
void set_vgpr64(Emitter& e, unsigned r, Value* v) {
  e.set_vgpr(r, e.b.CreateTrunc(v, e.v32ty()));
  e.set_vgpr((r + 1) & 255, e.b.CreateTrunc(e.b.CreateLShr(v, 32), e.v32ty()));
}
// v_*_b64 shifts: D = S1 shifted by S0[5:0].
template <class F>
bool shift64(Emitter& e, const Inst& in, Ty t, F f) {
  if (!plain(in, false) || in.dst < op::kVgpr0) return false;
  Value* n = e.b.CreateZExt(e.b.CreateAnd(e.v32(in, 0), e.splat32(63)), v64ty(e));
  set_vgpr64(e, dst_vgpr(in), f(e, v64(e, in, 1, t), n));
  return true;
}
// v_mbcnt_lo/hi: the bits of S0 that belong to lanes below this one (lo:
// lanes 0..31 of the mask, hi: lanes 32..63), counted, plus S1.
template <bool Hi>
bool mbcnt(Emitter& e, const Inst& in) {
  if (!plain(in, false) || in.dst < op::kVgpr0) return false;
  std::vector<llvm::Constant*> below;
  for (unsigned l = 0; l < kWaveSize; ++l) {
    const unsigned n = Hi ? (l < 32 ? 0 : l - 32) : (l < 32 ? l : 32);
    below.push_back(e.b.getInt32(n >= 32 ? ~0u : (1u << n) - 1));
  }
  Value* bits = e.b.CreateAnd(e.v32(in, 0), llvm::ConstantVector::get(below));
  Value* count = e.b.CreateUnaryIntrinsic(llvm::Intrinsic::ctpop, bits);
  e.set_vgpr(dst_vgpr(in), e.b.CreateAdd(count, e.v32(in, 1)));
  return true;
}

using Table = std::unordered_map<std::string_view, EmitFn>;

const Table& table() {
  static const Table t = {
      // Moves and selects.
      {"v_mov_b32",
       [](Emitter& e, const Inst& in) {
         if (!plain(in, false) || in.dst < op::kVgpr0) return false;
         e.set_vgpr(dst_vgpr(in), e.v32(in, 0));
         return true;
       }},
      {"v_cndmask_b32",
       [](Emitter& e, const Inst& in) {
         if (!plain(in, false) || in.dst < op::kVgpr0) return false;
         Value* m = in.enc == Format::VOP3 ? e.s64(in, in.src[2], Ty::B64) : e.vcc();
         e.set_vgpr(dst_vgpr(in), e.b.CreateSelect(e.mask_of(m), e.v32(in, 1), e.v32(in, 0)));
         return true;
       }},
      {"v_readfirstlane_b32",
       [](Emitter& e, const Inst& in) {
         if (!plain(in, false) || in.dst >= op::kSgprFileSize) return false;
         Value* x = e.exec();
         Value* first = e.b.CreateBinaryIntrinsic(llvm::Intrinsic::cttz, x, e.b.getTrue());
         Value* lane = e.b.CreateSelect(e.b.CreateICmpEQ(x, e.c64(0)), e.c64(0), first);
         e.set_s32(in.dst, e.b.CreateExtractElement(e.v32(in, 0), lane));
         return true;
       }},
      // 32-bit integer.
      {"v_add_u32",
       [](Emitter& e, const Inst& in) {
         return int2(e, in, [](Emitter& e, Value* a, Value* b) { return e.b.CreateAdd(a, b); });
       }},
      {"v_sub_u32",
       [](Emitter& e, const Inst& in) {
         return int2(e, in, [](Emitter& e, Value* a, Value* b) { return e.b.CreateSub(a, b); });
       }},
      {"v_subrev_u32",
       [](Emitter& e, const Inst& in) {
         return int2(e, in, [](Emitter& e, Value* a, Value* b) { return e.b.CreateSub(b, a); });
       }},
      {"v_add_co_u32",
       [](Emitter& e, const Inst& in) { return add_carry<false>(e, in, false, false); }},
      {"v_addc_co_u32",
       [](Emitter& e, const Inst& in) { return add_carry<false>(e, in, false, true); }},
      {"v_sub_co_u32",
       [](Emitter& e, const Inst& in) { return add_carry<true>(e, in, false, false); }},
      {"v_subrev_co_u32",
       [](Emitter& e, const Inst& in) { return add_carry<true>(e, in, true, false); }},
      {"v_subb_co_u32",
       [](Emitter& e, const Inst& in) { return add_carry<true>(e, in, false, true); }},
      {"v_subbrev_co_u32",
       [](Emitter& e, const Inst& in) { return add_carry<true>(e, in, true, true); }},
      {"v_and_b32",
       [](Emitter& e, const Inst& in) {
         return int2(e, in, [](Emitter& e, Value* a, Value* b) { return e.b.CreateAnd(a, b); });
       }},
      {"v_or_b32",
       [](Emitter& e, const Inst& in) {
         return int2(e, in, [](Emitter& e, Value* a, Value* b) { return e.b.CreateOr(a, b); });
       }},
      {"v_xor_b32",
       [](Emitter& e, const Inst& in) {
         return int2(e, in, [](Emitter& e, Value* a, Value* b) { return e.b.CreateXor(a, b); });
       }},
      {"v_not_b32",
       [](Emitter& e, const Inst& in) {
         if (!plain(in, false) || in.dst < op::kVgpr0) return false;
         e.set_vgpr(dst_vgpr(in), e.b.CreateNot(e.v32(in, 0)));
         return true;
       }},
      {"v_lshlrev_b32",
       [](Emitter& e, const Inst& in) {
         return int2(e, in,
                     [](Emitter& e, Value* a, Value* b) { return e.b.CreateShl(b, amount(e, a)); });
       }},
      {"v_lshrrev_b32",
       [](Emitter& e, const Inst& in) {
         return int2(
             e, in, [](Emitter& e, Value* a, Value* b) { return e.b.CreateLShr(b, amount(e, a)); });
       }},
      {"v_ashrrev_i32",
       [](Emitter& e, const Inst& in) {
         return int2(
             e, in, [](Emitter& e, Value* a, Value* b) { return e.b.CreateAShr(b, amount(e, a)); });
       }},
      {"v_max_u32",
       [](Emitter& e, const Inst& in) {
         return int2(e, in, [](Emitter& e, Value* a, Value* b) {
           return e.b.CreateSelect(e.b.CreateICmpUGT(a, b), a, b);
         });
       }},
      {"v_min_u32",
       [](Emitter& e, const Inst& in) {
         return int2(e, in, [](Emitter& e, Value* a, Value* b) {
           return e.b.CreateSelect(e.b.CreateICmpULT(a, b), a, b);
         });
       }},
      {"v_max_i32",
       [](Emitter& e, const Inst& in) {
         return int2(e, in, [](Emitter& e, Value* a, Value* b) {
           return e.b.CreateSelect(e.b.CreateICmpSGT(a, b), a, b);
         });
       }},
      {"v_min_i32",
       [](Emitter& e, const Inst& in) {
         return int2(e, in, [](Emitter& e, Value* a, Value* b) {
           return e.b.CreateSelect(e.b.CreateICmpSLT(a, b), a, b);
         });
       }},
      {"v_mul_u32_u24",
       [](Emitter& e, const Inst& in) {
         return int2(e, in, [](Emitter& e, Value* a, Value* b) {
           return e.b.CreateMul(mask24(e, a), mask24(e, b));
         });
       }},
      {"v_mul_i32_i24",
       [](Emitter& e, const Inst& in) {
         return int2(e, in, [](Emitter& e, Value* a, Value* b) {
           return e.b.CreateMul(sext24(e, a), sext24(e, b));
         });
       }},
      {"v_mul_lo_u32",
       [](Emitter& e, const Inst& in) {
         return int2(e, in, [](Emitter& e, Value* a, Value* b) { return e.b.CreateMul(a, b); });
       }},
      {"v_mul_hi_u32",
       [](Emitter& e, const Inst& in) {
         return int2(e, in, [](Emitter& e, Value* a, Value* b) {
           Value* p = e.b.CreateMul(e.b.CreateZExt(a, v64ty(e)), e.b.CreateZExt(b, v64ty(e)));
           return e.b.CreateTrunc(e.b.CreateLShr(p, 32), e.v32ty());
         });
       }},
      {"v_mad_u32_u24",
       [](Emitter& e, const Inst& in) {
         return int3(e, in, [](Emitter& e, Value* a, Value* b, Value* c) {
           return e.b.CreateAdd(e.b.CreateMul(mask24(e, a), mask24(e, b)), c);
         });
       }},
      {"v_mad_i32_i24",
       [](Emitter& e, const Inst& in) {
         return int3(e, in, [](Emitter& e, Value* a, Value* b, Value* c) {
           return e.b.CreateAdd(e.b.CreateMul(sext24(e, a), sext24(e, b)), c);
         });
       }},
      {"v_bfe_u32",
       [](Emitter& e, const Inst& in) {
         return int3(e, in, [](Emitter& e, Value* a, Value* b, Value* c) {
           Value* mask = e.b.CreateSub(e.b.CreateShl(e.splat32(1), amount(e, c)), e.splat32(1));
           return e.b.CreateAnd(e.b.CreateLShr(a, amount(e, b)), mask);
         });
       }},
      {"v_bfi_b32",
       [](Emitter& e, const Inst& in) {
         return int3(e, in, [](Emitter& e, Value* a, Value* b, Value* c) {
           return e.b.CreateOr(e.b.CreateAnd(a, b), e.b.CreateAnd(e.b.CreateNot(a), c));
         });
       }},
      {"v_alignbit_b32",
       [](Emitter& e, const Inst& in) {
         return int3(e, in, [](Emitter& e, Value* a, Value* b, Value* c) {
           Value* wide = e.b.CreateOr(e.b.CreateShl(e.b.CreateZExt(a, v64ty(e)), 32),
                                      e.b.CreateZExt(b, v64ty(e)));
           Value* r = e.b.CreateLShr(wide, e.b.CreateZExt(amount(e, c), v64ty(e)));
           return e.b.CreateTrunc(r, e.v32ty());
         });
       }},
      {"v_xad_u32",
       [](Emitter& e, const Inst& in) {
         return int3(e, in, [](Emitter& e, Value* a, Value* b, Value* c) {
           return e.b.CreateAdd(e.b.CreateXor(a, b), c);
         });
       }},
      {"v_lshl_add_u32",
       [](Emitter& e, const Inst& in) {
         return int3(e, in, [](Emitter& e, Value* a, Value* b, Value* c) {
           return e.b.CreateAdd(e.b.CreateShl(a, amount(e, b)), c);
         });
       }},
      {"v_add_lshl_u32",
       [](Emitter& e, const Inst& in) {
         return int3(e, in, [](Emitter& e, Value* a, Value* b, Value* c) {
           return e.b.CreateShl(e.b.CreateAdd(a, b), amount(e, c));
         });
       }},
      {"v_add3_u32",
       [](Emitter& e, const Inst& in) {
         return int3(e, in, [](Emitter& e, Value* a, Value* b, Value* c) {
           return e.b.CreateAdd(e.b.CreateAdd(a, b), c);
         });
       }},
      {"v_lshl_or_b32",
       [](Emitter& e, const Inst& in) {
         return int3(e, in, [](Emitter& e, Value* a, Value* b, Value* c) {
           return e.b.CreateOr(e.b.CreateShl(a, amount(e, b)), c);
         });
       }},
      {"v_and_or_b32",
       [](Emitter& e, const Inst& in) {
         return int3(e, in, [](Emitter& e, Value* a, Value* b, Value* c) {
           return e.b.CreateOr(e.b.CreateAnd(a, b), c);
         });
       }},
      {"v_or3_b32",
       [](Emitter& e, const Inst& in) {
         return int3(e, in, [](Emitter& e, Value* a, Value* b, Value* c) {
           return e.b.CreateOr(e.b.CreateOr(a, b), c);
         });
       }},
      {"v_mbcnt_lo_u32_b32", mbcnt<false>},
      {"v_mbcnt_hi_u32_b32", mbcnt<true>},
      // 64-bit shifts.
      {"v_lshlrev_b64",
       [](Emitter& e, const Inst& in) {
         return shift64(e, in, Ty::B64,
                        [](Emitter& e, Value* v, Value* n) { return e.b.CreateShl(v, n); });
       }},
      {"v_lshrrev_b64",
       [](Emitter& e, const Inst& in) {
         return shift64(e, in, Ty::B64,
                        [](Emitter& e, Value* v, Value* n) { return e.b.CreateLShr(v, n); });
       }},
      {"v_ashrrev_i64",
       [](Emitter& e, const Inst& in) {
         return shift64(e, in, Ty::I64,
                        [](Emitter& e, Value* v, Value* n) { return e.b.CreateAShr(v, n); });
       }},
      // f32.
      {"v_add_f32",
       [](Emitter& e, const Inst& in) {
         return f2(e, in, [](Emitter& e, Value* a, Value* b) { return e.b.CreateFAdd(a, b); });
       }},
      {"v_sub_f32",
       [](Emitter& e, const Inst& in) {
         return f2(e, in, [](Emitter& e, Value* a, Value* b) { return e.b.CreateFSub(a, b); });
       }},
      {"v_subrev_f32",
       [](Emitter& e, const Inst& in) {
         return f2(e, in, [](Emitter& e, Value* a, Value* b) { return e.b.CreateFSub(b, a); });
       }},
      {"v_mul_f32",
       [](Emitter& e, const Inst& in) {
         return f2(e, in, [](Emitter& e, Value* a, Value* b) { return e.b.CreateFMul(a, b); });
       }},
      {"v_mac_f32",
       [](Emitter& e, const Inst& in) {
         if (!plain(in, true) || in.dst < op::kVgpr0) return false;
         // The destination is the third source, with VOP3's modifiers.
         Inst c = in;
         c.src[2] = in.dst;
         Value* r = mad(e, fsrc(e, in, 0), fsrc(e, in, 1), fsrc(e, c, 2));
         e.set_vgpr(dst_vgpr(in), e.f32_result(r));
         return true;
       }},
      {"v_mad_f32",
       [](Emitter& e, const Inst& in) {
         if (!plain(in, true) || in.dst < op::kVgpr0) return false;
         Value* r = mad(e, fsrc(e, in, 0), fsrc(e, in, 1), fsrc(e, in, 2));
         e.set_vgpr(dst_vgpr(in), e.f32_result(r));
         return true;
       }},
      {"v_fma_f32",
       [](Emitter& e, const Inst& in) {
         if (!plain(in, true) || in.dst < op::kVgpr0) return false;
         Value* r = e.b.CreateIntrinsic(llvm::Intrinsic::fma, {e.vf32ty()},
                                        {fsrc(e, in, 0), fsrc(e, in, 1), fsrc(e, in, 2)});
         e.set_vgpr(dst_vgpr(in), e.f32_result(r));
         return true;
       }},
      {"v_cvt_f32_u32",
       [](Emitter& e, const Inst& in) {
         if (!plain(in, false) || in.dst < op::kVgpr0) return false;
         e.set_vgpr(dst_vgpr(in), e.to_i(e.b.CreateUIToFP(e.v32(in, 0), e.vf32ty())));
         return true;
       }},
      {"v_cvt_f32_i32",
       [](Emitter& e, const Inst& in) {
         if (!plain(in, false) || in.dst < op::kVgpr0) return false;
         e.set_vgpr(dst_vgpr(in), e.to_i(e.b.CreateSIToFP(e.v32(in, 0), e.vf32ty())));
         return true;
       }},
  };
  return t;
}

}  // namespace

EmitFn vector_emitter(const Inst& in) {
  switch (in.enc) {
    case Format::VOP1:
    case Format::VOP2:
    case Format::VOP3:
      break;
    case Format::VOPC:
      return vopc;
    default:
      return nullptr;
  }
  if (in.info->format == Format::VOPC) return vopc;
  const auto& t = table();
  auto it = t.find(in.info->name);
  return it == t.end() ? nullptr : it->second;
}

}  // namespace gcn
