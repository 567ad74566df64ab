// gfx9 swizzled texel addresses (image_swizzle.h), computed the way the
// hardware model in addrlib does: a micro-block pattern, Morton order of
// micro blocks, then the pipe/bank XOR folds, then the block's place in the
// surface and its mip chain.
#include "image_swizzle.h"

#include "kfd_device_vega10.h"

namespace gcn {
namespace img {

namespace {

// GB_ADDR_CONFIG fields (gfx9): NUM_PIPES [2:0], PIPE_INTERLEAVE_SIZE
// [5:3], NUM_BANKS [14:12], NUM_SHADER_ENGINES [20:19], each a log2.
// Vega 10's 0x2a114042: 4 pipes, 256 B interleave, 16 banks, 4 SEs.
struct AddrConfig {
  unsigned pipes_log2, interleave_log2, banks_log2, se_log2;
};
constexpr AddrConfig kConfig{
    KFDC_VEGA10_GB_ADDR_CONFIG & 7u, 8u + ((KFDC_VEGA10_GB_ADDR_CONFIG >> 3) & 7u),
    (KFDC_VEGA10_GB_ADDR_CONFIG >> 12) & 7u, (KFDC_VEGA10_GB_ADDR_CONFIG >> 19) & 3u};

enum Kind { kZ, kS, kD, kR };

struct Mode {
  unsigned block_log2 = 0;  // 0: not a swizzled mode this file knows
  Kind kind = kZ;
  bool xor_ = false, prt = false;
};

// gfx9 SW_MODE values: 1-3 256B_S/D/R, 4-7 4KB_Z/S/D/R, 8-11 64KB_Z/S/D/R,
// 12-15 the variable-size block (not on gfx900), 16-19 64KB_*_T,
// 20-23 4KB_*_X, 24-27 64KB_*_X.
Mode mode_of(unsigned sw) {
  Mode m;
  if (sw >= 1 && sw <= 3) {
    m.block_log2 = 8;
    m.kind = static_cast<Kind>(sw);
  } else if ((sw >= 4 && sw <= 11) || (sw >= 16 && sw <= 27)) {
    m.kind = static_cast<Kind>(sw & 3);
    const bool big = (sw >= 8 && sw <= 11) || (sw >= 16 && sw <= 19) || sw >= 24;
    m.block_log2 = big ? 16 : 12;
    m.xor_ = sw >= 16;
    m.prt = sw >= 16 && sw <= 19;
  }
  return m;
}

// 3D surfaces with the Z and S modes have 3D ("thick") blocks.
bool thick(const Mode& m, bool tex3d) { return tex3d && (m.kind == kZ || m.kind == kS); }

unsigned bit(uint32_t v, unsigned i) { return (v >> i) & 1u; }

uint32_t reverse_bits(uint32_t v, unsigned n) {
  uint32_t r = 0;
  for (unsigned i = 0; i < n; ++i) r |= bit(v, n - 1 - i) << i;
  return r;
}

// Interleave: even bits from a, odd bits from b.
uint32_t morton2(uint32_t a, uint32_t b, unsigned n) {
  uint32_t r = 0;
  for (unsigned i = 0; i < n; ++i) r |= bit(a, i) << (2 * i) | bit(b, i) << (2 * i + 1);
  return r;
}

// Interleave by threes: a, b, c.
uint32_t morton3(uint32_t a, uint32_t b, uint32_t c, unsigned n) {
  uint32_t r = 0;
  for (unsigned i = 0; i < n; ++i)
    r |= bit(a, i) << (3 * i) | bit(b, i) << (3 * i + 1) | bit(c, i) << (3 * i + 2);
  return r;
}

// Every other bit of v from bit 0, n of them.
uint32_t every_other(uint32_t v, unsigned n) {
  uint32_t r = 0;
  for (unsigned i = 0; i < n; ++i) r |= bit(v, 2 * i) << i;
  return r;
}

unsigned pipe_xor_bits(unsigned block_log2) {
  const unsigned avail = block_log2 - kConfig.interleave_log2;
  const unsigned want = kConfig.pipes_log2 + kConfig.se_log2;
  return avail < want ? avail : want;
}

unsigned bank_xor_bits(unsigned block_log2) {
  const unsigned avail = block_log2 - pipe_xor_bits(block_log2) - kConfig.interleave_log2;
  return avail < kConfig.banks_log2 ? avail : kConfig.banks_log2;
}

struct Dim {
  unsigned w, h, d;
};

// Elements in a 256 B micro block (thin) and a 1 KiB one (thick).
constexpr Dim kMicro2d[5] = {{16, 16, 1}, {16, 8, 1}, {8, 8, 1}, {8, 4, 1}, {4, 4, 1}};
constexpr Dim kMicro3d[5] = {{16, 8, 8}, {8, 8, 8}, {8, 8, 4}, {8, 4, 4}, {4, 4, 4}};

Dim block_dim(const Mode& m, bool is_thick, unsigned e) {
  if (!is_thick) {
    const unsigned amp = m.block_log2 - 8;  // the block is 2^amp micro blocks
    return {kMicro2d[e].w << (amp / 2), kMicro2d[e].h << (amp - amp / 2), 1};
  }
  const unsigned amp = m.block_log2 - 10;
  const unsigned each = amp / 3, rest = amp % 3;
  return {kMicro3d[e].w << each, kMicro3d[e].h << (each + rest / 2),
          kMicro3d[e].d << (each + (rest ? 1 : 0))};
}

// Offset of (x, y) inside its 256 B micro block: the S, D and R patterns.
uint32_t micro2d(Kind kind, unsigned e, uint32_t x, uint32_t y) {
  const uint32_t xb = x << e;  // x in bytes
  switch (kind) {
    case kS: {
      uint32_t o = (xb & 0xF) | (y & 3) << 4;
      if (e == 0) return o | (y & 0xC) << 4;
      if (e < 3) return o | (y & 4) << 4 | (xb & 0x10) << 3;
      return o | (xb & 0x30) << 2;
    }
    case kD: {
      if (e == 4) return bit(x, 0) << 4 | bit(y, 0) << 5 | bit(x, 1) << 6 | bit(y, 1) << 7;
      // x0..2 (bytes), y1..2, x3, y3 in turn, with y0 slotted in at bit 4.
      const uint32_t t =
          (x & 7) << e | ((y >> 1) & 3) << (3 + e) | bit(x, 3) << (5 + e) | bit(y, 3) << (6 + e);
      return (t & 0xF) | bit(y, 0) << 4 | ((t >> 4) & 7) << 5;
    }
    case kR: {
      // The display pattern with x and y swapped (x0 at bit 4); at 8 bytes
      // x1..2 take bits 6-7.
      const uint32_t t =
          (y & 7) << e | ((x >> 1) & 3) << (3 + e) | bit(x, 3) << (5 + e) | bit(y, 3) << (6 + e);
      uint32_t o = (t & 0xF) | bit(x, 0) << 4 | ((t >> 4) & 7) << 5;
      if (e == 3) o = (o & 0x3F) | ((x >> 1) & 3) << 6;
      return o;
    }
    default:
      return 0;
  }
}

// Offset of (x, y, z) inside its 1 KiB micro block: the thick S and Z
// patterns.
uint32_t micro3d(Kind kind, unsigned e, uint32_t x, uint32_t y, uint32_t z) {
  if (kind == kS) {
    uint32_t hi;  // bits 8-9
    if (e <= 1)
      hi = (z & 4) >> 2 | (y & 4) >> 1;
    else if (e == 2)
      hi = (y & 4) >> 2 | (x & 4) >> 1;
    else if (e == 3)
      hi = (x & 6) >> 1;
    else
      hi = x & 3;
    return hi << 8 | ((x << e) & 0xF) | (y & 3) << 4 | (z & 3) << 6;
  }
  uint32_t o, xh, yh, zh;
  switch (e) {
    case 0:
      o = (x & 1) | (y & 1) << 1 | (x & 2) << 1 | (y & 2) << 2 | (z & 3) << 4 | (x & 4) << 4;
      xh = x >> 3, yh = y >> 2, zh = z >> 2;
      break;
    case 1:
      o = ((x & 1) | (y & 1) << 1 | (x & 2) << 1 | (y & 2) << 2) << 1 | (z & 3) << 5;
      xh = x >> 2, yh = y >> 2, zh = z >> 2;
      break;
    case 2:
      o = ((x & 1) | (y & 1) << 1 | (x & 2) << 1 | (z & 1) << 3) << 2 | (y & 2) << 5;
      xh = x >> 2, yh = y >> 2, zh = z >> 1;
      break;
    case 3:
      o = ((x & 1) | (y & 1) << 1 | (z & 1) << 2 | (x & 2) << 2) << 3;
      xh = x >> 2, yh = y >> 1, zh = z >> 1;
      break;
    default:
      o = ((x & 1) | (y & 1) << 1 | (z & 1) << 2) << 4;
      xh = x >> 1, yh = y >> 1, zh = z >> 1;
      break;
  }
  // One more bit of each at bits 7-9: z, y, x.
  return o | (morton3(zh, yh, xh, 1) << 7 & 0x380);
}

uint32_t round_half(uint32_t v) { return v > 1 ? (v >> 1) + (v & 1) : v; }

uint32_t align_up(uint32_t v, uint32_t a) { return (v + a - 1) / a * a; }

// Where the levels go: the chain's pitch and height in elements, and level
// `level`'s first block (in blocks) and offset inside the tail block.
struct Place {
  uint32_t chain_pitch, chain_height, chain_depth;
  Dim start;
  uint32_t tail_offset;
};

Place place(const SwizzledSurface& s, const Mode& m, bool is_thick, const Dim& blk,
            unsigned level) {
  Place p{};
  const uint32_t pitch0 =
      s.num_levels <= 1 && s.pitch >= align_up(s.width, blk.w) ? s.pitch : align_up(s.width, blk.w);
  const uint32_t height0 = align_up(s.height, blk.h);
  const uint32_t depth0 = is_thick ? align_up(s.depth, blk.d) : s.depth;
  p.chain_pitch = pitch0;
  p.chain_height = height0;
  p.chain_depth = depth0;
  if (s.num_levels <= 1) return p;
  // The largest level that fits the tail block: half a block along one side.
  Dim tail = blk;
  if (is_thick) {
    const unsigned side = m.block_log2 % 3;
    (side == 0 ? tail.h : side == 1 ? tail.w : tail.d) >>= 1;
  } else {
    tail.w >>= 1;  // gfx9 blocks are 2^even bytes
  }
  auto fits_tail = [&](uint32_t w, uint32_t h, uint32_t d) {
    return w <= tail.w && h <= tail.h && (!is_thick || d <= tail.d);
  };
  // First level in the tail (addrlib's chain: level sizes padded to blocks).
  unsigned first_tail = s.num_levels;
  {
    uint32_t w = s.width, h = s.height, d = s.tex3d ? s.depth : 1;
    for (unsigned i = 0; i < s.num_levels; ++i) {
      if (fits_tail(w, h, d)) {
        first_tail = i;
        break;
      }
      w = align_up(w, blk.w) >> 1;
      h = align_up(h, blk.h) >> 1;
      if (is_thick) d = align_up(d, blk.d) >> 1;
      w = w ? w : 1, h = h ? h : 1, d = d ? d : 1;
    }
  }
  const unsigned last = first_tail < s.num_levels - 1 ? first_tail : s.num_levels - 1;
  const uint32_t wb = pitch0 / blk.w, hb = height0 / blk.h, db = depth0 / blk.d;
  bool y_major = wb < hb, x_major = !y_major;
  if (is_thick) {
    y_major = y_major && hb >= db;
    x_major = x_major && wb >= db;
  }
  if (last == 0) {
    // The whole chain is one tail block.
    p.chain_pitch = blk.w;
    p.chain_height = blk.h;
  } else if (y_major) {
    uint32_t w1 = round_half(wb);
    if (w1 == 1 && last > 2) ++w1;
    p.chain_pitch += w1 * blk.w;
  } else {
    uint32_t h1 = round_half(hb);
    if (h1 == 1 && last > 2) ++h1;
    p.chain_height += h1 * blk.h;
  }
  // The level's first block, or its place in the tail.
  bool in_tail = fits_tail(s.width, s.height, s.tex3d ? s.depth : 1);
  unsigned index_in_tail = level;
  if (!in_tail) {
    uint32_t w = wb, h = hb, d = db;
    unsigned ending = level + 1;
    for (unsigned i = 1; i <= level; ++i) {
      if (i == 1 || i == 3) {
        (y_major ? p.start.w : p.start.h) += y_major ? w : h;
      } else if (x_major) {
        p.start.w += w;
      } else if (y_major) {
        p.start.h += h;
      } else {
        p.start.d += d;
      }
      bool tail_now;
      if (is_thick) {
        const unsigned side = m.block_log2 % 3;
        tail_now = side == 0   ? w <= 2 && h == 1 && d <= 2
                   : side == 1 ? w == 1 && h <= 2 && d <= 2
                               : w <= 2 && h <= 2 && d == 1;
      } else {
        tail_now = w == 1 && h <= 2;
      }
      if (tail_now) {
        ending = i;
        break;
      }
      w = round_half(w), h = round_half(h), d = round_half(d);
    }
    if (level >= ending) {
      in_tail = true;
      index_in_tail = level - ending;
    }
  }
  if (in_tail) {
    // The tail's levels at fixed 256 B slots, largest first (addrlib's
    // MipTailOffset256B, indexed from a 1 MiB block down).
    static constexpr uint32_t kTail256[] = {2048, 1024, 512, 256, 128, 64, 32, 16,
                                            8,    6,    5,   4,   3,   2,  1,  0};
    const unsigned index = index_in_tail + 20 - m.block_log2;
    p.tail_offset = index < 16 ? kTail256[index] << 8 : 0;
  }
  return p;
}

}  // namespace

bool swizzle_supported(unsigned sw_mode, bool tex3d, unsigned bpe_log2) {
  const Mode m = mode_of(sw_mode);
  if (m.block_log2 == 0 || bpe_log2 > 4) return false;
  if (tex3d) return m.kind != kR && m.block_log2 != 8;
  return !(bpe_log2 == 4 && (m.kind == kZ || m.kind == kR));
}

unsigned swizzle_block_log2(unsigned sw_mode) { return mode_of(sw_mode).block_log2; }

unsigned swizzle_xor_bits(unsigned sw_mode) {
  const Mode m = mode_of(sw_mode);
  if (!m.xor_) return 0;
  return pipe_xor_bits(m.block_log2) + bank_xor_bits(m.block_log2);
}

uint64_t swizzled_offset(const SwizzledSurface& s, unsigned level, uint32_t x, uint32_t y,
                         uint32_t z) {
  const Mode m = mode_of(s.sw_mode);
  const unsigned e = s.bpe_log2;
  const bool is_thick = thick(m, s.tex3d);
  const Dim blk = block_dim(m, is_thick, e);
  const Place p = place(s, m, is_thick, blk, level);
  const unsigned il = kConfig.interleave_log2;
  const unsigned pipe_bits = m.xor_ ? pipe_xor_bits(m.block_log2) : 0;
  const unsigned bank_bits = m.xor_ ? bank_xor_bits(m.block_log2) : 0;
  uint32_t off;
  if (!is_thick) {
    if (m.kind == kZ) {
      // Morton order of elements from bit e (x first), in bytes.
      if (e == 0 || e == 2) {
        const unsigned low = (6 - e) / 2;  // bits of x and y below 64 bytes
        off = morton2(x, y, low) | morton2(y >> low, x >> low, 9) << (2 * low);
      } else {
        off = morton2(x, y, 13);
      }
      off <<= e;
    } else {
      const Dim mb = kMicro2d[e];
      // 3D surfaces' thin _D blocks take the standard pattern.
      const Kind kind = s.tex3d ? kS : m.kind;
      off = micro2d(kind, e, x, y) | morton2(y / mb.h, x / mb.w, 12) << 8;
    }
    if (m.prt) off &= (1u << m.block_log2) - 1;  // _T: nothing from above the block
    if (m.xor_) {
      const uint32_t inner = off & ((1u << il) - 1);
      uint32_t b = off >> il;
      const uint32_t pmask = (1u << pipe_bits) - 1, bmask = (1u << bank_bits) - 1;
      const uint32_t pipe = (b & pmask) ^ reverse_bits(b >> pipe_bits, pipe_bits);
      b >>= pipe_bits;
      const uint32_t bank = (b & bmask) ^ reverse_bits(b >> bank_bits, bank_bits);
      b >>= bank_bits;
      off = ((b << bank_bits | bank) << pipe_bits | pipe) << il | inner;
    }
    off |= p.tail_offset;
    if (m.xor_ && !m.prt) {
      // Slices of a thin _X surface start on other pipes and banks.
      off ^= reverse_bits(z, pipe_bits) << il;
      off ^= reverse_bits(z >> pipe_bits, bank_bits) << (il + pipe_bits);
    }
  } else {
    const Dim mb = kMicro3d[e];
    off = morton3(z / mb.d, y / mb.h, x / mb.w, 8) << 10 | micro3d(m.kind, e, x, y, z);
    if (m.prt) off &= (1u << m.block_log2) - 1;  // _T: nothing from above the block
    if (m.xor_) {
      const uint32_t inner = off & ((1u << il) - 1);
      uint32_t b = off >> il;
      const uint32_t pmask = (1u << pipe_bits) - 1, bmask = (1u << bank_bits) - 1;
      const uint32_t pipe = (b & pmask) ^
                            reverse_bits(every_other(b >> pipe_bits, pipe_bits), pipe_bits) ^
                            reverse_bits(every_other(b >> (pipe_bits + 1), pipe_bits), pipe_bits);
      b >>= pipe_bits;
      const uint32_t bank = (b & bmask) ^
                            reverse_bits(every_other(b >> bank_bits, bank_bits), bank_bits) ^
                            reverse_bits(every_other(b >> (bank_bits + 1), bank_bits), bank_bits);
      b >>= bank_bits;
      off = ((b << bank_bits | bank) << pipe_bits | pipe) << il | inner;
    }
    off |= p.tail_offset;
  }
  if (m.xor_) off ^= (s.pipe_bank_xor & ((1u << (pipe_bits + bank_bits)) - 1)) << il;
  off &= (1u << m.block_log2) - 1;
  const uint64_t pitch_blocks = p.chain_pitch / blk.w;
  const uint64_t slice_blocks = uint64_t{p.chain_height / blk.h} * pitch_blocks;
  const uint64_t zb = is_thick ? z / blk.d : z;
  const uint64_t index = (zb + p.start.d) * slice_blocks + (y / blk.h + p.start.h) * pitch_blocks +
                         x / blk.w + p.start.w;
  return uint64_t{off} | index << m.block_log2;
}

uint64_t swizzled_size(const SwizzledSurface& s) {
  const Mode m = mode_of(s.sw_mode);
  const bool is_thick = thick(m, s.tex3d);
  const Dim blk = block_dim(m, is_thick, s.bpe_log2);
  const Place p = place(s, m, is_thick, blk, 0);
  return uint64_t{p.chain_pitch} * p.chain_height * p.chain_depth << s.bpe_log2;
}

}  // namespace img
}  // namespace gcn
