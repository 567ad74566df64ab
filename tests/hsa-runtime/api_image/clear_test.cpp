// hsa_ext_image_clear: every supported channel type (and the orders that
// reorder or pack components) cleared with a colour whose bytes were
// worked out by hand from HSA PRM 7.1.4.2's conversions (round to nearest
// even with saturation for the normalized types, clamping for the integer
// types, IEEE half rounding, the sRGB curve), then read back with export;
// only the region changes.
#include <cmath>
#include <cstring>
#include <vector>

#include "image_fixture.h"

namespace {

using ApiImageClear = ImageFixture;

struct Case {
  hsa_ext_image_channel_order_t order;
  hsa_ext_image_channel_type_t type;
  uint32_t colour[4];  // the bits of the float, int32 or uint32 components
  std::vector<uint8_t> element;
};

uint32_t f(float v) {
  uint32_t u;
  std::memcpy(&u, &v, 4);
  return u;
}
uint32_t i(int32_t v) { return static_cast<uint32_t>(v); }

std::vector<uint8_t> le16(std::initializer_list<uint16_t> v) {
  std::vector<uint8_t> b;
  for (uint16_t x : v) {
    b.push_back(static_cast<uint8_t>(x));
    b.push_back(static_cast<uint8_t>(x >> 8));
  }
  return b;
}
std::vector<uint8_t> le32(std::initializer_list<uint32_t> v) {
  std::vector<uint8_t> b;
  for (uint32_t x : v)
    for (int k = 0; k < 4; ++k) b.push_back(static_cast<uint8_t>(x >> (8 * k)));
  return b;
}

const float kNan = std::nanf("");

const Case kCases[] = {
    // unorm8: 0.5*255 = 127.5 -> 128 (even); 1.5 -> 255; -0.2 -> 0;
    // 0.25*255 = 63.75 -> 64.
    {HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA,
     HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8,
     {f(0.5f), f(1.5f), f(-0.2f), f(0.25f)},
     {128, 255, 0, 64}},
    // snorm8: 0.5*127 = 63.5 -> 64; -1 -> -127; -2*127 -> -128 (saturated);
    // 1 -> 127.
    {HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA,
     HSA_EXT_IMAGE_CHANNEL_TYPE_SNORM_INT8,
     {f(0.5f), f(-1.0f), f(-2.0f), f(1.0f)},
     {64, 0x81, 0x80, 0x7F}},
    // bgra stores b, g, r, a; NaN is 0.
    {HSA_EXT_IMAGE_CHANNEL_ORDER_BGRA,
     HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8,
     {f(1.0f), f(kNan), f(0.5f), f(1.0f)},
     {128, 0, 255, 255}},
    // argb stores a, r, g, b: 0.8*255 = 204, 0.2*255 = 51, 102, 153.
    {HSA_EXT_IMAGE_CHANNEL_ORDER_ARGB,
     HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8,
     {f(0.2f), f(0.4f), f(0.6f), f(0.8f)},
     {204, 51, 102, 153}},
    {HSA_EXT_IMAGE_CHANNEL_ORDER_ARGB,
     HSA_EXT_IMAGE_CHANNEL_TYPE_SIGNED_INT8,
     {i(1), i(-2), i(300), i(-300)},
     {0x80, 1, 0xFE, 0x7F}},
    // unorm16: 0.5*65535 = 32767.5 -> 32768.
    {HSA_EXT_IMAGE_CHANNEL_ORDER_R,
     HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT16,
     {f(0.5f), 0, 0, 0},
     le16({0x8000})},
    // snorm16: -0.5*32767 = -16383.5 -> -16384; 2 -> 32767.
    {HSA_EXT_IMAGE_CHANNEL_ORDER_RG,
     HSA_EXT_IMAGE_CHANNEL_TYPE_SNORM_INT16,
     {f(-0.5f), f(2.0f), 0, 0},
     le16({0xC000, 0x7FFF})},
    // a alone: -0.25*32767 = -8191.75 -> -8192.
    {HSA_EXT_IMAGE_CHANNEL_ORDER_A,
     HSA_EXT_IMAGE_CHANNEL_TYPE_SNORM_INT16,
     {0, 0, 0, f(-0.25f)},
     le16({0xE000})},
    // half: 1, -2, 65504 (largest), 1/3 -> 0x3555.
    {HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA,
     HSA_EXT_IMAGE_CHANNEL_TYPE_HALF_FLOAT,
     {f(1.0f), f(-2.0f), f(65504.0f), f(1.0f / 3)},
     le16({0x3C00, 0xC000, 0x7BFF, 0x3555})},
    // half: 1e-5 is subnormal (1e-5 / 2^-24 = 167.8 -> 168); 70000
    // overflows to infinity.
    {HSA_EXT_IMAGE_CHANNEL_ORDER_RA,
     HSA_EXT_IMAGE_CHANNEL_TYPE_HALF_FLOAT,
     {f(1e-5f), 0, 0, f(70000.0f)},
     le16({0x00A8, 0x7C00})},
    // 565: r 31, g 0.5*63 = 31.5 -> 32, b 0.
    {HSA_EXT_IMAGE_CHANNEL_ORDER_RGB,
     HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_SHORT_565,
     {f(1.0f), f(0.5f), f(0.0f), f(1.0f)},
     le16({31 << 11 | 32 << 5})},
    // 555: r 0, g 31, b 15.5 -> 16; bit 15 0.
    {HSA_EXT_IMAGE_CHANNEL_ORDER_RGB,
     HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_SHORT_555,
     {f(0.0f), f(1.0f), f(0.5f), f(1.0f)},
     le16({31 << 5 | 16})},
    // 101010: r 1023, g 0, b 511.5 -> 512; bits 31:30 0.
    {HSA_EXT_IMAGE_CHANNEL_ORDER_RGB,
     HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_SHORT_101010,
     {f(1.0f), f(0.0f), f(0.5f), f(1.0f)},
     le32({1023u << 20 | 512})},
    {HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA,
     HSA_EXT_IMAGE_CHANNEL_TYPE_SIGNED_INT8,
     {i(-300), i(100), i(127), i(-128)},
     {0x80, 100, 0x7F, 0x80}},
    {HSA_EXT_IMAGE_CHANNEL_ORDER_RG,
     HSA_EXT_IMAGE_CHANNEL_TYPE_SIGNED_INT16,
     {i(40000), i(-40000), 0, 0},
     le16({0x7FFF, 0x8000})},
    {HSA_EXT_IMAGE_CHANNEL_ORDER_R,
     HSA_EXT_IMAGE_CHANNEL_TYPE_SIGNED_INT32,
     {i(-5), 0, 0, 0},
     le32({0xFFFFFFFBu})},
    {HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA,
     HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT8,
     {300, 255, 0, 7},
     {255, 255, 0, 7}},
    {HSA_EXT_IMAGE_CHANNEL_ORDER_RA,
     HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT16,
     {70000, 1, 2, 5},
     le16({0xFFFF, 5})},
    {HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA,
     HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT32,
     {0xDEADBEEF, 1, 2, 0xFFFFFFFF},
     le32({0xDEADBEEF, 1, 2, 0xFFFFFFFF})},
    {HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA,
     HSA_EXT_IMAGE_CHANNEL_TYPE_FLOAT,
     {f(1.5f), f(-0.0f), f(3e38f), f(1e-40f)},
     le32({f(1.5f), f(-0.0f), f(3e38f), f(1e-40f)})},
    // sRGB: 1.055 * 0.5^(1/2.4) - 0.055 = 0.7354, * 255 + 0.5 -> 188;
    // alpha stays linear: 127.5 -> 128.
    {HSA_EXT_IMAGE_CHANNEL_ORDER_SRGBA,
     HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8,
     {f(0.5f), f(0.0f), f(1.0f), f(0.5f)},
     {188, 0, 255, 128}},
    // sRGB's linear segment: 0.002 * 12.92 * 255 + 0.5 = 7.09 -> 7.
    {HSA_EXT_IMAGE_CHANNEL_ORDER_SRGBA,
     HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8,
     {f(0.002f), f(2.0f), f(-1.0f), f(1.0f)},
     {7, 255, 0, 255}},
    {HSA_EXT_IMAGE_CHANNEL_ORDER_INTENSITY,
     HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8,
     {f(0.2f), f(0.9f), 0, 0},
     {51}},
    {HSA_EXT_IMAGE_CHANNEL_ORDER_LUMINANCE,
     HSA_EXT_IMAGE_CHANNEL_TYPE_FLOAT,
     {f(3.5f), 0, 0, 0},
     le32({f(3.5f)})},
    {HSA_EXT_IMAGE_CHANNEL_ORDER_LUMINANCE,
     HSA_EXT_IMAGE_CHANNEL_TYPE_SNORM_INT8,
     {f(-0.5f), 0, 0, 0},
     {0xC0}},  // -63.5 -> -64
    // depth: 0.75 * 65535 = 49151.25 -> 49151.
    {HSA_EXT_IMAGE_CHANNEL_ORDER_DEPTH,
     HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT16,
     {f(0.75f), 0, 0, 0},
     le16({49151})},
    {HSA_EXT_IMAGE_CHANNEL_ORDER_DEPTH,
     HSA_EXT_IMAGE_CHANNEL_TYPE_FLOAT,
     {f(0.125f), 0, 0, 0},
     le32({f(0.125f)})},
};

TEST_F(ApiImageClear, EveryChannelTypeAgainstHandComputedBytes) {
  for (const Case& c : kCases) {
    SCOPED_TRACE(testing::Message() << "order " << c.order << " type " << c.type);
    const size_t es = c.element.size();
    const hsa_ext_image_descriptor_t d =
        describe(HSA_EXT_IMAGE_GEOMETRY_2D, 19, 7, 0, 0, c.type, c.order);
    const hsa_ext_image_t im = image(d);
    ASSERT_NE(im.handle, 0u);
    std::vector<uint8_t> before(19 * 7 * es);
    for (size_t k = 0; k < before.size(); ++k) before[k] = static_cast<uint8_t>(k * 7 + 3);
    const hsa_ext_image_region_t all{{0, 0, 0}, {19, 7, 1}};
    ASSERT_EQ(hsa_ext_image_import(gpu_, before.data(), 0, 0, im, &all), HSA_STATUS_SUCCESS);
    const hsa_ext_image_region_t region{{4, 2, 0}, {11, 4, 1}};
    ASSERT_EQ(hsa_ext_image_clear(gpu_, im, c.colour, &region), HSA_STATUS_SUCCESS);
    std::vector<uint8_t> want = before;
    for (size_t y = 2; y < 6; ++y)
      for (size_t x = 4; x < 15; ++x) std::memcpy(&want[(y * 19 + x) * es], c.element.data(), es);
    std::vector<uint8_t> got(want.size());
    ASSERT_EQ(hsa_ext_image_export(gpu_, im, got.data(), 0, 0, &all), HSA_STATUS_SUCCESS);
    EXPECT_EQ(got, want);
  }
}

TEST_F(ApiImageClear, EveryGeometryWholeImage) {
  // A clear over many rows and slices, of each geometry (1DA: layers are
  // rows of the region; 2DA and 3D: slices).
  struct Shape {
    hsa_ext_image_geometry_t g;
    size_t w, h, depth, layers;
    hsa_dim3_t extent;
  };
  const Shape kShapes[] = {
      {HSA_EXT_IMAGE_GEOMETRY_1D, 1000, 0, 0, 0, {1000, 1, 1}},
      {HSA_EXT_IMAGE_GEOMETRY_1DB, 777, 0, 0, 0, {777, 1, 1}},
      {HSA_EXT_IMAGE_GEOMETRY_1DA, 300, 0, 0, 9, {300, 9, 1}},
      {HSA_EXT_IMAGE_GEOMETRY_2D, 1500, 400, 0, 0, {1500, 400, 1}},
      {HSA_EXT_IMAGE_GEOMETRY_3D, 64, 32, 12, 0, {64, 32, 12}},
      {HSA_EXT_IMAGE_GEOMETRY_2DA, 40, 30, 0, 7, {40, 30, 7}},
  };
  const float colour[4] = {0.0f, 0.5f, 1.0f, 0.25f};
  const uint8_t element[4] = {0, 128, 255, 64};
  for (const Shape& s : kShapes) {
    const hsa_ext_image_t im =
        image(describe(s.g, s.w, s.h, s.depth, s.layers, HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8,
                       HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA));
    ASSERT_NE(im.handle, 0u);
    const hsa_ext_image_region_t all{{0, 0, 0}, s.extent};
    ASSERT_EQ(hsa_ext_image_clear(gpu_, im, colour, &all), HSA_STATUS_SUCCESS);
    const size_t n = size_t{s.extent.x} * s.extent.y * s.extent.z;
    std::vector<uint8_t> got(n * 4);
    ASSERT_EQ(hsa_ext_image_export(gpu_, im, got.data(), 0, 0, &all), HSA_STATUS_SUCCESS);
    size_t wrong = 0;
    for (size_t k = 0; k < n; ++k) wrong += std::memcmp(&got[k * 4], element, 4) != 0;
    EXPECT_EQ(wrong, 0u) << "geometry " << s.g;
  }
}

}  // namespace
