// Cube map faces for sampling: where a footprint texel beyond a face's
// edge lands on the neighbouring face (seamless filtering), using the face
// conventions of V_CUBEID/V_CUBESC/V_CUBETC/V_CUBEMA (Vega ISA; OpenGL's
// cube map face table): faces +X, -X, +Y, -Y, +Z, -Z are 0..5, and a
// direction (x, y, z) on face +X has sc = -z, tc = -y; -X: sc = z, tc = -y;
// +Y: sc = x, tc = z; -Y: sc = x, tc = -z; +Z: sc = x, tc = -y; -Z:
// sc = -x, tc = -y; the face coordinate is (sc / |ma| + 1) / 2.
#pragma once

#include <cstdint>

namespace gcn {
namespace img {

struct CubeTexel {
  unsigned face = 0;
  int64_t i = 0, j = 0;
};

// Texel (i, j) of `face` (w x h texels per face), either inside the face or
// beyond an edge: the direction through the texel's centre is projected
// again (the major axis picks the face, Z before Y before X on ties, as
// V_CUBEID does) and the texel under it returned, clamped to the face. A
// corner beyond two edges lands on whichever face the projection picks.
CubeTexel cube_texel(unsigned face, int64_t i, int64_t j, unsigned w, unsigned h);

}  // namespace img
}  // namespace gcn
