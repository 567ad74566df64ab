// C = A x B for row-major float matrices A (m x k), B (k x n), C (m x n):
// one work-item per element of C, x the column and y the row, so a 2D
// grid of n x m work-items covers C (partial workgroups return early).
// Built with -cl-no-stdinc: the work-item ids come from the builtins and
// the dispatch packet's workgroup sizes rather than the OpenCL library.
typedef unsigned int uint;

static uint global_id(uint dim) {
  const __constant unsigned short* packet =
      (const __constant unsigned short*)__builtin_amdgcn_dispatch_ptr();
  // Halfwords 2, 3 of the AQL dispatch packet: workgroup_size_x, _y.
  if (dim == 0) return __builtin_amdgcn_workgroup_id_x() * packet[2] + __builtin_amdgcn_workitem_id_x();
  return __builtin_amdgcn_workgroup_id_y() * packet[3] + __builtin_amdgcn_workitem_id_y();
}

__kernel void matmul(__global float* c, __global const float* a, __global const float* b, uint m,
                     uint n, uint k) {
  const uint col = global_id(0);
  const uint row = global_id(1);
  if (row >= m || col >= n) return;
  float sum = 0.0f;
  for (uint i = 0; i < k; ++i) sum += a[row * k + i] * b[i * n + col];
  c[row * n + col] = sum;
}
