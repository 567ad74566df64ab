#include "trap.h"

#include "dispatch_state.h"
#include "wave.h"

namespace gcn {

namespace {

// STATUS.SPI_PRIO[2:1]: the first-level handler drops it from the copy it
// hands on (TTMP12), as the SPI's priority is not the wave's to restore.
constexpr uint32_t kStatusSpiPrio = 3u << 1;

constexpr uint64_t kPcMask = (1ull << 48) - 1;
constexpr uint16_t kTtmp1 = op::kTtmp0 + 1;
constexpr uint16_t kTtmp12 = op::kTtmp0 + 12;
constexpr uint16_t kTtmp14 = op::kTtmp0 + 14;

}  // namespace

uint32_t read_status(const Wave& w) {
  uint32_t v = w.status & ~(kStatusScc | kStatusReadOnly);
  if (w.scc) v |= kStatusScc;
  if (w.exec() == 0) v |= kStatusExecz;
  if (w.vcc() == 0) v |= kStatusVccz;
  if (w.wg) v |= kStatusInTg;
  if (w.dispatch && w.dispatch->trap_handler) v |= kStatusTrapEn;
  return v | kStatusValid;
}

void write_status(Wave& w, uint32_t value) {
  // Outside the trap handler STATUS is read-only (Vega ISA manual 3.5:
  // only the handler may change it; ROCr's handler restores it, SCC and
  // HALT included, from TTMP12 before s_rfe_b64).
  // PRIV only changes on trap entry and s_rfe_b64, so a HALT restored here
  // takes effect when the handler returns.
  if (!(w.status & kStatusPriv)) return;
  w.scc = (value & kStatusScc) != 0;
  const uint32_t kept = kStatusReadOnly | kStatusPriv;
  w.status = (w.status & kept) | (value & ~(kept | kStatusScc));
  apply_halt(w);
}

bool enter_trap(Wave& w, uint64_t pc, uint32_t trap_id, uint32_t trapsts_bits) {
  const DispatchState* d = w.dispatch;
  if (!d || !d->trap_handler) return false;
  w.trapsts |= trapsts_bits;
  // What the hardware leaves (PC, trap id) plus what the KFD's gfx9
  // first-level handler hands a second-level one (STATUS in TTMP12, the
  // second-level TMA in TTMP14/15); the virtual GPU has no first-level
  // handler, so its trap entry does both.
  w.sgpr[kTtmp12] = read_status(w) & ~kStatusSpiPrio;
  w.sgpr[op::kTtmp0] = static_cast<uint32_t>(pc);
  w.sgpr[kTtmp1] = static_cast<uint32_t>((pc >> 32) & 0xFFFF) | (trap_id & 0xFF)
                                                                    << kTtmp1TrapIdShift;
  w.set_s64(kTtmp14, d->trap_memory);
  w.status |= kStatusPriv;
  w.pc = d->trap_handler;
  return true;
}

void apply_halt(Wave& w) {
  if ((w.status & kStatusHalt) && !(w.status & kStatusPriv)) {
    w.halted = true;
    w.done = true;
  }
}

void return_from_trap(Wave& w, uint64_t pc) {
  w.status &= ~kStatusPriv;
  // The PC is 48 bits: a TTMP1 still holding the trap id above PC[47:32]
  // (ROCr's handler returns so on its error path) names the same address.
  w.pc = pc & kPcMask;
  apply_halt(w);
}

}  // namespace gcn
