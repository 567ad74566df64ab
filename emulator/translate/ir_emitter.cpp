#include "ir_emitter.h"

namespace gcn {

const WaveLayout& WaveLayout::get() {
  // Wave is not standard-layout (its Fault holds a string), so offsetof is
  // not available: measure the offsets on an instance.
  static const WaveLayout layout = [] {
    static const Wave instance;
    const Wave* w = &instance;
    auto at = [w](const void* field) {
      return static_cast<uint64_t>(static_cast<const unsigned char*>(field) -
                                   reinterpret_cast<const unsigned char*>(w));
    };
    WaveLayout l;
    l.sgpr = at(&w->sgpr);
    l.vgpr = at(&w->vgpr);
    l.pc = at(&w->pc);
    l.scc = at(&w->scc);
    l.mode = at(&w->mode);
    l.instructions = at(&w->instructions);
    return l;
  }();
  return layout;
}

Emitter::Emitter(llvm::LLVMContext& c, llvm::Module& m, uint32_t mode_, const std::string& name)
    : ctx(c), b(c), mode(mode_), flush_f32(((mode_ >> 4) & 3) != 3) {
  llvm::Type* ptr = b.getInt8PtrTy();
  auto* ty = llvm::FunctionType::get(b.getVoidTy(), {ptr, i64(), ptr}, false);
  fn = llvm::Function::Create(ty, llvm::Function::ExternalLinkage, name, m);
  fn->addFnAttr(llvm::Attribute::NoUnwind);
  wave = fn->getArg(0);
  pc_arg = fn->getArg(1);
  run = fn->getArg(2);
  fn->addParamAttr(0, llvm::Attribute::NoAlias);
  auto* entry = llvm::BasicBlock::Create(ctx, "entry", fn);
  body = llvm::BasicBlock::Create(ctx, "body", fn);
  b.SetInsertPoint(entry);
  vgpr_base =
      b.CreateLoad(b.getInt8PtrTy(), wave_ptr(WaveLayout::get().vgpr, b.getInt8PtrTy()), "vgprs");
  b.CreateBr(body);
  b.SetInsertPoint(body);
}

llvm::Value* Emitter::wave_ptr(uint64_t off, llvm::Type* ty) {
  llvm::Value* p = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), wave, off);
  return b.CreateBitCast(p, ty->getPointerTo());
}

// --- scalar state --------------------------------------------------------------

llvm::Value* Emitter::load_sgpr(unsigned i) {
  if (!sgpr_[i]) sgpr_[i] = b.CreateLoad(i32(), wave_ptr(WaveLayout::get().sgpr + 4 * i, i32()));
  return sgpr_[i];
}

llvm::Value* Emitter::sgpr_pair(uint16_t code) {
  llvm::Value* lo = b.CreateZExt(load_sgpr(code), i64());
  llvm::Value* hi = b.CreateZExt(load_sgpr((code + 1) & 127), i64());
  return b.CreateOr(lo, b.CreateShl(hi, 32));
}

llvm::Value* Emitter::s32(const Inst& in, uint16_t code) {
  if (code < op::kSgprFileSize) return load_sgpr(code);
  if (code == op::kLiteral) return c32(in.literal);
  if (code == op::kScc) return b.CreateZExt(scc(), i32());
  if (code == op::kVccz) return b.CreateZExt(b.CreateICmpEQ(vcc(), c64(0)), i32());
  if (code == op::kExecz) return b.CreateZExt(b.CreateICmpEQ(exec(), c64(0)), i32());
  return c32(static_cast<uint32_t>(inline_constant(code, Ty::B32)));
}

llvm::Value* Emitter::s64(const Inst& in, uint16_t code, Ty t) {
  if (code < op::kSgprFileSize) return sgpr_pair(code);
  if (code == op::kLiteral) {
    if (t == Ty::F64) return c64(static_cast<uint64_t>(in.literal) << 32);
    if (t == Ty::I64)
      return c64(static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(in.literal))));
    return c64(in.literal);
  }
  if (code == op::kScc) return b.CreateZExt(scc(), i64());
  if (code == op::kVccz) return b.CreateZExt(b.CreateICmpEQ(vcc(), c64(0)), i64());
  if (code == op::kExecz) return b.CreateZExt(b.CreateICmpEQ(exec(), c64(0)), i64());
  return c64(inline_constant(code, t));
}

void Emitter::set_s32(uint16_t code, llvm::Value* v) {
  if (code >= op::kSgprFileSize) return;
  sgpr_[code] = v;
  sgpr_dirty_[code] = true;
  if (code == op::kExecLo || code == op::kExecLo + 1) exec_mask_ = nullptr;
}

void Emitter::set_s64(uint16_t code, llvm::Value* v) {
  if (code >= op::kSgprFileSize) return;
  set_s32(code, b.CreateTrunc(v, i32()));
  set_s32((code + 1) & 127, b.CreateTrunc(b.CreateLShr(v, 32), i32()));
}

llvm::Value* Emitter::scc() {
  if (!scc_) {
    llvm::Value* byte = b.CreateLoad(b.getInt8Ty(), wave_ptr(WaveLayout::get().scc, b.getInt8Ty()));
    scc_ = b.CreateICmpNE(byte, b.getInt8(0));
  }
  return scc_;
}

void Emitter::set_scc(llvm::Value* v) {
  scc_ = v;
  scc_dirty_ = true;
}

// --- vector state ----------------------------------------------------------------

llvm::Value* Emitter::vgpr(unsigned r) {
  auto it = vgpr_.find(r);
  if (it != vgpr_.end()) return it->second.first;
  llvm::Value* p = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), vgpr_base,
                                                static_cast<uint64_t>(r) * kWaveSize * 4);
  llvm::Value* v =
      b.CreateAlignedLoad(v32ty(), b.CreateBitCast(p, v32ty()->getPointerTo()), llvm::Align(4));
  vgpr_[r] = {v, false};
  return v;
}

