// Builds one block's LLVM IR. The wave's registers are read from its
// struct once and kept as SSA values (SGPRs as i32, SCC as i1, VGPRs as
// <64 x i32>) until something outside the block's code may see them: a
// callout or an exit writes the changed ones back and forgets them all.
#pragma once

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <array>
#include <map>

#include "isa/instruction.h"
#include "translator.h"

namespace gcn {

// Where the translated code finds the wave's fields (byte offsets in Wave).
struct WaveLayout {
  uint64_t sgpr, vgpr, pc, scc, mode, instructions;
  static const WaveLayout& get();
};

class Emitter {
 public:
  Emitter(llvm::LLVMContext& ctx, llvm::Module& m, uint32_t mode, const std::string& name);

  llvm::LLVMContext& ctx;
  llvm::IRBuilder<> b;
  llvm::Function* fn = nullptr;
  llvm::BasicBlock* body = nullptr;  // a branch back to the block start lands here
  const uint32_t mode;
  const bool flush_f32;  // MODE.FP_DENORM[5:4] != 3

  // Where the instruction being emitted is: offset from the block start,
  // its size, and how many host-emitted instructions ran before it.
  uint32_t offset = 0;
  uint32_t size = 0;
  unsigned native_before = 0;
  bool ended = false;  // the instruction ended the block (branch emitted)

  // Types.
  llvm::Type* i1() { return b.getInt1Ty(); }
  llvm::Type* i32() { return b.getInt32Ty(); }
  llvm::Type* i64() { return b.getInt64Ty(); }
  llvm::VectorType* v32ty() { return llvm::FixedVectorType::get(i32(), kWaveSize); }
  llvm::VectorType* vf32ty() { return llvm::FixedVectorType::get(b.getFloatTy(), kWaveSize); }
  llvm::Value* c32(uint32_t v) { return b.getInt32(v); }
  llvm::Value* c64(uint64_t v) { return b.getInt64(v); }
  llvm::Value* splat(llvm::Value* s) { return b.CreateVectorSplat(kWaveSize, s); }
  llvm::Value* splat32(uint32_t v) { return splat(c32(v)); }

  // Scalar operands, as read_s32/read_s64/write_s32/write_s64 take them.
  llvm::Value* s32(const Inst& in, uint16_t code);
  llvm::Value* s64(const Inst& in, uint16_t code, Ty t);
  void set_s32(uint16_t code, llvm::Value* v);
  void set_s64(uint16_t code, llvm::Value* v);
  llvm::Value* scc();
  void set_scc(llvm::Value* v);
  llvm::Value* exec() { return sgpr_pair(op::kExecLo); }
  llvm::Value* vcc() { return sgpr_pair(op::kVccLo); }

  // Vector operands (no DPP/SDWA: those are callouts): source `src` of
  // `in` as <64 x i32>, scalars broadcast as read_v32 does.
  llvm::Value* v32(const Inst& in, int src);
  llvm::Value* vgpr(unsigned r);
  // Writes a VGPR in the lanes EXEC enables.
  void set_vgpr(unsigned r, llvm::Value* vals);
  // EXEC as <64 x i1>.
  llvm::Value* exec_mask();
  llvm::Value* mask_of(llvm::Value* i64v);
  llvm::Value* bits_of(llvm::Value* mask);

  // f32 helpers: bit casts and MODE's denormal flush (valu.h's rules).
  llvm::Value* to_f(llvm::Value* v) { return b.CreateBitCast(v, vf32ty()); }
  llvm::Value* to_i(llvm::Value* v) { return b.CreateBitCast(v, v32ty()); }
  llvm::Value* flush(llvm::Value* ivec);  // <64 x i32> in, out
  llvm::Value* f32_src(const Inst& in, int src) {
    return to_f(flush_f32 ? flush(v32(in, src)) : v32(in, src));
  }
  llvm::Value* f32_result(llvm::Value* fvec) { return flush_f32 ? flush(to_i(fvec)) : to_i(fvec); }

  // Exits and callouts.
  llvm::Value* pc_at(uint32_t off);  // the block's pc + off
  void write_back();                 // dirty state to the wave
  void forget();                     // after a callout: everything reloads
  void count(unsigned n);            // w->instructions += n
  void exit_at(llvm::Value* next_pc, unsigned natives);
  // A branch: control goes to `target` (block offset) when `taken`,
  // else falls through; a branch to the block start loops in place while
  // the wave's quantum lasts.
  void branch(llvm::Value* taken, int64_t target_off, unsigned natives);
  void callout(const Inst* in);
  void finish(unsigned natives);  // falls off the end of the block

 private:
  llvm::Value* wave_ptr(uint64_t off, llvm::Type* ty);
  llvm::Value* sgpr_pair(uint16_t code);
  llvm::Value* load_sgpr(unsigned i);
  llvm::Value* wave = nullptr;
  llvm::Value* pc_arg = nullptr;
  llvm::Value* run = nullptr;
  llvm::Value* vgpr_base = nullptr;
  std::array<llvm::Value*, op::kSgprFileSize> sgpr_{};
  std::array<bool, op::kSgprFileSize> sgpr_dirty_{};
  llvm::Value* scc_ = nullptr;
  bool scc_dirty_ = false;
  std::map<unsigned, std::pair<llvm::Value*, bool>> vgpr_;
  llvm::Value* exec_mask_ = nullptr;
};

// Emits one instruction natively; false: not covered (the caller emits a
// callout). Tables by mnemonic in emit_scalar.cpp and emit_vector.cpp.
using EmitFn = bool (*)(Emitter& e, const Inst& in);
EmitFn scalar_emitter(const Inst& in);
EmitFn vector_emitter(const Inst& in);

}  // namespace gcn
