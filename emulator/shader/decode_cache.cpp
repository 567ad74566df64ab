#include "decode_cache.h"

#include <cstdio>
#include <new>

#include "isa/decoder.h"
#include "semantics/opcode_tables.h"
#include "wave/dispatch_state.h"

namespace gcn {

namespace {

// What an instruction becomes when a destination VGPR lies beyond the
// wave's allocation: it is issued and does nothing (Vega ISA,
// "Out-of-range behavior"; a memory instruction runs with EXEC = 0).
void nullified(Wave&, const Inst&) {}
const OpcodeInfo kNullified = {"(destination VGPR beyond the allocation)",
                               Format::SOPP,
                               0,
                               nullified,
                               Ty::None,
                               Ty::None,
                               Ty::None,
                               Ty::None,
                               kOpNoDst};

// An instruction naming VGPRs beyond the allocation, once, when decoded:
// with the dispatch's check option the wave faults naming the register
// (false); otherwise the ISA's out-of-range rules rewrite it.
bool confine(Wave& w, Inst& in, uint64_t pc) {
  if (w.dispatch && w.dispatch->check_gprs) {
    w.raise(FaultKind::kRegisterOutOfRange, pc,
            "uses " + first_vgpr_beyond(in, w.nvgpr) + " but the kernel allocates " +
                std::to_string(w.nvgpr) + " VGPRs");
    return false;
  }
  if (!confine_vgprs(in, w.nvgpr)) in.info = &kNullified;
  return true;
}

}  // namespace

const Inst* DecodeCache::fetch(Wave& w) { return decode_at(w, w.pc, true); }

const Inst* DecodeCache::peek(Wave& w, uint64_t pc) { return decode_at(w, pc, false); }

DecodeCache::BlockEntry& DecodeCache::block_entry(uint64_t pc) {
  Recent& hot = recent_[(pc >> 2) & (kRecent - 1)];
  if (hot.pc == pc && hot.entry) return *hot.entry;
  BlockEntry& e = blocks_[pc];
  hot.pc = pc;
  hot.entry = &e;
  return e;
}

const Inst* DecodeCache::decode_at(Wave& w, uint64_t pc, bool raise) {
  // peek (raise false) looks ahead for the translator: a failure there
  // only ends the block before it, the wave is not touched.
  auto fail = [&](FaultKind kind, const std::string& why) -> const Inst* {
    if (raise) w.raise(kind, pc, why);
    return nullptr;
  };
  if (pc & 3) return fail(FaultKind::kPcOutOfRange, "misaligned program counter");
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
  if (n == 0) return fail(FaultKind::kPcOutOfRange, "no code mapped at the program counter");
  const DecodeStatus st = decode(gfx9_opcodes(), words, n, &in);
  if (st != DecodeStatus::kOk) {
    char buf[96];
    std::snprintf(buf, sizeof(buf), "cannot decode 0x%08x: %s", words[0], decode_status_name(st));
    return fail(FaultKind::kIllegalInstruction, buf);
  }
  if (!in.info->exec)
    return fail(FaultKind::kIllegalInstruction,
                std::string(in.info->name) + " is not supported by the virtual GPU");
  if (vgpr_limit(in) > w.nvgpr && (!raise || !confine(w, in, pc))) return nullptr;
  last_page_->ready[slot] = true;
  return &in;
}

}  // namespace gcn
