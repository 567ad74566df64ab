// The virtual GPU's image instructions (image_load/_mip, image_store/_mip,
// image_get_resinfo, image_atomic_*) run as real dispatches, assembled by
// llvm-mc-14, on T# descriptors built in GPU memory, and checked against
// the CPU reference in tests/support/image_reference.* (texel offsets of
// the linear layout, format encode/decode written from the spec).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "image_reference.h"
#include "snippet_runner.h"
#include "swizzle_reference.h"

namespace {

using gcn_test::SnippetRunner;
namespace ref = gcn_test::imgref;

uint64_t ptr(const void* p) { return reinterpret_cast<uintptr_t>(p); }

std::string vrange(unsigned first, unsigned n) {
  if (n == 1) return "v" + std::to_string(first);
  return "v[" + std::to_string(first) + ":" + std::to_string(first + n - 1) + "]";
}

// kernargs: T# address, coordinates (4 dwords per lane), data (4 dwords per
// lane, read into v[8:11] before the instruction and written back after).
// The instruction names coordinates v4.. and data v8...
std::string kernel(const std::string& inst) {
  return R"(
s_load_dwordx4 s[4:7], s[0:1], 0x0
s_load_dwordx2 s[12:13], s[0:1], 0x10
s_waitcnt lgkmcnt(0)
s_load_dwordx8 s[16:23], s[4:5], 0x0
v_lshlrev_b32 v1, 4, v0
global_load_dwordx4 v[4:7], v1, s[6:7]
global_load_dwordx4 v[8:11], v1, s[12:13]
s_waitcnt vmcnt(0) lgkmcnt(0)
)" + inst +
         R"(
s_waitcnt vmcnt(0)
global_store_dwordx4 v1, v[8:11], s[12:13]
s_endpgm
)";
}

unsigned coords_of(unsigned type) {
  switch (type) {
    case ref::k1D:
      return 1;
    case ref::k1DArray:
    case ref::k2D:
      return 2;
    default:
      return 3;
  }
}
bool arrayed(unsigned type) {
  return type == ref::k1DArray || type == ref::k2DArray || type == ref::kCube;
}

unsigned popcount(unsigned m) {
  unsigned n = 0;
  for (; m; m >>= 1) n += m & 1;
  return n;
}

// "image_load v[8:..], v[4:..], s[16:23] dmask:.. unorm [da] [d16]".
std::string mimg(const char* op, unsigned data_regs, unsigned addr_regs, unsigned dmask,
                 unsigned type, const char* extra = "") {
  std::string s =
      std::string(op) + " " + vrange(8, data_regs) + ", " + vrange(4, addr_regs) + ", s[16:23]";
  char buf[32];
  std::snprintf(buf, sizeof buf, " dmask:0x%x unorm", dmask);
  s += buf;
  s += extra;
  if (arrayed(type)) s += " da";
  return s;
}

struct ImageRig {
  SnippetRunner r;
  uint32_t* tsharp = nullptr;
  uint32_t* coords = nullptr;
  uint32_t* data = nullptr;
  uint8_t* mem = nullptr;
  size_t mem_bytes = 0;

  // Image memory of `bytes` (plus slack, 256-byte aligned) and the buffers.
  ref::Image make(ref::Image im) {
    tsharp = r.alloc<uint32_t>(8);
    coords = r.alloc<uint32_t>(64 * 4);
    data = r.alloc<uint32_t>(64 * 4);
    mem_bytes = ref::total_bytes(im) + 512;
    uint8_t* raw = r.alloc<uint8_t>(mem_bytes + 256);
    mem = reinterpret_cast<uint8_t*>((reinterpret_cast<uintptr_t>(raw) + 255) & ~uintptr_t{255});
    im.base = ptr(mem);
    const auto t = ref::tsharp(im);
    std::memcpy(tsharp, t.data(), 32);
    return im;
  }
  gcn::DispatchResult run(const std::string& inst) {
    return r.run(kernel(inst), 64, 64, {ptr(tsharp), ptr(coords), ptr(data)});
  }
};

struct FormatCase {
  unsigned df, nf;
};

std::vector<FormatCase> supported_formats() {
  std::vector<FormatCase> out;
  const unsigned dfs[] = {1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 13, 14, 16, 17, 18, 19};
  const unsigned nfs[] = {0, 1, 4, 5, 7, 9};
  for (unsigned df : dfs)
    for (unsigned nf : nfs) {
      ref::Fmt f;
      if (ref::fmt(df, nf, &f)) out.push_back({df, nf});
    }
  return out;
}

