// HIP arrays (images with the layout the runtime picks): hipMallocArray and
// hipMalloc3DArray filled by hipMemcpy2DToArray and hipMemcpy3D, sampled by
// tex2D (point and bilinear), tex2DLayered and tex3D (point and trilinear),
// and written by surf2Dwrite through a surface object then read back with
// hipMemcpy2DFromArray; each result compared with the CPU.
//
// Parts (the first argument; none runs all): "copy" (the arrays' round
// trips alone, no kernel), "array2d", "layered", "volume", "surface".
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "hip_check.h"

namespace {

// Odd sizes: rows and slices are padded in the array's layout.
constexpr int kWidth = 29;
constexpr int kHeight = 19;
constexpr int kDepth = 7;  // slices of the 3D array, layers of the layered one

float4 texel_value(int x, int y, int z) {
  // Distinct per texel and channel, exact in float.
  return make_float4(float(x + 32 * y + 1024 * z), float(x * 3 - y * 5 + z * 7),
                     float((x * 7 + y * 11 + z * 13) % 97) - 48.0f,
                     float(y) * 0.5f + float(x) * 0.25f - float(z));
}

std::vector<float4> volume_values(int depth) {
  std::vector<float4> v(size_t(kWidth) * kHeight * depth);
  for (int z = 0; z < depth; ++z)
    for (int y = 0; y < kHeight; ++y)
      for (int x = 0; x < kWidth; ++x)
        v[(size_t(z) * kHeight + y) * kWidth + x] = texel_value(x, y, z);
  return v;
}

bool same(float4 a, float4 b) { return a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w; }

// ---- arrays and their copies ----

hipArray* array_2d(const std::vector<float4>& host, unsigned flags) {
  const hipChannelFormatDesc desc = hipCreateChannelDesc<float4>();
  hipArray* a = nullptr;
  HIP_CHECK(hipMallocArray(&a, &desc, kWidth, kHeight, flags));
  const size_t row = kWidth * sizeof(float4);
  HIP_CHECK(hipMemcpy2DToArray(a, 0, 0, host.data(), row, row, kHeight, hipMemcpyHostToDevice));
  return a;
}

std::vector<float4> read_2d(hipArray* a) {
  std::vector<float4> back(size_t(kWidth) * kHeight);
  const size_t row = kWidth * sizeof(float4);
  HIP_CHECK(hipMemcpy2DFromArray(back.data(), row, a, 0, 0, row, kHeight, hipMemcpyDeviceToHost));
  return back;
}

hipArray* array_3d(const std::vector<float4>& host, unsigned flags) {
  const hipChannelFormatDesc desc = hipCreateChannelDesc<float4>();
  hipArray* a = nullptr;
  HIP_CHECK(hipMalloc3DArray(&a, &desc, make_hipExtent(kWidth, kHeight, kDepth), flags));
  hipMemcpy3DParms p;
  std::memset(&p, 0, sizeof(p));
  p.srcPtr = make_hipPitchedPtr(const_cast<float4*>(host.data()), kWidth * sizeof(float4), kWidth,
                                kHeight);
  p.dstArray = a;
  p.extent = make_hipExtent(kWidth, kHeight, kDepth);
  p.kind = hipMemcpyHostToDevice;
  HIP_CHECK(hipMemcpy3D(&p));
  return a;
}

std::vector<float4> read_3d(hipArray* a) {
  std::vector<float4> back(size_t(kWidth) * kHeight * kDepth);
  hipMemcpy3DParms p;
  std::memset(&p, 0, sizeof(p));
  p.srcArray = a;
  p.dstPtr = make_hipPitchedPtr(back.data(), kWidth * sizeof(float4), kWidth, kHeight);
  p.extent = make_hipExtent(kWidth, kHeight, kDepth);
  p.kind = hipMemcpyDeviceToHost;
  HIP_CHECK(hipMemcpy3D(&p));
  return back;
}

void expect_equal(const char* what, const std::vector<float4>& got,
                  const std::vector<float4>& want) {
  for (size_t i = 0; i < want.size(); ++i) {
    EXPECT_TRUE(same(got[i], want[i]), "%s texel (%zu,%zu,%zu): (%g,%g,%g,%g), CPU (%g,%g,%g,%g)",
                what, i % kWidth, i / kWidth % kHeight, i / kWidth / kHeight, double(got[i].x),
                double(got[i].y), double(got[i].z), double(got[i].w), double(want[i].x),
                double(want[i].y), double(want[i].z), double(want[i].w));
  }
}

// ---- sampling ----

hipTextureObject_t array_texture(hipArray* a, hipTextureFilterMode filter) {
  hipResourceDesc res;
  std::memset(&res, 0, sizeof(res));
  res.resType = hipResourceTypeArray;
  res.res.array.array = a;
  hipTextureDesc tex;
  std::memset(&tex, 0, sizeof(tex));
  tex.addressMode[0] = tex.addressMode[1] = tex.addressMode[2] = hipAddressModeClamp;
  tex.filterMode = filter;
  tex.readMode = hipReadModeElementType;
  hipTextureObject_t object = 0;
  HIP_CHECK(hipCreateTextureObject(&object, &res, &tex, nullptr));
  return object;
}

enum class Shape { k2D, kLayered, k3D };

struct Pos {
  float x, y, z;  // z: the layer for kLayered (an integer), depth for k3D
};

__global__ void sample(hipTextureObject_t tex, Shape shape, const Pos* at, float4* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const Pos p = at[i];
  switch (shape) {
    case Shape::k2D:
      out[i] = tex2D<float4>(tex, p.x, p.y);
      break;
    case Shape::kLayered:
      out[i] = tex2DLayered<float4>(tex, p.x, p.y, int(p.z));
      break;
    case Shape::k3D:
      out[i] = tex3D<float4>(tex, p.x, p.y, p.z);
      break;
  }
}

std::vector<float4> sample_all(hipTextureObject_t tex, Shape shape, const std::vector<Pos>& at) {
  const int n = static_cast<int>(at.size());
  Pos* d_at = nullptr;
  float4* d_out = nullptr;
  HIP_CHECK(hipMalloc(&d_at, n * sizeof(Pos)));
  HIP_CHECK(hipMalloc(&d_out, n * sizeof(float4)));
  HIP_CHECK(hipMemcpy(d_at, at.data(), n * sizeof(Pos), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemset(d_out, 0x5a, n * sizeof(float4)));
  hipLaunchKernelGGL(sample, dim3((n + 127) / 128), dim3(128), 0, 0, tex, shape, d_at, d_out, n);
  HIP_CHECK_LAUNCH();
  std::vector<float4> out(n);
  HIP_CHECK(hipMemcpy(out.data(), d_out, n * sizeof(float4), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(d_at));
  HIP_CHECK(hipFree(d_out));
  return out;
}

int clamp(int i, int size) { return i < 0 ? 0 : i >= size ? size - 1 : i; }

float4 texel(const std::vector<float4>& v, int x, int y, int z) {
  return v[(size_t(z) * kHeight + clamp(y, kHeight)) * kWidth + clamp(x, kWidth)];
}

// Point sampling, clamp addressing, unnormalized coordinates.
float4 cpu_point(const std::vector<float4>& v, Pos p, Shape shape) {
  const int z = shape == Shape::k2D        ? 0
                : shape == Shape::kLayered ? int(p.z)
                                           : clamp(int(std::floor(p.z)), kDepth);
  return texel(v, int(std::floor(p.x)), int(std::floor(p.y)), z);
}

// Bilinear within slice z (2D) or trilinear (3D), clamp addressing.
float4 cpu_linear(const std::vector<float4>& v, Pos p, Shape shape) {
  const double sx = p.x - 0.5, sy = p.y - 0.5, sz = shape == Shape::k3D ? p.z - 0.5 : 0.0;
  const int x0 = int(std::floor(sx)), y0 = int(std::floor(sy)), z0 = int(std::floor(sz));
  const double a = sx - x0, b = sy - y0, c = sz - z0;
  double acc[4] = {0, 0, 0, 0};
  for (int k = 0; k < (shape == Shape::k3D ? 2 : 1); ++k)
    for (int j = 0; j < 2; ++j)
      for (int i = 0; i < 2; ++i) {
        const double w =
            (i ? a : 1 - a) * (j ? b : 1 - b) * (shape == Shape::k3D ? (k ? c : 1 - c) : 1);
        const int z = shape == Shape::k3D        ? clamp(z0 + k, kDepth)
                      : shape == Shape::kLayered ? int(p.z)
                                                 : 0;
        const float4 t = texel(v, x0 + i, y0 + j, z);
        acc[0] += w * t.x, acc[1] += w * t.y, acc[2] += w * t.z, acc[3] += w * t.w;
      }
  return make_float4(float(acc[0]), float(acc[1]), float(acc[2]), float(acc[3]));
}

// Positions off the texel centres (never on an edge between texels, where
// floor decides) across the image and up to 2 texels beyond its edges.
std::vector<Pos> positions(Shape shape) {
  std::vector<Pos> at;
  const int depth = shape == Shape::k2D ? 1 : kDepth;
  for (int z = 0; z < depth; ++z)
    for (int j = 0; j < kHeight + 4; ++j)
      for (int i = 0; i < kWidth + 4; ++i) {
        const float x = i - 2 + 0.3f + 0.4f * ((i * 7 + j) % 3) / 2;
        const float y = j - 2 + 0.6f - 0.35f * ((i + j * 5) % 2);
        const float zz = shape == Shape::kLayered ? float(z) : z + 0.2f + 0.55f * ((i + j) % 2);
        at.push_back({x, y, zz});
      }
  return at;
}

void check_sampling(const char* what, hipArray* a, const std::vector<float4>& v, Shape shape,
                    bool linear) {
  const std::vector<Pos> at = positions(shape);
  const hipTextureObject_t tex =
      array_texture(a, linear ? hipFilterModeLinear : hipFilterModePoint);
  const std::vector<float4> got = sample_all(tex, shape, at);
  float lo[4] = {0, 0, 0, 0}, hi[4] = {0, 0, 0, 0};
  for (const float4& t : v) {
    const float c[4] = {t.x, t.y, t.z, t.w};
    for (int k = 0; k < 4; ++k) lo[k] = std::fmin(lo[k], c[k]), hi[k] = std::fmax(hi[k], c[k]);
  }
  for (size_t i = 0; i < at.size(); ++i) {
    const float4 want = linear ? cpu_linear(v, at[i], shape) : cpu_point(v, at[i], shape);
    const float g[4] = {got[i].x, got[i].y, got[i].z, got[i].w};
    const float w[4] = {want.x, want.y, want.z, want.w};
    for (int k = 0; k < 4; ++k) {
      // Point sampling returns a stored texel: exact. Filtering: gfx9's
      // weights have 8 fractional bits (each axis' fraction rounded to a
      // multiple of 1/256, at most 1/512 off), so the result may differ
      // from exact weights by up to 1/256 of the channel's range over two
      // axes (3/512 over three), plus float rounding.
      const float tolerance =
          linear ? (hi[k] - lo[k]) * (shape == Shape::k3D ? 3.0f / 512 : 1.0f / 256) +
                       1e-5f * std::fabs(w[k])
                 : 0.0f;
      EXPECT_TRUE(std::fabs(g[k] - w[k]) <= tolerance,
                  "%s %s at (%.6g, %.6g, %.6g) channel %c: %.7g, CPU %.7g", what,
                  linear ? "linear" : "point", double(at[i].x), double(at[i].y), double(at[i].z),
                  "xyzw"[k], double(g[k]), double(w[k]));
    }
  }
  HIP_CHECK(hipDestroyTextureObject(tex));
}

// ---- surfaces ----

__global__ void write_surface(hipSurfaceObject_t surf) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= kWidth || y >= kHeight) return;
  // The same values as the CPU's texel_value, slice 0, computed here.
  const float4 v =
      make_float4(float(x + 32 * y), float(x * 3 - y * 5), float((x * 7 + y * 11) % 97) - 48.0f,
                  float(y) * 0.5f + float(x) * 0.25f);
  // surf2Dwrite's x is in bytes.
  surf2Dwrite(v, surf, x * int(sizeof(float4)), y);
}

void check_surface() {
  // Start from other values: every texel must be written.
  std::vector<float4> before(size_t(kWidth) * kHeight, make_float4(-7, -7, -7, -7));
  // Debian's HIP 5.2 refuses hipArraySurfaceLoadStore in hipMallocArray and
  // hipMalloc3DArray (hipErrorNotSupported before any runtime call; ROCclr
  // images are always writable), and accepts a surface object on a default
  // array.
  hipArray* a = array_2d(before, hipArrayDefault);
  hipResourceDesc res;
  std::memset(&res, 0, sizeof(res));
  res.resType = hipResourceTypeArray;
  res.res.array.array = a;
  hipSurfaceObject_t surf = 0;
  HIP_CHECK(hipCreateSurfaceObject(&surf, &res));
  const dim3 block(16, 8);
  hipLaunchKernelGGL(write_surface, dim3((kWidth + 15) / 16, (kHeight + 7) / 8), block, 0, 0, surf);
  HIP_CHECK_LAUNCH();
  HIP_CHECK(hipDeviceSynchronize());
  expect_equal("surf2Dwrite", read_2d(a), volume_values(1));
  HIP_CHECK(hipDestroySurfaceObject(surf));
  HIP_CHECK(hipFreeArray(a));
}

}  // namespace