void Emitter::set_vgpr(unsigned r, llvm::Value* vals) {
  llvm::Value* old = vgpr(r);
  vgpr_[r] = {b.CreateSelect(exec_mask(), vals, old), true};
}

llvm::Value* Emitter::v32(const Inst& in, int src) {
  const uint16_t code = in.src[src];
  if (code >= op::kVgpr0) return vgpr(code - op::kVgpr0);
  const Ty t = src == 0 ? in.info->src0 : src == 1 ? in.info->src1 : in.info->src2;
  if (code >= op::kZero && code != op::kLiteral && code < op::kVccz)
    return splat32(static_cast<uint32_t>(inline_constant(code, t == Ty::None ? Ty::B32 : t)));
  return splat(s32(in, code));
}

llvm::Value* Emitter::mask_of(llvm::Value* v) {
  return b.CreateBitCast(v, llvm::FixedVectorType::get(i1(), kWaveSize));
}

llvm::Value* Emitter::bits_of(llvm::Value* mask) { return b.CreateBitCast(mask, i64()); }

llvm::Value* Emitter::exec_mask() {
  if (!exec_mask_) exec_mask_ = mask_of(exec());
  return exec_mask_;
}

llvm::Value* Emitter::flush(llvm::Value* v) {
  llvm::Value* zero_exp = b.CreateICmpEQ(b.CreateAnd(v, splat32(0x7F800000u)), splat32(0));
  return b.CreateSelect(zero_exp, b.CreateAnd(v, splat32(0x80000000u)), v);
}

// --- leaving the block ------------------------------------------------------------

llvm::Value* Emitter::pc_at(uint32_t off) { return b.CreateAdd(pc_arg, c64(off)); }

void Emitter::write_back() {
  const WaveLayout& l = WaveLayout::get();
  for (unsigned i = 0; i < op::kSgprFileSize; ++i)
    if (sgpr_dirty_[i]) {
      b.CreateStore(sgpr_[i], wave_ptr(l.sgpr + 4 * i, i32()));
      sgpr_dirty_[i] = false;
    }
  if (scc_dirty_) {
    b.CreateStore(b.CreateZExt(scc_, b.getInt8Ty()), wave_ptr(l.scc, b.getInt8Ty()));
    scc_dirty_ = false;
  }
  for (auto& [r, v] : vgpr_)
    if (v.second) {
      llvm::Value* p = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), vgpr_base,
                                                    static_cast<uint64_t>(r) * kWaveSize * 4);
      b.CreateAlignedStore(v.first, b.CreateBitCast(p, v32ty()->getPointerTo()), llvm::Align(4));
      v.second = false;
    }
}

void Emitter::forget() {
  sgpr_.fill(nullptr);
  scc_ = nullptr;
  vgpr_.clear();
  exec_mask_ = nullptr;
}

void Emitter::count(unsigned n) {
  if (!n) return;
  llvm::Value* p = wave_ptr(WaveLayout::get().instructions, i64());
  b.CreateStore(b.CreateAdd(b.CreateLoad(i64(), p), c64(n)), p);
}

void Emitter::exit_at(llvm::Value* next_pc, unsigned natives) {
  write_back();
  count(natives);
  b.CreateStore(next_pc, wave_ptr(WaveLayout::get().pc, i64()));
  b.CreateRetVoid();
  ended = true;
}

void Emitter::branch(llvm::Value* taken, int64_t target_off, unsigned natives) {
  llvm::Value* fall = pc_at(offset + size);
  llvm::Value* target = b.CreateAdd(pc_arg, c64(static_cast<uint64_t>(target_off)));
  if (target_off != 0) {
    exit_at(b.CreateSelect(taken, target, fall), natives);
    return;
  }
  write_back();
  count(natives);
  // Back to the start: loop here while the quantum lasts.
  llvm::Value* end = b.CreateLoad(i64(), b.CreateBitCast(run, i64()->getPointerTo()));
  llvm::Value* n = b.CreateLoad(i64(), wave_ptr(WaveLayout::get().instructions, i64()));
  llvm::Value* again = b.CreateAnd(taken, b.CreateICmpULT(n, end));
  auto* out = llvm::BasicBlock::Create(ctx, "out", fn);
  b.CreateCondBr(again, body, out);
  b.SetInsertPoint(out);
  b.CreateStore(b.CreateSelect(taken, target, fall), wave_ptr(WaveLayout::get().pc, i64()));
  b.CreateRetVoid();
  ended = true;
}

void Emitter::callout(const Inst* in) {
  write_back();
  llvm::Type* ptr = b.getInt8PtrTy();
  auto* ty = llvm::FunctionType::get(i32(), {ptr, ptr, i64(), i32()}, false);
  llvm::Value* callee =
      b.CreateIntToPtr(c64(reinterpret_cast<uint64_t>(&gcn_block_callout)), ty->getPointerTo());
  llvm::Value* inst = b.CreateIntToPtr(c64(reinterpret_cast<uint64_t>(in)), ptr);
  llvm::Value* stop = b.CreateCall(ty, callee, {wave, inst, pc_at(offset), c32(mode)});
  forget();
  auto* out = llvm::BasicBlock::Create(ctx, "stop", fn);
  auto* next = llvm::BasicBlock::Create(ctx, "next", fn);
  b.CreateCondBr(b.CreateICmpNE(stop, c32(0)), out, next);
  b.SetInsertPoint(out);
  count(native_before);
  b.CreateRetVoid();
  b.SetInsertPoint(next);
}

void Emitter::finish(unsigned natives) { exit_at(pc_at(offset), natives); }

}  // namespace gcn
