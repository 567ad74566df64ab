#include "device.h"
__kernel void double_convert(__global const double* d, __global const long* l,
                             __global long* ol, __global double* od, __global float* of,
                             __global int* oi) {
  size_t i = get_global_id(0);
  double x = d[i];
  long k = l[i];
  ol[i] = (long)x;
  od[2 * i] = (double)k;
  od[2 * i + 1] = (double)(float)x;
  of[i] = (float)x;
  oi[i] = (int)(x * 1e-7);
}
