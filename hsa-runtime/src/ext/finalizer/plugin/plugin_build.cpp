// libhsart-finalizer.so.1: a program's BRIG modules -> code object bytes.
// One module goes through finalize() as it is; several are translated one
// by one into a shared LLVM context and joined with the IR linker (a
// symbol of module linkage stays private to its module, as HSAIL wants),
// then compiled once, so the program becomes one code object as HSA 1.1
// asks. The runtime has validated the modules before they get here.
#include <hsa/hsa.h>
#include <hsa/hsa_ext_finalize.h>
#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/DiagnosticPrinter.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Support/raw_ostream.h>

#include <cstdlib>
#include <cstring>
#include <exception>
#include <mutex>
#include <new>
#include <string>
#include <vector>

#include <finalizer/finalizer.h>
#include <hsail/brig/module.h>

#include "finalizer_plugin.h"

namespace {

namespace fin = hsail::finalizer;

// Why the build failed, as the status the API returns.
struct Failed {
  int status;
  std::string message;
};

Failed failed(const std::string& why) { return {HSA_EXT_STATUS_ERROR_FINALIZATION_FAILED, why}; }

fin::Gpu gpu_of(const std::string& gfx) {
  if (gfx == "gfx900") return fin::Gpu::kGfx900;
  if (gfx == "gfx803") return fin::Gpu::kGfx803;
  throw failed("not supported yet: finalizing for " + gfx + " (gfx900 and gfx803 are)");
}

std::vector<uint8_t> link_and_emit(const std::vector<hsail::Module>& modules,
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
  std::unique_ptr<llvm::Module> program = fin::translate(modules[0], context, options);
  llvm::Linker linker(*program);
  for (size_t i = 1; i < modules.size(); ++i) {
    std::unique_ptr<llvm::Module> ir = fin::translate(modules[i], context, options);
    // linkInModule reports clashes (two definitions of one kernel) as true.
    if (linker.linkInModule(std::move(ir)))
      throw failed("module " + std::to_string(i) +
                   " cannot be linked with the ones before it: " + diagnostics);
  }
  return fin::emit_code_object(*program, options);
}

fin::Options::Round round_of(int rounding) {
  if (rounding == HSA_DEFAULT_FLOAT_ROUNDING_MODE_ZERO) return fin::Options::Round::kZero;
  if (rounding == HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR) return fin::Options::Round::kNear;
  return fin::Options::Round::kDefault;
}

std::vector<uint8_t> build(const hsart_brig_blob* blobs, size_t count, const std::string& gfx,
                           int rounding) {
  if (count == 0) throw failed("the program has no modules");
  fin::Options options;
  options.gpu = gpu_of(gfx);
  options.program_round = round_of(rounding);
  std::vector<hsail::Module> modules;
  modules.reserve(count);
  for (size_t i = 0; i < count; ++i)
    modules.push_back(
        hsail::Module::from_brig(static_cast<const uint8_t*>(blobs[i].data), blobs[i].size));
  // LLVM 14's code object version is a process-wide option and lld keeps
  // global state: one finalization at a time.
  static std::mutex one_at_a_time;
  std::lock_guard<std::mutex> lock(one_at_a_time);
  if (modules.size() == 1) return fin::finalize(modules[0], options);
  return link_and_emit(modules, options);
}

char* copy_message(const std::string& text) {
  char* out = static_cast<char*>(std::malloc(text.size() + 1));
  if (out) std::memcpy(out, text.c_str(), text.size() + 1);
  return out;
}

}  // namespace

extern "C" int hsart_finalizer_build(const hsart_brig_blob* modules, size_t count, const char* gfx,
                                     int rounding, uint8_t** code, size_t* code_size,
                                     char** message) {
  *code = nullptr;
  *code_size = 0;
  *message = nullptr;
  Failed why{HSA_STATUS_ERROR_OUT_OF_RESOURCES, "out of memory"};
  try {
    std::vector<uint8_t> bytes = build(modules, count, gfx, rounding);
    *code = static_cast<uint8_t*>(std::malloc(bytes.size()));
    if (*code == nullptr) throw std::bad_alloc();
    std::memcpy(*code, bytes.data(), bytes.size());
    *code_size = bytes.size();
    return 0;
  } catch (const std::bad_alloc&) {
    // why already says so
  } catch (const Failed& f) {
    why = f;
  } catch (const std::exception& e) {  // FinalizeError and the front end's errors
    why = failed(e.what());
  }
  *message = copy_message(why.message);
  return why.status;
}
