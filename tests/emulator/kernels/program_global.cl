#include "device.h"
// Program-scope variables live in the code object's writable segment.
__global uint g_scratchpad[256];
__global uint g_bias[4] = {10, 20, 30, 40};
__kernel void program_global(__global uint* out) {
  uint gid = get_global_id(0);
  g_scratchpad[gid] = gid * 5;
  barrier(CLK_GLOBAL_MEM_FENCE);
  uint neighbour = (gid & ~63u) | ((gid + 1) & 63u);
  out[gid] = g_scratchpad[neighbour] + g_bias[gid & 3];
}
