// hipMemcpy and hipMemcpyAsync in every direction (H2D, D2H, D2D, H2H and
// hipMemcpyDefault between each pair), from pageable and pinned host
// memory, at odd sizes and odd offsets, and above 4 MiB. Every copy's
// destination is compared byte for byte with a CPU model of the buffers,
// including the bytes just outside the copied range. Copies within one
// mode land on earlier copies' results, so each builds on the last.
#include <cstdint>
#include <cstring>
#include <vector>

#include "hip_check.h"

namespace {

constexpr size_t kBuffer = (5u << 20) + 4096;  // room for > 4 MiB copies at an offset

struct Copy {
  size_t size;
  size_t src_offset;
  size_t dst_offset;
};

// Odd sizes and offsets cross the 4-byte and 4 KiB boundaries copy engines
// and blit kernels split at; the last two are above 4 MiB.
constexpr Copy kCopies[] = {
    {1, 0, 0},
    {1, 3, 1},
    {3, 1, 2},
    {7, 5, 3},
    {64, 0, 4},
    {255, 1, 0},
    {4097, 3, 7},
    {65536 + 13, 4095, 1},
    {(4u << 20) + 5, 1, 2},
    {5u << 20, 4096, 0},
};

enum class Place { kPageable, kPinned, kDevice };

struct Buffer {
  Place place;
  uint8_t* ptr;
  std::vector<uint8_t> model;  // what the buffer must hold
};

uint8_t pattern(uint32_t seed, size_t i) {
  return static_cast<uint8_t>((i * 131 + seed * 17 + (i >> 9)) ^ seed);
}

void fill(Buffer& b, uint32_t seed) {
  for (size_t i = 0; i < kBuffer; ++i) b.model[i] = pattern(seed, i);
  if (b.place == Place::kDevice) {
    HIP_CHECK(hipMemcpy(b.ptr, b.model.data(), kBuffer, hipMemcpyHostToDevice));
  } else {
    std::memcpy(b.ptr, b.model.data(), kBuffer);
  }
}

// Compares a window of a buffer with its model: the copied range and a
// guard on each side (bytes a copy must not touch). Device contents come
// back through a plain D2H copy of the window.
void verify(const Buffer& b, size_t begin, size_t end, const char* what, const Copy& c) {
  constexpr size_t kGuard = 4096;
  begin = begin > kGuard ? begin - kGuard : 0;
  end = end + kGuard < kBuffer ? end + kGuard : kBuffer;
  std::vector<uint8_t> got(end - begin);
  if (b.place == Place::kDevice) {
    HIP_CHECK(hipMemcpy(got.data(), b.ptr + begin, got.size(), hipMemcpyDeviceToHost));
  } else {
    std::memcpy(got.data(), b.ptr + begin, got.size());
  }
  const uint8_t* want = b.model.data() + begin;
  if (std::memcmp(got.data(), want, got.size()) == 0) return;
  size_t first = 0;
  while (got[first] == want[first]) ++first;
  EXPECT_TRUE(false, "%s size %zu src+%zu dst+%zu: first wrong byte at %zu: %#x, want %#x", what,
              c.size, c.src_offset, c.dst_offset, begin + first, got[first], want[first]);
}

Buffer make(Place place) {
  Buffer b{place, nullptr, std::vector<uint8_t>(kBuffer)};
  switch (place) {
    case Place::kPageable:
      b.ptr = static_cast<uint8_t*>(std::malloc(kBuffer));
      if (b.ptr == nullptr) hip_check_status(hipErrorOutOfMemory, "malloc", __FILE__, __LINE__);
      break;
    case Place::kPinned:
      HIP_CHECK(hipHostMalloc(reinterpret_cast<void**>(&b.ptr), kBuffer, hipHostMallocDefault));
      break;
    case Place::kDevice:
      HIP_CHECK(hipMalloc(reinterpret_cast<void**>(&b.ptr), kBuffer));
      break;
  }
  return b;
}

void release(Buffer& b) {
  switch (b.place) {
    case Place::kPageable:
      std::free(b.ptr);
      break;
    case Place::kPinned:
      HIP_CHECK(hipHostFree(b.ptr));
      break;
    case Place::kDevice:
      HIP_CHECK(hipFree(b.ptr));
      break;
  }
}

hipMemcpyKind kind_of(Place src, Place dst) {
  const bool src_dev = src == Place::kDevice, dst_dev = dst == Place::kDevice;
  if (src_dev && dst_dev) return hipMemcpyDeviceToDevice;
  if (src_dev) return hipMemcpyDeviceToHost;
  if (dst_dev) return hipMemcpyHostToDevice;
  return hipMemcpyHostToHost;
}

const char* kPlaceName[] = {"pageable", "pinned", "device"};

void run_pair(Buffer& src, Buffer& dst, hipStream_t stream, uint32_t& seed) {
  for (int mode = 0; mode < 4; ++mode) {
    const bool async = mode & 1;
    const bool by_default = mode & 2;
    const hipMemcpyKind kind = by_default ? hipMemcpyDefault : kind_of(src.place, dst.place);
    char what[96];
    std::snprintf(what, sizeof what, "%s %s -> %s%s", async ? "hipMemcpyAsync" : "hipMemcpy",
                  kPlaceName[int(src.place)], kPlaceName[int(dst.place)],
                  by_default ? " (hipMemcpyDefault)" : "");
    fill(src, ++seed);
    fill(dst, ++seed);
    for (const Copy& c : kCopies) {
      uint8_t* s = src.ptr + c.src_offset;
      uint8_t* d = dst.ptr + c.dst_offset;
      if (async) {
        HIP_CHECK(hipMemcpyAsync(d, s, c.size, kind, stream));
        HIP_CHECK(hipStreamSynchronize(stream));
      } else {
        HIP_CHECK(hipMemcpy(d, s, c.size, kind));
      }
      std::memcpy(dst.model.data() + c.dst_offset, src.model.data() + c.src_offset, c.size);
      verify(dst, c.dst_offset, c.dst_offset + c.size, what, c);
      verify(src, c.src_offset, c.src_offset + c.size, what, c);  // the source is untouched
    }
  }
}

}  // namespace

