// Runs every kernel of the OpenCL C corpus (kernels/*.cl, built by clang-14
// at -O0 and -O3) on the shader engine and compares its output with a CPU
// reference computed here: exact for integers, a few ULPs for the float
// operations the OpenCL spec lets be inexact. Also checks that faulting
// kernels stop their dispatch with a clear message and nothing else.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <functional>
#include <limits>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "gpu_harness.h"
#include "image_reference.h"

namespace {

using gcn::DispatchResult;
using gcn::test::CodeObject;
using gcn::test::GpuHarness;
using gcn::test::Kernargs;
using gcn::test::Launch1D;
using gcn::test::Launch2D;
using gcn::test::LaunchDims;

std::string CodeObjectPath(const std::string& kernel, const std::string& opt) {
  return std::string(CORPUS_KERNEL_DIR) + "/" + kernel + "." + opt + ".co";
}

// Fixed pseudo-random inputs (xorshift64*), the same on every run.
class Rng {
 public:
  explicit Rng(uint64_t seed) : s_(seed * 0x9E3779B97F4A7C15ull + 1) {}
  uint64_t u64() {
    s_ ^= s_ >> 12;
    s_ ^= s_ << 25;
    s_ ^= s_ >> 27;
    return s_ * 0x2545F4914F6CDD1Dull;
  }
  uint32_t u32() { return static_cast<uint32_t>(u64() >> 32); }
  int32_t range(int32_t lo, int32_t hi) {  // [lo, hi]
    return lo + static_cast<int32_t>(u64() % static_cast<uint64_t>(int64_t{hi} - lo + 1));
  }
  double unit() { return static_cast<double>(u64() >> 11) * 0x1.0p-53; }  // [0, 1)
  float uniform(float lo, float hi) { return lo + static_cast<float>(unit()) * (hi - lo); }

 private:
  uint64_t s_;
};

template <typename T>
std::vector<T> Fill(size_t n, const std::function<T(size_t)>& f) {
  std::vector<T> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = f(i);
  return v;
}

// Distance in units in the last place (0 if both are NaN or equal).
template <typename F, typename I>
uint64_t UlpDistance(F a, F b) {
  if (std::isnan(a) && std::isnan(b)) return 0;
  if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<uint64_t>::max();
  if (a == b) return 0;
  I ia, ib;
  std::memcpy(&ia, &a, sizeof(a));
  std::memcpy(&ib, &b, sizeof(b));
  // Map sign-magnitude onto a monotonic integer line.
  const I sign = static_cast<I>(I{1} << (sizeof(I) * 8 - 1));
  int64_t la = ia < 0 ? static_cast<int64_t>(sign - ia) : static_cast<int64_t>(ia);
  int64_t lb = ib < 0 ? static_cast<int64_t>(sign - ib) : static_cast<int64_t>(ib);
  return static_cast<uint64_t>(la > lb ? la - lb : lb - la);
}
uint64_t Ulps(float a, float b) { return UlpDistance<float, int32_t>(a, b); }
uint64_t Ulps(double a, double b) { return UlpDistance<double, int64_t>(a, b); }

// Collects mismatches and reports the first few with their index.
class Mismatches {
 public:
  explicit Mismatches(std::string what) : what_(std::move(what)) {}
  template <typename G, typename W>
  void add(size_t i, const G& got, const W& want, const std::string& note = "") {
    if (count_ < 8) {
      text_ << "  " << what_ << "[" << i << "]: got " << got << ", want " << want;
      if (!note.empty()) text_ << " (" << note << ")";
      text_ << "\n";
    }
    ++count_;
  }
  ~Mismatches() {
    if (count_ != 0) ADD_FAILURE() << count_ << " mismatches in " << what_ << ":\n" << text_.str();
  }

 private:
  std::string what_;
  size_t count_ = 0;
  std::ostringstream text_;
};

template <typename T>
void ExpectEq(const T* got, const std::vector<T>& want, const std::string& what) {
  Mismatches m(what);
  for (size_t i = 0; i < want.size(); ++i) {
    if (std::memcmp(&got[i], &want[i], sizeof(T)) == 0) continue;
    if constexpr (sizeof(T) == 1) {
      m.add(i, int{got[i]}, int{want[i]});
    } else {
      m.add(i, got[i], want[i]);
    }
  }
}

// Floating-point results within `ulps` of the reference (0: bit-exact up
// to NaN payloads).
template <typename F>
void ExpectUlps(const F* got, const std::vector<F>& want, uint64_t ulps, const std::string& what) {
  Mismatches m(what);
  for (size_t i = 0; i < want.size(); ++i) {
    uint64_t d = Ulps(got[i], want[i]);
    if (d > ulps) {
      std::ostringstream g, w;
      g.precision(std::numeric_limits<F>::max_digits10);
      w.precision(std::numeric_limits<F>::max_digits10);
      g << got[i];
      w << want[i];
      m.add(i, g.str(), w.str(), std::to_string(d) + " ulps");
    }
  }
}

// Sums whose order of accumulation (and contraction into FMA) the compiler
// chooses: |got - want| <= tol * magnitude, with want and magnitude (the
// sum of the absolute values of the terms) computed in double.
void ExpectClose(const float* got, const std::vector<double>& want,
                 const std::vector<double>& magnitude, double tol, const std::string& what) {
  Mismatches m(what);
  for (size_t i = 0; i < want.size(); ++i) {
    if (std::fabs(got[i] - want[i]) > tol * magnitude[i] + 1e-30 || std::isnan(got[i]))
      m.add(i, got[i], want[i]);
  }
}

// One kernel at one optimisation level: its own harness (two host threads)
// and its code object.
class Ctx {
 public:
  Ctx(std::string kernel, std::string opt)
      : kernel_(std::move(kernel)), opt_(std::move(opt)), gpu_(2) {}

  bool load(std::string* error) {
    co_ = gpu_.load(CodeObjectPath(kernel_, opt_), error);
    return co_ != nullptr;
  }
  template <typename T>
  T* buf(const std::vector<T>& v) {
    return gpu_.upload(v);
  }
  template <typename T>
  T* zeros(size_t n) {
    return gpu_.alloc_array<T>(n);
  }
  template <typename T>
  T* filled(size_t n, T value) {
    return gpu_.upload(std::vector<T>(n, value));
  }
  DispatchResult run(const LaunchDims& dims, const Kernargs& args) {
    return gpu_.run(*co_, kernel_, dims, args.bytes());
  }
  GpuHarness& gpu() { return gpu_; }
  const CodeObject& code() const { return *co_; }
  const std::string& kernel() const { return kernel_; }

