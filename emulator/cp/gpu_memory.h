// How the command processor touches GPU memory: through the address space
// (an unmapped address is an error the CP reports, never a host crash), with
// the atomics the HSA memory model asks of the packet processor done on the
// host memory behind a mapping. One GpuMemory lives for one pass over one
// queue and forgets its translations after each kernel (mappings may change
// while a kernel runs).
#pragma once

#include <cstdint>
#include <cstring>

#include "memory/address_space.h"

namespace gcn::cp {

class GpuMemory {
 public:
  explicit GpuMemory(const AddressSpace& as) : as_(as) {}

  // Host memory behind [va, va + len), or nullptr when any of it is
  // unmapped (or read-only and write is asked).
  // A packet touches a few buffers (queue object, ring, signal, mailbox):
  // the TLB keeps the last few translations, replacing round-robin.
  uint8_t* host(uint64_t va, uint64_t len, bool write) {
    return tlb_.translate(as_, va, len, write);
  }
  bool read(uint64_t va, void* out, uint64_t len) {
    const uint8_t* p = host(va, len, false);
    if (!p) return false;
    std::memcpy(out, p, len);
    return true;
  }
  bool write(uint64_t va, const void* in, uint64_t len) {
    uint8_t* p = host(va, len, true);
    if (!p) return false;
    std::memcpy(p, in, len);
    return true;
  }

  void forget() { tlb_.invalidate(); }

  // Naturally aligned atomic accesses (other agents race with the CP on
  // doorbells, signals and queue indices). False when unmapped or unaligned.
  template <typename T>
  bool load_acquire(uint64_t va, T* out) {
    T* p = aligned<T>(va, false);
    if (!p) return false;
    *out = __atomic_load_n(p, __ATOMIC_ACQUIRE);
    return true;
  }
  template <typename T>
  bool store_release(uint64_t va, T v) {
    T* p = aligned<T>(va, true);
    if (!p) return false;
    __atomic_store_n(p, v, __ATOMIC_RELEASE);
    return true;
  }
  template <typename T>
  bool fetch_sub(uint64_t va, T v, T* old) {
    T* p = aligned<T>(va, true);
    if (!p) return false;
    *old = __atomic_fetch_sub(p, v, __ATOMIC_ACQ_REL);
    return true;
  }

 private:
  template <typename T>
  T* aligned(uint64_t va, bool write) {
    if (va % sizeof(T)) return nullptr;
    return reinterpret_cast<T*>(host(va, sizeof(T), write));
  }

  const AddressSpace& as_;
  Tlb tlb_;
};

}  // namespace gcn::cp
