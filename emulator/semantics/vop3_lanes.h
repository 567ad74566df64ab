// Lane-map helpers the VOP3-only and VOP3P families share beyond valu.h:
// per-lane loops that need the lane index, 16-bit halves picked by op_sel,
// and 64-bit integer sources. Private to ops_vop3*.cpp (namespace vop3).
#pragma once

#include "semantics/vop_half.h"
#include "wave/valu.h"

namespace gcn {
namespace vop3 {

// Source i's 16-bit half chosen by op_sel bit i (gfx9 VOP3 op_sel).
inline uint16_t half_of(uint32_t v, const Inst& in, int i) {
  return static_cast<uint16_t>(v >> (((in.op_sel >> i) & 1) * 16));
}

// Writes 16-bit results: op_sel bit 3 puts them in the high half and keeps
// the low half; otherwise they go to the low half with the high half zeroed
// (gfx9 16-bit VALU results).
inline void write_16(Wave& w, const Inst& in, const uint16_t* r) {
  uint32_t out[kWaveSize];
  const uint32_t* old = w.v(in.dst - op::kVgpr0);
  const bool hi = (in.op_sel >> 3) & 1;
  for (unsigned l = 0; l < kWaveSize; ++l)
    out[l] = hi ? (old[l] & 0xFFFFu) | static_cast<uint32_t>(r[l]) << 16 : r[l];
  write_v32(w, in, out);
}

// Reads three 32-bit sources (unused ones read as whatever the code names).
struct Src3 {
  uint32_t t[3][kWaveSize];
  const uint32_t* p[3];
  Src3(Wave& w, const Inst& in, int n) {
    for (int i = 0; i < 3; ++i) {
      if (i >= n) std::memset(t[i], 0, sizeof(t[i]));
      p[i] = i < n ? read_v32(w, in, i, t[i]) : t[i];
    }
  }
};

// f16 source i as float with op_sel, abs and neg.
inline void read_f16(Wave& w, const Inst& in, int i, float* out) {
  uint32_t tmp[kWaveSize];
  const uint32_t* raw = read_v32(w, in, i, tmp);
  const bool a = (in.abs >> i) & 1, n = (in.neg >> i) & 1;
  const bool fl = flush_f64(w);
  for (unsigned l = 0; l < kWaveSize; ++l) {
    const uint16_t h = half::mods(half_of(raw[l], in, i), a, n);
    out[l] = half::to_f32(fl ? half::flush(h) : h);
  }
}

// Float result (computed in double) to f16 with omod/clamp.
inline uint16_t f16_result(Wave& w, const Inst& in, double x) {
  uint16_t h = half::from_f64(apply_omod_clamp(in, x));
  return flush_f64(w) ? half::flush(h) : h;
}

}  // namespace vop3
}  // namespace gcn
