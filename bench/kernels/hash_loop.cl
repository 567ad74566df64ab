// out[i] = x after `rounds` rounds of x = x * 1664525 + 1013904223,
// x ^= x >> 13, from x = i: the OpenCL C counterpart of hash_loop.hsail.
#include "work_item.h"

__kernel void hash_loop(__global uint* out, uint n, uint rounds) {
  const uint i = global_id(0);
  if (i >= n) return;
  uint x = i;
  for (uint r = 0; r < rounds; ++r) {
    x = x * 1664525u + 1013904223u;
    x ^= x >> 13;
  }
  out[i] = x;
}
