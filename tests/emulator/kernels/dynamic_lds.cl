#include "device.h"
// A __local pointer argument: the host sizes the dynamic group segment and
// passes its LDS offset, after the kernel's static LDS.
__kernel void dynamic_lds(__global const uint* in, __global uint* out, __local uint* tmp) {
  __local uint fixed[64];
  uint lid = get_local_id(0);
  fixed[lid] = lid * 3;
  tmp[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tmp[63 - lid] + fixed[(lid + 1) & 63];
}