// Values a store converts: the edges first (0, 1, -1, NaN, infinities,
// denormals, values that clamp or tie), then random ones.
uint32_t store_value(char kind, unsigned lane, unsigned comp, std::mt19937& rng) {
  static const float kEdges[] = {
      0.0f,          1.0f,     -1.0f,    NAN,        INFINITY,    -INFINITY,  1e-40f,
      -1e-40f,       -0.0f,    0.5f,     0.5f / 255, 1.5f / 255,  2.5f / 255, 254.5f / 255,
      1.0000001f,    65504.0f, 65520.0f, 1e-5f,      -0.5f / 127, 2.0f,       0.5f / 65535,
      -1.5f / 32767, 6.1e-5f,  1.0f / 3, -0.5f,      0.25f,       -0.75f,     0.75f};
  const unsigned i = lane * 4 + comp;
  if (kind == 'U' || kind == 'S') {
    static const uint32_t kInts[] = {0,   1,   0xFFFFFFFFu, 0x7FFFFFFFu, 0x80000000u,
                                     255, 256, 65535,       65536,       0xFFFFFF80u,
                                     127, 128, 0xFFFF8000u, 32767};
    if (i < sizeof kInts / sizeof kInts[0]) return kInts[i];
    return rng() >> (rng() % 32);
  }
  if (i < sizeof kEdges / sizeof kEdges[0]) return ref::fbits(kEdges[i]);
  std::uniform_real_distribution<float> d(-1.3f, 1.3f);
  if (kind == 'f') return (rng() % 4) ? ref::fbits(d(rng) * 1000) : rng();
  return ref::fbits(d(rng));
}

bool same_value(uint32_t a, uint32_t b) {
  return a == b || (std::isnan(ref::fval(a)) && std::isnan(ref::fval(b)) && a == b);
}

TEST(Image, EveryFormatLoadsAndStoresLikeTheReference) {
  const auto formats = supported_formats();
  ASSERT_GE(formats.size(), 43u);
  std::mt19937 rng(7);
  for (const FormatCase& fc : formats) {
    SCOPED_TRACE("DATA_FORMAT " + std::to_string(fc.df) + " NUM_FORMAT " + std::to_string(fc.nf));
    ref::Fmt f;
    ref::fmt(fc.df, fc.nf, &f);
    ImageRig s;
    ref::Image im;
    im.data_format = fc.df;
    im.num_format = fc.nf;
    im.type = ref::k2D;
    im.width = 8;
    im.height = 8;
    im.pitch = 11;
    im = s.make(im);
    for (size_t i = 0; i < s.mem_bytes; ++i) s.mem[i] = static_cast<uint8_t>(rng());
    for (unsigned l = 0; l < 64; ++l) {
      s.coords[4 * l] = l % 8;
      s.coords[4 * l + 1] = l / 8;
    }
    auto res = s.run(mimg("image_load", 4, 2, 0xf, im.type));
    ASSERT_TRUE(res.ok) << res.error;
    for (unsigned l = 0; l < 64; ++l) {
      const int64_t off = ref::offset(im, 0, l % 8, l / 8, 0);
      const auto want = ref::decode(f, s.mem + off);
      for (unsigned c = 0; c < 4; ++c)
        EXPECT_TRUE(same_value(s.data[4 * l + c], want[c]))
            << "lane " << l << " component " << c << ": 0x" << std::hex << s.data[4 * l + c]
            << ", reference 0x" << want[c];
    }
    // Stores: edge values and random ones, the whole texel written.
    std::vector<uint8_t> expect(s.mem, s.mem + s.mem_bytes);
    for (unsigned l = 0; l < 64; ++l) {
      std::array<uint32_t, 4> v;
      for (unsigned c = 0; c < 4; ++c) v[c] = s.data[4 * l + c] = store_value(f.kind, l, c, rng);
      ref::encode(f, v, 0xf, expect.data() + ref::offset(im, 0, l % 8, l / 8, 0));
    }
    res = s.run(mimg("image_store", 4, 2, 0xf, im.type));
    ASSERT_TRUE(res.ok) << res.error;
    for (size_t i = 0; i < s.mem_bytes; ++i)
      ASSERT_EQ(int(s.mem[i]), int(expect[i])) << "byte " << i << " of the image";
  }
}

