// SOPP: program control with a 16-bit immediate (Vega ISA manual, section
// 12.5). Branch targets are relative to the next instruction, whose address
// the executor has already stored in w.pc: target = w.pc + simm16 * 4.
#include <string>

#include "isa/instruction.h"
#include "wave/dispatch_state.h"
#include "wave/trap.h"
#include "wave/wave.h"

namespace gcn {
namespace {

inline void jump(Wave& w, const Inst& in) { w.pc += static_cast<int64_t>(in.simm) * 4; }

// Instructions with nothing to do here: s_nop only costs time;
// s_waitcnt waits for counters that are always zero because the emulator's
// memory operations complete synchronously; the others steer caches,
// priorities, power or tracing that are not modelled.
void no_op(Wave&, const Inst&) {}

void s_endpgm(Wave& w, const Inst&) { w.done = true; }

void s_branch(Wave& w, const Inst& in) { jump(w, in); }
void s_cbranch_scc0(Wave& w, const Inst& in) {
  if (!w.scc) jump(w, in);
}
void s_cbranch_scc1(Wave& w, const Inst& in) {
  if (w.scc) jump(w, in);
}
void s_cbranch_vccz(Wave& w, const Inst& in) {
  if (w.vcc() == 0) jump(w, in);
}
void s_cbranch_vccnz(Wave& w, const Inst& in) {
  if (w.vcc() != 0) jump(w, in);
}
void s_cbranch_execz(Wave& w, const Inst& in) {
  if (w.exec() == 0) jump(w, in);
}
void s_cbranch_execnz(Wave& w, const Inst& in) {
  if (w.exec() != 0) jump(w, in);
}

// The scheduler sees at_barrier, parks the wave and releases the workgroup
// once every wave has arrived; execution resumes at the next instruction.
void s_barrier(Wave& w, const Inst&) { w.at_barrier = true; }

// s_sleep: the wave gives up the rest of its turn, so that a wave polling
// memory lets the waves (or the host) it waits for make progress.
void s_sleep(Wave& w, const Inst&) { w.yielded = true; }

// s_sendmsg: SIMM16[3:0] is the message (Vega ISA manual, section 4.4,
// "SEND_MSG"). MSG_INTERRUPT makes the SQ raise an interrupt whose data is
// M0[23:0], which the driver reads as an event id (how kernels wake host
// threads blocked on a signal). MSG_GET_DOORBELL (gfx9: 10) answers in
// EXEC_LO with the queue's doorbell index and bit 31 clear, which trap
// handlers poll for (ROCr's maps the index to its amd_queue_t through
// TMA). The other messages are for graphics stages or power management
// and have no effect on compute here.
constexpr uint32_t kMsgInterrupt = 1;
constexpr uint32_t kMsgGetDoorbell = 10;
constexpr uint32_t kInterruptDataMask = 0xFFFFFF;
constexpr uint32_t kDoorbellIdMask = 0xFFF;

void s_sendmsg(Wave& w, const Inst& in) {
  const uint32_t msg = static_cast<uint32_t>(in.simm) & 0xF;
  if (msg == kMsgGetDoorbell) {
    w.sgpr[op::kExecLo] = w.dispatch ? w.dispatch->doorbell_id & kDoorbellIdMask : 0;
    return;
  }
  if (msg != kMsgInterrupt || !w.dispatch || !w.dispatch->interrupt) return;
  (*w.dispatch->interrupt)(w.sgpr[op::kM0] & kInterruptDataMask);
}

// s_sendmsghalt: the message, then the wave halts.
void s_sendmsghalt(Wave& w, const Inst& in) {
  s_sendmsg(w, in);
  w.status |= kStatusHalt;
  apply_halt(w);
}

// s_sethalt: SIMM16[0] sets or clears STATUS.HALT; the wave stops at once
// outside the trap handler, on leaving it otherwise.
void s_sethalt(Wave& w, const Inst& in) {
  if (in.simm & 1)
    w.status |= kStatusHalt;
  else
    w.status &= ~kStatusHalt;
  apply_halt(w);
}

// s_trap: enters the trap handler with the PC of the s_trap itself and the
// trap id (SIMM16[7:0]) in TTMP1 (handlers step over it when they return:
// ROCr's does for ids other than 2, llvm.trap). Without a handler the trap
// stops the wave and the dispatch reports it.
void s_trap(Wave& w, const Inst& in) {
  const uint64_t at = w.pc - in.size;
  const uint32_t id = static_cast<uint32_t>(in.simm) & 0xFF;
  if (!enter_trap(w, at, id, 0)) w.raise(FaultKind::kTrap, at, "s_trap " + std::to_string(id));
}

constexpr Ty N = Ty::None;
constexpr uint32_t kNd = kOpNoDst | kOpNoSrc0;
constexpr uint32_t kBr = kNd | kOpBranch;
constexpr uint32_t kEnd = kNd | kOpEndsWave;
constexpr uint32_t kU = kOpSimm16Unsigned;

const OpcodeInfo kRows[] = {
    {"s_nop", Format::SOPP, 0, no_op, N, N, N, N, kNd | kU},
    {"s_endpgm", Format::SOPP, 1, s_endpgm, N, N, N, N, kEnd | kU},
    {"s_branch", Format::SOPP, 2, s_branch, N, N, N, N, kBr},
    {"s_wakeup", Format::SOPP, 3, no_op, N, N, N, N, kNd},
    {"s_cbranch_scc0", Format::SOPP, 4, s_cbranch_scc0, N, N, N, N, kBr},
    {"s_cbranch_scc1", Format::SOPP, 5, s_cbranch_scc1, N, N, N, N, kBr},
    {"s_cbranch_vccz", Format::SOPP, 6, s_cbranch_vccz, N, N, N, N, kBr},
    {"s_cbranch_vccnz", Format::SOPP, 7, s_cbranch_vccnz, N, N, N, N, kBr},
    {"s_cbranch_execz", Format::SOPP, 8, s_cbranch_execz, N, N, N, N, kBr},
    {"s_cbranch_execnz", Format::SOPP, 9, s_cbranch_execnz, N, N, N, N, kBr},
    {"s_barrier", Format::SOPP, 10, s_barrier, N, N, N, N, kNd},
    {"s_setkill", Format::SOPP, 11, no_op, N, N, N, N, kNd | kU},
    {"s_waitcnt", Format::SOPP, 12, no_op, N, N, N, N, kNd | kU},
    {"s_sethalt", Format::SOPP, 13, s_sethalt, N, N, N, N, kNd | kU},
    {"s_sleep", Format::SOPP, 14, s_sleep, N, N, N, N, kNd | kU},
    {"s_setprio", Format::SOPP, 15, no_op, N, N, N, N, kNd | kU},
    {"s_sendmsg", Format::SOPP, 16, s_sendmsg, N, N, N, N, kNd | kU},
    {"s_sendmsghalt", Format::SOPP, 17, s_sendmsghalt, N, N, N, N, kNd | kU},
    {"s_trap", Format::SOPP, 18, s_trap, N, N, N, N, kNd | kU},
    {"s_icache_inv", Format::SOPP, 19, no_op, N, N, N, N, kNd},
    {"s_incperflevel", Format::SOPP, 20, no_op, N, N, N, N, kNd | kU},
    {"s_decperflevel", Format::SOPP, 21, no_op, N, N, N, N, kNd | kU},
    {"s_ttracedata", Format::SOPP, 22, no_op, N, N, N, N, kNd},
    // Debugger-conditional branches: no debugger, so never taken.
    {"s_cbranch_cdbgsys", Format::SOPP, 23, no_op, N, N, N, N, kBr},
    {"s_cbranch_cdbguser", Format::SOPP, 24, no_op, N, N, N, N, kBr},
    {"s_cbranch_cdbgsys_or_user", Format::SOPP, 25, no_op, N, N, N, N, kBr},
    {"s_cbranch_cdbgsys_and_user", Format::SOPP, 26, no_op, N, N, N, N, kBr},
    {"s_endpgm_saved", Format::SOPP, 27, s_endpgm, N, N, N, N, kEnd},
    // GPR-index mode is never switched on (s_set_gpr_idx_on has no
    // semantics), so switching it off has nothing to undo.
    {"s_set_gpr_idx_off", Format::SOPP, 28, no_op, N, N, N, N, kNd},
    {"s_set_gpr_idx_mode", Format::SOPP, 29, nullptr, N, N, N, N, kNd | kU},
    {"s_endpgm_ordered_ps_done", Format::SOPP, 30, nullptr, N, N, N, N, kEnd},
};

}  // namespace

extern const OpcodeTable kSoppTable = {kRows, sizeof(kRows) / sizeof(kRows[0])};

}  // namespace gcn
