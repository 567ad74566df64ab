// hipMemset, hipMemsetAsync, hipMemsetD8/D16/D32 (and their Async forms)
// at odd sizes and offsets and above 4 MiB, on device memory. The whole
// buffer is compared with a CPU model after each call, so a fill that
// stops short or runs past its end fails.
#include <cstdint>
#include <cstring>
#include <vector>

#include "hip_check.h"

namespace {

constexpr size_t kBuffer = (5u << 20) + 256;

struct Fill {
  size_t offset;  // bytes
  size_t count;   // elements
};

// Debian's HIP 5.2 (ROCclr's FillBufferInfo::PackInfo) splits a fill at
// the next 8-byte boundary without clamping the head to the fill's size: a
// fill of fewer than 8 bytes that starts unaligned and ends before that
// boundary (e.g. hipMemset(p + 1, v, 1)) becomes a fill of 2^61 qwords,
// a runaway kernel on any GPU (later ROCclr takes min(head, size)). The
// small unaligned fills here therefore end on or past the boundary.
constexpr Fill kFills[] = {{0, 1},   {7, 1},    {3, 5},         {5, 63},
                           {2, 257}, {7, 4099}, {4, 65536 + 3}, {64, (4u << 20) / 4 + 7}};

enum class Api { kMemset, kMemsetAsync, kD8, kD16, kD32, kD32Async };

struct ApiInfo {
  Api api;
  const char* name;
  size_t element;  // bytes per element
};

constexpr ApiInfo kApis[] = {
    {Api::kMemset, "hipMemset", 1}, {Api::kMemsetAsync, "hipMemsetAsync", 1},
    {Api::kD8, "hipMemsetD8", 1},   {Api::kD16, "hipMemsetD16", 2},
    {Api::kD32, "hipMemsetD32", 4}, {Api::kD32Async, "hipMemsetD32Async", 4},
};

void apply(const ApiInfo& a, uint8_t* p, uint32_t value, size_t count, hipStream_t stream) {
  const hipDeviceptr_t dp = p;
  switch (a.api) {
    case Api::kMemset:
      HIP_CHECK(hipMemset(p, static_cast<int>(value), count));
      break;
    case Api::kMemsetAsync:
      HIP_CHECK(hipMemsetAsync(p, static_cast<int>(value), count, stream));
      HIP_CHECK(hipStreamSynchronize(stream));
      break;
    case Api::kD8:
      HIP_CHECK(hipMemsetD8(dp, static_cast<unsigned char>(value), count));
      break;
    case Api::kD16:
      HIP_CHECK(hipMemsetD16(dp, static_cast<unsigned short>(value), count));
      break;
    case Api::kD32:
      HIP_CHECK(hipMemsetD32(dp, static_cast<int>(value), count));
      break;
    case Api::kD32Async:
      HIP_CHECK(hipMemsetD32Async(dp, static_cast<int>(value), count, stream));
      HIP_CHECK(hipStreamSynchronize(stream));
      break;
  }
}

void model_fill(std::vector<uint8_t>& m, size_t offset, uint32_t value, size_t count,
                size_t element) {
  for (size_t i = 0; i < count; ++i) {
    for (size_t b = 0; b < element; ++b) m[offset + i * element + b] = uint8_t(value >> (8 * b));
  }
}

}  // namespace

int main() {
  hipStream_t stream;
  HIP_CHECK(hipStreamCreate(&stream));
  uint8_t* d;
  HIP_CHECK(hipMalloc(&d, kBuffer));
  std::vector<uint8_t> model(kBuffer), got(kBuffer);
  for (size_t i = 0; i < kBuffer; ++i) model[i] = uint8_t(i * 7 + (i >> 8));
  HIP_CHECK(hipMemcpy(d, model.data(), kBuffer, hipMemcpyHostToDevice));

  uint32_t value = 0x1234567u;
  for (const ApiInfo& a : kApis) {
    for (const Fill& f : kFills) {
      // D16/D32 take element-aligned pointers; keep the odd offsets for the
      // byte APIs.
      const size_t offset = f.offset / a.element * a.element;
      value = value * 2654435761u + 0x9e3779b9u;
      apply(a, d + offset, value, f.count, stream);
      model_fill(model, offset, value, f.count, a.element);
      HIP_CHECK(hipMemcpy(got.data(), d, kBuffer, hipMemcpyDeviceToHost));
      if (std::memcmp(got.data(), model.data(), kBuffer) != 0) {
        size_t first = 0;
        while (got[first] == model[first]) ++first;
        EXPECT_TRUE(false, "%s(+%zu, %#x, %zu): first wrong byte at %zu: %#x, want %#x", a.name,
                    offset, value, f.count, first, got[first], model[first]);
      }
    }
  }
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipStreamDestroy(stream));
  return hip_report("memset");
}
