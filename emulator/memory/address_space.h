// The GPU's view of memory: virtual ranges mapped onto host memory. The
// in-process platform maps GPU VA = process VA (like an APU with ATS); an
// access outside every mapping is a GPU page fault, reported, never a host
// crash. Mappings must not change while a dispatch that uses them runs.
#pragma once

#include <cstdint>
#include <shared_mutex>
#include <vector>

namespace gcn {

struct Mapping {
  uint64_t va = 0;
  uint64_t size = 0;
  uint8_t* host = nullptr;
  bool writable = true;
};

class AddressSpace {
 public:
  // Maps [va, va + size) onto host. Returns false if it overlaps a mapping.
  bool map(uint64_t va, void* host, uint64_t size, bool writable = true);
  // Identity mapping of a host buffer (GPU VA = host address).
  bool map_host(void* host, uint64_t size, bool writable = true) {
    return map(reinterpret_cast<uintptr_t>(host), host, size, writable);
  }
  bool unmap(uint64_t va);

  // The mapping that contains va, or false. The caller keeps a copy as a
  // one-entry TLB.
  bool lookup(uint64_t va, Mapping* out) const;

 private:
  mutable std::shared_mutex mu_;
  std::vector<Mapping> ranges_;  // sorted by va, non-overlapping
};

// A one-entry TLB that each wave keeps in front of the address space.
struct Tlb {
  Mapping m;
  bool valid = false;

  // Host pointer for [va, va + len), or nullptr on a fault.
  inline uint8_t* translate(const AddressSpace& as, uint64_t va, uint64_t len, bool write) {
    if (!(valid && va >= m.va && va + len <= m.va + m.size)) {
      if (!as.lookup(va, &m)) {
        valid = false;
        return nullptr;
      }
      valid = true;
      if (va + len > m.va + m.size) return nullptr;
    }
    if (write && !m.writable) return nullptr;
    return m.host + (va - m.va);
  }
};

}  // namespace gcn
