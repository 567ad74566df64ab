// The objects behind image and sampler handles, decoded field by field
// with the Vega ISA manual's bit positions (written out here, apart from
// the runtime's encoders) and compared with what Debian's ROCr 5.2 builds
// for the same image on the same gfx900 through our thunk. ROCr lays out
// 1D, 1DA and 1DB images linearly as we do, so their words match ROCr's
// exactly but for the address; for the others ROCr picks a tiled swizzle
// mode, and the words match but for SW_MODE and PITCH.
#include <cstring>

#include "image_fixture.h"

namespace {

using ApiImageObjects = ImageFixture;

uint32_t bits(uint32_t word, unsigned lo, unsigned width) {
  return (word >> lo) & ((width == 32 ? 0 : (1u << width)) - 1);
}

const uint32_t* words_of(hsa_ext_image_t im) {
  return reinterpret_cast<const uint32_t*>(im.handle);
}

// The T#'s base address fields: bits 39:8 in dword 0, 47:40 in dword 1.
uint64_t tsharp_address(const uint32_t* w) {
  return (uint64_t{w[0]} << 8) | (uint64_t{bits(w[1], 0, 8)} << 40);
}

struct Expected {
  hsa_ext_image_descriptor_t d;
  uint32_t w1_high;  // dword 1 without BASE_ADDRESS_HI (bits 31:8)
  uint32_t w2, w3, w4;
};

TEST_F(ApiImageObjects, ImageWordsAreRocrs) {
  using G = hsa_ext_image_geometry_t;
  const auto unorm8 = HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8;
  const auto rgba = HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA;
  const Expected kCases[] = {
      // ROCr's words, as dumped from Debian's ROCr (linear geometries).
      {describe(HSA_EXT_IMAGE_GEOMETRY_1D, 77, 1, 0, 0, unorm8, HSA_EXT_IMAGE_CHANNEL_ORDER_R),
       0x00100000, 0x0000004c, 0x80000204, 0x201fe000},
      {describe(HSA_EXT_IMAGE_GEOMETRY_1DA, 9, 1, 0, 4, unorm8, rgba), 0x00a00000, 0x00000008,
       0xc0000fac, 0x0007e003},
      // ROCr's words with its SW_MODE (bits 24:20 of dword 3) cleared and
      // our pitch: 256-byte rows.
      {describe(HSA_EXT_IMAGE_GEOMETRY_2D, 3, 5, 0, 0, unorm8, rgba), 0x00a00000, 0x00010002,
       0x90000fac, 63u << 13},
      {describe(HSA_EXT_IMAGE_GEOMETRY_2D, 100, 7, 0, 0, HSA_EXT_IMAGE_CHANNEL_TYPE_SNORM_INT8,
                HSA_EXT_IMAGE_CHANNEL_ORDER_R),
       0x04100000, 0x00018063, 0x90000204, (1u << 29) | (255u << 13)},
      {describe(HSA_EXT_IMAGE_GEOMETRY_2D, 65, 3, 0, 0, HSA_EXT_IMAGE_CHANNEL_TYPE_FLOAT, rgba),
       0x1ce00000, 0x00008040, 0x90000fac, 79u << 13},
      {describe(HSA_EXT_IMAGE_GEOMETRY_3D, 5, 6, 7, 0, unorm8, rgba), 0x00a00000, 0x00014004,
       0xa0000fac, (63u << 13) | 6},
      {describe(HSA_EXT_IMAGE_GEOMETRY_2DDEPTH, 20, 10, 0, 0,
                HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT16, HSA_EXT_IMAGE_CHANNEL_ORDER_DEPTH),
       0x00200000, 0x00024013, 0x90000004, (1u << 29) | (127u << 13)},
      {describe(HSA_EXT_IMAGE_GEOMETRY_2DADEPTH, 20, 10, 0, 3, HSA_EXT_IMAGE_CHANNEL_TYPE_FLOAT,
                HSA_EXT_IMAGE_CHANNEL_ORDER_DEPTH),
       0x1c400000, 0x00024013, 0xd0000004, (1u << 29) | (63u << 13) | 2},
      {describe(HSA_EXT_IMAGE_GEOMETRY_2D, 1000, 2, 0, 0,
                HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_SHORT_565, HSA_EXT_IMAGE_CHANNEL_ORDER_RGB),
       0x01000000, 0x000043e7, 0x9000032e, (4u << 29) | (1023u << 13)},
      {describe(HSA_EXT_IMAGE_GEOMETRY_2D, 256, 2, 0, 0, HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT8,
                HSA_EXT_IMAGE_CHANNEL_ORDER_R),
       0x10100000, 0x000040ff, 0x90000204, (1u << 29) | (255u << 13)},
      {describe(HSA_EXT_IMAGE_GEOMETRY_2DA, 300, 3, 0, 2, HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT16,
                rgba),
       0x10c00000, 0x0000812b, 0xd0000fac, (319u << 13) | 1},
  };
  for (const Expected& e : kCases) {
    void* data = nullptr;
    const hsa_ext_image_t im = image(e.d, false, 0, 0, &data);
    ASSERT_NE(im.handle, 0u);
    const uint32_t* w = words_of(im);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(w) % 16, 0u);
    EXPECT_EQ(tsharp_address(w), reinterpret_cast<uintptr_t>(data));
    EXPECT_EQ(w[1] & ~0xFFu, e.w1_high) << "geometry " << e.d.geometry;
    EXPECT_EQ(w[2], e.w2) << "geometry " << e.d.geometry;
    EXPECT_EQ(w[3], e.w3) << "geometry " << e.d.geometry;
    EXPECT_EQ(w[4], e.w4) << "geometry " << e.d.geometry;
    EXPECT_EQ(w[5], 0u);
    EXPECT_EQ(w[6], 0u);
    EXPECT_EQ(w[7], 0u);
    // The HSAIL ABI's words.
    EXPECT_EQ(w[8], static_cast<uint32_t>(e.d.format.channel_type));
    EXPECT_EQ(w[9], static_cast<uint32_t>(e.d.format.channel_order));
    EXPECT_EQ(w[10], static_cast<uint32_t>(e.d.width));
    (void)G{};
  }
}

