// Linear image layouts (layout.h), as ROCr's address library lays out a
// gfx9 linear surface: a row pitch that is the width rounded up to 256
// bytes, a slice that is rows * pitch, every slice after the other. A
// caller's pitch is accepted only when it is what the hardware can name
// (a multiple of 256 bytes, at least one row, at most the T#'s 16-bit
// PITCH) and a caller's slice pitch only when it is rows * row pitch, since
// a linear T# has no slice pitch of its own. 1DB images are buffers: their
// pitches are not checked (as ROCr) and their size is the elements rounded
// up to 256 bytes.
#include "ext/image/layout.h"

#include "ext/image/formats.h"

namespace hsart::image {
namespace {

size_t align_up(size_t v, size_t a) { return (v + a - 1) / a * a; }

constexpr size_t kMaxPitchElements = size_t{1} << 16;

hsa_status_t pitch_unsupported() {
  return static_cast<hsa_status_t>(HSA_EXT_STATUS_ERROR_IMAGE_PITCH_UNSUPPORTED);
}

}  // namespace

hsa_status_t layout_of(const hsa_ext_image_descriptor_t& d, size_t element_size, size_t row_pitch,
                       size_t slice_pitch, Layout* out) {
  Layout l;
  l.element_size = element_size;
  const size_t row_bytes = d.width * element_size;
  if (d.geometry == HSA_EXT_IMAGE_GEOMETRY_1DB) {
    // One row; its pitch is the whole size, so that copies of it have the
    // dword pitch the copy engine needs whatever the width.
    l.size = align_up(row_bytes, kLinearAlignment);
    l.row_pitch = l.size;
    l.slice_pitch = l.size;
    *out = l;
    return HSA_STATUS_SUCCESS;
  }
  const size_t rows = rows_of(d);
  if (row_pitch == 0) {
    l.row_pitch = align_up(row_bytes, kLinearAlignment);
  } else {
    if (row_pitch < row_bytes || row_pitch % kLinearAlignment != 0) return pitch_unsupported();
    l.row_pitch = row_pitch;
  }
  if (l.row_pitch / element_size > kMaxPitchElements) return pitch_unsupported();
  l.slice_pitch = l.row_pitch * rows;
  if (slice_pitch != 0 && slice_pitch != l.slice_pitch) return pitch_unsupported();
  l.size = l.slice_pitch * slices_of(d);
  *out = l;
  return HSA_STATUS_SUCCESS;
}

}  // namespace hsart::image
