// The virtual GPU's sampling instructions (image_sample*, image_gather4*,
// image_get_lod) as real dispatches, assembled by llvm-mc-14, on T# and S#
// descriptors built in GPU memory, checked lane by lane against the CPU
// reference in tests/support/sampler_reference.* (written from the ISA's
// S# table and the texturing rules, with the 8-bit sub-texel and LOD
// precision the emulator documents).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "gcn_assembler.h"
#include "image_reference.h"
#include "sampler_reference.h"
#include "snippet_runner.h"

namespace {

using gcn_test::SnippetRunner;
namespace ref = gcn_test::imgref;
namespace smp = gcn_test::smpref;

uint64_t ptr(const void* p) { return reinterpret_cast<uintptr_t>(p); }

// kernargs: T#, S#, addresses (16 dwords per lane, into v[20:35]), data (4
// dwords per lane, v[8:11] before and after the instruction).
std::string kernel(const std::string& inst) {
  return R"(
s_load_dwordx8 s[4:11], s[0:1], 0x0
s_waitcnt lgkmcnt(0)
s_load_dwordx8 s[16:23], s[4:5], 0x0
s_load_dwordx4 s[24:27], s[6:7], 0x0
v_lshlrev_b32 v1, 6, v0
v_lshlrev_b32 v2, 4, v0
global_load_dwordx4 v[20:23], v1, s[8:9]
global_load_dwordx4 v[24:27], v1, s[8:9] offset:16
global_load_dwordx4 v[28:31], v1, s[8:9] offset:32
global_load_dwordx4 v[32:35], v1, s[8:9] offset:48
global_load_dwordx4 v[8:11], v2, s[10:11]
s_waitcnt vmcnt(0) lgkmcnt(0)
)" + inst +
         R"(
s_waitcnt vmcnt(0)
global_store_dwordx4 v2, v[8:11], s[10:11]
s_endpgm
)";
}

// The modifiers of a mnemonic, read the way LLVM names them.
struct Form {
  bool o = false, b = false, c = false, d = false, l = false, lz = false, cl = false;
  bool gather = false, get_lod = false;
};
Form form(const std::string& op) {
  Form f;
  f.gather = op.find("gather4") != std::string::npos;
  f.get_lod = op == "image_get_lod";
  size_t p = op.find('_', 6);  // past "image_"
  while (p != std::string::npos) {
    const size_t q = op.find('_', p + 1);
    const std::string t = op.substr(p + 1, q == std::string::npos ? q : q - p - 1);
    f.o |= t == "o";
    f.b |= t == "b";
    f.c |= t == "c";
    f.d |= t == "d" || t == "cd";
    f.l |= t == "l";
    f.lz |= t == "lz";
    f.cl |= t == "cl";
    p = q;
  }
  return f;
}

unsigned spatial_of(unsigned type) {
  return type == ref::k1D || type == ref::k1DArray ? 1 : (type == ref::k3D ? 3 : 2);
}
bool arrayed(unsigned type) {
  return type == ref::k1DArray || type == ref::k2DArray || type == ref::kCube;
}

// Lane l's address dwords in LLVM 14's AddrArgs order: offset, bias,
// zcompare, gradients (all d/dh, then all d/dv), coordinates and slice,
// then lod or clamp.
unsigned pack(const Form& f, const smp::Query& q, unsigned type, uint32_t* out) {
  const unsigned sp = spatial_of(type);
  unsigned n = 0;
  if (f.o) {
    uint32_t o = 0;
    for (unsigned i = 0; i < 3; ++i) o |= (static_cast<uint32_t>(q.offset[i]) & 0x3F) << (8 * i);
    out[n++] = o;
  }
  if (f.b) out[n++] = ref::fbits(q.bias);
  if (f.c) out[n++] = ref::fbits(q.ref);
  if (f.d) {
    for (unsigned i = 0; i < sp; ++i) out[n++] = ref::fbits(q.dh[i]);
    for (unsigned i = 0; i < sp; ++i) out[n++] = ref::fbits(q.dv[i]);
  }
  for (unsigned i = 0; i < sp + (arrayed(type) ? 1 : 0); ++i) out[n++] = ref::fbits(q.coord[i]);
  if (f.l) out[n++] = ref::fbits(q.lod);
  if (f.cl) out[n++] = ref::fbits(q.clamp);
  return n;
}

std::string vrange(unsigned first, unsigned n) {
  if (n == 1) return "v" + std::to_string(first);
  if (n > 8) n = 16;  // gfx9's register tuples: 1..8 or 16
  return "v[" + std::to_string(first) + ":" + std::to_string(first + n - 1) + "]";
}