 private:
  std::string kernel_, opt_;
  GpuHarness gpu_;
  CodeObject* co_ = nullptr;
};

#define RUN(ctx, dims, args)                                          \
  do {                                                                \
    DispatchResult r_ = (ctx).run((dims), (args));                    \
    ASSERT_TRUE(r_.ok) << (ctx).kernel() << " faulted: " << r_.error; \
  } while (0)

constexpr uint32_t kSentinel = 0xDEADBEEFu;

// ---------------------------------------------------------------------------
// The cases: inputs, launch, CPU reference, comparison.

void VectorAdd(Ctx& c) {
  const uint32_t n = 1000;
  Rng rng(1);
  auto a = Fill<float>(n, [&](size_t) { return rng.uniform(-100, 100); });
  auto b = Fill<float>(n, [&](size_t) { return rng.uniform(-100, 100); });
  float* out = c.buf(std::vector<float>(1024, -1.0f));
  RUN(c, Launch1D(n, 64), Kernargs().ptr(c.buf(a)).ptr(c.buf(b)).ptr(out).add(n));
  std::vector<float> want(1024, -1.0f);
  for (uint32_t i = 0; i < n; ++i) want[i] = a[i] + b[i];
  ExpectUlps(out, want, 0, "c");
}

void Saxpy(Ctx& c) {
  const uint32_t n = 4096;
  const float alpha = 2.5f;
  Rng rng(2);
  auto x = Fill<float>(n, [&](size_t) { return rng.uniform(0, 1); });
  auto y = Fill<float>(n, [&](size_t) { return rng.uniform(0, 1); });
  float* dy = c.buf(y);
  RUN(c, Launch1D(n, 256), Kernargs().add(alpha).ptr(c.buf(x)).ptr(dy).add(n));
  std::vector<float> want(n);
  for (uint32_t i = 0; i < n; ++i) want[i] = alpha * x[i] + y[i];
  ExpectUlps(dy, want, 1, "y");  // fused or not: the compiler may contract
}

void ReduceSumLds(Ctx& c) {
  const uint32_t groups = 16, n = 256 * groups;
  Rng rng(3);
  auto in = Fill<uint32_t>(n, [&](size_t) { return rng.u32() >> 12; });
  uint32_t* partial = c.zeros<uint32_t>(groups);
  RUN(c, Launch1D(n, 256), Kernargs().ptr(c.buf(in)).ptr(partial));
  std::vector<uint32_t> want(groups, 0);
  for (uint32_t i = 0; i < n; ++i) want[i / 256] += in[i];
  ExpectEq(partial, want, "partial");
}

void ReduceMinMax(Ctx& c) {
  const uint32_t groups = 8, n = 128 * groups;
  Rng rng(4);
  auto in = Fill<int32_t>(n, [&](size_t) { return static_cast<int32_t>(rng.u32()); });
  int32_t* out = c.zeros<int32_t>(2 * groups);
  RUN(c, Launch1D(n, 128), Kernargs().ptr(c.buf(in)).ptr(out));
  std::vector<int32_t> want(2 * groups);
  for (uint32_t g = 0; g < groups; ++g) {
    auto first = in.begin() + g * 128;
    want[2 * g] = *std::min_element(first, first + 128);
    want[2 * g + 1] = *std::max_element(first, first + 128);
  }
  ExpectEq(out, want, "min/max");
}

void PrefixScan(Ctx& c) {
  const uint32_t n = 128 * 8;
  Rng rng(5);
  auto in = Fill<uint32_t>(n, [&](size_t) { return rng.u32() % 1000; });
  uint32_t* out = c.zeros<uint32_t>(n);
  RUN(c, Launch1D(n, 128), Kernargs().ptr(c.buf(in)).ptr(out));
  std::vector<uint32_t> want(n);
  for (uint32_t i = 0; i < n; ++i) want[i] = in[i] + (i % 128 ? want[i - 1] : 0);
  ExpectEq(out, want, "scan");
}

void MatmulTiled(Ctx& c) {
  const uint32_t n = 64;
  Rng rng(6);
  auto a = Fill<float>(n * n, [&](size_t) { return rng.uniform(-1, 1); });
  auto b = Fill<float>(n * n, [&](size_t) { return rng.uniform(-1, 1); });
  float* out = c.zeros<float>(n * n);
  RUN(c, Launch2D(n, n, 16, 16), Kernargs().ptr(c.buf(a)).ptr(c.buf(b)).ptr(out).add(n));
  std::vector<double> want(n * n, 0), mag(n * n, 0);
  for (uint32_t r = 0; r < n; ++r)
    for (uint32_t col = 0; col < n; ++col)
      for (uint32_t k = 0; k < n; ++k) {
        double t = double{a[r * n + k]} * b[k * n + col];
        want[r * n + col] += t;
        mag[r * n + col] += std::fabs(t);
      }
  ExpectClose(out, want, mag, 1e-5, "C");
}

void TransposeLds(Ctx& c) {
  const uint32_t w = 48, h = 32;
  Rng rng(7);
  auto in = Fill<float>(w * h, [&](size_t) { return rng.uniform(-10, 10); });
  float* out = c.zeros<float>(w * h);
  RUN(c, Launch2D(w, h, 16, 16), Kernargs().ptr(c.buf(in)).ptr(out).add(w).add(h));
  std::vector<float> want(w * h);
  for (uint32_t y = 0; y < h; ++y)
    for (uint32_t x = 0; x < w; ++x) want[x * h + y] = in[y * w + x];
  ExpectUlps(out, want, 0, "out");
}

void HistogramGlobal(Ctx& c) {
  const uint32_t n = 5000;
  Rng rng(8);
  auto in = Fill<uint32_t>(n, [&](size_t) { return rng.u32(); });
  uint32_t* bins = c.zeros<uint32_t>(256);
  RUN(c, Launch1D(n, 128), Kernargs().ptr(c.buf(in)).ptr(bins).add(n));
  std::vector<uint32_t> want(256, 0);
  for (uint32_t v : in) ++want[v & 255];
  ExpectEq(bins, want, "bins");
}

void HistogramLds(Ctx& c) {
  const uint32_t n = 3000, grid = 3072;
  Rng rng(9);
  auto in = Fill<uint32_t>(grid, [&](size_t) { return rng.u32(); });
  uint32_t* bins = c.zeros<uint32_t>(64);
  RUN(c, Launch1D(grid, 128), Kernargs().ptr(c.buf(in)).ptr(bins).add(n));
  std::vector<uint32_t> want(64, 0);
  for (uint32_t i = 0; i < n; ++i) ++want[(in[i] >> 3) & 63];
  ExpectEq(bins, want, "bins");
}

void BitonicStep(Ctx& c) {
  const uint32_t n = 512;
  Rng rng(10);
  auto in = Fill<uint32_t>(n, [&](size_t) { return rng.u32() % 100000; });
  uint32_t* data = c.buf(in);
  for (uint32_t k = 2; k <= n; k <<= 1)
    for (uint32_t j = k >> 1; j > 0; j >>= 1)
      RUN(c, Launch1D(n, 64), Kernargs().ptr(data).add(j).add(k));
  std::sort(in.begin(), in.end());
  ExpectEq(data, in, "sorted");
}

void PrivateArray(Ctx& c) {
  const uint32_t n = 128;
  Rng rng(11);
  auto idx = Fill<uint32_t>(4 * n, [&](size_t) { return rng.u32(); });
  uint32_t* out = c.zeros<uint32_t>(n);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(c.buf(idx)).ptr(out));
  std::vector<uint32_t> want(n);
  for (uint32_t gid = 0; gid < n; ++gid) {
    uint32_t arr[256];
    for (uint32_t i = 0; i < 256; ++i) arr[i] = i * i + gid;
    for (uint32_t k = 0; k < 4; ++k) arr[idx[gid * 4 + k] & 255u] += k + 1;
    uint32_t sum = 0;
    for (uint32_t k = 0; k < 4; ++k) sum = sum * 31 + arr[idx[gid * 4 + ((k + 1) & 3)] & 255u];
    want[gid] = sum;
  }
  ExpectEq(out, want, "out");
}

void DoubleMath(Ctx& c) {
  const uint32_t n = 256;
  Rng rng(12);
  auto a = Fill<double>(n, [&](size_t) { return (rng.unit() - 0.5) * 2000.0; });
  auto b = Fill<double>(n, [&](size_t) {
    double m = 0.5 + rng.unit() * 99.5;
    return rng.u32() & 1 ? m : -m;
  });
  double* out = c.zeros<double>(8 * n);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(c.buf(a)).ptr(c.buf(b)).ptr(out));
  std::vector<double> exact, sq, dv;
  std::vector<double> got_exact, got_sqrt, got_div;
  for (uint32_t i = 0; i < n; ++i) {
    double x = a[i], y = b[i];
    const double e[] = {
        x + y, x - y, x * y, std::fma(x, y, 1.0), std::fmin(x, y), std::fmax(x, y) + std::floor(x)};
    const int slot[] = {0, 1, 2, 4, 6, 7};
    for (int k = 0; k < 6; ++k) {
      exact.push_back(e[k]);
      got_exact.push_back(out[8 * i + slot[k]]);
    }
    dv.push_back(x / y);
    got_div.push_back(out[8 * i + 3]);
    sq.push_back(std::sqrt(std::fabs(x)));
    got_sqrt.push_back(out[8 * i + 5]);
  }
  ExpectUlps(got_exact.data(), exact, 0, "+ - * fma fmin fmax+floor");
  ExpectUlps(got_div.data(), dv, 1, "x / y");
  ExpectUlps(got_sqrt.data(), sq, 1, "sqrt");
}

