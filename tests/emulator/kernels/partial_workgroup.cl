#include "device.h"
// The grid is not a multiple of the workgroup: the last group is partial.
__kernel void partial_workgroup(__global uint* out) {
  size_t i = get_global_id(0);
  out[i] = (uint)i * 3u + 1u;
}