unsigned popcount(unsigned m) {
  unsigned n = 0;
  for (; m; m >>= 1) n += m & 1;
  return n;
}

bool is_int(const ref::Image& im) { return im.num_format == 4 || im.num_format == 5; }

struct Rig {
  SnippetRunner r;
  uint32_t* tsharp = nullptr;
  uint32_t* ssharp = nullptr;
  uint32_t* addr = nullptr;
  uint32_t* data = nullptr;
  uint8_t* mem = nullptr;
  size_t mem_bytes = 0;
  ref::Image im;
  smp::Sampler s;

  // Image memory filled with texels: random finite values for float
  // formats, random bytes otherwise.
  void make(ref::Image image, const smp::Sampler& sampler, std::mt19937& rng) {
    tsharp = r.alloc<uint32_t>(8);
    ssharp = r.alloc<uint32_t>(4);
    addr = r.alloc<uint32_t>(64 * 16);
    data = r.alloc<uint32_t>(64 * 4);
    mem_bytes = ref::total_bytes(image) + 512;
    uint8_t* raw = r.alloc<uint8_t>(mem_bytes + 256);
    mem = reinterpret_cast<uint8_t*>((reinterpret_cast<uintptr_t>(raw) + 255) & ~uintptr_t{255});
    image.base = ptr(mem);
    im = image;
    const auto t = ref::tsharp(im);
    std::memcpy(tsharp, t.data(), 32);
    ref::Fmt f;
    ref::fmt(im.data_format, im.num_format, &f);
    if (f.kind == 'f') {
      std::uniform_real_distribution<float> d(-2.0f, 2.0f);
      const unsigned cb = f.widths[0] / 8;
      for (size_t i = 0; i + cb <= mem_bytes; i += cb) {
        const float v = d(rng);
        if (cb == 4) {
          std::memcpy(mem + i, &v, 4);
        } else {
          const uint16_t h = ref::f32_to_f16(v);
          std::memcpy(mem + i, &h, 2);
        }
      }
    } else {
      for (size_t i = 0; i < mem_bytes; ++i) mem[i] = static_cast<uint8_t>(rng());
    }
    set_sampler(sampler);
  }
  void set_sampler(const smp::Sampler& sampler) {
    s = sampler;
    const auto w = smp::ssharp(s);
    std::memcpy(ssharp, w.data(), 16);
  }
  gcn::DispatchResult run(const std::string& inst) {
    return r.run(kernel(inst), 64, 64, {ptr(tsharp), ptr(ssharp), ptr(addr), ptr(data)});
  }
};

bool close(uint32_t got, uint32_t want, bool integer) {
  if (got == want || integer) return got == want;
  const float g = ref::fval(got), w = ref::fval(want);
  if (std::isnan(g) || std::isnan(w)) return std::isnan(g) && std::isnan(w);
  return std::fabs(g - w) <= std::ldexp(std::fmax(1.0f, std::fabs(w)), -20);
}

