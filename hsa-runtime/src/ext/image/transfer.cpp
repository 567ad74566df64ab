// Image data through SDMA (transfer.h). A staging buffer of GPU-visible
// host memory stands between the caller's memory and the image: the
// caller's memory may be any host memory, with any pitch, which the copy
// engine cannot reach or name (rectangle copies want GPU-mapped memory and
// dword pitches); staging rows are packed to a dword pitch. All copies of a
// call share one completion signal that starts at their count: each copy
// decrements it when done.
#include "ext/image/transfer.h"

#include <hsa/hsa_ext_amd.h>

#include <algorithm>
#include <cstring>
#include <utility>
#include <vector>

#include "ext/image/texel.h"
#include "memory/gpu_visible_memory.h"

namespace hsart::image {
namespace {

size_t align4(size_t v) { return (v + 3) & ~size_t{3}; }

// GPU-visible host memory for one call, freed on scope exit.
class Staging {
 public:
  explicit Staging(size_t bytes) : bytes_(bytes ? bytes : 1) {
    p_ = static_cast<uint8_t*>(alloc_gpu_visible(bytes_));
  }
  ~Staging() {
    if (p_) free_gpu_visible(p_, bytes_);
  }
  Staging(const Staging&) = delete;
  Staging& operator=(const Staging&) = delete;
  uint8_t* get() const { return p_; }

