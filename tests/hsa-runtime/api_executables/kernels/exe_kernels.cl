// Kernels the executable API tests load: vector_add for the end-to-end
// dispatch, and scaled_add, which reads a program-scope global and a
// __constant table (so the loader has relocations to apply); both are
// visible so they appear as executable symbols.
typedef __SIZE_TYPE__ size_t;
// The work-item's flat id from the dispatch packet (no OpenCL library).
static size_t gid(void) {
  const __constant unsigned short* p =
      (const __constant unsigned short*)__builtin_amdgcn_dispatch_ptr();
  return __builtin_amdgcn_workgroup_id_x() * p[2] + __builtin_amdgcn_workitem_id_x();
}
__kernel void vector_add(__global int* c, __global const int* a, __global const int* b,
                         unsigned n) {
  size_t i = gid();
  if (i < n) c[i] = a[i] + b[i];
}
__constant int bias[4] __attribute__((visibility("default"))) = {10, 20, 30, 40};
__global long scale __attribute__((visibility("default"))) = 3;
__kernel void scaled_add(__global int* c, __global const int* a) {
  size_t i = gid();
  c[i] = a[i] * (int)scale + bias[i & 3];
}
