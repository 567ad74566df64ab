// The queue index operations: the read index is amd_queue_t.read_dispatch_id
// (the packet processor's), the write index amd_queue_t.write_dispatch_id
// (the producers'). Both are shared with the GPU, so they are accessed with
// the compiler's atomics in the order each function's name asks for. Like
// every HSA runtime, these hot-path functions trust the queue pointer.
#include <hsa/hsa.h>

#include "amd_queue.h"

namespace {

uint64_t* read_index(const hsa_queue_t* q) {
  return &reinterpret_cast<fw_amd_queue*>(const_cast<hsa_queue_t*>(q))->read_dispatch_id;
}

uint64_t* write_index(const hsa_queue_t* q) {
  return &reinterpret_cast<fw_amd_queue*>(const_cast<hsa_queue_t*>(q))->write_dispatch_id;
}

// A compare-and-swap returns the value it found, as HSA asks.
uint64_t cas(uint64_t* p, uint64_t expected, uint64_t value, int order) {
  const int fail = order == __ATOMIC_ACQ_REL   ? __ATOMIC_ACQUIRE
                   : order == __ATOMIC_RELEASE ? __ATOMIC_RELAXED
                                               : order;
  __atomic_compare_exchange_n(p, &expected, value, false, order, fail);
  return expected;
}

}  // namespace

// One definition per memory order; the HSA 1.0 names (acquire, release,
// acq_rel) are the same operations as the 1.1 ones (scacquire, ...).
#define HSART_LOAD(which, suffix, order)                                              \
  extern "C" uint64_t hsa_queue_load_##which##_index_##suffix(const hsa_queue_t* q) { \
    return __atomic_load_n(which##_index(q), order);                                  \
  }
#define HSART_STORE(which, suffix, order)                                                      \
  extern "C" void hsa_queue_store_##which##_index_##suffix(const hsa_queue_t* q, uint64_t v) { \
    __atomic_store_n(which##_index(q), v, order);                                              \
  }
#define HSART_CAS(suffix, order)                                                           \
  extern "C" uint64_t hsa_queue_cas_write_index_##suffix(const hsa_queue_t* q, uint64_t e, \
                                                         uint64_t v) {                     \
    return cas(write_index(q), e, v, order);                                               \
  }
#define HSART_ADD(suffix, order)                                                             \
  extern "C" uint64_t hsa_queue_add_write_index_##suffix(const hsa_queue_t* q, uint64_t v) { \
    return __atomic_fetch_add(write_index(q), v, order);                                     \
  }

HSART_LOAD(read, relaxed, __ATOMIC_RELAXED)
HSART_LOAD(read, scacquire, __ATOMIC_ACQUIRE)
HSART_LOAD(read, acquire, __ATOMIC_ACQUIRE)
HSART_LOAD(write, relaxed, __ATOMIC_RELAXED)
HSART_LOAD(write, scacquire, __ATOMIC_ACQUIRE)
HSART_LOAD(write, acquire, __ATOMIC_ACQUIRE)

HSART_STORE(read, relaxed, __ATOMIC_RELAXED)
HSART_STORE(read, screlease, __ATOMIC_RELEASE)
HSART_STORE(read, release, __ATOMIC_RELEASE)
HSART_STORE(write, relaxed, __ATOMIC_RELAXED)
HSART_STORE(write, screlease, __ATOMIC_RELEASE)
HSART_STORE(write, release, __ATOMIC_RELEASE)

HSART_CAS(relaxed, __ATOMIC_RELAXED)
HSART_CAS(scacquire, __ATOMIC_ACQUIRE)
HSART_CAS(acquire, __ATOMIC_ACQUIRE)
HSART_CAS(screlease, __ATOMIC_RELEASE)
HSART_CAS(release, __ATOMIC_RELEASE)
HSART_CAS(scacq_screl, __ATOMIC_ACQ_REL)
HSART_CAS(acq_rel, __ATOMIC_ACQ_REL)

HSART_ADD(relaxed, __ATOMIC_RELAXED)
HSART_ADD(scacquire, __ATOMIC_ACQUIRE)
HSART_ADD(acquire, __ATOMIC_ACQUIRE)
HSART_ADD(screlease, __ATOMIC_RELEASE)
HSART_ADD(release, __ATOMIC_RELEASE)
HSART_ADD(scacq_screl, __ATOMIC_ACQ_REL)
HSART_ADD(acq_rel, __ATOMIC_ACQ_REL)
