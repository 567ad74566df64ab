// Which image formats the gfx9 GPU agent supports, for which geometry and
// access, and how each is described to the hardware (formats.cpp). The
// answers are ROCr's for gfx9 (its format table, geometry filters, swizzles
// and dimension limits), so that a program sees the same capabilities on
// this runtime as on ROCm.
#pragma once

#include <hsa/hsa_ext_image.h>

#include <cstdint>

namespace hsart::image {

struct FormatInfo {
  uint32_t capability = 0;    // hsa_ext_image_format_capability_t bits; 0: unsupported
  uint32_t element_size = 0;  // bytes per element
  uint32_t data_format = 0;   // IMG_DATA_FORMAT
  uint32_t num_format = 0;    // IMG_NUM_FORMAT
};

// The format's answer for the geometry (capability 0 when unsupported or
// out of range).
FormatInfo format_info(hsa_ext_image_format_t format, hsa_ext_image_geometry_t geometry);

// The T#/V# DST_SEL_X..W of a channel order: which memory component each of
// the access components r, g, b, a reads (a DstSel each).
struct Swizzle {
  uint32_t x, y, z, w;
};
Swizzle swizzle_of(uint32_t channel_order);
// The T#'s BC_SWIZZLE for a swizzle: the border colour lands on the
// components the order stores.
uint32_t bc_swizzle_of(const Swizzle& s);
// The T# TYPE of a geometry (SQ_RSRC_IMG_*; 0 for 1DB, whose V# has TYPE 0).
uint32_t resource_type_of(hsa_ext_image_geometry_t geometry);

// ROCr's gfx9 limits of a geometry: width, height, depth, array layers.
struct Limits {
  uint32_t width, height, depth, layers;
};
Limits limits_of(hsa_ext_image_geometry_t geometry);

// The geometries with layers, and how many rows and slices an image of the
// geometry has in memory (1D kinds have one row; arrays have a slice per layer).
bool is_array(hsa_ext_image_geometry_t geometry);
uint32_t rows_of(const hsa_ext_image_descriptor_t& d);
uint32_t slices_of(const hsa_ext_image_descriptor_t& d);

}  // namespace hsart::image
