// The program made whole (PRM 4.12.1): once the IR holds every module of
// the program (one, or several joined by the IR linker), each function of
// program linkage has found its definition or is an error, and what is
// defined becomes internal, as module-linkage functions are from the start.
// Module-scope private variables of program linkage are per-work-item
// copies each kernel makes from its own module's declaration; here only
// their definition has to exist in some module.
#include <llvm/IR/Constants.h>
#include <llvm/IR/Metadata.h>
#include <llvm/IR/Module.h>

#include <set>
#include <string>
#include <vector>

#include "backend_internal.h"

namespace hsail::finalizer::backend {

namespace {

std::set<std::string> names_in(const llvm::Module& ir, const char* list) {
  std::set<std::string> names;
  if (const llvm::NamedMDNode* md = ir.getNamedMetadata(list)) {
    for (const llvm::MDNode* n : md->operands()) {
      if (n->getNumOperands() == 1) {
        if (auto* s = llvm::dyn_cast<llvm::MDString>(n->getOperand(0)))
          names.insert(s->getString().str());
      }
    }
  }
  return names;
}

}  // namespace

void close_program(llvm::Module& ir) {
  std::vector<llvm::Function*> unused;
  for (llvm::Function& fn : ir) {
    if (!fn.hasFnAttribute(kProgramFunctionAttribute)) continue;
    if (fn.isDeclaration()) {
      if (!fn.use_empty()) {
        throw FinalizeError("function " + fn.getName().str() +
                            " is declared but defined in no module of the program (PRM 4.12.1)");
      }
      unused.push_back(&fn);
    } else if (fn.getFnAttribute(kProgramFunctionAttribute).getValueAsString() != "indirect") {
      fn.setLinkage(llvm::GlobalValue::InternalLinkage);
    }
  }
  for (llvm::Function* fn : unused) fn->eraseFromParent();

  const std::set<std::string> defined = names_in(ir, kProgramPrivateDefined);
  for (const std::string& name : names_in(ir, kProgramPrivateDeclared)) {
    if (!defined.count(name)) {
      throw FinalizeError("variable " + name +
                          " is declared but defined in no module of the program (PRM 4.12.1)");
    }
  }
}

}  // namespace hsail::finalizer::backend
