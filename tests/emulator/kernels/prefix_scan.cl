#include "device.h"
// Inclusive Hillis-Steele scan of each 128-item group, double-buffered.
__kernel void prefix_scan(__global const uint* in, __global uint* out) {
  __local uint buf[2][128];
  uint lid = get_local_id(0);
  uint src = 0;
  buf[0][lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint off = 1; off < 128; off <<= 1) {
    uint v = buf[src][lid];
    if (lid >= off) v += buf[src][lid - off];
    buf[1 - src][lid] = v;
    src = 1 - src;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[get_global_id(0)] = buf[src][lid];
}
