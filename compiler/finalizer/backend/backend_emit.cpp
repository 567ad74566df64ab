// emit_code_object(): LLVM IR -> code object. The code object version and
// lld's driver are process-wide state, so one lock covers a whole emission;
// finalizations from several threads take turns here.
#include <llvm/IR/Module.h>
#include <llvm/Target/TargetMachine.h>

#include <mutex>

#include "backend_internal.h"

namespace hsail::finalizer {

namespace {

std::mutex& backend_lock() {
  static std::mutex lock;
  return lock;
}

}  // namespace

std::vector<uint8_t> emit_code_object(llvm::Module& ir, const Options& options) {
  backend::close_program(ir);
  backend::add_handle_init_note(ir);
  std::lock_guard<std::mutex> hold(backend_lock());
  backend::select_code_object_version(options.code_object_version);
  const std::unique_ptr<llvm::TargetMachine> machine = backend::make_target_machine(options);
  const std::vector<char> object = backend::generate_object(ir, *machine);
  bool undefined_variables = false;
  for (const llvm::GlobalVariable& g : ir.globals()) undefined_variables |= g.isDeclaration();
  return backend::link_code_object(object, undefined_variables);
}

}  // namespace hsail::finalizer
