#include "device.h"
__kernel void float_convert(__global const float* f, __global const int* n, __global int* oi,
                            __global uint* ou, __global float* of) {
  size_t i = get_global_id(0);
  float x = f[i];
  int k = n[i];
  oi[i] = (int)x;
  ou[i] = (uint)fabs(x);
  of[2 * i] = (float)k;
  of[2 * i + 1] = (float)(uint)k;
}
