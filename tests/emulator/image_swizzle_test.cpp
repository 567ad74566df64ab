// The virtual GPU's gfx9 swizzled texel addresses (wave/image_swizzle.h)
// against the equation-based CPU reference (tests/support/
// swizzle_reference.h), against the sizes and pitches Debian's ROCr 5.2
// (addrlib) reported for its images on this GPU (tests/rocm/
// image_layout_probe), and as a bijection: every texel of every level and
// slice owns its own bytes inside the surface.
#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "swizzle_reference.h"
#include "wave/image_swizzle.h"

namespace {

using gcn::img::SwizzledSurface;

const unsigned kModes[] = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 16,
                           17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27};

struct Shape {
  unsigned w, h, d;
};

SwizzledSurface surface(unsigned mode, bool tex3d, unsigned e, const Shape& sh, unsigned pitch) {
  SwizzledSurface s;
  s.sw_mode = mode;
  s.bpe_log2 = e;
  s.tex3d = tex3d;
  s.width = sh.w;
  s.height = sh.h;
  s.depth = sh.d;
  s.pitch = pitch;
  return s;
}

TEST(ImageSwizzle, EveryModeMatchesTheEquations) {
  const Shape kShapes[] = {{1, 1, 1}, {7, 5, 3}, {33, 17, 2}, {70, 45, 1}, {20, 9, 9}};
  unsigned checked = 0;
  for (unsigned mode : kModes) {
    for (bool tex3d : {false, true}) {
      for (unsigned e = 0; e <= 4; ++e) {
        if (!gcn::img::swizzle_supported(mode, tex3d, e)) continue;
        for (const Shape& sh : kShapes) {
          gcn_test::swzref::Surface r{mode, e, tex3d, sh.w, sh.h, sh.d};
          const SwizzledSurface s = surface(mode, tex3d, e, sh, gcn_test::swzref::pitch(r));
          const uint64_t size = gcn_test::swzref::size(r);
          ASSERT_EQ(gcn::img::swizzled_size(s), size) << "mode " << mode << " e " << e;
          std::set<uint64_t> seen;
          for (uint32_t z = 0; z < sh.d; ++z)
            for (uint32_t y = 0; y < sh.h; ++y)
              for (uint32_t x = 0; x < sh.w; ++x) {
                const uint64_t got = gcn::img::swizzled_offset(s, 0, x, y, z);
                ASSERT_EQ(got, gcn_test::swzref::offset(r, x, y, z))
                    << "mode " << mode << " 3d " << tex3d << " e " << e << " texel " << x << ","
                    << y << "," << z << " of " << sh.w << "x" << sh.h << "x" << sh.d;
                ASSERT_EQ(got % (1u << e), 0u);
                ASSERT_LE(got + (1u << e), size);
                ASSERT_TRUE(seen.insert(got).second) << "two texels at " << got;
                ++checked;
              }
        }
      }
    }
  }
  EXPECT_GT(checked, 100000u);
}

// What image_layout_probe printed for Debian's ROCr on this GPU: SW_MODE,
// PITCH and hsa_ext_image_data_get_info's size.
TEST(ImageSwizzle, SizesAndPitchesAsRocrReports) {
  struct Row {
    unsigned mode;
    bool tex3d;
    unsigned e;
    Shape sh;
    unsigned pitch;
    uint64_t size;
  };
  const Row kRows[] = {
      {22, false, 0, {1, 1, 1}, 64, 4096},         {22, false, 4, {7, 5, 1}, 16, 4096},
      {22, false, 1, {17, 33, 1}, 64, 8192},       {22, false, 3, {17, 33, 1}, 32, 12288},
      {22, false, 4, {17, 33, 1}, 32, 24576},      {26, false, 3, {64, 64, 1}, 128, 65536},
      {26, false, 2, {100, 70, 1}, 128, 65536},    {22, false, 1, {100, 70, 1}, 128, 24576},
      {22, false, 4, {1000, 3, 1}, 1008, 258048},  {26, false, 4, {1024, 1024, 1}, 1024, 16777216},
      {22, false, 0, {17, 9, 3}, 64, 12288},       {26, false, 2, {300, 200, 4}, 384, 1572864},
      {26, false, 4, {300, 200, 4}, 320, 5242880}, {20, true, 0, {4, 4, 4}, 16, 4096},
      {20, true, 4, {4, 4, 4}, 4, 4096},           {20, true, 3, {13, 11, 7}, 16, 16384},
      {24, true, 4, {13, 11, 7}, 16, 65536},       {24, true, 0, {64, 64, 64}, 64, 262144},
      {24, true, 4, {100, 90, 30}, 112, 5505024},  {24, true, 2, {256, 256, 16}, 256, 4194304},
  };
  for (const Row& r : kRows) {
    gcn_test::swzref::Surface ref{r.mode, r.e, r.tex3d, r.sh.w, r.sh.h, r.sh.d};
    EXPECT_EQ(gcn_test::swzref::pitch(ref), r.pitch) << r.mode << " " << r.sh.w;
    EXPECT_EQ(gcn::img::swizzled_size(surface(r.mode, r.tex3d, r.e, r.sh, r.pitch)), r.size)
        << "mode " << r.mode << " " << r.sh.w << "x" << r.sh.h << "x" << r.sh.d << " e " << r.e;
  }
}

