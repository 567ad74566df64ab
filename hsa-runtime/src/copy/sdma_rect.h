// hsa_amd_memory_async_copy_rect's bytes as SDMA v4 packets: COPY LINEAR
// SUB-WINDOW tiles of one-byte elements within the packet's limits (rows of
// up to 16 Ki bytes, 16 Ki rows, 2 Ki slices per tile), or, for a pitch or
// slice wider than the packet can name, one COPY_LINEAR per row.
#pragma once

#include <cstdint>

#include "copy/sdma_ring.h"

namespace hsart {

// One side of the copy: the address of the first byte copied (offsets
// already applied), and its row and slice pitches in bytes.
struct RectSurface {
  uint64_t base = 0;
  uint64_t pitch = 0;
  uint64_t slice = 0;
};

// Bytes per row, rows per slice, slices; each > 0.
struct RectRange {
  uint64_t x = 0, y = 0, z = 0;
};

void sdma_rect_packets(SdmaRing::Writer& w, const RectSurface& dst, const RectSurface& src,
                       const RectRange& range);

}  // namespace hsart
