#include "device.h"
// 3-point stencil with a halo in LDS; the ends of the array clamp.
__kernel void stencil_lds(__global const float* in, __global float* out, uint n) {
  __local float tile[66];
  int lid = get_local_id(0);
  int gid = get_global_id(0);
  int last = (int)n - 1;
  tile[lid + 1] = in[gid];
  if (lid == 0) tile[0] = in[max(gid - 1, 0)];
  if (lid == 63) tile[65] = in[min(gid + 1, last)];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[gid] = 0.25f * tile[lid] + 0.5f * tile[lid + 1] + 0.25f * tile[lid + 2];
}
