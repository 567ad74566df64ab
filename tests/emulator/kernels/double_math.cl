#include "device.h"
__kernel void double_math(__global const double* a, __global const double* b,
                          __global double* out) {
  size_t i = get_global_id(0);
  double x = a[i], y = b[i];
  __global double* o = out + 8 * i;
  o[0] = x + y;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = x / y;
  o[4] = fma(x, y, 1.0);
  o[5] = sqrt(fabs(x));
  o[6] = fmin(x, y);
  o[7] = fmax(x, y) + floor(x);
}
