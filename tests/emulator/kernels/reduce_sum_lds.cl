#include "device.h"
// Tree reduction of 256 values per group in LDS; four waves meet at barriers.
__kernel void reduce_sum_lds(__global const uint* in, __global uint* partial) {
  __local uint tmp[256];
  uint lid = get_local_id(0);
  tmp[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = 128; s > 0; s >>= 1) {
    if (lid < s) tmp[lid] += tmp[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) partial[get_group_id(0)] = tmp[0];
}
