// The translator: straight-line runs of gfx9 machine code ("blocks": up to
// a branch, s_endpgm or kMaxBlockInstructions) become host functions with
// LLVM 14's ORC JIT. Vector instructions become vector code over the 64
// lanes, EXEC a lane mask applied by select; scalar state stays in host
// registers across the block. What the translator does not emit itself
// (listed in emulator/README.md) runs the interpreter's semantics for that
// one instruction from inside the block (a "callout"), so every block is
// exact and faults stay at their instruction.
//
// Translations are keyed by content (the block's bytes and the wave's
// MODE), kept for the life of the process, and shared by every wave,
// queue and engine: the same code object loaded twice, or at another
// address, is translated once (blocks are position independent; the
// block's PC is an argument).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "isa/instruction.h"
#include "wave/wave.h"

namespace gcn {

constexpr unsigned kMaxBlockInstructions = 128;

// What a translated function gets besides the wave: the instruction count
// at which the engine wants control back (a block that branches to its own
// start loops inside until then).
struct BlockRun {
  uint64_t end = 0;
};

// A block's host function: runs from w->pc == pc, leaves w->pc at the next
// instruction to run and w->instructions counted.
using BlockFn = void (*)(Wave* w, uint64_t pc, BlockRun* run);

struct TranslatedBlock {
  BlockFn fn = nullptr;  // nullptr: the block is interpreted (nothing to gain, or MODE rounds)
  uint32_t mode = 0;
  unsigned instructions = 0;
  unsigned native = 0;      // emitted as host code; the rest are callouts
  std::vector<Inst> insts;  // the callouts' decoded instructions
};

struct TranslatorStats {
  uint64_t blocks = 0;         // translations made (content-unique)
  uint64_t instructions = 0;   // instructions in them
  uint64_t native = 0;         // of which emitted as host code
  double compile_seconds = 0;  // IR building, optimisation and code generation
};

// One decoded instruction of a block being built, with its raw bytes.
struct BlockInst {
  uint64_t pc = 0;
  Inst inst;
  uint32_t words[3] = {0, 0, 0};
};

// The plugin's entry: libgcn-translate.so.1 exports gcn_translator_api()
// and nothing else. The translator brings LLVM 14 (tens of megabytes), so
// the engine loads it on first use (shader/translator_loader.h): a process
// that never translates (the interpreter-only switch, a thunk client that
// only allocates) never maps LLVM.
struct TranslatorApi {
  uint32_t version;  // kTranslatorApiVersion
  // The translation of `n` instructions (first at insts[0].pc) for a wave
  // in `mode`; made on first request, cached by content, never freed.
  const TranslatedBlock* (*translate)(const BlockInst* insts, size_t n, uint32_t mode);
  void (*stats)(TranslatorStats* out);
};
constexpr uint32_t kTranslatorApiVersion = 1;
#define GCN_TRANSLATOR_ENTRY "gcn_translator_api"
extern "C" const TranslatorApi* gcn_translator_api();

// The interpreter's step, as translated code calls it for one instruction:
// runs `in` at `pc` as the engine's loop would (fault PC, next PC, count).
// Returns nonzero when the block must stop here: control left the
// straight line (branch, end, barrier, sleep, fault, halt) or MODE changed.
extern "C" uint32_t gcn_block_callout(Wave* w, const Inst* in, uint64_t pc, uint32_t mode);

}  // namespace gcn
