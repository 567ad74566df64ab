// MIMG sampling semantics: image_sample*, image_gather4* and image_get_lod
// (their rows are in ops_mimg.cpp). The S#, LOD and filtering are
// wave/image_sampler.*; this file reads each lane's address VGPRs and
// writes the results.
//
// Address VGPRs, in order (LLVM 14's IntrinsicsAMDGPU.td,
// AMDGPUDimProfile::AddrArgs and AMDGPUSampleVariant): the _o offset, the
// _b bias, the _c reference, the _d/_cd gradients (d/dh of each spatial
// coordinate, then d/dv of each), the coordinates (x, y, z, or the slice
// last for arrays), then the _l LOD or the _cl clamp. The offset dword
// packs three 6-bit signed texel offsets at bits 0, 8 and 16 (x, y, z: how
// Mesa's ac_nir_to_llvm packs them). Coordinates are f32 (A16 faults).
//
// Implicit LOD (the forms without _l, _lz, _d or _cd): in compute, as in
// a pixel shader's quad, lanes 4k..4k+3 form a 2x2 quad (4k top left, +1
// top right, +2 bottom left, +3 bottom right: the layout Mesa's
// ac_build_ddxy in src/amd/llvm/ac_llvm_build.c states) and a lane's d/dh
// comes from the pair it forms with lane ^ 1, d/dv from lane ^ 2 (right
// minus left, bottom minus top), read whatever EXEC says.
//
// Cube maps (TYPE CUBE, DA): the coordinates are what Mesa's
// ac_prepare_cube_coords hands the hardware: x, y = V_CUBESC/V_CUBETC
// divided by |V_CUBEMA| plus 1.5 (the face's normalized coordinates plus
// 1, in [1, 2]) and z = 8 * layer + V_CUBEID; gradients (_d) are the
// face coordinates' (2 per direction). Filtering crosses face edges
// (image_cube.h) unless the S#'s DISABLE_CUBE_WRAP.
#include <cmath>
#include <cstring>
#include <string>

#include "gfx9_image_descriptor.h"
#include "mimg_access.h"
#include "wave/image_sampler.h"
#include "wave/memory_ops.h"

