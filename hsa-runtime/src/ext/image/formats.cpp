// The gfx9 format answers (formats.h). ROCr's gfx9 table, restated as rules:
// - A, R, INTENSITY, LUMINANCE keep one component; RG, RA two; RGBA four.
//   A, R, RG, RA, RGBA take every 8/16/32-bit channel type but UNORM_INT24
//   and the packed ones; INTENSITY and LUMINANCE only the normalized and
//   floating-point ones. All read-write.
// - RGB exists only packed: UNORM_SHORT_555, _565, UNORM_INT_101010.
// - BGRA and ARGB take the 8-bit types (snorm, unorm, signed, unsigned).
// - SRGBA takes UNORM_INT8, read-only.
// - DEPTH takes UNORM_INT16 and FLOAT, read-only and write-only but not
//   read-write.
// - 1DB refuses the sRGB orders and the 555/565 types; 2DDEPTH and 2DADEPTH
//   take only the depth orders. RX, RGX, RGBX, ABGR, SRGB, SRGBX, SBGRA and
//   DEPTH_STENCIL are unsupported everywhere.
#include "ext/image/formats.h"

#include "ext/image/descriptor_gfx9.h"

namespace hsart::image {
namespace {

constexpr uint32_t kRo = HSA_EXT_IMAGE_CAPABILITY_READ_ONLY;
constexpr uint32_t kRoWo = kRo | HSA_EXT_IMAGE_CAPABILITY_WRITE_ONLY;
constexpr uint32_t kRw = kRoWo | HSA_EXT_IMAGE_CAPABILITY_READ_WRITE;

// One channel of an 8/16/32-bit channel type: its bytes and number format;
// 0 bytes for the packed and 24-bit types.
struct Channel {
  uint32_t bytes;
  uint32_t num_format;
  bool normalized_or_float;
};

Channel channel_of(uint32_t type) {
  switch (type) {
    case HSA_EXT_IMAGE_CHANNEL_TYPE_SNORM_INT8:
      return {1, kSnorm, true};
    case HSA_EXT_IMAGE_CHANNEL_TYPE_SNORM_INT16:
      return {2, kSnorm, true};
    case HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8:
      return {1, kUnorm, true};
    case HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT16:
      return {2, kUnorm, true};
    case HSA_EXT_IMAGE_CHANNEL_TYPE_SIGNED_INT8:
      return {1, kSint, false};
    case HSA_EXT_IMAGE_CHANNEL_TYPE_SIGNED_INT16:
      return {2, kSint, false};
    case HSA_EXT_IMAGE_CHANNEL_TYPE_SIGNED_INT32:
      return {4, kSint, false};
    case HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT8:
      return {1, kUint, false};
    case HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT16:
      return {2, kUint, false};
    case HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT32:
      return {4, kUint, false};
    case HSA_EXT_IMAGE_CHANNEL_TYPE_HALF_FLOAT:
      return {2, kFloat, true};
    case HSA_EXT_IMAGE_CHANNEL_TYPE_FLOAT:
      return {4, kFloat, true};
    default:
      return {0, 0, false};
  }
}

// The data format of `count` channels of `bytes` each.
uint32_t data_format_of(uint32_t bytes, uint32_t count) {
  static const uint32_t kByCount[3][3] = {
      {kFmt8, kFmt8_8, kFmt8_8_8_8},
      {kFmt16, kFmt16_16, kFmt16_16_16_16},
      {kFmt32, kFmt32_32, kFmt32_32_32_32},
  };
  const unsigned row = bytes == 1 ? 0 : bytes == 2 ? 1 : 2;
  const unsigned col = count == 1 ? 0 : count == 2 ? 1 : 2;
  return kByCount[row][col];
}

FormatInfo channels(uint32_t type, uint32_t count, uint32_t capability) {
  const Channel c = channel_of(type);
  if (c.bytes == 0) return {};
  return {capability, c.bytes * count, data_format_of(c.bytes, count), c.num_format};
}

// The table, before the geometry's filter.
FormatInfo table(uint32_t order, uint32_t type) {
  const bool norm_or_float = channel_of(type).normalized_or_float;
  switch (order) {
    case HSA_EXT_IMAGE_CHANNEL_ORDER_A:
    case HSA_EXT_IMAGE_CHANNEL_ORDER_R:
      return channels(type, 1, kRw);
    case HSA_EXT_IMAGE_CHANNEL_ORDER_RG:
    case HSA_EXT_IMAGE_CHANNEL_ORDER_RA:
      return channels(type, 2, kRw);
    case HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA:
      return channels(type, 4, kRw);
    case HSA_EXT_IMAGE_CHANNEL_ORDER_INTENSITY:
    case HSA_EXT_IMAGE_CHANNEL_ORDER_LUMINANCE:
      return norm_or_float ? channels(type, 1, kRw) : FormatInfo{};
    case HSA_EXT_IMAGE_CHANNEL_ORDER_RGB:
      switch (type) {
        case HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_SHORT_555:
          return {kRw, 2, kFmt1_5_5_5, kUnorm};
        case HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_SHORT_565:
          return {kRw, 2, kFmt5_6_5, kUnorm};
        case HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_SHORT_101010:
          return {kRw, 4, kFmt2_10_10_10, kUnorm};
        default:
          return {};
      }
    case HSA_EXT_IMAGE_CHANNEL_ORDER_BGRA:
    case HSA_EXT_IMAGE_CHANNEL_ORDER_ARGB:
      switch (type) {
        case HSA_EXT_IMAGE_CHANNEL_TYPE_SNORM_INT8:
        case HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8:
        case HSA_EXT_IMAGE_CHANNEL_TYPE_SIGNED_INT8:
        case HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT8:
          return channels(type, 4, kRw);
        default:
          return {};
      }
    case HSA_EXT_IMAGE_CHANNEL_ORDER_SRGBA:
      if (type != HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8) return {};
      return {kRo, 4, kFmt8_8_8_8, kSrgb};
    case HSA_EXT_IMAGE_CHANNEL_ORDER_DEPTH:
      if (type == HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT16) return {kRoWo, 2, kFmt16, kUnorm};
      if (type == HSA_EXT_IMAGE_CHANNEL_TYPE_FLOAT) return {kRoWo, 4, kFmt32, kFloat};
      return {};
    default:
      return {};
  }
}

bool srgb_order(uint32_t order) {
  return order == HSA_EXT_IMAGE_CHANNEL_ORDER_SRGB || order == HSA_EXT_IMAGE_CHANNEL_ORDER_SRGBX ||
         order == HSA_EXT_IMAGE_CHANNEL_ORDER_SRGBA || order == HSA_EXT_IMAGE_CHANNEL_ORDER_SBGRA;
}

bool depth_order(uint32_t order) {
  return order == HSA_EXT_IMAGE_CHANNEL_ORDER_DEPTH ||
         order == HSA_EXT_IMAGE_CHANNEL_ORDER_DEPTH_STENCIL;
}

}  // namespace

FormatInfo format_info(hsa_ext_image_format_t format, hsa_ext_image_geometry_t geometry) {
  const uint32_t order = format.channel_order;
  const uint32_t type = format.channel_type;
  switch (geometry) {
    case HSA_EXT_IMAGE_GEOMETRY_1D:
    case HSA_EXT_IMAGE_GEOMETRY_2D:
    case HSA_EXT_IMAGE_GEOMETRY_3D:
    case HSA_EXT_IMAGE_GEOMETRY_1DA:
    case HSA_EXT_IMAGE_GEOMETRY_2DA:
      return table(order, type);
    case HSA_EXT_IMAGE_GEOMETRY_1DB:
      // A buffer resource cannot convert sRGB nor unpack 555/565.
      if (srgb_order(order) || type == HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_SHORT_555 ||
          type == HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_SHORT_565)
        return {};
      return table(order, type);
    case HSA_EXT_IMAGE_GEOMETRY_2DDEPTH:
    case HSA_EXT_IMAGE_GEOMETRY_2DADEPTH:
      return depth_order(order) ? table(order, type) : FormatInfo{};
    default:
      return {};
  }
}

Swizzle swizzle_of(uint32_t order) {
  switch (order) {
    case HSA_EXT_IMAGE_CHANNEL_ORDER_A:
      return {kSel0, kSel0, kSel0, kSelX};
    case HSA_EXT_IMAGE_CHANNEL_ORDER_R:
    case HSA_EXT_IMAGE_CHANNEL_ORDER_RX:
      return {kSelX, kSel0, kSel0, kSel1};
    case HSA_EXT_IMAGE_CHANNEL_ORDER_RG:
    case HSA_EXT_IMAGE_CHANNEL_ORDER_RGX:
      return {kSelX, kSelY, kSel0, kSel1};
    case HSA_EXT_IMAGE_CHANNEL_ORDER_RA:
      return {kSelX, kSel0, kSel0, kSelY};
    // The packed formats keep b in the lowest bits (component x).
    case HSA_EXT_IMAGE_CHANNEL_ORDER_RGB:
    case HSA_EXT_IMAGE_CHANNEL_ORDER_RGBX:
      return {kSelZ, kSelY, kSelX, kSel1};
    case HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA:
    case HSA_EXT_IMAGE_CHANNEL_ORDER_SRGBA:
      return {kSelX, kSelY, kSelZ, kSelW};
    case HSA_EXT_IMAGE_CHANNEL_ORDER_BGRA:
    case HSA_EXT_IMAGE_CHANNEL_ORDER_SBGRA:
      return {kSelZ, kSelY, kSelX, kSelW};
    case HSA_EXT_IMAGE_CHANNEL_ORDER_ARGB:
      return {kSelY, kSelZ, kSelW, kSelX};
    case HSA_EXT_IMAGE_CHANNEL_ORDER_ABGR:
      return {kSelW, kSelZ, kSelY, kSelX};
    case HSA_EXT_IMAGE_CHANNEL_ORDER_SRGB:
    case HSA_EXT_IMAGE_CHANNEL_ORDER_SRGBX:
      return {kSelX, kSelY, kSelZ, kSel1};
    case HSA_EXT_IMAGE_CHANNEL_ORDER_INTENSITY:
      return {kSelX, kSelX, kSelX, kSelX};
    case HSA_EXT_IMAGE_CHANNEL_ORDER_LUMINANCE:
      return {kSelX, kSelX, kSelX, kSel1};
    case HSA_EXT_IMAGE_CHANNEL_ORDER_DEPTH:
      return {kSelX, kSel0, kSel0, kSel0};
    case HSA_EXT_IMAGE_CHANNEL_ORDER_DEPTH_STENCIL:
      return {kSelY, kSel0, kSel0, kSel0};
    default:
      return {kSel0, kSel0, kSel0, kSel0};
  }
}

uint32_t bc_swizzle_of(const Swizzle& s) {
  // The border colour is given as r, g, b, a; the hardware swizzles it as
  // memory components. Find the memory component holding a (or r) and
  // pick the order that puts it back.
  if (s.w == kSelX) {
    if (s.z == kSelY) return kBcWZYX;                                  // a, b, g, r in memory
    if (s.x == kSelX && s.y == kSelX && s.z == kSelX) return kBcXYZW;  // intensity
    return kBcWXYZ;                                                    // a, r, g, b
  }
  if (s.x == kSelX) {
    if (s.y == kSelY) return kBcXYZW;
    if (s.y == kSelX && s.z == kSelX && s.w == kSelW) return kBcXYZW;
    return kBcXWYZ;  // r, a, ...
  }
  if (s.y == kSelX) return kBcYXWZ;
  if (s.z == kSelX) return kBcZYXW;  // b, g, r, a
  return kBcXYZW;
}

uint32_t resource_type_of(hsa_ext_image_geometry_t geometry) {
  switch (geometry) {
    case HSA_EXT_IMAGE_GEOMETRY_1D:
      return kRsrcImg1D;
    case HSA_EXT_IMAGE_GEOMETRY_2D:
    case HSA_EXT_IMAGE_GEOMETRY_2DDEPTH:
      return kRsrcImg2D;
    case HSA_EXT_IMAGE_GEOMETRY_3D:
      return kRsrcImg3D;
    case HSA_EXT_IMAGE_GEOMETRY_1DA:
      return kRsrcImg1DArray;
    case HSA_EXT_IMAGE_GEOMETRY_2DA:
    case HSA_EXT_IMAGE_GEOMETRY_2DADEPTH:
      return kRsrcImg2DArray;
    default:
      return kRsrcBuf;
  }
}

Limits limits_of(hsa_ext_image_geometry_t geometry) {
  // 14-bit WIDTH/HEIGHT and 13-bit DEPTH fields; 1DB is a buffer of
  // 32-bit element count.
  constexpr uint32_t k2d = 16384, kLayers = 8192;
  switch (geometry) {
    case HSA_EXT_IMAGE_GEOMETRY_1D:
      return {k2d, 1, 1, 1};
    case HSA_EXT_IMAGE_GEOMETRY_2D:
    case HSA_EXT_IMAGE_GEOMETRY_2DDEPTH:
      return {k2d, k2d, 1, 1};
    case HSA_EXT_IMAGE_GEOMETRY_3D:
      return {k2d, k2d, kLayers, 1};
    case HSA_EXT_IMAGE_GEOMETRY_1DA:
      return {k2d, 1, 1, kLayers};
    case HSA_EXT_IMAGE_GEOMETRY_2DA:
    case HSA_EXT_IMAGE_GEOMETRY_2DADEPTH:
      return {k2d, k2d, 1, kLayers};
    case HSA_EXT_IMAGE_GEOMETRY_1DB:
      return {UINT32_MAX, 1, 1, 1};
    default:
      return {0, 0, 0, 0};
  }
}

bool is_array(hsa_ext_image_geometry_t geometry) {
  return geometry == HSA_EXT_IMAGE_GEOMETRY_1DA || geometry == HSA_EXT_IMAGE_GEOMETRY_2DA ||
         geometry == HSA_EXT_IMAGE_GEOMETRY_2DADEPTH;
}

uint32_t rows_of(const hsa_ext_image_descriptor_t& d) {
  switch (d.geometry) {
    case HSA_EXT_IMAGE_GEOMETRY_1D:
    case HSA_EXT_IMAGE_GEOMETRY_1DA:
    case HSA_EXT_IMAGE_GEOMETRY_1DB:
      return 1;
    default:
      return static_cast<uint32_t>(d.height);
  }
}

uint32_t slices_of(const hsa_ext_image_descriptor_t& d) {
  if (is_array(d.geometry)) return static_cast<uint32_t>(d.array_size ? d.array_size : 1);
  if (d.geometry == HSA_EXT_IMAGE_GEOMETRY_3D) return static_cast<uint32_t>(d.depth);
  return 1;
}

}  // namespace hsart::image
