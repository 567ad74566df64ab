#include "device.h"
__kernel void nested_loops(__global uint* out) {
  uint gid = get_global_id(0);
  uint acc = gid;
  for (uint i = 0; i < (gid % 16); ++i) {
    for (uint j = 0; j <= i; ++j) {
      if ((i + j) % 3 == 0) continue;
      acc = acc * 3 + (i * j ^ gid);
    }
  }
  out[gid] = acc;
}
