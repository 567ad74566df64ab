#include "decode_cache.h"

#include <cstdio>
#include <new>

#include "isa/decoder.h"
#include "semantics/opcode_tables.h"
#include "wave/dispatch_state.h"

namespace gcn {

const Inst* DecodeCache::fetch(Wave& w) {
  const uint64_t pc = w.pc;
  if (pc & 3) {
    w.raise(FaultKind::kPcOutOfRange, pc, "misaligned program counter");
    return nullptr;
  }
  const uint64_t base = pc & ~static_cast<uint64_t>(kPageBytes - 1);
  if (base != last_base_) {
    auto& page = pages_[base];
    if (!page) page.reset(new Page);  // default-init: only `ready` is zeroed
    last_page_ = page.get();
    last_base_ = base;
  }
  const unsigned slot = static_cast<unsigned>((pc - base) / 4);
  if (last_page_->ready[slot]) return last_page_->slot(slot);
  Inst& in = *new (last_page_->slot(slot)) Inst();

  // Fetch up to three dwords (the longest gfx9 instruction is two plus a
  // literal), fewer at the end of the mapping.
  uint32_t words[3] = {0, 0, 0};
  size_t n = 0;
  for (; n < 3; ++n) {
    const uint8_t* p = w.tlb.translate(*w.memory, pc + 4 * n, 4, false);
    if (!p) break;
    std::memcpy(&words[n], p, 4);
  }
  if (n == 0) {
    w.raise(FaultKind::kPcOutOfRange, pc, "no code mapped at the program counter");
    return nullptr;
  }
  const DecodeStatus st = decode(gfx9_opcodes(), words, n, &in);
  if (st != DecodeStatus::kOk) {
    char buf[96];
    std::snprintf(buf, sizeof(buf), "cannot decode 0x%08x: %s", words[0], decode_status_name(st));
    w.raise(FaultKind::kIllegalInstruction, pc, buf);
    return nullptr;
  }
  if (!in.info->exec) {
    w.raise(FaultKind::kIllegalInstruction, pc,
            std::string(in.info->name) + " is not supported by the virtual GPU");
    return nullptr;
  }
  const unsigned limit = vgpr_limit(in);
  if (limit > w.nvgpr) {
    w.raise(FaultKind::kRegisterOutOfRange, pc,
            "uses v" + std::to_string(limit - 1) + " but the kernel allocates " +
                std::to_string(w.nvgpr) + " VGPRs");
    return nullptr;
  }
  last_page_->ready[slot] = true;
  return &in;
}

}  // namespace gcn
