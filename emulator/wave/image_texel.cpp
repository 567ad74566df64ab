// T# fields and linear texel addressing (image_texel.h).
#include "image_texel.h"

#include "gfx9_image_descriptor.h"
#include "image_swizzle.h"

namespace gcn {
namespace img {

Rsrc rsrc(const Wave& w, unsigned sgpr) {
  uint32_t d[FW_IMG_RSRC_DWORDS];
  for (unsigned i = 0; i < FW_IMG_RSRC_DWORDS; ++i) d[i] = w.sgpr[(sgpr + i) % op::kSgprFileSize];
  Rsrc r;
  const uint64_t addr = FW_FIELD_GET(d[0], FW_IMG_W0_BASE_ADDRESS) |
                        uint64_t{FW_FIELD_GET(d[1], FW_IMG_W1_BASE_ADDRESS_HI)} << 32;
  r.base = addr << FW_IMG_BASE_ADDRESS_SHIFT;
  r.data_format = FW_FIELD_GET(d[1], FW_IMG_W1_DATA_FORMAT);
  r.num_format = FW_FIELD_GET(d[1], FW_IMG_W1_NUM_FORMAT);
  r.width = FW_FIELD_GET(d[2], FW_IMG_W2_WIDTH) + 1;
  r.height = FW_FIELD_GET(d[2], FW_IMG_W2_HEIGHT) + 1;
  r.dst_sel[0] = FW_FIELD_GET(d[3], FW_IMG_W3_DST_SEL_X);
  r.dst_sel[1] = FW_FIELD_GET(d[3], FW_IMG_W3_DST_SEL_Y);
  r.dst_sel[2] = FW_FIELD_GET(d[3], FW_IMG_W3_DST_SEL_Z);
  r.dst_sel[3] = FW_FIELD_GET(d[3], FW_IMG_W3_DST_SEL_W);
  r.base_level = FW_FIELD_GET(d[3], FW_IMG_W3_BASE_LEVEL);
  r.last_level = FW_FIELD_GET(d[3], FW_IMG_W3_LAST_LEVEL);
  r.sw_mode = FW_FIELD_GET(d[3], FW_IMG_W3_SW_MODE);
  r.type = FW_FIELD_GET(d[3], FW_IMG_W3_TYPE);
  r.depth = FW_FIELD_GET(d[4], FW_IMG_W4_DEPTH) + 1;
  r.pitch = FW_FIELD_GET(d[4], FW_IMG_W4_PITCH) + 1;
  r.base_array = FW_FIELD_GET(d[5], FW_IMG_W5_BASE_ARRAY);
  return r;
}

bool dims(unsigned type, Dims* d) {
  switch (type) {
    case FW_SQ_RSRC_IMG_1D:
      *d = {1, false, false};
      return true;
    case FW_SQ_RSRC_IMG_1D_ARRAY:
      *d = {2, true, false};
      return true;
    case FW_SQ_RSRC_IMG_2D:
      *d = {2, false, false};
      return true;
    case FW_SQ_RSRC_IMG_2D_ARRAY:
    case FW_SQ_RSRC_IMG_CUBE:  // faces are slices to load and store
      *d = {3, true, false};
      return true;
    case FW_SQ_RSRC_IMG_3D:
      *d = {3, false, true};
      return true;
    default:
      return false;
  }
}

namespace {

unsigned shrink(unsigned size, unsigned level) {
  const unsigned s = level < 32 ? size >> level : 0;
  return s ? s : 1;
}

// Row pitch of a level in elements.
uint64_t level_pitch(const Rsrc& r, unsigned bpe, unsigned level, unsigned width) {
  if (level == 0) return r.pitch;
  const uint64_t align = 256 / bpe;
  return (width + align - 1) / align * align;
}

unsigned log2_bytes(unsigned bpe) {
  switch (bpe) {
    case 1:
      return 0;
    case 2:
      return 1;
    case 4:
      return 2;
    case 8:
      return 3;
    case 16:
      return 4;
    default:
      return 99;  // 12-byte texels have no swizzled layout
  }
}

}  // namespace

bool layout_supported(const Rsrc& r, const Dims& d, unsigned bpe) {
  if (r.sw_mode == 0) return true;
  const bool one_d = d.coords == 1 || (d.array && d.coords == 2);
  return !one_d && swizzle_supported(r.sw_mode, d.three_d, log2_bytes(bpe));
}

void level_size(const Rsrc& r, const Dims& d, unsigned level, unsigned out[3]) {
  out[0] = shrink(r.width, level);
  out[1] = 1;
  out[2] = 1;
  if (d.coords == 1) return;
  // A 1D array's second coordinate is its slice.
  if (d.array && d.coords == 2) {
    out[1] = r.depth;
    return;
  }
  out[1] = shrink(r.height, level);
  if (d.coords == 3) out[2] = d.three_d ? shrink(r.depth, level) : r.depth;
}

bool texel_offset(const Rsrc& r, const Dims& d, unsigned bpe, unsigned level, const uint32_t c[3],
                  uint64_t* offset) {
  unsigned size[3];
  level_size(r, d, level, size);
  uint32_t x = c[0], y = d.coords > 1 ? c[1] : 0, z = d.coords > 2 ? c[2] : 0;
  uint32_t slice = 0;
  if (d.array) {
    // The slice coordinate counts from the view's BASE_ARRAY.
    uint32_t& s = d.coords == 2 ? y : z;
    const uint64_t abs_slice = uint64_t{s} + r.base_array;
    if (abs_slice >= r.depth) return false;
    slice = static_cast<uint32_t>(abs_slice);
    s = 0;
  }
  const unsigned h = d.array && d.coords == 2 ? 1 : size[1];
  const unsigned dep = d.three_d ? size[2] : 1;
  if (x >= size[0] || y >= h || z >= dep) return false;
  if (r.sw_mode != 0) {
    SwizzledSurface s;
    s.sw_mode = r.sw_mode;
    s.bpe_log2 = log2_bytes(bpe);
    s.tex3d = d.three_d;
    s.width = r.width;
    s.height = r.height;
    s.depth = d.three_d || d.array ? r.depth : 1;
    s.pitch = r.pitch;
    s.num_levels = r.last_level + 1;
    // A _X/_T surface's base is block aligned; the address bits above 256 B
    // a T# sets there are its pipe/bank XOR (as Mesa's tile_swizzle).
    const unsigned xor_bits = swizzle_xor_bits(r.sw_mode);
    const uint64_t xor_field = (r.base >> 8) & ((uint64_t{1} << xor_bits) - 1);
    s.pipe_bank_xor = static_cast<uint32_t>(xor_field);
    *offset = swizzled_offset(s, level, x, y, d.three_d ? z : slice) - (xor_field << 8);
    return true;
  }
  // Levels below this one in the chain of one array slice.
  uint64_t before = 0, chain = 0;
  for (unsigned m = 0; m <= r.last_level || m <= level; ++m) {
    unsigned s[3];
    level_size(r, d, m, s);
    const unsigned lh = d.array && d.coords == 2 ? 1 : s[1];
    const uint64_t bytes =
        level_pitch(r, bpe, m, s[0]) * lh * (d.three_d ? s[2] : 1) * uint64_t{bpe};
    if (m < level) before += bytes;
    chain += bytes;
  }
  const uint64_t pitch = level_pitch(r, bpe, level, size[0]);
  *offset = slice * chain + before + ((uint64_t{z} * h + y) * pitch + x) * bpe;
  return true;
}

}  // namespace img
}  // namespace gcn
