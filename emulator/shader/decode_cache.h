// Decoded instructions by code address, so each instruction word is decoded
// once per dispatch and thread, not once per execution. One cache belongs to
// one host thread; nothing here is shared.
#pragma once

#include <cstdint>
#include <memory>
#include <type_traits>
#include <unordered_map>

#include "isa/instruction.h"
#include "wave/wave.h"

namespace gcn {

class DecodeCache {
 public:
  // The instruction at w.pc, decoding it on first use. On failure the wave
  // is faulted and nullptr returned.
  const Inst* fetch(Wave& w);
  void clear() {
    pages_.clear();
    last_page_ = nullptr;
    last_base_ = ~0ull;
  }

 private:
  static constexpr unsigned kPageBytes = 4096;
  static constexpr unsigned kSlots = kPageBytes / 4;
  // Slots are raw storage, constructed when first decoded: a page is made
  // per dispatch and thread, and zeroing 1024 Insts was half the cost of an
  // empty dispatch.
  struct Page {
    bool ready[kSlots] = {};
    alignas(Inst) unsigned char raw[kSlots * sizeof(Inst)];
    Inst* slot(unsigned i) { return reinterpret_cast<Inst*>(raw + i * sizeof(Inst)); }
  };
  static_assert(std::is_trivially_destructible_v<Inst>, "slots are never destroyed");
  std::unordered_map<uint64_t, std::unique_ptr<Page>> pages_;
  Page* last_page_ = nullptr;
  uint64_t last_base_ = ~0ull;
};

}  // namespace gcn
