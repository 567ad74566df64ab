// A CPU reference for the virtual GPU's sampling (image_sample*,
// image_gather4*, image_get_lod), written from the Vega ISA manual's image
// chapter and S# table, the Vulkan/OpenGL texturing rules the hardware
// serves, and the precision emulator/wave/image_sampler.h documents (8
// fractional bits for texel coordinates and LODs), not from the emulator's
// code. Texels come from image_reference.h's layout and decoding.
#pragma once

#include <array>
#include <cstdint>

#include "image_reference.h"

namespace gcn_test {
namespace smpref {

// S# fields (Vega ISA, "Image Sampler" table). LODs are floats here; the
// builder turns them into u4.8 / s5.8.
struct Sampler {
  unsigned clamp[3] = {0, 0, 0};  // SQ_TEX_WRAP .. SQ_TEX_MIRROR_ONCE_BORDER (0..7)
  unsigned max_aniso = 0;
  unsigned compare = 0;  // SQ_TEX_DEPTH_COMPARE_NEVER .. ALWAYS (0..7)
  bool force_unnormalized = false;
  unsigned filter_mode = 0;  // 0 blend, 1 min, 2 max
  float min_lod = 0, max_lod = 15, lod_bias = 0;
  unsigned mag = 0, min = 0, zf = 0,
           mip = 0;          // XY: 0 point, 1 bilinear; Z/MIP: 0 none, 1 point, 2 linear
  unsigned border_type = 0;  // 0 transparent black, 1 opaque black, 2 opaque white, 3 register
  bool disable_cube_wrap = false;
  // TRUNC_COORD: texel coordinates truncate to 1/256; clear, they round to
  // the nearest 1/256 (the point-sampling rounding RADV turns off).
  bool trunc_coord = false;
};
std::array<uint32_t, 4> ssharp(const Sampler& s);

// One lane's lookup, as the instruction's address VGPRs give it.
struct Query {
  // x [, y [, z]] then the slice for arrays; cube maps: the face
  // coordinates plus 1 (in [1, 2]) and 8 * layer + face.
  float coord[4] = {0, 0, 0, 0};
  bool unorm = false;  // the instruction's UNORM bit
  int offset[3] = {0, 0, 0};
  bool compare = false;
  float ref = 0;
  enum LodFrom { kGradients, kLod, kZero } lod_from = kGradients;
  float dh[3] = {0, 0, 0}, dv[3] = {0, 0, 0};  // d/dx, d/dy of the spatial coordinates
  float lod = 0;                               // _l
  float bias = 0;                              // _b
  bool has_clamp = false;                      // _cl
  float clamp = 0;
};

// The filtered texel's four components before DST_SEL.
std::array<uint32_t, 4> sample(const imgref::Image& im, const uint8_t* mem, const Sampler& s,
                               const Query& q);
// gather4: the four footprint texels' components before DST_SEL, in the
// order (i0,j1), (i1,j1), (i1,j0), (i0,j0).
std::array<std::array<uint32_t, 4>, 4> gather4(const imgref::Image& im, const uint8_t* mem,
                                               const Sampler& s, const Query& q);
// image_get_lod: {clamped LOD, unclamped LOD}.
std::array<float, 2> get_lod(const imgref::Image& im, const Sampler& s, const Query& q);

// DST_SEL applied to component values (SEL_1 is 1 or 1.0f).
uint32_t swizzle(unsigned sel, const std::array<uint32_t, 4>& c, bool integer);

}  // namespace smpref
}  // namespace gcn_test
