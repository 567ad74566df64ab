#include "device.h"
// Odd-even transposition sort of each 64-item group in LDS.
__kernel void lds_oddeven_sort(__global uint* data) {
  __local uint v[64];
  uint lid = get_local_id(0);
  v[lid] = data[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint phase = 0; phase < 64; ++phase) {
    uint left = (phase & 1) + 2 * (lid / 2);
    if ((lid & 1) == 0 && left + 1 < 64) {
      uint a = v[left], b = v[left + 1];
      if (a > b) {
        v[left] = b;
        v[left + 1] = a;
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  data[get_global_id(0)] = v[lid];
}
