#include "device.h"
// Stream compaction through a global atomic counter (output order varies).
__kernel void compact(__global const int* in, __global int* out, __global uint* count, uint n) {
  size_t i = get_global_id(0);
  if (i < n && in[i] > 0) out[atomic_add(count, 1u)] = in[i];
}
