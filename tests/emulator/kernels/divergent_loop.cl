#include "device.h"
// Collatz step counts: every lane leaves the loop at its own iteration.
__kernel void divergent_loop(__global const uint* in, __global uint* out) {
  size_t i = get_global_id(0);
  ulong v = in[i];
  uint steps = 0;
  while (v != 1 && steps < 1000) {
    v = (v & 1) ? 3 * v + 1 : v >> 1;
    ++steps;
  }
  out[i] = steps;
}
