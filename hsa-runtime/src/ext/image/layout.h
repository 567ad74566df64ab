// Where an image's elements are in memory (layout.cpp). Both layouts are
// linear here: OPAQUE is the same as LINEAR with the pitches the runtime
// chooses, so an image's data can move with plain rectangle copies and the
// T# always says SW_MODE 0. Row pitches are whole multiples of 256 bytes
// (gfx9's linear pitch alignment: the T# counts the pitch in elements and
// the hardware needs 256-byte rows), slices are rows * pitch, and the data
// must be 256-byte aligned.
#pragma once

#include <hsa/hsa_ext_image.h>

#include <cstddef>
#include <cstdint>

namespace hsart::image {

constexpr size_t kLinearAlignment = 256;

struct Layout {
  size_t element_size = 0;
  size_t row_pitch = 0;    // bytes from one row to the next
  size_t slice_pitch = 0;  // bytes from one slice (3D) or layer to the next
  size_t size = 0;
  size_t alignment = kLinearAlignment;
};

// The layout of `d` with elements of `element_size` bytes; the pitches are
// the caller's (LINEAR with explicit pitches, 0 for "choose") and must be
// ones the hardware can address: HSA_EXT_STATUS_ERROR_IMAGE_PITCH_UNSUPPORTED
// otherwise. The dimensions are checked by the caller.
hsa_status_t layout_of(const hsa_ext_image_descriptor_t& d, size_t element_size, size_t row_pitch,
                       size_t slice_pitch, Layout* out);

}  // namespace hsart::image
