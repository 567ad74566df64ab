#include "device.h"
__constant uint kPrimes[16] = {2,  3,  5,  7,  11, 13, 17, 19,
                               23, 29, 31, 37, 41, 43, 47, 53};
__kernel void constant_table(__global const uint* in, __global uint* out) {
  uint x = in[get_global_id(0)];
  out[get_global_id(0)] = kPrimes[x & 15u] * kPrimes[(x >> 4) & 15u];
}