int main() {
  hipStream_t stream;
  HIP_CHECK(hipStreamCreate(&stream));
  Buffer pageable = make(Place::kPageable), pinned = make(Place::kPinned);
  Buffer dev_a = make(Place::kDevice), dev_b = make(Place::kDevice);
  uint32_t seed = 0;
  // Every ordered pair of places, and device to another device buffer.
  run_pair(pageable, dev_a, stream, seed);
  run_pair(pinned, dev_a, stream, seed);
  run_pair(dev_a, pageable, stream, seed);
  run_pair(dev_a, pinned, stream, seed);
  run_pair(dev_a, dev_b, stream, seed);
  run_pair(pageable, pinned, stream, seed);
  run_pair(pinned, pageable, stream, seed);
  // Within one device buffer, non-overlapping halves.
  fill(dev_a, ++seed);
  for (const Copy& c : kCopies) {
    if (c.size > kBuffer / 2 - 8) continue;
    const Copy within{c.size, c.src_offset, kBuffer / 2 + c.dst_offset};
    HIP_CHECK(hipMemcpy(dev_a.ptr + within.dst_offset, dev_a.ptr + within.src_offset, c.size,
                        hipMemcpyDeviceToDevice));
    std::memcpy(dev_a.model.data() + within.dst_offset, dev_a.model.data() + within.src_offset,
                c.size);
    verify(dev_a, within.dst_offset, within.dst_offset + c.size,
           "hipMemcpy device -> same device buffer", within);
  }
  for (Buffer* b : {&pageable, &pinned, &dev_a, &dev_b}) release(*b);
  HIP_CHECK(hipStreamDestroy(stream));
  return hip_report("memcpy_directions");
}
