// LLVM IR -> relocatable AMDGPU ELF object, in memory. The module is checked
// with the IR verifier first (the optimizer and code generator assume valid
// IR and may crash on anything else), and the context's diagnostics are
// captured for the duration: the default handler would print an error and
// exit the process, where the finalizer must throw a FinalizeError.
#include <llvm/ADT/SmallVector.h>
#include <llvm/IR/DiagnosticHandler.h>
#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/DiagnosticPrinter.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>

#include <string>
#include <utility>

#include "backend_internal.h"

namespace hsail::finalizer::backend {

namespace {

// Collects every error diagnostic (warnings and remarks are dropped).
class CollectErrors : public llvm::DiagnosticHandler {
 public:
  explicit CollectErrors(std::string* errors) : errors_(errors) {}

  bool handleDiagnostics(const llvm::DiagnosticInfo& info) override {
    if (info.getSeverity() != llvm::DS_Error) return true;
    llvm::raw_string_ostream out(*errors_);
    if (!errors_->empty()) out << "; ";
    llvm::DiagnosticPrinterRawOStream printer(out);
    info.print(printer);
    return true;
  }

 private:
  std::string* errors_;
};

// Installs CollectErrors on a context and puts the old handler back.
class CaptureDiagnostics {
 public:
  CaptureDiagnostics(llvm::LLVMContext& context, std::string* errors)
      : context_(context), saved_(context.getDiagnosticHandler()) {
    context_.setDiagnosticHandler(std::make_unique<CollectErrors>(errors));
  }
  ~CaptureDiagnostics() { context_.setDiagnosticHandler(std::move(saved_)); }
  CaptureDiagnostics(const CaptureDiagnostics&) = delete;
  CaptureDiagnostics& operator=(const CaptureDiagnostics&) = delete;

 private:
  llvm::LLVMContext& context_;
  std::unique_ptr<llvm::DiagnosticHandler> saved_;
};

}  // namespace

std::vector<char> generate_object(llvm::Module& ir, llvm::TargetMachine& machine) {
  ir.setTargetTriple(kTriple);
  ir.setDataLayout(machine.createDataLayout());
  std::string problems;
  llvm::raw_string_ostream verifier_out(problems);
  if (llvm::verifyModule(ir, &verifier_out))
    throw FinalizeError("invalid LLVM IR: " + verifier_out.str());

  std::string errors;
  llvm::SmallVector<char, 0> object;
  {
    CaptureDiagnostics capture(ir.getContext(), &errors);
    optimize(ir, machine);
    llvm::raw_svector_ostream out(object);
    llvm::legacy::PassManager passes;
    // true: the target cannot emit this file type.
    if (machine.addPassesToEmitFile(passes, out, nullptr, llvm::CGFT_ObjectFile))
      throw FinalizeError("LLVM's AMDGPU backend cannot emit object files");
    passes.run(ir);
  }
  if (!errors.empty()) throw FinalizeError("code generation failed: " + errors);
  return std::vector<char>(object.begin(), object.end());
}

}  // namespace hsail::finalizer::backend
