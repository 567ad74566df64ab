// A kernel that reads a variable the application defines with
// hsa_executable_*_variable_define before loading.
typedef __SIZE_TYPE__ size_t;
static size_t gid(void) {
  const __constant unsigned short* p =
      (const __constant unsigned short*)__builtin_amdgcn_dispatch_ptr();
  return __builtin_amdgcn_workgroup_id_x() * p[2] + __builtin_amdgcn_workitem_id_x();
}
extern __global int app_offset __attribute__((visibility("default")));
__kernel void add_offset(__global int* out, __global const int* in) {
  size_t i = gid();
  out[i] = in[i] + app_offset;
}
