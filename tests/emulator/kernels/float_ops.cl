#include "device.h"
__kernel void float_ops(__global const float* a, __global const float* b, __global float* out) {
  size_t i = get_global_id(0);
  float x = a[i], y = b[i];
  __global float* o = out + 10 * i;
  o[0] = fmin(x, y);
  o[1] = fmax(x, y);
  o[2] = fma(x, y, x);
  o[3] = sqrt(fabs(x));
  o[4] = x * y;
  o[5] = x - y;
  o[6] = floor(x);
  o[7] = ceil(y);
  o[8] = trunc(x);
  o[9] = copysign(x, y);
}
