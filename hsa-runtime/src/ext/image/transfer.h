// Moving image data (transfer.cpp): every byte that goes into or out of an
// image's memory is moved by the GPU's SDMA engine
// (hsa_amd_memory_async_copy_rect), never by the CPU. The CPU touches only
// the caller's memory and a staging buffer of GPU-visible host memory.
#pragma once

#include <hsa/hsa_ext_image.h>

#include <cstddef>
#include <cstdint>

#include "ext/image/objects.h"

namespace hsart::image {

// The caller checked the region against the image and the pitches against
// the region. Each call waits until the copies are done.
hsa_status_t import_region(const ImageRecord& dst, const void* src, size_t row_pitch,
                           size_t slice_pitch, const hsa_ext_image_region_t& region);
hsa_status_t export_region(const ImageRecord& src, void* dst, size_t row_pitch, size_t slice_pitch,
                           const hsa_ext_image_region_t& region);
hsa_status_t copy_region(const ImageRecord& src, const hsa_dim3_t& src_offset,
                         const ImageRecord& dst, const hsa_dim3_t& dst_offset,
                         const hsa_dim3_t& range);
// Copies between an SRGBA and an RGBA image (UNORM_INT8), converting r, g,
// b between sRGB and linear as ROCr's converting copy does: the region
// comes out to host memory, is converted there, and goes into `dst`.
hsa_status_t copy_srgb_region(const ImageRecord& src, const hsa_dim3_t& src_offset,
                              const ImageRecord& dst, const hsa_dim3_t& dst_offset,
                              const hsa_dim3_t& range);
// Fills the region with copies of one element's bytes.
hsa_status_t fill_region(const ImageRecord& dst, const uint8_t* element,
                         const hsa_ext_image_region_t& region);

}  // namespace hsart::image