// Runs `op` over 64 lanes with the given lookups and holds every returned
// VGPR to the reference. Implicit-LOD forms get the quad derivatives
// (x: lane ^ 1, y: lane ^ 2) written into the queries first.
void check(Rig& rig, const std::string& op, unsigned dmask, std::vector<smp::Query> q,
           const std::string& mods = "") {
  ASSERT_EQ(q.size(), 64u);
  const Form f = form(op);
  const unsigned sp = spatial_of(rig.im.type);
  const bool unorm = mods.find("unorm") != std::string::npos;
  const bool d16 = mods.find("d16") != std::string::npos;
  for (unsigned l = 0; l < 64; ++l) {
    q[l].unorm = unorm;
    if (f.l) q[l].lod_from = smp::Query::kLod;
    if (f.lz) q[l].lod_from = smp::Query::kZero;
    if (!f.d && !f.l && !f.lz)
      for (unsigned i = 0; i < sp; ++i) {
        q[l].dh[i] = q[l | 1].coord[i] - q[l & ~1u].coord[i];
        q[l].dv[i] = q[l | 2].coord[i] - q[l & ~2u].coord[i];
      }
    q[l].has_clamp = f.cl;
    q[l].compare = f.c;
    // What the form does not carry is not there.
    if (!f.b) q[l].bias = 0;
    if (!f.o) q[l].offset[0] = q[l].offset[1] = q[l].offset[2] = 0;
  }
  unsigned naddr = 0;
  for (unsigned l = 0; l < 64; ++l) naddr = pack(f, q[l], rig.im.type, rig.addr + 16 * l);
  for (unsigned l = 0; l < 256; ++l) rig.data[l] = 0xDEAD0000u + l % 4;
  const unsigned n = f.gather ? 4 : popcount(dmask);
  const unsigned regs = d16 ? (n + 1) / 2 : n;
  char dm[16];
  std::snprintf(dm, sizeof dm, "0x%x", dmask);
  std::string inst =
      op + " " + vrange(8, regs) + ", " + vrange(20, naddr) + ", s[16:23], s[24:27] dmask:" + dm;
  if (arrayed(rig.im.type)) inst += " da";
  inst += mods.empty() ? "" : " " + mods;
  auto res = rig.run(inst);
  ASSERT_TRUE(res.ok) << inst << ": " << res.error;
  const bool integer = is_int(rig.im) && !f.c && !f.get_lod;
  for (unsigned l = 0; l < 64; ++l) {
    std::vector<uint32_t> vals;
    if (f.get_lod) {
      const auto v = smp::get_lod(rig.im, rig.s, q[l]);
      const uint32_t info[4] = {ref::fbits(v[0]), ref::fbits(v[1]), 0, 0};
      for (unsigned i = 0; i < 4; ++i)
        if ((dmask >> i) & 1) vals.push_back(info[i]);
    } else if (f.gather) {
      const auto t = smp::gather4(rig.im, rig.mem, rig.s, q[l]);
      unsigned c = 0;
      while (!((dmask >> c) & 1)) ++c;
      for (unsigned k = 0; k < 4; ++k) vals.push_back(smp::swizzle(rig.im.sel[c], t[k], integer));
    } else {
      const auto t = smp::sample(rig.im, rig.mem, rig.s, q[l]);
      for (unsigned i = 0; i < 4; ++i)
        if ((dmask >> i) & 1) vals.push_back(smp::swizzle(rig.im.sel[i], t, integer));
    }
    uint32_t want[4] = {0xDEAD0000u, 0xDEAD0001u, 0xDEAD0002u, 0xDEAD0003u};
    for (unsigned k = 0; k < vals.size(); ++k) {
      if (!d16) {
        want[k] = vals[k];
        continue;
      }
      const uint32_t h = integer ? vals[k] & 0xFFFF : ref::f32_to_f16(ref::fval(vals[k]));
      uint32_t& r = want[k / 2];
      r = (k % 2) ? (r & 0xFFFF) | h << 16 : (r & 0xFFFF0000u) | h;
    }
    for (unsigned k = 0; k < 4; ++k) {
      const uint32_t got = rig.data[4 * l + k];
      EXPECT_TRUE(d16 ? got == want[k] : close(got, want[k], integer))
          << inst << "\n lane " << l << " register " << k << ": 0x" << std::hex << got << " ("
          << ref::fval(got) << "), reference 0x" << want[k] << " (" << ref::fval(want[k])
          << ") coords " << q[l].coord[0] << "," << q[l].coord[1] << "," << q[l].coord[2] << ","
          << q[l].coord[3];
    }
  }
}

float uni(std::mt19937& rng, float lo, float hi) {
  return std::uniform_real_distribution<float>(lo, hi)(rng);
}

std::vector<smp::Query> random_queries(std::mt19937& rng, float lo, float hi) {
  std::vector<smp::Query> q(64);
  for (auto& x : q)
    for (float& c : x.coord) c = uni(rng, lo, hi);
  return q;
}

ref::Image image2d(unsigned df, unsigned nf, unsigned w, unsigned h, unsigned levels = 1) {
  ref::Image im;
  im.data_format = df;
  im.num_format = nf;
  im.type = ref::k2D;
  im.width = w;
  im.height = h;
  im.last_level = levels - 1;
  return im;
}

const char* kModes[8] = {"wrap",
                         "mirror",
                         "clamp_last_texel",
                         "mirror_once_last_texel",
                         "clamp_half_border",
                         "mirror_once_half_border",
                         "clamp_border",
                         "mirror_once_border"};

// Every addressing mode at coordinates well outside [0, 1], point and
// bilinear, each with a different border colour.
TEST(Sampler, AddressingModesOutOfRange) {
  std::mt19937 rng(1);
  for (unsigned mode = 0; mode < 8; ++mode)
    for (unsigned filt : {0u, 1u}) {
      SCOPED_TRACE(std::string(kModes[mode]) + (filt ? " bilinear" : " point"));
      Rig rig;
      smp::Sampler s;
      s.clamp[0] = s.clamp[1] = s.clamp[2] = mode;
      s.mag = s.min = filt;
      s.border_type = mode % 3;
      rig.make(image2d(10, 0, 5, 3), s, rng);
      auto q = random_queries(rng, -2.2f, 3.2f);
      q[0].coord[0] = 0.0f;  // the edges exactly
      q[1].coord[0] = 1.0f;
      q[2].coord[1] = -1.0f;
      check(rig, "image_sample_lz", 0xf, q);
    }
}

