// Image sampling throughput against plain global loads of the same data,
// through Debian's HIP on our thunk and the virtual gfx900. One pitched
// allocation (hipMallocPitch) of kWidth x kHeight texels, RGBA8 (uchar4)
// and then float4, is read whole per launch four ways: global loads of
// the texels (the baseline), tex1Dfetch through a linear texture over the
// same bytes, and tex2D through a pitch-2D texture with point sampling and
// with bilinear filtering. Each work-item sums a column of kRows texels
// and writes one float4; every launch's sums are compared with the CPU's.
//
// Each row runs in a child process (this program with the row's name):
// a kernel the virtual GPU cannot run ends the process (HIP aborts on the
// queue error), and the table then says "n/a (not supported: ...)" with
// the child's message instead of a figure, so the benchmark runs before
// sampling exists and gives figures once it does.
#include <hip/hip_runtime.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

constexpr int kWidth = 512;
constexpr int kHeight = 512;
constexpr int kRows = 8;  // texels summed per work-item, down a column
constexpr double kMinSeconds = 0.3;
constexpr int kMinLaunches = 3;

enum class Access { kBuffer, kFetch, kPoint, kLinear };

__device__ float4 as_float4(uchar4 v) { return make_float4(v.x, v.y, v.z, v.w); }
__device__ float4 as_float4(float4 v) { return v; }

__device__ void add(float4& acc, float4 v) {
  acc.x += v.x, acc.y += v.y, acc.z += v.z, acc.w += v.w;
}

// Work-item (x, band) sums texels (x, band * kRows .. + kRows - 1).
template <typename T>
__global__ void read_buffer(const T* base, int pitch_texels, float4* out) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, band = blockIdx.y;
  float4 acc = make_float4(0, 0, 0, 0);
  for (int r = 0; r < kRows; ++r) add(acc, as_float4(base[(band * kRows + r) * pitch_texels + x]));
  out[band * kWidth + x] = acc;
}

template <typename T>
__global__ void read_fetch(hipTextureObject_t tex, int pitch_texels, float4* out) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, band = blockIdx.y;
  float4 acc = make_float4(0, 0, 0, 0);
  for (int r = 0; r < kRows; ++r)
    add(acc, as_float4(tex1Dfetch<T>(tex, (band * kRows + r) * pitch_texels + x)));
  out[band * kWidth + x] = acc;
}

// R is what tex2D returns: the element type for point sampling, float4 for
// filtering (RGBA8 read as normalized floats). dx is the sample's offset
// from the texel's left edge: 0.5 is its centre, 1.0 halfway to the next.
template <typename R>
__global__ void read_tex2d(hipTextureObject_t tex, float dx, float4* out) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, band = blockIdx.y;
  float4 acc = make_float4(0, 0, 0, 0);
  for (int r = 0; r < kRows; ++r)
    add(acc, as_float4(tex2D<R>(tex, x + dx, band * kRows + r + 0.5f)));
  out[band * kWidth + x] = acc;
}

// ---- the child: one row ----

template <typename T>
T texel_value(int x, int y);
template <>
uchar4 texel_value<uchar4>(int x, int y) {
  return make_uchar4((x * 3 + y) & 255, (x + y * 7) & 255, (x * y) & 255, (x ^ y) & 255);
}
template <>
float4 texel_value<float4>(int x, int y) {
  return make_float4(float(x) * 0.5f, float(y) - 100.0f, float((x * y) % 1000), float(x - y));
}

// The texels' channel descriptor. Debian's HIP 5.2 makes
// hipCreateChannelDesc<uchar4>() signed (hipChannelFormatKindSigned), so
// RGBA8 is described by hand as unsigned.
template <typename T>
hipChannelFormatDesc channel_desc() {
  return hipCreateChannelDesc<T>();
}
template <>
hipChannelFormatDesc channel_desc<uchar4>() {
  return hipCreateChannelDesc(8, 8, 8, 8, hipChannelFormatKindUnsigned);
}

float4 host_float4(uchar4 v) { return make_float4(v.x, v.y, v.z, v.w); }
float4 host_float4(float4 v) { return v; }

bool ok(hipError_t e, const char* what) {
  if (e == hipSuccess) return true;
  std::fprintf(stderr, "image_sampling_bench: %s: %s\n", what, hipGetErrorString(e));
  return false;
}

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

// The CPU's sums for `access`; filtering blends texel x with x + 1 (the
// last column with itself: clamp), read as x / 255 for RGBA8.
template <typename T>
std::vector<float4> cpu_sums(const std::vector<T>& img, Access access) {
  const bool rgba8 = sizeof(T) == 4;
  std::vector<float4> sums(size_t(kWidth) * (kHeight / kRows));
  for (int band = 0; band < kHeight / kRows; ++band)
    for (int x = 0; x < kWidth; ++x) {
      double acc[4] = {0, 0, 0, 0};
      for (int r = 0; r < kRows; ++r) {
        const int y = band * kRows + r;
        float4 v = host_float4(img[size_t(y) * kWidth + x]);
        if (access == Access::kLinear) {
          const float4 n = host_float4(img[size_t(y) * kWidth + std::min(x + 1, kWidth - 1)]);
          const double s = rgba8 ? 1.0 / 255 : 1.0;
          v = make_float4(float((v.x + n.x) * s / 2), float((v.y + n.y) * s / 2),
                          float((v.z + n.z) * s / 2), float((v.w + n.w) * s / 2));
        }
        acc[0] += v.x, acc[1] += v.y, acc[2] += v.z, acc[3] += v.w;
      }
      sums[size_t(band) * kWidth + x] =
          make_float4(float(acc[0]), float(acc[1]), float(acc[2]), float(acc[3]));
    }
  return sums;
}

