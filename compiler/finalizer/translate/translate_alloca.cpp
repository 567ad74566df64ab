// alloca (PRM 10.10): per-work-item private memory allocated at run time
// and freed when the kernel or function returns.
//
// LLVM 14's AMDGPU backend rejects dynamic allocas ("unsupported dynamic
// alloca"), so each kernel or function that uses alloca gets one static
// private region, an array alloca in its entry block, and a bump offset
// that starts at 0 on entry. Being part of the frame, the region is
// per activation: a recursive call gets a fresh one and it is gone at
// return, which is exactly alloca's lifetime. Each alloca instruction grows
// the region as it is translated by what it can ask for: its size plus
// alignment slack when the size is a constant, kDynamicBytes when it is a
// register. An alloca executed more often than it appears (in a loop) can
// therefore run out; it then traps (PRM: behaviour undefined when private
// memory is short), and a region past kMaxRegionBytes fails to finalize.
// The returned value is the private segment address of the block, so
// ld_private/st_private through it reach the region.
#include <string>

#include <hsail/brig/names.h>

#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/ValueSymbolTable.h"
#include "translate_impl.h"

namespace hsail::finalizer::translate_detail {

namespace {

// What a register-sized alloca reserves, and the most one activation may
// hold (a quarter of the 256 KiB of scratch a gfx9 wave may have per lane
// at most would already be generous; this keeps scratch allocations sane).
constexpr uint64_t kDynamicBytes = 4096;
constexpr uint64_t kMaxRegionBytes = 64 * 1024;
constexpr uint64_t kRegionAlign = 16;

// The names of the region and its bump offset; a space keeps them apart
// from anything named after HSAIL identifiers.
constexpr const char* kRegionName = "alloca region";
constexpr const char* kTopName = "alloca top";

struct Region {
  llvm::AllocaInst* bytes;  // i8 x N in the private address space
  llvm::AllocaInst* top;    // i32 bump offset
};

// The function's region, created empty on its first alloca.
Region region_of(KernelTranslator& k) {
  llvm::ValueSymbolTable* names = k.fn->getValueSymbolTable();
  auto* bytes = llvm::dyn_cast_or_null<llvm::AllocaInst>(names->lookup(kRegionName));
  auto* top = llvm::dyn_cast_or_null<llvm::AllocaInst>(names->lookup(kTopName));
  if (bytes != nullptr && top != nullptr) return {bytes, top};
  llvm::BasicBlock& entry = k.fn->getEntryBlock();
  llvm::IRBuilder<> ab(&entry, entry.begin());
  bytes = ab.CreateAlloca(ab.getInt8Ty(), kPrivateAS, ab.getInt32(0), kRegionName);
  bytes->setAlignment(llvm::Align(kRegionAlign));
  top = ab.CreateAlloca(ab.getInt32Ty(), kPrivateAS, nullptr, kTopName);
  ab.CreateStore(ab.getInt32(0), top);
  return {bytes, top};
}

uint64_t region_size(const Region& r) {
  return llvm::cast<llvm::ConstantInt>(r.bytes->getArraySize())->getZExtValue();
}

void alloca_(KernelTranslator& k, const Inst& inst) {
  auto m = k.entry<fw_brig_inst_mem>();
  uint64_t align = alignment_bytes(m.align);
  if (align == 0) align = 1;
  llvm::Value* size = k.read(inst.operands.at(1), FW_BRIG_TYPE_U32);
  Region r = region_of(k);

  // Grow the region by what this instruction may take.
  uint64_t want = kDynamicBytes;
  if (auto* c = llvm::dyn_cast<llvm::ConstantInt>(size)) want = c->getZExtValue();
  uint64_t grown = region_size(r) + want + (align - 1);
  if (grown > kMaxRegionBytes) {
    k.unsupported("alloca of more than " + std::to_string(kMaxRegionBytes) +
                      " bytes in one kernel or function (" + std::to_string(grown) + " needed)",
                  "10.10");
  }
  r.bytes->setOperand(0, k.b.getInt32(static_cast<uint32_t>(grown)));

  // Bump in 64-bit arithmetic so that no request can wrap around.
  llvm::Type* i64 = k.b.getInt64Ty();
  llvm::Value* base = k.b.CreatePtrToInt(r.bytes, i64);
  llvm::Value* top = k.b.CreateZExt(k.b.CreateLoad(k.b.getInt32Ty(), r.top), i64);
  llvm::Value* start = k.b.CreateAnd(
      k.b.CreateAdd(k.b.CreateAdd(base, top), k.b.getInt64(align - 1)), k.b.getInt64(~(align - 1)));
  llvm::Value* end = k.b.CreateAdd(start, k.b.CreateZExt(size, i64));
  llvm::Value* used = k.b.CreateSub(end, base);

  // Past what the allocas so far reserved: trap (the dispatch then fails
  // with a kernel exception). Later allocas only grow the region, so the
  // bound is safe, if strict for an alloca that runs before one above it.
  llvm::Value* over = k.b.CreateICmpUGT(used, k.b.getInt64(grown));
  llvm::BasicBlock* trap = llvm::BasicBlock::Create(k.ctx, "alloca.overflow", k.fn);
  llvm::BasicBlock* ok = llvm::BasicBlock::Create(k.ctx, "alloca.ok", k.fn);
  k.b.CreateCondBr(over, trap, ok);
  k.b.SetInsertPoint(trap);
  k.b.CreateIntrinsic(llvm::Intrinsic::trap, {}, {});
  k.b.CreateUnreachable();
  k.b.SetInsertPoint(ok);
  k.b.CreateStore(k.b.CreateTrunc(used, k.b.getInt32Ty()), r.top);
  k.write(inst.operands.at(0), k.b.CreateTrunc(start, k.b.getInt32Ty()), inst.type);
}

const OpcodeRow kRows[] = {
    {FW_BRIG_OPCODE_ALLOCA, alloca_},
};

}  // namespace

RowSpan alloca_rows() { return {kRows, sizeof(kRows) / sizeof(kRows[0])}; }

}  // namespace hsail::finalizer::translate_detail