 private:
  size_t bytes_;
  uint8_t* p_ = nullptr;
};

struct Rect {
  hsa_pitched_ptr_t surface;
  hsa_dim3_t offset;
};

// A region's coordinates in the image's memory: a 1DA image's layers
// (region y) are its slices, one row each.
hsa_dim3_t in_memory(const ImageRecord& im, hsa_dim3_t v) {
  if (im.desc.geometry == HSA_EXT_IMAGE_GEOMETRY_1DA) std::swap(v.y, v.z);
  return v;
}

// The image's rectangle at a region offset: x in bytes.
Rect image_rect(const ImageRecord& im, const hsa_dim3_t& region_offset) {
  const Layout& l = im.layout;
  const hsa_dim3_t o = in_memory(im, region_offset);
  return {{im.data, l.row_pitch, l.slice_pitch},
          {static_cast<uint32_t>(o.x * l.element_size), o.y, o.z}};
}

// Rows of staging memory, packed at `pitch`, as the other side of a copy
// whose range (in the image's memory) is `range`.
Rect staging_rect(uint8_t* p, size_t pitch, const hsa_dim3_t& range) {
  return {{p, pitch, pitch * range.y}, {0, 0, 0}};
}

struct Copy {
  Rect dst, src;
  hsa_dim3_t range;  // x in bytes
};

// Runs the copies on the agent's SDMA engine and waits for all of them.
hsa_status_t run(hsa_agent_t agent, hsa_amd_copy_direction_t dir, const std::vector<Copy>& copies) {
  if (copies.empty()) return HSA_STATUS_SUCCESS;
  hsa_signal_t done{};
  hsa_status_t s =
      hsa_signal_create(static_cast<hsa_signal_value_t>(copies.size()), 0, nullptr, &done);
  if (s != HSA_STATUS_SUCCESS) return s;
  size_t issued = 0;
  for (const Copy& c : copies) {
    s = hsa_amd_memory_async_copy_rect(&c.dst.surface, &c.dst.offset, &c.src.surface, &c.src.offset,
                                       &c.range, agent, dir, 0, nullptr, done);
    if (s != HSA_STATUS_SUCCESS) break;
    ++issued;
  }
  // Copies not issued will never decrement: take their share off.
  if (issued < copies.size())
    hsa_signal_subtract_screlease(done, static_cast<hsa_signal_value_t>(copies.size() - issued));
  while (hsa_signal_wait_scacquire(done, HSA_SIGNAL_CONDITION_EQ, 0, UINT64_MAX,
                                   HSA_WAIT_STATE_BLOCKED) != 0) {
  }
  hsa_signal_destroy(done);
  return s;
}

// The region as bytes: row bytes, rows, slices.
struct Extent {
  size_t row_bytes, rows, slices;
};

Extent extent_of(const ImageRecord& im, const hsa_dim3_t& range) {
  return {range.x * im.layout.element_size, range.y, range.z};
}

hsa_dim3_t dim(size_t x, size_t y, size_t z) {
  return {static_cast<uint32_t>(x), static_cast<uint32_t>(y), static_cast<uint32_t>(z)};
}

}  // namespace

hsa_status_t import_region(const ImageRecord& dst, const void* src, size_t row_pitch,
                           size_t slice_pitch, const hsa_ext_image_region_t& region) {
  const Extent e = extent_of(dst, region.range);
  if (e.row_bytes == 0 || e.rows == 0 || e.slices == 0) return HSA_STATUS_SUCCESS;
  const size_t pitch = align4(e.row_bytes);
  Staging staging(pitch * e.rows * e.slices);
  if (!staging.get()) return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  const auto* in = static_cast<const uint8_t*>(src);
  for (size_t z = 0; z < e.slices; ++z)
    for (size_t y = 0; y < e.rows; ++y)
      std::memcpy(staging.get() + (z * e.rows + y) * pitch, in + z * slice_pitch + y * row_pitch,
                  e.row_bytes);
  const hsa_dim3_t range = in_memory(dst, dim(e.row_bytes, e.rows, e.slices));
  const Copy c{image_rect(dst, region.offset), staging_rect(staging.get(), pitch, range), range};
  return run(dst.agent, hsaHostToDevice, {c});
}

hsa_status_t export_region(const ImageRecord& src, void* dst, size_t row_pitch, size_t slice_pitch,
                           const hsa_ext_image_region_t& region) {
  const Extent e = extent_of(src, region.range);
  if (e.row_bytes == 0 || e.rows == 0 || e.slices == 0) return HSA_STATUS_SUCCESS;
  const size_t pitch = align4(e.row_bytes);
  Staging staging(pitch * e.rows * e.slices);
  if (!staging.get()) return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  const hsa_dim3_t range = in_memory(src, dim(e.row_bytes, e.rows, e.slices));
  const Copy c{staging_rect(staging.get(), pitch, range), image_rect(src, region.offset), range};
  const hsa_status_t s = run(src.agent, hsaDeviceToHost, {c});
  if (s != HSA_STATUS_SUCCESS) return s;
  auto* out = static_cast<uint8_t*>(dst);
  for (size_t z = 0; z < e.slices; ++z)
    for (size_t y = 0; y < e.rows; ++y)
      std::memcpy(out + z * slice_pitch + y * row_pitch, staging.get() + (z * e.rows + y) * pitch,
                  e.row_bytes);
  return HSA_STATUS_SUCCESS;
}

hsa_status_t copy_region(const ImageRecord& src, const hsa_dim3_t& src_offset,
                         const ImageRecord& dst, const hsa_dim3_t& dst_offset,
                         const hsa_dim3_t& range) {
  const Extent e = extent_of(src, range);
  if (e.row_bytes == 0 || e.rows == 0 || e.slices == 0) return HSA_STATUS_SUCCESS;
  const hsa_dim3_t bytes = dim(e.row_bytes, e.rows, e.slices);
  const hsa_dim3_t src_range = in_memory(src, bytes), dst_range = in_memory(dst, bytes);
  if (src_range.y == dst_range.y && src_range.z == dst_range.z)
    return run(dst.agent, hsaDeviceToDevice,
               {{image_rect(dst, dst_offset), image_rect(src, src_offset), src_range}});
  // A 1DA image on one side only: the rows go one by one.
  std::vector<Copy> copies;
  for (uint32_t z = 0; z < range.z; ++z) {
    for (uint32_t y = 0; y < range.y; ++y) {
      const hsa_dim3_t s_at{src_offset.x, src_offset.y + y, src_offset.z + z};
      const hsa_dim3_t d_at{dst_offset.x, dst_offset.y + y, dst_offset.z + z};
      copies.push_back({image_rect(dst, d_at), image_rect(src, s_at), dim(e.row_bytes, 1, 1)});
    }
  }
  return run(dst.agent, hsaDeviceToDevice, copies);
}

hsa_status_t copy_srgb_region(const ImageRecord& src, const hsa_dim3_t& src_offset,
                              const ImageRecord& dst, const hsa_dim3_t& dst_offset,
                              const hsa_dim3_t& range) {
  const size_t texels = size_t{range.x} * range.y * range.z;
  if (texels == 0) return HSA_STATUS_SUCCESS;
  std::vector<uint8_t> host(texels * 4);
  const size_t row_pitch = size_t{range.x} * 4, slice_pitch = row_pitch * range.y;
  hsa_status_t s = export_region(src, host.data(), row_pitch, slice_pitch, {src_offset, range});
  if (s != HSA_STATUS_SUCCESS) return s;
  const bool to_linear = src.desc.format.channel_order == HSA_EXT_IMAGE_CHANNEL_ORDER_SRGBA;
  // The 256 possible bytes each way; a stays linear.
  uint8_t table[256];
  for (unsigned v = 0; v < 256; ++v) {
    const float f = static_cast<float>(v) / 255.0f;
    table[v] = static_cast<uint8_t>(to_linear ? unorm_of(srgb_to_linear(f), 8) : srgb_of(f));
  }
  for (size_t t = 0; t < texels; ++t)
    for (size_t c = 0; c < 3; ++c) host[t * 4 + c] = table[host[t * 4 + c]];
  return import_region(dst, host.data(), row_pitch, slice_pitch, {dst_offset, range});
}

hsa_status_t fill_region(const ImageRecord& dst, const uint8_t* element,
                         const hsa_ext_image_region_t& region) {
  const Extent e = extent_of(dst, region.range);
  if (e.row_bytes == 0 || e.rows == 0 || e.slices == 0) return HSA_STATUS_SUCCESS;
  // One block of rows of the colour, copied over the region block by block
  // and slice by slice; about 1 MiB of staging at most.
  const size_t pitch = align4(e.row_bytes);
  const size_t block_rows = std::min(e.rows, std::max<size_t>(1, (size_t{1} << 20) / pitch));
  Staging staging(pitch * block_rows);
  if (!staging.get()) return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  const size_t element_size = dst.layout.element_size;
  for (size_t y = 0; y < block_rows; ++y)
    for (size_t x = 0; x < region.range.x; ++x)
      std::memcpy(staging.get() + y * pitch + x * element_size, element, element_size);
  std::vector<Copy> copies;
  for (size_t z = 0; z < e.slices; ++z) {
    for (size_t y = 0; y < e.rows; y += block_rows) {
      const size_t rows = std::min(block_rows, e.rows - y);
      const hsa_dim3_t at = dim(region.offset.x, region.offset.y + y, region.offset.z + z);
      const hsa_dim3_t range = in_memory(dst, dim(e.row_bytes, rows, 1));
      copies.push_back({image_rect(dst, at), staging_rect(staging.get(), pitch, range), range});
    }
  }
  return run(dst.agent, hsaHostToDevice, copies);
}

}  // namespace hsart::image
