#include "device.h"
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
typedef half half2 __attribute__((ext_vector_type(2)));
// Half precision: scalar and packed (half2) arithmetic, one rounding per
// statement (no contraction across statements).
__kernel void half_math(__global const half* a, __global const half* b, __global half* out) {
  size_t i = get_global_id(0);
  half x = a[i], y = b[i];
  half p = x * y;
  half s = p + x;
  half d = x - y;
  half2 v = (half2)(x, y);
  half2 w = (half2)(y, s);
  half2 pv = v * w;
  half2 sv = v + w;
  __global half* o = out + 8 * i;
  o[0] = p;
  o[1] = s;
  o[2] = d;
  o[3] = x > y ? x : y;
  o[4] = pv.x;
  o[5] = pv.y;
  o[6] = sv.x;
  o[7] = sv.y;
}
