// Work-item ids for the OpenCL C baselines, which are built with
// -cl-no-stdinc -nogpulib (no OpenCL library): the AMDGPU builtins and the
// dispatch packet's workgroup sizes, as examples/matmul.cl computes them.
typedef unsigned int uint;

// Halfwords 2, 3 of the AQL dispatch packet: workgroup_size_x, _y.
static uint group_size(uint dim) {
  const __constant unsigned short* packet =
      (const __constant unsigned short*)__builtin_amdgcn_dispatch_ptr();
  return packet[2 + dim];
}

static uint global_id(uint dim) {
  if (dim == 0)
    return __builtin_amdgcn_workgroup_id_x() * group_size(0) + __builtin_amdgcn_workitem_id_x();
  return __builtin_amdgcn_workgroup_id_y() * group_size(1) + __builtin_amdgcn_workitem_id_y();
}

// OpenCL's barrier(CLK_LOCAL_MEM_FENCE): work-group release, the
// execution barrier, work-group acquire.
static void group_barrier(void) {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}
