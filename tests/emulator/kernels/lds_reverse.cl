#include "device.h"
__kernel void lds_reverse(__global const uint* in, __global uint* out) {
  __local uint tmp[256];
  uint lid = get_local_id(0);
  tmp[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tmp[255 - lid];
}
