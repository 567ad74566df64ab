// The code object version. LLVM 14's AMDGPU backend does not read a module
// flag for it (the "amdgpu_code_object_version" flag came with later LLVMs);
// it reads its command-line option -amdhsa-code-object-version (2, 3 or 4,
// default 4) whenever it writes a kernel's metadata and descriptor. The
// option lives in libLLVM, so it is set through the option registry, the
// way llc's command line would set it.
#include <llvm/ADT/StringMap.h>
#include <llvm/Support/CommandLine.h>

#include <string>

#include "backend_internal.h"

namespace hsail::finalizer::backend {

namespace {

constexpr char kOption[] = "amdhsa-code-object-version";

}  // namespace

void select_code_object_version(int version) {
  // v2 is amd_kernel_code_t with YAML metadata, v3 and v4 kernel descriptors
  // with MessagePack metadata; LLVM 14 writes all three and nothing newer.
  if (version < 2 || version > 4)
    throw FinalizeError("code object v" + std::to_string(version) +
                        " is not supported by LLVM 14's AMDGPU backend (v2, v3, v4 are)");
  llvm::StringMap<llvm::cl::Option*>& options = llvm::cl::getRegisteredOptions();
  const auto it = options.find(kOption);
  if (it == options.end()) throw FinalizeError("LLVM has no -amdhsa-code-object-version option");
  // The option is ZeroOrMore, so every finalization may set it again.
  if (it->second->addOccurrence(0, kOption, std::to_string(version)))
    throw FinalizeError("LLVM rejected code object version " + std::to_string(version));
}

}  // namespace hsail::finalizer::backend