void IntDivmod32(Ctx& c) {
  const uint32_t n = 512;
  Rng rng(13);
  auto a = Fill<int32_t>(n, [&](size_t i) {
    if (i == 0) return std::numeric_limits<int32_t>::min();
    if (i == 1) return 0;
    return i % 3 ? static_cast<int32_t>(rng.u32()) : rng.range(-1000, 1000);
  });
  auto b = Fill<int32_t>(n, [&](size_t i) {
    if (i < 2) return 7;
    int32_t v = i % 4 == 0 ? static_cast<int32_t>(rng.u32()) : rng.range(-300, 300);
    return v == 0 || v == -1 ? 3 : v;
  });
  int32_t* out = c.zeros<int32_t>(4 * n);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(c.buf(a)).ptr(c.buf(b)).ptr(out));
  std::vector<int32_t> want(4 * n);
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t ua = static_cast<uint32_t>(a[i]), ub = static_cast<uint32_t>(b[i]);
    want[4 * i] = a[i] / b[i];
    want[4 * i + 1] = a[i] % b[i];
    want[4 * i + 2] = static_cast<int32_t>(ua / ub);
    want[4 * i + 3] = static_cast<int32_t>(ua % ub);
  }
  ExpectEq(out, want, "div/rem (4 per item: s/ s% u/ u%)");
}

void IntDivmod64(Ctx& c) {
  const uint32_t n = 512;
  Rng rng(14);
  auto a = Fill<int64_t>(n, [&](size_t i) {
    if (i == 0) return std::numeric_limits<int64_t>::min();
    switch (i % 4) {
      case 0:
        return static_cast<int64_t>(rng.u64());
      case 1:
        return static_cast<int64_t>(static_cast<int32_t>(rng.u32()));
      case 2:
        return static_cast<int64_t>(rng.u64() >> rng.range(0, 40));
      default:
        return int64_t{rng.range(-100000, 100000)};
    }
  });
  auto b = Fill<int64_t>(n, [&](size_t i) {
    int64_t v;
    switch (i % 3) {
      case 0:
        v = static_cast<int64_t>(rng.u64() >> rng.range(0, 60));
        break;
      case 1:
        v = rng.range(-70000, 70000);
        break;
      default:
        v = -static_cast<int64_t>(rng.u64() >> 20);
    }
    return v == 0 || v == -1 ? int64_t{5} : v;
  });
  int64_t* out = c.zeros<int64_t>(4 * n);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(c.buf(a)).ptr(c.buf(b)).ptr(out));
  std::vector<int64_t> want(4 * n);
  for (uint32_t i = 0; i < n; ++i) {
    uint64_t ua = static_cast<uint64_t>(a[i]), ub = static_cast<uint64_t>(b[i]);
    want[4 * i] = a[i] / b[i];
    want[4 * i + 1] = a[i] % b[i];
    want[4 * i + 2] = static_cast<int64_t>(ua / ub);
    want[4 * i + 3] = static_cast<int64_t>(ua % ub);
  }
  ExpectEq(out, want, "div/rem (4 per item: s/ s% u/ u%)");
}

uint32_t Mix(uint32_t x, uint32_t y) { return (x * 2654435761u) ^ (y + (x >> 7)); }

void NoinlineCalls(Ctx& c) {
  const uint32_t n = 256;
  Rng rng(15);
  auto in = Fill<uint32_t>(n, [&](size_t) { return rng.u32(); });
  uint32_t* out = c.zeros<uint32_t>(n);
  float* fout = c.zeros<float>(n);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(c.buf(in)).ptr(out).ptr(fout));
  std::vector<uint32_t> want(n);
  std::vector<float> fwant(n);
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t acc = in[i];
    for (uint32_t d = 0; d < (in[i] & 15u); ++d) acc = Mix(acc, d);
    want[i] = acc;
    fwant[i] = static_cast<float>(in[i] & 1023u) * static_cast<float>(in[i] & 7u) + 0.5f;
  }
  ExpectEq(out, want, "chain");
  ExpectUlps(fout, fwant, 0, "scale");
}

void Grid2d(Ctx& c) {
  const uint32_t w = 40, h = 24;
  uint32_t* out = c.filled<uint32_t>(2 * w * h, kSentinel);
  RUN(c, Launch2D(w, h, 16, 8), Kernargs().ptr(out).add(w).add(h));
  std::vector<uint32_t> want(2 * w * h);
  for (uint32_t y = 0; y < h; ++y)
    for (uint32_t x = 0; x < w; ++x) {
      uint32_t at = y * w + x;
      want[2 * at] = x + 1000 * y;
      want[2 * at + 1] = (x / 16) | (y / 8) << 8 | (x % 16) << 16 | (y % 8) << 24;
    }
  ExpectEq(out, want, "out (2 per item: position, group/local ids)");
}

void Grid3d(Ctx& c) {
  const uint32_t w = 12, h = 10, d = 6;
  uint32_t* out = c.filled<uint32_t>(2 * w * h * d, kSentinel);
  LaunchDims dims;
  dims.dims = 3;
  dims.grid[0] = w;
  dims.grid[1] = h;
  dims.grid[2] = d;
  dims.workgroup[0] = 4;
  dims.workgroup[1] = 4;
  dims.workgroup[2] = 2;
  RUN(c, dims, Kernargs().ptr(out));
  std::vector<uint32_t> want(2 * w * h * d);
  for (uint32_t z = 0; z < d; ++z)
    for (uint32_t y = 0; y < h; ++y)
      for (uint32_t x = 0; x < w; ++x) {
        uint32_t at = (z * h + y) * w + x;
        want[2 * at] = x | y << 8 | z << 16 | 3u << 24;
        want[2 * at + 1] = (x % 4) | (y % 4) << 8 | (z % 2) << 16 | (z / 2) << 24;
      }
  ExpectEq(out, want, "out (2 per item: position+dims, local ids+group z)");
}

void PartialWorkgroup(Ctx& c) {
  const uint32_t n = 1000;
  uint32_t* out = c.filled<uint32_t>(1024, kSentinel);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(out));
  std::vector<uint32_t> want(1024, kSentinel);
  for (uint32_t i = 0; i < n; ++i) want[i] = 3 * i + 1;
  ExpectEq(out, want, "out");
}

void DivergentLoop(Ctx& c) {
  const uint32_t n = 256;
  Rng rng(16);
  auto in = Fill<uint32_t>(n, [&](size_t) { return 1 + rng.u32() % 100000; });
  uint32_t* out = c.zeros<uint32_t>(n);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(c.buf(in)).ptr(out));
  std::vector<uint32_t> want(n);
  for (uint32_t i = 0; i < n; ++i) {
    uint64_t v = in[i];
    uint32_t steps = 0;
    while (v != 1 && steps < 1000) {
      v = (v & 1) ? 3 * v + 1 : v >> 1;
      ++steps;
    }
    want[i] = steps;
  }
  ExpectEq(out, want, "steps");
}

uint32_t Clz32(uint32_t x) { return x ? __builtin_clz(x) : 32; }
uint32_t Clz64(uint64_t x) { return x ? __builtin_clzll(x) : 64; }

void BitOps(Ctx& c) {
  const uint32_t n = 256;
  Rng rng(17);
  const uint32_t special[] = {0, 1, 0xFFFFFFFFu, 0x80000000u, 0x7FFFFFFFu, 0x10000u};
  auto in = Fill<uint32_t>(n, [&](size_t i) { return i < 6 ? special[i] : rng.u32(); });
  uint32_t* out = c.zeros<uint32_t>(8 * n);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(c.buf(in)).ptr(out));
  std::vector<uint32_t> want(8 * n);
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t x = in[i];
    uint64_t wide = uint64_t{x} * 0x9E3779B97F4A7C15ull;
    uint32_t r = x >> 27;
    uint32_t* o = &want[8 * i];
    o[0] = __builtin_popcount(x);
    o[1] = Clz32(x);
    o[2] = x ? __builtin_ctz(x) : 32;
    o[3] = (x << (r & 31)) | (x >> ((32 - r) & 31));
    uint32_t rev = 0;
    for (int b = 0; b < 32; ++b) rev |= ((x >> b) & 1u) << (31 - b);
    o[4] = rev;
    o[5] = static_cast<uint32_t>(static_cast<int32_t>(x) >> (x & 31u));
    o[6] = static_cast<uint32_t>(__builtin_popcountll(wide)) + (Clz64(wide) << 8);
    o[7] = (x & 0xF0F0F0F0u) | ((~x & 0x0F0F0F0Fu) ^ (x << 3));
  }
  ExpectEq(out, want, "out (8 per item: popcount clz ctz rotate bitrev ashr pop64+clz64 mix)");
}