template <typename T>
int run_row(Access access) {
  std::vector<T> img(size_t(kWidth) * kHeight);
  for (int y = 0; y < kHeight; ++y)
    for (int x = 0; x < kWidth; ++x) img[size_t(y) * kWidth + x] = texel_value<T>(x, y);
  T* device = nullptr;
  size_t pitch = 0;
  float4* out = nullptr;
  const size_t outputs = size_t(kWidth) * (kHeight / kRows);
  if (!ok(hipMallocPitch(reinterpret_cast<void**>(&device), &pitch, kWidth * sizeof(T), kHeight),
          "hipMallocPitch") ||
      !ok(hipMemcpy2D(device, pitch, img.data(), kWidth * sizeof(T), kWidth * sizeof(T), kHeight,
                      hipMemcpyHostToDevice),
          "hipMemcpy2D") ||
      !ok(hipMalloc(&out, outputs * sizeof(float4)), "hipMalloc"))
    return 1;
  const int pitch_texels = static_cast<int>(pitch / sizeof(T));

  hipResourceDesc res;
  std::memset(&res, 0, sizeof(res));
  hipTextureDesc td;
  std::memset(&td, 0, sizeof(td));
  td.addressMode[0] = td.addressMode[1] = hipAddressModeClamp;
  td.readMode = hipReadModeElementType;
  if (access == Access::kFetch) {
    res.resType = hipResourceTypeLinear;
    res.res.linear.devPtr = device;
    res.res.linear.desc = channel_desc<T>();
    res.res.linear.sizeInBytes = pitch * kHeight;
  } else {
    res.resType = hipResourceTypePitch2D;
    res.res.pitch2D.devPtr = device;
    res.res.pitch2D.desc = channel_desc<T>();
    res.res.pitch2D.width = kWidth;
    res.res.pitch2D.height = kHeight;
    res.res.pitch2D.pitchInBytes = pitch;
    td.filterMode = access == Access::kLinear ? hipFilterModeLinear : hipFilterModePoint;
    // Filtering returns floats: RGBA8 is read as normalized.
    if (access == Access::kLinear && sizeof(T) == 4) td.readMode = hipReadModeNormalizedFloat;
  }
  hipTextureObject_t tex = 0;
  if (access != Access::kBuffer &&
      !ok(hipCreateTextureObject(&tex, &res, &td, nullptr), "hipCreateTextureObject"))
    return 1;

  const dim3 block(64), grid(kWidth / 64, kHeight / kRows);
  auto launch = [&] {
    switch (access) {
      case Access::kBuffer:
        hipLaunchKernelGGL(read_buffer<T>, grid, block, 0, 0, device, pitch_texels, out);
        break;
      case Access::kFetch:
        hipLaunchKernelGGL(read_fetch<T>, grid, block, 0, 0, tex, pitch_texels, out);
        break;
      case Access::kPoint:
        hipLaunchKernelGGL(read_tex2d<T>, grid, block, 0, 0, tex, 0.5f, out);
        break;
      case Access::kLinear:
        hipLaunchKernelGGL(read_tex2d<float4>, grid, block, 0, 0, tex, 1.0f, out);
        break;
    }
    return ok(hipGetLastError(), "launch") && ok(hipDeviceSynchronize(), "hipDeviceSynchronize");
  };
  // The first launch also loads the code object: not timed, but checked.
  if (!ok(hipMemset(out, 0x7f, outputs * sizeof(float4)), "hipMemset") || !launch()) return 1;
  std::vector<float4> got(outputs);
  if (!ok(hipMemcpy(got.data(), out, outputs * sizeof(float4), hipMemcpyDeviceToHost), "hipMemcpy"))
    return 1;
  const std::vector<float4> want = cpu_sums(img, access);
  for (size_t i = 0; i < outputs; ++i) {
    const float g[4] = {got[i].x, got[i].y, got[i].z, got[i].w};
    const float w[4] = {want[i].x, want[i].y, want[i].z, want[i].w};
    for (int c = 0; c < 4; ++c) {
      // Sums of kRows values in float: a little rounding, and filtering's
      // 8-bit weights are exact at the halfway point sampled here.
      if (std::fabs(g[c] - w[c]) > 1e-4f * (std::fabs(w[c]) + 1)) {
        std::fprintf(stderr, "image_sampling_bench: sum %zu.%c is %.7g, CPU %.7g\n", i, "xyzw"[c],
                     double(g[c]), double(w[c]));
        return 1;
      }
    }
  }
  int launches = 0;
  const auto start = Clock::now();
  do {
    if (!launch()) return 1;
    ++launches;
  } while (launches < kMinLaunches || seconds_since(start) < kMinSeconds);
  const double texels = double(kWidth) * kHeight * launches;
  std::printf("RESULT %.6e\n", texels / seconds_since(start));
  if (tex) hipDestroyTextureObject(tex);
  hipFree(out);
  hipFree(device);
  return 0;
}

