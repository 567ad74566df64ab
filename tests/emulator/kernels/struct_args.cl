#include "device.h"
struct Params {
  int base;
  float scale;
  long offset;
  uint n;
};
__kernel void struct_args(struct Params p, __global float* out, __global long* lout) {
  uint i = get_global_id(0);
  if (i >= p.n) return;
  out[i] = (float)(p.base + (int)i) * p.scale;
  lout[i] = p.offset + i;
}
