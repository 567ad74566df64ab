#include "device.h"
__kernel void float_div(__global const float* a, __global const float* b, __global float* out) {
  size_t i = get_global_id(0);
  out[2 * i] = a[i] / b[i];
  out[2 * i + 1] = 1.0f / b[i];
}
