// The GPU's view of memory: virtual ranges mapped onto host memory. The
// in-process platform maps GPU VA = process VA (like an APU with ATS); an
// access outside every mapping is a GPU page fault, reported, never a host
// crash. A full-profile APU's space (host_translation) also reaches, as
// IOMMUv2/ATS does, every page the process has mapped itself (malloc,
// stacks, globals), through the process's own page tables.
//
// Engine threads (waves, SDMA) keep host pointers from lookups in their
// TLBs, so a range the host unmaps could still be written through them. An
// unmap therefore bumps the space's generation and does not return until
// every busy engine thread (a Reader) has passed a checkpoint, where it
// drops its translations and publishes the generation it saw. After unmap
// returns, the host may free the memory: the next access faults.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <shared_mutex>
#include <utility>
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
  AddressSpace() = default;
  // host_translation: addresses no mapping covers are the process's own
  // (host_page_tables.h), as for an APU whose GPU translates through the
  // IOMMU; a discrete GPU's space (the default) faults there.
  explicit AddressSpace(bool host_translation) : host_translation_(host_translation) {}
  AddressSpace(const AddressSpace&) = delete;
  AddressSpace& operator=(const AddressSpace&) = delete;

  // Maps [va, va + size) onto host. Returns false if it overlaps a mapping.
  bool map(uint64_t va, void* host, uint64_t size, bool writable = true);
  // Identity mapping of a host buffer (GPU VA = host address).
  bool map_host(void* host, uint64_t size, bool writable = true) {
    return map(reinterpret_cast<uintptr_t>(host), host, size, writable);
  }
  // Removes the mapping at va; returns once no engine thread can still use
  // a host pointer into it. Never call it from a busy Reader's thread.
  bool unmap(uint64_t va);

  // The mapping that contains va, or false. The caller keeps a copy as a
  // one-entry TLB.
  bool lookup(uint64_t va, Mapping* out) const;
  // lookup() among the mapped ranges only (no host translation).
  bool lookup_mapped(uint64_t va, Mapping* out) const;
  // The free gap [*lo, *hi) around va, which no mapping covers (empty when
  // one covers va).
  void gap(uint64_t va, uint64_t* lo, uint64_t* hi) const;

  // An APU whose pages come from elsewhere than this process (the device
  // process asks the kernel module for its client's pages): called on a
  // miss, from the engine thread that missed, before host_translation.
  // True with *out when it made the address reachable. Set it before any
  // engine runs.
  using Translator = std::function<bool(uint64_t va, Mapping* out)>;
  void set_translator(Translator t) { translator_ = std::move(t); }

  // One engine thread's claim on the space. Between begin() and end() the
  // thread may hold host pointers, and must call checkpoint() often (each
  // quantum, each packet): unmaps wait for it there.
  class Reader {
   public:
    explicit Reader(AddressSpace& as);
    ~Reader();
    Reader(const Reader&) = delete;
    Reader& operator=(const Reader&) = delete;

    void begin();
    void end() { seen_.store(kIdle, std::memory_order_release); }
    // drop() forgets every translation and cached copy of memory the
    // thread holds; it runs only when something was unmapped since.
    template <class Drop>
    void checkpoint(Drop drop) {
      const uint64_t g = as_.generation_.load(std::memory_order_acquire);
      if (g == local_) return;
      drop();
      local_ = g;
      seen_.store(g, std::memory_order_release);
    }

   private:
    friend class AddressSpace;
    static constexpr uint64_t kIdle = ~0ull;  // holds no pointer: never waited for
    AddressSpace& as_;
    std::atomic<uint64_t> seen_{kIdle};
    uint64_t local_ = 0;
  };

  // A Reader's begin() .. end() for one scope.
  class Claim {
   public:
    explicit Claim(Reader& r) : r_(r) { r_.begin(); }
    ~Claim() { r_.end(); }
    Claim(const Claim&) = delete;
    Claim& operator=(const Claim&) = delete;

   private:
    Reader& r_;
  };

 private:
  // Blocks until every busy reader has seen generation g.
  void wait_readers(uint64_t g);

  const bool host_translation_ = false;
  Translator translator_;
  mutable std::shared_mutex mu_;
  std::map<uint64_t, Mapping> ranges_;  // by va, non-overlapping
  std::atomic<uint64_t> generation_{1};
  std::mutex readers_mu_;
  std::vector<Reader*> readers_;
};

// A one-entry TLB that each wave keeps in front of the address space.
struct Tlb {
  // A few recent mappings: a kernel's loads and stores go to a handful of
  // buffers, and one entry would thrash between its input and output.
  static constexpr unsigned kEntries = 4;
  Mapping e[kEntries];
  uint8_t used = 0;  // entries filled since the last invalidation
  uint8_t next = 0;  // the entry a miss replaces

  void invalidate() {
    used = 0;
    next = 0;
  }

  // Host pointer for [va, va + len), or nullptr on a fault.
  inline uint8_t* translate(const AddressSpace& as, uint64_t va, uint64_t len, bool write) {
    for (unsigned i = 0; i < used; ++i) {
      const Mapping& m = e[i];
      if (va >= m.va && va + len <= m.va + m.size && va + len >= va) {
        if (write && !m.writable) return nullptr;
        return m.host + (va - m.va);
      }
    }
    Mapping m;
    if (!as.lookup(va, &m)) return nullptr;
    const unsigned slot = used < kEntries ? used++ : next;
    if (slot == next) next = static_cast<uint8_t>((next + 1) % kEntries);
    e[slot] = m;
    if (va + len > m.va + m.size || va + len < va) return nullptr;
    if (write && !m.writable) return nullptr;
    return m.host + (va - m.va);
  }
};

}  // namespace gcn
