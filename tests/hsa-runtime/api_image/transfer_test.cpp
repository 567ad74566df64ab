// Image data moved by hsa_ext_image_import, _export, _copy and _clear
// (SDMA copies on the virtual GPU), checked against CPU models: the linear
// layout (element (x, y, z) at z * slice + y * row pitch + x * element
// size, rows of 256-byte multiples) read back from the image's memory, and
// round trips through host memory with any row and slice pitch.
#include <cstring>
#include <random>
#include <vector>

#include "image_fixture.h"

namespace {

using ApiImageData = ImageFixture;

struct Shape {
  hsa_ext_image_geometry_t g;
  size_t w, h, depth, layers;
};

// The extent regions use: x, y (rows, or 1DA layers), z (3D slices or 2DA
// layers).
hsa_dim3_t extent(const Shape& s) {
  switch (s.g) {
    case HSA_EXT_IMAGE_GEOMETRY_1D:
    case HSA_EXT_IMAGE_GEOMETRY_1DB:
      return {uint32_t(s.w), 1, 1};
    case HSA_EXT_IMAGE_GEOMETRY_1DA:
      return {uint32_t(s.w), uint32_t(s.layers), 1};
    case HSA_EXT_IMAGE_GEOMETRY_3D:
      return {uint32_t(s.w), uint32_t(s.h), uint32_t(s.depth)};
    case HSA_EXT_IMAGE_GEOMETRY_2DA:
    case HSA_EXT_IMAGE_GEOMETRY_2DADEPTH:
      return {uint32_t(s.w), uint32_t(s.h), uint32_t(s.layers)};
    default:
      return {uint32_t(s.w), uint32_t(s.h), 1};
  }
}

// Packed host bytes of a whole image, and an element's offset in them.
struct Host {
  hsa_dim3_t e;
  size_t es;
  std::vector<uint8_t> bytes;
  Host(hsa_dim3_t extent, size_t element_size)
      : e(extent), es(element_size), bytes(size_t{extent.x} * extent.y * extent.z * element_size) {}
  uint8_t* at(size_t x, size_t y, size_t z) { return &bytes[((z * e.y + y) * e.x + x) * es]; }
};

std::vector<uint8_t> random_bytes(size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<uint8_t> v(n);
  for (auto& b : v) b = static_cast<uint8_t>(rng());
  return v;
}

// The formats tried with every geometry (their element sizes 1 to 16), and
// the depth geometries' formats.
struct Format {
  hsa_ext_image_channel_type_t type;
  hsa_ext_image_channel_order_t order;
  size_t es;
};
const Format kFormats[] = {
    {HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8, HSA_EXT_IMAGE_CHANNEL_ORDER_R, 1},
    {HSA_EXT_IMAGE_CHANNEL_TYPE_HALF_FLOAT, HSA_EXT_IMAGE_CHANNEL_ORDER_R, 2},
    {HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8, HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA, 4},
    {HSA_EXT_IMAGE_CHANNEL_TYPE_SIGNED_INT32, HSA_EXT_IMAGE_CHANNEL_ORDER_RG, 8},
    {HSA_EXT_IMAGE_CHANNEL_TYPE_FLOAT, HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA, 16},
};
const Format kDepthFormats[] = {
    {HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT16, HSA_EXT_IMAGE_CHANNEL_ORDER_DEPTH, 2},
    {HSA_EXT_IMAGE_CHANNEL_TYPE_FLOAT, HSA_EXT_IMAGE_CHANNEL_ORDER_DEPTH, 4},
};

const Shape kShapes[] = {
    {HSA_EXT_IMAGE_GEOMETRY_1D, 70, 0, 0, 0},      {HSA_EXT_IMAGE_GEOMETRY_2D, 33, 9, 0, 0},
    {HSA_EXT_IMAGE_GEOMETRY_3D, 17, 5, 4, 0},      {HSA_EXT_IMAGE_GEOMETRY_1DA, 45, 0, 0, 6},
    {HSA_EXT_IMAGE_GEOMETRY_2DA, 20, 7, 0, 3},     {HSA_EXT_IMAGE_GEOMETRY_1DB, 301, 0, 0, 0},
    {HSA_EXT_IMAGE_GEOMETRY_2DDEPTH, 31, 6, 0, 0}, {HSA_EXT_IMAGE_GEOMETRY_2DADEPTH, 9, 4, 0, 5},
};

bool depth_geometry(hsa_ext_image_geometry_t g) {
  return g == HSA_EXT_IMAGE_GEOMETRY_2DDEPTH || g == HSA_EXT_IMAGE_GEOMETRY_2DADEPTH;
}

size_t align256(size_t v) { return (v + 255) / 256 * 256; }

TEST_F(ApiImageData, RoundTripsForEveryGeometry) {
  unsigned seed = 1;
  for (const Shape& s : kShapes) {
    for (const Format& f :
         depth_geometry(s.g)
             ? std::vector<Format>(std::begin(kDepthFormats), std::end(kDepthFormats))
             : std::vector<Format>(std::begin(kFormats), std::end(kFormats))) {
      SCOPED_TRACE(testing::Message() << "geometry " << s.g << " element " << f.es);
      const hsa_ext_image_descriptor_t d =
          describe(s.g, s.w, s.h, s.depth, s.layers, f.type, f.order);
      void* data = nullptr;
      const hsa_ext_image_t im = image(d, false, 0, 0, &data);
      ASSERT_NE(im.handle, 0u);
      const hsa_dim3_t e = extent(s);
      // 1. The whole image from packed host memory, and back.
      Host in(e, f.es);
      in.bytes = random_bytes(in.bytes.size(), seed++);
      const hsa_ext_image_region_t all{{0, 0, 0}, e};
      ASSERT_EQ(hsa_ext_image_import(gpu_, in.bytes.data(), 0, 0, im, &all), HSA_STATUS_SUCCESS);
      Host out(e, f.es);
      ASSERT_EQ(hsa_ext_image_export(gpu_, im, out.bytes.data(), 0, 0, &all), HSA_STATUS_SUCCESS);
      EXPECT_EQ(out.bytes, in.bytes);
      // 2. The image's memory is the linear layout (read by the test only).
      const size_t row = s.g == HSA_EXT_IMAGE_GEOMETRY_1DB ? s.w * f.es : align256(s.w * f.es);
      const size_t rows = e.y;  // 1DA: one row per layer
      const auto* mem = static_cast<const uint8_t*>(data);
      bool layout_ok = true;
      for (size_t z = 0; z < e.z; ++z)
        for (size_t y = 0; y < e.y; ++y)
          layout_ok &= std::memcmp(mem + (z * rows + y) * row, in.at(0, y, z), s.w * f.es) == 0;
      EXPECT_TRUE(layout_ok) << "rows of " << row << " bytes";
      // 3. A sub-region from host memory with padded pitches; the rest of
      //    the image keeps its bytes.
      const hsa_ext_image_region_t sub{
          {e.x / 3, e.y / 2, e.z / 2},
          {e.x - e.x / 3 - 1 > 0 ? e.x - e.x / 3 - 1 : 1, e.y - e.y / 2, e.z - e.z / 2}};
      const size_t row_pitch = sub.range.x * f.es + 13;
      const size_t slice_pitch = row_pitch * sub.range.y + 40;
      const std::vector<uint8_t> patch = random_bytes(slice_pitch * sub.range.z, seed++);
      ASSERT_EQ(hsa_ext_image_import(gpu_, patch.data(), row_pitch, slice_pitch, im, &sub),
                HSA_STATUS_SUCCESS);
      Host model = in;
      for (size_t z = 0; z < sub.range.z; ++z)
        for (size_t y = 0; y < sub.range.y; ++y)
          std::memcpy(model.at(sub.offset.x, sub.offset.y + y, sub.offset.z + z),
                      &patch[z * slice_pitch + y * row_pitch], sub.range.x * f.es);
      ASSERT_EQ(hsa_ext_image_export(gpu_, im, out.bytes.data(), 0, 0, &all), HSA_STATUS_SUCCESS);
      EXPECT_EQ(out.bytes, model.bytes);
      // 4. The sub-region out to padded host memory; the padding stays.
      std::vector<uint8_t> back(slice_pitch * sub.range.z, 0xEE);
      ASSERT_EQ(hsa_ext_image_export(gpu_, im, back.data(), row_pitch, slice_pitch, &sub),
                HSA_STATUS_SUCCESS);
      std::vector<uint8_t> want(back.size(), 0xEE);
      for (size_t z = 0; z < sub.range.z; ++z)
        for (size_t y = 0; y < sub.range.y; ++y)
          std::memcpy(&want[z * slice_pitch + y * row_pitch],
                      &patch[z * slice_pitch + y * row_pitch], sub.range.x * f.es);
      EXPECT_EQ(back, want);
    }
  }
}

TEST_F(ApiImageData, LinearLayoutWithTheCallersPitch) {
  // A LINEAR 2DA image whose rows are 512 bytes: import lands at the
  // caller's pitch.
  const hsa_ext_image_descriptor_t d =
      describe(HSA_EXT_IMAGE_GEOMETRY_2DA, 50, 3, 0, 2, HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT16,
               HSA_EXT_IMAGE_CHANNEL_ORDER_RG);
  void* data = nullptr;
  const hsa_ext_image_t im = image(d, true, 512, 512 * 3, &data);
  ASSERT_NE(im.handle, 0u);
  Host in({50, 3, 2}, 4);
  in.bytes = random_bytes(in.bytes.size(), 99);
  const hsa_ext_image_region_t all{{0, 0, 0}, {50, 3, 2}};
  ASSERT_EQ(hsa_ext_image_import(gpu_, in.bytes.data(), 0, 0, im, &all), HSA_STATUS_SUCCESS);
  const auto* mem = static_cast<const uint8_t*>(data);
  for (size_t z = 0; z < 2; ++z)
    for (size_t y = 0; y < 3; ++y)
      EXPECT_EQ(std::memcmp(mem + z * 1536 + y * 512, in.at(0, y, z), 200), 0) << y << " " << z;
}

TEST_F(ApiImageData, CopySubRegionsBetweenImages) {
  // Between two 3D images, between a 2D array and a 2D image (one layer),
  // and within a 1D array; the destination keeps its other bytes.
  struct Case {
    Shape src, dst;
    hsa_dim3_t src_offset, dst_offset, range;
  };
  const Case kCases[] = {
      {{HSA_EXT_IMAGE_GEOMETRY_3D, 20, 10, 6, 0},
       {HSA_EXT_IMAGE_GEOMETRY_3D, 15, 12, 5, 0},
       {3, 2, 1},
       {5, 4, 2},
       {9, 7, 3}},
      {{HSA_EXT_IMAGE_GEOMETRY_2DA, 40, 8, 0, 4},
       {HSA_EXT_IMAGE_GEOMETRY_2D, 30, 30, 0, 0},
       {10, 1, 2},
       {0, 20, 0},
       {25, 6, 1}},
      {{HSA_EXT_IMAGE_GEOMETRY_1DA, 64, 0, 0, 5},
       {HSA_EXT_IMAGE_GEOMETRY_1DA, 64, 0, 0, 5},
       {0, 0, 0},
       {32, 2, 0},
       {31, 3, 1}},
  };
  unsigned seed = 7;
  for (const Case& c : kCases) {
    const size_t es = 4;
    const auto type = HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8;
    const auto order = HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA;
    const hsa_ext_image_t src =
        image(describe(c.src.g, c.src.w, c.src.h, c.src.depth, c.src.layers, type, order));
    const hsa_ext_image_t dst =
        image(describe(c.dst.g, c.dst.w, c.dst.h, c.dst.depth, c.dst.layers, type, order));
    ASSERT_NE(src.handle, 0u);
    ASSERT_NE(dst.handle, 0u);
    Host a(extent(c.src), es), b(extent(c.dst), es);
    a.bytes = random_bytes(a.bytes.size(), seed++);
    b.bytes = random_bytes(b.bytes.size(), seed++);
    const hsa_ext_image_region_t all_a{{0, 0, 0}, a.e}, all_b{{0, 0, 0}, b.e};
    ASSERT_EQ(hsa_ext_image_import(gpu_, a.bytes.data(), 0, 0, src, &all_a), HSA_STATUS_SUCCESS);
    ASSERT_EQ(hsa_ext_image_import(gpu_, b.bytes.data(), 0, 0, dst, &all_b), HSA_STATUS_SUCCESS);
    ASSERT_EQ(hsa_ext_image_copy(gpu_, src, &c.src_offset, dst, &c.dst_offset, &c.range),
              HSA_STATUS_SUCCESS);
    for (size_t z = 0; z < c.range.z; ++z)
      for (size_t y = 0; y < c.range.y; ++y)
        std::memcpy(b.at(c.dst_offset.x, c.dst_offset.y + y, c.dst_offset.z + z),
                    a.at(c.src_offset.x, c.src_offset.y + y, c.src_offset.z + z), c.range.x * es);
    Host out(b.e, es);
    ASSERT_EQ(hsa_ext_image_export(gpu_, dst, out.bytes.data(), 0, 0, &all_b), HSA_STATUS_SUCCESS);
    EXPECT_EQ(out.bytes, b.bytes) << "geometry " << c.src.g << " to " << c.dst.g;
  }
}

TEST_F(ApiImageData, SrgbCopiesConvert) {
  // SRGBA to RGBA decodes r, g, b (sRGB 188 is linear 0.5029 -> 128; 100
  // is 0.1274 -> 32), RGBA to SRGBA encodes them (128 -> 0.7367 -> 188);
  // a is copied unchanged; other format pairs are refused.
  const auto unorm8 = HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8;
  const hsa_ext_image_t srgb = image(
      describe(HSA_EXT_IMAGE_GEOMETRY_2D, 4, 2, 0, 0, unorm8, HSA_EXT_IMAGE_CHANNEL_ORDER_SRGBA));
  const hsa_ext_image_t linear = image(
      describe(HSA_EXT_IMAGE_GEOMETRY_2D, 4, 2, 0, 0, unorm8, HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA));
  ASSERT_NE(srgb.handle, 0u);
  ASSERT_NE(linear.handle, 0u);
  const uint8_t texel_srgb[4] = {188, 0, 255, 77}, texel_mid[4] = {100, 100, 100, 100};
  std::vector<uint8_t> in;
  for (int k = 0; k < 4; ++k) in.insert(in.end(), texel_srgb, texel_srgb + 4);
  for (int k = 0; k < 4; ++k) in.insert(in.end(), texel_mid, texel_mid + 4);
  const hsa_ext_image_region_t all{{0, 0, 0}, {4, 2, 1}};
  ASSERT_EQ(hsa_ext_image_import(gpu_, in.data(), 0, 0, srgb, &all), HSA_STATUS_SUCCESS);
  const hsa_dim3_t zero{0, 0, 0}, range{4, 2, 1};
  ASSERT_EQ(hsa_ext_image_copy(gpu_, srgb, &zero, linear, &zero, &range), HSA_STATUS_SUCCESS);
  std::vector<uint8_t> out(32);
  ASSERT_EQ(hsa_ext_image_export(gpu_, linear, out.data(), 0, 0, &all), HSA_STATUS_SUCCESS);
  for (int k = 0; k < 4; ++k) {
    EXPECT_EQ(out[k * 4 + 0], 128);
    EXPECT_EQ(out[k * 4 + 1], 0);
    EXPECT_EQ(out[k * 4 + 2], 255);
    EXPECT_EQ(out[k * 4 + 3], 77);
    EXPECT_EQ(out[16 + k * 4 + 0], 32);
    EXPECT_EQ(out[16 + k * 4 + 3], 100) << "a is linear";
  }
  // Back: the first row only, into the second row of the sRGB image.
  const hsa_dim3_t row1{0, 1, 0}, one_row{4, 1, 1};
  ASSERT_EQ(hsa_ext_image_copy(gpu_, linear, &zero, srgb, &row1, &one_row), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_ext_image_export(gpu_, srgb, out.data(), 0, 0, &all), HSA_STATUS_SUCCESS);
  for (int k = 0; k < 8; ++k) {
    EXPECT_EQ(out[k * 4 + 0], 188) << k;
    EXPECT_EQ(out[k * 4 + 1], 0);
    EXPECT_EQ(out[k * 4 + 2], 255);
    EXPECT_EQ(out[k * 4 + 3], 77);
  }
  const hsa_ext_image_t uint8 =
      image(describe(HSA_EXT_IMAGE_GEOMETRY_2D, 4, 2, 0, 0,
                     HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT8, HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA));
  EXPECT_EQ(hsa_ext_image_copy(gpu_, srgb, &zero, uint8, &zero, &range),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

}  // namespace