void FloatOps(Ctx& c) {
  const uint32_t n = 256;
  Rng rng(18);
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  auto a = Fill<float>(n, [&](size_t) { return rng.uniform(-100, 100); });
  auto b = Fill<float>(n, [&](size_t) { return rng.uniform(-100, 100); });
  a[0] = nan;
  b[0] = 1.0f;
  a[1] = 2.0f;
  b[1] = nan;
  a[2] = inf;
  b[3] = -inf;
  a[4] = -2.5f;
  b[4] = 2.5f;
  a[5] = 0.5f;
  b[5] = -0.25f;
  float* out = c.zeros<float>(10 * n);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(c.buf(a)).ptr(c.buf(b)).ptr(out));
  std::vector<float> exact, sq, got_exact, got_sq;
  for (uint32_t i = 0; i < n; ++i) {
    float x = a[i], y = b[i];
    const float e[] = {std::fmin(x, y), std::fmax(x, y), std::fma(x, y, x),
                       x * y,           x - y,           std::floor(x),
                       std::ceil(y),    std::trunc(x),   std::copysign(x, y)};
    const int slot[] = {0, 1, 2, 4, 5, 6, 7, 8, 9};
    for (int k = 0; k < 9; ++k) {
      exact.push_back(e[k]);
      got_exact.push_back(out[10 * i + slot[k]]);
    }
    sq.push_back(std::sqrt(std::fabs(x)));
    got_sq.push_back(out[10 * i + 3]);
  }
  ExpectUlps(got_exact.data(), exact, 0, "fmin fmax fma * - floor ceil trunc copysign");
  ExpectUlps(got_sq.data(), sq, 1, "sqrt");
}

void SelectTernary(Ctx& c) {
  const uint32_t n = 256;
  Rng rng(19);
  auto a = Fill<int32_t>(n, [&](size_t) { return rng.range(-1000, 1000); });
  auto b = Fill<int32_t>(n, [&](size_t i) { return i % 5 == 0 ? a[i] : rng.range(-1000, 1000); });
  int32_t* out = c.zeros<int32_t>(n);
  float* fout = c.zeros<float>(n);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(c.buf(a)).ptr(c.buf(b)).ptr(out).ptr(fout));
  std::vector<int32_t> want(n);
  std::vector<float> fwant(n);
  for (uint32_t i = 0; i < n; ++i) {
    int32_t x = a[i], y = b[i];
    want[i] = x > y ? x - y : (x == y ? 7 : y * 2);
    fwant[i] = (x & 1) ? static_cast<float>(x) * 0.5f : -static_cast<float>(x);
  }
  ExpectEq(out, want, "out");
  ExpectUlps(fout, fwant, 0, "fout");
}

void LdsReverse(Ctx& c) {
  const uint32_t n = 1024;
  Rng rng(20);
  auto in = Fill<uint32_t>(n, [&](size_t) { return rng.u32(); });
  uint32_t* out = c.zeros<uint32_t>(n);
  RUN(c, Launch1D(n, 256), Kernargs().ptr(c.buf(in)).ptr(out));
  std::vector<uint32_t> want(n);
  for (uint32_t i = 0; i < n; ++i) want[i] = in[(i & ~255u) + 255 - (i & 255u)];
  ExpectEq(out, want, "out");
}

void CharShort(Ctx& c) {
  const uint32_t n = 256;
  Rng rng(21);
  auto a = Fill<uint8_t>(n, [&](size_t) { return static_cast<uint8_t>(rng.u32()); });
  auto b = Fill<int16_t>(n, [&](size_t) { return static_cast<int16_t>(rng.u32()); });
  uint8_t* oc = c.zeros<uint8_t>(n);
  int16_t* os = c.zeros<int16_t>(n);
  int32_t* oi = c.zeros<int32_t>(n);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(c.buf(a)).ptr(c.buf(b)).ptr(oc).ptr(os).ptr(oi));
  std::vector<uint8_t> wc(n);
  std::vector<int16_t> ws(n);
  std::vector<int32_t> wi(n);
  for (uint32_t i = 0; i < n; ++i) {
    wc[i] = static_cast<uint8_t>(a[i] * 3 + 7);
    ws[i] = static_cast<int16_t>(b[i] * b[i] - 5);
    wi[i] = static_cast<int8_t>(a[i]) + b[i];
  }
  ExpectEq(oc, wc, "uchar");
  ExpectEq(os, ws, "short");
  ExpectEq(oi, wi, "(char) + short");
}

// Matches struct Params in struct_args.cl (OpenCL C layout = C layout).
struct Params {
  int32_t base;
  float scale;
  int64_t offset;
  uint32_t n;
};

void StructArgs(Ctx& c) {
  const Params p{-50, 0.25f, int64_t{1} << 40, 100};
  float* out = c.filled<float>(128, -1.0f);
  int64_t* lout = c.filled<int64_t>(128, -1);
  RUN(c, Launch1D(128, 64), Kernargs().add(p).ptr(out).ptr(lout));
  std::vector<float> want(128, -1.0f);
  std::vector<int64_t> lwant(128, -1);
  for (uint32_t i = 0; i < p.n; ++i) {
    want[i] = static_cast<float>(p.base + static_cast<int32_t>(i)) * p.scale;
    lwant[i] = p.offset + i;
  }
  ExpectUlps(out, want, 0, "out");
  ExpectEq(lout, lwant, "lout");
}

void AtomicMinMax(Ctx& c) {
  const uint32_t n = 512;
  Rng rng(22);
  auto in = Fill<int32_t>(n, [&](size_t) { return static_cast<int32_t>(rng.u32()); });
  std::vector<int32_t> init = {std::numeric_limits<int32_t>::max(),
                               std::numeric_limits<int32_t>::min(),
                               -1,
                               0,
                               0,
                               1000,
                               -1,
                               0};
  int32_t* res = c.buf(init);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(c.buf(in)).ptr(res));
  std::vector<int32_t> want = init;
  for (int32_t v : in) {
    uint32_t u = static_cast<uint32_t>(v);
    want[0] = std::min(want[0], v);
    want[1] = std::max(want[1], v);
    want[2] = static_cast<int32_t>(static_cast<uint32_t>(want[2]) & u);
    want[3] = static_cast<int32_t>(static_cast<uint32_t>(want[3]) | u);
    want[4] = static_cast<int32_t>(static_cast<uint32_t>(want[4]) ^ u);
    want[5] = static_cast<int32_t>(static_cast<uint32_t>(want[5]) - u);
    want[6] = static_cast<int32_t>(std::min(static_cast<uint32_t>(want[6]), u));
    want[7] = static_cast<int32_t>(std::max(static_cast<uint32_t>(want[7]), u));
  }
  ExpectEq(res, want, "res (smin smax and or xor sub umin umax)");
}

void AtomicCasCounter(Ctx& c) {
  const uint32_t n = 512;
  uint32_t* counter = c.zeros<uint32_t>(1);
  uint32_t* tickets = c.filled<uint32_t>(n, kSentinel);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(counter).ptr(tickets));
  EXPECT_EQ(*counter, n);
  std::vector<uint32_t> got(tickets, tickets + n), want(n);
  std::sort(got.begin(), got.end());
  for (uint32_t i = 0; i < n; ++i) want[i] = i;
  ExpectEq(got.data(), want, "sorted tickets");
}

void Int64Arith(Ctx& c) {
  const uint32_t n = 256;
  Rng rng(23);
  auto a = Fill<uint64_t>(n, [&](size_t i) { return i == 0 ? 0x8000000000000000ull : rng.u64(); });
  auto b = Fill<uint64_t>(n, [&](size_t i) {
    if (i % 7 == 0) return a[i];
    return i % 2 ? rng.u64() : rng.u64() >> 33;
  });
  uint64_t* out = c.zeros<uint64_t>(8 * n);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(c.buf(a)).ptr(c.buf(b)).ptr(out));
  std::vector<uint64_t> want(8 * n);
  for (uint32_t i = 0; i < n; ++i) {
    uint64_t x = a[i], y = b[i];
    uint64_t* o = &want[8 * i];
    o[0] = x * y;
    o[1] = x + y;
    o[2] = x - y;
    o[3] = x << (y & 63);
    o[4] = x >> (y & 63);
    o[5] = static_cast<uint64_t>(static_cast<int64_t>(x) >> (y & 63));
    o[6] = uint64_t{x < y} | uint64_t{static_cast<int64_t>(x) < static_cast<int64_t>(y)} << 1 |
           uint64_t{x == y} << 2;
    o[7] = (x ^ y) | (x & 0xFFFF0000FFFFull);
  }
  ExpectEq(out, want, "out (8 per item: * + - << >> ashr compares mix)");
}

