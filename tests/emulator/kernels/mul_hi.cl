#include "device.h"
__kernel void mul_hi(__global const uint* a, __global const uint* b, __global uint* out) {
  size_t i = get_global_id(0);
  uint x = a[i], y = b[i];
  out[4 * i] = mul_hi(x, y);
  out[4 * i + 1] = (uint)mul_hi((int)x, (int)y);
  out[4 * i + 2] = x * y;
  out[4 * i + 3] = (x & 0xFFFFFF) * (y & 0xFFFFFF) + (x >> 24);
}