TEST_F(ApiImageObjects, FieldsOfA2DArray) {
  // The same words read as the manual's fields.
  const hsa_ext_image_descriptor_t d =
      describe(HSA_EXT_IMAGE_GEOMETRY_2DA, 37, 11, 0, 5, HSA_EXT_IMAGE_CHANNEL_TYPE_HALF_FLOAT,
               HSA_EXT_IMAGE_CHANNEL_ORDER_RG);
  const hsa_ext_image_t im = image(d);
  ASSERT_NE(im.handle, 0u);
  const uint32_t* w = words_of(im);
  EXPECT_EQ(bits(w[1], 8, 12), 0u) << "MIN_LOD";
  EXPECT_EQ(bits(w[1], 20, 6), 5u) << "DATA_FORMAT 16_16";
  EXPECT_EQ(bits(w[1], 26, 4), 7u) << "NUM_FORMAT FLOAT";
  EXPECT_EQ(bits(w[2], 0, 14), 36u) << "WIDTH - 1";
  EXPECT_EQ(bits(w[2], 14, 14), 10u) << "HEIGHT - 1";
  EXPECT_EQ(bits(w[3], 0, 3), 4u) << "DST_SEL_X = X";
  EXPECT_EQ(bits(w[3], 3, 3), 5u) << "DST_SEL_Y = Y";
  EXPECT_EQ(bits(w[3], 6, 3), 0u) << "DST_SEL_Z = 0";
  EXPECT_EQ(bits(w[3], 9, 3), 1u) << "DST_SEL_W = 1";
  EXPECT_EQ(bits(w[3], 12, 4), 0u) << "BASE_LEVEL";
  EXPECT_EQ(bits(w[3], 16, 4), 0u) << "LAST_LEVEL";
  EXPECT_EQ(bits(w[3], 20, 5), 0u) << "SW_MODE linear";
  EXPECT_EQ(bits(w[3], 28, 4), 13u) << "TYPE 2D_ARRAY";
  EXPECT_EQ(bits(w[4], 0, 13), 4u) << "DEPTH: last layer";
  EXPECT_EQ(bits(w[4], 13, 16), 63u) << "PITCH - 1: 256 bytes of 4-byte elements";
  EXPECT_EQ(bits(w[4], 29, 3), 0u) << "BC_SWIZZLE XYZW";
}

