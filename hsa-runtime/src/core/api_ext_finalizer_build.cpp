// A program's modules -> code object bytes. One module goes through
// finalize() as it is; several are translated one by one into a shared
// LLVM context and joined with the IR linker (a symbol of module linkage
// stays private to its module, as HSAIL wants), then compiled once, so the
// program becomes one code object as HSA 1.1 asks.
#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/DiagnosticPrinter.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Support/raw_ostream.h>

#include <cstdio>
#include <exception>
#include <mutex>
#include <new>

#include "api_ext_finalizer.h"
#include "finalizer.h"

namespace hsart::finalizer {
namespace {

namespace fin = hsail::finalizer;

Failure failed(const std::string& why) {
  return Failure(HSA_EXT_STATUS_ERROR_FINALIZATION_FAILED, why);
}

fin::Gpu gpu_of(const std::string& gfx) {
  if (gfx == "gfx900") return fin::Gpu::kGfx900;
  if (gfx == "gfx803") return fin::Gpu::kGfx803;
  throw failed("not supported yet: finalizing for " + gfx + " (gfx900 and gfx803 are)");
}

std::vector<uint8_t> link_and_emit(const std::vector<LoadedModule>& modules,
                                   const fin::Options& options) {
  llvm::LLVMContext context;
  // Without a handler of our own LLVM's default one ends the process on
  // the linker's first error; keep the message for the failure instead.
  std::string diagnostics;
  context.setDiagnosticHandlerCallBack(
      [](const llvm::DiagnosticInfo& info, void* text) {
        llvm::raw_string_ostream os(*static_cast<std::string*>(text));
        llvm::DiagnosticPrinterRawOStream printer(os);
        info.print(printer);
        os << "; ";
      },
      &diagnostics);
  std::unique_ptr<llvm::Module> program = fin::translate(*modules[0].brig, context, options);
  llvm::Linker linker(*program);
  for (size_t i = 1; i < modules.size(); ++i) {
    std::unique_ptr<llvm::Module> ir = fin::translate(*modules[i].brig, context, options);
    // linkInModule reports clashes (two definitions of one kernel) as true.
    if (linker.linkInModule(std::move(ir)))
      throw failed("module " + std::to_string(i) +
                   " cannot be linked with the ones before it: " + diagnostics);
  }
  return fin::emit_code_object(*program, options);
}

}  // namespace

std::vector<uint8_t> build_code_object(const std::vector<LoadedModule>& modules,
                                       const std::string& gfx) {
  if (modules.empty()) throw failed("the program has no modules");
  fin::Options options;
  options.gpu = gpu_of(gfx);
  // LLVM 14's code object version is a process-wide option and lld keeps
  // global state: one finalization at a time.
  static std::mutex one_at_a_time;
  std::lock_guard<std::mutex> lock(one_at_a_time);
  try {
    if (modules.size() == 1) return fin::finalize(*modules[0].brig, options);
    return link_and_emit(modules, options);
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const Failure&) {
    throw;
  } catch (const std::exception& e) {  // FinalizeError and the front end's errors
    throw failed(e.what());
  }
}

void report(const char* function, const std::string& message) {
  std::fprintf(stderr, "hsa-runtime: %s: %s\n", function, message.c_str());
}

}  // namespace hsart::finalizer
