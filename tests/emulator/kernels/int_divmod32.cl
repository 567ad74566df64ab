#include "device.h"
__kernel void int_divmod32(__global const int* a, __global const int* b, __global int* out) {
  size_t i = get_global_id(0);
  int x = a[i], y = b[i];
  out[4 * i] = x / y;
  out[4 * i + 1] = x % y;
  out[4 * i + 2] = (int)((uint)x / (uint)y);
  out[4 * i + 3] = (int)((uint)x % (uint)y);
}
