// MIMG rows and semantics. Vega ISA manual, chapter 8 "Image Memory
// Instructions"; opcodes and forms: LLVM 14's MIMGInstructions.td for gfx9,
// checked by llvm-mc-14 in tests/emulator/decoder_test.cpp.
//
// Row conventions: mem_dwords = the fewest address VGPRs (LLVM's smallest
// form, what its disassembler prints); VDATA's size comes from DMASK, d16
// and tfe (isa/decoder.h mimg_data_dwords).
//
// Implemented: image_load, image_load_mip, image_store, image_store_mip,
// image_get_resinfo and the image_atomic_* family on 1D, 1D array, 2D, 2D
// array, cube (faces as slices) and 3D images, linear (SW_MODE 0) or, but
// 1D, in gfx9's swizzled layouts (wave/image_swizzle.h); and, with an S#,
// every image_sample*, image_gather4* and image_get_lod form on 1D, 1D
// array, 2D, 2D array, 3D and cube images (ops_mimg_sample.cpp, with the
// S#, LOD and filtering in wave/image_sampler.*, cube faces in
// wave/image_cube.*); formats as wave/image_format.h lists. Everything
// else (the border colour table, depth compare on integer formats, the
// _pck forms, TFE/LWE, A16, swizzled 1D and the gfx9 modes not
// implemented, MSAA, other formats) faults the wave naming the
// instruction and what is missing. The helpers the sampling file shares
// are declared in mimg_access.h.
#include <cstring>
#include <string>

#include "gfx9_image_descriptor.h"
#include "isa/instruction.h"
#include "mimg_access.h"
#include "wave/image_format.h"
#include "wave/image_texel.h"
#include "wave/memory_ops.h"
#include "wave/valu.h"