struct Geometry {
  const char* name;
  unsigned type, width, height, depth, last_level, base_level, base_array;
};

const Geometry kGeometries[] = {
    {"1D", ref::k1D, 37, 1, 1, 3, 0, 0},
    {"1D base level 1", ref::k1D, 37, 1, 1, 3, 1, 0},
    {"1D array", ref::k1DArray, 19, 1, 5, 2, 0, 0},
    {"1D array base slice 2", ref::k1DArray, 19, 1, 5, 2, 0, 2},
    {"2D", ref::k2D, 13, 9, 1, 3, 0, 0},
    {"2D base level 2", ref::k2D, 13, 9, 1, 3, 2, 0},
    {"2D array", ref::k2DArray, 7, 6, 4, 2, 0, 0},
    {"2D array base slice 1", ref::k2DArray, 7, 6, 4, 1, 1, 1},
    {"3D", ref::k3D, 9, 5, 7, 2, 0, 0},
    {"3D base level 1", ref::k3D, 9, 5, 7, 2, 1, 0},
};

ref::Image geometry_image(const Geometry& g) {
  ref::Image im;
  im.data_format = 4;  // 32
  im.num_format = 4;   // uint
  im.type = g.type;
  im.width = g.width;
  im.height = g.height;
  im.depth = g.depth;
  im.last_level = g.last_level;
  im.base_level = g.base_level;
  im.base_array = g.base_array;
  return im;
}

// Random coordinates of the view: three lanes in four in range, the
// others with one coordinate (or the mip level) just beyond it.
void random_coords(const ref::Image& im, bool mip, std::mt19937& rng, uint32_t* coords) {
  const unsigned n = coords_of(im.type);
  for (unsigned l = 0; l < 64; ++l) {
    unsigned level = im.base_level + (mip ? rng() % (im.last_level - im.base_level + 1) : 0);
    auto d = ref::level_dims(im, level);
    if (arrayed(im.type)) d[n - 1] -= im.base_array;  // the view's slices
    uint32_t c[3];
    for (unsigned i = 0; i < 3; ++i) c[i] = static_cast<uint32_t>(rng() % d[i]);
    if (rng() % 4 == 0) {
      const unsigned which = rng() % (n + (mip ? 1 : 0));
      if (which == n)
        level = im.last_level + 1;
      else
        c[which] = d[which] + static_cast<uint32_t>(rng() % 3);
    }
    if (l == 63) c[0] = 0xFFFFFFFFu;  // a huge coordinate is out of range too
    for (unsigned i = 0; i < 4; ++i) coords[4 * l + i] = i < n ? c[i] : 0;
    if (mip) coords[4 * l + n] = level - im.base_level;
  }
}

int64_t lane_offset(const ref::Image& im, const uint32_t* c, bool mip) {
  const unsigned n = coords_of(im.type);
  const unsigned level = im.base_level + (mip ? c[n] : 0);
  if (level > im.last_level) return -1;
  return ref::offset(im, level, c[0], n > 1 ? c[1] : 0, n > 2 ? c[2] : 0);
}

TEST(Image, GeometriesAndMipsAddressLikeTheReference) {
  std::mt19937 rng(11);
  for (const Geometry& g : kGeometries)
    for (bool mip : {false, true}) {
      SCOPED_TRACE(std::string(g.name) + (mip ? " (mip)" : ""));
      ImageRig s;
      ref::Image im = s.make(geometry_image(g));
      // Every dword holds its own index: a load tells where it read.
      auto* words = reinterpret_cast<uint32_t*>(s.mem);
      for (size_t i = 0; i < s.mem_bytes / 4; ++i) words[i] = static_cast<uint32_t>(i) + 1;
      random_coords(im, mip, rng, s.coords);
      const unsigned naddr = coords_of(g.type) + (mip ? 1 : 0);
      const char* load = mip ? "image_load_mip" : "image_load";
      auto res = s.run(mimg(load, 1, naddr, 0x1, g.type));
      ASSERT_TRUE(res.ok) << res.error;
      unsigned in_range = 0;
      for (unsigned l = 0; l < 64; ++l) {
        const int64_t off = lane_offset(im, s.coords + 4 * l, mip);
        in_range += off >= 0;
        EXPECT_EQ(s.data[4 * l], off < 0 ? 0u : static_cast<uint32_t>(off / 4 + 1))
            << "lane " << l << " coords " << s.coords[4 * l] << "," << s.coords[4 * l + 1] << ","
            << s.coords[4 * l + 2] << "," << s.coords[4 * l + 3];
      }
      EXPECT_GT(in_range, 32u);
      EXPECT_LT(in_range, 64u);
      // Stores land where the reference says; out-of-range ones vanish.
      std::vector<uint32_t> expect(words, words + s.mem_bytes / 4);
      for (unsigned l = 0; l < 64; ++l) {
        s.data[4 * l] = 0xA0000000u + l;
        const int64_t off = lane_offset(im, s.coords + 4 * l, mip);
        if (off >= 0) expect[off / 4] = 0xA0000000u + l;
      }
      res = s.run(mimg(mip ? "image_store_mip" : "image_store", 1, naddr, 0x1, g.type));
      ASSERT_TRUE(res.ok) << res.error;
      for (size_t i = 0; i < expect.size(); ++i) ASSERT_EQ(words[i], expect[i]) << "dword " << i;
    }
}

