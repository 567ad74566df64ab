// out (cols x rows) = the transpose of in (rows x cols): the OpenCL C
// counterpart of examples/transpose.hsail.
#include "work_item.h"

__kernel void transpose(__global uint* out, __global const uint* in, uint rows, uint cols) {
  const uint col = global_id(0);
  const uint row = global_id(1);
  if (row >= rows || col >= cols) return;
  out[col * rows + row] = in[row * cols + col];
}