// Point and bilinear on unorm8, float32, f16, srgb and (raw, point-only)
// integer texels.
TEST(Sampler, FormatsPointAndBilinear) {
  std::mt19937 rng(2);
  const unsigned formats[][2] = {{10, 0}, {1, 0}, {14, 7}, {12, 7}, {10, 9}, {4, 4}, {10, 5}};
  for (const auto& fm : formats)
    for (unsigned filt : {0u, 1u}) {
      SCOPED_TRACE("DATA_FORMAT " + std::to_string(fm[0]) + " NUM_FORMAT " + std::to_string(fm[1]) +
                   (filt ? " bilinear" : " point"));
      Rig rig;
      smp::Sampler s;
      s.mag = s.min = filt;
      rig.make(image2d(fm[0], fm[1], 7, 6), s, rng);
      check(rig, "image_sample_lz", 0xf, random_queries(rng, -0.3f, 1.3f));
    }
}

// Mip chains: explicit LOD with point and linear mip filters, the S#'s
// bias and LOD range, _b, _cl and a BASE_LEVEL above 0.
TEST(Sampler, MipsLodBiasClampTrilinear) {
  std::mt19937 rng(3);
  for (unsigned mip : {0u, 1u, 2u})
    for (unsigned base : {0u, 1u}) {
      SCOPED_TRACE("MIP_FILTER " + std::to_string(mip) + " base level " + std::to_string(base));
      Rig rig;
      smp::Sampler s;
      s.mag = 0;
      s.min = 1;
      s.mip = mip;
      s.clamp[0] = s.clamp[1] = 0;
      ref::Image im = image2d(10, 0, 16, 8, 5);
      im.base_level = base;
      rig.make(im, s, rng);
      auto q = random_queries(rng, -0.2f, 1.2f);
      for (auto& x : q) {
        x.lod = uni(rng, -1.5f, 5.5f);
        x.clamp = uni(rng, -0.5f, 3.0f);
        x.bias = uni(rng, -2.0f, 2.0f);
      }
      q[0].lod = 1.5f;  // exactly between two levels
      q[1].lod = 0.0f;
      check(rig, "image_sample_l", 0xf, q);
      smp::Sampler s2 = s;
      s2.lod_bias = 0.75f;
      s2.min_lod = 0.5f;
      s2.max_lod = 2.25f;
      rig.set_sampler(s2);
      check(rig, "image_sample_l", 0xf, q);
      check(rig, "image_sample_l_o", 0xf, q);
      // Implicit LOD with a bias and a clamp: the coordinates of each quad
      // spread by a per-quad scale.
      for (unsigned l = 0; l < 64; ++l) {
        const float scale = std::ldexp(1.0f, static_cast<int>(l / 4 % 6) - 5);
        q[l].coord[0] = q[l & ~3u].coord[0] + scale * (l & 1);
        q[l].coord[1] = q[l & ~3u].coord[1] + scale * 0.7f * ((l >> 1) & 1);
      }
      check(rig, "image_sample_b", 0xf, q);
      check(rig, "image_sample_b_cl", 0xf, q);
      check(rig, "image_sample_cl", 0xf, q);
    }
}

// Plain image_sample in compute: the LOD from each 2x2 quad of lanes.
TEST(Sampler, ImplicitLodFromQuads) {
  std::mt19937 rng(4);
  Rig rig;
  smp::Sampler s;
  s.mag = 0;
  s.min = 1;
  s.mip = 2;
  rig.make(image2d(14, 7, 32, 16, 6), s, rng);
  std::vector<smp::Query> q(64);
  for (unsigned l = 0; l < 64; ++l) {
    const unsigned quad = l / 4;
    const float sx = std::ldexp(1.0f, static_cast<int>(quad % 8) - 7) * (1.0f + 0.1f * quad);
    const float sy = sx * (quad % 3 == 0 ? 2.5f : 0.5f);
    if (l % 4 == 0) {
      q[l].coord[0] = uni(rng, 0, 1);
      q[l].coord[1] = uni(rng, 0, 1);
    }
    q[l].coord[0] = q[l & ~3u].coord[0] + sx * (l & 1) + (l & 2 ? 0.1f * sy : 0);
    q[l].coord[1] = q[l & ~3u].coord[1] + sy * ((l >> 1) & 1);
  }
  check(rig, "image_sample", 0xf, q);
  check(rig, "image_get_lod", 0x3, q);
  check(rig, "image_gather4", 0x1, q);
}

