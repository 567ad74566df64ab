// One program, built twice: against Debian's ROCr (image_report_rocr) and
// against our runtime (image_report_ours). Each prints what its runtime
// answers for the images extension on the first GPU agent, in a form where
// the two must be equal line for line (image_report_test.sh diffs them):
// every capability, the limits, data sizes of the geometries ROCr lays out
// linearly (1D, 1DA, 1DB), the words of created images (addresses masked;
// for the geometries ROCr tiles, its SW_MODE and PITCH masked too), every
// sampler's S#, and the statuses of some refused requests.
#include <hsa/hsa.h>
#include <hsa/hsa_ext_image.h>

#include <cstdint>
#include <cstdio>

#include "hsa_test_agents.h"
#include "hsa_test_regions.h"

namespace {

struct Case {
  hsa_ext_image_geometry_t g;
  size_t w, h, d, a;
  uint32_t type, order;
};

bool linear_in_rocr(hsa_ext_image_geometry_t g) {
  return g == HSA_EXT_IMAGE_GEOMETRY_1D || g == HSA_EXT_IMAGE_GEOMETRY_1DA ||
         g == HSA_EXT_IMAGE_GEOMETRY_1DB;
}

void print_image(hsa_agent_t gpu, hsa_region_t region, const Case& c) {
  hsa_ext_image_descriptor_t d{};
  d.geometry = c.g;
  d.width = c.w;
  d.height = c.h;
  d.depth = c.d;
  d.array_size = c.a;
  d.format = {static_cast<hsa_ext_image_channel_type32_t>(c.type),
              static_cast<hsa_ext_image_channel_order32_t>(c.order)};
  hsa_ext_image_data_info_t info{};
  hsa_status_t s = hsa_ext_image_data_get_info(gpu, &d, HSA_ACCESS_PERMISSION_RW, &info);
  std::printf("image g%u %zux%zux%zu a%zu t%u o%u: info %#x", c.g, c.w, c.h, c.d, c.a, c.type,
              c.order, s);
  if (linear_in_rocr(c.g)) std::printf(" size %zu align %zu", info.size, info.alignment);
  if (s != HSA_STATUS_SUCCESS) {
    std::printf("\n");
    return;
  }
  void* data = nullptr;
  hsa_memory_allocate(region, info.size + 4096, &data);
  hsa_ext_image_t im{0};
  // Misaligned data first (both runtimes refuse it), then the real one.
  s = hsa_ext_image_create(gpu, &d, static_cast<char*>(data) + 64, HSA_ACCESS_PERMISSION_RW, &im);
  std::printf(" misaligned %#x", s);
  s = hsa_ext_image_create(gpu, &d, data, HSA_ACCESS_PERMISSION_RW, &im);
  std::printf(" create %#x", s);
  if (s == HSA_STATUS_SUCCESS) {
    uint32_t w[11];
    const auto* words = reinterpret_cast<const uint32_t*>(im.handle);
    for (int i = 0; i < 11; ++i) w[i] = words[i];
    if (c.g == HSA_EXT_IMAGE_GEOMETRY_1DB) {
      w[0] = 0;
      w[1] &= ~0xFFFFu;
    } else {
      w[0] = 0;
      w[1] &= ~0xFFu;
      if (!linear_in_rocr(c.g)) {
        w[3] &= ~(0x1Fu << 20);
        w[4] &= ~(0xFFFFu << 13);
      }
    }
    for (uint32_t x : w) std::printf(" %08x", x);
    hsa_ext_image_destroy(gpu, im);
  }
  hsa_memory_free(data);
  std::printf("\n");
}

}  // namespace

