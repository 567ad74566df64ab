#include "device.h"
__kernel void int_divmod64(__global const long* a, __global const long* b, __global long* out) {
  size_t i = get_global_id(0);
  long x = a[i], y = b[i];
  out[4 * i] = x / y;
  out[4 * i + 1] = x % y;
  out[4 * i + 2] = (long)((ulong)x / (ulong)y);
  out[4 * i + 3] = (long)((ulong)x % (ulong)y);
}