TEST(Image, GetResinfoReportsEachLevel) {
  for (const Geometry& g : kGeometries) {
    SCOPED_TRACE(g.name);
    ImageRig s;
    ref::Image im = s.make(geometry_image(g));
    for (unsigned l = 0; l < 64; ++l) s.coords[4 * l] = l % 6;
    auto res = s.run(mimg("image_get_resinfo", 4, 1, 0xf, g.type));
    ASSERT_TRUE(res.ok) << res.error;
    const unsigned levels = im.last_level - im.base_level + 1;
    for (unsigned l = 0; l < 64; ++l) {
      const unsigned level = im.base_level + l % 6;
      uint32_t want[4] = {0, 0, 0, levels};
      if (level <= im.last_level) {
        const auto d = ref::level_dims(im, level);
        const unsigned n = coords_of(g.type);
        want[0] = d[0];
        if (n > 1) want[1] = d[1];
        if (n > 2) want[2] = d[2];
        if (arrayed(g.type)) want[n - 1] -= im.base_array;
      }
      for (unsigned c = 0; c < 4; ++c)
        EXPECT_EQ(s.data[4 * l + c], want[c]) << "lane " << l << " component " << c;
    }
  }
}

// DMASK picks the swizzled components into consecutive VGPRs, d16 packs
// them two to a VGPR (the untouched half keeps its value); stores take
// DMASK's components and DST_SEL's inverse decides where they go.
TEST(Image, DmaskSwizzleAndD16) {
  std::mt19937 rng(5);
  for (unsigned nf : {0u, 4u}) {  // 16_16_16_16 unorm (float results) and uint
    ref::Fmt f;
    ref::fmt(12, nf, &f);
    for (unsigned dmask = 1; dmask < 16; ++dmask)
      for (bool d16 : {false, true}) {
        SCOPED_TRACE("nf " + std::to_string(nf) + " dmask " + std::to_string(dmask) +
                     (d16 ? " d16" : ""));
        ImageRig s;
        ref::Image im;
        im.data_format = 12;
        im.num_format = nf;
        im.width = 8;
        im.height = 8;
        im.sel[0] = ref::kSelZ;
        im.sel[1] = ref::kSelX;
        im.sel[2] = ref::kSel1;
        im.sel[3] = ref::kSelW;
        im = s.make(im);
        for (size_t i = 0; i < s.mem_bytes; ++i) s.mem[i] = static_cast<uint8_t>(rng());
        for (unsigned l = 0; l < 64; ++l) {
          s.coords[4 * l] = l % 8;
          s.coords[4 * l + 1] = l / 8;
          for (unsigned c = 0; c < 4; ++c) s.data[4 * l + c] = 0xDEAD0000u + c;
        }
        const unsigned n = popcount(dmask), regs = d16 ? (n + 1) / 2 : n;
        auto res = s.run(mimg("image_load", regs, 2, dmask, im.type, d16 ? " d16" : ""));
        ASSERT_TRUE(res.ok) << res.error;
        for (unsigned l = 0; l < 64; ++l) {
          const auto comp = ref::decode(f, s.mem + ref::offset(im, 0, l % 8, l / 8, 0));
          const uint32_t one = f.kind == 'U' ? 1u : ref::fbits(1.0f);
          const uint32_t sw[4] = {comp[2], comp[0], one, comp[3]};
          uint32_t want[4] = {0xDEAD0000u, 0xDEAD0001u, 0xDEAD0002u, 0xDEAD0003u};
          unsigned k = 0;
          for (unsigned i = 0; i < 4; ++i) {
            if (!((dmask >> i) & 1)) continue;
            if (!d16) {
              want[k++] = sw[i];
              continue;
            }
            const uint32_t h = f.kind == 'U' ? sw[i] & 0xFFFF : ref::f32_to_f16(ref::fval(sw[i]));
            uint32_t& r = want[k / 2];
            r = (k % 2) ? (r & 0xFFFF) | h << 16 : (r & 0xFFFF0000u) | h;
            ++k;
          }
          for (unsigned c = 0; c < 4; ++c)
            EXPECT_EQ(s.data[4 * l + c], want[c]) << "lane " << l << " register " << c;
        }
        // Store the same register contents back with this dmask.
        std::vector<uint8_t> expect(s.mem, s.mem + s.mem_bytes);
        for (unsigned l = 0; l < 64; ++l) {
          uint32_t vals[4] = {0, 0, 0, 0};
          unsigned k = 0;
          for (unsigned i = 0; i < 4; ++i) {
            if (!((dmask >> i) & 1)) continue;
            const uint32_t reg = s.data[4 * l + (d16 ? k / 2 : k)];
            if (!d16) {
              vals[i] = reg;
            } else {
              const uint16_t h = static_cast<uint16_t>(k % 2 ? reg >> 16 : reg);
              vals[i] = f.kind == 'U' ? h : ref::fbits(ref::f16_to_f32(h));
            }
            ++k;
          }
          // sel: X <- data Y (i=1), Z <- data X (i=0), W <- data W (i=3).
          std::array<uint32_t, 4> mem_comp{vals[1], 0, vals[0], vals[3]};
          const unsigned mask = ((dmask >> 1) & 1) | ((dmask & 1) << 2) | ((dmask >> 3) & 1) << 3;
          ref::encode(f, mem_comp, mask, expect.data() + ref::offset(im, 0, l % 8, l / 8, 0));
        }
        res = s.run(mimg("image_store", regs, 2, dmask, im.type, d16 ? " d16" : ""));
        ASSERT_TRUE(res.ok) << res.error;
        for (size_t i = 0; i < s.mem_bytes; ++i)
          ASSERT_EQ(int(s.mem[i]), int(expect[i])) << "byte " << i;
      }
  }
}