int main() {
  if (hsa_init() != HSA_STATUS_SUCCESS) return 1;
  const hsa_agent_t gpu = hsa_test::first_agents().gpu;
  bool supported = false;
  hsa_system_extension_supported(HSA_EXTENSION_IMAGES, 1, 0, &supported);
  std::printf("extension %d\n", supported);
  // The limits (not MAX_SAMPLER_HANDLERS: ROCr 5.2 falls through to the
  // chip id there; nor the row pitch alignment, which it lacks).
  for (uint32_t attr = HSA_EXT_AGENT_INFO_IMAGE_1D_MAX_ELEMENTS;
       attr <= HSA_EXT_AGENT_INFO_MAX_IMAGE_RORW_HANDLES; ++attr) {
    uint32_t v[3] = {0, 0, 0};
    const hsa_status_t s = hsa_agent_get_info(gpu, static_cast<hsa_agent_info_t>(attr), v);
    std::printf("limit %#x %#x %u %u %u\n", attr, s, v[0], v[1], v[2]);
  }
  for (uint32_t g = 0; g <= HSA_EXT_IMAGE_GEOMETRY_2DADEPTH; ++g) {
    for (uint32_t t = 0; t <= HSA_EXT_IMAGE_CHANNEL_TYPE_FLOAT; ++t) {
      for (uint32_t o = 0; o <= HSA_EXT_IMAGE_CHANNEL_ORDER_DEPTH_STENCIL; ++o) {
        const hsa_ext_image_format_t f{static_cast<hsa_ext_image_channel_type32_t>(t),
                                       static_cast<hsa_ext_image_channel_order32_t>(o)};
        uint32_t mask = 0;
        const hsa_status_t s =
            hsa_ext_image_get_capability(gpu, static_cast<hsa_ext_image_geometry_t>(g), &f, &mask);
        std::printf("capability g%u t%u o%u %#x %#x\n", g, t, o, s, mask);
      }
    }
  }
  const hsa_region_t region = hsa_test::first_global_region(gpu);
  using G = hsa_ext_image_geometry_t;
  const Case kCases[] = {
      {HSA_EXT_IMAGE_GEOMETRY_1D, 77, 1, 0, 0, 2, 1},
      {HSA_EXT_IMAGE_GEOMETRY_1D, 1000, 1, 0, 0, 15, 8},
      {HSA_EXT_IMAGE_GEOMETRY_1D, 3, 1, 0, 0, 7, 6},
      {HSA_EXT_IMAGE_GEOMETRY_1D, 300, 1, 0, 0, 0, 10},
      {HSA_EXT_IMAGE_GEOMETRY_1DA, 9, 1, 0, 4, 2, 8},
      {HSA_EXT_IMAGE_GEOMETRY_1DA, 500, 1, 0, 7, 14, 3},
      {HSA_EXT_IMAGE_GEOMETRY_1DB, 33, 1, 0, 0, 2, 8},
      {HSA_EXT_IMAGE_GEOMETRY_1DB, 1001, 1, 0, 0, 10, 1},
      {HSA_EXT_IMAGE_GEOMETRY_1DB, 64, 1, 0, 0, 15, 8},
      {HSA_EXT_IMAGE_GEOMETRY_1DB, 10, 1, 0, 0, 6, 6},  // 565: no buffer
      {HSA_EXT_IMAGE_GEOMETRY_2D, 100, 7, 0, 0, 0, 1},
      {HSA_EXT_IMAGE_GEOMETRY_2D, 64, 64, 0, 0, 2, 14},
      {HSA_EXT_IMAGE_GEOMETRY_2D, 16385, 2, 0, 0, 2, 8},  // too wide
      {HSA_EXT_IMAGE_GEOMETRY_2D, 8, 8, 0, 0, 4, 8},      // unorm_int24: unsupported
      {HSA_EXT_IMAGE_GEOMETRY_3D, 5, 6, 7, 0, 13, 8},
      {HSA_EXT_IMAGE_GEOMETRY_2DA, 300, 3, 0, 2, 12, 8},
      {HSA_EXT_IMAGE_GEOMETRY_2DDEPTH, 20, 10, 0, 0, 3, 18},
      {HSA_EXT_IMAGE_GEOMETRY_2DADEPTH, 20, 10, 0, 3, 15, 18},
      {HSA_EXT_IMAGE_GEOMETRY_2D, 40, 4, 0, 0, 2, 9},
      {HSA_EXT_IMAGE_GEOMETRY_2D, 40, 4, 0, 0, 8, 10},
      {HSA_EXT_IMAGE_GEOMETRY_2D, 40, 4, 0, 0, 5, 6},
      {HSA_EXT_IMAGE_GEOMETRY_2D, 40, 4, 0, 0, 7, 6},
      {HSA_EXT_IMAGE_GEOMETRY_2D, 40, 4, 0, 0, 3, 17},
  };
  (void)G{};
  for (const Case& c : kCases) print_image(gpu, region, c);
  for (uint32_t c = 0; c < 2; ++c) {
    for (uint32_t f = 0; f < 2; ++f) {
      for (uint32_t a = 0; a < 5; ++a) {
        const hsa_ext_sampler_descriptor_t sd{static_cast<hsa_ext_sampler_coordinate_mode32_t>(c),
                                              static_cast<hsa_ext_sampler_filter_mode32_t>(f),
                                              static_cast<hsa_ext_sampler_addressing_mode32_t>(a)};
        hsa_ext_sampler_t s{0};
        const hsa_status_t st = hsa_ext_sampler_create(gpu, &sd, &s);
        std::printf("sampler c%u f%u a%u %#x", c, f, a, st);
        if (st == HSA_STATUS_SUCCESS) {
          const auto* w = reinterpret_cast<const uint32_t*>(s.handle);
          std::printf(" %08x %08x %08x %08x", w[0], w[1], w[2], w[3]);
          hsa_ext_sampler_destroy(gpu, s);
        }
        std::printf("\n");
      }
    }
  }
  std::fflush(stdout);
  const hsa_status_t s = hsa_shut_down();
  std::printf("shut down %#x\n", s);
  std::fflush(stdout);
  // A normal exit: exit-time destructors run in both runtimes (ROCr 5.2
  // once crashed there after creating images on an earlier stack; no more).
  return 0;
}
