#include "device.h"
__kernel void bit_ops(__global const uint* in, __global uint* out) {
  size_t i = get_global_id(0);
  uint x = in[i];
  ulong wide = (ulong)x * 0x9E3779B97F4A7C15ul;
  __global uint* o = out + 8 * i;
  o[0] = popcount(x);
  o[1] = clz(x);
  o[2] = ctz(x);
  o[3] = rotate(x, x >> 27);
  o[4] = bitreverse32(x);
  o[5] = (uint)((int)x >> (x & 31u));
  o[6] = (uint)popcount(wide) + ((uint)clz(wide) << 8);
  o[7] = (x & 0xF0F0F0F0u) | (~x & 0x0F0F0F0Fu) ^ (x << 3);
}
