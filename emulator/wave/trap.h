// Traps on gfx9: the wave state a trap handler sees and changes (STATUS
// bits, TTMP registers), entering the handler on s_trap and on the
// exceptions that always trap, and halting. Bit positions from the Vega
// ISA manual, section 3.5 ("Trap and Exception Registers") and LLVM's
// SIDefines.h; the TTMP layout a second-level handler expects from the
// KFD's gfx9 first-level handler (cwsr_trap_handler_gfx9.asm) and ROCr's
// trap handler ABI comment.
#pragma once

#include <cstdint>

namespace gcn {

struct Wave;

// HW_REG_STATUS bits the wave keeps (SCC, EXECZ, VCCZ, IN_TG and VALID
// are derived from other state when the register is read).
constexpr uint32_t kStatusScc = 1u << 0;
constexpr uint32_t kStatusPriv = 1u << 5;    // in the trap handler
constexpr uint32_t kStatusTrapEn = 1u << 6;  // a trap handler is present
constexpr uint32_t kStatusExecz = 1u << 9;
constexpr uint32_t kStatusVccz = 1u << 10;
constexpr uint32_t kStatusInTg = 1u << 11;
constexpr uint32_t kStatusInBarrier = 1u << 12;
constexpr uint32_t kStatusHalt = 1u << 13;  // ignored while PRIV is set
constexpr uint32_t kStatusValid = 1u << 16;
// What s_setreg_b32 may not change: derived or read-only bits.
constexpr uint32_t kStatusReadOnly =
    kStatusExecz | kStatusVccz | kStatusInTg | kStatusInBarrier | kStatusValid;

// HW_REG_TRAPSTS bits.
constexpr uint32_t kTrapstsMemViol = 1u << 8;
constexpr uint32_t kTrapstsIllegalInst = 1u << 11;

// TTMP1 as trap entry leaves it: PC[47:32], trap id [23:16] (0 for an
// exception), host trap [24].
constexpr unsigned kTtmp1TrapIdShift = 16;

// Enters the trap handler of the wave's dispatch, if it has one: TTMP0/1
// get the PC to return to and the trap id, TTMP12 the STATUS before entry,
// TTMP14/15 the second-level TMA; STATUS.PRIV is set and execution goes on
// at the handler. trapsts_bits are or-ed into TRAPSTS (the exception that
// caused the entry). False (and nothing changed) without a handler.
bool enter_trap(Wave& w, uint64_t pc, uint32_t trap_id, uint32_t trapsts_bits);

// Applies STATUS.HALT: a wave outside the trap handler with HALT set stops
// (Wave::halted); nothing resumes it, as no debugger is attached.
void apply_halt(Wave& w);

// s_rfe_b64: leaves the trap handler (PRIV cleared) and returns to pc.
void return_from_trap(Wave& w, uint64_t pc);

// HW_REG_STATUS as s_getreg_b32 reads it, and as s_setreg_b32 writes it.
uint32_t read_status(const Wave& w);
void write_status(Wave& w, uint32_t value);

}  // namespace gcn
