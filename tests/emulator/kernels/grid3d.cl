#include "device.h"
__kernel void grid3d(__global uint* out) {
  uint x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
  uint w = get_global_size(0), h = get_global_size(1), d = get_global_size(2);
  if (x >= w || y >= h || z >= d) return;
  uint at = (z * h + y) * w + x;
  out[2 * at] = x | y << 8 | z << 16 | get_work_dim() << 24;
  out[2 * at + 1] = (uint)get_local_id(0) | (uint)get_local_id(1) << 8 |
                    (uint)get_local_id(2) << 16 | (uint)get_group_id(2) << 24;
}
