#include "device.h"
__kernel void select_ternary(__global const int* a, __global const int* b, __global int* out,
                             __global float* fout) {
  size_t i = get_global_id(0);
  int x = a[i], y = b[i];
  out[i] = x > y ? x - y : (x == y ? 7 : y * 2);
  float fx = (float)x;
  fout[i] = (x & 1) ? fx * 0.5f : -fx;
}