struct AtomicCase {
  const char* op;
  uint64_t (*apply)(uint64_t old, uint64_t a, uint64_t b, bool wide);
};

int64_t sx(uint64_t v, bool wide) { return wide ? int64_t(v) : int64_t(int32_t(uint32_t(v))); }

const AtomicCase kAtomics[] = {
    {"swap", [](uint64_t, uint64_t a, uint64_t, bool) { return a; }},
    {"cmpswap", [](uint64_t o, uint64_t a, uint64_t b, bool) { return o == b ? a : o; }},
    {"add", [](uint64_t o, uint64_t a, uint64_t, bool) { return o + a; }},
    {"sub", [](uint64_t o, uint64_t a, uint64_t, bool) { return o - a; }},
    {"smin", [](uint64_t o, uint64_t a, uint64_t, bool w) { return sx(a, w) < sx(o, w) ? a : o; }},
    {"umin", [](uint64_t o, uint64_t a, uint64_t, bool) { return a < o ? a : o; }},
    {"smax", [](uint64_t o, uint64_t a, uint64_t, bool w) { return sx(a, w) > sx(o, w) ? a : o; }},
    {"umax", [](uint64_t o, uint64_t a, uint64_t, bool) { return a > o ? a : o; }},
    {"and", [](uint64_t o, uint64_t a, uint64_t, bool) { return o & a; }},
    {"or", [](uint64_t o, uint64_t a, uint64_t, bool) { return o | a; }},
    {"xor", [](uint64_t o, uint64_t a, uint64_t, bool) { return o ^ a; }},
    {"inc", [](uint64_t o, uint64_t a, uint64_t, bool) { return o >= a ? 0 : o + 1; }},
    {"dec", [](uint64_t o, uint64_t a, uint64_t, bool) { return (o == 0 || o > a) ? a : o - 1; }},
};

