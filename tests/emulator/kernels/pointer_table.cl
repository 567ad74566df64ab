#include "device.h"
// A program-scope table of pointers to other program-scope variables: the
// linker leaves R_AMDGPU_RELATIVE64 relocations for the loader to apply.
__global uint g_first[4] = {1, 2, 3, 4};
__global uint g_second[4] = {100, 200, 300, 400};
__global uint* g_table[2] = {g_first, g_second};
__kernel void pointer_table(__global const uint* in, __global uint* out) {
  uint x = in[get_global_id(0)];
  out[get_global_id(0)] = g_table[x & 1][(x >> 1) & 3];
}
