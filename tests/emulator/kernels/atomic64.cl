#include "device.h"
__kernel void atomic64(__global const ulong* in, __global ulong* res) {
  ulong v = in[get_global_id(0)];
  atomic_add(&res[0], v);
  atomic_max(&res[1], v);
  atomic_min(&res[2], v);
  atomic_xor(&res[3], v);
  atomic_or(&res[4], v);
  atomic_and(&res[5], v);
  atomic_sub(&res[6], v);
}
