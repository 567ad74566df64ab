// Scalar instructions as host code: SOP1/SOP2/SOPC/SOPK arithmetic, logic
// and compares, and the SOPP branches. SCC rules as semantics/ops_sop*.cpp
// (Vega ISA manual, chapter 12).
#include <string_view>
#include <unordered_map>

#include "ir_emitter.h"

namespace gcn {
namespace {

using llvm::Value;

Value* a32(Emitter& e, const Inst& in) { return e.s32(in, in.src[0]); }
Value* b32(Emitter& e, const Inst& in) { return e.s32(in, in.src[1]); }
Value* a64(Emitter& e, const Inst& in) { return e.s64(in, in.src[0], in.info->src0); }
Value* b64(Emitter& e, const Inst& in) { return e.s64(in, in.src[1], in.info->src1); }
Value* nonzero(Emitter& e, Value* v) {
  return e.b.CreateICmpNE(v, llvm::ConstantInt::get(v->getType(), 0));
}

// Result and SCC = (result != 0): bitwise ops and shifts.
template <class F>
bool logic32(Emitter& e, const Inst& in, F f) {
  Value* r = f(e, a32(e, in), b32(e, in));
  e.set_s32(in.dst, r);
  e.set_scc(nonzero(e, r));
  return true;
}
template <class F>
bool logic64(Emitter& e, const Inst& in, F f) {
  Value* r = f(e, a64(e, in), b64(e, in));
  e.set_s64(in.dst, r);
  e.set_scc(nonzero(e, r));
  return true;
}

// s_*_saveexec_b64: D = EXEC; EXEC = f(S0, EXEC); SCC = (EXEC != 0).
template <class F>
bool saveexec(Emitter& e, const Inst& in, F f) {
  Value* s = a64(e, in);
  Value* x = e.exec();
  e.set_s64(in.dst, x);
  Value* r = f(e, s, x);
  e.set_s64(op::kExecLo, r);
  e.set_scc(nonzero(e, r));
  return true;
}

bool sop2_add_u32(Emitter& e, const Inst& in) {
  Value* r =
      e.b.CreateAdd(e.b.CreateZExt(a32(e, in), e.i64()), e.b.CreateZExt(b32(e, in), e.i64()));
  e.set_s32(in.dst, e.b.CreateTrunc(r, e.i32()));
  e.set_scc(nonzero(e, e.b.CreateLShr(r, 32)));
  return true;
}
bool sop2_sub_u32(Emitter& e, const Inst& in) {
  Value *a = a32(e, in), *b = b32(e, in);
  e.set_s32(in.dst, e.b.CreateSub(a, b));
  e.set_scc(e.b.CreateICmpUGT(b, a));
  return true;
}
bool sop2_addc_u32(Emitter& e, const Inst& in) {
  Value* r =
      e.b.CreateAdd(e.b.CreateZExt(a32(e, in), e.i64()), e.b.CreateZExt(b32(e, in), e.i64()));
  r = e.b.CreateAdd(r, e.b.CreateZExt(e.scc(), e.i64()));
  e.set_s32(in.dst, e.b.CreateTrunc(r, e.i32()));
  e.set_scc(nonzero(e, e.b.CreateLShr(r, 32)));
  return true;
}
bool sop2_subb_u32(Emitter& e, const Inst& in) {
  Value *a = a32(e, in), *b = b32(e, in), *c = e.b.CreateZExt(e.scc(), e.i32());
  e.set_s32(in.dst, e.b.CreateSub(e.b.CreateSub(a, b), c));
  Value* bc = e.b.CreateAdd(e.b.CreateZExt(b, e.i64()), e.b.CreateZExt(c, e.i64()));
  e.set_scc(e.b.CreateICmpUGT(bc, e.b.CreateZExt(a, e.i64())));
  return true;
}
// Signed overflow of a + b = r: operands agree in sign and the result differs.
bool sop2_add_i32(Emitter& e, const Inst& in) {
  Value *a = a32(e, in), *b = b32(e, in), *r = e.b.CreateAdd(a, b);
  e.set_s32(in.dst, r);
  Value* ov = e.b.CreateAnd(e.b.CreateXor(a, r), e.b.CreateXor(b, r));
  e.set_scc(e.b.CreateICmpSLT(ov, e.c32(0)));
  return true;
}
bool sop2_sub_i32(Emitter& e, const Inst& in) {
  Value *a = a32(e, in), *b = b32(e, in), *r = e.b.CreateSub(a, b);
  e.set_s32(in.dst, r);
  Value* ov = e.b.CreateAnd(e.b.CreateXor(a, b), e.b.CreateXor(a, r));
  e.set_scc(e.b.CreateICmpSLT(ov, e.c32(0)));
  return true;
}
template <llvm::CmpInst::Predicate P>
bool sop2_minmax(Emitter& e, const Inst& in) {
  Value *a = a32(e, in), *b = b32(e, in);
  Value* c = e.b.CreateICmp(P, a, b);
  e.set_scc(c);
  e.set_s32(in.dst, e.b.CreateSelect(c, a, b));
  return true;
}
template <unsigned N>
bool sop2_lshl_add(Emitter& e, const Inst& in) {
  Value* r = e.b.CreateAdd(e.b.CreateShl(e.b.CreateZExt(a32(e, in), e.i64()), N),
                           e.b.CreateZExt(b32(e, in), e.i64()));
  e.set_s32(in.dst, e.b.CreateTrunc(r, e.i32()));
  e.set_scc(nonzero(e, e.b.CreateLShr(r, 32)));
  return true;
}

template <llvm::CmpInst::Predicate P, bool Wide>
bool sopc_cmp(Emitter& e, const Inst& in) {
  if (Wide)
    e.set_scc(e.b.CreateICmp(P, a64(e, in), b64(e, in)));
  else
    e.set_scc(e.b.CreateICmp(P, a32(e, in), b32(e, in)));
  return true;
}
// s_cmpk_*: the SGPR named by sdst against simm16 (sign-extended for the
// signed forms, zero-extended for the unsigned ones).
template <llvm::CmpInst::Predicate P>
bool sopk_cmp(Emitter& e, const Inst& in) {
  const uint32_t imm = static_cast<uint32_t>(in.simm);
  Value* k = e.c32(imm);
  e.set_scc(e.b.CreateICmp(P, e.s32(in, in.dst), k));
  return true;
}
template <llvm::CmpInst::Predicate P>
bool sopk_cmp_u(Emitter& e, const Inst& in) {
  Value* k = e.c32(static_cast<uint32_t>(in.simm) & 0xFFFF);
  e.set_scc(e.b.CreateICmp(P, e.s32(in, in.dst), k));
  return true;
}

// SOPP branches: target = next instruction + simm16 * 4.
template <int Kind>
bool sopp_branch(Emitter& e, const Inst& in) {
  Value* taken;
  switch (Kind) {
    case 0:
      taken = e.b.getTrue();
      break;
    case 1:
      taken = e.b.CreateNot(e.scc());
      break;
    case 2:
      taken = e.scc();
      break;
    case 3:
      taken = e.b.CreateICmpEQ(e.vcc(), e.c64(0));
      break;
    case 4:
      taken = e.b.CreateICmpNE(e.vcc(), e.c64(0));
      break;
    case 5:
      taken = e.b.CreateICmpEQ(e.exec(), e.c64(0));
      break;
    default:
      taken = e.b.CreateICmpNE(e.exec(), e.c64(0));
      break;
  }
  const int64_t target =
      static_cast<int64_t>(e.offset) + e.size + static_cast<int64_t>(in.simm) * 4;
  e.branch(taken, target, e.native_before + 1);
  return true;
}

bool nothing(Emitter&, const Inst&) { return true; }

using P = llvm::CmpInst::Predicate;

const std::unordered_map<std::string_view, EmitFn>& table() {
  static const std::unordered_map<std::string_view, EmitFn> t = {
      // SOP2
      {"s_add_u32", sop2_add_u32},
      {"s_sub_u32", sop2_sub_u32},
      {"s_addc_u32", sop2_addc_u32},
      {"s_subb_u32", sop2_subb_u32},
      {"s_add_i32", sop2_add_i32},
      {"s_sub_i32", sop2_sub_i32},
      {"s_min_i32", sop2_minmax<P::ICMP_SLT>},
      {"s_min_u32", sop2_minmax<P::ICMP_ULT>},
      {"s_max_i32", sop2_minmax<P::ICMP_SGT>},
      {"s_max_u32", sop2_minmax<P::ICMP_UGT>},
      {"s_cselect_b32",
       [](Emitter& e, const Inst& in) {
         e.set_s32(in.dst, e.b.CreateSelect(e.scc(), a32(e, in), b32(e, in)));
         return true;
       }},
      {"s_cselect_b64",
       [](Emitter& e, const Inst& in) {
         e.set_s64(in.dst, e.b.CreateSelect(e.scc(), a64(e, in), b64(e, in)));
         return true;
       }},
      {"s_and_b32",
       [](Emitter& e, const Inst& in) {
         return logic32(e, in, [](Emitter& e, Value* a, Value* b) { return e.b.CreateAnd(a, b); });
       }},
      {"s_or_b32",
       [](Emitter& e, const Inst& in) {
         return logic32(e, in, [](Emitter& e, Value* a, Value* b) { return e.b.CreateOr(a, b); });
       }},
      {"s_xor_b32",
       [](Emitter& e, const Inst& in) {
         return logic32(e, in, [](Emitter& e, Value* a, Value* b) { return e.b.CreateXor(a, b); });
       }},
      {"s_andn2_b32",
       [](Emitter& e, const Inst& in) {
         return logic32(e, in, [](Emitter& e, Value* a, Value* b) {
           return e.b.CreateAnd(a, e.b.CreateNot(b));
         });
       }},
      {"s_orn2_b32",
       [](Emitter& e, const Inst& in) {
         return logic32(e, in, [](Emitter& e, Value* a, Value* b) {
           return e.b.CreateOr(a, e.b.CreateNot(b));
         });
       }},
      {"s_and_b64",
       [](Emitter& e, const Inst& in) {
         return logic64(e, in, [](Emitter& e, Value* a, Value* b) { return e.b.CreateAnd(a, b); });
       }},
      {"s_or_b64",
       [](Emitter& e, const Inst& in) {
         return logic64(e, in, [](Emitter& e, Value* a, Value* b) { return e.b.CreateOr(a, b); });
       }},
      {"s_xor_b64",
       [](Emitter& e, const Inst& in) {
         return logic64(e, in, [](Emitter& e, Value* a, Value* b) { return e.b.CreateXor(a, b); });
       }},
      {"s_andn2_b64",
       [](Emitter& e, const Inst& in) {
         return logic64(e, in, [](Emitter& e, Value* a, Value* b) {
           return e.b.CreateAnd(a, e.b.CreateNot(b));
         });
       }},
      {"s_orn2_b64",
       [](Emitter& e, const Inst& in) {
         return logic64(e, in, [](Emitter& e, Value* a, Value* b) {
           return e.b.CreateOr(a, e.b.CreateNot(b));
         });
       }},
      {"s_lshl_b32",
       [](Emitter& e, const Inst& in) {
         return logic32(e, in, [](Emitter& e, Value* a, Value* b) {
           return e.b.CreateShl(a, e.b.CreateAnd(b, e.c32(31)));
         });
       }},
      {"s_lshr_b32",
       [](Emitter& e, const Inst& in) {
         return logic32(e, in, [](Emitter& e, Value* a, Value* b) {
           return e.b.CreateLShr(a, e.b.CreateAnd(b, e.c32(31)));
         });
       }},
      {"s_ashr_i32",
       [](Emitter& e, const Inst& in) {
         return logic32(e, in, [](Emitter& e, Value* a, Value* b) {
           return e.b.CreateAShr(a, e.b.CreateAnd(b, e.c32(31)));
         });
       }},
      {"s_lshl_b64",
       [](Emitter& e, const Inst& in) {
         Value* r = e.b.CreateShl(a64(e, in),
                                  e.b.CreateZExt(e.b.CreateAnd(b32(e, in), e.c32(63)), e.i64()));
         e.set_s64(in.dst, r);
         e.set_scc(nonzero(e, r));
         return true;
       }},
      {"s_lshr_b64",
       [](Emitter& e, const Inst& in) {
         Value* r = e.b.CreateLShr(a64(e, in),
                                   e.b.CreateZExt(e.b.CreateAnd(b32(e, in), e.c32(63)), e.i64()));
         e.set_s64(in.dst, r);
         e.set_scc(nonzero(e, r));
         return true;
       }},
      {"s_mul_i32",
       [](Emitter& e, const Inst& in) {
         e.set_s32(in.dst, e.b.CreateMul(a32(e, in), b32(e, in)));
         return true;
       }},
      {"s_lshl1_add_u32", sop2_lshl_add<1>},
      {"s_lshl2_add_u32", sop2_lshl_add<2>},
      {"s_lshl3_add_u32", sop2_lshl_add<3>},
      {"s_lshl4_add_u32", sop2_lshl_add<4>},
      // SOP1
      {"s_mov_b32",
       [](Emitter& e, const Inst& in) {
         e.set_s32(in.dst, a32(e, in));
         return true;
       }},
      {"s_mov_b64",
       [](Emitter& e, const Inst& in) {
         e.set_s64(in.dst, a64(e, in));
         return true;
       }},
      {"s_not_b32",
       [](Emitter& e, const Inst& in) {
         Value* r = e.b.CreateNot(a32(e, in));
         e.set_s32(in.dst, r);
         e.set_scc(nonzero(e, r));
         return true;
       }},
      {"s_and_saveexec_b64",
       [](Emitter& e, const Inst& in) {
         return saveexec(e, in, [](Emitter& e, Value* s, Value* x) { return e.b.CreateAnd(s, x); });
       }},
      {"s_or_saveexec_b64",
       [](Emitter& e, const Inst& in) {
         return saveexec(e, in, [](Emitter& e, Value* s, Value* x) { return e.b.CreateOr(s, x); });
       }},
      {"s_xor_saveexec_b64",
       [](Emitter& e, const Inst& in) {
         return saveexec(e, in, [](Emitter& e, Value* s, Value* x) { return e.b.CreateXor(s, x); });
       }},
      {"s_andn2_saveexec_b64",
       [](Emitter& e, const Inst& in) {
         return saveexec(e, in, [](Emitter& e, Value* s, Value* x) {
           return e.b.CreateAnd(s, e.b.CreateNot(x));
         });
       }},
      // SOPC
      {"s_cmp_eq_i32", sopc_cmp<P::ICMP_EQ, false>},
      {"s_cmp_lg_i32", sopc_cmp<P::ICMP_NE, false>},
      {"s_cmp_gt_i32", sopc_cmp<P::ICMP_SGT, false>},
      {"s_cmp_ge_i32", sopc_cmp<P::ICMP_SGE, false>},
      {"s_cmp_lt_i32", sopc_cmp<P::ICMP_SLT, false>},
      {"s_cmp_le_i32", sopc_cmp<P::ICMP_SLE, false>},
      {"s_cmp_eq_u32", sopc_cmp<P::ICMP_EQ, false>},
      {"s_cmp_lg_u32", sopc_cmp<P::ICMP_NE, false>},
      {"s_cmp_gt_u32", sopc_cmp<P::ICMP_UGT, false>},
      {"s_cmp_ge_u32", sopc_cmp<P::ICMP_UGE, false>},
      {"s_cmp_lt_u32", sopc_cmp<P::ICMP_ULT, false>},
      {"s_cmp_le_u32", sopc_cmp<P::ICMP_ULE, false>},
      {"s_cmp_eq_u64", sopc_cmp<P::ICMP_EQ, true>},
      {"s_cmp_lg_u64", sopc_cmp<P::ICMP_NE, true>},
      // SOPK
      {"s_movk_i32",
       [](Emitter& e, const Inst& in) {
         e.set_s32(in.dst, e.c32(static_cast<uint32_t>(in.simm)));
         return true;
       }},
      {"s_addk_i32",
       [](Emitter& e, const Inst& in) {
         Value *a = e.s32(in, in.dst), *b = e.c32(static_cast<uint32_t>(in.simm));
         Value* r = e.b.CreateAdd(a, b);
         e.set_s32(in.dst, r);
         Value* ov = e.b.CreateAnd(e.b.CreateXor(a, r), e.b.CreateXor(b, r));
         e.set_scc(e.b.CreateICmpSLT(ov, e.c32(0)));
         return true;
       }},
      {"s_mulk_i32",
       [](Emitter& e, const Inst& in) {
         e.set_s32(in.dst, e.b.CreateMul(e.s32(in, in.dst), e.c32(static_cast<uint32_t>(in.simm))));
         return true;
       }},
      {"s_cmpk_eq_i32", sopk_cmp<P::ICMP_EQ>},
      {"s_cmpk_lg_i32", sopk_cmp<P::ICMP_NE>},
      {"s_cmpk_gt_i32", sopk_cmp<P::ICMP_SGT>},
      {"s_cmpk_ge_i32", sopk_cmp<P::ICMP_SGE>},
      {"s_cmpk_lt_i32", sopk_cmp<P::ICMP_SLT>},
      {"s_cmpk_le_i32", sopk_cmp<P::ICMP_SLE>},
      {"s_cmpk_eq_u32", sopk_cmp_u<P::ICMP_EQ>},
      {"s_cmpk_lg_u32", sopk_cmp_u<P::ICMP_NE>},
      {"s_cmpk_gt_u32", sopk_cmp_u<P::ICMP_UGT>},
      {"s_cmpk_ge_u32", sopk_cmp_u<P::ICMP_UGE>},
      {"s_cmpk_lt_u32", sopk_cmp_u<P::ICMP_ULT>},
      {"s_cmpk_le_u32", sopk_cmp_u<P::ICMP_ULE>},
      // SOPP
      {"s_nop", nothing},
      {"s_waitcnt", nothing},
      {"s_branch", sopp_branch<0>},
      {"s_cbranch_scc0", sopp_branch<1>},
      {"s_cbranch_scc1", sopp_branch<2>},
      {"s_cbranch_vccz", sopp_branch<3>},
      {"s_cbranch_vccnz", sopp_branch<4>},
      {"s_cbranch_execz", sopp_branch<5>},
      {"s_cbranch_execnz", sopp_branch<6>},
  };
  return t;
}

}  // namespace

EmitFn scalar_emitter(const Inst& in) {
  switch (in.enc) {
    case Format::SOP1:
    case Format::SOP2:
    case Format::SOPC:
    case Format::SOPK:
    case Format::SOPP:
      break;
    default:
      return nullptr;
  }
  const auto& t = table();
  auto it = t.find(in.info->name);
  return it == t.end() ? nullptr : it->second;
}

}  // namespace gcn
