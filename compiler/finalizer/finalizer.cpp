// finalize(): BRIG -> LLVM IR (translate) -> code object (emit_code_object),
// with a context of its own so concurrent finalizations share no IR state.
#include "finalizer.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

namespace hsail::finalizer {

std::vector<uint8_t> finalize(const Module& brig, const Options& options) {
  llvm::LLVMContext context;
  const std::unique_ptr<llvm::Module> ir = translate(brig, context, options);
  if (!ir) throw FinalizeError("the translation produced no LLVM module");
  return emit_code_object(*ir, options);
}

}  // namespace hsail::finalizer
