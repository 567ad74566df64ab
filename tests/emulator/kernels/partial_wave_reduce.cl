#include "device.h"
// 96-item groups: the second wave of each group is half empty, and both
// waves meet at the barriers.
__kernel void partial_wave_reduce(__global const uint* in, __global uint* out) {
  __local uint tmp[96];
  uint lid = get_local_id(0);
  tmp[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid < 32) tmp[lid] += tmp[lid + 64];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = 32; s > 0; s >>= 1) {
    if (lid < s) tmp[lid] += tmp[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[get_global_id(0)] = tmp[0] + lid;
}
