// A CPU reference for the virtual GPU's image loads and stores, written
// from the Vega ISA manual's image chapter and the T# table, not from the
// emulator's code: building a T# from fields, the linear layout's texel
// offsets (the rule emulator/wave/image_texel.h states), and each format's
// texel encoding and decoding.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace gcn_test {
namespace imgref {

// SQ_RSRC_IMG_* and SQ_SEL_* values (Vega ISA, T# table).
enum : unsigned { k1D = 8, k2D = 9, k3D = 10, kCube = 11, k1DArray = 12, k2DArray = 13 };
enum : unsigned { kSel0 = 0, kSel1 = 1, kSelX = 4, kSelY = 5, kSelZ = 6, kSelW = 7 };

struct Image {
  uint64_t base = 0;  // 256-byte aligned
  unsigned data_format = 0, num_format = 0;
  unsigned type = k2D;
  unsigned width = 1, height = 1, depth = 1;  // level 0; arrays: depth = slices
  unsigned pitch = 0;                         // level 0 row pitch in texels (0: width)
  unsigned sel[4] = {kSelX, kSelY, kSelZ, kSelW};
  unsigned base_level = 0, last_level = 0;
  unsigned base_array = 0;
  unsigned sw_mode = 0;
};

// The eight T# dwords.
std::array<uint32_t, 8> tsharp(const Image& im);

// A data/numeric format pair as the reference understands it.
struct Fmt {
  unsigned bytes = 0;            // per texel
  std::vector<unsigned> widths;  // component widths, X first from bit 0
  char kind = 'u';               // 'u' unorm, 's' snorm, 'U' uint, 'S' sint, 'f' float, 'g' srgb
};
bool fmt(unsigned data_format, unsigned num_format, Fmt* f);

// Sizes of a level: {width, rows, depth-or-slices} where rows is 1 for 1D
// and the slice count for 1D arrays.
std::array<unsigned, 3> level_dims(const Image& im, unsigned level);
// Total bytes the image occupies (every slice, every level).
uint64_t total_bytes(const Image& im);
// Byte offset of a texel (x, y, z-or-slice of the view, absolute level), or
// -1 when out of range.
int64_t offset(const Image& im, unsigned level, uint32_t x, uint32_t y, uint32_t z);

// Texel bytes to the four values a load returns before DST_SEL (missing
// components 0, 0, 0, 1 / 1.0f).
std::array<uint32_t, 4> decode(const Fmt& f, const uint8_t* texel);
// Encodes the components whose bit is set in mask into the texel.
void encode(const Fmt& f, const std::array<uint32_t, 4>& v, unsigned mask, uint8_t* texel);

uint32_t fbits(float f);
float fval(uint32_t u);
uint16_t f32_to_f16(float f);  // round to nearest even
float f16_to_f32(uint16_t h);

}  // namespace imgref
}  // namespace gcn_test
