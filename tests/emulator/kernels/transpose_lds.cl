#include "device.h"
#define TILE 16
// out (h x w... transposed: w rows of h) from in (h rows of w); w, h multiples of TILE.
__kernel void transpose_lds(__global const float* in, __global float* out, uint w, uint h) {
  __local float tile[TILE][TILE + 1];  // +1: no bank conflicts
  uint tx = get_local_id(0), ty = get_local_id(1);
  uint bx = get_group_id(0) * TILE, by = get_group_id(1) * TILE;
  tile[ty][tx] = in[(by + ty) * w + bx + tx];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[(bx + ty) * h + by + tx] = tile[tx][ty];
}
