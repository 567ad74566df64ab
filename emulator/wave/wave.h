// The state of one 64-lane wavefront, as a plain struct (MGPUSim/gem5
// habit), and the small helpers every instruction's semantics use to read
// and write operands. EXEC, VCC and M0 live in the scalar file at their
// operand codes (isa/formats.h).
#pragma once

#include <cstdint>
#include <cstring>
#include <string>

#include "isa/formats.h"
#include "isa/instruction.h"
#include "memory/address_space.h"

namespace gcn {

constexpr unsigned kWaveSize = 64;

struct Workgroup;
struct DispatchState;

enum class FaultKind : uint8_t {
  kNone,
  kIllegalInstruction,  // undecodable word or no semantics
  kPcOutOfRange,        // fetch from unmapped memory
  kRegisterOutOfRange,  // VGPR beyond the allocation (check_gprs), s_movrel index
  kMemoryViolation,     // load/store/atomic to unmapped or read-only memory
  kTrap,                // s_trap with no trap handler
  kTranslatorMismatch,  // checking translation: host code and interpreter differ
};

const char* fault_kind_name(FaultKind k);

struct Fault {
  FaultKind kind = FaultKind::kNone;
  uint64_t pc = 0;
  uint64_t address = 0;
  std::string detail;
};

struct Wave {
  uint32_t sgpr[op::kSgprFileSize] = {};
  uint32_t* vgpr = nullptr;  // nvgpr rows of 64 lanes
  unsigned nvgpr = 0;
  uint64_t pc = 0;
  bool scc = false;
  uint32_t mode = 0;     // HW_REG_MODE: [3:0] round, [7:4] denorm, [8] dx10 clamp, [9] ieee
  uint32_t trapsts = 0;  // HW_REG_TRAPSTS
  uint32_t status = 0;   // HW_REG_STATUS bits the wave keeps (wave/trap.h)
  bool done = false;
  bool halted = false;  // stopped by STATUS.HALT (done is set too)
  bool at_barrier = false;
  bool yielded = false;  // s_sleep: let the other resident waves run now
  Fault fault;

  unsigned wave_in_group = 0;
  Workgroup* wg = nullptr;
  const DispatchState* dispatch = nullptr;
  const AddressSpace* memory = nullptr;
  Tlb tlb;
  uint64_t scratch_base = 0;  // this wave's private segment (swizzled)
  uint64_t instructions = 0;
  // Lanes a DPP source left without a value (row/bank masks, out-of-row
  // reads without bound_ctrl) must not be written: read_v32 narrows this,
  // the next write applies and resets it.
  uint64_t write_mask = ~0ull;

  // Registers.
  uint32_t* v(unsigned r) { return vgpr + static_cast<size_t>(r) * kWaveSize; }
  const uint32_t* v(unsigned r) const { return vgpr + static_cast<size_t>(r) * kWaveSize; }
  uint64_t s64(unsigned code) const {
    return sgpr[code] | static_cast<uint64_t>(sgpr[(code + 1) & 127]) << 32;
  }
  void set_s64(unsigned code, uint64_t v) {
    sgpr[code] = static_cast<uint32_t>(v);
    sgpr[(code + 1) & 127] = static_cast<uint32_t>(v >> 32);
  }
  uint64_t exec() const { return s64(op::kExecLo); }
  void set_exec(uint64_t e) { set_s64(op::kExecLo, e); }
  uint64_t vcc() const { return s64(op::kVccLo); }
  void set_vcc(uint64_t v) { set_s64(op::kVccLo, v); }

  // Stops the wave with a fault; the dispatch reports it.
  void raise(FaultKind kind, uint64_t address, std::string detail);
};

// --- Scalar operands ---------------------------------------------------------

// Value of an inline constant code (128..248) for an operand of type t.
uint64_t inline_constant(uint16_t code, Ty t);

// Reads a 32-bit scalar source (SGPR, special register, constant, literal).
inline uint32_t read_s32(const Wave& w, const Inst& in, uint16_t code) {
  if (code < op::kSgprFileSize) return w.sgpr[code];
  if (code == op::kLiteral) return in.literal;
  if (code == op::kScc) return w.scc;
  if (code == op::kVccz) return w.vcc() == 0;
  if (code == op::kExecz) return w.exec() == 0;
  return static_cast<uint32_t>(inline_constant(code, Ty::B32));
}

// Reads a 64-bit scalar source; the literal widens per type t.
inline uint64_t read_s64(const Wave& w, const Inst& in, uint16_t code, Ty t) {
  if (code < op::kSgprFileSize) return w.s64(code);
  if (code == op::kLiteral) {
    if (t == Ty::F64) return static_cast<uint64_t>(in.literal) << 32;
    if (t == Ty::I64)
      return static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(in.literal)));
    return in.literal;
  }
  if (code == op::kScc) return w.scc;
  if (code == op::kVccz) return w.vcc() == 0;
  if (code == op::kExecz) return w.exec() == 0;
  return inline_constant(code, t);
}

// Writes a scalar destination of 1 or 2 dwords.
inline void write_s32(Wave& w, uint16_t code, uint32_t v) {
  if (code < op::kSgprFileSize) w.sgpr[code] = v;
}
inline void write_s64(Wave& w, uint16_t code, uint64_t v) {
  if (code < op::kSgprFileSize) w.set_s64(code, v);
}

// --- Vector operands -----------------------------------------------------------

// 64 lanes of a 32-bit source: a VGPR row, or a scalar broadcast into tmp.
// Applies DPP lane movement and SDWA selects when the instruction has them.
const uint32_t* read_v32(Wave& w, const Inst& in, int src, uint32_t* tmp);
// 64 lanes of a 64-bit source (always copied into tmp).
void read_v64(Wave& w, const Inst& in, int src, Ty t, uint64_t* tmp);

// Writes 64 lanes of a 32-bit result to the destination VGPR under EXEC,
// applying an SDWA dst_sel when present.
void write_v32(Wave& w, const Inst& in, const uint32_t* vals);
void write_v64(Wave& w, const Inst& in, const uint64_t* vals);

// Iterates over the active lanes of EXEC.
template <class F>
inline void for_active(uint64_t exec, F f) {
  if (exec == ~0ull) {
    for (unsigned l = 0; l < kWaveSize; ++l) f(l);
    return;
  }
  while (exec) {
    const unsigned l = static_cast<unsigned>(__builtin_ctzll(exec));
    exec &= exec - 1;
    f(l);
  }
}

inline float as_f32(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
inline uint32_t as_u32(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline double as_f64(uint64_t u) {
  double d;
  std::memcpy(&d, &u, 8);
  return d;
}
inline uint64_t as_u64(double d) {
  uint64_t u;
  std::memcpy(&u, &d, 8);
  return u;
}

}  // namespace gcn
