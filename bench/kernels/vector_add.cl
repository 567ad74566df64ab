// c[i] = a[i] + b[i]: the OpenCL C counterpart of examples/vector_add.hsail.
#include "work_item.h"

__kernel void vector_add(__global const float* a, __global const float* b, __global float* c,
                         uint n) {
  const uint i = global_id(0);
  if (i < n) c[i] = a[i] + b[i];
}