void FloatConvert(Ctx& c) {
  const uint32_t n = 256;
  Rng rng(24);
  auto f = Fill<float>(
      n, [&](size_t i) { return i % 2 ? rng.uniform(-1e9f, 1e9f) : rng.uniform(-100.0f, 100.0f); });
  auto k = Fill<int32_t>(n, [&](size_t) { return static_cast<int32_t>(rng.u32()); });
  int32_t* oi = c.zeros<int32_t>(n);
  uint32_t* ou = c.zeros<uint32_t>(n);
  float* of = c.zeros<float>(2 * n);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(c.buf(f)).ptr(c.buf(k)).ptr(oi).ptr(ou).ptr(of));
  std::vector<int32_t> wi(n);
  std::vector<uint32_t> wu(n);
  std::vector<float> wf(2 * n);
  for (uint32_t i = 0; i < n; ++i) {
    wi[i] = static_cast<int32_t>(f[i]);
    wu[i] = static_cast<uint32_t>(std::fabs(f[i]));
    wf[2 * i] = static_cast<float>(k[i]);
    wf[2 * i + 1] = static_cast<float>(static_cast<uint32_t>(k[i]));
  }
  ExpectEq(oi, wi, "(int)f");
  ExpectEq(ou, wu, "(uint)fabs(f)");
  ExpectUlps(of, wf, 0, "(float)int, (float)uint");
}

void DoubleConvert(Ctx& c) {
  const uint32_t n = 256;
  Rng rng(25);
  auto d = Fill<double>(n, [&](size_t i) {
    double m = i % 2 ? 1e15 : 1e4;
    return (rng.unit() - 0.5) * 2 * m;
  });
  auto l = Fill<int64_t>(n, [&](size_t i) {
    return i % 2 ? static_cast<int64_t>(rng.u64()) : static_cast<int64_t>(rng.u64() >> 40);
  });
  int64_t* ol = c.zeros<int64_t>(n);
  double* od = c.zeros<double>(2 * n);
  float* of = c.zeros<float>(n);
  int32_t* oi = c.zeros<int32_t>(n);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(c.buf(d)).ptr(c.buf(l)).ptr(ol).ptr(od).ptr(of).ptr(oi));
  std::vector<int64_t> wl(n);
  std::vector<double> wd(2 * n);
  std::vector<float> wf(n);
  std::vector<int32_t> wi(n);
  for (uint32_t i = 0; i < n; ++i) {
    wl[i] = static_cast<int64_t>(d[i]);
    wd[2 * i] = static_cast<double>(l[i]);
    wd[2 * i + 1] = static_cast<double>(static_cast<float>(d[i]));
    wf[i] = static_cast<float>(d[i]);
    wi[i] = static_cast<int32_t>(d[i] * 1e-7);
  }
  ExpectEq(ol, wl, "(long)d");
  ExpectUlps(od, wd, 0, "(double)long, (double)(float)d");
  ExpectUlps(of, wf, 0, "(float)d");
  ExpectEq(oi, wi, "(int)(d * 1e-7)");
}

void MatVec(Ctx& c) {
  const uint32_t rows = 96, cols = 96;
  Rng rng(26);
  auto m = Fill<float>(rows * cols, [&](size_t) { return rng.uniform(-1, 1); });
  auto x = Fill<float>(cols, [&](size_t) { return rng.uniform(-1, 1); });
  float* y = c.filled<float>(128, -7.0f);
  RUN(c, Launch1D(128, 64), Kernargs().ptr(c.buf(m)).ptr(c.buf(x)).ptr(y).add(rows).add(cols));
  std::vector<double> want(128, -7.0), mag(128, 0.0);
  for (uint32_t r = 0; r < rows; ++r) {
    want[r] = 0;
    for (uint32_t k = 0; k < cols; ++k) {
      double t = double{m[r * cols + k]} * x[k];
      want[r] += t;
      mag[r] += std::fabs(t);
    }
  }
  ExpectClose(y, want, mag, 1e-5, "y");
}

void StencilLds(Ctx& c) {
  const uint32_t n = 1024;
  Rng rng(27);
  auto in = Fill<float>(n, [&](size_t) { return rng.uniform(0, 1); });
  float* out = c.zeros<float>(n);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(c.buf(in)).ptr(out).add(n));
  std::vector<float> want(n);
  for (uint32_t i = 0; i < n; ++i) {
    double l = in[i ? i - 1 : 0], r = in[std::min(i + 1, n - 1)];
    want[i] = static_cast<float>(0.25 * l + 0.5 * in[i] + 0.25 * r);
  }
  ExpectUlps(out, want, 3, "out");
}

void ReduceDouble(Ctx& c) {
  const uint32_t groups = 8, n = 128 * groups;
  Rng rng(28);
  auto in = Fill<double>(n, [&](size_t) { return rng.unit() * 2 - 1; });
  double* out = c.zeros<double>(groups);
  RUN(c, Launch1D(n, 128), Kernargs().ptr(c.buf(in)).ptr(out));
  std::vector<double> want(groups);
  for (uint32_t g = 0; g < groups; ++g) {
    double tmp[128];
    std::copy(in.begin() + g * 128, in.begin() + (g + 1) * 128, tmp);
    for (uint32_t s = 64; s > 0; s >>= 1)
      for (uint32_t l = 0; l < s; ++l) tmp[l] += tmp[l + s];
    want[g] = tmp[0];
  }
  ExpectUlps(out, want, 0, "sums (same tree order)");
}

void Compact(Ctx& c) {
  const uint32_t n = 2000;
  Rng rng(29);
  auto in = Fill<int32_t>(2048, [&](size_t) { return rng.range(-100, 100); });
  int32_t* out = c.zeros<int32_t>(2048);
  uint32_t* count = c.zeros<uint32_t>(1);
  RUN(c, Launch1D(2048, 256), Kernargs().ptr(c.buf(in)).ptr(out).ptr(count).add(n));
  std::vector<int32_t> want;
  for (uint32_t i = 0; i < n; ++i)
    if (in[i] > 0) want.push_back(in[i]);
  std::sort(want.begin(), want.end());
  ASSERT_EQ(*count, want.size());
  std::vector<int32_t> got(out, out + want.size());
  std::sort(got.begin(), got.end());
  ExpectEq(got.data(), want, "sorted survivors");
}

void MulHi(Ctx& c) {
  const uint32_t n = 256;
  Rng rng(30);
  auto a = Fill<uint32_t>(n, [&](size_t) { return rng.u32(); });
  auto b = Fill<uint32_t>(n, [&](size_t) { return rng.u32(); });
  uint32_t* out = c.zeros<uint32_t>(4 * n);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(c.buf(a)).ptr(c.buf(b)).ptr(out));
  std::vector<uint32_t> want(4 * n);
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t x = a[i], y = b[i];
    want[4 * i] = static_cast<uint32_t>((uint64_t{x} * y) >> 32);
    want[4 * i + 1] =
        static_cast<uint32_t>((int64_t{static_cast<int32_t>(x)} * static_cast<int32_t>(y)) >> 32);
    want[4 * i + 2] = x * y;
    want[4 * i + 3] = (x & 0xFFFFFF) * (y & 0xFFFFFF) + (x >> 24);
  }
  ExpectEq(out, want, "out (4 per item: umulhi smulhi mullo mul24+)");
}

