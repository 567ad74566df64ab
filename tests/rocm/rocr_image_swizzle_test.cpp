// Debian's ROCr's images on the virtual GPU, in the layouts ROCr picks
// (OPAQUE: 64 KiB or 4 KiB _D_X blocks for 2D and 2D arrays, _Z_X for 3D,
// linear for 1D; tests/rocm/image_layout_probe prints them). For each
// geometry and format: hsa_ext_image_import of CPU data, then the image's
// raw memory against the CPU reference address function
// (tests/support/swizzle_reference.*), hsa_ext_image_copy of a sub-region
// into a second image, hsa_ext_image_clear of a region of it, and
// hsa_ext_image_export of both, every texel against a CPU computation.
// ROCr's import, copy and clear run its blit kernels (image_load and
// image_store on the virtual GPU's MIMG).
#include <hsa/hsa_ext_image.h>

#include <cstring>
#include <string>
#include <vector>

#include "rocr_fixture.h"
#include "swizzle_reference.h"

namespace rocm_test {
namespace {

struct Format {
  const char* name;
  hsa_ext_image_channel_type_t type;
  hsa_ext_image_channel_order_t order;
  unsigned bpe_log2;
};

const Format kRgba8 = {"rgba8_unorm", HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8,
                       HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA, 2};
const Format kR32f = {"r32f", HSA_EXT_IMAGE_CHANNEL_TYPE_FLOAT, HSA_EXT_IMAGE_CHANNEL_ORDER_R, 2};
const Format kRgba32u = {"rgba32ui", HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT32,
                         HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA, 4};
const Format kRg16 = {"rg16_unorm", HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT16,
                      HSA_EXT_IMAGE_CHANNEL_ORDER_RG, 2};
const Format kR8u = {"r8ui", HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT8,
                     HSA_EXT_IMAGE_CHANNEL_ORDER_R, 0};
const Format kRg32u = {"rg32ui", HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT32,
                       HSA_EXT_IMAGE_CHANNEL_ORDER_RG, 3};
const Format kR16u = {"r16ui", HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT16,
                      HSA_EXT_IMAGE_CHANNEL_ORDER_R, 1};

struct Shape {
  hsa_ext_image_geometry_t g;
  unsigned w, h, d;  // d: 3D depth or array slices
};

bool is_3d(const Shape& s) { return s.g == HSA_EXT_IMAGE_GEOMETRY_3D; }
bool is_1d(const Shape& s) { return s.g == HSA_EXT_IMAGE_GEOMETRY_1D; }

// A texel's CPU bytes: distinct per texel, finite floats for R32F.
void texel_bytes(const Format& f, unsigned x, unsigned y, unsigned z, uint8_t* out) {
  const unsigned n = 1u << f.bpe_log2;
  if (f.type == HSA_EXT_IMAGE_CHANNEL_TYPE_FLOAT) {
    const float v = static_cast<float>(x) + 1000.0f * static_cast<float>(y) + 0.25f * z;
    std::memcpy(out, &v, 4);
    return;
  }
  uint32_t seed = (x * 73856093u) ^ (y * 19349663u) ^ (z * 83492791u) ^ 0x9e3779b9u;
  for (unsigned i = 0; i < n; ++i) {
    seed = seed * 1103515245u + 12345u;
    out[i] = static_cast<uint8_t>(seed >> 16);
  }
}

// What hsa_ext_image_clear stores for the test's colour.
void clear_bytes(const Format& f, uint8_t* out) {
  if (f.type == HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8) {
    const uint8_t v[4] = {51, 153, 0, 255};  // 0.2, 0.6, 0, 1
    std::memcpy(out, v, 4);
  } else if (f.type == HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT16) {
    const uint16_t v[2] = {16384, 65535};  // 0.25, 1
    std::memcpy(out, v, 4);
  } else if (f.type == HSA_EXT_IMAGE_CHANNEL_TYPE_FLOAT) {
    const float v = 3.5f;
    std::memcpy(out, &v, 4);
  } else {
    const uint32_t v[4] = {0x12345678u, 0x9abcdef0u, 7u, 0xffffffffu};
    for (unsigned i = 0; i < (1u << f.bpe_log2); ++i) {
      // Each channel keeps its low bits (the format's width).
      const unsigned width = f.type == HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT8    ? 1
                             : f.type == HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT16 ? 2
                                                                                   : 4;
      const uint32_t c = v[i / width];
      // Saturating conversion: channels wider than the format clamp.
      const uint32_t max = width == 4 ? 0xffffffffu : (1u << (8 * width)) - 1;
      const uint32_t sat = c > max ? max : c;
      out[i] = static_cast<uint8_t>(sat >> (8 * (i % width)));
    }
  }
}

const void* clear_color(const Format& f) {
  static const float kUnorm8[4] = {0.2f, 0.6f, 0.0f, 1.0f};
  static const float kUnorm16[4] = {0.25f, 1.0f, 0.0f, 1.0f};
  static const float kFloat[4] = {3.5f, 0.0f, 0.0f, 1.0f};
  static const uint32_t kUint[4] = {0x12345678u, 0x9abcdef0u, 7u, 0xffffffffu};
  if (f.type == HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8) return kUnorm8;
  if (f.type == HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT16) return kUnorm16;
  if (f.type == HSA_EXT_IMAGE_CHANNEL_TYPE_FLOAT) return kFloat;
  return kUint;
}

// Image memory in VRAM at the alignment ROCr asks for.
struct Backing {
  Backing(const Agents& a, size_t size, size_t align) : buf(a.vram, size + align) {
    const auto p = reinterpret_cast<uintptr_t>(buf.get());
    ptr = reinterpret_cast<void*>((p + align - 1) / align * align);
  }
  PoolBuffer buf;
  void* ptr = nullptr;
};

bool inside(unsigned v, unsigned lo, unsigned n) { return v >= lo && v < lo + n; }

void run_case(const Agents& agents, const Shape& sh, const Format& f) {
  SCOPED_TRACE(std::string(f.name) + " geometry " + std::to_string(sh.g) + " " +
               std::to_string(sh.w) + "x" + std::to_string(sh.h) + "x" + std::to_string(sh.d));
  const unsigned bpe = 1u << f.bpe_log2;
  hsa_ext_image_descriptor_t desc{};
  desc.geometry = sh.g;
  desc.width = sh.w;
  desc.height = is_1d(sh) ? 0 : sh.h;
  desc.depth = is_3d(sh) ? sh.d : 0;
  desc.array_size = sh.g == HSA_EXT_IMAGE_GEOMETRY_2DA ? sh.d : 0;
  desc.format = {f.type, f.order};
  const unsigned h = is_1d(sh) ? 1 : sh.h;
  hsa_ext_image_data_info_t info{};
  ASSERT_EQ(hsa_ext_image_data_get_info(agents.gpu, &desc, HSA_ACCESS_PERMISSION_RW, &info),
            HSA_STATUS_SUCCESS);
  Backing a(agents, info.size, info.alignment), b(agents, info.size, info.alignment);
  ASSERT_TRUE(a.buf.get() && b.buf.get());
  ASSERT_EQ(hsa_amd_memory_fill(b.ptr, 0, info.size / 4), HSA_STATUS_SUCCESS);
  hsa_ext_image_t ia{}, ib{};
  ASSERT_EQ(hsa_ext_image_create(agents.gpu, &desc, a.ptr, HSA_ACCESS_PERMISSION_RW, &ia),
            HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_ext_image_create(agents.gpu, &desc, b.ptr, HSA_ACCESS_PERMISSION_RW, &ib),
            HSA_STATUS_SUCCESS);
  const uint32_t* tsharp = reinterpret_cast<const uint32_t*>(ia.handle);
  const unsigned sw_mode = (tsharp[3] >> 20) & 0x1F;

  // CPU data, packed rows and slices.
  const size_t row = size_t{sh.w} * bpe, slice = row * h;
  const size_t bytes = slice * sh.d;
  PoolBuffer host(agents.system, bytes, &agents.gpu), back(agents.system, bytes, &agents.gpu);
  PoolBuffer raw(agents.system, info.size, &agents.gpu);
  ASSERT_TRUE(host.get() && back.get() && raw.get());
  auto at = [&](uint8_t* base, unsigned x, unsigned y, unsigned z) {
    return base + z * slice + y * row + size_t{x} * bpe;
  };
  for (unsigned z = 0; z < sh.d; ++z)
    for (unsigned y = 0; y < h; ++y)
      for (unsigned x = 0; x < sh.w; ++x) texel_bytes(f, x, y, z, at(host.as<uint8_t>(), x, y, z));

  hsa_ext_image_region_t whole{};
  whole.range = {sh.w, h, sh.d};
  ASSERT_EQ(hsa_ext_image_import(agents.gpu, host.get(), row, slice, ia, &whole),
            HSA_STATUS_SUCCESS);

  // The raw memory: every texel where the reference address function says.
  ASSERT_EQ(copy(raw.get(), agents.cpu, a.ptr, agents.gpu, info.size), "");
  const gcn_test::swzref::Surface ref{sw_mode, f.bpe_log2, is_3d(sh), sh.w, h, sh.d};
  if (sw_mode != 0) {
    EXPECT_EQ(gcn_test::swzref::size(ref), info.size);
    EXPECT_EQ(((tsharp[4] >> 13) & 0xFFFF) + 1, gcn_test::swzref::pitch(ref));
  }
  const size_t linear_pitch = (size_t{sh.w} * bpe + 255) / 256 * 256;  // 1D: 256 B rows
  for (unsigned z = 0; z < sh.d; ++z)
    for (unsigned y = 0; y < h; ++y)
      for (unsigned x = 0; x < sh.w; ++x) {
        const uint64_t off =
            sw_mode ? gcn_test::swzref::offset(ref, x, y, z) : z * linear_pitch + size_t{x} * bpe;
        ASSERT_EQ(std::memcmp(raw.as<uint8_t>() + off, at(host.as<uint8_t>(), x, y, z), bpe), 0)
            << "raw texel " << x << "," << y << "," << z << " at " << off << " (SW_MODE " << sw_mode
            << ")";
      }

  // Copy a sub-region of A into B (elsewhere), then clear a region of B.
  const hsa_dim3_t src_off = {sh.w / 3, h / 4, sh.d / 3};
  const hsa_dim3_t range = {sh.w - sh.w / 3 - sh.w / 5, h - h / 4 - h / 3, sh.d - sh.d / 3};
  const hsa_dim3_t dst_off = {sh.w / 5, h / 3, 0};
  ASSERT_EQ(hsa_ext_image_copy(agents.gpu, ia, &src_off, ib, &dst_off, &range), HSA_STATUS_SUCCESS);
  hsa_ext_image_region_t clear{};
  clear.offset = {sh.w / 2, h / 2, sh.d / 2};
  clear.range = {sh.w - sh.w / 2 - (sh.w > 2 ? 1 : 0), h - h / 2, sh.d - sh.d / 2};
  ASSERT_EQ(hsa_ext_image_clear(agents.gpu, ib, clear_color(f), &clear), HSA_STATUS_SUCCESS);

  // A back as imported.
  ASSERT_EQ(hsa_ext_image_export(agents.gpu, ia, back.get(), row, slice, &whole),
            HSA_STATUS_SUCCESS);
  ASSERT_EQ(std::memcmp(back.get(), host.get(), bytes), 0) << "export of the imported image";
  // B: zero, the copied region, the cleared one on top.
  ASSERT_EQ(hsa_ext_image_export(agents.gpu, ib, back.get(), row, slice, &whole),
            HSA_STATUS_SUCCESS);
  std::vector<uint8_t> want(bpe), cleared(bpe);
  clear_bytes(f, cleared.data());
  for (unsigned z = 0; z < sh.d; ++z)
    for (unsigned y = 0; y < h; ++y)
      for (unsigned x = 0; x < sh.w; ++x) {
        if (inside(x, clear.offset.x, clear.range.x) && inside(y, clear.offset.y, clear.range.y) &&
            inside(z, clear.offset.z, clear.range.z)) {
          want = cleared;
        } else if (inside(x, dst_off.x, range.x) && inside(y, dst_off.y, range.y) &&
                   inside(z, dst_off.z, range.z)) {
          texel_bytes(f, x - dst_off.x + src_off.x, y - dst_off.y + src_off.y,
                      z - dst_off.z + src_off.z, want.data());
        } else {
          std::fill(want.begin(), want.end(), 0);
        }
        ASSERT_EQ(std::memcmp(at(back.as<uint8_t>(), x, y, z), want.data(), bpe), 0)
            << "texel " << x << "," << y << "," << z << " of B";
      }
  EXPECT_EQ(hsa_ext_image_destroy(agents.gpu, ia), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_ext_image_destroy(agents.gpu, ib), HSA_STATUS_SUCCESS);
}

const Format kFormats[] = {kRgba8, kR32f, kRgba32u, kRg16, kR8u, kRg32u, kR16u};

TEST_F(Rocr, Image1D) {
  for (const Format& f : kFormats) run_case(agents_, {HSA_EXT_IMAGE_GEOMETRY_1D, 300, 1, 1}, f);
}
TEST_F(Rocr, Image2DSmall4KBlocks) {
  for (const Format& f : kFormats) run_case(agents_, {HSA_EXT_IMAGE_GEOMETRY_2D, 37, 23, 1}, f);
}
TEST_F(Rocr, Image2D64KBlocks) {
  for (const Format& f : kFormats) run_case(agents_, {HSA_EXT_IMAGE_GEOMETRY_2D, 150, 97, 1}, f);
}
TEST_F(Rocr, Image2DArray) {
  for (const Format& f : kFormats) run_case(agents_, {HSA_EXT_IMAGE_GEOMETRY_2DA, 19, 13, 3}, f);
}
TEST_F(Rocr, Image3D) {
  for (const Format& f : kFormats) run_case(agents_, {HSA_EXT_IMAGE_GEOMETRY_3D, 13, 11, 7}, f);
}
TEST_F(Rocr, Image3D64KBlocks) {
  for (const Format& f : {kRgba8, kRgba32u, kR8u})
    run_case(agents_, {HSA_EXT_IMAGE_GEOMETRY_3D, 40, 33, 20}, f);
}

}  // namespace
}  // namespace rocm_test
