// Compare (PRM 5.18) and conversion (PRM 5.19). cmp writes b1, all ones
// for integer destinations, or 1.0 for float ones. cvt covers every
// integer/float pair with the float roundings (translate_rounding.cpp) and
// the integer roundings, which LLVM gives exactly (trunc/floor/ceil/rint,
// then a saturating conversion, so out-of-range values are clamped rather
// than undefined). ftz flushes a subnormal float source and result.
#include <hsail/brig/names.h>

#include "llvm/IR/Intrinsics.h"
#include "translate_impl.h"
#include "translate_rounding.h"

namespace hsail::finalizer::translate_detail {

namespace {

using Value = llvm::Value;
using P = llvm::CmpInst::Predicate;

// Per compare operation: float predicate, and the integer predicates for
// signed and unsigned sources (BAD_ICMP when integers cannot use it; the
// validator rejects those).
struct CompareRow {
  uint8_t op;
  P fp;
  P s;
  P u;
};
constexpr CompareRow kCompares[] = {
    {FW_BRIG_COMPARE_EQ, P::FCMP_OEQ, P::ICMP_EQ, P::ICMP_EQ},
    {FW_BRIG_COMPARE_NE, P::FCMP_ONE, P::ICMP_NE, P::ICMP_NE},
    {FW_BRIG_COMPARE_LT, P::FCMP_OLT, P::ICMP_SLT, P::ICMP_ULT},
    {FW_BRIG_COMPARE_LE, P::FCMP_OLE, P::ICMP_SLE, P::ICMP_ULE},
    {FW_BRIG_COMPARE_GT, P::FCMP_OGT, P::ICMP_SGT, P::ICMP_UGT},
    {FW_BRIG_COMPARE_GE, P::FCMP_OGE, P::ICMP_SGE, P::ICMP_UGE},
    {FW_BRIG_COMPARE_EQU, P::FCMP_UEQ, P::BAD_ICMP_PREDICATE, P::BAD_ICMP_PREDICATE},
    {FW_BRIG_COMPARE_NEU, P::FCMP_UNE, P::BAD_ICMP_PREDICATE, P::BAD_ICMP_PREDICATE},
    {FW_BRIG_COMPARE_LTU, P::FCMP_ULT, P::BAD_ICMP_PREDICATE, P::BAD_ICMP_PREDICATE},
    {FW_BRIG_COMPARE_LEU, P::FCMP_ULE, P::BAD_ICMP_PREDICATE, P::BAD_ICMP_PREDICATE},
    {FW_BRIG_COMPARE_GTU, P::FCMP_UGT, P::BAD_ICMP_PREDICATE, P::BAD_ICMP_PREDICATE},
    {FW_BRIG_COMPARE_GEU, P::FCMP_UGE, P::BAD_ICMP_PREDICATE, P::BAD_ICMP_PREDICATE},
    {FW_BRIG_COMPARE_NUM, P::FCMP_ORD, P::BAD_ICMP_PREDICATE, P::BAD_ICMP_PREDICATE},
    {FW_BRIG_COMPARE_NAN, P::FCMP_UNO, P::BAD_ICMP_PREDICATE, P::BAD_ICMP_PREDICATE},
    // Signaling forms give the same results; only the exception differs,
    // and exceptions are not reported yet.
    {FW_BRIG_COMPARE_SEQ, P::FCMP_OEQ, P::BAD_ICMP_PREDICATE, P::BAD_ICMP_PREDICATE},
    {FW_BRIG_COMPARE_SNE, P::FCMP_ONE, P::BAD_ICMP_PREDICATE, P::BAD_ICMP_PREDICATE},
    {FW_BRIG_COMPARE_SLT, P::FCMP_OLT, P::BAD_ICMP_PREDICATE, P::BAD_ICMP_PREDICATE},
    {FW_BRIG_COMPARE_SLE, P::FCMP_OLE, P::BAD_ICMP_PREDICATE, P::BAD_ICMP_PREDICATE},
    {FW_BRIG_COMPARE_SGT, P::FCMP_OGT, P::BAD_ICMP_PREDICATE, P::BAD_ICMP_PREDICATE},
    {FW_BRIG_COMPARE_SGE, P::FCMP_OGE, P::BAD_ICMP_PREDICATE, P::BAD_ICMP_PREDICATE},
    {FW_BRIG_COMPARE_SGEU, P::FCMP_UGE, P::BAD_ICMP_PREDICATE, P::BAD_ICMP_PREDICATE},
    {FW_BRIG_COMPARE_SEQU, P::FCMP_UEQ, P::BAD_ICMP_PREDICATE, P::BAD_ICMP_PREDICATE},
    {FW_BRIG_COMPARE_SNEU, P::FCMP_UNE, P::BAD_ICMP_PREDICATE, P::BAD_ICMP_PREDICATE},
    {FW_BRIG_COMPARE_SLTU, P::FCMP_ULT, P::BAD_ICMP_PREDICATE, P::BAD_ICMP_PREDICATE},
    {FW_BRIG_COMPARE_SLEU, P::FCMP_ULE, P::BAD_ICMP_PREDICATE, P::BAD_ICMP_PREDICATE},
    {FW_BRIG_COMPARE_SNUM, P::FCMP_ORD, P::BAD_ICMP_PREDICATE, P::BAD_ICMP_PREDICATE},
    {FW_BRIG_COMPARE_SNAN, P::FCMP_UNO, P::BAD_ICMP_PREDICATE, P::BAD_ICMP_PREDICATE},
    {FW_BRIG_COMPARE_SGTU, P::FCMP_UGT, P::BAD_ICMP_PREDICATE, P::BAD_ICMP_PREDICATE},
};

}  // namespace

P compare_predicate(uint8_t op, uint16_t type) {
  for (const CompareRow& r : kCompares) {
    if (r.op == op) return is_float(type) ? r.fp : is_signed(type) ? r.s : r.u;
  }
  return P::BAD_ICMP_PREDICATE;
}

namespace {

// A b1 truth value as a value of type: 1/0 for b1, all ones for integers,
// 1.0 for floats.
Value* from_bool(KernelTranslator& k, Value* c, uint16_t type) {
  llvm::Type* t = k.value_type(type);
  if (t->isFloatingPointTy()) {
    return k.b.CreateSelect(c, llvm::ConstantFP::get(t, 1.0), llvm::ConstantFP::get(t, 0.0));
  }
  return k.b.CreateSExt(c, t);
}

void cmp(KernelTranslator& k, const Inst& inst) {
  auto c = k.entry<fw_brig_inst_cmp>();
  if (c.pack != FW_BRIG_PACK_NONE || is_packed_type(c.source_type)) {
    k.unsupported("packed cmp", "5.18");
  }
  const CompareRow* row = nullptr;
  for (const CompareRow& r : kCompares) {
    if (r.op == c.compare) row = &r;
  }
  const char* op = kCompareNames.name(c.compare);
  Value* x = k.read(inst.operands.at(1), c.source_type);
  Value* y = k.read(inst.operands.at(2), c.source_type);
  if ((c.modifier & FW_BRIG_ALU_MODIFIER_FTZ) != 0 && is_float(c.source_type)) {
    // Subnormal sources compare as zeros (PRM 4.19.3).
    x = flush_subnormal(k.b, x);
    y = flush_subnormal(k.b, y);
  }
  P p = row == nullptr             ? P::BAD_ICMP_PREDICATE
        : is_float(c.source_type)  ? row->fp
        : is_signed(c.source_type) ? row->s
                                   : row->u;
  if (p == P::BAD_ICMP_PREDICATE) {
    k.unsupported(std::string("cmp_") + (op ? op : "?") + " on " + type_name(c.source_type),
                  "5.18");
  }
  Value* r = is_float(c.source_type) ? k.b.CreateFCmp(p, x, y) : k.b.CreateICmp(p, x, y);
  k.write(inst.operands.at(0), from_bool(k, r, inst.type), inst.type);
}

bool is_integer_round(uint8_t r) { return r >= FW_BRIG_ROUND_INTEGER_NEAR_EVEN; }

// The integer rounding of r as a float -> float intrinsic (without _sat and
// signaling, which give the same values here).
// rint rather than roundeven: the same in the default rounding mode, and
// LLVM 14's AMDGPU backend cannot select roundeven (it becomes a libcall).
llvm::Intrinsic::ID integer_rounding(uint8_t r) {
  switch ((r - FW_BRIG_ROUND_INTEGER_NEAR_EVEN) % 4) {
    case 0:
      return llvm::Intrinsic::rint;
    case 1:
      return llvm::Intrinsic::trunc;
    case 2:
      return llvm::Intrinsic::ceil;
    default:
      return llvm::Intrinsic::floor;
  }
}

void cvt(KernelTranslator& k, const Inst& inst) {
  auto c = k.entry<fw_brig_inst_cvt>();
  uint16_t st = c.source_type, dt = inst.type;
  Value* x = k.read(inst.operands.at(1), st);
  llvm::Type* to = k.value_type(dt);
  auto& b = k.b;
  bool ftz = (c.modifier & FW_BRIG_ALU_MODIFIER_FTZ) != 0 && is_float(st);
  if (ftz) x = flush_subnormal(b, x);
  Value* r = nullptr;
  if (dt == FW_BRIG_TYPE_B1) {
    // Nonzero (and NaN) converts to 1.
    r = is_float(st) ? b.CreateFCmpUNE(x, llvm::ConstantFP::get(x->getType(), 0.0))
                     : b.CreateICmpNE(x, llvm::ConstantInt::get(x->getType(), 0));
  } else if (!is_float(st) && !is_float(dt)) {
    r = is_signed(st) ? b.CreateSExtOrTrunc(x, to) : b.CreateZExtOrTrunc(x, to);
  } else if (!is_float(st)) {
    if (is_integer_round(c.round))
      k.unsupported("cvt from an integer with an integer rounding", "5.19");
    r = round_int_to_float(b, float_round(k, inst, c.round), x, is_signed(st), to);
  } else if (is_float(dt)) {
    bool integer = is_integer_round(c.round);
    if (integer) x = b.CreateUnaryIntrinsic(integer_rounding(c.round), x);
    if (type_bits(dt) == type_bits(st)) {
      r = x;
    } else if (type_bits(dt) > type_bits(st)) {
      r = b.CreateFPExt(x, to);
    } else {
      FloatRound m = integer ? FloatRound::kNear : float_round(k, inst, c.round);
      r = round_fptrunc(b, m, x, to);
    }
    if (ftz) r = flush_subnormal(b, r);
  } else {
    // Float to integer: the rounding is an integer one (zeroi if none).
    uint8_t round = is_integer_round(c.round) ? c.round : uint8_t(FW_BRIG_ROUND_INTEGER_ZERO);
    if (round != FW_BRIG_ROUND_INTEGER_ZERO) x = b.CreateUnaryIntrinsic(integer_rounding(round), x);
    llvm::Intrinsic::ID id =
        is_signed(dt) ? llvm::Intrinsic::fptosi_sat : llvm::Intrinsic::fptoui_sat;
    r = b.CreateIntrinsic(id, {to, x->getType()}, {x});
  }
  k.write(inst.operands.at(0), r, dt);
}

const OpcodeRow kRows[] = {
    {FW_BRIG_OPCODE_CMP, cmp},
    {FW_BRIG_OPCODE_CVT, cvt},
};

}  // namespace

RowSpan convert_rows() { return {kRows, sizeof(kRows) / sizeof(kRows[0])}; }

}  // namespace hsail::finalizer::translate_detail
