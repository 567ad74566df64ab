// Rectangle copies as SDMA packets (copy/sdma_rect.h). Offsets are folded
// into the base addresses, so only the rectangle's size and the pitches
// meet the packet's field widths.
#include "copy/sdma_rect.h"

#include <algorithm>

#include "sdma_packets.h"

namespace hsart {
namespace {

uint32_t lo(uint64_t v) { return static_cast<uint32_t>(v); }
uint32_t hi(uint64_t v) { return static_cast<uint32_t>(v >> 32); }

// The largest value a field of `bits` bits holding "value - 1" names.
constexpr uint64_t limit(unsigned bits) { return uint64_t{1} << bits; }

constexpr uint64_t kMaxRow = limit(14);         // RECT_X
constexpr uint64_t kMaxRows = limit(14);        // RECT_Y
constexpr uint64_t kMaxSlices = limit(11);      // RECT_Z
constexpr uint64_t kMaxPitch = limit(19);       // PITCH
constexpr uint64_t kMaxSlicePitch = limit(28);  // SLICE_PITCH

// A tile with one-byte elements at offset (0, 0, 0) of both surfaces.
void sub_window(SdmaRing::Writer& w, const RectSurface& dst, const RectSurface& src,
                const RectRange& r) {
  fw_sdma_copy_sub_window p{};
  p.header = FW_SDMA_HEADER(FW_SDMA_OP_COPY, FW_SDMA_SUBOP_COPY_LINEAR_SUB_WINDOW) |
             FW_FIELD_PREP(FW_SDMA_SUB_WINDOW_HEADER_ELEMENTSIZE, 0);
  p.src_lo = lo(src.base);
  p.src_hi = hi(src.base);
  p.src_z_pitch = FW_FIELD_PREP(FW_SDMA_SUB_WINDOW_PITCH, src.pitch - 1);
  p.src_slice_pitch = FW_FIELD_PREP(FW_SDMA_SUB_WINDOW_SLICE_PITCH, src.slice - 1);
  p.dst_lo = lo(dst.base);
  p.dst_hi = hi(dst.base);
  p.dst_z_pitch = FW_FIELD_PREP(FW_SDMA_SUB_WINDOW_PITCH, dst.pitch - 1);
  p.dst_slice_pitch = FW_FIELD_PREP(FW_SDMA_SUB_WINDOW_SLICE_PITCH, dst.slice - 1);
  p.rect_xy = FW_FIELD_PREP(FW_SDMA_SUB_WINDOW_RECT_X, r.x - 1) |
              FW_FIELD_PREP(FW_SDMA_SUB_WINDOW_RECT_Y, r.y - 1);
  p.rect_z = FW_FIELD_PREP(FW_SDMA_SUB_WINDOW_RECT_Z, r.z - 1);
  w.put(&p, sizeof p);
}

void copy_linear(SdmaRing::Writer& w, uint64_t dst, uint64_t src, uint64_t bytes) {
  for (uint64_t done = 0; done < bytes;) {
    const uint64_t n = std::min<uint64_t>(bytes - done, FW_SDMA_COPY_LINEAR_MAX_BYTES);
    fw_sdma_copy_linear p{};
    p.header = FW_SDMA_HEADER(FW_SDMA_OP_COPY, FW_SDMA_SUBOP_COPY_LINEAR);
    p.count = FW_FIELD_PREP(FW_SDMA_COPY_LINEAR_COUNT, n - 1);
    p.src_lo = lo(src + done);
    p.src_hi = hi(src + done);
    p.dst_lo = lo(dst + done);
    p.dst_hi = hi(dst + done);
    w.put(&p, sizeof p);
    done += n;
  }
}

RectSurface at(const RectSurface& s, uint64_t x, uint64_t y, uint64_t z) {
  return {s.base + z * s.slice + y * s.pitch + x, s.pitch, s.slice};
}

}  // namespace

void sdma_rect_packets(SdmaRing::Writer& w, const RectSurface& dst, const RectSurface& src,
                       const RectRange& r) {
  // A single slice needs no slice pitch: the row pitch stands in for it.
  RectSurface d = dst, s = src;
  if (r.z == 1) d.slice = d.pitch, s.slice = s.pitch;
  const bool fits = d.pitch >= 1 && s.pitch >= 1 && d.pitch <= kMaxPitch && s.pitch <= kMaxPitch &&
                    d.slice >= 1 && s.slice >= 1 && d.slice <= kMaxSlicePitch &&
                    s.slice <= kMaxSlicePitch;
  if (!fits) {
    for (uint64_t z = 0; z < r.z; ++z)
      for (uint64_t y = 0; y < r.y; ++y)
        copy_linear(w, at(dst, 0, y, z).base, at(src, 0, y, z).base, r.x);
    return;
  }
  for (uint64_t z = 0; z < r.z; z += kMaxSlices)
    for (uint64_t y = 0; y < r.y; y += kMaxRows)
      for (uint64_t x = 0; x < r.x; x += kMaxRow) {
        const RectRange tile{std::min(r.x - x, kMaxRow), std::min(r.y - y, kMaxRows),
                             std::min(r.z - z, kMaxSlices)};
        sub_window(w, at(d, x, y, z), at(s, x, y, z), tile);
      }
}

}  // namespace hsart
