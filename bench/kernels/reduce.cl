// out[g] = the sum of work-group g's elements of in: the OpenCL C
// counterpart of reduce.hsail, the same tree in local memory.
#include "work_item.h"

__kernel void reduce(__global uint* out, __global const uint* in, uint n) {
  __local uint partial[256];
  const uint lid = __builtin_amdgcn_workitem_id_x();
  const uint gid = global_id(0);
  partial[lid] = gid < n ? in[gid] : 0;
  for (uint stride = group_size(0) / 2;; stride >>= 1) {
    group_barrier();
    if (stride == 0) break;
    if (lid < stride) partial[lid] += partial[lid + stride];
  }
  if (lid == 0) out[__builtin_amdgcn_workgroup_id_x()] = partial[0];
}