namespace gcn {
namespace mimg {

void unsupported(Wave& w, const Inst& in, const std::string& what) {
  w.raise(FaultKind::kIllegalInstruction, w.pc,
          std::string(in.info->name) + ": " + what + " is not implemented by the virtual GPU");
}

bool prepare(Wave& w, const Inst& in, bool need_format, Access* a) {
  if (in.tfe || in.lwe) {
    unsupported(w, in, "TFE/LWE (partially resident textures)");
    return false;
  }
  if (in.a16) {
    unsupported(w, in, "A16 (16-bit addresses)");
    return false;
  }
  a->r = img::rsrc(w, in.rsrc);
  if (!img::dims(a->r.type, &a->d)) {
    unsupported(w, in, "resource TYPE " + std::to_string(a->r.type) + " (MSAA or not an image)");
    return false;
  }
  // The coordinates are the resource TYPE's, whatever DA says: ROCclr's
  // copy-to-image kernels (hipMemcpy*ToArray) treat every image as a 2D
  // array (DA=1, x, y, slice) and run on gfx9 hardware on 2D images (the
  // slice VGPR unread) and 3D ones (the slice VGPR read as z).
  // The decoder counted one address VGPR; the type may need more.
  const unsigned naddr = a->d.coords + (in.info->flags & kOpMipAddr ? 1 : 0);
  if (in.addr + naddr > w.nvgpr) {
    w.raise(FaultKind::kRegisterOutOfRange, w.pc,
            std::string(in.info->name) + ": address VGPRs v" + std::to_string(in.addr) + "..v" +
                std::to_string(in.addr + naddr - 1) + " pass the wave's " +
                std::to_string(w.nvgpr) + " VGPRs");
    return false;
  }
  if (!need_format) return true;
  const char* why = "";
  if (!img::format(a->r.data_format, a->r.num_format, &a->f, &why)) {
    unsupported(w, in,
                "DATA_FORMAT=" + std::to_string(a->r.data_format) +
                    " NUM_FORMAT=" + std::to_string(a->r.num_format) + " (" + why + ")");
    return false;
  }
  if (!img::layout_supported(a->r, a->d, a->f.bytes)) {
    unsupported(w, in,
                "swizzle mode SW_MODE=" + std::to_string(a->r.sw_mode) + " on TYPE " +
                    std::to_string(a->r.type) + " with " + std::to_string(a->f.bytes) +
                    "-byte texels (implemented: linear; 2D, 2D array, cube and 3D in the 256 B, "
                    "4 KiB and 64 KiB Z/S/D/R modes and their _X/_T forms as addrlib allows)");
    return false;
  }
  return true;
}

// The lane's coordinates and absolute level; false when out of range.
bool lane_texel(const Wave& w, const Inst& in, const Access& a, bool mip, unsigned l,
                uint64_t* offset) {
  uint32_t c[3] = {0, 0, 0};
  for (unsigned i = 0; i < a.d.coords; ++i) c[i] = w.v((in.addr + i) % w.nvgpr)[l];
  uint64_t level = a.r.base_level;
  if (mip) level += w.v((in.addr + a.d.coords) % w.nvgpr)[l];
  if (level > a.r.last_level) return false;
  return img::texel_offset(a.r, a.d, a.f.bytes, static_cast<unsigned>(level), c, offset);
}

// Reads or writes a texel in pieces the memory interface takes (4 bytes,
// or the whole texel when smaller).
bool read_texel(Wave& w, const Inst& in, uint64_t va, unsigned bytes, uint8_t* out) {
  const unsigned piece = bytes < 4 ? bytes : 4;
  for (unsigned o = 0; o < bytes; o += piece) {
    uint64_t v = 0;
    if (!mem::read(w, mem::global(va + o), piece, &v, in.info->name)) return false;
    std::memcpy(out + o, &v, piece);
  }
  return true;
}

bool write_texel(Wave& w, const Inst& in, uint64_t va, unsigned bytes, const uint8_t* data) {
  const unsigned piece = bytes < 4 ? bytes : 4;
  for (unsigned o = 0; o < bytes; o += piece) {
    uint64_t v = 0;
    std::memcpy(&v, data + o, piece);
    if (!mem::write(w, mem::global(va + o), piece, v, in.info->name)) return false;
  }
  return true;
}

// DST_SEL: returned component i is sel[i] of the texel's components.
uint32_t select(unsigned sel, const uint32_t comp[4], bool float_result) {
  switch (sel) {
    case FW_SQ_SEL_0:
      return 0;
    case FW_SQ_SEL_1:
      return float_result ? 0x3F800000u : 1u;
    case FW_SQ_SEL_X:
    case FW_SQ_SEL_Y:
    case FW_SQ_SEL_Z:
    case FW_SQ_SEL_W:
      return comp[sel - FW_SQ_SEL_X];
    default:
      return 0;
  }
}

// A 32-bit component value as the 16 bits d16 returns: floats (unorm,
// snorm, float formats) round to f16, integers keep their low 16 bits.
uint16_t to_d16(uint32_t v, bool float_result) {
  if (!float_result) return static_cast<uint16_t>(v);
  float f;
  std::memcpy(&f, &v, 4);
  return f64_to_f16(static_cast<double>(f));
}

uint32_t from_d16(uint16_t h, const img::Format& f) {
  if (f.float_result()) {
    const float x = static_cast<float>(f16_to_f64(h));
    uint32_t u;
    std::memcpy(&u, &x, 4);
    return u;
  }
  return f.num == img::Num::kSint
             ? static_cast<uint32_t>(static_cast<int32_t>(static_cast<int16_t>(h)))
             : h;
}

// Returned values (DMASK's components, in order) into VDATA.
void put_results(Wave& w, const Inst& in, unsigned l, const uint32_t* vals, unsigned n,
                 bool float_result) {
  for (unsigned k = 0; k < n; ++k) {
    if (!in.d16) {
      w.v((in.data0 + k) % w.nvgpr)[l] = vals[k];
      continue;
    }
    uint32_t& r = w.v((in.data0 + k / 2) % w.nvgpr)[l];
    const uint32_t h = to_d16(vals[k], float_result);
    r = (k % 2) ? (r & 0xFFFFu) | h << 16 : (r & 0xFFFF0000u) | h;
  }
}

}  // namespace mimg

namespace {

using mem::AtomicOp;
using mimg::Access;
using mimg::from_d16;
using mimg::lane_texel;
using mimg::prepare;
using mimg::put_results;
using mimg::read_texel;
using mimg::select;
using mimg::unsupported;
using mimg::write_texel;

template <bool Mip>
void image_load(Wave& w, const Inst& in) {
  Access a;
  if (!prepare(w, in, true, &a)) return;
  uint32_t out[kWaveSize][4];
  unsigned n = 0;
  const uint64_t exec = w.exec();
  bool ok = true;
  for_active(exec, [&](unsigned l) {
    if (!ok) return;
    uint32_t comp[4] = {0, 0, 0, 0};
    uint64_t off = 0;
    bool in_range = lane_texel(w, in, a, Mip, l, &off);
    if (in_range) {
      uint8_t texel[16];
      ok = read_texel(w, in, a.r.base + off, a.f.bytes, texel);
      if (!ok) return;
      img::decode(a.f, texel, comp);
    }
    n = 0;
    for (unsigned i = 0; i < 4; ++i) {
      if (!((in.dmask >> i) & 1)) continue;
      // Out of range: every component reads 0, swizzle constants too.
      out[l][n++] = in_range ? select(a.r.dst_sel[i], comp, a.f.float_result()) : 0;
    }
  });
  if (!ok) return;
  if (in.dmask == 0) return;
  for_active(exec, [&](unsigned l) { put_results(w, in, l, out[l], n, a.f.float_result()); });
}

template <bool Mip>
void image_store(Wave& w, const Inst& in) {
  Access a;
  if (!prepare(w, in, true, &a)) return;
  bool ok = true;
  for_active(w.exec(), [&](unsigned l) {
    if (!ok) return;
    // DMASK's components from consecutive VGPRs (d16: halves).
    uint32_t data[4] = {0, 0, 0, 0};
    unsigned k = 0;
    for (unsigned i = 0; i < 4; ++i) {
      if (!((in.dmask >> i) & 1)) continue;
      if (in.d16) {
        const uint32_t r = w.v((in.data0 + k / 2) % w.nvgpr)[l];
        data[i] = from_d16(static_cast<uint16_t>(k % 2 ? r >> 16 : r), a.f);
      } else {
        data[i] = w.v((in.data0 + k) % w.nvgpr)[l];
      }
      ++k;
    }
    // The inverse of DST_SEL: memory component c takes the data component
    // whose selector names it; components no selector names keep memory's.
    uint32_t comp[4] = {0, 0, 0, 0};
    unsigned write = 0;
    for (unsigned i = 0; i < 4; ++i) {
      const unsigned sel = a.r.dst_sel[i];
      if (!((in.dmask >> i) & 1) || sel < FW_SQ_SEL_X) continue;
      comp[sel - FW_SQ_SEL_X] = data[i];
      write |= 1u << (sel - FW_SQ_SEL_X);
    }
    uint64_t off = 0;
    if (!write || !lane_texel(w, in, a, Mip, l, &off)) return;  // dropped
    uint8_t texel[16] = {};
    const unsigned all = (1u << a.f.comps) - 1;
    if ((write & all) != all) {
      ok = read_texel(w, in, a.r.base + off, a.f.bytes, texel);
      if (!ok) return;
    }
    img::encode(a.f, comp, write, texel);
    ok = write_texel(w, in, a.r.base + off, a.f.bytes, texel);
  });
}

// IMAGE_GET_RESINFO: VADDR = mip level (from BASE_LEVEL); returns width,
// height, depth (3D) or slices (arrays), and the level count
// LAST_LEVEL - BASE_LEVEL + 1, picked by DMASK. A level beyond LAST_LEVEL
// returns 0 sizes.
void image_get_resinfo(Wave& w, const Inst& in) {
  Access a;
  if (!prepare(w, in, false, &a)) return;
  if (in.d16) {
    unsupported(w, in, "d16");
    return;
  }
  const uint64_t exec = w.exec();
  for_active(exec, [&](unsigned l) {
    const uint64_t level = uint64_t{a.r.base_level} + w.v(in.addr % w.nvgpr)[l];
    uint32_t info[4] = {0, 0, 0, a.r.last_level - a.r.base_level + 1};
    if (a.r.last_level < a.r.base_level) info[3] = 0;
    if (level <= a.r.last_level) {
      unsigned s[3];
      img::level_size(a.r, a.d, static_cast<unsigned>(level), s);
      info[0] = s[0];
      if (a.d.coords > 1) info[1] = s[1];
      if (a.d.coords > 2) info[2] = s[2];
      if (a.d.array) info[a.d.coords - 1] -= a.r.base_array;
    }
    uint32_t vals[4];
    unsigned n = 0;
    for (unsigned i = 0; i < 4; ++i)
      if ((in.dmask >> i) & 1) vals[n++] = info[i];
    put_results(w, in, l, vals, n, false);
  });
}

// IMAGE_ATOMIC_*: one 32-bit (DMASK 0x1) or 64-bit (0x3) integer texel;
// cmpswap takes data then compare (0x3: 32-bit, 0xf: 64-bit). With glc the
// texel's previous value returns to VDATA. Out of range: nothing changes
// and 0 returns.
template <AtomicOp Op>
void image_atomic(Wave& w, const Inst& in) {
  Access a;
  if (!prepare(w, in, true, &a)) return;
  const bool cmp = Op == AtomicOp::kCmpSwap;
  const unsigned dwords = cmp ? (in.dmask == 0x3   ? 1
                                 : in.dmask == 0xf ? 2
                                                   : 0)
                              : (in.dmask == 0x1   ? 1
                                 : in.dmask == 0x3 ? 2
                                                   : 0);
  if (dwords == 0 || in.d16) {
    unsupported(w, in, "DMASK 0x" + std::to_string(in.dmask) + (in.d16 ? " with d16" : ""));
    return;
  }
  if (a.f.comps != dwords || a.f.bits[0] != 32 ||
      (a.f.num != img::Num::kUint && a.f.num != img::Num::kSint)) {
    unsupported(w, in,
                "an atomic on a texel that is not " + std::to_string(dwords * 32) +
                    "-bit uint/sint (DATA_FORMAT=" + std::to_string(a.r.data_format) +
                    " NUM_FORMAT=" + std::to_string(a.r.num_format) + ")");
    return;
  }
  const bool wide = dwords == 2;
  uint64_t olds[kWaveSize];
  const uint64_t exec = w.exec();
  bool ok = true;
  for_active(exec, [&](unsigned l) {
    olds[l] = 0;
    if (!ok) return;
    const uint64_t da = wide ? mem::vreg64(w, in.data0, l) : w.v(in.data0)[l];
    uint64_t db = 0;
    if (cmp) db = wide ? mem::vreg64(w, in.data0 + 2, l) : w.v(in.data0 + 1)[l];
    uint64_t off = 0;
    if (!lane_texel(w, in, a, false, l, &off)) return;
    ok = mem::atomic(w, mem::global(a.r.base + off), Op, wide, da, db, &olds[l], in.info->name);
  });
  if (!ok || !in.glc) return;
  for_active(exec, [&](unsigned l) {
    w.v(in.data0)[l] = static_cast<uint32_t>(olds[l]);
    if (wide) w.v(in.data0 + 1)[l] = static_cast<uint32_t>(olds[l] >> 32);
  });
}

void image_pck(Wave& w, const Inst& in) { unsupported(w, in, "the packed (_pck) form"); }

void image_sample(Wave& w, const Inst& in) { mimg::sample(w, in); }

constexpr Ty N = Ty::None, B32 = Ty::B32;
constexpr uint32_t kSt = kOpStore | kOpNoDst, kLd = kOpLoad, kAt = kOpAtomic;
constexpr uint32_t kSmp = kOpLoad | kOpSampler, kG4 = kOpLoad | kOpSampler | kOpGather4;

#define IM(name, op, fn, dst, src0, flags, va) \
  { "image_" name, Format::MIMG, op, fn, dst, src0, N, N, flags, va }
#define AT(name, op, O) IM("atomic_" name, op, image_atomic<O>, B32, B32, kAt, 1)
#define SMP(name, op, va) IM(name, op, image_sample, B32, N, kSmp, va)
#define G4(name, op, va) IM(name, op, image_sample, B32, N, kG4, va)

const OpcodeInfo kRows[] = {
    IM("load", 0, image_load<false>, B32, N, kLd, 1),
    IM("load_mip", 1, image_load<true>, B32, N, kLd | kOpMipAddr, 1),
    IM("load_pck", 2, image_pck, B32, N, kLd, 1),
    IM("load_pck_sgn", 3, image_pck, B32, N, kLd, 1),
    IM("load_mip_pck", 4, image_pck, B32, N, kLd, 1),
    IM("load_mip_pck_sgn", 5, image_pck, B32, N, kLd, 1),
    IM("store", 8, image_store<false>, N, B32, kSt, 1),
    IM("store_mip", 9, image_store<true>, N, B32, kSt | kOpMipAddr, 1),
    IM("store_pck", 10, image_pck, N, B32, kSt, 1),
    IM("store_mip_pck", 11, image_pck, N, B32, kSt, 1),
    IM("get_resinfo", 14, image_get_resinfo, B32, N, kLd, 1),
    AT("swap", 16, AtomicOp::kSwap),
    AT("cmpswap", 17, AtomicOp::kCmpSwap),
    AT("add", 18, AtomicOp::kAdd),
    AT("sub", 19, AtomicOp::kSub),
    AT("smin", 20, AtomicOp::kSMin),
    AT("umin", 21, AtomicOp::kUMin),
    AT("smax", 22, AtomicOp::kSMax),
    AT("umax", 23, AtomicOp::kUMax),
    AT("and", 24, AtomicOp::kAnd),
    AT("or", 25, AtomicOp::kOr),
    AT("xor", 26, AtomicOp::kXor),
    AT("inc", 27, AtomicOp::kInc),
    AT("dec", 28, AtomicOp::kDec),
    SMP("sample", 32, 1),
    SMP("sample_cl", 33, 1),
    SMP("sample_d", 34, 2),
    SMP("sample_d_cl", 35, 2),
    SMP("sample_l", 36, 1),
    SMP("sample_b", 37, 2),
    SMP("sample_b_cl", 38, 2),
    SMP("sample_lz", 39, 1),
    SMP("sample_c", 40, 2),
    SMP("sample_c_cl", 41, 2),
    SMP("sample_c_d", 42, 3),
    SMP("sample_c_d_cl", 43, 3),
    SMP("sample_c_l", 44, 2),
    SMP("sample_c_b", 45, 3),
    SMP("sample_c_b_cl", 46, 3),
    SMP("sample_c_lz", 47, 2),
    SMP("sample_o", 48, 2),
    SMP("sample_cl_o", 49, 2),
    SMP("sample_d_o", 50, 3),
    SMP("sample_d_cl_o", 51, 3),
    SMP("sample_l_o", 52, 2),
    SMP("sample_b_o", 53, 3),
    SMP("sample_b_cl_o", 54, 3),
    SMP("sample_lz_o", 55, 2),
    SMP("sample_c_o", 56, 3),
    SMP("sample_c_cl_o", 57, 3),
    SMP("sample_c_d_o", 58, 4),
    SMP("sample_c_d_cl_o", 59, 4),
    SMP("sample_c_l_o", 60, 3),
    SMP("sample_c_b_o", 61, 4),
    SMP("sample_c_b_cl_o", 62, 4),
    SMP("sample_c_lz_o", 63, 3),
    G4("gather4", 64, 1),
    G4("gather4_cl", 65, 1),
    G4("gather4_l", 68, 1),
    G4("gather4_b", 69, 2),
    G4("gather4_b_cl", 70, 2),
    G4("gather4_lz", 71, 1),
    G4("gather4_c", 72, 2),
    G4("gather4_c_cl", 73, 2),
    G4("gather4_c_l", 76, 2),
    G4("gather4_c_b", 77, 3),
    G4("gather4_c_b_cl", 78, 3),
    G4("gather4_c_lz", 79, 2),
    G4("gather4_o", 80, 2),
    G4("gather4_cl_o", 81, 2),
    G4("gather4_l_o", 84, 2),
    G4("gather4_b_o", 85, 3),
    G4("gather4_b_cl_o", 86, 3),
    G4("gather4_lz_o", 87, 2),
    G4("gather4_c_o", 88, 3),
    G4("gather4_c_cl_o", 89, 3),
    G4("gather4_c_l_o", 92, 3),
    G4("gather4_c_b_o", 93, 4),
    G4("gather4_c_b_cl_o", 94, 4),
    G4("gather4_c_lz_o", 95, 3),
    SMP("get_lod", 96, 1),
    SMP("sample_cd", 104, 2),
    SMP("sample_cd_cl", 105, 2),
    SMP("sample_c_cd", 106, 3),
    SMP("sample_c_cd_cl", 107, 3),
    SMP("sample_cd_o", 108, 3),
    SMP("sample_cd_cl_o", 109, 3),
    SMP("sample_c_cd_o", 110, 4),
    SMP("sample_c_cd_cl_o", 111, 4),
};

#undef IM
#undef AT
#undef SMP
#undef G4

}  // namespace

extern const OpcodeTable kMimgTable = {kRows, sizeof(kRows) / sizeof(kRows[0])};

}  // namespace gcn
