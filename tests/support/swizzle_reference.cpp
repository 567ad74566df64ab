// gfx9 swizzle equations (swizzle_reference.h). Each address bit below the
// block size names a channel bit (x in bytes, y, z) and up to two more it
// is XORed with; bits above the block come from the block's index.
#include "swizzle_reference.h"

#include <algorithm>
#include <vector>

namespace gcn_test {
namespace swzref {

namespace {

constexpr unsigned kInterleave = 8;  // 256 B pipe interleave
constexpr unsigned kPipesSe = 4;     // log2(4 pipes) + log2(4 shader engines)
constexpr unsigned kBanks = 4;       // log2(16 banks)

// A channel bit: c = 0 x (in bytes), 1 y, 2 z; c < 0: none.
struct Ch {
  int c = -1;
  unsigned i = 0;
};

struct Equation {
  Ch addr[32], xor1[32], xor2[32];
  unsigned bits = 0;
};

// Mode facts from gfx9's swizzle mode table.
struct Mode {
  unsigned block = 0;  // log2 bytes
  char kind = 0;       // 'Z', 'S', 'D', 'R'
  bool xr = false, prt = false;
};

Mode mode(unsigned sw) {
  static const char kKinds[] = "ZSDR";
  Mode m;
  if (sw >= 1 && sw <= 3) return {8, kKinds[sw], false, false};
  if (sw >= 4 && sw <= 7) return {12, kKinds[sw - 4], false, false};
  if (sw >= 8 && sw <= 11) return {16, kKinds[sw - 8], false, false};
  if (sw >= 16 && sw <= 19) return {16, kKinds[sw - 16], true, true};
  if (sw >= 20 && sw <= 23) return {12, kKinds[sw - 20], true, false};
  if (sw >= 24 && sw <= 27) return {16, kKinds[sw - 24], true, false};
  return m;
}

bool is_thick(const Surface& s, const Mode& m) {
  return s.tex3d && (m.kind == 'Z' || m.kind == 'S');
}

// The 256 B patterns, element-x and y bits from bit e up: "x0" etc.
const char* pattern256(char kind, unsigned e) {
  static const char* const kS[] = {"x0x1x2x3y0y1y2y3", "x0x1x2y0y1y2x3", "x0x1y0y1y2x2",
                                   "x0y0y1x1x2", "y0y1x0x1"};
  static const char* const kD[] = {"x0x1x2y1y0y2x3y3", "x0x1x2y0y1y2x3", "x0x1y0x2y1y2",
                                   "x0y0x1x2y1", "x0y0x1y1"};
  static const char* const kR[] = {"y0y1y2x1x0x2x3y3", "y0y1y2x0x1x2x3", "y0y1x0y2x1x2",
                                   "y0x0y1x1x2", ""};
  return kind == 'S' ? kS[e] : kind == 'D' ? kD[e] : kR[e];
}

// The 1 KiB thick patterns, from bit e up.
const char* pattern1k(char kind, unsigned e) {
  static const char* const kZ[] = {"x0y0x1y1z0z1x2z2y2x3", "x0y0x1y1z0z1z2y2x2", "x0y0x1z0y1z1y2x2",
                                   "x0y0z0x1z1y1x2", "x0y0z0z1y1x1"};
  static const char* const kS[] = {"x0x1x2x3y0y1z0z1z2y2", "x0x1x2y0y1z0z1z2y2", "x0x1y0y1z0z1y2x2",
                                   "x0y0y1z0z1x1x2", "y0y1z0z1x0x1"};
  return kind == 'Z' ? kZ[e] : kS[e];
}

Ch chan(char c, unsigned i, unsigned e) {
  Ch ch;
  ch.c = c == 'x' ? 0 : c == 'y' ? 1 : 2;
  ch.i = ch.c == 0 ? i + e : i;
  return ch;
}

Equation build(const Surface& s) {
  const Mode m = mode(s.sw_mode);
  const unsigned e = s.bpe_log2;
  const bool thick = is_thick(s, m);
  Equation q;
  q.bits = m.block;
  const unsigned pipe =
      m.xr ? (m.block - kInterleave < kPipesSe ? m.block - kInterleave : kPipesSe) : 0;
  const unsigned bank_avail = m.block - pipe - kInterleave;
  const unsigned bank = m.xr ? (bank_avail < kBanks ? bank_avail : kBanks) : 0;
  unsigned max_bits = m.block;
  if (m.xr && !m.prt) {
    const unsigned k = thick ? 3 : 2;
    max_bits = std::max({max_bits, kInterleave + k * pipe, kInterleave + pipe + k * bank});
  }
  std::vector<Ch> full(max_bits + 1);
  for (unsigned i = 0; i < e; ++i) full[i] = Ch{0, i};
  unsigned next[3] = {0, 0, 0};  // next element bit of x, y, z
  unsigned low;
  if (!thick && m.kind == 'Z') {
    for (unsigned i = e; i < 6; ++i) {
      const char c = ((i - e) & 1) == 0 ? 'x' : 'y';
      full[i] = chan(c, next[c == 'x' ? 0 : 1]++, e);
    }
    low = 6;
  } else {
    const char* p = thick ? pattern1k(m.kind, e) : pattern256(s.tex3d ? 'S' : m.kind, e);
    unsigned i = e;
    for (; *p; p += 2, ++i) {
      const unsigned ci = p[0] == 'x' ? 0 : p[0] == 'y' ? 1 : 2;
      const unsigned idx = static_cast<unsigned>(p[1] - '0');
      full[i] = chan(p[0], idx, e);
      if (idx + 1 > next[ci]) next[ci] = idx + 1;
    }
    low = i;
  }
  for (unsigned i = low; i < max_bits; ++i) {
    char c;
    if (thick)
      c = i % 3 == 0 ? 'x' : i % 3 == 1 ? 'z' : 'y';
    else
      c = (i & 1) == 0 ? 'y' : 'x';
    const unsigned ci = c == 'x' ? 0 : c == 'y' ? 1 : 2;
    full[i] = chan(c, next[ci]++, e);
  }
  for (unsigned i = 0; i < m.block; ++i) q.addr[i] = full[i];
  // Bits a _T surface would take from above its block are absent.
  auto src = [&](unsigned pos) { return pos < m.block || !m.prt ? full[pos] : Ch{}; };
  if (m.xr) {
    const unsigned bs = kInterleave + pipe;
    if (!thick) {
      for (unsigned i = 0; i < pipe; ++i)
        q.xor1[kInterleave + i] = src(kInterleave + 2 * pipe - 1 - i);
      for (unsigned i = 0; i < bank; ++i) q.xor1[bs + i] = src(bs + 2 * bank - 1 - i);
      if (!m.prt) {
        for (unsigned i = 0; i < pipe; ++i) q.xor2[kInterleave + i] = Ch{2, pipe - 1 - i};
        for (unsigned i = 0; i < bank; ++i) q.xor2[bs + i] = Ch{2, bank - 1 - i + pipe};
      }
    } else {
      for (unsigned i = 0; i < pipe; ++i) {
        q.xor1[kInterleave + i] = src(kInterleave + 3 * pipe - 1 - 2 * i);
        q.xor2[kInterleave + i] = src(kInterleave + 3 * pipe - 2 - 2 * i);
      }
      for (unsigned i = 0; i < bank; ++i) {
        q.xor1[bs + i] = src(bs + 3 * bank - 1 - 2 * i);
        q.xor2[bs + i] = src(bs + 3 * bank - 2 - 2 * i);
      }
    }
  }
  return q;
}

unsigned value(const Ch& ch, const uint32_t c[3]) { return ch.c < 0 ? 0 : (c[ch.c] >> ch.i) & 1u; }

unsigned align(unsigned v, unsigned a) { return (v + a - 1) / a * a; }

}  // namespace

void block_dims(const Surface& s, unsigned out[3]) {
  const Mode m = mode(s.sw_mode);
  const unsigned e = s.bpe_log2;
  // Elements per block: 2^(block - e), split by the equation's own bits.
  const Equation q = build(s);
  unsigned top[3] = {0, 0, 0};
  for (unsigned i = 0; i < q.bits; ++i)
    if (q.addr[i].c >= 0 && q.addr[i].i + 1 > top[q.addr[i].c]) top[q.addr[i].c] = q.addr[i].i + 1;
  out[0] = 1u << (top[0] - e);
  out[1] = 1u << top[1];
  out[2] = is_thick(s, m) ? 1u << top[2] : 1u;
}

unsigned pitch(const Surface& s) {
  unsigned b[3];
  block_dims(s, b);
  return align(s.width, b[0]);
}

uint64_t size(const Surface& s) {
  unsigned b[3];
  block_dims(s, b);
  return uint64_t{align(s.width, b[0])} * align(s.height, b[1]) * align(s.depth, b[2])
         << s.bpe_log2;
}

uint64_t offset(const Surface& s, uint32_t x, uint32_t y, uint32_t z) {
  const Equation q = build(s);
  const uint32_t c[3] = {x << s.bpe_log2, y, z};
  uint64_t in_block = 0;
  for (unsigned i = 0; i < q.bits; ++i) {
    const unsigned v = value(q.addr[i], c) ^ value(q.xor1[i], c) ^ value(q.xor2[i], c);
    in_block |= uint64_t{v} << i;
  }
  unsigned b[3];
  block_dims(s, b);
  const uint64_t per_row = align(s.width, b[0]) / b[0];
  const uint64_t per_slice = per_row * (align(s.height, b[1]) / b[1]);
  const uint64_t index = (z / b[2]) * per_slice + (y / b[1]) * per_row + x / b[0];
  return in_block + (index << q.bits);
}

}  // namespace swzref
}  // namespace gcn_test
