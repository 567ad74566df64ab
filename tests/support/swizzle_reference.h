// A CPU reference for gfx9's swizzled image layouts, written from addrlib's
// address equations (gfx9addrlib.cpp's HwlComputeBlock256Equation,
// HwlComputeThinEquation and HwlComputeThickEquation, as they document
// each address bit: a coordinate bit, XORed with up to two more), not from
// the emulator's code (emulator/wave/image_swizzle.cpp computes the same
// addresses the way addrlib's HwlComputeSurfaceAddrFromCoordTiled does).
// One mip level; slices of thin surfaces and 3D depth of thick ones.
// GB_ADDR_CONFIG: Vega 10's (4 pipes, 256 B pipe interleave, 16 banks,
// 4 shader engines).
#pragma once

#include <cstdint>

namespace gcn_test {
namespace swzref {

struct Surface {
  unsigned sw_mode = 0;
  unsigned bpe_log2 = 0;
  bool tex3d = false;
  unsigned width = 1, height = 1, depth = 1;  // depth: 3D depth or array slices
};

// Block width, height and depth in elements.
void block_dims(const Surface& s, unsigned out[3]);

// addrlib's pitch (width padded to blocks) and surface size.
unsigned pitch(const Surface& s);
uint64_t size(const Surface& s);

// Byte offset of element (x, y, z); z: depth or slice.
uint64_t offset(const Surface& s, uint32_t x, uint32_t y, uint32_t z);

}  // namespace swzref
}  // namespace gcn_test