void FloatDiv(Ctx& c) {
  const uint32_t n = 256;
  Rng rng(31);
  auto a = Fill<float>(n, [&](size_t) { return rng.uniform(-100, 100); });
  auto b = Fill<float>(n, [&](size_t) {
    float m = rng.uniform(0.01f, 100.0f);
    return rng.u32() & 1 ? m : -m;
  });
  float* out = c.zeros<float>(2 * n);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(c.buf(a)).ptr(c.buf(b)).ptr(out));
  std::vector<float> want(2 * n);
  for (uint32_t i = 0; i < n; ++i) {
    want[2 * i] = a[i] / b[i];
    want[2 * i + 1] = 1.0f / b[i];
  }
  // OpenCL C allows 2.5 ULP for single-precision division.
  ExpectUlps(out, want, 3, "a / b, 1 / b");
}

void ScratchPointerCalls(Ctx& c) {
  const uint32_t n = 256;
  Rng rng(32);
  auto in = Fill<uint32_t>(n, [&](size_t) { return rng.u32(); });
  uint32_t* out = c.zeros<uint32_t>(n);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(c.buf(in)).ptr(out));
  std::vector<uint32_t> want(n);
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t v = in[i], buf[24];
    for (uint32_t k = 0; k < 24; ++k) buf[k] = v * (k + 1) + (k ^ v);
    uint32_t acc = buf[(v >> 3) % 24];
    for (uint32_t k = 0; k < 24; ++k) acc += buf[k] * (k + 1);
    want[i] = acc;
  }
  ExpectEq(out, want, "out");
}

void NestedLoops(Ctx& c) {
  const uint32_t n = 256;
  uint32_t* out = c.zeros<uint32_t>(n);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(out));
  std::vector<uint32_t> want(n);
  for (uint32_t gid = 0; gid < n; ++gid) {
    uint32_t acc = gid;
    for (uint32_t i = 0; i < gid % 16; ++i)
      for (uint32_t j = 0; j <= i; ++j) {
        if ((i + j) % 3 == 0) continue;
        acc = acc * 3 + ((i * j) ^ gid);
      }
    want[gid] = acc;
  }
  ExpectEq(out, want, "out");
}

void LinearSearch(Ctx& c) {
  const uint32_t hn = 200, n = 256;
  Rng rng(33);
  auto hay = Fill<int32_t>(hn, [&](size_t) { return rng.range(0, 299); });
  auto needles = Fill<int32_t>(n, [&](size_t) { return rng.range(0, 299); });
  int32_t* out = c.zeros<int32_t>(n);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(c.buf(hay)).ptr(c.buf(needles)).ptr(out).add(hn));
  std::vector<int32_t> want(n, -1);
  for (uint32_t i = 0; i < n; ++i) {
    auto it = std::find(hay.begin(), hay.end(), needles[i]);
    if (it != hay.end()) want[i] = static_cast<int32_t>(it - hay.begin());
  }
  ExpectEq(out, want, "index");
}

void LdsOddEvenSort(Ctx& c) {
  const uint32_t n = 512;
  Rng rng(34);
  auto in = Fill<uint32_t>(n, [&](size_t) { return rng.u32() % 1000; });
  uint32_t* data = c.buf(in);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(data));
  for (uint32_t g = 0; g < n; g += 64) std::sort(in.begin() + g, in.begin() + g + 64);
  ExpectEq(data, in, "group-sorted");
}

void SwitchCase(Ctx& c) {
  const uint32_t n = 256;
  Rng rng(35);
  auto in = Fill<uint32_t>(n, [&](size_t) { return rng.u32(); });
  int32_t* out = c.zeros<int32_t>(n);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(c.buf(in)).ptr(out));
  std::vector<int32_t> want(n);
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t x = in[i];
    int32_t r;
    switch (x % 8) {
      case 0:
        r = static_cast<int32_t>(x);
        break;
      case 1:
        r = static_cast<int32_t>(0u - x);
        break;
      case 2:
        r = static_cast<int32_t>(x * x);
        break;
      case 3:
        r = static_cast<int32_t>(x >> 3);
        break;
      case 5:
        r = static_cast<int32_t>(x ^ 0x5555u);
        break;
      case 6:
      case 7:
        r = static_cast<int32_t>(x) / 7;
        break;
      default:
        r = 42;
    }
    want[i] = r;
  }
  ExpectEq(out, want, "out");
}

void Float4Vec(Ctx& c) {
  const uint32_t n = 256;
  Rng rng(36);
  auto a = Fill<float>(4 * n, [&](size_t) { return rng.uniform(-50, 50); });
  auto b = Fill<float>(4 * n, [&](size_t) { return rng.uniform(-50, 50); });
  float* sum = c.zeros<float>(4 * n);
  float* swz = c.zeros<float>(4 * n);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(c.buf(a)).ptr(c.buf(b)).ptr(sum).ptr(swz));
  std::vector<float> ws(4 * n), wz(4 * n);
  for (uint32_t i = 0; i < 4 * n; ++i) {
    ws[i] = a[i] + b[i];
    wz[i] = a[(i & ~3u) + 3 - (i & 3u)] * 2.0f;
  }
  ExpectUlps(sum, ws, 0, "a + b");
  ExpectUlps(swz, wz, 0, "a.wzyx * 2");
}

void ConstantTable(Ctx& c) {
  const uint32_t n = 256;
  const uint32_t primes[16] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53};
  Rng rng(37);
  auto in = Fill<uint32_t>(n, [&](size_t) { return rng.u32(); });
  uint32_t* out = c.zeros<uint32_t>(n);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(c.buf(in)).ptr(out));
  std::vector<uint32_t> want(n);
  for (uint32_t i = 0; i < n; ++i) want[i] = primes[in[i] & 15] * primes[(in[i] >> 4) & 15];
  ExpectEq(out, want, "out");
}

void ProgramGlobal(Ctx& c) {
  const uint32_t n = 256;
  const uint32_t bias[4] = {10, 20, 30, 40};
  uint32_t* out = c.zeros<uint32_t>(n);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(out));
  std::vector<uint32_t> want(n);
  for (uint32_t i = 0; i < n; ++i) want[i] = ((i & ~63u) | ((i + 1) & 63u)) * 5 + bias[i & 3];
  ExpectEq(out, want, "out");
}

void ButterflyAllreduce(Ctx& c) {
  const uint32_t n = 512;
  Rng rng(38);
  auto in = Fill<uint32_t>(n, [&](size_t) { return rng.u32(); });
  uint32_t* out = c.zeros<uint32_t>(n);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(c.buf(in)).ptr(out));
  std::vector<uint32_t> want(n);
  for (uint32_t g = 0; g < n; g += 64) {
    uint32_t s = 0;
    for (uint32_t i = 0; i < 64; ++i) s += in[g + i];
    for (uint32_t i = 0; i < 64; ++i) want[g + i] = s;
  }
  ExpectEq(out, want, "group sums");
}

void CrossLane(Ctx& c) {
  const uint32_t n = 256;
  Rng rng(39);
  auto in = Fill<uint32_t>(n, [&](size_t) { return rng.u32(); });
  uint32_t* out = c.zeros<uint32_t>(3 * n);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(c.buf(in)).ptr(out));
  std::vector<uint32_t> want(3 * n);
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t wave = i & ~63u, lane = i & 63u;
    want[3 * i] = lane;
    want[3 * i + 1] = in[wave];
    want[3 * i + 2] = in[wave + ((lane + 5) & 63u)];
  }
  ExpectEq(out, want, "out (3 per item: mbcnt lane, readfirstlane, bpermute +5)");
}

void DynamicLds(Ctx& c) {
  const uint32_t n = 256;
  Rng rng(40);
  auto in = Fill<uint32_t>(n, [&](size_t) { return rng.u32(); });
  uint32_t* out = c.zeros<uint32_t>(n);
  // The dynamic part starts after the static LDS (16-byte aligned).
  const uint32_t lds_offset =
      (c.code().descriptor("dynamic_lds")->group_segment_fixed_size + 15u) & ~15u;
  LaunchDims dims = Launch1D(n, 64);
  dims.dynamic_lds = 64 * 4;
  RUN(c, dims, Kernargs().ptr(c.buf(in)).ptr(out).add(lds_offset));
  std::vector<uint32_t> want(n);
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t lid = i & 63u;
    want[i] = in[(i & ~63u) + 63 - lid] + ((lid + 1) & 63u) * 3;
  }
  ExpectEq(out, want, "out");
}