// Explicit gradients (_d, _cd), with clamp and offsets.
TEST(Sampler, ExplicitGradients) {
  std::mt19937 rng(5);
  Rig rig;
  smp::Sampler s;
  s.mag = 1;
  s.min = 1;
  s.mip = 2;
  s.clamp[0] = 1;
  s.clamp[1] = 2;
  rig.make(image2d(10, 0, 32, 32, 6), s, rng);
  auto q = random_queries(rng, -0.5f, 1.5f);
  for (auto& x : q)
    for (unsigned i = 0; i < 2; ++i) {
      x.dh[i] = uni(rng, -0.2f, 0.2f);
      x.dv[i] = uni(rng, -0.2f, 0.2f);
      x.clamp = uni(rng, 0, 3);
      x.offset[i] = static_cast<int>(rng() % 64) - 32;
    }
  check(rig, "image_sample_d", 0xf, q);
  check(rig, "image_sample_cd", 0xf, q);
  check(rig, "image_sample_d_cl_o", 0xf, q);
  check(rig, "image_sample_cd_cl_o", 0xf, q);
}

// Depth compare: every function, point and bilinear, the reference value
// in the address VGPR after the offset.
TEST(Sampler, DepthCompare) {
  std::mt19937 rng(6);
  for (unsigned func = 0; func < 8; ++func) {
    SCOPED_TRACE("DEPTH_COMPARE_FUNC " + std::to_string(func));
    Rig rig;
    smp::Sampler s;
    s.compare = func;
    s.mag = s.min = func % 2;
    s.clamp[0] = s.clamp[1] = 6;
    s.border_type = 2;
    rig.make(image2d(4, 7, 6, 5), s, rng);
    // Depths in [0, 1], some equal to the references.
    auto* d = reinterpret_cast<float*>(rig.mem);
    for (size_t i = 0; i < rig.mem_bytes / 4; ++i) d[i] = static_cast<float>(rng() % 9) / 8;
    auto q = random_queries(rng, -0.2f, 1.2f);
    for (auto& x : q) {
      x.ref = static_cast<float>(rng() % 9) / 8;
      x.offset[0] = static_cast<int>(rng() % 5) - 2;
      x.offset[1] = static_cast<int>(rng() % 5) - 2;
    }
    check(rig, "image_sample_c_lz", 0x1, q);
    check(rig, "image_sample_c_lz_o", 0xf, q);
    check(rig, "image_gather4_c_lz", 0x1, q);
  }
}

// gather4: the bilinear footprint's texels in hardware order, one
// component chosen by DMASK through DST_SEL, with offsets and levels.
TEST(Sampler, Gather4) {
  std::mt19937 rng(7);
  Rig rig;
  smp::Sampler s;
  s.mip = 1;
  ref::Image im = image2d(10, 4, 9, 7, 3);  // 8_8_8_8 uint: raw values
  im.sel[0] = ref::kSelW;
  im.sel[1] = ref::kSelZ;
  im.sel[2] = ref::kSelX;
  im.sel[3] = ref::kSel1;
  rig.make(im, s, rng);
  auto q = random_queries(rng, -0.3f, 1.3f);
  for (auto& x : q) {
    x.lod = uni(rng, -1, 3);
    x.offset[0] = static_cast<int>(rng() % 9) - 4;
    x.offset[1] = static_cast<int>(rng() % 9) - 4;
  }
  for (unsigned dmask : {1u, 2u, 4u, 8u}) check(rig, "image_gather4_lz", dmask, q);
  check(rig, "image_gather4_l", 0x2, q);
  check(rig, "image_gather4_lz_o", 0x1, q);
  check(rig, "image_gather4_l_o", 0x4, q, "d16");
}

// Unnormalized coordinates: the UNORM bit and the S#'s FORCE_UNNORMALIZED.
TEST(Sampler, UnnormalizedCoordinates) {
  std::mt19937 rng(8);
  Rig rig;
  smp::Sampler s;
  s.mag = s.min = 1;
  s.clamp[0] = s.clamp[1] = 2;
  rig.make(image2d(10, 0, 11, 5), s, rng);
  auto q = random_queries(rng, -2.0f, 13.0f);
  check(rig, "image_sample_lz", 0xf, q, "unorm");
  s.force_unnormalized = true;
  rig.set_sampler(s);
  check(rig, "image_sample_lz", 0xf, q);
  s.mag = s.min = 0;
  rig.set_sampler(s);
  check(rig, "image_sample_lz", 0xf, q);
}

