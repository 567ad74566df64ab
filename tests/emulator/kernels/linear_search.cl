#include "device.h"
__kernel void linear_search(__global const int* hay, __global const int* needles,
                            __global int* out, uint n) {
  int needle = needles[get_global_id(0)];
  int found = -1;
  for (uint j = 0; j < n; ++j) {
    if (hay[j] == needle) {
      found = (int)j;
      break;
    }
  }
  out[get_global_id(0)] = found;
}