void Atomic64(Ctx& c) {
  const uint32_t n = 512;
  Rng rng(41);
  auto in = Fill<uint64_t>(n, [&](size_t i) { return i % 3 ? rng.u64() : rng.u64() >> 29; });
  std::vector<uint64_t> init = {0, 0, ~0ull, 0, 0, ~0ull, 1ull << 60};
  uint64_t* res = c.buf(init);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(c.buf(in)).ptr(res));
  std::vector<uint64_t> want = init;
  for (uint64_t v : in) {
    want[0] += v;
    want[1] = std::max(want[1], v);
    want[2] = std::min(want[2], v);
    want[3] ^= v;
    want[4] |= v;
    want[5] &= v;
    want[6] -= v;
  }
  ExpectEq(res, want, "res (add umax umin xor or and sub)");
}

void LdsAtomics(Ctx& c) {
  const uint32_t n = 512, wg = 128, groups = n / wg;
  Rng rng(42);
  auto in = Fill<uint32_t>(n, [&](size_t) { return rng.u32(); });
  uint32_t* out = c.zeros<uint32_t>(7 * groups);
  uint32_t* tickets = c.filled<uint32_t>(n, kSentinel);
  RUN(c, Launch1D(n, wg), Kernargs().ptr(c.buf(in)).ptr(out).ptr(tickets));
  std::vector<uint32_t> want(7 * groups);
  for (uint32_t g = 0; g < groups; ++g) {
    uint32_t add = 0, umax = 0, umin = ~0u, x = 0;
    int32_t smin = std::numeric_limits<int32_t>::max(), smax = std::numeric_limits<int32_t>::min();
    for (uint32_t i = g * wg; i < (g + 1) * wg; ++i) {
      add += in[i];
      umax = std::max(umax, in[i]);
      umin = std::min(umin, in[i]);
      x ^= in[i];
      smin = std::min(smin, static_cast<int32_t>(in[i]));
      smax = std::max(smax, static_cast<int32_t>(in[i]));
    }
    const uint32_t w[] = {
        add, umax, umin, x, wg, static_cast<uint32_t>(smin), static_cast<uint32_t>(smax)};
    std::copy(w, w + 7, want.begin() + 7 * g);
  }
  ExpectEq(out, want, "out (7 per group: add umax umin xor tickets smin smax)");
  for (uint32_t g = 0; g < groups; ++g) {
    std::vector<uint32_t> got(tickets + g * wg, tickets + (g + 1) * wg), perm(wg);
    std::sort(got.begin(), got.end());
    for (uint32_t i = 0; i < wg; ++i) perm[i] = i;
    ExpectEq(got.data(), perm, "sorted tickets of group " + std::to_string(g));
  }
}

// Half-precision reference: products and sums of two halves are exact in
// double, so one conversion gives the correctly rounded half result.
_Float16 H(double v) { return static_cast<_Float16>(v); }

void HalfMath(Ctx& c) {
  const uint32_t n = 256;
  Rng rng(43);
  auto a = Fill<_Float16>(n, [&](size_t) {
    float m = rng.uniform(0.5f, 8.0f);
    return H(rng.u32() & 1 ? m : -m);
  });
  auto b = Fill<_Float16>(n, [&](size_t i) {
    float m = rng.uniform(0.5f, 8.0f);
    return i % 9 == 0 ? a[i] : H(rng.u32() & 1 ? m : -m);
  });
  auto* out = c.zeros<uint16_t>(8 * n);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(c.buf(a)).ptr(c.buf(b)).ptr(out));
  std::vector<uint16_t> want(8 * n);
  for (uint32_t i = 0; i < n; ++i) {
    double x = a[i], y = b[i];
    double p = H(x * y), s = H(p + x);
    const _Float16 w[] = {H(x * y), H(p + x), H(x - y), H(x > y ? x : y),
                          H(x * y), H(y * s), H(x + y), H(y + s)};
    std::memcpy(&want[8 * i], w, sizeof(w));
  }
  ExpectEq(out, want, "half bits (8 per item: * + - max, pk_mul.xy, pk_add.xy)");
}

void PartialWaveReduce(Ctx& c) {
  const uint32_t wg = 96, groups = 4, n = wg * groups;
  Rng rng(44);
  auto in = Fill<uint32_t>(n, [&](size_t) { return rng.u32(); });
  uint32_t* out = c.zeros<uint32_t>(n);
  RUN(c, Launch1D(n, wg), Kernargs().ptr(c.buf(in)).ptr(out));
  std::vector<uint32_t> want(n);
  for (uint32_t g = 0; g < groups; ++g) {
    uint32_t sum = 0;
    for (uint32_t i = 0; i < wg; ++i) sum += in[g * wg + i];
    for (uint32_t i = 0; i < wg; ++i) want[g * wg + i] = sum + i;
  }
  ExpectEq(out, want, "group sum + local id");
}

void PointerTable(Ctx& c) {
  const uint32_t n = 256;
  const uint32_t tables[2][4] = {{1, 2, 3, 4}, {100, 200, 300, 400}};
  Rng rng(45);
  auto in = Fill<uint32_t>(n, [&](size_t) { return rng.u32(); });
  uint32_t* out = c.zeros<uint32_t>(n);
  RUN(c, Launch1D(n, 64), Kernargs().ptr(c.buf(in)).ptr(out));
  std::vector<uint32_t> want(n);
  for (uint32_t i = 0; i < n; ++i) want[i] = tables[in[i] & 1][(in[i] >> 1) & 3];
  ExpectEq(out, want, "out (through relocated pointers)");
}

// Two 13x9 RGBA uint8 images (FMT_8_8_8_8, UINT, as ROCr describes
// CL_UNSIGNED_INT8/CL_RGBA) with a padded pitch, their T#s in GPU memory
// and the kernel's image arguments pointing at them. write_imageui
// saturates (v * 3 + k > 255 stores 255); the grid's last work-items fall
// below the last row: their loads read 0 and their stores are dropped.
void ImageCopy(Ctx& c) {
  namespace ref = gcn_test::imgref;
  const int width = 13, height = 9, pitch = 16;
  auto image = [&](uint8_t** texels) {
    uint8_t* raw = c.zeros<uint8_t>(pitch * height * 4 + 512);
    uint8_t* base =
        reinterpret_cast<uint8_t*>((reinterpret_cast<uintptr_t>(raw) + 255) & ~uintptr_t{255});
    ref::Image im;
    im.base = reinterpret_cast<uintptr_t>(base);
    im.data_format = 10;  // 8_8_8_8
    im.num_format = 4;    // uint
    im.width = width;
    im.height = height;
    im.pitch = pitch;
    const auto t = ref::tsharp(im);
    *texels = base;
    return c.buf(std::vector<uint32_t>(t.begin(), t.end()));
  };
  uint8_t *src = nullptr, *dst = nullptr;
  uint32_t* src_t = image(&src);
  uint32_t* dst_t = image(&dst);
  Rng rng(26);
  for (int i = 0; i < pitch * height * 4; ++i) src[i] = static_cast<uint8_t>(rng.u32());
  std::memset(dst, 0xEE, pitch * height * 4 + 64);
  RUN(c, Launch1D(128, 64), Kernargs().ptr(src_t).ptr(dst_t).add(int32_t{width}));
  std::vector<uint8_t> want(pitch * height * 4 + 64, 0xEE);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      for (int k = 0; k < 4; ++k) {
        const int i = (y * pitch + x) * 4 + k;
        want[i] = static_cast<uint8_t>(std::min(255, src[i] * 3 + k + 1));
      }
  ExpectEq(dst, want, "dst texels (padding and rows past the image untouched)");
}

struct KernelCase {
  const char* kernel;
  void (*body)(Ctx&);
};