namespace gcn {

extern const OpcodeTable kMimgTable;  // ops_mimg.cpp

namespace mimg {
namespace {

// The modifiers a sampling mnemonic carries.
struct Variant {
  bool offset = false, bias = false, compare = false, gradients = false;
  bool lod = false, lz = false, clamp = false, gather = false, get_lod = false;
};

Variant variant(const std::string& name) {
  Variant v;
  std::string rest;
  if (name.rfind("image_gather4", 0) == 0) {
    v.gather = true;
    rest = name.substr(13);
  } else if (name == "image_get_lod") {
    v.get_lod = true;
  } else {
    rest = name.substr(12);  // after "image_sample"
  }
  size_t p = 0;
  while (p < rest.size()) {
    const size_t q = rest.find('_', p + 1);
    const std::string t =
        rest.substr(p + 1, q == std::string::npos ? std::string::npos : q - p - 1);
    if (t == "o") v.offset = true;
    if (t == "b") v.bias = true;
    if (t == "c") v.compare = true;
    if (t == "d" || t == "cd") v.gradients = true;
    if (t == "l") v.lod = true;
    if (t == "lz") v.lz = true;
    if (t == "cl") v.clamp = true;
    p = q == std::string::npos ? rest.size() : q;
  }
  return v;
}

// Round to nearest even without the host's rounding mode (MODE may have
// changed it).
double round_even(double x) {
  const double fl = std::floor(x);
  const double diff = x - fl;
  if (diff > 0.5) return fl + 1;
  if (diff < 0.5) return fl;
  return std::fmod(fl, 2.0) == 0 ? fl : fl + 1;
}

int sext6(uint32_t v) { return static_cast<int>(v & 0x3F) - ((v & 0x20) ? 64 : 0); }

int fixed_lod(float x) {
  const double d = std::isnan(x) ? 0.0 : static_cast<double>(x);
  const double c = d < -32 ? -32 : (d > 32 ? 32 : d);
  return static_cast<int>(std::floor(c * img::kFrac));
}

// A row's variant, parsed from its mnemonic once per opcode rather than on
// every execution (MIMG opcodes are 7 bits).
const Variant& variant_of(const OpcodeInfo& row) {
  static const auto* table = [] {
    auto* t = new Variant[128];
    for (size_t i = 0; i < kMimgTable.count; ++i) {
      const OpcodeInfo& r = kMimgTable.rows[i];
      const std::string name = r.name;
      if (name.rfind("image_sample", 0) == 0 || name.rfind("image_gather4", 0) == 0 ||
          name == "image_get_lod")
        t[r.opcode & 127] = variant(name);
    }
    return t;
  }();
  return table[row.opcode & 127];
}

}  // namespace

void sample(Wave& w, const Inst& in) {
  Access a;
  if (!prepare(w, in, true, &a)) return;
  const Variant& v = variant_of(*in.info);
  const img::Sampler s = img::sampler(w, in.ssamp);
  const bool cube = a.r.type == FW_SQ_RSRC_IMG_CUBE;
  if (cube && (in.unorm || s.force_unnormalized)) {
    unsupported(w, in, "unnormalized coordinates on a cube map");
    return;
  }
  const unsigned spatial = a.d.coords - (a.d.array ? 1 : 0);
  for (unsigned i = 0; i < (cube ? 0 : spatial); ++i)
    if (s.border_type == FW_SQ_TEX_BORDER_COLOR_REGISTER && img::uses_border(s.clamp[i])) {
      unsupported(w, in, "BORDER_COLOR_TYPE register (the border colour table)");
      return;
    }
  const bool integer = !a.f.float_result();
  if (v.compare && integer) {
    unsupported(w, in, "depth compare on an integer format");
    return;
  }
  if (v.gather && (in.dmask == 0 || (in.dmask & (in.dmask - 1)))) {
    const char hex[] = "0123456789abcdef";
    unsupported(
        w, in,
        std::string("gather4 with DMASK 0x") + hex[in.dmask & 0xF] + " (it takes one component)");
    return;
  }
  // Address VGPR positions.
  unsigned k = 0;
  const unsigned off_reg = k;
  k += v.offset;
  const unsigned bias_reg = k;
  k += v.bias;
  const unsigned ref_reg = k;
  k += v.compare;
  const unsigned grad_reg = k;
  k += v.gradients ? 2 * spatial : 0;
  const unsigned coord_reg = k;
  k += a.d.coords;
  const unsigned lod_reg = k;
  k += (v.lod || v.clamp) ? 1 : 0;
  if (in.addr + k > w.nvgpr) {
    w.raise(FaultKind::kRegisterOutOfRange, w.pc,
            std::string(in.info->name) + ": address VGPRs v" + std::to_string(in.addr) + "..v" +
                std::to_string(in.addr + k - 1) + " pass the wave's " + std::to_string(w.nvgpr) +
                " VGPRs");
    return;
  }
  const auto reg = [&](unsigned i) { return w.v((in.addr + i) % w.nvgpr); };
  const bool normalized = !(in.unorm || s.force_unnormalized);
  unsigned base_size[3];
  img::level_size(a.r, a.d, a.r.base_level, base_size);
  float scale[3] = {1, 1, 1};
  for (unsigned i = 0; i < spatial; ++i)
    if (normalized) scale[i] = static_cast<float>(base_size[i]);
  const int rsrc_min_lod =
      static_cast<int>(FW_FIELD_GET(w.sgpr[(in.rsrc + 1) % op::kSgprFileSize], FW_IMG_W1_MIN_LOD));
  const unsigned slices = a.r.depth > a.r.base_array ? a.r.depth - a.r.base_array : 1;
  const bool fr = a.f.float_result();

  const img::Fetch fetch = [&](unsigned level, const uint32_t c[3], uint32_t out[4]) {
    uint64_t off = 0;
    if (!img::texel_offset(a.r, a.d, a.f.bytes, level, c, &off)) {
      out[0] = out[1] = out[2] = out[3] = 0;
      return true;
    }
    uint8_t texel[16];
    if (!read_texel(w, in, a.r.base + off, a.f.bytes, texel)) return false;
    img::decode(a.f, texel, out);
    return true;
  };

  uint32_t res[kWaveSize][4];
  unsigned n = 0;
  bool ok = true;
  const uint64_t exec = w.exec();
  for_active(exec, [&](unsigned l) {
    if (!ok) return;
    img::Lookup q;
    q.normalized = normalized;
    for (unsigned i = 0; i < spatial; ++i) q.coord[i] = as_f32(reg(coord_reg + i)[l]);
    if (cube) {
      // Face coordinates come in [1, 2]; the third is 8 * layer + face.
      q.cube = true;
      q.coord[0] -= 1.0f;
      q.coord[1] -= 1.0f;
      const float fz = as_f32(reg(coord_reg + 2)[l]);
      const double z = std::isnan(fz) || fz < 0 ? 0.0 : (fz > 65535 ? 65535 : fz);
      const unsigned k = static_cast<unsigned>(round_even(z));
      const unsigned layers = slices / 6 ? slices / 6 : 1;
      q.face = k % 8 > 5 ? 5 : k % 8;
      q.slice = (k / 8 < layers ? k / 8 : layers - 1) * 6 + q.face;
    } else if (a.d.array) {
      const float sl = as_f32(reg(coord_reg + spatial)[l]);
      double c = std::isnan(sl) ? 0.0 : static_cast<double>(sl);
      c = c < 0 ? 0 : (c > slices - 1 ? slices - 1 : c);
      q.slice = static_cast<uint32_t>(round_even(c));
    }
    if (v.offset) {
      const uint32_t o = reg(off_reg)[l];
      for (unsigned i = 0; i < 3; ++i) q.offset[i] = i < spatial ? sext6(o >> (8 * i)) : 0;
    }
    if (v.compare) {
      q.compare = true;
      q.ref = as_f32(reg(ref_reg)[l]);
    }
    // lambda_base.
    double lambda = 0;
    if (v.lod) {
      lambda = as_f32(reg(lod_reg)[l]);
    } else if (!v.lz) {
      float dh[3] = {0, 0, 0}, dv[3] = {0, 0, 0};
      for (unsigned i = 0; i < spatial; ++i) {
        if (v.gradients) {
          dh[i] = as_f32(reg(grad_reg + i)[l]);
          dv[i] = as_f32(reg(grad_reg + spatial + i)[l]);
        } else {
          const uint32_t* c = reg(coord_reg + i);
          dh[i] = as_f32(c[l | 1]) - as_f32(c[l & ~1u]);
          dv[i] = as_f32(c[l | 2]) - as_f32(c[l & ~2u]);
        }
      }
      lambda = img::lod_from_gradients(spatial, dh, dv, scale);
    }
    if (v.bias) lambda += as_f32(reg(bias_reg)[l]);
    const int unclamped = img::lod_fixed(lambda, s);
    const int clamp = v.clamp ? fixed_lod(as_f32(reg(lod_reg)[l])) : INT32_MIN;
    q.lod = img::lod_clamp(unclamped, s, rsrc_min_lod, clamp);
    n = 0;
    if (v.get_lod) {
      float lv[2];
      img::get_lod(a.r, q.lod, unclamped, lv);
      const uint32_t info[4] = {as_u32(lv[0]), as_u32(lv[1]), 0, 0};
      for (unsigned i = 0; i < 4; ++i)
        if ((in.dmask >> i) & 1) res[l][n++] = info[i];
      return;
    }
    if (v.gather) {
      uint32_t t[4][4];
      ok = img::gather4(a.r, a.d, a.f, s, q, fetch, t);
      if (!ok) return;
      unsigned c = 0;
      while (!((in.dmask >> c) & 1)) ++c;
      for (unsigned i = 0; i < 4; ++i) res[l][n++] = select(a.r.dst_sel[c], t[i], fr);
      return;
    }
    uint32_t comp[4];
    ok = img::sample(a.r, a.d, a.f, s, q, fetch, comp);
    if (!ok) return;
    for (unsigned i = 0; i < 4; ++i)
      if ((in.dmask >> i) & 1) res[l][n++] = select(a.r.dst_sel[i], comp, fr);
  });
  if (!ok || n == 0) return;
  for_active(exec, [&](unsigned l) { put_results(w, in, l, res[l], n, fr || v.get_lod); });
}

}  // namespace mimg
}  // namespace gcn
