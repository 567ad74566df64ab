// Texel formats and conversions (image_format.h).
#include "image_format.h"

#include <cmath>
#include <cstring>

#include "gfx9_image_descriptor.h"
#include "valu.h"

namespace gcn {
namespace img {
namespace {

// Component widths, X first, of each supported data format.
struct Layout {
  unsigned data_format;
  unsigned comps;
  uint8_t bits[4];
};

constexpr Layout kLayouts[] = {
    {FW_IMG_DATA_FORMAT_8, 1, {8}},
    {FW_IMG_DATA_FORMAT_16, 1, {16}},
    {FW_IMG_DATA_FORMAT_8_8, 2, {8, 8}},
    {FW_IMG_DATA_FORMAT_32, 1, {32}},
    {FW_IMG_DATA_FORMAT_16_16, 2, {16, 16}},
    {FW_IMG_DATA_FORMAT_10_10_10_2, 4, {2, 10, 10, 10}},
    {FW_IMG_DATA_FORMAT_2_10_10_10, 4, {10, 10, 10, 2}},
    {FW_IMG_DATA_FORMAT_8_8_8_8, 4, {8, 8, 8, 8}},
    {FW_IMG_DATA_FORMAT_32_32, 2, {32, 32}},
    {FW_IMG_DATA_FORMAT_16_16_16_16, 4, {16, 16, 16, 16}},
    {FW_IMG_DATA_FORMAT_32_32_32, 3, {32, 32, 32}},
    {FW_IMG_DATA_FORMAT_32_32_32_32, 4, {32, 32, 32, 32}},
    {FW_IMG_DATA_FORMAT_5_6_5, 3, {5, 6, 5}},
    {FW_IMG_DATA_FORMAT_1_5_5_5, 4, {5, 5, 5, 1}},
    {FW_IMG_DATA_FORMAT_5_5_5_1, 4, {1, 5, 5, 5}},
    {FW_IMG_DATA_FORMAT_4_4_4_4, 4, {4, 4, 4, 4}},
};

uint32_t f32_bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
float f32_of(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// A component (at most 32 bits) spans at most 5 bytes: gather them
// little endian and cut the field out (sampling reads up to eight texels
// per lane, so this runs often).
uint64_t read_bits(const uint8_t* texel, unsigned shift, unsigned bits) {
  const unsigned first = shift / 8, last = (shift + bits - 1) / 8;
  uint64_t window = 0;
  for (unsigned i = first; i <= last; ++i) window |= uint64_t{texel[i]} << (8 * (i - first));
  window >>= shift % 8;
  return bits >= 64 ? window : window & ((uint64_t{1} << bits) - 1);
}

void write_bits(uint8_t* texel, unsigned shift, unsigned bits, uint64_t v) {
  for (unsigned i = 0; i < bits; ++i) {
    const unsigned b = shift + i;
    const uint8_t m = static_cast<uint8_t>(1u << (b % 8));
    texel[b / 8] = static_cast<uint8_t>(((v >> i) & 1) ? texel[b / 8] | m : texel[b / 8] & ~m);
  }
}

uint32_t to_value(Num num, unsigned bits, uint64_t raw) {
  if (num == Num::kUint || (num == Num::kFloat && bits == 32)) return static_cast<uint32_t>(raw);
  const double umax = std::ldexp(1.0, static_cast<int>(bits)) - 1;
  const int64_t sraw = bits < 64 && (raw >> (bits - 1)) & 1
                           ? static_cast<int64_t>(raw) - (int64_t{1} << bits)
                           : static_cast<int64_t>(raw);
  switch (num) {
    case Num::kUnorm:
      return f32_bits(static_cast<float>(static_cast<double>(raw) / umax));
    case Num::kSnorm: {
      const double smax = std::ldexp(1.0, static_cast<int>(bits) - 1) - 1;
      const double v = static_cast<double>(sraw) / smax;
      return f32_bits(static_cast<float>(v < -1.0 ? -1.0 : v));
    }
    case Num::kUint:
      return static_cast<uint32_t>(raw);
    case Num::kSint:
      return static_cast<uint32_t>(static_cast<int32_t>(sraw));
    case Num::kFloat:
      if (bits == 16) return f32_bits(static_cast<float>(f16_to_f64(static_cast<uint16_t>(raw))));
      return static_cast<uint32_t>(raw);
    case Num::kSrgb: {
      const double c = static_cast<double>(raw) / umax;
      const double lin = c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
      return f32_bits(static_cast<float>(lin));
    }
  }
  return 0;
}

// Round to nearest even of x in [lo, hi] after the clamp; NaN is 0.
double norm_round(float x, double lo, double hi, double scale) {
  if (std::isnan(x)) return 0;
  double v = static_cast<double>(x);
  v = v < lo ? lo : (v > hi ? hi : v);
  return std::nearbyint(v * scale);  // the host rounds to nearest even
}

uint64_t from_value(Num num, unsigned bits, uint32_t v) {
  const uint64_t mask = bits >= 64 ? ~0ull : (1ull << bits) - 1;
  switch (num) {
    case Num::kUnorm:
      return static_cast<uint64_t>(
          norm_round(f32_of(v), 0.0, 1.0, std::ldexp(1.0, static_cast<int>(bits)) - 1));
    case Num::kSnorm: {
      const double s =
          norm_round(f32_of(v), -1.0, 1.0, std::ldexp(1.0, static_cast<int>(bits) - 1) - 1);
      return static_cast<uint64_t>(static_cast<int64_t>(s)) & mask;
    }
    case Num::kUint: {
      const uint64_t max = mask;
      return v > max ? max : v;
    }
    case Num::kSint: {
      const int64_t s = static_cast<int32_t>(v);
      const int64_t hi = (int64_t{1} << (bits - 1)) - 1, lo = -(int64_t{1} << (bits - 1));
      return static_cast<uint64_t>(s < lo ? lo : (s > hi ? hi : s)) & mask;
    }
    case Num::kFloat:
      if (bits == 16) return f64_to_f16(static_cast<double>(f32_of(v)));
      return v;
    case Num::kSrgb: {
      const float x = f32_of(v);
      if (std::isnan(x)) return 0;
      double c = static_cast<double>(x);
      c = c < 0 ? 0 : (c > 1 ? 1 : c);
      const double e = c <= 0.0031308 ? c * 12.92 : 1.055 * std::pow(c, 1 / 2.4) - 0.055;
      return static_cast<uint64_t>(
          std::nearbyint(e * (std::ldexp(1.0, static_cast<int>(bits)) - 1)));
    }
  }
  return 0;
}

// W of an sRGB texel is linear.
Num component_num(const Format& f, unsigned c) {
  return f.num == Num::kSrgb && c == 3 ? Num::kUnorm : f.num;
}

}  // namespace

bool format(unsigned data_format, unsigned num_format, Format* f, const char** why) {
  const Layout* lay = nullptr;
  for (const Layout& l : kLayouts)
    if (l.data_format == data_format) lay = &l;
  if (!lay) {
    *why = "data format not implemented (10_11_11, 11_11_10, depth/stencil and block formats)";
    return false;
  }
  Format out;
  switch (num_format) {
    case FW_IMG_NUM_FORMAT_UNORM:
      out.num = Num::kUnorm;
      break;
    case FW_IMG_NUM_FORMAT_SNORM:
      out.num = Num::kSnorm;
      break;
    case FW_IMG_NUM_FORMAT_UINT:
      out.num = Num::kUint;
      break;
    case FW_IMG_NUM_FORMAT_SINT:
      out.num = Num::kSint;
      break;
    case FW_IMG_NUM_FORMAT_FLOAT:
      out.num = Num::kFloat;
      break;
    case FW_IMG_NUM_FORMAT_SRGB:
      out.num = Num::kSrgb;
      break;
    default:
      *why = "numeric format not implemented (uscaled, sscaled)";
      return false;
  }
  unsigned shift = 0;
  for (unsigned c = 0; c < lay->comps; ++c) {
    out.shift[c] = static_cast<uint8_t>(shift);
    out.bits[c] = lay->bits[c];
    shift += lay->bits[c];
    if (out.num == Num::kFloat && lay->bits[c] != 16 && lay->bits[c] != 32) {
      *why = "float numeric format on components that are neither 16 nor 32 bits";
      return false;
    }
    if (out.num == Num::kSrgb && lay->bits[c] != 8) {
      *why = "srgb numeric format on components that are not 8 bits";
      return false;
    }
  }
  out.comps = lay->comps;
  out.bytes = shift / 8;
  *f = out;
  return true;
}

void decode(const Format& f, const uint8_t* texel, uint32_t out[4]) {
  const uint32_t one = f.float_result() ? 0x3F800000u : 1u;
  out[0] = out[1] = out[2] = 0;
  out[3] = one;
  for (unsigned c = 0; c < f.comps; ++c)
    out[c] = to_value(component_num(f, c), f.bits[c], read_bits(texel, f.shift[c], f.bits[c]));
}

void encode(const Format& f, const uint32_t in[4], unsigned write, uint8_t* texel) {
  for (unsigned c = 0; c < f.comps; ++c)
    if ((write >> c) & 1)
      write_bits(texel, f.shift[c], f.bits[c], from_value(component_num(f, c), f.bits[c], in[c]));
}

}  // namespace img
}  // namespace gcn
