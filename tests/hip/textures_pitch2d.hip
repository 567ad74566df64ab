// 2D textures on pitched linear memory (hipMallocPitch, hipResourceTypePitch2D):
// HIP makes a linear 2D image whose row pitch is the allocation's and
// tex2D<float4> samples it through an S# (image_sample). Point filtering with
// unnormalized and normalized coordinates under clamp, wrap (normalized
// only, as CUDA allows) and border addressing, and bilinear filtering, each
// compared with a CPU model of the sampler written here.
//
// Parts (the first argument; none runs both): "point", "linear".
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "hip_check.h"

namespace {

// Odd sizes: the rows are padded to the pitch, the grid's edges partial.
constexpr int kWidth = 37;
constexpr int kHeight = 23;

// One sample position per work-item; the kernel returns what tex2D gives.
struct Coord {
  float x, y;
};

__global__ void sample(hipTextureObject_t tex, const Coord* at, float4* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<float4>(tex, at[i].x, at[i].y);
}

float4 texel_value(int x, int y) {
  // Distinct per texel and channel, exact in float.
  return make_float4(float(x + 64 * y), float(x * 3 - y * 5), float((x * 7 + y * 11) % 97) - 48.0f,
                     float(y) * 0.5f + float(x) * 0.25f);
}

struct Image {
  std::vector<float4> host;  // kWidth x kHeight, packed
  float4* device = nullptr;
  size_t pitch = 0;
};

Image make_image() {
  Image im;
  im.host.resize(kWidth * kHeight);
  for (int y = 0; y < kHeight; ++y)
    for (int x = 0; x < kWidth; ++x) im.host[y * kWidth + x] = texel_value(x, y);
  HIP_CHECK(hipMallocPitch(reinterpret_cast<void**>(&im.device), &im.pitch, kWidth * sizeof(float4),
                           kHeight));
  HIP_CHECK(hipMemcpy2D(im.device, im.pitch, im.host.data(), kWidth * sizeof(float4),
                        kWidth * sizeof(float4), kHeight, hipMemcpyHostToDevice));
  return im;
}

hipTextureObject_t make_texture(const Image& im, hipTextureAddressMode mode,
                                hipTextureFilterMode filter, bool normalized) {
  hipResourceDesc res;
  std::memset(&res, 0, sizeof(res));
  res.resType = hipResourceTypePitch2D;
  res.res.pitch2D.devPtr = im.device;
  res.res.pitch2D.desc = hipCreateChannelDesc<float4>();
  res.res.pitch2D.width = kWidth;
  res.res.pitch2D.height = kHeight;
  res.res.pitch2D.pitchInBytes = im.pitch;
  hipTextureDesc tex;
  std::memset(&tex, 0, sizeof(tex));
  tex.addressMode[0] = tex.addressMode[1] = mode;
  tex.filterMode = filter;
  tex.readMode = hipReadModeElementType;
  tex.normalizedCoords = normalized ? 1 : 0;
  hipTextureObject_t object = 0;
  HIP_CHECK(hipCreateTextureObject(&object, &res, &tex, nullptr));
  return object;
}

std::vector<float4> sample_all(hipTextureObject_t tex, const std::vector<Coord>& at) {
  const int n = static_cast<int>(at.size());
  Coord* d_at = nullptr;
  float4* d_out = nullptr;
  HIP_CHECK(hipMalloc(&d_at, n * sizeof(Coord)));
  HIP_CHECK(hipMalloc(&d_out, n * sizeof(float4)));
  HIP_CHECK(hipMemcpy(d_at, at.data(), n * sizeof(Coord), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemset(d_out, 0x5a, n * sizeof(float4)));
  hipLaunchKernelGGL(sample, dim3((n + 127) / 128), dim3(128), 0, 0, tex, d_at, d_out, n);
  HIP_CHECK_LAUNCH();
  std::vector<float4> out(n);
  HIP_CHECK(hipMemcpy(out.data(), d_out, n * sizeof(float4), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(d_at));
  HIP_CHECK(hipFree(d_out));
  return out;
}

// ---- the CPU's sampler ----

// A texel index after addressing along one axis of `size` texels; -1 means
// the border (transparent black).
int address(int i, int size, hipTextureAddressMode mode) {
  if (i >= 0 && i < size) return i;
  switch (mode) {
    case hipAddressModeWrap:
      return ((i % size) + size) % size;
    case hipAddressModeBorder:
      return -1;
    default:  // clamp
      return i < 0 ? 0 : size - 1;
  }
}

float4 texel_or_border(const Image& im, int x, int y, hipTextureAddressMode mode) {
  const int ax = address(x, kWidth, mode), ay = address(y, kHeight, mode);
  if (ax < 0 || ay < 0) return make_float4(0, 0, 0, 0);
  return im.host[ay * kWidth + ax];
}

// Texel-space coordinate of a sample coordinate.
double texel_space(float c, int size, bool normalized) {
  return normalized ? double(c) * size : double(c);
}

float4 cpu_point(const Image& im, Coord c, hipTextureAddressMode mode, bool normalized) {
  const int x = int(std::floor(texel_space(c.x, kWidth, normalized)));
  const int y = int(std::floor(texel_space(c.y, kHeight, normalized)));
  return texel_or_border(im, x, y, mode);
}

float4 cpu_bilinear(const Image& im, Coord c, hipTextureAddressMode mode, bool normalized) {
  // Texel centres sit at i + 0.5: the four around the sample and the
  // fractions between them.
  const double sx = texel_space(c.x, kWidth, normalized) - 0.5;
  const double sy = texel_space(c.y, kHeight, normalized) - 0.5;
  const int x0 = int(std::floor(sx)), y0 = int(std::floor(sy));
  const double a = sx - x0, b = sy - y0;
  const float4 t00 = texel_or_border(im, x0, y0, mode), t10 = texel_or_border(im, x0 + 1, y0, mode);
  const float4 t01 = texel_or_border(im, x0, y0 + 1, mode);
  const float4 t11 = texel_or_border(im, x0 + 1, y0 + 1, mode);
  auto mix = [&](float v00, float v10, float v01, float v11) {
    return float((1 - a) * (1 - b) * v00 + a * (1 - b) * v10 + (1 - a) * b * v01 + a * b * v11);
  };
  return make_float4(mix(t00.x, t10.x, t01.x, t11.x), mix(t00.y, t10.y, t01.y, t11.y),
                     mix(t00.z, t10.z, t01.z, t11.z), mix(t00.w, t10.w, t01.w, t11.w));
}

const char* mode_name(hipTextureAddressMode mode) {
  switch (mode) {
    case hipAddressModeWrap:
      return "wrap";
    case hipAddressModeBorder:
      return "border";
    default:
      return "clamp";
  }
}

bool same(float4 a, float4 b) { return a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w; }

// Positions for point sampling, in texel space a quarter texel from an
// edge between texels (floor decides there, and the hardware's fixed-point
// coordinates need not round as the CPU's doubles do): every texel, and a
// ring up to 2.75 texels (unnormalized) or 1.5 images (normalized) outside,
// where the addressing mode decides.
std::vector<Coord> point_positions(bool normalized) {
  std::vector<Coord> at;
  const float sx = normalized ? 1.0f / kWidth : 1.0f, sy = normalized ? 1.0f / kHeight : 1.0f;
  auto push = [&](float tx, float ty) { at.push_back({tx * sx, ty * sy}); };
  for (int y = 0; y < kHeight; ++y)
    for (int x = 0; x < kWidth; ++x)
      push(x + 0.25f + 0.5f * ((x + y) & 1), y + 0.75f - 0.5f * (x & 1));
  const int reach_x = normalized ? kWidth + kWidth / 2 : 3,
            reach_y = normalized ? kHeight + kHeight / 2 : 3;
  for (int k = 0; k < 64; ++k) {
    // Whole texels out, plus a quarter or three quarters.
    const float q = (k & 1) ? 0.25f : 0.75f;
    const int ox = 1 + k * (reach_x - 1) / 63, oy = 1 + k * (reach_y - 1) / 63;
    const int ix = k * kWidth / 64, iy = k * kHeight / 64;
    // Left, right, above and below the image, and two corners.
    push(-ox + q, iy + q);
    push(kWidth + ox - 1 + q, iy + q);
    push(ix + q, -oy + q);
    push(ix + q, kHeight + oy - 1 + q);
    push(-ox + q, kHeight + oy - 1 + q);
    push(kWidth + ox - 1 + q, -oy + q);
  }
  return at;
}

void check_point(const Image& im, hipTextureAddressMode mode, bool normalized) {
  const std::vector<Coord> at = point_positions(normalized);
  const hipTextureObject_t tex = make_texture(im, mode, hipFilterModePoint, normalized);
  const std::vector<float4> got = sample_all(tex, at);
  for (size_t i = 0; i < at.size(); ++i) {
    const float4 want = cpu_point(im, at[i], mode, normalized);
    // Bit for bit: point sampling returns a texel (or the border) as stored.
    EXPECT_TRUE(same(got[i], want), "point %s %s at (%.6g, %.6g): (%g,%g,%g,%g), CPU (%g,%g,%g,%g)",
                mode_name(mode), normalized ? "normalized" : "unnormalized", double(at[i].x),
                double(at[i].y), double(got[i].x), double(got[i].y), double(got[i].z),
                double(got[i].w), double(want.x), double(want.y), double(want.z), double(want.w));
  }
  HIP_CHECK(hipDestroyTextureObject(tex));
}

void check_linear(const Image& im, hipTextureAddressMode mode, bool normalized) {
  // Positions all over the image and a texel and a half beyond each edge,
  // at fractions that are not multiples of 1/256.
  std::vector<Coord> at;
  for (int j = 0; j < 41; ++j)
    for (int i = 0; i < 53; ++i) {
      const float x = -1.5f + (kWidth + 3.0f) * (i + 0.137f) / 53.0f;
      const float y = -1.5f + (kHeight + 3.0f) * (j + 0.291f) / 41.0f;
      at.push_back({normalized ? x / kWidth : x, normalized ? y / kHeight : y});
    }
  // Each channel's range over the image (the border's 0 included).
  float lo[4] = {0, 0, 0, 0}, hi[4] = {0, 0, 0, 0};
  for (const float4& t : im.host) {
    const float v[4] = {t.x, t.y, t.z, t.w};
    for (int c = 0; c < 4; ++c) lo[c] = std::fmin(lo[c], v[c]), hi[c] = std::fmax(hi[c], v[c]);
  }
  const hipTextureObject_t tex = make_texture(im, mode, hipFilterModeLinear, normalized);
  const std::vector<float4> got = sample_all(tex, at);
  for (size_t i = 0; i < at.size(); ++i) {
    const float4 want = cpu_bilinear(im, at[i], mode, normalized);
    const float g[4] = {got[i].x, got[i].y, got[i].z, got[i].w};
    const float w[4] = {want.x, want.y, want.z, want.w};
    for (int c = 0; c < 4; ++c) {
      // gfx9's filter weights have 8 fractional bits: the sample's fraction
      // between texel centres is rounded to a multiple of 1/256 on each
      // axis, which moves the result by at most half of 1/256 of the
      // neighbours' difference per axis, so by less than 1/256 of the
      // channel's range for both axes together; the CPU uses exact weights.
      // Plus float rounding of the four products.
      const float tolerance = (hi[c] - lo[c]) / 256.0f + 1e-5f * std::fabs(w[c]);
      EXPECT_TRUE(std::fabs(g[c] - w[c]) <= tolerance,
                  "linear %s %s at (%.6g, %.6g) channel %c: %.7g, CPU %.7g (tolerance %.3g)",
                  mode_name(mode), normalized ? "normalized" : "unnormalized", double(at[i].x),
                  double(at[i].y), "xyzw"[c], double(g[c]), double(w[c]), double(tolerance));
    }
  }
  HIP_CHECK(hipDestroyTextureObject(tex));
}

}  // namespace

int main(int argc, char** argv) {
  const std::string part = argc > 1 ? argv[1] : "";
  if (!part.empty() && part != "point" && part != "linear") {
    std::fprintf(stderr, "textures_pitch2d: unknown part '%s' (point, linear)\n", part.c_str());
    return 2;
  }
  Image im = make_image();
  if (part.empty() || part == "point") {
    check_point(im, hipAddressModeClamp, false);
    check_point(im, hipAddressModeClamp, true);
    check_point(im, hipAddressModeWrap, true);
    check_point(im, hipAddressModeBorder, false);
    check_point(im, hipAddressModeBorder, true);
  }
  if (part.empty() || part == "linear") {
    check_linear(im, hipAddressModeClamp, false);
    check_linear(im, hipAddressModeWrap, true);
    check_linear(im, hipAddressModeBorder, false);
  }
  HIP_CHECK(hipFree(im.device));
  return hip_report("textures_pitch2d");
}
