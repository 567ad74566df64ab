// signal and signalnoret (PRM 6.8) on sig32/sig64 handles.
//
// A signal handle is the address of the runtime's amd_signal_t (Compute
// ABI: "Signals"; firmware-interfaces/amd_signal.h): the value is at
// offset 8, and an interrupt signal has a non-zero event mailbox pointer
// at 16 and its event id at 24. The operations are the atomics of PRM 6.6
// on the value, in the global segment at system scope (32-bit signals act
// on the low half of the 64-bit value). Every operation that may change
// the value then does what the hardware's users do to wake a host thread
// blocked on the signal: store the event id into the mailbox and send
// MSG_INTERRUPT with the id in M0 (s_sendmsg), which the SQ turns into an
// interrupt the driver maps to the event.
//
// wait and waittimeout read the value in a loop with s_sleep between
// reads until the condition holds or the time is up; the PRM allows a
// wait to return early (spuriously), so a plain wait gives up after
// kWaitLimitNs and waittimeout after the smaller of its hint and that.
// Time is s_memrealtime, a 100 MHz counter on gfx9 (10 ns per tick), the
// HSA system timestamp being in nanoseconds.
#include <hsail/brig/names.h>

#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "translate_impl.h"
#include "translate_memory_order.h"

namespace hsail::finalizer::translate_detail {

namespace {

using llvm::AtomicOrdering;
using llvm::AtomicRMWInst;

// amd_signal_t field offsets (firmware-interfaces/amd_signal.h).
constexpr uint64_t kValueOffset = 8;
constexpr uint64_t kMailboxOffset = 16;
constexpr uint64_t kEventIdOffset = 24;

// gfx9 s_sendmsg message id of an interrupt (ISA manual, "SEND_MSG").
constexpr uint32_t kMsgInterrupt = 1;

constexpr uint64_t kWaitLimitNs = 1000000000;  // 1 s
constexpr uint64_t kNsPerRealtimeTick = 10;

// A global pointer to ty at handle + offset.
llvm::Value* field(KernelTranslator& k, llvm::Value* handle, uint64_t offset, llvm::Type* ty) {
  llvm::Value* a = k.b.CreateAdd(handle, k.b.getInt64(offset));
  return k.b.CreateIntToPtr(a, ty->getPointerTo(kGlobalAS));
}

// After a change of the value: wake the host's waiters of an interrupt
// signal. The mailbox store releases the update to whoever the interrupt
// wakes; one message serves the whole wave (the driver, given an id that
// is not the one it finds, scans every written mailbox slot).
void notify(KernelTranslator& k, llvm::Value* handle) {
  llvm::Type* i64 = k.b.getInt64Ty();
  llvm::Value* mailbox = k.b.CreateLoad(i64, field(k, handle, kMailboxOffset, i64));
  llvm::BasicBlock* send = llvm::BasicBlock::Create(k.ctx, "signal.notify", k.fn);
  llvm::BasicBlock* done = llvm::BasicBlock::Create(k.ctx, "signal.notified", k.fn);
  k.b.CreateCondBr(k.b.CreateICmpNE(mailbox, k.b.getInt64(0)), send, done);
  k.b.SetInsertPoint(send);
  llvm::Value* id =
      k.b.CreateLoad(k.b.getInt32Ty(), field(k, handle, kEventIdOffset, k.b.getInt32Ty()));
  llvm::StoreInst* st = k.b.CreateAlignedStore(
      k.b.CreateZExt(id, i64), k.b.CreateIntToPtr(mailbox, i64->getPointerTo(kGlobalAS)),
      llvm::Align(8));
  st->setAtomic(AtomicOrdering::Release, llvm::SyncScope::System);
  llvm::Value* m0 = k.b.CreateIntrinsic(llvm::Intrinsic::amdgcn_readfirstlane, {}, {id});
  k.b.CreateIntrinsic(llvm::Intrinsic::amdgcn_s_sendmsg, {}, {k.b.getInt32(kMsgInterrupt), m0});
  k.b.CreateBr(done);
  k.b.SetInsertPoint(done);
}

// The signed comparison of a wait (PRM 6.8.2: waitOp on the value).
llvm::Value* wait_met(KernelTranslator& k, uint8_t op, llvm::Value* value, llvm::Value* want) {
  switch (op) {
    case FW_BRIG_ATOMIC_WAIT_EQ:
    case FW_BRIG_ATOMIC_WAITTIMEOUT_EQ:
      return k.b.CreateICmpEQ(value, want);
    case FW_BRIG_ATOMIC_WAIT_NE:
    case FW_BRIG_ATOMIC_WAITTIMEOUT_NE:
      return k.b.CreateICmpNE(value, want);
    case FW_BRIG_ATOMIC_WAIT_LT:
    case FW_BRIG_ATOMIC_WAITTIMEOUT_LT:
      return k.b.CreateICmpSLT(value, want);
    default:
      return k.b.CreateICmpSGE(value, want);
  }
}

llvm::Value* realtime_ns(KernelTranslator& k) {
  llvm::Value* ticks = k.b.CreateIntrinsic(llvm::Intrinsic::amdgcn_s_memrealtime, {}, {});
  return k.b.CreateMul(ticks, k.b.getInt64(kNsPerRealtimeTick));
}

// wait / waittimeout: operands dest, handle, src0 [, timeout].
void wait(KernelTranslator& k, const Inst& inst, uint8_t op, AtomicOrdering order,
          llvm::Value* value_ptr, llvm::Type* ty) {
  llvm::Value* want = k.read(inst.operands.at(2), inst.type);
  llvm::Value* limit = k.b.getInt64(kWaitLimitNs);
  if (op >= FW_BRIG_ATOMIC_WAITTIMEOUT_EQ) {
    llvm::Value* hint = k.read(inst.operands.at(3), FW_BRIG_TYPE_U64);
    limit = k.b.CreateSelect(k.b.CreateICmpULT(hint, limit), hint, limit);
  }
  llvm::Value* start = realtime_ns(k);
  llvm::BasicBlock* loop = llvm::BasicBlock::Create(k.ctx, "signal.wait", k.fn);
  llvm::BasicBlock* check = llvm::BasicBlock::Create(k.ctx, "signal.wait.time", k.fn);
  llvm::BasicBlock* sleep = llvm::BasicBlock::Create(k.ctx, "signal.wait.sleep", k.fn);
  llvm::BasicBlock* done = llvm::BasicBlock::Create(k.ctx, "signal.wait.done", k.fn);
  k.b.CreateBr(loop);

  k.b.SetInsertPoint(loop);
  llvm::LoadInst* v =
      k.b.CreateAlignedLoad(ty, value_ptr, llvm::Align(ty->getIntegerBitWidth() / 8));
  v->setAtomic(acquires(order) ? AtomicOrdering::Acquire : AtomicOrdering::Monotonic,
               llvm::SyncScope::System);
  k.write(inst.operands.at(0), v, inst.type);  // the last value read is the result
  k.b.CreateCondBr(wait_met(k, op, v, want), done, check);

  k.b.SetInsertPoint(check);
  llvm::Value* waited = k.b.CreateSub(realtime_ns(k), start);
  k.b.CreateCondBr(k.b.CreateICmpUGE(waited, limit), done, sleep);

  // s_sleep lets the other waves of the group (and, on the virtual GPU,
  // the host thread that will set the signal) run.
  k.b.SetInsertPoint(sleep);
  k.b.CreateIntrinsic(llvm::Intrinsic::amdgcn_s_sleep, {}, {k.b.getInt32(1)});
  k.b.CreateBr(loop);

  k.b.SetInsertPoint(done);
}

void signal(KernelTranslator& k, const Inst& inst) {
  auto s = k.entry<fw_brig_inst_signal>();
  const bool ret = inst.opcode == FW_BRIG_OPCODE_SIGNAL;
  const unsigned bits = type_bits(inst.type);
  if (bits != 32 && bits != 64) k.fail("a signal value must be 32 or 64 bits");
  AtomicOrdering order = memory_ordering(k, s.memory_order, "a signal instruction");
  llvm::Type* ty = k.b.getIntNTy(bits);
  const llvm::Align align(bits / 8);
  // Operands: [dest,] handle, src0 [, src1].
  const size_t first = ret ? 1 : 0;
  llvm::Value* handle = k.read(inst.operands.at(first), FW_BRIG_TYPE_U64);
  llvm::Value* value_ptr = field(k, handle, kValueOffset, ty);
  auto src = [&](size_t i) { return k.read(inst.operands.at(first + 1 + i), inst.type); };

  const uint8_t op = s.signal_operation;
  if (op >= FW_BRIG_ATOMIC_WAIT_EQ && op <= FW_BRIG_ATOMIC_WAITTIMEOUT_GTE) {
    if (!ret) k.fail("a signal wait needs a destination");
    wait(k, inst, op, order, value_ptr, ty);
    return;
  }
  llvm::Value* old = nullptr;
  AtomicRMWInst::BinOp bin = AtomicRMWInst::Add;
  switch (op) {
    case FW_BRIG_ATOMIC_LD: {
      llvm::LoadInst* ld = k.b.CreateAlignedLoad(ty, value_ptr, align);
      ld->setAtomic(acquires(order) ? AtomicOrdering::Acquire : AtomicOrdering::Monotonic,
                    llvm::SyncScope::System);
      if (ret) k.write(inst.operands.at(0), ld, inst.type);
      return;  // a load changes nothing: no one to wake
    }
    case FW_BRIG_ATOMIC_ST: {
      llvm::StoreInst* st = k.b.CreateAlignedStore(src(0), value_ptr, align);
      st->setAtomic(releases(order) ? AtomicOrdering::Release : AtomicOrdering::Monotonic,
                    llvm::SyncScope::System);
      break;
    }
    case FW_BRIG_ATOMIC_CAS: {
      llvm::Value* cmp = src(0);
      llvm::Value* val = src(1);
      auto failure = acquires(order) ? AtomicOrdering::Acquire : AtomicOrdering::Monotonic;
      llvm::AtomicCmpXchgInst* x = k.b.CreateAtomicCmpXchg(
          value_ptr, cmp, val, llvm::MaybeAlign(align), order, failure, llvm::SyncScope::System);
      old = k.b.CreateExtractValue(x, 0);
      break;
    }
    default:
      if (!rmw_op(op, false, &bin)) k.unsupported("this signal operation", "6.8");
      old = k.b.CreateAtomicRMW(bin, value_ptr, src(0), llvm::MaybeAlign(align), order,
                                llvm::SyncScope::System);
  }
  notify(k, handle);
  if (ret && old != nullptr) k.write(inst.operands.at(0), old, inst.type);
}

const OpcodeRow kRows[] = {
    {FW_BRIG_OPCODE_SIGNAL, signal},
    {FW_BRIG_OPCODE_SIGNALNORET, signal},
};

}  // namespace

RowSpan signal_rows() { return {kRows, sizeof(kRows) / sizeof(kRows[0])}; }

}  // namespace hsail::finalizer::translate_detail
