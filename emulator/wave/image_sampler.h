// Sampling: the S# read from SGPRs, a lookup's level of detail, and the
// filtered value of a lookup (addressing modes, border, point/bilinear/
// trilinear filters, blend/min/max reduction, depth compare, gather4's
// footprint, cube faces). Field layouts and values:
// firmware-interfaces/gfx9_image_descriptor.h. Texels come through a
// fetch callback, so the layout (linear or swizzled) stays img::texel_offset's.
//
// Precision (what the virtual GPU defines where the Vega ISA manual is
// silent):
// - Coordinates: a normalized coordinate times the level's size (f32
//   product), plus the _o offset, becomes fixed point with 8 fractional
//   bits (floor(u * 256)): the texture unit's sub-texel precision. Mesa's
//   RADV reports subTexelPrecisionBits = 8 and mipmapPrecisionBits = 8 for
//   every GCN/RDNA part (src/amd/vulkan/radv_device.c,
//   radv_GetPhysicalDeviceProperties). Point sampling takes the integer
//   part; bilinear takes i0 = floor(u - 1/2) and the weights (256 - f)/256
//   and f/256 of the 8-bit fraction f.
// - LOD: 8 fractional bits too (the S#'s u4.8/s5.8 fields), floor of
//   lambda * 256, held to [-32, 32].
// - Blending: the weights (exact dyadic fractions) times the texels'
//   values summed in double and rounded once to f32.
#pragma once

#include <cstdint>
#include <functional>

#include "image_format.h"
#include "image_texel.h"
#include "wave.h"

namespace gcn {
namespace img {

constexpr int kFrac = 256;  // 8 fractional bits, coordinates and LODs

// The S#. LODs are in 1/256 units.
struct Sampler {
  unsigned clamp[3] = {};        // FW_SQ_TEX_* addressing of x, y, z
  unsigned max_aniso_ratio = 0;  // decoded; anisotropy is not modelled
  unsigned compare_func = 0;     // FW_SQ_TEX_DEPTH_COMPARE_*
  bool force_unnormalized = false;
  unsigned filter_mode = 0;      // FW_SQ_IMG_FILTER_MODE_*
  int min_lod = 0, max_lod = 0;  // u4.8
  int lod_bias = 0;              // s5.8
  unsigned mag_filter = 0, min_filter = 0, z_filter = 0, mip_filter = 0;
  unsigned border_ptr = 0, border_type = 0;
  bool disable_cube_wrap = false;  // cube maps: clamp at face edges
  bool trunc_coord = false;        // texel coordinates truncate to 1/256 (else round)
};
Sampler sampler(const Wave& w, unsigned sgpr);

// Whether addressing mode m reads the border colour.
bool uses_border(unsigned m);

// lambda_base from gradients: log2 of the larger of the two derivative
// vectors' lengths, each coordinate's derivatives scaled by `scale` (the
// base level's size for normalized coordinates, 1 otherwise). n spatial
// coordinates; dh = d/dx (horizontal), dv = d/dy.
double lod_from_gradients(unsigned n, const float dh[3], const float dv[3], const float scale[3]);

// lambda' in 1/256 units: floor(lambda * 256) held to [-32, 32] (NaN and
// -infinity give -32), plus the S#'s LOD_BIAS.
int lod_fixed(double lambda, const Sampler& s);

// lambda' clamped to [max(MIN_LOD, T# MIN_LOD, clamp), MAX_LOD].
int lod_clamp(int lod, const Sampler& s, int rsrc_min_lod, int clamp);

// One lookup. coord: the spatial coordinates (normalized unless
// `normalized` is false); slice: the array slice of the view, already
// rounded; lod: lambda after lod_clamp (relative to BASE_LEVEL).
struct Lookup {
  float coord[3] = {0, 0, 0};
  bool normalized = true;
  int offset[3] = {0, 0, 0};
  uint32_t slice = 0;
  int lod = 0;
  bool compare = false;
  float ref = 0;  // depth compare reference
  // Cube maps: coord[0..1] are the face's normalized coordinates, `face`
  // its number (0..5) and slice = 6 * layer + face. Footprint texels beyond
  // the face's edges come from the neighbouring faces (image_cube.h) unless
  // DISABLE_CUBE_WRAP; CLAMP_X/Y do not apply.
  bool cube = false;
  unsigned face = 0;
};

// Reads texel (c[0], c[1], c[2]) of absolute level `level` (c as
// img::texel_offset takes them), decoded; false when the read faulted.
using Fetch = std::function<bool(unsigned level, const uint32_t c[3], uint32_t out[4])>;

// The filtered texel (four components before DST_SEL); false on a fault.
bool sample(const Rsrc& r, const Dims& d, const Format& f, const Sampler& s, const Lookup& q,
            const Fetch& fetch, uint32_t out[4]);

// gather4: the 2x2 bilinear footprint at the level the LOD picks (the
// mip filter's nearest), each texel's four components before DST_SEL, in
// the order (i0,j1), (i1,j1), (i1,j0), (i0,j0).
bool gather4(const Rsrc& r, const Dims& d, const Format& f, const Sampler& s, const Lookup& q,
             const Fetch& fetch, uint32_t out[4][4]);

// The level `lod` reaches through MIP_FILTER point (nearest, halves up),
// clamped to the view's levels; relative to BASE_LEVEL.
unsigned nearest_level(const Rsrc& r, const Sampler& s, int lod);

// IMAGE_GET_LOD's two values: lambda clamped to the view's levels
// [0, LAST_LEVEL - BASE_LEVEL], and lambda' before any clamp.
void get_lod(const Rsrc& r, int clamped, int unclamped, float out[2]);

}  // namespace img
}  // namespace gcn
