// Image addressing: a T# read from SGPRs, the coordinates its TYPE takes,
// and the byte address of a texel. Field layouts:
// firmware-interfaces/gfx9_image_descriptor.h.
//
// Layout: SW_MODE 0 (linear) only. A level m is max(1, size >> m) in each
// dimension the type has (arrays keep their slice count); its rows are
// pitch_m elements apart, pitch_0 = PITCH + 1 and pitch_m (m > 0) = width_m
// rounded up to 256 bytes' worth of elements; a level's slices (3D depth
// or array slice) are pitch_m * height_m elements apart. The levels of one
// array slice follow each other (level 0 first), and array slice s starts
// s * (the whole chain's size) from BASE_ADDRESS. Other SW_MODEs: the gfx9
// swizzled layouts of image_swizzle.h (2D, 2D arrays, cubes and 3D).
#pragma once

#include <cstdint>

#include "wave.h"

namespace gcn {
namespace img {

struct Rsrc {
  uint64_t base = 0;  // byte address of level 0, slice 0
  unsigned data_format = 0, num_format = 0;
  unsigned width = 1, height = 1, depth = 1;  // level 0 sizes (fields + 1); arrays: depth = slices
  unsigned pitch = 1;                         // level 0 row pitch, elements
  unsigned dst_sel[4] = {};
  unsigned base_level = 0, last_level = 0;
  unsigned sw_mode = 0;
  unsigned type = 0;
  unsigned base_array = 0;
};

Rsrc rsrc(const Wave& w, unsigned sgpr);

// What a TYPE addresses: 1 to 3 spatial coordinates and whether the last
// of them is an array slice. false for the types not implemented (MSAA).
struct Dims {
  unsigned coords = 0;  // x, y, z or slice (the mip level comes after them)
  bool array = false;
  bool three_d = false;
};
bool dims(unsigned type, Dims* d);

// Level `level`'s sizes (width, height, depth or slices).
void level_size(const Rsrc& r, const Dims& d, unsigned level, unsigned out[3]);

// Whether texel_offset knows the T#'s layout for this type and texel size
// (linear always; the swizzled modes image_swizzle.h implements, not 1D).
bool layout_supported(const Rsrc& r, const Dims& d, unsigned bpe);

// Byte offset from BASE_ADDRESS of texel (x, y, z or slice) of `level`, or
// false when a coordinate lies outside the level (the access is dropped).
bool texel_offset(const Rsrc& r, const Dims& d, unsigned bpe, unsigned level, const uint32_t c[3],
                  uint64_t* offset);

}  // namespace img
}  // namespace gcn