// Point sampling converts texel coordinates to 1/256 by rounding unless
// the S# sets TRUNC_COORD (RADV sets it for nearest filtering to get
// floor semantics; HIP's tex2D snaps coordinates to texel edges and relies
// on the rounding). An R32 float row holding each texel's index shows the
// texel chosen: x = k + 0.999 is k + 1 rounded and k truncated; k + 0.99
// (253.44/256 past k) is k either way.
TEST(Sampler, PointSamplingRoundsUnlessTruncCoord) {
  std::mt19937 rng(10);
  for (const bool trunc : {false, true}) {
    SCOPED_TRACE(trunc ? "TRUNC_COORD" : "rounding");
    Rig rig;
    smp::Sampler s;
    s.trunc_coord = trunc;
    s.clamp[0] = s.clamp[1] = 2;  // clamp_last_texel
    s.force_unnormalized = true;
    rig.make(image2d(4, 7, 64, 1), s, rng);  // 32-bit float
    for (unsigned i = 0; i < 64; ++i) {
      const float v = static_cast<float>(i);
      std::memcpy(rig.mem + 4 * i, &v, 4);
    }
    std::vector<smp::Query> q(64);
    for (unsigned l = 0; l < 64; ++l) {
      q[l].coord[0] = static_cast<float>(l / 2) + (l % 2 ? 0.999f : 0.99f);
      q[l].coord[1] = 0.5f;
    }
    check(rig, "image_sample_lz", 0x1, q);
    for (unsigned l = 0; l < 64; ++l) {
      const unsigned k = l / 2;
      const unsigned want = (l % 2 && !trunc) ? std::min(k + 1, 63u) : k;
      EXPECT_EQ(ref::fval(rig.data[4 * l]), static_cast<float>(want)) << "lane " << l;
    }
  }
}

// 1D, 1D array, 2D array (slices rounded to nearest even, clamped) and 3D
// (Z_FILTER none follows the XY filter; point; linear).
TEST(Sampler, GeometriesAndArraySlices) {
  std::mt19937 rng(9);
  struct Geo {
    unsigned type, w, h, d, base_array;
  };
  const Geo geos[] = {{ref::k1D, 13, 1, 1, 0},
                      {ref::k1DArray, 9, 1, 5, 0},
                      {ref::k1DArray, 9, 1, 5, 2},
                      {ref::k2DArray, 7, 5, 4, 1},
                      {ref::k3D, 6, 5, 7, 0}};
  for (const Geo& g : geos)
    for (unsigned zf : {0u, 1u, 2u}) {
      if (g.type != ref::k3D && zf) continue;
      SCOPED_TRACE("type " + std::to_string(g.type) + " base array " +
                   std::to_string(g.base_array) + " Z_FILTER " + std::to_string(zf));
      Rig rig;
      smp::Sampler s;
      s.mag = s.min = 1;
      s.zf = zf;
      s.clamp[0] = 0;
      s.clamp[1] = 1;
      s.clamp[2] = 6;
      s.border_type = 1;
      ref::Image im = image2d(10, 0, g.w, g.h);
      im.type = g.type;
      im.depth = g.d;
      im.base_array = g.base_array;
      rig.make(im, s, rng);
      auto q = random_queries(rng, -0.4f, 1.4f);
      const unsigned slice_coord = spatial_of(g.type);
      if (arrayed(g.type))
        for (unsigned l = 0; l < 64; ++l) {
          // Slices: halves (ties to even), outside the view, fractions.
          const float picks[] = {0.5f, 1.5f, 2.5f, -3.0f, 9.0f, 1.4f, 2.6f, 0.0f};
          q[l].coord[slice_coord] = picks[l % 8];
        }
      check(rig, "image_sample_lz", 0xf, q);
      for (auto& x : q)
        for (int& o : x.offset) o = static_cast<int>(rng() % 11) - 5;
      check(rig, "image_sample_lz_o", 0xf, q);
    }
}