// Mip chains: every level's texels land on their own bytes inside the size.
TEST(ImageSwizzle, MipChainsAreBijections) {
  struct Case {
    unsigned mode;
    bool tex3d;
    unsigned e;
    Shape sh;
  };
  const Case kCases[] = {
      {26, false, 2, {300, 200, 2}}, {22, false, 0, {64, 64, 1}},  {26, false, 4, {17, 9, 1}},
      {22, false, 3, {1000, 3, 1}},  {9, false, 1, {130, 513, 1}}, {24, true, 2, {40, 33, 20}},
      {20, true, 0, {64, 64, 64}},   {26, true, 3, {50, 20, 9}},   {25, true, 4, {17, 64, 3}},
  };
  for (const Case& c : kCases) {
    SwizzledSurface s = surface(c.mode, c.tex3d, c.e, c.sh, 0);
    unsigned levels = 1;
    while ((c.sh.w >> levels) || (c.sh.h >> levels) || (c.tex3d && (c.sh.d >> levels))) ++levels;
    s.num_levels = levels;
    const uint64_t size = gcn::img::swizzled_size(s);
    std::set<uint64_t> seen;
    for (unsigned m = 0; m < levels; ++m) {
      auto shrink = [m](unsigned v) { return (v >> m) ? v >> m : 1u; };
      const unsigned w = shrink(c.sh.w), h = shrink(c.sh.h), d = c.tex3d ? shrink(c.sh.d) : c.sh.d;
      for (uint32_t z = 0; z < d; ++z)
        for (uint32_t y = 0; y < h; ++y)
          for (uint32_t x = 0; x < w; ++x) {
            const uint64_t off = gcn::img::swizzled_offset(s, m, x, y, z);
            ASSERT_LE(off + (1u << c.e), size) << "mode " << c.mode << " level " << m;
            ASSERT_TRUE(seen.insert(off).second)
                << "mode " << c.mode << " level " << m << " texel " << x << "," << y << "," << z;
          }
    }
  }
}

TEST(ImageSwizzle, ModesAddrlibForbidsAreNotSupported) {
  EXPECT_FALSE(gcn::img::swizzle_supported(0, false, 2));   // linear is not swizzled
  EXPECT_FALSE(gcn::img::swizzle_supported(12, false, 2));  // variable block (not gfx900)
  EXPECT_FALSE(gcn::img::swizzle_supported(1, true, 2));    // 256 B blocks: 2D only
  EXPECT_FALSE(gcn::img::swizzle_supported(27, true, 2));   // R: 2D only
  EXPECT_FALSE(gcn::img::swizzle_supported(24, false, 4));  // Z at 16 bytes in 2D
  EXPECT_TRUE(gcn::img::swizzle_supported(26, false, 4));
  EXPECT_TRUE(gcn::img::swizzle_supported(24, true, 4));
}

}  // namespace

namespace {

// A _X surface's pipe/bank XOR (the T# base's bits above 256 B) flips the
// address bits from the pipe interleave up, inside the block (addrlib's
// ApplyCustomerPipeBankXor); other modes ignore it.
TEST(ImageSwizzle, PipeBankXorFlipsPipeAndBankBits) {
  for (unsigned mode : {22u, 26u, 24u, 9u}) {
    const bool tex3d = mode == 24;
    SwizzledSurface s = surface(mode, tex3d, 2, {70, 45, 3}, 0);
    const unsigned bits = gcn::img::swizzle_xor_bits(mode);
    EXPECT_EQ(bits, mode == 9 ? 0u : mode == 22 ? 4u : 8u) << mode;
    s.pipe_bank_xor = 0xA5;
    SwizzledSurface plain = s;
    plain.pipe_bank_xor = 0;
    const uint64_t flip = uint64_t{0xA5u & ((1u << bits) - 1)} << 8;
    for (uint32_t z = 0; z < 3; ++z)
      for (uint32_t y = 0; y < 45; y += 7)
        for (uint32_t x = 0; x < 70; x += 3)
          ASSERT_EQ(gcn::img::swizzled_offset(s, 0, x, y, z),
                    gcn::img::swizzled_offset(plain, 0, x, y, z) ^ flip)
              << mode << " " << x << "," << y << "," << z;
  }
}

}  // namespace
