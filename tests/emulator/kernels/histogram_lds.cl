#include "device.h"
// 64 bins per group in LDS, merged into the global bins at the end.
__kernel void histogram_lds(__global const uint* in, __global uint* bins, uint n) {
  __local uint local_bins[64];
  uint lid = get_local_id(0);
  if (lid < 64) local_bins[lid] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  size_t i = get_global_id(0);
  if (i < n) atomic_add(&local_bins[(in[i] >> 3) & 63u], 1u);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid < 64 && local_bins[lid] != 0) atomic_add(&bins[lid], local_bins[lid]);
}
