#include "device.h"
__kernel void atomic_minmax(__global const int* in, __global int* res) {
  int v = in[get_global_id(0)];
  atomic_min(&res[0], v);
  atomic_max(&res[1], v);
  atomic_and((__global uint*)&res[2], (uint)v);
  atomic_or((__global uint*)&res[3], (uint)v);
  atomic_xor((__global uint*)&res[4], (uint)v);
  atomic_sub(&res[5], v);
  atomic_min((__global uint*)&res[6], (uint)v);
  atomic_max((__global uint*)&res[7], (uint)v);
}
