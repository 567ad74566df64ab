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
  if (vgpr_limit(in) > w.nvgpr && !confine(w, in, pc)) return nullptr;
  last_page_->ready[slot] = true;
  return &in;
}

}  // namespace gcn