// Mip chains of 1D and 3D images: implicit LOD from quads over one and
// three coordinates, explicit gradients, trilinear (and linear in z).
TEST(Sampler, MipsOf1DAnd3D) {
  std::mt19937 rng(14);
  for (unsigned type : {ref::k1D, ref::k3D}) {
    SCOPED_TRACE("type " + std::to_string(type));
    Rig rig;
    smp::Sampler s;
    s.mag = 1;
    s.min = 1;
    s.mip = 2;
    s.clamp[0] = s.clamp[1] = s.clamp[2] = 1;
    ref::Image im = image2d(10, 0, 32, type == ref::k3D ? 8 : 1, 4);
    im.type = type;
    im.depth = type == ref::k3D ? 16 : 1;
    rig.make(im, s, rng);
    std::vector<smp::Query> q(64);
    for (unsigned l = 0; l < 64; ++l) {
      const float step = std::ldexp(1.0f, -static_cast<int>(l / 4 % 6)) * 0.3f;
      for (unsigned i = 0; i < 3; ++i) {
        const float base = l % 4 ? q[l & ~3u].coord[i] : uni(rng, 0, 1);
        q[l].coord[i] = base + step * ((l >> (i % 2)) & 1) * (i + 1);
        q[l].dh[i] = uni(rng, -0.2f, 0.2f);
        q[l].dv[i] = uni(rng, -0.2f, 0.2f);
      }
    }
    check(rig, "image_sample", 0xf, q);
    check(rig, "image_sample_d", 0xf, q);
    check(rig, "image_get_lod", 0x3, q);
  }
}

// Cube maps: face coordinates in [1, 2] and 8 * layer + face, as Mesa
// hands them over; footprints near the edges read the neighbouring faces
// (or clamp with DISABLE_CUBE_WRAP), through mips, gather4 and implicit
// and explicit LOD.
TEST(Sampler, CubeMapsAcrossFaceEdges) {
  std::mt19937 rng(15);
  ref::Image im = image2d(10, 0, 6, 6, 3);
  im.type = ref::kCube;
  im.depth = 12;  // two layers
  std::vector<smp::Query> q(64);
  for (unsigned l = 0; l < 64; ++l) {
    // Near the edges and corners mostly, exactly on them sometimes.
    for (unsigned i = 0; i < 2; ++i) {
      const float e = (rng() % 2) ? 1.0f : 2.0f;
      q[l].coord[i] = (rng() % 4) ? e + uni(rng, -0.15f, 0.15f) : uni(rng, 1.0f, 2.0f);
      q[l].coord[i] = std::fmin(2.0f, std::fmax(1.0f, q[l].coord[i]));
      q[l].dh[i] = uni(rng, -0.3f, 0.3f);
      q[l].dv[i] = uni(rng, -0.3f, 0.3f);
    }
    q[l].coord[2] = static_cast<float>(8 * (l / 32) + l % 6);
    q[l].lod = uni(rng, -0.5f, 2.5f);
  }
  q[0].coord[0] = q[0].coord[1] = 1.0f;  // a corner
  for (bool no_wrap : {false, true}) {
    SCOPED_TRACE(no_wrap ? "DISABLE_CUBE_WRAP" : "seamless");
    Rig rig;
    smp::Sampler s;
    s.mag = s.min = 1;
    s.mip = 2;
    s.disable_cube_wrap = no_wrap;
    rig.make(im, s, rng);
    check(rig, "image_sample_lz", 0xf, q);
    check(rig, "image_sample_l", 0xf, q);
    check(rig, "image_sample_d", 0xf, q);
    check(rig, "image_sample", 0xf, q);
    check(rig, "image_gather4_lz", 0x2, q);
    s.mag = s.min = 0;
    rig.set_sampler(s);
    check(rig, "image_sample_lz", 0xf, q);
  }
}

// FILTER_MODE min and max: the smallest/largest texel of the footprint
// (those with a weight), across two levels too.
TEST(Sampler, MinMaxReduction) {
  std::mt19937 rng(10);
  for (unsigned mode : {1u, 2u}) {
    Rig rig;
    smp::Sampler s;
    s.filter_mode = mode;
    s.mag = s.min = 1;
    s.mip = 2;
    rig.make(image2d(14, 7, 8, 8, 4), s, rng);
    auto q = random_queries(rng, 0, 1);
    for (auto& x : q) x.lod = uni(rng, -1, 4);
    check(rig, "image_sample_l", 0xf, q);
  }
}

// d16 and DST_SEL/DMASK as for loads.
TEST(Sampler, D16DmaskAndDstSel) {
  std::mt19937 rng(11);
  ref::Image im = image2d(12, 0, 6, 6);  // 16_16_16_16 unorm
  im.sel[0] = ref::kSelZ;
  im.sel[1] = ref::kSel1;
  im.sel[2] = ref::kSelX;
  im.sel[3] = ref::kSel0;
  Rig rig;
  smp::Sampler s;
  rig.make(im, s, rng);
  const auto q = random_queries(rng, 0, 1);
  for (unsigned dmask : {0x1u, 0x5u, 0xeu, 0xfu}) {
    check(rig, "image_sample_lz", dmask, q);
    check(rig, "image_sample_lz", dmask, q, "d16");
  }
}

