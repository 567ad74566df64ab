#include "device.h"
__kernel void mat_vec(__global const float* m, __global const float* x, __global float* y,
                      uint rows, uint cols) {
  uint r = get_global_id(0);
  if (r >= rows) return;
  float acc = 0.0f;
  for (uint c = 0; c < cols; ++c) acc += m[r * cols + c] * x[c];
  y[r] = acc;
}
