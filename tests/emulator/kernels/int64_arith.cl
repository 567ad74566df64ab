#include "device.h"
__kernel void int64_arith(__global const ulong* a, __global const ulong* b, __global ulong* out) {
  size_t i = get_global_id(0);
  ulong x = a[i], y = b[i];
  __global ulong* o = out + 8 * i;
  o[0] = x * y;
  o[1] = x + y;
  o[2] = x - y;
  o[3] = x << (y & 63);
  o[4] = x >> (y & 63);
  o[5] = (ulong)((long)x >> (y & 63));
  o[6] = (x < y) | ((long)x < (long)y) << 1 | (x == y) << 2;
  o[7] = (x ^ y) | (x & 0xFFFF0000FFFFul);
}
