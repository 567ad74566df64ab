#include "translator.h"

#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/ExecutionEngine/Orc/ThreadSafeModule.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Transforms/InstCombine/InstCombine.h>
#include <llvm/Transforms/Scalar/DeadStoreElimination.h>
#include <llvm/Transforms/Scalar/EarlyCSE.h>
#include <llvm/Transforms/Scalar/GVN.h>
#include <llvm/Transforms/Scalar/SimplifyCFG.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "ir_emitter.h"

namespace gcn {

extern "C" uint32_t gcn_block_callout(Wave* w, const Inst* in, uint64_t pc, uint32_t mode) {
  // As the engine's loop: where a fault is reported, the next PC before
  // the semantics run (branches change it), the count.
  w->fault.pc = pc;
  const uint64_t next = pc + in->size;
  w->pc = next;
  in->info->exec(*w, *in);
  ++w->instructions;
  return static_cast<uint32_t>(w->pc != next || w->done || w->at_barrier || w->yielded ||
                               w->halted || w->fault.kind != FaultKind::kNone || w->mode != mode);
}

namespace {

// The process's translator: the JIT and the content-keyed cache.
class Translator {
 public:
  Translator();
  const TranslatedBlock* translate(const BlockInst* block, size_t n, uint32_t mode);
  TranslatorStats stats() const {
    std::lock_guard<std::mutex> lock(mu_);
    return stats_;
  }

 private:
  struct Jit {
    std::unique_ptr<llvm::orc::LLJIT> lljit;
    unsigned next_id = 0;
  };
  std::unique_ptr<Jit> jit_;
  mutable std::mutex mu_;
  std::unordered_map<std::string, std::unique_ptr<TranslatedBlock>> cache_;
  TranslatorStats stats_;
};

Translator& instance() {
  static Translator* t = new Translator();  // lives to exit: code may still run
  return *t;
}

Translator::Translator() : jit_(new Jit) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  auto jtmb = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!jtmb) {
    std::fprintf(stderr, "gcn translator: unknown host (%s); interpreting\n",
                 llvm::toString(jtmb.takeError()).c_str());
    return;
  }
  // Blocks are short and straight: the quick instruction selector and
  // register allocator give nearly the same code in a fraction of the time.
  jtmb->setCodeGenOptLevel(llvm::CodeGenOpt::Less);
  auto j = llvm::orc::LLJITBuilder().setJITTargetMachineBuilder(std::move(*jtmb)).create();
  if (!j) {
    std::fprintf(stderr, "gcn translator: no host JIT (%s); interpreting\n",
                 llvm::toString(j.takeError()).c_str());
    return;
  }
  jit_->lljit = std::move(*j);
}

// The clean-up a block's IR needs: values kept in registers across
// instructions, redundant loads and stores of the wave gone.
void optimize(llvm::Module& m) {
  llvm::PassBuilder pb;
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cam;
  llvm::ModuleAnalysisManager mam;
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cam, mam);
  llvm::FunctionPassManager fpm;
  fpm.addPass(llvm::EarlyCSEPass());
  fpm.addPass(llvm::InstCombinePass());
  fpm.addPass(llvm::GVNPass());
  fpm.addPass(llvm::DSEPass());
  fpm.addPass(llvm::SimplifyCFGPass());
  llvm::ModulePassManager mpm;
  mpm.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(fpm)));
  mpm.run(m, mam);
}

const TranslatedBlock* Translator::translate(const BlockInst* insts, size_t n, uint32_t mode) {
  const BlockInst* block = insts;
  std::string key;
  key.reserve(n * 8 + 4);
  key.append(reinterpret_cast<const char*>(&mode), 4);
  for (size_t i = 0; i < n; ++i)
    key.append(reinterpret_cast<const char*>(block[i].words), (block[i].inst.size + 3) / 4 * 4);

  std::lock_guard<std::mutex> lock(mu_);
  auto it = cache_.find(key);
  if (it != cache_.end()) return it->second.get();

  const auto t0 = std::chrono::steady_clock::now();
  auto tb = std::make_unique<TranslatedBlock>();
  tb->mode = mode;
  tb->instructions = static_cast<unsigned>(n);
  tb->insts.reserve(n);  // callouts point into it: no reallocation
  for (size_t i = 0; i < n; ++i) tb->insts.push_back(block[i].inst);
  auto offset_of = [block](size_t i) { return static_cast<uint32_t>(block[i].pc - block[0].pc); };

  // Host arithmetic rounds to nearest: a MODE with another f32/f64
  // rounding stays with the interpreter, which sets the host's rounding.
  const bool translatable = jit_->lljit && (mode & 0xF) == 0 && n > 0;
  if (translatable) {
    auto ctx = std::make_unique<llvm::LLVMContext>();
    auto mod = std::make_unique<llvm::Module>("gcn_block", *ctx);
    mod->setDataLayout(jit_->lljit->getDataLayout());
    const std::string name = "gcn_block_" + std::to_string(jit_->next_id++);
    Emitter e(*ctx, *mod, mode, name);
    unsigned natives = 0;
    for (size_t i = 0; i < n && !e.ended; ++i) {
      const Inst& in = tb->insts[i];
      e.offset = offset_of(i);
      e.size = in.size;
      e.native_before = natives;
      EmitFn f = scalar_emitter(in);
      if (!f) f = vector_emitter(in);
      if (f && f(e, in))
        ++natives;
      else
        e.callout(&in);
    }
    if (!e.ended) {
      e.offset = offset_of(n - 1) + tb->insts.back().size;
      e.finish(natives);
    }
    tb->native = natives;
    if (llvm::verifyFunction(*e.fn, &llvm::errs())) {
      std::fprintf(stderr, "gcn translator: invalid IR for a block; interpreting it\n");
    } else if (natives > 0) {
      optimize(*mod);
      llvm::cantFail(
          jit_->lljit->addIRModule(llvm::orc::ThreadSafeModule(std::move(mod), std::move(ctx))));
      auto sym = jit_->lljit->lookup(name);
      if (sym)
        tb->fn = reinterpret_cast<BlockFn>(sym->getAddress());
      else
        llvm::consumeError(sym.takeError());
    }
  }
  stats_.blocks++;
  stats_.instructions += tb->instructions;
  stats_.native += tb->fn ? tb->native : 0;
  stats_.compile_seconds +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const TranslatedBlock* out = tb.get();
  cache_.emplace(std::move(key), std::move(tb));
  return out;
}

const TranslatedBlock* api_translate(const BlockInst* insts, size_t n, uint32_t mode) {
  return instance().translate(insts, n, mode);
}
void api_stats(TranslatorStats* out) { *out = instance().stats(); }

}  // namespace

extern "C" const TranslatorApi* gcn_translator_api() {
  static const TranslatorApi api = {kTranslatorApiVersion, api_translate, api_stats};
  return &api;
}

}  // namespace gcn
