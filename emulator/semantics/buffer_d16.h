// The d16 typed buffer accesses (buffer_*_format_d16_*, tbuffer_*_format_d16_*):
// each component moves as a 16-bit value, packed two per VGPR on gfx9
// (component c in dword c / 2, low half first); the _hi_x forms use the high
// half of the one dword. Like the other d16 loads on gfx9, a load leaves the
// half of a VGPR it does not fill unchanged.
//
// Modelled: formats with 8- or 16-bit integer components (uint/sint), where
// the 16-bit value is exact (zero- or sign-extended bytes; stores keep the low
// byte like the 32-bit format stores). Formats with 32-bit components need a
// float or integer narrowing whose rounding the manual does not pin down:
// they fault instead of guessing.
#pragma once

#include <string>

#include "isa/instruction.h"
#include "wave/memory_ops.h"

namespace gcn {
namespace d16 {

// The buffer format, or a fault when the d16 form of it is not modelled.
inline bool format(Wave& w, const Inst& in, unsigned dfmt, unsigned nfmt, mem::BufferFormat* f) {
  if (mem::buffer_format(dfmt, nfmt, f) && f->comp_bytes <= 2 && !f->is_float) return true;
  w.raise(FaultKind::kIllegalInstruction, w.pc,
          std::string(in.info->name) + ": d16 access to buffer format dfmt=" +
              std::to_string(dfmt) + " nfmt=" + std::to_string(nfmt) +
              " is not supported by the virtual GPU (8/16-bit uint/sint only)");
  return false;
}

// VGPR and half (0 low, 1 high) of component c.
inline unsigned reg_of(const Inst& in, unsigned c) { return in.data0 + c / 2; }
inline unsigned half_of(unsigned c, bool hi) { return hi ? 1 : c % 2; }

inline void load(Wave& w, const Inst& in, unsigned n, unsigned dfmt, unsigned nfmt, bool hi) {
  mem::BufferFormat f;
  if (!format(w, in, dfmt, nfmt, &f)) return;
  const mem::BufferAddr at = mem::buffer_addr(w, in, f.comp_bytes);
  const mem::Part p{static_cast<uint8_t>(f.comp_bytes), f.sign, 0};
  uint16_t vals[4][kWaveSize];
  const uint64_t exec = w.exec();
  bool ok = true;
  for_active(exec, [&](unsigned l) {
    for (unsigned c = 0; ok && c < n; ++c) {
      if (c >= f.comps) {  // missing components read 0, and 1 for w
        vals[c][l] = c == 3 ? 1 : 0;
        continue;
      }
      uint64_t v = 0;
      ok = mem::read(w, at(l, c * f.comp_bytes), f.comp_bytes, &v, in.info->name);
      vals[c][l] = static_cast<uint16_t>(mem::merge_load(0, static_cast<uint32_t>(v), p));
    }
  });
  if (!ok) return;
  for_active(exec, [&](unsigned l) {
    for (unsigned c = 0; c < n; ++c) {
      uint32_t& r = w.v(reg_of(in, c))[l];
      r = half_of(c, hi) ? (r & 0xFFFFu) | uint32_t(vals[c][l]) << 16
                         : (r & 0xFFFF0000u) | vals[c][l];
    }
  });
}

inline void store(Wave& w, const Inst& in, unsigned n, unsigned dfmt, unsigned nfmt, bool hi) {
  mem::BufferFormat f;
  if (!format(w, in, dfmt, nfmt, &f)) return;
  const mem::BufferAddr at = mem::buffer_addr(w, in, f.comp_bytes);
  const unsigned comps = n < f.comps ? n : f.comps;
  bool ok = true;
  for_active(w.exec(), [&](unsigned l) {
    for (unsigned c = 0; ok && c < comps; ++c) {
      const uint32_t r = w.v(reg_of(in, c))[l];
      const uint32_t v = half_of(c, hi) ? r >> 16 : r & 0xFFFFu;
      ok = mem::write(w, at(l, c * f.comp_bytes), f.comp_bytes, v, in.info->name);
    }
  });
}

}  // namespace d16
}  // namespace gcn
