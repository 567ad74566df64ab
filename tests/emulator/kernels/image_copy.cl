// read_imageui/write_imageui with integer coordinates: image arguments
// arrive as pointers to their T#; work-items past the image's last row
// read 0 and their stores are dropped (the hardware's range check).
#include "device.h"

__kernel void image_copy(__read_only image2d_t src, __write_only image2d_t dst, int width) {
  const int id = (int)get_global_id(0);
  const int2 c = (int2)(id % width, id / width);
  const uint4 v = read_imageui(src, c);
  write_imageui(dst, c, v * 3u + (uint4)(1u, 2u, 3u, 4u));
}