int main(int argc, char** argv) {
  const std::string part = argc > 1 ? argv[1] : "";
  const bool all = part.empty();
  if (!all && part != "copy" && part != "array2d" && part != "layered" && part != "volume" &&
      part != "surface") {
    std::fprintf(stderr,
                 "textures_array: unknown part '%s' (copy, array2d, layered, volume, surface)\n",
                 part.c_str());
    return 2;
  }
  const std::vector<float4> plane = volume_values(1), volume = volume_values(kDepth);
  if (all || part == "copy") {
    hipArray* a = array_2d(plane, hipArrayDefault);
    expect_equal("hipMemcpy2DToArray/FromArray", read_2d(a), plane);
    HIP_CHECK(hipFreeArray(a));
    hipArray* layered = array_3d(volume, hipArrayLayered);
    expect_equal("hipMemcpy3D layered", read_3d(layered), volume);
    HIP_CHECK(hipFreeArray(layered));
    hipArray* v = array_3d(volume, hipArrayDefault);
    expect_equal("hipMemcpy3D 3D", read_3d(v), volume);
    HIP_CHECK(hipFreeArray(v));
  }
  if (all || part == "array2d") {
    hipArray* a = array_2d(plane, hipArrayDefault);
    check_sampling("tex2D", a, plane, Shape::k2D, false);
    check_sampling("tex2D", a, plane, Shape::k2D, true);
    HIP_CHECK(hipFreeArray(a));
  }
  if (all || part == "layered") {
    hipArray* a = array_3d(volume, hipArrayLayered);
    check_sampling("tex2DLayered", a, volume, Shape::kLayered, false);
    check_sampling("tex2DLayered", a, volume, Shape::kLayered, true);
    HIP_CHECK(hipFreeArray(a));
  }
  if (all || part == "volume") {
    hipArray* a = array_3d(volume, hipArrayDefault);
    check_sampling("tex3D", a, volume, Shape::k3D, false);
    check_sampling("tex3D", a, volume, Shape::k3D, true);
    HIP_CHECK(hipFreeArray(a));
  }
  if (all || part == "surface") check_surface();
  return hip_report("textures_array");
}