TEST(Image, AtomicsChangeTexelsAndReturnTheOldValue) {
  std::mt19937_64 rng(3);
  for (bool wide : {false, true})
    for (const AtomicCase& ac : kAtomics) {
      const bool cmp = std::string(ac.op) == "cmpswap";
      SCOPED_TRACE(std::string(ac.op) + (wide ? " 64-bit" : " 32-bit"));
      ImageRig s;
      ref::Image im;
      im.data_format = wide ? 11 : 4;  // 32_32 or 32
      im.num_format = 4;
      im.width = 8;
      im.height = 7;  // lanes 56..63 fall outside
      im = s.make(im);
      const uint64_t mask = wide ? ~0ull : 0xFFFFFFFFull;
      const unsigned bytes = wide ? 8 : 4;
      for (size_t i = 0; i < s.mem_bytes / 8; ++i)
        reinterpret_cast<uint64_t*>(s.mem)[i] = rng() >> (rng() % 64);
      std::vector<uint8_t> expect(s.mem, s.mem + s.mem_bytes);
      std::vector<uint64_t> want_ret(64);
      for (unsigned l = 0; l < 64; ++l) {
        s.coords[4 * l] = l % 8;
        s.coords[4 * l + 1] = l / 8;
        const int64_t off = ref::offset(im, 0, l % 8, l / 8, 0);
        uint64_t old = 0;
        if (off >= 0) std::memcpy(&old, s.mem + off, bytes);
        uint64_t a = (rng() >> (rng() % 64)) & mask;
        uint64_t b = (l % 2) ? old : rng() & mask;  // half the compares match
        if (l % 5 == 0) a = old & mask;
        if (wide) {
          std::memcpy(&s.data[4 * l], &a, 8);
          std::memcpy(&s.data[4 * l + 2], &b, 8);
        } else {
          s.data[4 * l] = static_cast<uint32_t>(a);
          s.data[4 * l + 1] = static_cast<uint32_t>(b);
        }
        want_ret[l] = old;
        if (off >= 0) {
          const uint64_t next = ac.apply(old, a, b, wide) & mask;
          std::memcpy(expect.data() + off, &next, bytes);
        }
      }
      const unsigned dmask = cmp ? (wide ? 0xf : 0x3) : (wide ? 0x3 : 0x1);
      const std::string op = std::string("image_atomic_") + ac.op;
      auto res = s.run(mimg(op.c_str(), popcount(dmask), 2, dmask, im.type, " glc"));
      ASSERT_TRUE(res.ok) << res.error;
      for (size_t i = 0; i < s.mem_bytes; ++i)
        ASSERT_EQ(int(s.mem[i]), int(expect[i])) << "byte " << i;
      for (unsigned l = 0; l < 64; ++l) {
        uint64_t got = s.data[4 * l];
        if (wide) got |= uint64_t{s.data[4 * l + 1]} << 32;
        EXPECT_EQ(got, want_ret[l]) << "lane " << l;
      }
    }
}

// What the virtual GPU does not implement stops the dispatch with a message
// naming the instruction and what is missing.
TEST(Image, UnimplementedFormsFaultWithTheirName) {
  ImageRig s;
  ref::Image im;
  im.data_format = 4;
  im.num_format = 4;
  im.width = 8;
  im.height = 8;
  im = s.make(im);
  // Sampling a cube map with unnormalized coordinates is not implemented.
  ref::Image cube = im;
  cube.type = ref::kCube;
  cube.depth = 6;
  const auto tc = ref::tsharp(cube);
  std::memcpy(s.tsharp, tc.data(), 32);
  auto res = s.run("image_sample v[8:11], v[4:6], s[16:23], s[8:11] dmask:0xf unorm da");
  ASSERT_FALSE(res.ok);
  EXPECT_NE(res.error.find("image_sample: unnormalized coordinates on a cube map"),
            std::string::npos)
      << res.error;
  EXPECT_NE(res.error.find("not implemented"), std::string::npos) << res.error;

  im.sw_mode = 12;  // gfx9's variable-size block: no gfx900 mode
  const auto t = ref::tsharp(im);
  std::memcpy(s.tsharp, t.data(), 32);
  res = s.run(mimg("image_load", 1, 2, 0x1, im.type));
  ASSERT_FALSE(res.ok);
  EXPECT_NE(res.error.find("SW_MODE=12"), std::string::npos) << res.error;
  // A 1D image has no swizzled layout on gfx9.
  ref::Image one_d = im;
  one_d.type = ref::k1D;
  one_d.sw_mode = 26;
  const auto t1 = ref::tsharp(one_d);
  std::memcpy(s.tsharp, t1.data(), 32);
  res = s.run(mimg("image_load", 1, 1, 0x1, ref::k1D));
  ASSERT_FALSE(res.ok);
  EXPECT_NE(res.error.find("SW_MODE=26"), std::string::npos) << res.error;

  im.sw_mode = 0;
  im.data_format = 6;  // 10_11_11
  im.num_format = 7;
  const auto t2 = ref::tsharp(im);
  std::memcpy(s.tsharp, t2.data(), 32);
  res = s.run(mimg("image_load", 1, 2, 0x1, im.type));
  ASSERT_FALSE(res.ok);
  EXPECT_NE(res.error.find("image_load: DATA_FORMAT=6"), std::string::npos) << res.error;

  im.data_format = 4;
  const auto t3 = ref::tsharp(im);
  std::memcpy(s.tsharp, t3.data(), 32);
  res = s.run(mimg("image_load", 2, 2, 0x1, im.type, " tfe"));
  ASSERT_FALSE(res.ok);
  EXPECT_NE(res.error.find("TFE"), std::string::npos) << res.error;
}

