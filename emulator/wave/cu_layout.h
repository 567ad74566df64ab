// The virtual gfx900's compute units in place: 4 shader engines (SE) of one
// shader array (SH) each, with the GPU's CUs dealt over the SEs in turn (CU
// k sits in SE k % 4 as CU k / 4 of its array), so any CU count from 1 to
// 64 ($GCN_EMU_CUS) is a balanced chip. The KFD reads the active CUs of each
// array (as amdgpu reads CC/GC_USER_SHADER_ARRAY_CONFIG); a queue's MQD
// enables some of them per SE (COMPUTE_STATIC_THREAD_MGMT_SEn); the shader
// engine places workgroups on the enabled ones and reports the place in
// HW_ID.
#pragma once

#include <cstdint>
#include <vector>

#include "gfx9_cu_placement.h"

namespace gcn {

constexpr unsigned kShaderEngines = 4;
constexpr unsigned kShaderArraysPerEngine = 1;
constexpr unsigned kMaxComputeUnits = kShaderEngines * kShaderArraysPerEngine * 16;

// A CU's place, as HW_ID reports it.
struct CuPlace {
  uint8_t se = 0, sh = 0, cu = 0;
};

// The active CUs of shader array `sh` of engine `se`: bit i = CU i.
inline uint32_t active_cu_bitmap(unsigned compute_units, unsigned se, unsigned sh) {
  if (se >= kShaderEngines || sh >= kShaderArraysPerEngine) return 0;
  const unsigned n = compute_units / kShaderEngines + (se < compute_units % kShaderEngines);
  return n >= 32 ? ~0u : (1u << n) - 1;
}

// The CU enable bits of `se_mask` that name a CU shader array `sh` of
// engine `se` has.
inline uint32_t enabled_cu_bits(unsigned compute_units, const uint32_t (&se_mask)[FW_GFX9_MAX_SE],
                                unsigned se, unsigned sh) {
  const uint32_t en = sh == 0 ? FW_FIELD_GET(se_mask[se], FW_STATIC_THREAD_MGMT_SH0_CU_EN)
                              : FW_FIELD_GET(se_mask[se], FW_STATIC_THREAD_MGMT_SH1_CU_EN);
  return active_cu_bitmap(compute_units, se, sh) & en;
}

// Whether the enables leave any CU to run on (the CP asks before every
// dispatch: no list is built).
inline bool any_cu_enabled(unsigned compute_units, const uint32_t (&se_mask)[FW_GFX9_MAX_SE]) {
  for (unsigned se = 0; se < kShaderEngines; ++se)
    for (unsigned sh = 0; sh < kShaderArraysPerEngine; ++sh)
      if (enabled_cu_bits(compute_units, se_mask, se, sh)) return true;
  return false;
}

// The CUs an MQD's COMPUTE_STATIC_THREAD_MGMT_SE0..3 enable, in the order
// the workload manager deals workgroups: CU 0 of every array of every SE,
// then CU 1, ..., so consecutive groups land on different SEs.
inline std::vector<CuPlace> enabled_cus(unsigned compute_units,
                                        const uint32_t (&se_mask)[FW_GFX9_MAX_SE]) {
  std::vector<CuPlace> out;
  for (unsigned cu = 0; cu < FW_GFX9_MAX_CU_PER_SH; ++cu)
    for (unsigned sh = 0; sh < kShaderArraysPerEngine; ++sh)
      for (unsigned se = 0; se < kShaderEngines; ++se)
        if (enabled_cu_bits(compute_units, se_mask, se, sh) >> cu & 1)
          out.push_back(
              {static_cast<uint8_t>(se), static_cast<uint8_t>(sh), static_cast<uint8_t>(cu)});
  return out;
}

}  // namespace gcn
