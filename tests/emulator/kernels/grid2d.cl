#include "device.h"
__kernel void grid2d(__global uint* out, uint w, uint h) {
  uint x = get_global_id(0), y = get_global_id(1);
  if (x >= w || y >= h) return;
  uint at = y * w + x;
  out[2 * at] = x + 1000u * y;
  out[2 * at + 1] = (uint)get_group_id(0) | (uint)get_group_id(1) << 8 |
                    (uint)get_local_id(0) << 16 | (uint)get_local_id(1) << 24;
}
