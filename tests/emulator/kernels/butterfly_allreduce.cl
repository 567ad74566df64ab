#include "device.h"
// Butterfly all-reduce through LDS: each lane ends with its group's sum.
__kernel void butterfly_allreduce(__global const uint* in, __global uint* out) {
  __local uint tmp[64];
  uint lid = get_local_id(0);
  uint v = in[get_global_id(0)];
  for (uint m = 1; m < 64; m <<= 1) {
    tmp[lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    v += tmp[lid ^ m];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[get_global_id(0)] = v;
}
