// Signal value operations: loads, stores, silent stores, exchange, cas and
// add/subtract/and/or/xor, once per memory order hsa.h declares (the
// deprecated acquire/release/acq_rel spellings are the sc* operations).
// These functions cannot report errors: on a handle that names no live
// signal they do nothing and return 0. A queue's doorbell signal accepts
// only stores, which ring the doorbell.
#include <hsa/hsa.h>

#include "signals/api_state.h"
#include "signals/doorbell_signals.h"

namespace {

using hsart::MemoryOrder;
using hsart::Signal;
using Value = hsa_signal_value_t;

// Rings a queue's doorbell: the value goes to the doorbell slot the
// amd_signal_t names, after everything the caller wrote (the packet).
void ring_doorbell(hsa_signal_t signal, Value value) {
  const auto* amd = reinterpret_cast<const fw_amd_signal*>(static_cast<uintptr_t>(signal.handle));
  auto* slot = reinterpret_cast<int64_t*>(static_cast<uintptr_t>(amd->hardware_doorbell_ptr));
  if (slot) __atomic_store_n(slot, static_cast<int64_t>(value), __ATOMIC_RELEASE);
}

Value load(hsa_signal_t signal, MemoryOrder order) {
  Signal* s = hsart::signal_from(signal);
  return s ? static_cast<Value>(s->load(order)) : 0;
}

void store(hsa_signal_t signal, Value value, MemoryOrder order, bool silent) {
  if (Signal* s = hsart::signal_from(signal)) {
    if (silent)
      s->silent_store(value, order);
    else
      s->store(value, order);
  } else if (hsart::is_doorbell_signal(signal.handle)) {
    ring_doorbell(signal, value);
  }
}

using Rmw = int64_t (Signal::*)(int64_t, MemoryOrder);

Value rmw(hsa_signal_t signal, Rmw op, Value value, MemoryOrder order) {
  Signal* s = hsart::signal_from(signal);
  return s ? static_cast<Value>((s->*op)(value, order)) : 0;
}

Value cas(hsa_signal_t signal, Value expected, Value value, MemoryOrder order) {
  Signal* s = hsart::signal_from(signal);
  return s ? static_cast<Value>(s->cas(expected, value, order)) : 0;
}

}  // namespace

// One definition per (operation, order suffix).
#define HSART_SIGNAL_LOAD(sfx, order) \
  Value HSA_API hsa_signal_load_##sfx(hsa_signal_t s) { return load(s, MemoryOrder::order); }
#define HSART_SIGNAL_STORE(name, sfx, order, silent)                \
  void HSA_API hsa_signal_##name##_##sfx(hsa_signal_t s, Value v) { \
    store(s, v, MemoryOrder::order, silent);                        \
  }
#define HSART_SIGNAL_XCHG(sfx, order)                                \
  Value HSA_API hsa_signal_exchange_##sfx(hsa_signal_t s, Value v) { \
    return rmw(s, &Signal::exchange, v, MemoryOrder::order);         \
  }
#define HSART_SIGNAL_CAS(sfx, order)                                     \
  Value HSA_API hsa_signal_cas_##sfx(hsa_signal_t s, Value e, Value v) { \
    return cas(s, e, v, MemoryOrder::order);                             \
  }
#define HSART_SIGNAL_RMW(name, method, sfx, order)                  \
  void HSA_API hsa_signal_##name##_##sfx(hsa_signal_t s, Value v) { \
    rmw(s, &Signal::method, v, MemoryOrder::order);                 \
  }
#define HSART_SIGNAL_ADD(sfx, order) HSART_SIGNAL_RMW(add, add, sfx, order)
#define HSART_SIGNAL_SUB(sfx, order) HSART_SIGNAL_RMW(subtract, subtract, sfx, order)
#define HSART_SIGNAL_AND(sfx, order) HSART_SIGNAL_RMW(and, bit_and, sfx, order)
#define HSART_SIGNAL_OR(sfx, order) HSART_SIGNAL_RMW(or, bit_or, sfx, order)
#define HSART_SIGNAL_XOR(sfx, order) HSART_SIGNAL_RMW(xor, bit_xor, sfx, order)
// Every read-modify-write exists in all seven spellings.
// clang-format off
#define HSART_SIGNAL_ALL_ORDERS(op) \
  op(relaxed, kRelaxed)             \
  op(scacquire, kAcquire)           \
  op(acquire, kAcquire)             \
  op(screlease, kRelease)           \
  op(release, kRelease)             \
  op(scacq_screl, kAcqRel)          \
  op(acq_rel, kAcqRel)
// clang-format on

extern "C" {

HSART_SIGNAL_LOAD(relaxed, kRelaxed)
HSART_SIGNAL_LOAD(scacquire, kAcquire)
HSART_SIGNAL_LOAD(acquire, kAcquire)

HSART_SIGNAL_STORE(store, relaxed, kRelaxed, false)
HSART_SIGNAL_STORE(store, screlease, kRelease, false)
HSART_SIGNAL_STORE(store, release, kRelease, false)
HSART_SIGNAL_STORE(silent_store, relaxed, kRelaxed, true)
HSART_SIGNAL_STORE(silent_store, screlease, kRelease, true)

HSART_SIGNAL_ALL_ORDERS(HSART_SIGNAL_XCHG)
HSART_SIGNAL_ALL_ORDERS(HSART_SIGNAL_CAS)
HSART_SIGNAL_ALL_ORDERS(HSART_SIGNAL_ADD)
HSART_SIGNAL_ALL_ORDERS(HSART_SIGNAL_SUB)
HSART_SIGNAL_ALL_ORDERS(HSART_SIGNAL_AND)
HSART_SIGNAL_ALL_ORDERS(HSART_SIGNAL_OR)
HSART_SIGNAL_ALL_ORDERS(HSART_SIGNAL_XOR)

}  // extern "C"
