#include "device.h"
#define TILE 16
// C = A * B for n x n row-major matrices, n a multiple of TILE.
__kernel void matmul_tiled(__global const float* A, __global const float* B, __global float* C,
                           uint n) {
  __local float ta[TILE][TILE];
  __local float tb[TILE][TILE];
  uint tx = get_local_id(0), ty = get_local_id(1);
  uint col = get_global_id(0), row = get_global_id(1);
  float acc = 0.0f;
  for (uint t = 0; t < n / TILE; ++t) {
    ta[ty][tx] = A[row * n + t * TILE + tx];
    tb[ty][tx] = B[(t * TILE + ty) * n + col];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint k = 0; k < TILE; ++k) acc += ta[ty][k] * tb[k][tx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[row * n + col] = acc;
}