struct Row {
  const char* name;  // the child's argument
  const char* format;
  const char* access;
  bool rgba8;
  Access kind;
};

const Row kRowsTable[] = {
    {"rgba8-buffer", "RGBA8", "global loads", true, Access::kBuffer},
    {"rgba8-fetch", "RGBA8", "tex1Dfetch (linear texture)", true, Access::kFetch},
    {"rgba8-point", "RGBA8", "tex2D point (pitch 2D)", true, Access::kPoint},
    {"rgba8-linear", "RGBA8", "tex2D bilinear (pitch 2D, normalized)", true, Access::kLinear},
    {"float4-buffer", "float4", "global loads", false, Access::kBuffer},
    {"float4-fetch", "float4", "tex1Dfetch (linear texture)", false, Access::kFetch},
    {"float4-point", "float4", "tex2D point (pitch 2D)", false, Access::kPoint},
    {"float4-linear", "float4", "tex2D bilinear (pitch 2D)", false, Access::kLinear},
};

// ---- the parent: runs each row as a child and prints the table ----

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string first;
  in >> first;
  return first.empty() ? "unknown" : first;
}

// The reason a child gave for failing: the virtual GPU's word if it named
// what is missing, else ROCr's queue error as HIP printed it, else the
// child's last line.
std::string failure_reason(const std::string& output, int status) {
  std::string emu, rocr, last;
  size_t pos = 0;
  while (pos < output.size()) {
    size_t end = output.find('\n', pos);
    if (end == std::string::npos) end = output.size();
    const std::string line = output.substr(pos, end - pos);
    pos = end + 1;
    if (line.empty()) continue;
    last = line;
    if (emu.empty() && line.find("not implemented by the virtual GPU") != std::string::npos)
      emu = line.substr(line.find("gcn-emu:") == std::string::npos ? 0 : line.find("gcn-emu:") + 9);
    const std::string marker = "aborting with error : ";
    if (rocr.empty() && line.find(marker) != std::string::npos)
      rocr = line.substr(line.find(marker) + marker.size());
  }
  std::string why = !emu.empty() ? emu : !rocr.empty() ? rocr : last;
  if (why.empty()) why = "exit status " + std::to_string(status);
  for (char& c : why)
    if (c == '|') c = '/';  // keep the table's columns
  return why;
}

int parent(const char* self) {
  std::printf(
      "Image sampling against global loads of the same %dx%d texels (Debian's HIP on our "
      "thunk, virtual gfx900), each work-item summing %d texels of a column; ratio against the "
      "same format's global loads; load average %s\n\n",
      kWidth, kHeight, kRows, load_average().c_str());
  std::printf("| format | access | Mtexels/s | ratio to global loads |\n");
  std::printf("|---|---|---|---|\n");
  std::fflush(stdout);
  double baseline = 0;
  int failures = 0;
  for (const Row& row : kRowsTable) {
    // The child's stdout and stderr together; a timeout so that a stuck
    // queue cannot stall `make bench`.
    const std::string command = std::string("timeout 300 '") + self + "' " + row.name + " 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) {
      std::fprintf(stderr, "image_sampling_bench: cannot run %s\n", self);
      return 1;
    }
    std::string output;
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof(buf), pipe)) > 0) output.append(buf, n);
    const int status = pclose(pipe);
    const size_t at = output.find("RESULT ");
    double rate = 0;
    if (status == 0 && at != std::string::npos)
      rate = std::strtod(output.c_str() + at + 7, nullptr);
    if (row.kind == Access::kBuffer) baseline = rate;
    if (rate > 0) {
      const std::string ratio =
          baseline > 0 ? std::to_string(rate / baseline).substr(0, 5) + "x" : "n/a";
      std::printf("| %s | %s | %.2f | %s |\n", row.format, row.access, rate / 1e6, ratio.c_str());
    } else {
      std::printf("| %s | %s | n/a (not supported: %s) | |\n", row.format, row.access,
                  failure_reason(output, status).c_str());
      // Global loads must always work: they are the baseline.
      if (row.kind == Access::kBuffer) ++failures;
    }
    std::fflush(stdout);
  }
  return failures ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    char self[4096];
    const ssize_t len = readlink("/proc/self/exe", self, sizeof(self) - 1);
    if (len <= 0) return 1;
    self[len] = '\0';
    return parent(self);
  }
  for (const Row& row : kRowsTable) {
    if (std::strcmp(argv[1], row.name) != 0) continue;
    return row.rgba8 ? run_row<uchar4>(row.kind) : run_row<float4>(row.kind);
  }
  std::fprintf(stderr, "image_sampling_bench: unknown row '%s'\n", argv[1]);
  return 2;
}