TEST_F(ApiImageObjects, BufferImageIsAVsharp) {
  const hsa_ext_image_descriptor_t d =
      describe(HSA_EXT_IMAGE_GEOMETRY_1DB, 33, 0, 0, 0, HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8,
               HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA);
  void* data = nullptr;
  const hsa_ext_image_t im = image(d, false, 0, 0, &data);
  ASSERT_NE(im.handle, 0u);
  const uint32_t* w = words_of(im);
  const uint64_t address = reinterpret_cast<uintptr_t>(data);
  EXPECT_EQ(w[0], static_cast<uint32_t>(address)) << "BASE_ADDRESS: bits 31:0";
  EXPECT_EQ(bits(w[1], 0, 16), address >> 32) << "BASE_ADDRESS_HI";
  EXPECT_EQ(bits(w[1], 16, 14), 4u) << "STRIDE";
  EXPECT_EQ(bits(w[1], 30, 2), 0u) << "no swizzle";
  EXPECT_EQ(w[2], 33u * 4) << "NUM_RECORDS in bytes";
  // ROCr's dword 3 for this image: 0x00050fac.
  EXPECT_EQ(w[3], 0x00050facu);
  EXPECT_EQ(bits(w[3], 12, 3), 0u) << "NUM_FORMAT UNORM";
  EXPECT_EQ(bits(w[3], 15, 4), 10u) << "DATA_FORMAT 8_8_8_8";
  EXPECT_EQ(bits(w[3], 30, 2), 0u) << "TYPE buffer";
  EXPECT_EQ(w[8], static_cast<uint32_t>(HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8));
  EXPECT_EQ(w[9], static_cast<uint32_t>(HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA));
  EXPECT_EQ(w[10], 33u);
}

TEST_F(ApiImageObjects, SwizzlesOfTheOrders) {
  // DST_SEL_X..W per order (HSA PRM table 7-2's access components, in the
  // manual's SEL codes: 0, 1, X=4, Y=5, Z=6, W=7), the formats, and
  // BC_SWIZZLE as ROCr derives it from the swizzle (luminance: XWYZ).
  struct Case {
    hsa_ext_image_channel_order_t order;
    hsa_ext_image_channel_type_t type;
    uint32_t sel[4];
    uint32_t data_format, num_format, bc;
  };
  const Case kCases[] = {
      {HSA_EXT_IMAGE_CHANNEL_ORDER_A, HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8, {0, 0, 0, 4}, 1, 0, 3},
      {HSA_EXT_IMAGE_CHANNEL_ORDER_RA,
       HSA_EXT_IMAGE_CHANNEL_TYPE_SIGNED_INT16,
       {4, 0, 0, 5},
       5,
       5,
       1},
      {HSA_EXT_IMAGE_CHANNEL_ORDER_BGRA,
       HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8,
       {6, 5, 4, 7},
       10,
       0,
       4},
      {HSA_EXT_IMAGE_CHANNEL_ORDER_ARGB,
       HSA_EXT_IMAGE_CHANNEL_TYPE_SNORM_INT8,
       {5, 6, 7, 4},
       10,
       1,
       3},
      {HSA_EXT_IMAGE_CHANNEL_ORDER_SRGBA,
       HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8,
       {4, 5, 6, 7},
       10,
       9,
       0},
      {HSA_EXT_IMAGE_CHANNEL_ORDER_INTENSITY,
       HSA_EXT_IMAGE_CHANNEL_TYPE_FLOAT,
       {4, 4, 4, 4},
       4,
       7,
       0},
      {HSA_EXT_IMAGE_CHANNEL_ORDER_LUMINANCE,
       HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT16,
       {4, 4, 4, 1},
       2,
       0,
       1},
      {HSA_EXT_IMAGE_CHANNEL_ORDER_RGB,
       HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_SHORT_555,
       {6, 5, 4, 1},
       17,
       0,
       4},
      {HSA_EXT_IMAGE_CHANNEL_ORDER_RGB,
       HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_SHORT_101010,
       {6, 5, 4, 1},
       9,
       0,
       4},
      {HSA_EXT_IMAGE_CHANNEL_ORDER_RG,
       HSA_EXT_IMAGE_CHANNEL_TYPE_SIGNED_INT32,
       {4, 5, 0, 1},
       11,
       5,
       0},
      {HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA,
       HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT32,
       {4, 5, 6, 7},
       14,
       4,
       0},
  };
  for (const Case& c : kCases) {
    const hsa_ext_image_t im =
        image(describe(HSA_EXT_IMAGE_GEOMETRY_2D, 8, 8, 0, 0, c.type, c.order));
    ASSERT_NE(im.handle, 0u);
    const uint32_t* w = words_of(im);
    for (unsigned i = 0; i < 4; ++i)
      EXPECT_EQ(bits(w[3], 3 * i, 3), c.sel[i]) << "order " << c.order << " sel " << i;
    EXPECT_EQ(bits(w[1], 20, 6), c.data_format) << "order " << c.order;
    EXPECT_EQ(bits(w[1], 26, 4), c.num_format) << "order " << c.order;
    EXPECT_EQ(bits(w[4], 29, 3), c.bc) << "order " << c.order;
  }
}