// The address VGPRs are the resource TYPE's whatever DA says (ROCclr's
// copy-to-image kernels store with DA=1 into 2D and 3D images): on a 2D
// T# the slice VGPR is not read, on a 3D T# it is z.
TEST(Image, CoordinatesFollowTheResourceTypeNotDa) {
  for (const unsigned type : {ref::k2D, ref::k3D}) {
    SCOPED_TRACE("TYPE " + std::to_string(type));
    ImageRig s;
    ref::Image im;
    im.type = type;
    im.data_format = 4;  // 32 bits, uint
    im.num_format = 4;
    im.width = 8;
    im.height = type == ref::k3D ? 4 : 8;
    im.depth = type == ref::k3D ? 2 : 1;
    im = s.make(im);
    std::memset(s.mem, 0, s.mem_bytes);
    for (unsigned l = 0; l < 64; ++l) {
      s.coords[4 * l] = l % 8;
      s.coords[4 * l + 1] = (l / 8) % im.height;
      s.coords[4 * l + 2] = type == ref::k3D ? l / 32 : 7 + l;  // 2D: never read
      s.data[4 * l] = 1000 + l;
    }
    // Every lane has its own texel.
    auto res = s.run(mimg("image_store", 1, 3, 0x1, ref::k2DArray));
    ASSERT_TRUE(res.ok) << res.error;
    for (unsigned l = 0; l < 64; ++l) {
      const unsigned z = type == ref::k3D ? l / 32 : 0;
      const int64_t off = ref::offset(im, 0, l % 8, (l / 8) % im.height, z);
      ASSERT_GE(off, 0);
      uint32_t got;
      std::memcpy(&got, s.mem + off, 4);
      EXPECT_EQ(got, 1000 + l) << "lane " << l;
    }
  }
}

