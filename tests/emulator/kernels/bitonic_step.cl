#include "device.h"
// One compare-exchange pass (k: sequence size, j: distance) of a bitonic sort.
__kernel void bitonic_step(__global uint* data, uint j, uint k) {
  uint i = get_global_id(0);
  uint ixj = i ^ j;
  if (ixj <= i) return;
  uint a = data[i], b = data[ixj];
  bool ascending = (i & k) == 0;
  if ((a > b) == ascending) {
    data[i] = b;
    data[ixj] = a;
  }
}
