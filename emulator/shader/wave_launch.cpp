#include "wave_launch.h"

#include <algorithm>
#include <cstring>

#include "amd_kernel_code.h"
#include "compute_pgm_rsrc.h"
#include "kernel_descriptor.h"

namespace gcn {

// The private segment buffer V# of scratch the engine backs itself: the
// base, swizzled per lane (ADD_TID_ENABLE, index stride 64, element size 4),
// as ROCm's runtime builds it in amd_queue_t.
void swizzled_scratch_descriptor(uint64_t base, uint32_t* v) {
  v[0] = static_cast<uint32_t>(base);
  v[1] = static_cast<uint32_t>(base >> 32 & 0xFFFF) | 1u << 31;  // SWIZZLE_ENABLE
  v[2] = 0xFFFFFFFFu;                                            // NUM_RECORDS
  v[3] = 1u << 23 | 3u << 21 | 1u << 19;  // ADD_TID_ENABLE, INDEX_STRIDE 64, ELEMENT_SIZE 4
}

void launch_wave(Wave& w, const DispatchState& d, const Workgroup& wg, unsigned wave_index,
                 uint64_t wave_scratch_offset) {
  const uint32_t props = d.properties;
  unsigned s = 0;
  auto put64 = [&](uint64_t v) {
    w.sgpr[s++] = static_cast<uint32_t>(v);
    w.sgpr[s++] = static_cast<uint32_t>(v >> 32);
  };
  // User SGPRs in ABI order. Bits 0..6 mean the same in amd_kernel_code_t
  // and in the v3 kernel descriptor. A register launch takes them from
  // COMPUTE_USER_DATA_* instead.
  if (d.user_data_regs) {
    const unsigned n = FW_FIELD_GET(d.rsrc2, FW_RSRC2_USER_SGPR_COUNT);
    for (unsigned i = 0; i < n && i < 16; ++i) w.sgpr[i] = d.user_data[i];
  } else if (FW_FIELD_GET(props, FW_KD_ENABLE_SGPR_PRIVATE_SEGMENT_BUFFER)) {
    // The queue's V# as the CP loads it from amd_queue_t; the wave's
    // offset comes in PRIVATE_SEGMENT_WAVE_OFFSET.
    for (unsigned i = 0; i < 4; ++i) w.sgpr[s++] = d.scratch_descriptor[i];
  }
  if (d.user_data_regs) {
    // Only the user data registers: nothing more to place.
  } else {
    if (FW_FIELD_GET(props, FW_KD_ENABLE_SGPR_DISPATCH_PTR)) put64(d.packet_va);
    if (FW_FIELD_GET(props, FW_KD_ENABLE_SGPR_QUEUE_PTR)) put64(d.queue_va);
    if (FW_FIELD_GET(props, FW_KD_ENABLE_SGPR_KERNARG_SEGMENT_PTR)) put64(d.kernarg_va);
    if (FW_FIELD_GET(props, FW_KD_ENABLE_SGPR_DISPATCH_ID)) put64(d.dispatch_id);
    // FLAT_SCRATCH_INIT: the kernel adds its wave offset to this base.
    if (FW_FIELD_GET(props, FW_KD_ENABLE_SGPR_FLAT_SCRATCH_INIT)) put64(d.scratch_va);
    if (FW_FIELD_GET(props, FW_KD_ENABLE_SGPR_PRIVATE_SEGMENT_SIZE)) w.sgpr[s++] = d.private_bytes;
  }
  if (d.v2_kernel_code && !d.user_data_regs) {
    if (FW_FIELD_GET(props, FW_AKC_ENABLE_SGPR_GRID_WORKGROUP_COUNT_X)) w.sgpr[s++] = d.wg_count[0];
    if (FW_FIELD_GET(props, FW_AKC_ENABLE_SGPR_GRID_WORKGROUP_COUNT_Y)) w.sgpr[s++] = d.wg_count[1];
    if (FW_FIELD_GET(props, FW_AKC_ENABLE_SGPR_GRID_WORKGROUP_COUNT_Z)) w.sgpr[s++] = d.wg_count[2];
  }
  // System SGPRs follow the user SGPRs the kernel declared.
  s = FW_FIELD_GET(d.rsrc2, FW_RSRC2_USER_SGPR_COUNT);
  if (FW_FIELD_GET(d.rsrc2, FW_RSRC2_ENABLE_SGPR_WORKGROUP_ID_X)) w.sgpr[s++] = wg.id[0];
  if (FW_FIELD_GET(d.rsrc2, FW_RSRC2_ENABLE_SGPR_WORKGROUP_ID_Y)) w.sgpr[s++] = wg.id[1];
  if (FW_FIELD_GET(d.rsrc2, FW_RSRC2_ENABLE_SGPR_WORKGROUP_ID_Z)) w.sgpr[s++] = wg.id[2];
  if (FW_FIELD_GET(d.rsrc2, FW_RSRC2_ENABLE_SGPR_WORKGROUP_INFO)) w.sgpr[s++] = 0;
  if (FW_FIELD_GET(d.rsrc2, FW_RSRC2_ENABLE_SGPR_PRIVATE_SEGMENT_WAVE_OFFSET))
    w.sgpr[s++] = static_cast<uint32_t>(wave_scratch_offset);
  w.scratch_base = d.scratch_va + wave_scratch_offset;

  // Work-item ids: v0 = x, v1 = y, v2 = z, as many as the kernel asks for.
  const unsigned ids = FW_FIELD_GET(d.rsrc2, FW_RSRC2_ENABLE_VGPR_WORKITEM_ID);
  const uint32_t sx = wg.size[0], sy = wg.size[1];
  const uint32_t items = wg.size[0] * wg.size[1] * wg.size[2];
  const uint32_t first = wave_index * kWaveSize;
  const uint32_t lanes = first < items ? std::min<uint32_t>(items - first, kWaveSize) : 0;
  const uint64_t exec = lanes == kWaveSize ? ~0ull : (1ull << lanes) - 1;
  // A partial group at the grid's edge packs its work-items with its own
  // (smaller) extent, as the hardware's work-item id generator does. The
  // ids step through x, then y, then z: one division per wave, not per
  // lane (launch cost dominates short kernels).
  uint32_t* vx = w.nvgpr > 0 ? w.v(0) : nullptr;
  uint32_t* vy = ids >= 1 && w.nvgpr > 1 ? w.v(1) : nullptr;
  uint32_t* vz = ids >= 2 && w.nvgpr > 2 ? w.v(2) : nullptr;
  if (sx == items) {
    // A 1-D group: x counts up, y and z are 0.
    // A full wave's loops have a constant count, so they vectorise.
    if (vx && lanes == kWaveSize)
      for (unsigned l = 0; l < kWaveSize; ++l) vx[l] = first + l;
    else
      for (unsigned l = 0; vx && l < lanes; ++l) vx[l] = first + l;
    if (vy) std::memset(vy, 0, lanes * sizeof(uint32_t));
    if (vz) std::memset(vz, 0, lanes * sizeof(uint32_t));
  } else {
    uint32_t x = first % sx, y = (first / sx) % sy, z = first / (sx * sy);
    for (unsigned l = 0; l < lanes; ++l) {
      if (vx) vx[l] = x;
      if (vy) vy[l] = y;
      if (vz) vz[l] = z;
      if (++x == sx) {
        x = 0;
        if (++y == sy) {
          y = 0;
          ++z;
        }
      }
    }
  }
  w.set_exec(exec);

  // MODE from COMPUTE_PGM_RSRC1: round [3:0], denorm [7:4], DX10 clamp, IEEE.
  const uint32_t r1 = d.rsrc1;
  w.mode = FW_FIELD_GET(r1, FW_RSRC1_FLOAT_ROUND_MODE_32) |
           FW_FIELD_GET(r1, FW_RSRC1_FLOAT_ROUND_MODE_16_64) << 2 |
           FW_FIELD_GET(r1, FW_RSRC1_FLOAT_DENORM_MODE_32) << 4 |
           FW_FIELD_GET(r1, FW_RSRC1_FLOAT_DENORM_MODE_16_64) << 6 |
           FW_FIELD_GET(r1, FW_RSRC1_ENABLE_DX10_CLAMP) << 8 |
           FW_FIELD_GET(r1, FW_RSRC1_ENABLE_IEEE_MODE) << 9;
  w.pc = d.code_entry;
  w.dispatch = &d;
}

}  // namespace gcn
