#include "device.h"
// Real calls at every optimisation level: the callee ABI, the stack in
// scratch and the return address in SGPRs.
__attribute__((noinline)) uint mix(uint x, uint y) { return (x * 2654435761u) ^ (y + (x >> 7)); }
__attribute__((noinline)) float scale(float v, uint k) { return v * (float)(k & 7) + 0.5f; }
__attribute__((noinline)) uint chain(uint x, uint depth) {
  uint acc = x;
  for (uint d = 0; d < depth; ++d) acc = mix(acc, d);
  return acc;
}
__kernel void noinline_calls(__global const uint* in, __global uint* out, __global float* fout) {
  uint i = get_global_id(0);
  uint v = in[i];
  out[i] = chain(v, v & 15u);
  fout[i] = scale((float)(v & 1023u), v);
}
