// Private to the ALU families (translate_arithmetic.cpp, translate_bits.cpp):
// the modifier checks every ALU instruction passes and the templates that
// turn one small operation function into an opcode-table emitter.
#pragma once

#include "llvm/IR/Intrinsics.h"
#include "translate_impl.h"

namespace hsail::finalizer::translate_detail {

// Refuses packed types (translated by translate_packed.cpp), integer
// saturation, integer roundings on floats and types the operation does
// not take (translate_arithmetic.cpp).
void check_alu_modifiers(KernelTranslator& k, const Inst& inst);

using BinaryFn = llvm::Value* (*)(llvm::IRBuilder<>& b, uint16_t type, llvm::Value* x,
                                  llvm::Value* y);
using UnaryFn = llvm::Value* (*)(llvm::IRBuilder<>& b, uint16_t type, llvm::Value* x);

template <BinaryFn F>
void binary(KernelTranslator& k, const Inst& inst) {
  check_alu_modifiers(k, inst);
  llvm::Value* x = k.read(inst.operands.at(1), inst.type);
  llvm::Value* y = k.read(inst.operands.at(2), inst.type);
  k.write(inst.operands.at(0), F(k.b, inst.type, x, y), inst.type);
}

template <UnaryFn F>
void unary(KernelTranslator& k, const Inst& inst) {
  check_alu_modifiers(k, inst);
  llvm::Value* x = k.read(inst.operands.at(1), inst.type);
  k.write(inst.operands.at(0), F(k.b, inst.type, x), inst.type);
}

inline llvm::Value* call(llvm::IRBuilder<>& b, llvm::Intrinsic::ID id, llvm::Value* x) {
  return b.CreateUnaryIntrinsic(id, x);
}

inline llvm::Value* call(llvm::IRBuilder<>& b, llvm::Intrinsic::ID id, llvm::Value* x,
                         llvm::Value* y) {
  return b.CreateBinaryIntrinsic(id, x, y);
}

}  // namespace hsail::finalizer::translate_detail
