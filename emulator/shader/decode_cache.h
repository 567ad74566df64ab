// Decoded instructions by code address, so each instruction word is decoded
// once per dispatch and thread, not once per execution. One cache belongs to
// one host thread; nothing here is shared.
#pragma once

#include <cstdint>
#include <memory>
#include <unordered_map>

#include "isa/instruction.h"
#include "wave.h"

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
  struct Page {
    Inst slot[kPageBytes / 4];
    bool ready[kPageBytes / 4] = {};
  };
  std::unordered_map<uint64_t, std::unique_ptr<Page>> pages_;
  Page* last_page_ = nullptr;
  uint64_t last_base_ = ~0ull;
};

}  // namespace gcn
