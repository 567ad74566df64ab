// Decoded instructions by code address, so each instruction word is decoded
// once per dispatch and thread, not once per execution. One cache belongs to
// one host thread; nothing here is shared.
#pragma once

#include <cstdint>
#include <memory>
#include <type_traits>
#include <unordered_map>

#include "isa/instruction.h"
#include "translate/translator.h"
#include "wave/wave.h"

namespace gcn {

class DecodeCache {
 public:
  // The instruction at w.pc, decoding it on first use. On failure the wave
  // is faulted and nullptr returned.
  const Inst* fetch(Wave& w);
  // The instruction at pc for looking ahead: nullptr when it cannot be
  // decoded or names VGPRs beyond the wave's allocation; never faults w.
  const Inst* peek(Wave& w, uint64_t pc);

  // What this thread knows of the block starting at pc: how often it was
  // entered, and its translation once it has one.
  struct BlockEntry {
    const TranslatedBlock* block = nullptr;
    uint32_t hits = 0;
  };
  BlockEntry& block_entry(uint64_t pc);

  void clear() {
    pages_.clear();
    last_page_ = nullptr;
    last_base_ = ~0ull;
    blocks_.clear();
    for (auto& r : recent_) r = Recent{};
  }

 private:
  const Inst* decode_at(Wave& w, uint64_t pc, bool raise);
  // Block entries by pc, with a direct-mapped front of recent ones.
  std::unordered_map<uint64_t, BlockEntry> blocks_;
  struct Recent {
    uint64_t pc = ~0ull;
    BlockEntry* entry = nullptr;
  };
  static constexpr unsigned kRecent = 64;
  Recent recent_[kRecent];

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
