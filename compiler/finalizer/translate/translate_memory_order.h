// HSAIL memory orders and atomic operations as LLVM sees them, shared by
// the families that touch memory atomically: atomic/atomicnoret
// (translate_atomics.cpp), signals (translate_signals.cpp) and the
// user-mode queue indices (translate_queue.cpp).
#pragma once

#include <cstdint>

#include "llvm/IR/Instructions.h"
#include "translate_impl.h"

namespace hsail::finalizer::translate_detail {

// rlx/scacq/screl/scar -> monotonic/acquire/release/acq_rel; anything else
// fails with "<what> needs a memory order".
llvm::AtomicOrdering memory_ordering(KernelTranslator& k, uint8_t memory_order, const char* what);

inline bool releases(llvm::AtomicOrdering o) {
  return o == llvm::AtomicOrdering::Release || o == llvm::AtomicOrdering::AcquireRelease;
}
inline bool acquires(llvm::AtomicOrdering o) {
  return o == llvm::AtomicOrdering::Acquire || o == llvm::AtomicOrdering::AcquireRelease;
}

// The read-modify-write operations LLVM has as atomicrmw; signedness picks
// between the min/max flavours. False for the others (cas, wrapinc...).
bool rmw_op(uint8_t op, bool is_signed_type, llvm::AtomicRMWInst::BinOp* out);

}  // namespace hsail::finalizer::translate_detail
