// A probe, not a test: what Debian's ROCr picks for OPAQUE images on the
// virtual gfx900 (SW_MODE and PITCH of the T# it writes, and the size and
// alignment hsa_ext_image_data_get_info reports), over geometries, element
// sizes and extents. Run with ROCM_CLIENT_ENV and HSAKMT_TRANSPORT=emulated.
// emulator/wave/image_swizzle.* implements the modes this prints.
#include <hsa/hsa.h>
#include <hsa/hsa_ext_image.h>

#include <cstdint>
#include <cstdio>

#include "hsa_test_agents.h"
#include "hsa_test_regions.h"

int main() {
  if (hsa_init() != HSA_STATUS_SUCCESS) return 1;
  const hsa_agent_t gpu = hsa_test::first_agents().gpu;
  const hsa_region_t region = hsa_test::first_global_region(gpu);
  // Element sizes 1, 2, 4, 8, 16 bytes: R8, RG8 / R16, RGBA8 / R32, RG32, RGBA32 (uint).
  const struct {
    hsa_ext_image_channel_type_t t;
    hsa_ext_image_channel_order_t o;
    unsigned bpe;
  } kFormats[] = {
      {HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT8, HSA_EXT_IMAGE_CHANNEL_ORDER_R, 1},
      {HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT16, HSA_EXT_IMAGE_CHANNEL_ORDER_R, 2},
      {HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8, HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA, 4},
      {HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT32, HSA_EXT_IMAGE_CHANNEL_ORDER_RG, 8},
      {HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT32, HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA, 16},
  };
  const struct {
    hsa_ext_image_geometry_t g;
    size_t w, h, d, a;
  } kShapes[] = {
      {HSA_EXT_IMAGE_GEOMETRY_1D, 1, 0, 0, 0},      {HSA_EXT_IMAGE_GEOMETRY_1D, 100, 0, 0, 0},
      {HSA_EXT_IMAGE_GEOMETRY_1D, 5000, 0, 0, 0},   {HSA_EXT_IMAGE_GEOMETRY_1DA, 100, 0, 0, 5},
      {HSA_EXT_IMAGE_GEOMETRY_2D, 1, 1, 0, 0},      {HSA_EXT_IMAGE_GEOMETRY_2D, 7, 5, 0, 0},
      {HSA_EXT_IMAGE_GEOMETRY_2D, 17, 33, 0, 0},    {HSA_EXT_IMAGE_GEOMETRY_2D, 64, 64, 0, 0},
      {HSA_EXT_IMAGE_GEOMETRY_2D, 100, 70, 0, 0},   {HSA_EXT_IMAGE_GEOMETRY_2D, 256, 256, 0, 0},
      {HSA_EXT_IMAGE_GEOMETRY_2D, 1000, 3, 0, 0},   {HSA_EXT_IMAGE_GEOMETRY_2D, 1024, 1024, 0, 0},
      {HSA_EXT_IMAGE_GEOMETRY_2DA, 17, 9, 0, 3},    {HSA_EXT_IMAGE_GEOMETRY_2DA, 300, 200, 0, 4},
      {HSA_EXT_IMAGE_GEOMETRY_3D, 4, 4, 4, 0},      {HSA_EXT_IMAGE_GEOMETRY_3D, 13, 11, 7, 0},
      {HSA_EXT_IMAGE_GEOMETRY_3D, 64, 64, 64, 0},   {HSA_EXT_IMAGE_GEOMETRY_3D, 100, 90, 30, 0},
      {HSA_EXT_IMAGE_GEOMETRY_3D, 256, 256, 16, 0}, {HSA_EXT_IMAGE_GEOMETRY_2DDEPTH, 33, 20, 0, 0},
  };
  for (const auto& s : kShapes) {
    for (const auto& f : kFormats) {
      hsa_ext_image_descriptor_t d{};
      d.geometry = s.g;
      d.width = s.w;
      d.height = s.h;
      d.depth = s.d;
      d.array_size = s.a;
      d.format = {f.t, f.o};
      if (s.g == HSA_EXT_IMAGE_GEOMETRY_2DDEPTH) {
        if (f.bpe != 4) continue;
        d.format = {HSA_EXT_IMAGE_CHANNEL_TYPE_FLOAT, HSA_EXT_IMAGE_CHANNEL_ORDER_DEPTH};
      }
      hsa_ext_image_data_info_t info{};
      hsa_status_t st = hsa_ext_image_data_get_info(gpu, &d, HSA_ACCESS_PERMISSION_RW, &info);
      std::printf("g%u %zux%zux%zu a%zu bpe%u: ", s.g, s.w, s.h, s.d, s.a, f.bpe);
      if (st != HSA_STATUS_SUCCESS) {
        std::printf("info %#x\n", st);
        continue;
      }
      void* data = nullptr;
      hsa_memory_allocate(region, info.size, &data);
      hsa_ext_image_t im{0};
      st = hsa_ext_image_create(gpu, &d, data, HSA_ACCESS_PERMISSION_RW, &im);
      if (st != HSA_STATUS_SUCCESS) {
        std::printf("create %#x\n", st);
      } else {
        const auto* w = reinterpret_cast<const uint32_t*>(im.handle);
        std::printf("sw_mode %2u pitch %5u size %8zu align %6zu  w3 %08x w4 %08x\n",
                    (w[3] >> 20) & 0x1F, ((w[4] >> 13) & 0xFFFF) + 1, info.size, info.alignment,
                    w[3], w[4]);
        hsa_ext_image_destroy(gpu, im);
      }
      hsa_memory_free(data);
    }
  }
  return 0;
}
