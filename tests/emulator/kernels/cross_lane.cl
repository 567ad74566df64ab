#include "device.h"
// Cross-lane operations of one 64-lane wave: lane id from mbcnt, a
// broadcast with readfirstlane, a rotation through ds_bpermute.
__kernel void cross_lane(__global const uint* in, __global uint* out) {
  uint v = in[get_global_id(0)];
  uint lane = __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
  uint first = __builtin_amdgcn_readfirstlane(v);
  uint rot = __builtin_amdgcn_ds_bpermute((int)(((lane + 5) & 63) * 4), (int)v);
  __global uint* o = out + 3 * get_global_id(0);
  o[0] = lane;
  o[1] = first;
  o[2] = rot;
}
