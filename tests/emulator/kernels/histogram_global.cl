#include "device.h"
__kernel void histogram_global(__global const uint* in, __global uint* bins, uint n) {
  size_t i = get_global_id(0);
  if (i < n) atomic_add(&bins[in[i] & 255u], 1u);
}
