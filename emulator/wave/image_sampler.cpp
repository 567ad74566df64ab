// S# decoding, LOD and filtering (image_sampler.h).
#include "image_sampler.h"

#include <cmath>
#include <cstring>

#include "gfx9_image_descriptor.h"
#include "image_cube.h"

namespace gcn {
namespace img {

Sampler sampler(const Wave& w, unsigned sgpr) {
  uint32_t d[FW_IMG_SAMP_DWORDS];
  for (unsigned i = 0; i < FW_IMG_SAMP_DWORDS; ++i) d[i] = w.sgpr[(sgpr + i) % op::kSgprFileSize];
  Sampler s;
  s.clamp[0] = FW_FIELD_GET(d[0], FW_SAMP_W0_CLAMP_X);
  s.clamp[1] = FW_FIELD_GET(d[0], FW_SAMP_W0_CLAMP_Y);
  s.clamp[2] = FW_FIELD_GET(d[0], FW_SAMP_W0_CLAMP_Z);
  s.max_aniso_ratio = FW_FIELD_GET(d[0], FW_SAMP_W0_MAX_ANISO_RATIO);
  s.compare_func = FW_FIELD_GET(d[0], FW_SAMP_W0_DEPTH_COMPARE_FUNC);
  s.force_unnormalized = FW_FIELD_GET(d[0], FW_SAMP_W0_FORCE_UNNORMALIZED);
  s.filter_mode = FW_FIELD_GET(d[0], FW_SAMP_W0_FILTER_MODE);
  s.min_lod = static_cast<int>(FW_FIELD_GET(d[1], FW_SAMP_W1_MIN_LOD));
  s.max_lod = static_cast<int>(FW_FIELD_GET(d[1], FW_SAMP_W1_MAX_LOD));
  // LOD_BIAS: two's complement in its field.
  const unsigned bias = FW_FIELD_GET(d[2], FW_SAMP_W2_LOD_BIAS);
  const unsigned bias_bits = FW_FIELD_WIDTH(FW_SAMP_W2_LOD_BIAS);
  s.lod_bias = static_cast<int>(bias) - (((bias >> (bias_bits - 1)) & 1) ? (1 << bias_bits) : 0);
  s.mag_filter = FW_FIELD_GET(d[2], FW_SAMP_W2_XY_MAG_FILTER);
  s.min_filter = FW_FIELD_GET(d[2], FW_SAMP_W2_XY_MIN_FILTER);
  s.z_filter = FW_FIELD_GET(d[2], FW_SAMP_W2_Z_FILTER);
  s.mip_filter = FW_FIELD_GET(d[2], FW_SAMP_W2_MIP_FILTER);
  s.border_ptr = FW_FIELD_GET(d[3], FW_SAMP_W3_BORDER_COLOR_PTR);
  s.border_type = FW_FIELD_GET(d[3], FW_SAMP_W3_BORDER_COLOR_TYPE);
  s.disable_cube_wrap = FW_FIELD_GET(d[0], FW_SAMP_W0_DISABLE_CUBE_WRAP);
  s.trunc_coord = FW_FIELD_GET(d[0], FW_SAMP_W0_TRUNC_COORD);
  return s;
}

bool uses_border(unsigned m) {
  return m == FW_SQ_TEX_CLAMP_HALF_BORDER || m == FW_SQ_TEX_MIRROR_ONCE_HALF_BORDER ||
         m == FW_SQ_TEX_CLAMP_BORDER || m == FW_SQ_TEX_MIRROR_ONCE_BORDER;
}

double lod_from_gradients(unsigned n, const float dh[3], const float dv[3], const float scale[3]) {
  double h = 0, v = 0;
  for (unsigned i = 0; i < n; ++i) {
    const double a = static_cast<double>(dh[i]) * scale[i];
    const double b = static_cast<double>(dv[i]) * scale[i];
    h += a * a;
    v += b * b;
  }
  const double rho = std::sqrt(h > v ? h : v);
  return std::log2(rho);
}

int lod_fixed(double lambda, const Sampler& s) {
  constexpr double kLimit = 32.0;
  double l = std::isnan(lambda) ? -kLimit : lambda;
  l = l < -kLimit ? -kLimit : (l > kLimit ? kLimit : l);
  return static_cast<int>(std::floor(l * kFrac)) + s.lod_bias;
}

int lod_clamp(int lod, const Sampler& s, int rsrc_min_lod, int clamp) {
  int lo = s.min_lod;
  if (rsrc_min_lod > lo) lo = rsrc_min_lod;
  if (clamp > lo) lo = clamp;
  if (lod < lo) lod = lo;
  if (lod > s.max_lod) lod = s.max_lod;
  return lod;
}

namespace {

int64_t floor_div(int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
int64_t pos_mod(int64_t a, int64_t n) {
  const int64_t m = a % n;
  return m < 0 ? m + n : m;
}

// The view's last level relative to BASE_LEVEL.
unsigned top_level(const Rsrc& r) {
  return r.last_level > r.base_level ? r.last_level - r.base_level : 0;
}

bool is_integer(const Format& f) { return f.num == Num::kUint || f.num == Num::kSint; }

// Texel-space fixed point (8 fractional bits) of coordinate `axis` on a
// level `size` texels long, with the offset and the half-border modes'
// coordinate clamp applied. The conversion rounds to the nearest 1/256
// unless the S# sets TRUNC_COORD, which truncates: RADV sets TRUNC_COORD
// for nearest filtering because without it a coordinate just below a texel
// edge selects the next texel (D3D9-era rounding), and HIP's tex2D snaps
// point-sampled coordinates to texel edges (floor(u * size) / size) for
// the same reason, relying on the rounding to absorb the float error.
int64_t fixed_coord(const Lookup& q, const Sampler& s, unsigned axis, unsigned size,
                    unsigned mode) {
  float u = q.coord[axis];
  if (q.normalized) u = u * static_cast<float>(size);
  double ud = std::isnan(u) ? 0.0 : static_cast<double>(u);
  constexpr double kBig = 1073741824.0;  // 2^30: far outside any image
  ud = ud < -kBig ? -kBig : (ud > kBig ? kBig : ud);
  const double scaled = ud * kFrac + (s.trunc_coord ? 0.0 : 0.5);
  int64_t fx = static_cast<int64_t>(std::floor(scaled)) + int64_t{q.offset[axis]} * kFrac;
  const int64_t end = int64_t{size} * kFrac;
  if (mode == FW_SQ_TEX_MIRROR_ONCE_HALF_BORDER && fx < 0) fx = -fx;
  if (mode == FW_SQ_TEX_CLAMP_HALF_BORDER || mode == FW_SQ_TEX_MIRROR_ONCE_HALF_BORDER)
    fx = fx < 0 ? 0 : (fx > end ? end : fx);
  return fx;
}

// Texel index i of a level n texels long under addressing mode m; -1 for
// the border.
int64_t address(int64_t i, int64_t n, unsigned m) {
  const auto mirror_once = [](int64_t x) { return x < 0 ? -1 - x : x; };
  switch (m) {
    case FW_SQ_TEX_WRAP:
      return pos_mod(i, n);
    case FW_SQ_TEX_MIRROR: {
      const int64_t k = pos_mod(i, 2 * n);
      return k < n ? k : 2 * n - 1 - k;
    }
    case FW_SQ_TEX_CLAMP_LAST_TEXEL:
      return i < 0 ? 0 : (i >= n ? n - 1 : i);
    case FW_SQ_TEX_MIRROR_ONCE_LAST_TEXEL: {
      const int64_t k = mirror_once(i);
      return k >= n ? n - 1 : k;
    }
    case FW_SQ_TEX_CLAMP_HALF_BORDER:
    case FW_SQ_TEX_CLAMP_BORDER:
      return i < 0 || i >= n ? -1 : i;
    default: {  // the mirror-once border modes
      const int64_t k = mirror_once(i);
      return k >= n ? -1 : k;
    }
  }
}

// One axis of a footprint: up to two texels and their weights (of 256).
struct Axis {
  int64_t i[2] = {0, 0};
  int w[2] = {kFrac, 0};
};

Axis footprint(int64_t fx, bool linear) {
  Axis a;
  if (!linear) {
    a.i[0] = floor_div(fx, kFrac);
    return a;
  }
  const int64_t g = fx - kFrac / 2;
  a.i[0] = floor_div(g, kFrac);
  a.i[1] = a.i[0] + 1;
  a.w[1] = static_cast<int>(g - a.i[0] * kFrac);
  a.w[0] = kFrac - a.w[1];
  return a;
}

void border_texel(const Sampler& s, const Format& f, uint32_t out[4]) {
  const uint32_t one = is_integer(f) ? 1u : as_u32(1.0f);
  const uint32_t alpha = s.border_type == FW_SQ_TEX_BORDER_COLOR_TRANS_BLACK ? 0 : one;
  const uint32_t rgb = s.border_type == FW_SQ_TEX_BORDER_COLOR_OPAQUE_WHITE ? one : 0;
  out[0] = out[1] = out[2] = rgb;
  out[3] = alpha;
}

bool passes(unsigned func, float ref, float texel) {
  switch (func) {
    case FW_SQ_TEX_DEPTH_COMPARE_NEVER:
      return false;
    case FW_SQ_TEX_DEPTH_COMPARE_LESS:
      return ref < texel;
    case FW_SQ_TEX_DEPTH_COMPARE_EQUAL:
      return ref == texel;
    case FW_SQ_TEX_DEPTH_COMPARE_LESSEQUAL:
      return ref <= texel;
    case FW_SQ_TEX_DEPTH_COMPARE_GREATER:
      return ref > texel;
    case FW_SQ_TEX_DEPTH_COMPARE_NOTEQUAL:
      return ref != texel;
    case FW_SQ_TEX_DEPTH_COMPARE_GREATEREQUAL:
      return ref >= texel;
    default:
      return true;
  }
}

// The level's view: sizes per spatial axis and where the slice goes.
struct LevelView {
  unsigned spatial = 1;
  unsigned size[3] = {1, 1, 1};
};

LevelView level_view(const Rsrc& r, const Dims& d, unsigned level) {
  unsigned s[3];
  level_size(r, d, r.base_level + level, s);
  LevelView v;
  v.spatial = d.coords - (d.array ? 1 : 0);
  for (unsigned i = 0; i < v.spatial; ++i) v.size[i] = s[i];
  return v;
}

// A texel of the footprint: the border or a fetched texel, with the depth
// compare applied (the result replaces X).
bool texel_at(const Rsrc& r, const Dims& d, const Format& f, const Sampler& s, const Lookup& q,
              unsigned level, const LevelView& v, const int64_t idx[3], const Fetch& fetch,
              uint32_t out[4]) {
  uint32_t c[3] = {0, 0, 0};
  bool border = false;
  if (q.cube) {
    CubeTexel t;
    if (s.disable_cube_wrap) {
      const auto edge = [](int64_t i, unsigned n) {
        return i < 0 ? 0 : (i >= int64_t{n} ? int64_t{n} - 1 : i);
      };
      t.face = q.face;
      t.i = edge(idx[0], v.size[0]);
      t.j = edge(idx[1], v.size[1]);
    } else {
      t = cube_texel(q.face, idx[0], idx[1], v.size[0], v.size[1]);
    }
    c[0] = static_cast<uint32_t>(t.i);
    c[1] = static_cast<uint32_t>(t.j);
    c[2] = q.slice - q.face + t.face;
    if (!fetch(r.base_level + level, c, out)) return false;
    if (q.compare) out[0] = as_u32(passes(s.compare_func, q.ref, as_f32(out[0])) ? 1.0f : 0.0f);
    return true;
  }
  for (unsigned a = 0; a < v.spatial; ++a) {
    const int64_t k = address(idx[a], v.size[a], s.clamp[a]);
    if (k < 0) border = true;
    c[a] = static_cast<uint32_t>(k);
  }
  if (d.array) c[v.spatial] = q.slice;
  if (border) {
    border_texel(s, f, out);
  } else if (!fetch(r.base_level + level, c, out)) {
    return false;
  }
  if (q.compare) out[0] = as_u32(passes(s.compare_func, q.ref, as_f32(out[0])) ? 1.0f : 0.0f);
  return true;
}

// Combines weighted texels: blend (weighted sum), or min/max of the texels
// whose weight is not zero; integer formats keep the one texel's raw value.
struct Reduce {
  unsigned mode = FW_SQ_IMG_FILTER_MODE_BLEND;
  bool integer = false;
  bool any = false;
  double sum[4] = {0, 0, 0, 0}, total = 0;
  uint32_t pick[4] = {0, 0, 0, 0};

  void add(const uint32_t t[4], double w) {
    if (w == 0) return;
    if (integer) {
      if (!any) std::memcpy(pick, t, sizeof pick);
      any = true;
      return;
    }
    for (unsigned c = 0; c < 4; ++c) {
      const float x = as_f32(t[c]);
      if (mode == FW_SQ_IMG_FILTER_MODE_BLEND) {
        sum[c] += w * static_cast<double>(x);
      } else if (!any ||
                 (mode == FW_SQ_IMG_FILTER_MODE_MIN ? x < as_f32(pick[c]) : x > as_f32(pick[c]))) {
        pick[c] = t[c];
      }
    }
    total += w;
    any = true;
  }
  void result(uint32_t out[4]) const {
    for (unsigned c = 0; c < 4; ++c)
      out[c] = integer || mode != FW_SQ_IMG_FILTER_MODE_BLEND
                   ? pick[c]
                   : as_u32(static_cast<float>(sum[c] / total));
  }
};

}  // namespace

unsigned nearest_level(const Rsrc& r, const Sampler& s, int lod) {
  if (s.mip_filter == FW_SQ_TEX_MIP_FILTER_NONE || lod <= 0) return 0;
  const unsigned l = static_cast<unsigned>((lod + kFrac / 2) / kFrac);
  return l > top_level(r) ? top_level(r) : l;
}

bool sample(const Rsrc& r, const Dims& d, const Format& f, const Sampler& s, const Lookup& q,
            const Fetch& fetch, uint32_t out[4]) {
  const bool integer = is_integer(f);
  // Levels and their weights (of 256).
  unsigned levels[2] = {0, 0};
  int lw[2] = {kFrac, 0};
  const unsigned top = top_level(r);
  if (s.mip_filter == FW_SQ_TEX_MIP_FILTER_LINEAR && !integer) {
    const int lod = q.lod < 0 ? 0 : (q.lod > int(top) * kFrac ? int(top) * kFrac : q.lod);
    levels[0] = static_cast<unsigned>(lod / kFrac);
    levels[1] = levels[0] + 1 > top ? top : levels[0] + 1;
    lw[1] = levels[0] == top ? 0 : lod % kFrac;
    lw[0] = kFrac - lw[1];
  } else {
    levels[0] = nearest_level(r, s, q.lod);
  }
  // Magnification at lambda <= 0; the aniso filters filter as their base.
  const unsigned xy = (q.lod <= 0 ? s.mag_filter : s.min_filter) & 1;
  const bool linear_xy = xy == FW_SQ_TEX_XY_FILTER_BILINEAR && !integer;
  const bool linear_z =
      !integer &&
      (s.z_filter == FW_SQ_TEX_Z_FILTER_NONE ? linear_xy : s.z_filter == FW_SQ_TEX_Z_FILTER_LINEAR);
  Reduce red;
  red.mode = s.filter_mode;
  red.integer = integer;
  for (unsigned m = 0; m < 2; ++m) {
    if (lw[m] == 0) continue;
    const LevelView v = level_view(r, d, levels[m]);
    Axis ax[3];
    for (unsigned a = 0; a < v.spatial; ++a)
      ax[a] =
          footprint(fixed_coord(q, s, a, v.size[a], q.cube ? unsigned{FW_SQ_TEX_WRAP} : s.clamp[a]),
                    a == 2 ? linear_z : linear_xy);
    for (unsigned k = 0; k < 2; ++k)
      for (unsigned j = 0; j < 2; ++j)
        for (unsigned i = 0; i < 2; ++i) {
          const double w = double{1} * lw[m] * ax[0].w[i] * ax[1].w[j] * ax[2].w[k];
          if (w == 0) continue;
          const int64_t idx[3] = {ax[0].i[i], ax[1].i[j], ax[2].i[k]};
          uint32_t t[4];
          if (!texel_at(r, d, f, s, q, levels[m], v, idx, fetch, t)) return false;
          red.add(t, w);
        }
  }
  red.result(out);
  return true;
}

bool gather4(const Rsrc& r, const Dims& d, const Format& f, const Sampler& s, const Lookup& q,
             const Fetch& fetch, uint32_t out[4][4]) {
  const unsigned level = nearest_level(r, s, q.lod);
  const LevelView v = level_view(r, d, level);
  const unsigned mx = q.cube ? unsigned{FW_SQ_TEX_WRAP} : s.clamp[0];
  const unsigned my = q.cube ? unsigned{FW_SQ_TEX_WRAP} : s.clamp[1];
  const Axis x = footprint(fixed_coord(q, s, 0, v.size[0], mx), true);
  const Axis y = footprint(fixed_coord(q, s, 1, v.size[1], my), true);
  // (i0,j1), (i1,j1), (i1,j0), (i0,j0): OpenGL's textureGather order, which
  // Mesa and LLVM map onto image_gather4 unchanged.
  static const unsigned kOrder[4][2] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
  for (unsigned n = 0; n < 4; ++n) {
    const int64_t idx[3] = {x.i[kOrder[n][0]], y.i[kOrder[n][1]], 0};
    if (!texel_at(r, d, f, s, q, level, v, idx, fetch, out[n])) return false;
  }
  return true;
}

void get_lod(const Rsrc& r, int clamped, int unclamped, float out[2]) {
  const int top = static_cast<int>(top_level(r)) * kFrac;
  const int l = clamped < 0 ? 0 : (clamped > top ? top : clamped);
  out[0] = static_cast<float>(l) / kFrac;
  out[1] = static_cast<float>(unclamped) / kFrac;
}

}  // namespace img
}  // namespace gcn