// Every sample and gather4 form LLVM 14 knows, on a mipmapped 2D array:
// each reads its offset, bias, reference, gradients, coordinates, slice and
// LOD or clamp from the address VGPRs in IntrinsicsAMDGPU.td's order.
TEST(Sampler, EveryFormReadsItsAddressesInLlvmOrder) {
  std::mt19937 rng(13);
  Rig rig;
  smp::Sampler s;
  s.mag = 0;
  s.min = 1;
  s.mip = 2;
  s.compare = 3;  // less or equal
  s.clamp[0] = 0;
  s.clamp[1] = 1;
  ref::Image im = image2d(4, 7, 16, 8, 4);  // 32 float
  im.type = ref::k2DArray;
  im.depth = 3;
  rig.make(im, s, rng);
  auto q = random_queries(rng, -0.2f, 1.2f);
  for (unsigned l = 0; l < 64; ++l) {
    q[l].coord[2] = static_cast<float>(l % 3);
    q[l].lod = uni(rng, -0.5f, 3.5f);
    q[l].bias = uni(rng, -1.0f, 2.0f);
    q[l].clamp = uni(rng, 0.0f, 2.5f);
    q[l].ref = uni(rng, -2.0f, 2.0f);
    for (unsigned i = 0; i < 2; ++i) {
      q[l].dh[i] = uni(rng, -0.3f, 0.3f);
      q[l].dv[i] = uni(rng, -0.3f, 0.3f);
      q[l].offset[i] = static_cast<int>(rng() % 64) - 32;
    }
  }
  const char* mods[] = {"", "_b", "_b_cl", "_cl", "_l", "_lz", "_d", "_d_cl", "_cd", "_cd_cl"};
  unsigned forms = 0;
  for (const char* base : {"image_sample", "image_gather4"})
    for (const char* c : {"", "_c"})
      for (const char* m : mods)
        for (const char* o : {"", "_o"}) {
          const std::string op = std::string(base) + c + m + o;
          const bool gather = std::string(base) == "image_gather4";
          if (gather && (std::string(m).find('d') != std::string::npos)) continue;
          SCOPED_TRACE(op);
          check(rig, op, gather ? 0x1 : 0xf, q);
          ++forms;
        }
  EXPECT_EQ(forms, 40u + 24u);  // all of the MIMG table's sample and gather4 rows
}

// What sampling does not implement stops the dispatch with a message.
TEST(Sampler, UnimplementedFault) {
  std::mt19937 rng(12);
  Rig rig;
  smp::Sampler s;
  s.clamp[0] = 6;
  s.border_type = 3;  // the border colour table
  rig.make(image2d(4, 4, 4, 4), s, rng);
  auto res = rig.run("image_sample_lz v[8:11], v[20:21], s[16:23], s[24:27] dmask:0xf");
  ASSERT_FALSE(res.ok);
  EXPECT_NE(res.error.find("image_sample_lz: BORDER_COLOR_TYPE register"), std::string::npos)
      << res.error;
  s.border_type = 0;
  rig.set_sampler(s);
  res = rig.run("image_sample_c_lz v[8:11], v[20:22], s[16:23], s[24:27] dmask:0xf");
  ASSERT_FALSE(res.ok);
  EXPECT_NE(res.error.find("depth compare on an integer format"), std::string::npos) << res.error;
  // llvm-mc takes one DMASK bit only: the kernel with DMASK 0x1, then the
  // instruction's DMASK (bits 11:8 of its first word) made 0x3.
  auto a = gcn_test::assemble_gfx900(
      kernel("image_gather4_lz v[8:11], v[20:21], s[16:23], s[24:27] dmask:0x1"));
  ASSERT_TRUE(a.error.empty()) << a.error;
  unsigned patched = 0;
  for (uint32_t& word : a.words)
    if (word == 0xF11C0100u) {  // image_gather4_lz, dmask 0x1
      word = 0xF11C0300u;
      ++patched;
    }
  ASSERT_EQ(patched, 1u);
  res = rig.r.run_words(a.words, 64, 64,
                        {ptr(rig.tsharp), ptr(rig.ssharp), ptr(rig.addr), ptr(rig.data)});
  ASSERT_FALSE(res.ok);
  EXPECT_NE(res.error.find("image_gather4_lz: gather4 with DMASK"), std::string::npos) << res.error;
}

}  // namespace
