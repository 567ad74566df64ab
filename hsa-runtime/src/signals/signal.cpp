// Signal value operations. The value lives in memory shared with the GPU,
// so it is accessed with the compiler's __atomic builtins; each operation
// has one instantiation per memory order, picked from a table, so the
// order is a compile-time constant in every instruction.
#include "signals/signal.h"

namespace hsart {
namespace {

using Value = int64_t;

// GCC's memory-model constant for each MemoryOrder, per kind of access.
template <MemoryOrder O>
constexpr int kLoadModel = O == MemoryOrder::kRelaxed ? __ATOMIC_RELAXED : __ATOMIC_ACQUIRE;
template <MemoryOrder O>
constexpr int kStoreModel = O == MemoryOrder::kRelaxed ? __ATOMIC_RELAXED : __ATOMIC_RELEASE;
template <MemoryOrder O>
constexpr int kRmwModel = O == MemoryOrder::kRelaxed   ? __ATOMIC_RELAXED
                          : O == MemoryOrder::kAcquire ? __ATOMIC_ACQUIRE
                          : O == MemoryOrder::kRelease ? __ATOMIC_RELEASE
                                                       : __ATOMIC_ACQ_REL;
// A failed cas only reads: its order may not release.
template <MemoryOrder O>
constexpr int kCasFailModel =
    kRmwModel<O> == __ATOMIC_RELAXED || kRmwModel<O> == __ATOMIC_RELEASE ? __ATOMIC_RELAXED
                                                                         : __ATOMIC_ACQUIRE;

template <MemoryOrder O>
Value do_load(const Value* p) {
  return __atomic_load_n(p, kLoadModel<O>);
}
template <MemoryOrder O>
void do_store(Value* p, Value v) {
  __atomic_store_n(p, v, kStoreModel<O>);
}
template <MemoryOrder O>
Value do_exchange(Value* p, Value v) {
  return __atomic_exchange_n(p, v, kRmwModel<O>);
}
template <MemoryOrder O>
Value do_cas(Value* p, Value expected, Value desired) {
  __atomic_compare_exchange_n(p, &expected, desired, false, kRmwModel<O>, kCasFailModel<O>);
  return expected;  // the value seen: equal to expected exactly on success
}
template <MemoryOrder O>
Value do_add(Value* p, Value v) {
  return __atomic_fetch_add(p, v, kRmwModel<O>);
}
template <MemoryOrder O>
Value do_sub(Value* p, Value v) {
  return __atomic_fetch_sub(p, v, kRmwModel<O>);
}
template <MemoryOrder O>
Value do_and(Value* p, Value v) {
  return __atomic_fetch_and(p, v, kRmwModel<O>);
}
template <MemoryOrder O>
Value do_or(Value* p, Value v) {
  return __atomic_fetch_or(p, v, kRmwModel<O>);
}
template <MemoryOrder O>
Value do_xor(Value* p, Value v) {
  return __atomic_fetch_xor(p, v, kRmwModel<O>);
}

// One table row per operation, one column per MemoryOrder (enum order).
#define HSART_BY_ORDER(fn)                                                           \
  {                                                                                  \
    fn<MemoryOrder::kRelaxed>, fn<MemoryOrder::kAcquire>, fn<MemoryOrder::kRelease>, \
        fn<MemoryOrder::kAcqRel>                                                     \
  }

using LoadFn = Value (*)(const Value*);
using StoreFn = void (*)(Value*, Value);
using RmwFn = Value (*)(Value*, Value);
using CasFn = Value (*)(Value*, Value, Value);

constexpr LoadFn kLoad[kMemoryOrderCount] = HSART_BY_ORDER(do_load);
constexpr StoreFn kStore[kMemoryOrderCount] = HSART_BY_ORDER(do_store);
constexpr CasFn kCas[kMemoryOrderCount] = HSART_BY_ORDER(do_cas);
constexpr RmwFn kExchange[kMemoryOrderCount] = HSART_BY_ORDER(do_exchange);
constexpr RmwFn kAdd[kMemoryOrderCount] = HSART_BY_ORDER(do_add);
constexpr RmwFn kSub[kMemoryOrderCount] = HSART_BY_ORDER(do_sub);
constexpr RmwFn kAnd[kMemoryOrderCount] = HSART_BY_ORDER(do_and);
constexpr RmwFn kOr[kMemoryOrderCount] = HSART_BY_ORDER(do_or);
constexpr RmwFn kXor[kMemoryOrderCount] = HSART_BY_ORDER(do_xor);

#undef HSART_BY_ORDER

// Out-of-range orders (a cast from a bad API value) act as the strongest.
unsigned column(MemoryOrder o) {
  const auto i = static_cast<unsigned>(o);
  return i < kMemoryOrderCount ? i : static_cast<unsigned>(MemoryOrder::kAcqRel);
}

}  // namespace

Signal::Signal(fw_amd_signal* slot, int64_t initial, HsaEvent* event) : amd_(slot), event_(event) {
  amd_->kind = FW_AMD_SIGNAL_KIND_USER;
  amd_->value = initial;
  if (event_) {
    // The command processor writes event_id to the mailbox and interrupts;
    // the KFD then raises the event whose slot was written.
    amd_->event_mailbox_ptr = event_->EventData.HWData2;
    amd_->event_id = static_cast<uint32_t>(event_->EventData.HWData1);
  }
  // Publish the initialised slot before the handle escapes.
  __atomic_thread_fence(__ATOMIC_RELEASE);
}

int64_t Signal::load(MemoryOrder order) const { return kLoad[column(order)](&amd_->value); }

void Signal::store(int64_t value, MemoryOrder order) {
  kStore[column(order)](&amd_->value, value);
  notify();
}

void Signal::silent_store(int64_t value, MemoryOrder order) {
  kStore[column(order)](&amd_->value, value);
}

int64_t Signal::exchange(int64_t value, MemoryOrder order) {
  const int64_t old = kExchange[column(order)](&amd_->value, value);
  notify();
  return old;
}

int64_t Signal::cas(int64_t expected, int64_t desired, MemoryOrder order) {
  const int64_t seen = kCas[column(order)](&amd_->value, expected, desired);
  if (seen == expected) notify();
  return seen;
}

int64_t Signal::add(int64_t value, MemoryOrder order) {
  const int64_t old = kAdd[column(order)](&amd_->value, value);
  notify();
  return old;
}

int64_t Signal::subtract(int64_t value, MemoryOrder order) {
  const int64_t old = kSub[column(order)](&amd_->value, value);
  notify();
  return old;
}

int64_t Signal::bit_and(int64_t value, MemoryOrder order) {
  const int64_t old = kAnd[column(order)](&amd_->value, value);
  notify();
  return old;
}

int64_t Signal::bit_or(int64_t value, MemoryOrder order) {
  const int64_t old = kOr[column(order)](&amd_->value, value);
  notify();
  return old;
}

int64_t Signal::bit_xor(int64_t value, MemoryOrder order) {
  const int64_t old = kXor[column(order)](&amd_->value, value);
  notify();
  return old;
}

void Signal::notify() {
  if (!event_) return;
  // Pairs with begin_wait(): either the waiter sees the new value on its
  // re-check, or we see the waiter and raise the event.
  std::atomic_thread_fence(std::memory_order_seq_cst);
  if (waiters_.load(std::memory_order_relaxed) == 0) return;
  // As the command processor does: event_id into the mailbox, then the
  // "interrupt" (from the host, hsaKmtSetEvent).
  auto* mailbox = reinterpret_cast<uint64_t*>(amd_->event_mailbox_ptr);
  if (mailbox) __atomic_store_n(mailbox, uint64_t{amd_->event_id}, __ATOMIC_RELEASE);
  hsaKmtSetEvent(event_);
}

}  // namespace hsart
