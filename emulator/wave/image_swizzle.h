// gfx9 swizzled image layouts (SW_MODE != 0): the byte offset of a texel
// in a 256 B, 4 KiB or 64 KiB block surface, as addrlib lays it out for
// GB_ADDR_CONFIG (Vega 10's, kfd-common/kfd_device_vega10.h).
//
// A surface is a grid of blocks (block size by SW_MODE). Thin layouts (2D,
// 2D arrays, and 3D with the _D modes) have 2D blocks, one per slice; thick
// layouts (3D with _Z and _S) have 3D blocks. Inside a block, the texel's
// bits are placed by the mode's pattern (Z: Morton order; S: standard; D:
// display; R: rotated) below 256 B and in Morton order above it; the _X
// modes then XOR pipe and bank bits (above the pipe interleave) with higher
// coordinate bits, and thin _X surfaces with the reversed slice index too.
// Mip levels follow addrlib's chain: levels beside or below level 0 in
// blocks, the small ones packed into a tail block.
#pragma once

#include <cstdint>

namespace gcn {
namespace img {

// What the address function takes from a T#.
struct SwizzledSurface {
  unsigned sw_mode = 0;
  unsigned bpe_log2 = 0;  // element bytes, log2 (0..4)
  bool tex3d = false;     // TYPE 3D (else 2D or 2D array: slices)
  unsigned width = 1, height = 1;
  unsigned depth = 1;          // 3D depth, or array slices
  unsigned pitch = 0;          // level 0 row pitch in elements (T# PITCH + 1); 0: derive
  unsigned num_levels = 1;     // LAST_LEVEL + 1
  uint32_t pipe_bank_xor = 0;  // the T#'s base address bits above 256 B, for _X modes
};

// The swizzle modes implemented: the 4 KiB and 64 KiB Z, S, D, R modes and
// their _X and _T forms, and the 256 B modes, where addrlib allows the mode
// for the resource (no R or 256 B for 3D; no Z or R at 16 bytes in 2D).
bool swizzle_supported(unsigned sw_mode, bool tex3d, unsigned bpe_log2);

// log2 of the mode's block size (8, 12 or 16).
unsigned swizzle_block_log2(unsigned sw_mode);

// Bits of the base address a _X/_T surface takes as its pipe/bank XOR
// (from bit 8): 0 for the other modes.
unsigned swizzle_xor_bits(unsigned sw_mode);

// Byte offset of texel (x, y, z) of `level` from the surface's start; z is
// the 3D depth or the array slice. The coordinates must lie in the level.
uint64_t swizzled_offset(const SwizzledSurface& s, unsigned level, uint32_t x, uint32_t y,
                         uint32_t z);

// Size in bytes of the whole surface (all slices, all levels), as addrlib
// reports it.
uint64_t swizzled_size(const SwizzledSurface& s);

}  // namespace img
}  // namespace gcn
