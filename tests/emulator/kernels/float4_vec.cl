#include "device.h"
__kernel void float4_vec(__global const float4* a, __global const float4* b, __global float4* sum,
                         __global float4* swz) {
  size_t i = get_global_id(0);
  float4 x = a[i], y = b[i];
  sum[i] = x + y;
  swz[i] = x.wzyx * 2.0f;
}
