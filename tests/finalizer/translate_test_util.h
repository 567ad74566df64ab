// What the translator tests share: HSAIL text -> validated module -> LLVM
// IR, the verifier's verdict, and the constants a kernel stores once the
// allocas are promoted and constants folded (the independent reference is
// then a plain C++ computation of the same values).
#pragma once

#include <gtest/gtest.h>
#include <llvm/Analysis/CGSCCPassManager.h>
#include <llvm/Analysis/LoopAnalysisManager.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/PassManager.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Transforms/InstCombine/InstCombine.h>
#include <llvm/Transforms/Scalar/EarlyCSE.h>
#include <llvm/Transforms/Scalar/SROA.h>
#include <llvm/Transforms/Utils/Mem2Reg.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <finalizer/finalizer.h>
#include <hsail/text/parser.h>
#include <hsail/validate/validator.h>

namespace finalizer_test {

inline std::unique_ptr<llvm::Module> translate_text(llvm::LLVMContext& context,
                                                    const std::string& text) {
  hsail::Module brig = hsail::parse_hsail(text);
  hsail::validate(brig);
  return hsail::finalizer::translate(brig, context, hsail::finalizer::Options{});
}

// The verifier's complaints, empty when the module is well formed.
inline std::string verify(const llvm::Module& m) {
  std::string errors;
  llvm::raw_string_ostream os(errors);
  if (llvm::verifyModule(m, &os)) os << "\n(module is broken)";
  return os.str();
}

inline std::string ir_text(const llvm::Module& m) {
  std::string s;
  llvm::raw_string_ostream os(s);
  m.print(os, nullptr);
  return os.str();
}

// Promotes registers and private variables and folds constants.
inline void simplify(llvm::Module& m) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder pb;
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::FunctionPassManager fpm;
  fpm.addPass(llvm::SROAPass());
  fpm.addPass(llvm::PromotePass());
  fpm.addPass(llvm::InstCombinePass());
  fpm.addPass(llvm::EarlyCSEPass());
  fpm.addPass(llvm::InstCombinePass());
  for (llvm::Function& f : m) {
    if (!f.isDeclaration()) fpm.run(f, fam);
  }
}

// A stored constant as its raw bits (floats by their bit pattern).
struct Stored {
  unsigned bits;
  uint64_t value;
  bool constant;
};

// The values the kernel stores to global memory, in program order, after
// simplify(). Non-constant values are reported as such.
inline std::vector<Stored> stored_values(llvm::Module& m, const std::string& kernel) {
  simplify(m);
  std::vector<Stored> out;
  llvm::Function* f = m.getFunction(kernel);
  if (f == nullptr) return out;
  for (llvm::BasicBlock& bb : *f) {
    for (llvm::Instruction& i : bb) {
      auto* st = llvm::dyn_cast<llvm::StoreInst>(&i);
      if (st == nullptr || st->getPointerAddressSpace() != 1) continue;
      llvm::Value* v = st->getValueOperand();
      Stored s{static_cast<unsigned>(v->getType()->getPrimitiveSizeInBits()), 0, false};
      if (auto* ci = llvm::dyn_cast<llvm::ConstantInt>(v)) {
        s.value = ci->getZExtValue();
        s.constant = true;
      } else if (auto* cf = llvm::dyn_cast<llvm::ConstantFP>(v)) {
        s.value = cf->getValueAPF().bitcastToAPInt().getZExtValue();
        s.constant = true;
      }
      out.push_back(s);
    }
  }
  return out;
}

// A float's or double's bits, for bit-exact comparisons.
inline uint64_t bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline uint64_t bits(double d) {
  uint64_t u;
  std::memcpy(&u, &d, 8);
  return u;
}

}  // namespace finalizer_test
