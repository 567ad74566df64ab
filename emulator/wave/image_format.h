// Image texel formats: a T#'s DATA_FORMAT/NUM_FORMAT pair as component
// fields, and the conversions between a texel in memory and the four 32-bit
// component values the MIMG instructions move (floats as f32 bits, integers
// as 32-bit integers). Field positions: firmware-interfaces/
// gfx9_image_descriptor.h (packed formats name the most significant field
// first: X sits in the low bits). Conversions: the Vega ISA manual's data
// conversion rules for texture formats, as the D3D/OpenCL rules state them
// (unorm v / (2^n - 1), snorm max(v / (2^(n-1) - 1), -1); stores clamp,
// NaN to 0, round to nearest even; integer stores saturate, as OpenCL's
// write_image{i,ui} require of the hardware path LLVM emits; sRGB by the
// IEC 61966-2-1 curve, computed in double and rounded once).
#pragma once

#include <cstdint>

namespace gcn {
namespace img {

// kSrgb: X, Y and Z are sRGB-encoded unorm (W stays linear unorm).
enum class Num : uint8_t { kUnorm, kSnorm, kUint, kSint, kFloat, kSrgb };

struct Format {
  unsigned bytes = 0;     // bytes per texel: 1, 2, 4, 8 or 16
  unsigned comps = 0;     // components in memory, X first
  uint8_t shift[4] = {};  // bit position of each component in the texel
  uint8_t bits[4] = {};   // width of each component
  Num num = Num::kUnorm;
  // Whether a component value is a float (unorm, snorm, srgb and float formats):
  // what SEL_1 and missing components read as.
  bool float_result() const { return num != Num::kUint && num != Num::kSint; }
};

// The format of a DATA_FORMAT/NUM_FORMAT pair; false (with *why set) for
// pairs the virtual GPU does not implement.
bool format(unsigned data_format, unsigned num_format, Format* f, const char** why);

// Texel bytes (f.bytes of them, little endian) to component values; the
// components the format lacks read 0, 0, 0 and 1 (1.0f for float results).
void decode(const Format& f, const uint8_t* texel, uint32_t out[4]);

// Component values to texel bytes. Only the components whose bit is set in
// `write` change; the others keep what `texel` held.
void encode(const Format& f, const uint32_t in[4], unsigned write, uint8_t* texel);

}  // namespace img
}  // namespace gcn
