#include "device.h"
// A private array too big for registers or LDS, indexed by data: scratch.
__kernel void private_array(__global const uint* idx, __global uint* out) {
  uint arr[256];
  uint gid = get_global_id(0);
  for (uint i = 0; i < 256; ++i) arr[i] = i * i + gid;
  for (uint k = 0; k < 4; ++k) arr[idx[gid * 4 + k] & 255u] += k + 1;
  uint sum = 0;
  for (uint k = 0; k < 4; ++k) sum = sum * 31 + arr[idx[gid * 4 + ((k + 1) & 3)] & 255u];
  out[gid] = sum;
}