TEST_F(ApiImageObjects, LinearPitchIsTheCallers) {
  const hsa_ext_image_descriptor_t d =
      describe(HSA_EXT_IMAGE_GEOMETRY_3D, 10, 4, 3, 0, HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8,
               HSA_EXT_IMAGE_CHANNEL_ORDER_R);
  const hsa_ext_image_t im = image(d, true, 1024, 4096);
  ASSERT_NE(im.handle, 0u);
  EXPECT_EQ(bits(words_of(im)[4], 13, 16), 1023u) << "PITCH - 1 in elements";
}

TEST_F(ApiImageObjects, SamplerWordsAreRocrs) {
  // Debian's ROCr's S# for every mode: CLAMP_X/Y/Z (bits 8:0) wrap 0,
  // mirror 1, clamp-last-texel 2, border 6; FORCE_UNNORMALIZED bit 15;
  // MAX_LOD 4095 (dword 1 bits 23:12); XY_MAG/MIN_FILTER bilinear 1
  // (dword 2 bits 23:20); border colour transparent black (dword 3 0).
  const uint32_t kClamp[] = {0x000, 0x092, 0x1b6, 0x000, 0x049};  // by addressing mode
  for (uint32_t c = 0; c < 2; ++c) {
    for (uint32_t f = 0; f < 2; ++f) {
      for (uint32_t a = 0; a < 5; ++a) {
        const hsa_ext_sampler_descriptor_t sd{static_cast<hsa_ext_sampler_coordinate_mode32_t>(c),
                                              static_cast<hsa_ext_sampler_filter_mode32_t>(f),
                                              static_cast<hsa_ext_sampler_addressing_mode32_t>(a)};
        hsa_ext_sampler_t s{0};
        ASSERT_EQ(hsa_ext_sampler_create(gpu_, &sd, &s), HSA_STATUS_SUCCESS);
        samplers_.push_back(s);
        const auto* w = reinterpret_cast<const uint32_t*>(s.handle);
        EXPECT_EQ(s.handle % 16, 0u);
        const bool unnormalized = c == HSA_EXT_SAMPLER_COORDINATE_MODE_UNNORMALIZED;
        EXPECT_EQ(w[0], kClamp[a] | (unnormalized ? 0x8000u : 0u)) << c << f << a;
        EXPECT_EQ(w[1], 0x00fff000u);
        EXPECT_EQ(w[2], f == HSA_EXT_SAMPLER_FILTER_MODE_LINEAR ? 0x00500000u : 0u);
        EXPECT_EQ(w[3], 0u);
      }
    }
  }
}

}  // namespace
