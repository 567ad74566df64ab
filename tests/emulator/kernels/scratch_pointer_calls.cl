#include "device.h"
// Private arrays passed by pointer to real calls: flat/scratch addressing of
// the caller's frame from the callee.
__attribute__((noinline)) void fill(uint* p, uint n, uint seed) {
  for (uint i = 0; i < n; ++i) p[i] = seed * (i + 1) + (i ^ seed);
}
__attribute__((noinline)) uint weigh(const uint* p, uint n, uint pick) {
  uint acc = p[pick % n];
  for (uint i = 0; i < n; ++i) acc += p[i] * (i + 1);
  return acc;
}
__kernel void scratch_pointer_calls(__global const uint* in, __global uint* out) {
  uint buf[24];
  uint v = in[get_global_id(0)];
  fill(buf, 24, v);
  out[get_global_id(0)] = weigh(buf, 24, v >> 3);
}