// Swizzled layouts (the modes Debian's ROCr picks, and others): stores of
// every lane land where the equation-based reference
// (tests/support/swizzle_reference.*) puts the texel, and loads read back.
TEST(Image, SwizzledStoresAndLoadsFollowTheEquations) {
  struct Case {
    unsigned sw_mode, type, df, w, h, d;
  };
  // df: 4 (32 bits), 1 (8), 11 (32_32), 14 (32_32_32_32), 2 (16).
  const Case kCases[] = {{26, ref::k2D, 4, 150, 97, 1},      {22, ref::k2D, 1, 37, 23, 1},
                         {22, ref::k2DArray, 11, 19, 13, 3}, {24, ref::k3D, 14, 13, 11, 7},
                         {20, ref::k3D, 2, 40, 33, 20},      {9, ref::k2D, 4, 70, 45, 1},
                         {25, ref::k3D, 4, 20, 9, 9},        {6, ref::k3D, 1, 33, 17, 5},
                         {18, ref::k2D, 14, 33, 17, 1},      {27, ref::k2D, 11, 40, 30, 1}};
  std::mt19937 rng(5);
  auto value = [](unsigned lane, unsigned k) { return lane + 1 + 60 * k; };
  for (const Case& c : kCases) {
    SCOPED_TRACE("SW_MODE " + std::to_string(c.sw_mode) + " type " + std::to_string(c.type));
    ref::Fmt f;
    ASSERT_TRUE(ref::fmt(c.df, 4, &f));
    unsigned e = 0;
    while ((1u << e) < f.bytes) ++e;
    const gcn_test::swzref::Surface sw{c.sw_mode, e, c.type == ref::k3D, c.w, c.h, c.d};
    ImageRig s;
    ref::Image im;
    im.data_format = c.df;
    im.num_format = 4;  // uint
    im.type = c.type;
    im.width = c.w;
    im.height = c.h;
    im.depth = c.d;
    im.sw_mode = c.sw_mode;
    im.pitch = gcn_test::swzref::pitch(sw);
    s.make(im);
    // The surface at a 64 KiB boundary: a _X base's low bits are its XOR.
    const size_t size = gcn_test::swzref::size(sw);
    auto* raw = s.r.alloc<uint8_t>(size + 65536);
    auto* mem = reinterpret_cast<uint8_t*>((ptr(raw) + 65535) & ~uint64_t{65535});
    std::memset(mem, 0, size);
    im.base = ptr(mem);
    const auto t = ref::tsharp(im);
    std::memcpy(s.tsharp, t.data(), 32);
    const unsigned comps = static_cast<unsigned>(f.widths.size());
    const unsigned n = coords_of(c.type);
    for (unsigned l = 0; l < 64; ++l) {
      s.coords[4 * l] = rng() % c.w;
      s.coords[4 * l + 1] = rng() % c.h;
      s.coords[4 * l + 2] = l % c.d;
      // Values every component width holds (uint stores saturate).
      for (unsigned k = 0; k < 4; ++k) s.data[4 * l + k] = value(l, k);
    }
    const unsigned dmask = (1u << comps) - 1;
    auto res = s.run(mimg("image_store", comps, n, dmask, c.type));
    ASSERT_TRUE(res.ok) << res.error;
    // Later lanes win where two lanes name one texel.
    std::vector<int> owner(size >> e, -1);
    for (unsigned l = 0; l < 64; ++l) {
      const uint64_t off = gcn_test::swzref::offset(sw, s.coords[4 * l], s.coords[4 * l + 1],
                                                    n > 2 ? s.coords[4 * l + 2] : 0);
      owner[off >> e] = static_cast<int>(l);
    }
    for (size_t i = 0; i < owner.size(); ++i) {
      uint8_t want[16] = {};
      if (owner[i] >= 0) {
        const unsigned l = static_cast<unsigned>(owner[i]);
        // Components of w bits, X first from bit 0 (uint: the low bits).
        unsigned bit_pos = 0;
        for (unsigned k = 0; k < comps; ++k) {
          const unsigned w = f.widths[k];
          const uint32_t v = value(l, k);
          for (unsigned b = 0; b < w; b += 8)
            want[(bit_pos + b) / 8] = static_cast<uint8_t>(v >> b);
          bit_pos += w;
        }
      }
      ASSERT_EQ(std::memcmp(mem + (i << e), want, f.bytes), 0) << "element " << i;
    }
    for (unsigned l = 0; l < 64 * 4; ++l) s.data[l] = 0xDEADBEEFu;
    res = s.run(mimg("image_load", comps, n, dmask, c.type));
    ASSERT_TRUE(res.ok) << res.error;
    for (unsigned l = 0; l < 64; ++l) {
      const uint64_t off = gcn_test::swzref::offset(sw, s.coords[4 * l], s.coords[4 * l + 1],
                                                    n > 2 ? s.coords[4 * l + 2] : 0);
      const unsigned owner_lane = static_cast<unsigned>(owner[off >> e]);
      for (unsigned k = 0; k < comps; ++k) {
        EXPECT_EQ(s.data[4 * l + k], value(owner_lane, k)) << "lane " << l << " component " << k;
      }
    }
  }
}

// A texel on an unmapped page faults the wave like a buffer access does.
TEST(Image, UnmappedTexelFaults) {
  ImageRig s;
  ref::Image im;
  im.data_format = 4;
  im.num_format = 4;
  im.width = 8;
  im.height = 8;
  im.base = 0x7f0000000000ull;  // nothing mapped there
  const auto t = ref::tsharp(im);
  s.make(im);
  std::memcpy(s.tsharp, t.data(), 32);
  auto res = s.run(mimg("image_load", 1, 2, 0x1, im.type));
  ASSERT_FALSE(res.ok);
  EXPECT_NE(res.error.find("image_load"), std::string::npos) << res.error;
}

}  // namespace
