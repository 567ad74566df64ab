#include "device.h"
__kernel void switch_case(__global const uint* in, __global int* out) {
  uint x = in[get_global_id(0)];
  int r;
  switch (x % 8) {
    case 0:
      r = (int)x;
      break;
    case 1:
      r = -(int)x;
      break;
    case 2:
      r = (int)(x * x);
      break;
    case 3:
      r = (int)(x >> 3);
      break;
    case 5:
      r = (int)(x ^ 0x5555u);
      break;
    case 6:
    case 7:
      r = (int)x / 7;
      break;
    default:
      r = 42;
  }
  out[get_global_id(0)] = r;
}
