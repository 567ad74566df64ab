// Private to the float families (translate_arithmetic.cpp,
// translate_convert.cpp, translate_native.cpp, translate_packed.cpp): results under the four
// IEEE roundings (PRM 4.19.2, 5.19.5) and flush to zero (PRM 4.19.3),
// built in translate_rounding.cpp.
#pragma once

#include "translate_impl.h"

namespace hsail::finalizer::translate_detail {

// The rounding of a float result.
enum class FloatRound : uint8_t { kNear, kZero, kUp, kDown };

// What a float instruction asks of its result: its rounding and whether
// subnormal sources and results are flushed to zero.
struct FloatMods {
  FloatRound round = FloatRound::kNear;
  bool ftz = false;
};

// The rounding a BRIG round field selects: none and default mean the
// module's default (PRM 4.19.2). Integer roundings are refused.
FloatRound float_round(KernelTranslator& k, const Inst& inst, uint8_t round);
// The modifiers of an ALU or sqrt instruction (basic or mod format).
FloatMods float_mods(KernelTranslator& k, const Inst& inst);

// x, or a zero of x's sign when x is subnormal (PRM 4.19.3). Applied to
// sources and to rounded results, so tininess is detected after rounding
// (PRM 4.19.2 lets the implementation choose; gccbrig does the same).
llvm::Value* flush_subnormal(llvm::IRBuilder<>& b, llvm::Value* x);

// Correctly rounded results under a rounding; kNear is the plain LLVM
// operation. sqrt starts from the correctly rounded nearest root.
llvm::Value* round_add(llvm::IRBuilder<>& b, FloatRound m, llvm::Value* x, llvm::Value* y);
llvm::Value* round_sub(llvm::IRBuilder<>& b, FloatRound m, llvm::Value* x, llvm::Value* y);
llvm::Value* round_mul(llvm::IRBuilder<>& b, FloatRound m, llvm::Value* x, llvm::Value* y);
llvm::Value* round_div(llvm::IRBuilder<>& b, FloatRound m, llvm::Value* x, llvm::Value* y);
llvm::Value* round_fma(llvm::IRBuilder<>& b, FloatRound m, llvm::Value* x, llvm::Value* y,
                       llvm::Value* z);
llvm::Value* round_sqrt(llvm::IRBuilder<>& b, FloatRound m, llvm::Value* x, llvm::Value* nearest);
// sqrt of a scalar f16, f32 or f64 x as the instruction with modifiers m
// computes it: correctly rounded, x and the result flushed under ftz
// (translate_native.cpp; the packed form applies it to each element).
llvm::Value* sqrt_rounded(KernelTranslator& k, FloatMods m, llvm::Value* x);
// Conversions to a narrower float type and from an integer (PRM 5.19).
llvm::Value* round_fptrunc(llvm::IRBuilder<>& b, FloatRound m, llvm::Value* x, llvm::Type* to);
llvm::Value* round_int_to_float(llvm::IRBuilder<>& b, FloatRound m, llvm::Value* x, bool is_signed,
                                llvm::Type* to);

}  // namespace hsail::finalizer::translate_detail
