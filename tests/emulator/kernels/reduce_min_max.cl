#include "device.h"
__kernel void reduce_min_max(__global const int* in, __global int* out) {
  __local int lo[128];
  __local int hi[128];
  uint lid = get_local_id(0);
  int v = in[get_global_id(0)];
  lo[lid] = v;
  hi[lid] = v;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = 64; s > 0; s >>= 1) {
    if (lid < s) {
      lo[lid] = min(lo[lid], lo[lid + s]);
      hi[lid] = max(hi[lid], hi[lid + s]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) {
    out[2 * get_group_id(0)] = lo[0];
    out[2 * get_group_id(0) + 1] = hi[0];
  }
}
