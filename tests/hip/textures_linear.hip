// Texture objects on linear device memory (hipResourceTypeLinear): HIP
// makes a 1D buffer image (a V# with a data format) and tex1Dfetch reads
// one element per call through the buffer unit's format conversion
// (buffer_load_format_xyzw with IDXEN). Three element types (float, int4,
// uchar4), element reads and uchar4 read as normalized floats (x / 255),
// each compared with the CPU, and reads past the V#'s range, which must
// give zeros.
//
// Parts (the first argument; none runs both): "elements" (float, int4,
// uchar4 as stored), "normalized" (uchar4 as x / 255).
//
// The range: ROCr 5.2 writes NUM_RECORDS as the buffer's size in bytes
// (width * element size, e.g. 4000 for 1000 uchar4) with STRIDE the
// element size, but gfx9 bounds an IDXEN access by the record index
// (index >= NUM_RECORDS), so on gfx9 indices from width up to
// width * element size - 1 are not range checked and read whatever memory
// follows the buffer, on the hardware as on the virtual GPU. Only indices
// at or past NUM_RECORDS are checked for zeros here.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "hip_check.h"

namespace {

// Odd element count: the last wave is partial.
constexpr int kElements = 1000;
// Reads at and past NUM_RECORDS (see above): the range check, never memory.
constexpr int kPastEnd = 24;
constexpr int kReads = kElements + kPastEnd;

// The index that the kernel's read `i` fetches: the first kElements reads
// are the elements, the others start at the V#'s NUM_RECORDS.
template <typename T>
__host__ __device__ int fetch_index(int i) {
  return i < kElements ? i : kElements * int(sizeof(T)) + (i - kElements);
}

// E is the texture's element type (its size sets NUM_RECORDS), T what the
// fetch returns.
template <typename T, typename E = T>
__global__ void fetch(hipTextureObject_t tex, T* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<T>(tex, fetch_index<E>(i));
}

hipTextureObject_t linear_texture(const void* device, size_t bytes, hipTextureReadMode mode,
                                  hipChannelFormatDesc desc) {
  hipResourceDesc res;
  std::memset(&res, 0, sizeof(res));
  res.resType = hipResourceTypeLinear;
  res.res.linear.devPtr = const_cast<void*>(device);
  res.res.linear.desc = desc;
  res.res.linear.sizeInBytes = bytes;
  hipTextureDesc tex;
  std::memset(&tex, 0, sizeof(tex));
  tex.readMode = mode;
  hipTextureObject_t object = 0;
  HIP_CHECK(hipCreateTextureObject(&object, &res, &tex, nullptr));
  return object;
}

// Fetches the kReads indices of fetch_index into a vector through a kernel.
template <typename T, typename E = T>
std::vector<T> fetch_all(hipTextureObject_t tex) {
  T* d = nullptr;
  HIP_CHECK(hipMalloc(&d, kReads * sizeof(T)));
  // A pattern no fetch returns: every element must be written.
  HIP_CHECK(hipMemset(d, 0x5a, kReads * sizeof(T)));
  hipLaunchKernelGGL((fetch<T, E>), dim3((kReads + 127) / 128), dim3(128), 0, 0, tex, d, kReads);
  HIP_CHECK_LAUNCH();
  std::vector<T> out(kReads);
  HIP_CHECK(hipMemcpy(out.data(), d, kReads * sizeof(T), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(d));
  return out;
}

template <typename T>
T* upload(const std::vector<T>& host) {
  T* d = nullptr;
  HIP_CHECK(hipMalloc(&d, host.size() * sizeof(T)));
  HIP_CHECK(hipMemcpy(d, host.data(), host.size() * sizeof(T), hipMemcpyHostToDevice));
  return d;
}

void check_float() {
  std::vector<float> host(kElements);
  for (int i = 0; i < kElements; ++i) host[i] = (i % 2 ? -1.0f : 1.0f) * (i * 0.37f + 1.0f / 3);
  float* d = upload(host);
  const hipTextureObject_t tex = linear_texture(
      d, kElements * sizeof(float), hipReadModeElementType, hipCreateChannelDesc<float>());
  const std::vector<float> got = fetch_all<float>(tex);
  for (int i = 0; i < kReads; ++i) {
    const float want = i < kElements ? host[i] : 0.0f;
    // Bit for bit: an element read converts nothing.
    EXPECT_TRUE(std::memcmp(&got[i], &want, sizeof(float)) == 0, "float[%d]: %.9g, CPU %.9g",
                fetch_index<float>(i), double(got[i]), double(want));
  }
  HIP_CHECK(hipDestroyTextureObject(tex));
  HIP_CHECK(hipFree(d));
}

void check_int4() {
  std::vector<int4> host(kElements);
  for (int i = 0; i < kElements; ++i) {
    // Negative values and the extremes: a signed 32-bit format, no clamp.
    host[i] = make_int4(i, -i * 7919, int(0x7fffffff) - i, int(0x80000000u + unsigned(i) * 3));
  }
  int4* d = upload(host);
  const hipTextureObject_t tex = linear_texture(d, kElements * sizeof(int4), hipReadModeElementType,
                                                hipCreateChannelDesc<int4>());
  const std::vector<int4> got = fetch_all<int4>(tex);
  for (int i = 0; i < kReads; ++i) {
    const int4 want = i < kElements ? host[i] : make_int4(0, 0, 0, 0);
    EXPECT_TRUE(
        got[i].x == want.x && got[i].y == want.y && got[i].z == want.z && got[i].w == want.w,
        "int4[%d]: (%d,%d,%d,%d), CPU (%d,%d,%d,%d)", fetch_index<int4>(i), got[i].x, got[i].y,
        got[i].z, got[i].w, want.x, want.y, want.z, want.w);
  }
  HIP_CHECK(hipDestroyTextureObject(tex));
  HIP_CHECK(hipFree(d));
}

// uchar4's channel descriptor, unsigned. Debian's HIP 5.2 header
// (amd_channel_descriptor.h) makes hipCreateChannelDesc<uchar4>() signed
// (hipChannelFormatKindSigned), so HIP would ask ROCr for SIGNED_INT8
// channels (SNORM_INT8 when normalized) and a normalized read of 200 would
// give -56/127, not 200/255.
hipChannelFormatDesc uchar4_desc() {
  return hipCreateChannelDesc(8, 8, 8, 8, hipChannelFormatKindUnsigned);
}

std::vector<uchar4> uchar4_values() {
  std::vector<uchar4> host(kElements);
  for (int i = 0; i < kElements; ++i) {
    // 0 and 255 included; the channels differ so a swapped one shows.
    host[i] = make_uchar4(i & 255, (i * 7 + 3) & 255, 255 - (i & 255), (i >> 2) & 255);
  }
  return host;
}

void check_uchar4() {
  const std::vector<uchar4> host = uchar4_values();
  uchar4* d = upload(host);
  const hipTextureObject_t elements =
      linear_texture(d, kElements * sizeof(uchar4), hipReadModeElementType, uchar4_desc());
  const std::vector<uchar4> got = fetch_all<uchar4>(elements);
  for (int i = 0; i < kReads; ++i) {
    const uchar4 want = i < kElements ? host[i] : make_uchar4(0, 0, 0, 0);
    EXPECT_TRUE(
        got[i].x == want.x && got[i].y == want.y && got[i].z == want.z && got[i].w == want.w,
        "uchar4[%d]: (%u,%u,%u,%u), CPU (%u,%u,%u,%u)", fetch_index<uchar4>(i), got[i].x, got[i].y,
        got[i].z, got[i].w, want.x, want.y, want.z, want.w);
  }
  // The same fetches as 32-bit lanes: the format conversion zero-extends
  // unsigned channels (a signed descriptor would sign-extend 128..255).
  const std::vector<uint4> wide = fetch_all<uint4, uchar4>(elements);
  for (int i = 0; i < kReads; ++i) {
    const uchar4 want = i < kElements ? host[i] : make_uchar4(0, 0, 0, 0);
    EXPECT_TRUE(
        wide[i].x == want.x && wide[i].y == want.y && wide[i].z == want.z && wide[i].w == want.w,
        "uchar4[%d] as uint4: (%#x,%#x,%#x,%#x), CPU (%#x,%#x,%#x,%#x)", fetch_index<uchar4>(i),
        wide[i].x, wide[i].y, wide[i].z, wide[i].w, want.x, want.y, want.z, want.w);
  }
  HIP_CHECK(hipDestroyTextureObject(elements));
  HIP_CHECK(hipFree(d));
}

// The same bytes read as UNORM8: each channel becomes x / 255.
void check_uchar4_normalized() {
  const std::vector<uchar4> host = uchar4_values();
  uchar4* d = upload(host);
  const hipTextureObject_t normalized =
      linear_texture(d, kElements * sizeof(uchar4), hipReadModeNormalizedFloat, uchar4_desc());
  const std::vector<float4> unorm = fetch_all<float4, uchar4>(normalized);
  for (int i = 0; i < kReads; ++i) {
    const uchar4 h = i < kElements ? host[i] : make_uchar4(0, 0, 0, 0);
    const float want[4] = {h.x / 255.0f, h.y / 255.0f, h.z / 255.0f, h.w / 255.0f};
    const float g[4] = {unorm[i].x, unorm[i].y, unorm[i].z, unorm[i].w};
    for (int c = 0; c < 4; ++c) {
      // The conversion is exact to the float nearest x / 255 (D3D's and
      // Vulkan's UNORM rule allows no more than that).
      EXPECT_TRUE(g[c] == want[c], "unorm uchar4[%d].%c: %.9g, CPU %.9g", fetch_index<uchar4>(i),
                  "xyzw"[c], double(g[c]), double(want[c]));
    }
  }
  HIP_CHECK(hipDestroyTextureObject(normalized));
  HIP_CHECK(hipFree(d));
}

}  // namespace

int main(int argc, char** argv) {
  const std::string part = argc > 1 ? argv[1] : "";
  if (!part.empty() && part != "elements" && part != "normalized") {
    std::fprintf(stderr, "textures_linear: unknown part '%s' (elements, normalized)\n",
                 part.c_str());
    return 2;
  }
  if (part.empty() || part == "elements") {
    check_float();
    check_int4();
    check_uchar4();
  }
  if (part.empty() || part == "normalized") check_uchar4_normalized();
  return hip_report("textures_linear");
}
