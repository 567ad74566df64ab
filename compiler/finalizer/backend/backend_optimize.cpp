// The IR optimization pipeline clang runs at -O2, with the AMDGPU target's
// own passes registered, before code generation. The translator keeps
// every HSAIL register in an alloca; without SROA/mem2reg first, the code
// generator's AMDGPUPromoteAlloca turns such allocas into per-work-item
// LDS arrays (dead stores to group memory, a group segment the kernel
// never asked for) instead of registers.
#include <llvm/Analysis/CGSCCPassManager.h>
#include <llvm/Analysis/LoopAnalysisManager.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/PassManager.h>
#include <llvm/Passes/OptimizationLevel.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Target/TargetMachine.h>

#include "backend_internal.h"

namespace hsail::finalizer::backend {

void optimize(llvm::Module& ir, llvm::TargetMachine& machine) {
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager sccs;
  llvm::ModuleAnalysisManager modules;
  llvm::PassBuilder builder(&machine);
  machine.registerPassBuilderCallbacks(builder);
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(sccs);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, sccs, modules);
  llvm::ModulePassManager passes =
      builder.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O2);
  passes.run(ir, modules);
}

}  // namespace hsail::finalizer::backend
