// Clear colours as element bytes (texel.h). The rules are HSA PRM 7.1.4.2's
// write conversions: UnsignedNormalize and SignedNormalize scale and round
// to nearest even with saturation (NaN is 0), the integer types clamp, half
// floats round to nearest even, sRGB encodes r, g, b by the PRM's
// linear_rgb_to_srgb and rounds by adding 0.5 and truncating. The
// components go to memory in the channel order's sequence (bgra stores
// b first); the packed types put r in the high bits.
#include "ext/image/texel.h"

#include <cmath>
#include <cstring>

namespace hsart::image {
namespace {

// Which access component (0 r, 1 g, 2 b, 3 a) each memory component of
// the order holds, and how many there are.
struct Order {
  unsigned count;
  unsigned component[4];
};

Order order_of(uint32_t order) {
  switch (order) {
    case HSA_EXT_IMAGE_CHANNEL_ORDER_A:
      return {1, {3}};
    case HSA_EXT_IMAGE_CHANNEL_ORDER_R:
    case HSA_EXT_IMAGE_CHANNEL_ORDER_RX:
    case HSA_EXT_IMAGE_CHANNEL_ORDER_INTENSITY:
    case HSA_EXT_IMAGE_CHANNEL_ORDER_LUMINANCE:
    case HSA_EXT_IMAGE_CHANNEL_ORDER_DEPTH:
      return {1, {0}};
    case HSA_EXT_IMAGE_CHANNEL_ORDER_RG:
    case HSA_EXT_IMAGE_CHANNEL_ORDER_RGX:
      return {2, {0, 1}};
    case HSA_EXT_IMAGE_CHANNEL_ORDER_RA:
      return {2, {0, 3}};
    case HSA_EXT_IMAGE_CHANNEL_ORDER_RGB:
    case HSA_EXT_IMAGE_CHANNEL_ORDER_RGBX:
    case HSA_EXT_IMAGE_CHANNEL_ORDER_SRGB:
    case HSA_EXT_IMAGE_CHANNEL_ORDER_SRGBX:
      return {3, {0, 1, 2}};
    case HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA:
    case HSA_EXT_IMAGE_CHANNEL_ORDER_SRGBA:
      return {4, {0, 1, 2, 3}};
    case HSA_EXT_IMAGE_CHANNEL_ORDER_BGRA:
    case HSA_EXT_IMAGE_CHANNEL_ORDER_SBGRA:
      return {4, {2, 1, 0, 3}};
    case HSA_EXT_IMAGE_CHANNEL_ORDER_ARGB:
      return {4, {3, 0, 1, 2}};
    case HSA_EXT_IMAGE_CHANNEL_ORDER_ABGR:
      return {4, {3, 2, 1, 0}};
    default:
      return {0, {}};
  }
}

bool srgb_order(uint32_t order) {
  return order == HSA_EXT_IMAGE_CHANNEL_ORDER_SRGB || order == HSA_EXT_IMAGE_CHANNEL_ORDER_SRGBX ||
         order == HSA_EXT_IMAGE_CHANNEL_ORDER_SRGBA || order == HSA_EXT_IMAGE_CHANNEL_ORDER_SBGRA;
}

template <typename T>
void store(uint8_t* out, size_t index, T v) {
  std::memcpy(out + index * sizeof(T), &v, sizeof(T));
}

int64_t clamp64(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

}  // namespace

uint32_t unorm_of(float f, unsigned bits) {
  const double max = static_cast<double>((uint64_t{1} << bits) - 1);
  if (std::isnan(f)) return 0;
  const double scaled = static_cast<double>(f) * max;
  if (scaled <= 0) return 0;
  if (scaled >= max) return static_cast<uint32_t>(max);
  return static_cast<uint32_t>(std::nearbyint(scaled));  // FE_TONEAREST: ties to even
}

int32_t snorm_of(float f, unsigned bits) {
  const double max = static_cast<double>((int64_t{1} << (bits - 1)) - 1);
  if (std::isnan(f)) return 0;
  const double scaled = static_cast<double>(f) * max;
  // neari_sat clamps to the memory type, whose lowest value is -max - 1.
  if (scaled <= -max - 1) return static_cast<int32_t>(-max - 1);
  if (scaled >= max) return static_cast<int32_t>(max);
  return static_cast<int32_t>(std::nearbyint(scaled));
}

uint16_t half_of(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  const uint16_t sign = static_cast<uint16_t>((x >> 16) & 0x8000);
  const uint32_t exp = (x >> 23) & 0xFF;
  uint32_t mant = x & 0x7FFFFF;
  if (exp == 0xFF) return sign | 0x7C00 | (mant ? 0x200 | (mant >> 13) : 0);  // inf, quiet NaN
  const int e = static_cast<int>(exp) - 127 + 15;
  if (e >= 31) return sign | 0x7C00;  // overflow: infinity (round to nearest)
  if (e <= 0) {
    // Subnormal half (or zero): shift the full significand into place.
    if (e < -10) return sign;
    mant |= 0x800000;
    const unsigned shift = static_cast<unsigned>(14 - e);
    uint32_t h = mant >> shift;
    const uint32_t rest = mant & ((1u << shift) - 1);
    const uint32_t halfway = 1u << (shift - 1);
    if (rest > halfway || (rest == halfway && (h & 1))) ++h;
    return static_cast<uint16_t>(sign | h);
  }
  uint32_t h = (static_cast<uint32_t>(e) << 10) | (mant >> 13);
  const uint32_t rest = mant & 0x1FFF;
  if (rest > 0x1000 || (rest == 0x1000 && (h & 1))) ++h;  // may carry into the exponent: fine
  return static_cast<uint16_t>(sign | h);
}

uint32_t srgb_of(float linear) {
  double s;
  if (std::isnan(linear))
    s = 0.0;
  else if (linear > 1.0f)
    s = 1.0;
  else if (linear < 0.0f)
    s = 0.0;
  else if (linear < 0.0031308f)
    s = linear * 12.92;
  else
    s = 1.055 * std::pow(static_cast<double>(linear), 1.0 / 2.4) - 0.055;
  const double v = std::trunc(s * 255.0 + 0.5);  // intzeroi(x + 0.5)
  return static_cast<uint32_t>(v < 0 ? 0 : v > 255 ? 255 : v);
}

float srgb_to_linear(float srgb) {
  const double s = srgb;
  const double l = s <= 0.04045 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4);
  return static_cast<float>(l < 0 ? 0 : l > 1 ? 1 : l);
}

size_t texel_bytes(hsa_ext_image_format_t format, const void* colour, uint8_t out[16]) {
  float f[4];
  int32_t s[4];
  uint32_t u[4];
  std::memcpy(f, colour, sizeof f);
  std::memcpy(s, colour, sizeof s);
  std::memcpy(u, colour, sizeof u);
  std::memset(out, 0, 16);
  const uint32_t type = format.channel_type;
  // Packed: r in the high bits, the unused top bits 0.
  switch (type) {
    case HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_SHORT_565:
      store<uint16_t>(out, 0,
                      static_cast<uint16_t>(unorm_of(f[0], 5) << 11 | unorm_of(f[1], 6) << 5 |
                                            unorm_of(f[2], 5)));
      return 2;
    case HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_SHORT_555:
      store<uint16_t>(out, 0,
                      static_cast<uint16_t>(unorm_of(f[0], 5) << 10 | unorm_of(f[1], 5) << 5 |
                                            unorm_of(f[2], 5)));
      return 2;
    case HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_SHORT_101010:
      store<uint32_t>(out, 0,
                      unorm_of(f[0], 10) << 20 | unorm_of(f[1], 10) << 10 | unorm_of(f[2], 10));
      return 4;
    default:
      break;
  }
  const Order o = order_of(format.channel_order);
  if (o.count == 0) return 0;
  const bool srgb = srgb_order(format.channel_order);
  size_t bytes = 0;
  for (unsigned i = 0; i < o.count; ++i) {
    const unsigned c = o.component[i];
    switch (type) {
      case HSA_EXT_IMAGE_CHANNEL_TYPE_SNORM_INT8:
        store<int8_t>(out, i, static_cast<int8_t>(snorm_of(f[c], 8)));
        bytes = 1;
        break;
      case HSA_EXT_IMAGE_CHANNEL_TYPE_SNORM_INT16:
        store<int16_t>(out, i, static_cast<int16_t>(snorm_of(f[c], 16)));
        bytes = 2;
        break;
      case HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8:
        // The a component of an s-form is linear.
        store<uint8_t>(out, i,
                       static_cast<uint8_t>(srgb && c != 3 ? srgb_of(f[c]) : unorm_of(f[c], 8)));
        bytes = 1;
        break;
      case HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT16:
        store<uint16_t>(out, i, static_cast<uint16_t>(unorm_of(f[c], 16)));
        bytes = 2;
        break;
      case HSA_EXT_IMAGE_CHANNEL_TYPE_SIGNED_INT8:
        store<int8_t>(out, i, static_cast<int8_t>(clamp64(s[c], INT8_MIN, INT8_MAX)));
        bytes = 1;
        break;
      case HSA_EXT_IMAGE_CHANNEL_TYPE_SIGNED_INT16:
        store<int16_t>(out, i, static_cast<int16_t>(clamp64(s[c], INT16_MIN, INT16_MAX)));
        bytes = 2;
        break;
      case HSA_EXT_IMAGE_CHANNEL_TYPE_SIGNED_INT32:
        store<int32_t>(out, i, s[c]);
        bytes = 4;
        break;
      case HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT8:
        store<uint8_t>(out, i, static_cast<uint8_t>(u[c] > UINT8_MAX ? UINT8_MAX : u[c]));
        bytes = 1;
        break;
      case HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT16:
        store<uint16_t>(out, i, static_cast<uint16_t>(u[c] > UINT16_MAX ? UINT16_MAX : u[c]));
        bytes = 2;
        break;
      case HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT32:
        store<uint32_t>(out, i, u[c]);
        bytes = 4;
        break;
      case HSA_EXT_IMAGE_CHANNEL_TYPE_HALF_FLOAT:
        store<uint16_t>(out, i, half_of(f[c]));
        bytes = 2;
        break;
      case HSA_EXT_IMAGE_CHANNEL_TYPE_FLOAT:
        store<float>(out, i, f[c]);
        bytes = 4;
        break;
      default:
        return 0;
    }
  }
  return bytes * o.count;
}

}  // namespace hsart::image
