// Loader test kernels: a program-scope global and a __constant table make
// the compiler emit dynamic relocations.
typedef __SIZE_TYPE__ size_t;
static size_t gid(void) {
  const __constant unsigned short* p =
      (const __constant unsigned short*)__builtin_amdgcn_dispatch_ptr();
  return __builtin_amdgcn_workgroup_id_x() * p[2] + __builtin_amdgcn_workitem_id_x();
}
__constant int table[8] = {3, 1, 4, 1, 5, 9, 2, 6};
__global int counter = 7;
__kernel void scale_add(__global int* out, __global const int* in, int k, short s) {
  size_t i = gid();
  out[i] = in[i] * k + table[i & 7] + counter + s;
}
__kernel void lookup(__global int* out, __constant int* tab) {
  size_t i = gid();
  out[i] = tab[i & 7];
}
// A table of pointers in constant memory: each entry needs a relocation.
__constant int* __constant rows[2] = {&table[0], &table[4]};
__global int* __global counter_ptr = &counter;
__kernel void indirect(__global int* out) {
  size_t i = gid();
  out[i] = rows[i & 1][i & 3] + *counter_ptr;
}
extern __global int app_var __attribute__((visibility("default")));
__kernel void use_extern(__global int* out) {
  size_t i = gid();
  out[i] = app_var + (int)i;
}
