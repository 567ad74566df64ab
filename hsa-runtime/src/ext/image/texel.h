// The bytes of one image element holding a clear colour (texel.cpp): the
// conversion an image store performs (HSA PRM 7.1.4.2), done on the CPU so
// that hsa_ext_image_clear only has to replicate bytes.
#pragma once

#include <hsa/hsa_ext_image.h>

#include <cstddef>
#include <cstdint>

namespace hsart::image {

// `colour` is four components r, g, b, a: float for the normalized and
// floating-point channel types, int32_t for the signed integer ones,
// uint32_t for the unsigned ones (hsa_ext_image_clear's data). Writes the
// element's bytes to `out` and returns how many (0: format unsupported).
size_t texel_bytes(hsa_ext_image_format_t format, const void* colour, uint8_t out[16]);

// The conversions, exposed for their tests.
uint32_t unorm_of(float f, unsigned bits);  // UnsignedNormalize(bits)
int32_t snorm_of(float f, unsigned bits);   // SignedNormalize(bits)
uint16_t half_of(float f);                  // f32 to f16, round to nearest even
uint32_t srgb_of(float linear);             // UnsignedSrgb: linear RGB to an sRGB byte
float srgb_to_linear(float srgb);           // UnsignedSrgb on read: sRGB in [0, 1] to linear

}  // namespace hsart::image
