// The AMDGPU target machine for a GPU of Options. Only the AMDGPU target is
// initialized (not every target libLLVM carries), once per process.
#include <llvm/MC/TargetRegistry.h>
#include <llvm/Support/CodeGen.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/Target/TargetOptions.h>

#include <mutex>
#include <string>

#include "backend_internal.h"

extern "C" {
void LLVMInitializeAMDGPUTargetInfo();
void LLVMInitializeAMDGPUTarget();
void LLVMInitializeAMDGPUTargetMC();
void LLVMInitializeAMDGPUAsmPrinter();
}

namespace hsail::finalizer::backend {

const char kTriple[] = "amdgcn-amd-amdhsa";

namespace {

struct GpuTarget {
  Gpu gpu;
  const char* cpu;
  // gfx900 can run with XNACK on or off; the virtual GPU and the runtime's
  // agents run without page-fault replay, so the code says "xnack-" and
  // the loader accepts it only on such an agent. gfx803 has no XNACK.
  const char* features;
};

constexpr GpuTarget kGpus[] = {
    {Gpu::kGfx900, "gfx900", "-xnack"},
    {Gpu::kGfx803, "gfx803", ""},
};

const GpuTarget& target_of(Gpu gpu) {
  for (const GpuTarget& t : kGpus)
    if (t.gpu == gpu) return t;
  throw FinalizeError("not supported yet: this GPU");
}

void initialize_amdgpu() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTarget();
    LLVMInitializeAMDGPUTargetMC();
    LLVMInitializeAMDGPUAsmPrinter();
  });
}

}  // namespace

std::unique_ptr<llvm::TargetMachine> make_target_machine(const Options& options) {
  initialize_amdgpu();
  const GpuTarget& gpu = target_of(options.gpu);
  std::string error;
  const llvm::Target* target = llvm::TargetRegistry::lookupTarget(kTriple, error);
  if (!target) throw FinalizeError("LLVM has no AMDGPU target: " + error);
  // Code objects are position independent: the loader places them anywhere.
  std::unique_ptr<llvm::TargetMachine> machine(
      target->createTargetMachine(kTriple, gpu.cpu, gpu.features, llvm::TargetOptions(),
                                  llvm::Reloc::PIC_, llvm::None, llvm::CodeGenOpt::Default));
  if (!machine) throw FinalizeError(std::string("cannot create a target machine for ") + gpu.cpu);
  return machine;
}

}  // namespace hsail::finalizer::backend