const KernelCase kCases[] = {
    {"vector_add", VectorAdd},
    {"saxpy", Saxpy},
    {"reduce_sum_lds", ReduceSumLds},
    {"reduce_min_max", ReduceMinMax},
    {"prefix_scan", PrefixScan},
    {"matmul_tiled", MatmulTiled},
    {"transpose_lds", TransposeLds},
    {"histogram_global", HistogramGlobal},
    {"histogram_lds", HistogramLds},
    {"bitonic_step", BitonicStep},
    {"private_array", PrivateArray},
    {"double_math", DoubleMath},
    {"int_divmod32", IntDivmod32},
    {"int_divmod64", IntDivmod64},
    {"noinline_calls", NoinlineCalls},
    {"grid2d", Grid2d},
    {"grid3d", Grid3d},
    {"partial_workgroup", PartialWorkgroup},
    {"divergent_loop", DivergentLoop},
    {"bit_ops", BitOps},
    {"float_ops", FloatOps},
    {"select_ternary", SelectTernary},
    {"lds_reverse", LdsReverse},
    {"char_short", CharShort},
    {"struct_args", StructArgs},
    {"atomic_minmax", AtomicMinMax},
    {"atomic_cas_counter", AtomicCasCounter},
    {"int64_arith", Int64Arith},
    {"float_convert", FloatConvert},
    {"double_convert", DoubleConvert},
    {"mat_vec", MatVec},
    {"stencil_lds", StencilLds},
    {"reduce_double", ReduceDouble},
    {"compact", Compact},
    {"mul_hi", MulHi},
    {"float_div", FloatDiv},
    {"scratch_pointer_calls", ScratchPointerCalls},
    {"nested_loops", NestedLoops},
    {"linear_search", LinearSearch},
    {"lds_oddeven_sort", LdsOddEvenSort},
    {"switch_case", SwitchCase},
    {"float4_vec", Float4Vec},
    {"constant_table", ConstantTable},
    {"program_global", ProgramGlobal},
    {"butterfly_allreduce", ButterflyAllreduce},
    {"cross_lane", CrossLane},
    {"dynamic_lds", DynamicLds},
    {"atomic64", Atomic64},
    {"lds_atomics", LdsAtomics},
    {"half_math", HalfMath},
    {"partial_wave_reduce", PartialWaveReduce},
    {"pointer_table", PointerTable},
    {"image_copy", ImageCopy},
};

using CaseParam = std::tuple<size_t, std::string>;  // index into kCases, opt level

class KernelCorpus : public ::testing::TestWithParam<CaseParam> {};

TEST_P(KernelCorpus, MatchesCpuReference) {
  const KernelCase& kc = kCases[std::get<0>(GetParam())];
  Ctx c(kc.kernel, std::get<1>(GetParam()));
  std::string error;
  ASSERT_TRUE(c.load(&error)) << error;
  kc.body(c);
}

INSTANTIATE_TEST_SUITE_P(
    Kernels, KernelCorpus,
    ::testing::Combine(::testing::Range<size_t>(0, sizeof(kCases) / sizeof(kCases[0])),
                       ::testing::Values(std::string("O0"), std::string("O3"))),
    [](const ::testing::TestParamInfo<CaseParam>& info) {
      return std::string(kCases[std::get<0>(info.param)].kernel) + "_" + std::get<1>(info.param);
    });

// ---------------------------------------------------------------------------
// Faults stop the dispatch with a message, not the process.

class KernelFaults : public ::testing::TestWithParam<const char*> {};

// After a fault the same harness must still run a good kernel.
void ExpectVectorAddWorks(GpuHarness& gpu, const std::string& opt) {
  std::string error;
  CodeObject* co = gpu.load(CodeObjectPath("vector_add", opt), &error);
  ASSERT_NE(co, nullptr) << error;
  std::vector<float> a(64, 1.5f), b(64, 2.0f);
  float* out = gpu.alloc_array<float>(64);
  DispatchResult r =
      gpu.run(*co, "vector_add", Launch1D(64, 64),
              Kernargs().ptr(gpu.upload(a)).ptr(gpu.upload(b)).ptr(out).add(uint32_t{64}).bytes());
  ASSERT_TRUE(r.ok) << r.error;
  for (int i = 0; i < 64; ++i) ASSERT_EQ(out[i], 3.5f) << "c[" << i << "]";
}

TEST_P(KernelFaults, StoreToUnmappedAddress) {
  GpuHarness gpu(2);
  std::string error;
  CodeObject* co = gpu.load(CodeObjectPath("fault_store", GetParam()), &error);
  ASSERT_NE(co, nullptr) << error;
  const uint64_t bad = 0x7000DEAD0000ull;
  DispatchResult r = gpu.run(*co, "fault_store", Launch1D(64, 64), Kernargs().add(bad).bytes());
  ASSERT_FALSE(r.ok) << "a store to an unmapped address must fault";
  EXPECT_NE(r.error.find("kernel 'fault_store'"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("pc 0x"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("address 0x7000dead0000"), std::string::npos) << r.error;
  ExpectVectorAddWorks(gpu, GetParam());
}

TEST_P(KernelFaults, UndecodableInstruction) {
  GpuHarness gpu(2);
  std::string error;
  CodeObject* co = gpu.load(CodeObjectPath("vector_add", GetParam()), &error);
  ASSERT_NE(co, nullptr) << error;
  // 0xFFFFFFFF matches no gfx9 encoding (top bits 111111).
  const uint32_t bad_word = 0xFFFFFFFFu;
  std::memcpy(co->entry("vector_add"), &bad_word, 4);
  std::vector<float> a(64, 1.0f);
  float* out = gpu.alloc_array<float>(64);
  DispatchResult r =
      gpu.run(*co, "vector_add", Launch1D(64, 64),
              Kernargs().ptr(gpu.upload(a)).ptr(gpu.upload(a)).ptr(out).add(uint32_t{64}).bytes());
  ASSERT_FALSE(r.ok) << "an undecodable word must fault";
  std::ostringstream pc;
  pc << "pc 0x" << std::hex << reinterpret_cast<uintptr_t>(co->entry("vector_add"));
  EXPECT_NE(r.error.find("kernel 'vector_add'"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find(pc.str()), std::string::npos) << "want " << pc.str() << ": " << r.error;
  EXPECT_NE(r.error.find("0xffffffff"), std::string::npos) << r.error;
  ExpectVectorAddWorks(gpu, GetParam());
}

INSTANTIATE_TEST_SUITE_P(Opt, KernelFaults, ::testing::Values("O0", "O3"),
                         [](const ::testing::TestParamInfo<const char*>& info) {
                           return std::string(info.param);
                         });

// ---------------------------------------------------------------------------
// The loader itself.

TEST(CodeObjectLoader, FindsKernelDescriptors) {
  for (const KernelCase& kc : kCases) {
    for (const char* opt : {"O0", "O3"}) {
      CodeObject co;
      std::string error;
      ASSERT_TRUE(co.load(CodeObjectPath(kc.kernel, opt), &error)) << error;
      const fw_kernel_descriptor* kd = co.descriptor(kc.kernel);
      ASSERT_NE(kd, nullptr) << kc.kernel << "." << opt;
      EXPECT_EQ(reinterpret_cast<uintptr_t>(kd) % 64, 0u);
      EXPECT_EQ(reinterpret_cast<uintptr_t>(co.entry(kc.kernel)) % 256, 0u);
      EXPECT_GT(kd->kernarg_size, 0u) << kc.kernel << "." << opt;
      EXPECT_EQ(co.kernel_names(), std::vector<std::string>{kc.kernel});
    }
  }
}

TEST(CodeObjectLoader, MissingFileNamesThePath) {
  CodeObject co;
  std::string error;
  EXPECT_FALSE(co.load("/nonexistent/kernel.co", &error));
  EXPECT_NE(error.find("/nonexistent/kernel.co"), std::string::npos) << error;
}

TEST(CodeObjectLoader, RejectsNonElfAndTruncatedFiles) {
  const std::string dir = ::testing::TempDir();
  const std::string junk = dir + "/corpus_junk.co";
  {
    std::ofstream f(junk, std::ios::binary);
    f << "this is not an ELF file";
  }
  CodeObject co;
  std::string error;
  EXPECT_FALSE(co.load(junk, &error));
  EXPECT_NE(error.find("corpus_junk.co"), std::string::npos) << error;
  EXPECT_NE(error.find("ELF"), std::string::npos) << error;

  // The first 200 bytes of a real code object: headers point past the end.
  std::ifstream in(CodeObjectPath("vector_add", "O3"), std::ios::binary);
  std::vector<char> bytes(200);
  in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  const std::string cut = dir + "/corpus_truncated.co";
  {
    std::ofstream f(cut, std::ios::binary);
    f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  CodeObject co2;
  EXPECT_FALSE(co2.load(cut, &error));
  EXPECT_NE(error.find("corpus_truncated.co"), std::string::npos) << error;
}

}  // namespace
