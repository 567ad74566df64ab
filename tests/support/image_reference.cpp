// CPU reference for image texels (image_reference.h).
#include "image_reference.h"

#include <cmath>
#include <cstring>

namespace gcn_test {
namespace imgref {

uint32_t fbits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
float fval(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// IEEE binary16 by hand: scale into the 11-bit significand and let the
// host's rint (round to nearest even) do the rounding.
uint16_t f32_to_f16(float f) {
  const uint16_t sign = std::signbit(f) ? 0x8000 : 0;
  if (std::isnan(f)) return sign | 0x7E00 | ((fbits(f) >> 13) & 0x1FF);
  double a = std::fabs(static_cast<double>(f));
  if (std::isinf(a)) return sign | 0x7C00;
  if (a < std::ldexp(1.0, -14))
    return sign | static_cast<uint16_t>(std::rint(a * std::ldexp(1.0, 24)));
  int e = static_cast<int>(std::floor(std::log2(a)));
  if (std::ldexp(1.0, e) > a) --e;
  if (std::ldexp(1.0, e + 1) <= a) ++e;
  double m = std::rint(a * std::ldexp(1.0, 10 - e));  // 1024..2048
  if (m >= 2048) {
    m /= 2;
    ++e;
  }
  if (e > 15) return sign | 0x7C00;
  return static_cast<uint16_t>(sign | (e + 15) << 10 | (static_cast<unsigned>(m) - 1024));
}

float f16_to_f32(uint16_t h) {
  const int e = (h >> 10) & 31;
  const int m = h & 0x3FF;
  double v;
  if (e == 31) {
    if (m) return fval((h & 0x8000u) << 16 | 0x7FC00000u | static_cast<uint32_t>(m) << 13);
    v = INFINITY;
  } else if (e == 0) {
    v = m * std::ldexp(1.0, -24);
  } else {
    v = (1024 + m) * std::ldexp(1.0, e - 25);
  }
  return static_cast<float>((h & 0x8000) ? -v : v);
}

std::array<uint32_t, 8> tsharp(const Image& im) {
  std::array<uint32_t, 8> t{};
  const uint64_t a = im.base >> 8;
  const unsigned pitch = im.pitch ? im.pitch : im.width;
  t[0] = static_cast<uint32_t>(a);
  t[1] = static_cast<uint32_t>(a >> 32) & 0xFF;
  t[1] |= (im.data_format & 63) << 20 | (im.num_format & 15) << 26;
  t[2] = (im.width - 1) | (im.height - 1) << 14;
  t[3] = im.sel[0] | im.sel[1] << 3 | im.sel[2] << 6 | im.sel[3] << 9 | im.base_level << 12 |
         im.last_level << 16 | im.sw_mode << 20 | im.type << 28;
  t[4] = (im.depth - 1) | (pitch - 1) << 13;
  t[5] = im.base_array;
  return t;
}

bool fmt(unsigned df, unsigned nf, Fmt* f) {
  static const struct {
    unsigned df;
    std::vector<unsigned> w;
  } kTable[] = {
      {1, {8}},
      {2, {16}},
      {3, {8, 8}},
      {4, {32}},
      {5, {16, 16}},
      {8, {2, 10, 10, 10}},
      {9, {10, 10, 10, 2}},
      {10, {8, 8, 8, 8}},
      {11, {32, 32}},
      {12, {16, 16, 16, 16}},
      {13, {32, 32, 32}},
      {14, {32, 32, 32, 32}},
      {16, {5, 6, 5}},
      {17, {5, 5, 5, 1}},
      {18, {1, 5, 5, 5}},
      {19, {4, 4, 4, 4}},
  };
  const char kinds[10] = {'u', 's', 0, 0, 'U', 'S', 0, 'f', 0, 'g'};
  if (nf >= 10 || !kinds[nf]) return false;
  for (const auto& e : kTable) {
    if (e.df != df) continue;
    Fmt out;
    out.widths = e.w;
    out.kind = kinds[nf];
    unsigned bits = 0;
    for (unsigned w : e.w) {
      bits += w;
      if (out.kind == 'f' && w != 16 && w != 32) return false;
      if (out.kind == 'g' && w != 8) return false;
    }
    out.bytes = bits / 8;
    *f = out;
    return true;
  }
  return false;
}

namespace {

bool is_array(const Image& im) {
  return im.type == k1DArray || im.type == k2DArray || im.type == kCube;
}

unsigned half_down(unsigned v, unsigned level) { return std::max(1u, v >> level); }

unsigned bpe(const Image& im) {
  Fmt f;
  fmt(im.data_format, im.num_format, &f);
  return f.bytes;
}

// Row pitch of a level: the T#'s for level 0, else the width padded to a
// multiple of 256 bytes.
uint64_t row_pitch(const Image& im, unsigned level) {
  if (level == 0) return im.pitch ? im.pitch : im.width;
  const unsigned per256 = 256 / bpe(im);
  const unsigned w = level_dims(im, level)[0];
  return (w + per256 - 1) / per256 * per256;
}

// Bytes of one level within one array slice (3D: all its depth slices).
uint64_t level_bytes(const Image& im, unsigned level) {
  const auto d = level_dims(im, level);
  const uint64_t rows = im.type == k1DArray ? 1 : d[1];
  const uint64_t planes = im.type == k3D ? d[2] : 1;
  return row_pitch(im, level) * rows * planes * bpe(im);
}

uint64_t chain_bytes(const Image& im) {
  uint64_t s = 0;
  for (unsigned m = 0; m <= im.last_level; ++m) s += level_bytes(im, m);
  return s;
}

}  // namespace

std::array<unsigned, 3> level_dims(const Image& im, unsigned level) {
  std::array<unsigned, 3> d{half_down(im.width, level), 1, 1};
  switch (im.type) {
    case k1DArray:
      d[1] = im.depth;
      break;
    case k2D:
      d[1] = half_down(im.height, level);
      break;
    case k2DArray:
    case kCube:
      d[1] = half_down(im.height, level);
      d[2] = im.depth;
      break;
    case k3D:
      d[1] = half_down(im.height, level);
      d[2] = half_down(im.depth, level);
      break;
    default:
      break;
  }
  return d;
}

uint64_t total_bytes(const Image& im) { return chain_bytes(im) * (is_array(im) ? im.depth : 1); }

int64_t offset(const Image& im, unsigned level, uint32_t x, uint32_t y, uint32_t z) {
  if (level < im.base_level || level > im.last_level) return -1;
  const auto d = level_dims(im, level);
  uint64_t slice = 0, row = y, plane = 0;
  if (im.type == k1D) row = 0;
  if (im.type == k1DArray) {
    slice = uint64_t{y} + im.base_array;
    row = 0;
    if (slice >= im.depth) return -1;
  } else if (im.type == k2DArray || im.type == kCube) {
    slice = uint64_t{z} + im.base_array;
    if (slice >= im.depth) return -1;
  } else if (im.type == k3D) {
    plane = z;
    if (plane >= d[2]) return -1;
  }
  const uint64_t rows = im.type == k1DArray || im.type == k1D ? 1 : d[1];
  if (x >= d[0] || row >= rows) return -1;
  uint64_t off = slice * chain_bytes(im);
  for (unsigned m = 0; m < level; ++m) off += level_bytes(im, m);
  off += ((plane * rows + row) * row_pitch(im, level) + x) * bpe(im);
  return static_cast<int64_t>(off);
}

namespace {

uint64_t get_field(const uint8_t* t, unsigned lo, unsigned n) {
  uint64_t v = 0;
  for (unsigned i = 0; i < n; ++i) v |= uint64_t((t[(lo + i) >> 3] >> ((lo + i) & 7)) & 1) << i;
  return v;
}
void set_field(uint8_t* t, unsigned lo, unsigned n, uint64_t v) {
  for (unsigned i = 0; i < n; ++i) {
    const unsigned b = lo + i;
    t[b >> 3] = static_cast<uint8_t>((t[b >> 3] & ~(1u << (b & 7))) | ((v >> i) & 1) << (b & 7));
  }
}

}  // namespace

std::array<uint32_t, 4> decode(const Fmt& f, const uint8_t* texel) {
  const bool floaty = f.kind != 'U' && f.kind != 'S';
  std::array<uint32_t, 4> out{0, 0, 0, floaty ? fbits(1.0f) : 1u};
  unsigned lo = 0;
  for (size_t c = 0; c < f.widths.size(); ++c) {
    const unsigned n = f.widths[c];
    const uint64_t raw = get_field(texel, lo, n);
    lo += n;
    const int64_t sgn = (raw >> (n - 1)) & 1 ? int64_t(raw) - (int64_t(1) << n) : int64_t(raw);
    switch (f.kind) {
      case 'u':
        out[c] = fbits(static_cast<float>(double(raw) / double((uint64_t(1) << n) - 1)));
        break;
      case 's': {
        const double v = double(sgn) / double((uint64_t(1) << (n - 1)) - 1);
        out[c] = fbits(static_cast<float>(std::max(v, -1.0)));
        break;
      }
      case 'U':
        out[c] = static_cast<uint32_t>(raw);
        break;
      case 'S':
        out[c] = static_cast<uint32_t>(static_cast<int32_t>(sgn));
        break;
      case 'f':
        out[c] =
            n == 16 ? fbits(f16_to_f32(static_cast<uint16_t>(raw))) : static_cast<uint32_t>(raw);
        break;
      case 'g': {  // sRGB (IEC 61966-2-1) for X, Y, Z; W is plain unorm
        const double e = double(raw) / 255.0;
        const double lin =
            c == 3 ? e : (e > 0.04045 ? std::pow((e + 0.055) / 1.055, 2.4) : e / 12.92);
        out[c] = fbits(static_cast<float>(lin));
        break;
      }
    }
  }
  return out;
}

void encode(const Fmt& f, const std::array<uint32_t, 4>& v, unsigned mask, uint8_t* texel) {
  unsigned lo = 0;
  for (size_t c = 0; c < f.widths.size(); ++c) {
    const unsigned n = f.widths[c];
    const unsigned at = lo;
    lo += n;
    if (!((mask >> c) & 1)) continue;
    uint64_t raw = 0;
    const float x = fval(v[c]);
    switch (f.kind) {
      case 'u': {
        const double max = double((uint64_t(1) << n) - 1);
        const double cl = std::isnan(x) ? 0.0 : std::min(1.0, std::max(0.0, double(x)));
        raw = static_cast<uint64_t>(std::rint(cl * max));
        break;
      }
      case 's': {
        const double max = double((uint64_t(1) << (n - 1)) - 1);
        const double cl = std::isnan(x) ? 0.0 : std::min(1.0, std::max(-1.0, double(x)));
        raw = static_cast<uint64_t>(static_cast<int64_t>(std::rint(cl * max)));
        break;
      }
      case 'U': {
        const uint64_t max = (uint64_t(1) << n) - 1;
        raw = std::min<uint64_t>(v[c], max);
        break;
      }
      case 'S': {
        const int64_t hi = (int64_t(1) << (n - 1)) - 1;
        raw = static_cast<uint64_t>(std::min(hi, std::max(-hi - 1, int64_t(int32_t(v[c])))));
        break;
      }
      case 'f':
        raw = n == 16 ? f32_to_f16(x) : v[c];
        break;
      case 'g': {
        const double cl = std::isnan(x) ? 0.0 : std::min(1.0, std::max(0.0, double(x)));
        const double e =
            c == 3 ? cl : (cl > 0.0031308 ? 1.055 * std::pow(cl, 1.0 / 2.4) - 0.055 : 12.92 * cl);
        raw = static_cast<uint64_t>(std::rint(e * 255.0));
        break;
      }
    }
    set_field(texel, at, n, raw);
  }
}

}  // namespace imgref
}  // namespace gcn_test
