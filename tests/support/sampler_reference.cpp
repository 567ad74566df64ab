// CPU reference for sampling (sampler_reference.h).
#include "sampler_reference.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace gcn_test {
namespace smpref {

using imgref::fbits;
using imgref::fval;

namespace {

// Fixed point with 8 fractional bits; u4.8 is unsigned, s5.8 two's
// complement in 14 bits.
uint32_t to_fixed(float v, unsigned bits) {
  const long k = std::lround(static_cast<double>(v) * 256.0);
  return static_cast<uint32_t>(k) & ((1u << bits) - 1);
}

struct Shape {
  unsigned spatial;  // coordinates filtered
  bool array;
  bool cube = false;
};
Shape shape(unsigned type) {
  switch (type) {
    case imgref::kCube:
      return {2, true, true};
    case imgref::k1D:
      return {1, false};
    case imgref::k1DArray:
      return {1, true};
    case imgref::k2D:
      return {2, false};
    case imgref::k2DArray:
      return {2, true};
    default:
      return {3, false};  // 3D
  }
}

unsigned levels_above_base(const imgref::Image& im) {
  return im.last_level > im.base_level ? im.last_level - im.base_level : 0;
}

// Snap to 1/256: floor, in double.
double snap(double x) { return std::floor(x * 256.0) / 256.0; }

double lod_snap(double x) {
  if (std::isnan(x)) x = -32;
  return snap(std::min(32.0, std::max(-32.0, x)));
}

bool is_int(const imgref::Fmt& f) { return f.kind == 'U' || f.kind == 'S'; }

// lambda' (after the sampler's bias) and lambda (clamped by the sampler and
// _cl), both multiples of 1/256.
void lods(const imgref::Image& im, const Sampler& s, const Query& q, double* unclamped,
          double* clamped) {
  const Shape sh = shape(im.type);
  double base = 0;
  if (q.lod_from == Query::kLod) {
    base = q.lod;
  } else if (q.lod_from == Query::kGradients) {
    const auto dims = imgref::level_dims(im, im.base_level);
    const bool unnorm = q.unorm || s.force_unnormalized;
    double lh = 0, lv = 0;
    for (unsigned i = 0; i < sh.spatial; ++i) {
      const double size = unnorm ? 1.0 : static_cast<double>(dims[i]);
      lh += (q.dh[i] * size) * (q.dh[i] * size);
      lv += (q.dv[i] * size) * (q.dv[i] * size);
    }
    base = std::log2(std::max(std::sqrt(lh), std::sqrt(lv)));
  }
  const double bias = std::round(static_cast<double>(s.lod_bias) * 256.0) / 256.0;
  *unclamped = lod_snap(base + q.bias) + bias;
  double lo = std::round(static_cast<double>(s.min_lod) * 256.0) / 256.0;
  const double hi = std::round(static_cast<double>(s.max_lod) * 256.0) / 256.0;
  if (q.has_clamp) lo = std::max(lo, lod_snap(q.clamp));
  *clamped = std::min(std::max(*unclamped, lo), hi);
}

// The texel a mode maps index i of an n-texel axis to; -1: the border.
long wrap_index(long i, long n, unsigned mode) {
  switch (mode) {
    case 0: {  // wrap: repeat every n
      long m = i % n;
      return m < 0 ? m + n : m;
    }
    case 1: {  // mirror: repeat every 2n, the second copy reversed
      long m = i % (2 * n);
      if (m < 0) m += 2 * n;
      return m >= n ? 2 * n - 1 - m : m;
    }
    case 2:  // clamp to the last texel
      return std::min(std::max(i, 0L), n - 1);
    case 3:  // mirror once about 0, then clamp
      return std::min(i < 0 ? -i - 1 : i, n - 1);
    case 4:  // clamp half border
    case 6:  // clamp border
      return (i >= 0 && i < n) ? i : -1;
    default:  // 5, 7: mirror once, border beyond
    {
      const long m = i < 0 ? -i - 1 : i;
      return m < n ? m : -1;
    }
  }
}

struct Tap {
  long index;
  double weight;
};

// The taps of one axis: u is the coordinate in texels (snapped, offset).
// Cube maps pass mode 0: their faces' edges are not the addressing modes'.
std::vector<Tap> taps(double u, long n, unsigned mode, bool linear) {
  if (mode == 4) u = std::min(std::max(u, 0.0), static_cast<double>(n));
  if (mode == 5) u = std::min(std::fabs(u), static_cast<double>(n));
  if (!linear) return {{static_cast<long>(std::floor(u)), 1.0}};
  const double t = u - 0.5;
  const double i0 = std::floor(t);
  const double a = t - i0;
  return {{static_cast<long>(i0), 1.0 - a}, {static_cast<long>(i0) + 1, a}};
}

struct Ctx {
  const imgref::Image& im;
  const uint8_t* mem;
  const Sampler& s;
  const Query& q;
  imgref::Fmt f;
  Shape sh;
  unsigned slice = 0;
  unsigned face = 0;  // cube maps
};

// A cube face's frame: the direction through face coordinates (sc, tc) in
// [-1, 1] is m + sc * s + tc * t (OpenGL's cube map face table, which
// V_CUBESC/V_CUBETC/V_CUBEMA compute).
struct Frame {
  double m[3], s[3], t[3];
};
const Frame kFaces[6] = {
    {{1, 0, 0}, {0, 0, -1}, {0, -1, 0}},   // +X
    {{-1, 0, 0}, {0, 0, 1}, {0, -1, 0}},   // -X
    {{0, 1, 0}, {1, 0, 0}, {0, 0, 1}},     // +Y
    {{0, -1, 0}, {1, 0, 0}, {0, 0, -1}},   // -Y
    {{0, 0, 1}, {1, 0, 0}, {0, -1, 0}},    // +Z
    {{0, 0, -1}, {-1, 0, 0}, {0, -1, 0}},  // -Z
};

double dot(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

// Seamless cube filtering: a texel beyond the face's edge is the texel of
// the face its centre's direction points at (the major axis, Z then Y then
// X on ties, as V_CUBEID), clamped into that face.
void cube_neighbour(unsigned* face, long* i, long* j, long w, long h) {
  if (*i >= 0 && *j >= 0 && *i < w && *j < h) return;
  const Frame& f = kFaces[*face];
  const double sc = (2.0 * *i + 1.0) / w - 1.0, tc = (2.0 * *j + 1.0) / h - 1.0;
  double d[3];
  for (unsigned k = 0; k < 3; ++k) d[k] = f.m[k] + sc * f.s[k] + tc * f.t[k];
  const double ax = std::fabs(d[0]), ay = std::fabs(d[1]), az = std::fabs(d[2]);
  const unsigned axis = (az >= ax && az >= ay) ? 2 : (ay >= ax ? 1 : 0);
  *face = axis * 2 + (d[axis] < 0 ? 1 : 0);
  const Frame& g = kFaces[*face];
  const double ma = dot(d, g.m);
  const double u = (dot(d, g.s) / ma + 1) / 2, v = (dot(d, g.t) / ma + 1) / 2;
  *i = std::min(std::max(static_cast<long>(std::floor(u * w)), 0L), w - 1);
  *j = std::min(std::max(static_cast<long>(std::floor(v * h)), 0L), h - 1);
}

std::array<uint32_t, 4> border(const Ctx& c) {
  const uint32_t one = is_int(c.f) ? 1u : fbits(1.0f);
  switch (c.s.border_type) {
    case 1:
      return {0, 0, 0, one};
    case 2:
      return {one, one, one, one};
    default:
      return {0, 0, 0, 0};
  }
}

bool compare_passes(unsigned func, float ref, float t) {
  switch (func) {
    case 0:
      return false;
    case 1:
      return ref < t;
    case 2:
      return ref == t;
    case 3:
      return ref <= t;
    case 4:
      return ref > t;
    case 5:
      return ref != t;
    case 6:
      return ref >= t;
    default:
      return true;
  }
}

// Texel at view indices (spatial) of absolute level `level`, border and
// depth compare applied.
std::array<uint32_t, 4> texel(const Ctx& c, unsigned level, const long idx[3]) {
  const auto dims = imgref::level_dims(c.im, level);
  long m[3] = {0, 0, 0};
  std::array<uint32_t, 4> t;
  bool out = false;
  if (c.sh.cube) {
    unsigned face = c.face;
    long i = idx[0], j = idx[1];
    const long w = dims[0], h = dims[1];
    if (c.s.disable_cube_wrap) {
      i = std::min(std::max(i, 0L), w - 1);
      j = std::min(std::max(j, 0L), h - 1);
    } else {
      cube_neighbour(&face, &i, &j, w, h);
    }
    const int64_t off = imgref::offset(c.im, level, static_cast<uint32_t>(i),
                                       static_cast<uint32_t>(j), c.slice - c.face + face);
    t = off < 0 ? std::array<uint32_t, 4>{0, 0, 0, 0} : imgref::decode(c.f, c.mem + off);
    if (c.q.compare) t[0] = fbits(compare_passes(c.s.compare, c.q.ref, fval(t[0])) ? 1.0f : 0.0f);
    return t;
  }
  for (unsigned a = 0; a < c.sh.spatial; ++a) {
    m[a] = wrap_index(idx[a], static_cast<long>(dims[a]), c.s.clamp[a]);
    if (m[a] < 0) out = true;
  }
  if (out) {
    t = border(c);
  } else {
    uint32_t x = static_cast<uint32_t>(m[0]), y = static_cast<uint32_t>(m[1]),
             z = static_cast<uint32_t>(m[2]);
    if (c.sh.array && c.sh.spatial == 1) y = c.slice;
    if (c.sh.array && c.sh.spatial == 2) z = c.slice;
    const int64_t off = imgref::offset(c.im, level, x, y, z);
    if (off < 0)
      t = {0, 0, 0, 0};
    else
      t = imgref::decode(c.f, c.mem + off);
  }
  if (c.q.compare) t[0] = fbits(compare_passes(c.s.compare, c.q.ref, fval(t[0])) ? 1.0f : 0.0f);
  return t;
}

// The snapped texel-space coordinate of axis a at a level of n texels.
double texel_coord(const Ctx& c, unsigned a, unsigned n) {
  float u = c.q.coord[a];
  if (c.sh.cube) u = u - 1.0f;  // [1, 2] to the face's [0, 1]
  if (!(c.q.unorm || c.s.force_unnormalized)) u = u * static_cast<float>(n);
  if (std::isnan(u)) u = 0;
  const double x = static_cast<double>(u);
  return (c.s.trunc_coord ? snap(x) : std::floor(x * 256.0 + 0.5) / 256.0) + c.q.offset[a];
}

Ctx context(const imgref::Image& im, const uint8_t* mem, const Sampler& s, const Query& q) {
  Ctx c{im, mem, s, q, {}, shape(im.type)};
  imgref::fmt(im.data_format, im.num_format, &c.f);
  if (c.sh.cube) {
    const unsigned layers = std::max(1u, (im.depth - im.base_array) / 6);
    const float z = c.q.coord[2];
    const unsigned k = static_cast<unsigned>(std::nearbyint(std::isnan(z) || z < 0 ? 0.0f : z));
    c.face = std::min(k % 8, 5u);
    c.slice = std::min(k / 8, layers - 1) * 6 + c.face;
  } else if (c.sh.array) {
    const double slices = im.depth - im.base_array;
    double v = std::isnan(c.q.coord[c.sh.spatial]) ? 0.0 : c.q.coord[c.sh.spatial];
    v = std::min(std::max(v, 0.0), slices - 1);
    c.slice = static_cast<unsigned>(std::nearbyint(v));  // the test runs in round-to-nearest-even
  }
  return c;
}

unsigned nearest(const imgref::Image& im, const Sampler& s, double lambda) {
  if (s.mip == 0 || lambda <= 0) return 0;
  return std::min(static_cast<unsigned>(std::floor(lambda + 0.5)), levels_above_base(im));
}

}  // namespace

std::array<uint32_t, 4> ssharp(const Sampler& s) {
  std::array<uint32_t, 4> w{};
  w[0] = s.clamp[0] | s.clamp[1] << 3 | s.clamp[2] << 6 | s.max_aniso << 9 | s.compare << 12 |
         (s.force_unnormalized ? 1u : 0u) << 15 | (s.disable_cube_wrap ? 1u : 0u) << 28 |
         (s.trunc_coord ? 1u : 0u) << 27 | s.filter_mode << 29;
  w[1] = to_fixed(s.min_lod, 12) | to_fixed(s.max_lod, 12) << 12;
  w[2] = to_fixed(s.lod_bias, 14) | s.mag << 20 | s.min << 22 | s.zf << 24 | s.mip << 26;
  w[3] = s.border_type << 30;
  return w;
}

std::array<uint32_t, 4> sample(const imgref::Image& im, const uint8_t* mem, const Sampler& s,
                               const Query& q) {
  const Ctx c = context(im, mem, s, q);
  double unclamped, lambda;
  lods(im, s, q, &unclamped, &lambda);
  const bool integer = is_int(c.f);
  // Levels (relative to the base) and weights.
  std::vector<std::pair<unsigned, double>> lv;
  const unsigned top = levels_above_base(im);
  if (s.mip == 2 && !integer) {
    const double l = std::min(std::max(lambda, 0.0), static_cast<double>(top));
    const unsigned l0 = static_cast<unsigned>(std::floor(l));
    const double frac = l - l0;
    lv.push_back({l0, 1.0 - frac});
    if (l0 < top) lv.push_back({l0 + 1, frac});
  } else {
    lv.push_back({nearest(im, s, lambda), 1.0});
  }
  const bool lin_xy = !integer && ((lambda <= 0 ? s.mag : s.min) & 1) == 1;
  const bool lin_z = !integer && (s.zf == 0 ? lin_xy : s.zf == 2);
  double sum[4] = {0, 0, 0, 0};
  std::array<uint32_t, 4> best{};
  bool first = true;
  for (const auto& [level, wl] : lv) {
    if (wl == 0) continue;
    const auto dims = imgref::level_dims(im, im.base_level + level);
    std::vector<Tap> t[3] = {{{0, 1.0}}, {{0, 1.0}}, {{0, 1.0}}};
    for (unsigned a = 0; a < c.sh.spatial; ++a)
      t[a] = taps(texel_coord(c, a, dims[a]), static_cast<long>(dims[a]),
                  c.sh.cube ? 0 : s.clamp[a], a == 2 ? lin_z : lin_xy);
    for (const Tap& tz : t[2])
      for (const Tap& ty : t[1])
        for (const Tap& tx : t[0]) {
          const double w = wl * tx.weight * ty.weight * tz.weight;
          if (w == 0) continue;
          const long idx[3] = {tx.index, ty.index, tz.index};
          const auto v = texel(c, im.base_level + level, idx);
          if (integer) {
            if (first) best = v;
            first = false;
            continue;
          }
          for (unsigned k = 0; k < 4; ++k) {
            const float x = fval(v[k]);
            sum[k] += w * x;
            if (first || (s.filter_mode == 1 && x < fval(best[k])) ||
                (s.filter_mode == 2 && x > fval(best[k])))
              best[k] = v[k];
          }
          first = false;
        }
  }
  if (integer || s.filter_mode != 0) return best;
  std::array<uint32_t, 4> out;
  for (unsigned k = 0; k < 4; ++k) out[k] = fbits(static_cast<float>(sum[k]));
  return out;
}

std::array<std::array<uint32_t, 4>, 4> gather4(const imgref::Image& im, const uint8_t* mem,
                                               const Sampler& s, const Query& q) {
  const Ctx c = context(im, mem, s, q);
  double unclamped, lambda;
  lods(im, s, q, &unclamped, &lambda);
  const unsigned level = im.base_level + nearest(im, s, lambda);
  const auto dims = imgref::level_dims(im, level);
  const auto tx = taps(texel_coord(c, 0, dims[0]), dims[0], c.sh.cube ? 0 : s.clamp[0], true);
  const auto ty = taps(texel_coord(c, 1, dims[1]), dims[1], c.sh.cube ? 0 : s.clamp[1], true);
  const long i0 = tx[0].index, i1 = tx[1].index, j0 = ty[0].index, j1 = ty[1].index;
  const long order[4][3] = {{i0, j1, 0}, {i1, j1, 0}, {i1, j0, 0}, {i0, j0, 0}};
  std::array<std::array<uint32_t, 4>, 4> out;
  for (unsigned n = 0; n < 4; ++n) out[n] = texel(c, level, order[n]);
  return out;
}

std::array<float, 2> get_lod(const imgref::Image& im, const Sampler& s, const Query& q) {
  double unclamped, lambda;
  lods(im, s, q, &unclamped, &lambda);
  const double top = levels_above_base(im);
  return {static_cast<float>(std::min(std::max(lambda, 0.0), top)), static_cast<float>(unclamped)};
}

uint32_t swizzle(unsigned sel, const std::array<uint32_t, 4>& c, bool integer) {
  if (sel == imgref::kSel0) return 0;
  if (sel == imgref::kSel1) return integer ? 1u : fbits(1.0f);
  if (sel >= imgref::kSelX && sel <= imgref::kSelW) return c[sel - imgref::kSelX];
  return 0;
}

}  // namespace smpref
}  // namespace gcn_test
