#include "device.h"
// LDS atomics per group, and tickets from an LDS compare-and-swap loop.
__kernel void lds_atomics(__global const uint* in, __global uint* out, __global uint* tickets) {
  __local uint acc[5];
  __local int sacc[2];
  uint lid = get_local_id(0);
  if (lid == 0) {
    acc[0] = 0;
    acc[1] = 0;
    acc[2] = 0xFFFFFFFFu;
    acc[3] = 0;
    acc[4] = 0;
    sacc[0] = 0x7FFFFFFF;
    sacc[1] = -0x7FFFFFFF - 1;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uint v = in[get_global_id(0)];
  atomic_add(&acc[0], v);
  atomic_max(&acc[1], v);
  atomic_min(&acc[2], v);
  atomic_xor(&acc[3], v);
  atomic_min(&sacc[0], (int)v);
  atomic_max(&sacc[1], (int)v);
  uint old, seen;
  do {
    old = *(volatile __local uint*)&acc[4];
    seen = atomic_cmpxchg(&acc[4], old, old + 1);
  } while (seen != old);
  tickets[get_global_id(0)] = old;
  barrier(CLK_LOCAL_MEM_FENCE);
  __global uint* o = out + 7 * get_group_id(0);
  if (lid < 5) o[lid] = acc[lid];
  if (lid < 2) o[5 + lid] = (uint)sacc[lid];
}
