// The images extension's argument errors, in ROCr's order: the agent
// first (INVALID_AGENT), then pointers and enumerations
// (INVALID_ARGUMENT), then handles (INVALID_ARGUMENT), then the values:
// IMAGE_FORMAT_UNSUPPORTED, IMAGE_SIZE_UNSUPPORTED, IMAGE_PITCH_UNSUPPORTED
// as HSA 1.1 names them, INVALID_ARGUMENT for a misaligned image address
// (ROCr) and for regions outside the image.
#include <vector>

#include "image_fixture.h"

namespace {

constexpr hsa_ext_image_format_t kRgba8{HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8,
                                        HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA};

hsa_ext_image_descriptor_t descriptor_2d() {
  hsa_ext_image_descriptor_t d{};
  d.geometry = HSA_EXT_IMAGE_GEOMETRY_2D;
  d.width = 16;
  d.height = 16;
  d.format = kRgba8;
  return d;
}

TEST(ApiImageInit, EveryFunctionNeedsInit) {
  const hsa_agent_t a{1};
  uint32_t mask = 7;
  hsa_ext_image_descriptor_t d = descriptor_2d();
  hsa_ext_image_data_info_t di{};
  char data[64] = {};
  hsa_ext_image_t image{1};
  hsa_ext_sampler_t sampler{1};
  hsa_ext_sampler_descriptor_t sd{};
  hsa_dim3_t dim{1, 1, 1};
  hsa_ext_image_region_t region{};
  const auto rw = HSA_ACCESS_PERMISSION_RW;
  const auto linear = HSA_EXT_IMAGE_DATA_LAYOUT_LINEAR;
  const hsa_status_t kNotInit = HSA_STATUS_ERROR_NOT_INITIALIZED;
  EXPECT_EQ(hsa_ext_image_get_capability(a, HSA_EXT_IMAGE_GEOMETRY_2D, &kRgba8, &mask), kNotInit);
  EXPECT_EQ(hsa_ext_image_get_capability_with_layout(a, HSA_EXT_IMAGE_GEOMETRY_2D, &kRgba8, linear,
                                                     &mask),
            kNotInit);
  EXPECT_EQ(hsa_ext_image_data_get_info(a, &d, rw, &di), kNotInit);
  EXPECT_EQ(hsa_ext_image_data_get_info_with_layout(a, &d, rw, linear, 0, 0, &di), kNotInit);
  EXPECT_EQ(hsa_ext_image_create(a, &d, data, rw, &image), kNotInit);
  EXPECT_EQ(hsa_ext_image_create_with_layout(a, &d, data, rw, linear, 0, 0, &image), kNotInit);
  EXPECT_EQ(hsa_ext_image_destroy(a, image), kNotInit);
  EXPECT_EQ(hsa_ext_image_copy(a, image, &dim, image, &dim, &dim), kNotInit);
  EXPECT_EQ(hsa_ext_image_import(a, data, 0, 0, image, &region), kNotInit);
  EXPECT_EQ(hsa_ext_image_export(a, image, data, 0, 0, &region), kNotInit);
  EXPECT_EQ(hsa_ext_image_clear(a, image, data, &region), kNotInit);
  EXPECT_EQ(hsa_ext_sampler_create(a, &sd, &sampler), kNotInit);
  EXPECT_EQ(hsa_ext_sampler_destroy(a, sampler), kNotInit);
  EXPECT_EQ(mask, 7u) << "nothing written before init";
}

using ApiImage = ImageFixture;

TEST_F(ApiImage, CapabilityArguments) {
  uint32_t mask = 0;
  const auto g2d = HSA_EXT_IMAGE_GEOMETRY_2D;
  const auto linear = HSA_EXT_IMAGE_DATA_LAYOUT_LINEAR;
  EXPECT_EQ(hsa_ext_image_get_capability(made_up_agent_, g2d, &kRgba8, &mask),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_ext_image_get_capability(null_agent_, g2d, &kRgba8, &mask),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_ext_image_get_capability(gpu_, g2d, nullptr, &mask),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_ext_image_get_capability(gpu_, g2d, &kRgba8, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(
      hsa_ext_image_get_capability(gpu_, static_cast<hsa_ext_image_geometry_t>(8), &kRgba8, &mask),
      HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_ext_image_get_capability_with_layout(made_up_agent_, g2d, &kRgba8, linear, &mask),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_ext_image_get_capability_with_layout(gpu_, g2d, nullptr, linear, &mask),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_ext_image_get_capability_with_layout(gpu_, g2d, &kRgba8, linear, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_ext_image_get_capability_with_layout(gpu_, static_cast<hsa_ext_image_geometry_t>(8),
                                                     &kRgba8, linear, &mask),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  // Channel types and orders hsa_ext_image.h does not name.
  const hsa_ext_image_format_t bad_type{static_cast<hsa_ext_image_channel_type32_t>(16),
                                        HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA};
  const hsa_ext_image_format_t bad_order{HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8,
                                         static_cast<hsa_ext_image_channel_order32_t>(20)};
  EXPECT_EQ(hsa_ext_image_get_capability(gpu_, g2d, &bad_type, &mask),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_ext_image_get_capability(gpu_, g2d, &bad_order, &mask),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  // The OPAQUE layout has its own function.
  EXPECT_EQ(hsa_ext_image_get_capability_with_layout(gpu_, g2d, &kRgba8,
                                                     HSA_EXT_IMAGE_DATA_LAYOUT_OPAQUE, &mask),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

TEST_F(ApiImage, DataGetInfo) {
  const hsa_ext_image_descriptor_t d = descriptor_2d();
  hsa_ext_image_data_info_t di{123, 456};
  const auto rw = HSA_ACCESS_PERMISSION_RW;
  const auto linear = HSA_EXT_IMAGE_DATA_LAYOUT_LINEAR;
  EXPECT_EQ(hsa_ext_image_data_get_info(made_up_agent_, &d, rw, &di),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_ext_image_data_get_info(gpu_, nullptr, rw, &di), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_ext_image_data_get_info(gpu_, &d, rw, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  for (uint32_t bad : {0u, 4u}) {
    EXPECT_EQ(hsa_ext_image_data_get_info(gpu_, &d, static_cast<hsa_access_permission_t>(bad), &di),
              HSA_STATUS_ERROR_INVALID_ARGUMENT)
        << "permission " << bad;
  }
  for (auto p : {HSA_ACCESS_PERMISSION_RO, HSA_ACCESS_PERMISSION_WO, HSA_ACCESS_PERMISSION_RW}) {
    di = {123, 456};
    EXPECT_EQ(hsa_ext_image_data_get_info(gpu_, &d, p, &di), HSA_STATUS_SUCCESS);
    EXPECT_EQ(di.size, 16u * 256u) << "16 rows of 64 bytes, each padded to 256";
    EXPECT_EQ(di.alignment, 256u);
  }
  // The CPU agent has no images.
  EXPECT_EQ(static_cast<int>(hsa_ext_image_data_get_info(cpu_, &d, rw, &di)),
            HSA_EXT_STATUS_ERROR_IMAGE_FORMAT_UNSUPPORTED);
  EXPECT_EQ(di.size, 0u);
  // A format the GPU lacks, then sizes past its limits.
  hsa_ext_image_descriptor_t bad = d;
  bad.format.channel_type = HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT24;
  EXPECT_EQ(static_cast<int>(hsa_ext_image_data_get_info(gpu_, &bad, rw, &di)),
            HSA_EXT_STATUS_ERROR_IMAGE_FORMAT_UNSUPPORTED);
  bad = d;
  bad.width = 16385;
  EXPECT_EQ(static_cast<int>(hsa_ext_image_data_get_info(gpu_, &bad, rw, &di)),
            HSA_EXT_STATUS_ERROR_IMAGE_SIZE_UNSUPPORTED);
  bad = d;
  bad.array_size = 2;  // a 2D image has no layers
  EXPECT_EQ(static_cast<int>(hsa_ext_image_data_get_info(gpu_, &bad, rw, &di)),
            HSA_EXT_STATUS_ERROR_IMAGE_SIZE_UNSUPPORTED);
  bad = d;
  bad.geometry = HSA_EXT_IMAGE_GEOMETRY_3D;
  bad.depth = 8193;
  EXPECT_EQ(static_cast<int>(hsa_ext_image_data_get_info(gpu_, &bad, rw, &di)),
            HSA_EXT_STATUS_ERROR_IMAGE_SIZE_UNSUPPORTED);
  bad = d;
  bad.width = 0;
  EXPECT_EQ(hsa_ext_image_data_get_info(gpu_, &bad, rw, &di), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  bad = d;
  bad.geometry = static_cast<hsa_ext_image_geometry_t>(8);
  EXPECT_EQ(hsa_ext_image_data_get_info(gpu_, &bad, rw, &di), HSA_STATUS_ERROR_INVALID_ARGUMENT);

  EXPECT_EQ(hsa_ext_image_data_get_info_with_layout(made_up_agent_, &d, rw, linear, 0, 0, &di),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_ext_image_data_get_info_with_layout(gpu_, nullptr, rw, linear, 0, 0, &di),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_ext_image_data_get_info_with_layout(gpu_, &d, rw, linear, 0, 0, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_ext_image_data_get_info_with_layout(gpu_, &d, rw, HSA_EXT_IMAGE_DATA_LAYOUT_OPAQUE,
                                                    0, 0, &di),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_ext_image_data_get_info_with_layout(
                gpu_, &d, static_cast<hsa_access_permission_t>(0), linear, 0, 0, &di),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  // Row pitches: at least a row, a multiple of 256 bytes; the slice pitch
  // rows * row pitch.
  EXPECT_EQ(
      static_cast<int>(hsa_ext_image_data_get_info_with_layout(gpu_, &d, rw, linear, 64, 0, &di)),
      HSA_EXT_STATUS_ERROR_IMAGE_PITCH_UNSUPPORTED);
  EXPECT_EQ(
      static_cast<int>(hsa_ext_image_data_get_info_with_layout(gpu_, &d, rw, linear, 320, 0, &di)),
      HSA_EXT_STATUS_ERROR_IMAGE_PITCH_UNSUPPORTED);
  EXPECT_EQ(static_cast<int>(
                hsa_ext_image_data_get_info_with_layout(gpu_, &d, rw, linear, 512, 4096, &di)),
            HSA_EXT_STATUS_ERROR_IMAGE_PITCH_UNSUPPORTED);
  EXPECT_EQ(hsa_ext_image_data_get_info_with_layout(gpu_, &d, rw, linear, 512, 16 * 512, &di),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(di.size, 16u * 512u);
}

TEST_F(ApiImage, Create) {
  const hsa_ext_image_descriptor_t d = descriptor_2d();
  void* data = alloc(gpu_, 4096);
  ASSERT_NE(data, nullptr);
  hsa_ext_image_t image{0x55};
  const auto rw = HSA_ACCESS_PERMISSION_RW;
  const auto linear = HSA_EXT_IMAGE_DATA_LAYOUT_LINEAR;
  EXPECT_EQ(hsa_ext_image_create(made_up_agent_, &d, data, rw, &image),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_ext_image_create(gpu_, nullptr, data, rw, &image),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_ext_image_create(gpu_, &d, nullptr, rw, &image), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_ext_image_create(gpu_, &d, data, rw, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_ext_image_create(gpu_, &d, data, static_cast<hsa_access_permission_t>(9), &image),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  // ROCr's alignment check: the data's address must be the alignment
  // data_get_info reports (256).
  EXPECT_EQ(hsa_ext_image_create(gpu_, &d, static_cast<char*>(data) + 64, rw, &image),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(image.handle, 0u);
  EXPECT_EQ(static_cast<int>(hsa_ext_image_create(cpu_, &d, data, rw, &image)),
            HSA_EXT_STATUS_ERROR_IMAGE_FORMAT_UNSUPPORTED);
  hsa_ext_image_descriptor_t big = d;
  big.height = 20000;
  EXPECT_EQ(static_cast<int>(hsa_ext_image_create(gpu_, &big, data, rw, &image)),
            HSA_EXT_STATUS_ERROR_IMAGE_SIZE_UNSUPPORTED);
  ASSERT_EQ(hsa_ext_image_create(gpu_, &d, data, rw, &image), HSA_STATUS_SUCCESS);
  EXPECT_NE(image.handle, 0u);
  EXPECT_EQ(hsa_ext_image_destroy(made_up_agent_, image), HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_ext_image_destroy(gpu_, image), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_ext_image_destroy(gpu_, image), HSA_STATUS_ERROR_INVALID_ARGUMENT)
      << "destroyed once";

  image.handle = 0x55;
  EXPECT_EQ(hsa_ext_image_create_with_layout(made_up_agent_, &d, data, rw, linear, 0, 0, &image),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_ext_image_create_with_layout(gpu_, nullptr, data, rw, linear, 0, 0, &image),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_ext_image_create_with_layout(gpu_, &d, nullptr, rw, linear, 0, 0, &image),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_ext_image_create_with_layout(gpu_, &d, data, rw, linear, 0, 0, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_ext_image_create_with_layout(gpu_, &d, data, rw, HSA_EXT_IMAGE_DATA_LAYOUT_OPAQUE,
                                             0, 0, &image),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(
      static_cast<int>(hsa_ext_image_create_with_layout(gpu_, &d, data, rw, linear, 64, 0, &image)),
      HSA_EXT_STATUS_ERROR_IMAGE_PITCH_UNSUPPORTED);
  EXPECT_EQ(image.handle, 0u);
  ASSERT_EQ(hsa_ext_image_create_with_layout(gpu_, &d, data, rw, linear, 256, 4096, &image),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_ext_image_destroy(gpu_, image), HSA_STATUS_SUCCESS);
}

TEST_F(ApiImage, RegionsAndFormats) {
  // A live 16x16 image: regions must lie inside it, pitches hold a row and
  // a slice, copies join images of one format.
  const hsa_ext_image_descriptor_t d = descriptor_2d();
  const hsa_ext_image_t im = image(d);
  ASSERT_NE(im.handle, 0u);
  hsa_ext_image_descriptor_t other_d = d;
  other_d.format.channel_type = HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT8;
  const hsa_ext_image_t other = image(other_d);
  ASSERT_NE(other.handle, 0u);
  std::vector<char> host(16 * 16 * 4);
  const float colour[4] = {0, 0, 0, 0};
  const hsa_dim3_t zero{0, 0, 0};
  for (const hsa_ext_image_region_t& r :
       {hsa_ext_image_region_t{{0, 0, 0}, {17, 1, 1}},
        hsa_ext_image_region_t{{15, 0, 0}, {2, 1, 1}},
        hsa_ext_image_region_t{{0, 16, 0}, {1, 1, 1}}, hsa_ext_image_region_t{{0, 0, 1}, {1, 1, 1}},
        hsa_ext_image_region_t{{0, 0, 0}, {1, 1, 2}}}) {
    EXPECT_EQ(hsa_ext_image_import(gpu_, host.data(), 0, 0, im, &r),
              HSA_STATUS_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(hsa_ext_image_export(gpu_, im, host.data(), 0, 0, &r),
              HSA_STATUS_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(hsa_ext_image_clear(gpu_, im, colour, &r), HSA_STATUS_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(hsa_ext_image_copy(gpu_, im, &r.offset, im, &zero, &r.range),
              HSA_STATUS_ERROR_INVALID_ARGUMENT);
  }
  const hsa_ext_image_region_t two_rows{{0, 0, 0}, {4, 2, 1}};
  EXPECT_EQ(hsa_ext_image_import(gpu_, host.data(), 15, 0, im, &two_rows),
            HSA_STATUS_ERROR_INVALID_ARGUMENT)
      << "a row pitch smaller than a row";
  EXPECT_EQ(hsa_ext_image_export(gpu_, im, host.data(), 15, 0, &two_rows),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_ext_image_import(gpu_, host.data(), 16, 0, im, &two_rows), HSA_STATUS_SUCCESS);
  const hsa_dim3_t range{4, 4, 1};
  EXPECT_EQ(hsa_ext_image_copy(gpu_, im, &zero, other, &zero, &range),
            HSA_STATUS_ERROR_INVALID_ARGUMENT)
      << "formats differ";
  EXPECT_EQ(hsa_ext_image_copy(gpu_, im, &zero, im, &zero, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_ext_image_copy(gpu_, im, nullptr, im, &zero, &range),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

TEST_F(ApiImage, MadeUpImageHandles) {
  // Handles no image_create returned: made-up and null handles alike.
  const hsa_dim3_t dim{1, 1, 1};
  const hsa_ext_image_region_t region{{0, 0, 0}, {1, 1, 1}};
  char data[64] = {};
  for (hsa_ext_image_t image : {hsa_ext_image_t{0}, hsa_ext_image_t{0x1000}}) {
    EXPECT_EQ(hsa_ext_image_destroy(made_up_agent_, image), HSA_STATUS_ERROR_INVALID_AGENT);
    EXPECT_EQ(hsa_ext_image_destroy(gpu_, image), HSA_STATUS_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(hsa_ext_image_copy(made_up_agent_, image, &dim, image, &dim, &dim),
              HSA_STATUS_ERROR_INVALID_AGENT);
    EXPECT_EQ(hsa_ext_image_copy(gpu_, image, nullptr, image, &dim, &dim),
              HSA_STATUS_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(hsa_ext_image_copy(gpu_, image, &dim, image, &dim, &dim),
              HSA_STATUS_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(hsa_ext_image_import(made_up_agent_, data, 4, 0, image, &region),
              HSA_STATUS_ERROR_INVALID_AGENT);
    EXPECT_EQ(hsa_ext_image_import(gpu_, nullptr, 4, 0, image, &region),
              HSA_STATUS_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(hsa_ext_image_import(gpu_, data, 4, 0, image, &region),
              HSA_STATUS_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(hsa_ext_image_export(made_up_agent_, image, data, 4, 0, &region),
              HSA_STATUS_ERROR_INVALID_AGENT);
    EXPECT_EQ(hsa_ext_image_export(gpu_, image, data, 4, 0, nullptr),
              HSA_STATUS_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(hsa_ext_image_export(gpu_, image, data, 4, 0, &region),
              HSA_STATUS_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(hsa_ext_image_clear(made_up_agent_, image, data, &region),
              HSA_STATUS_ERROR_INVALID_AGENT);
    EXPECT_EQ(hsa_ext_image_clear(gpu_, image, nullptr, &region),
              HSA_STATUS_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(hsa_ext_image_clear(gpu_, image, data, &region), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  }
  for (char c : data) EXPECT_EQ(c, 0) << "export wrote nothing";
}

TEST_F(ApiImage, Samplers) {
  const hsa_ext_sampler_descriptor_t sd{HSA_EXT_SAMPLER_COORDINATE_MODE_NORMALIZED,
                                        HSA_EXT_SAMPLER_FILTER_MODE_LINEAR,
                                        HSA_EXT_SAMPLER_ADDRESSING_MODE_CLAMP_TO_EDGE};
  hsa_ext_sampler_t sampler{0x66};
  EXPECT_EQ(hsa_ext_sampler_create(made_up_agent_, &sd, &sampler), HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_ext_sampler_create(gpu_, nullptr, &sampler), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_ext_sampler_create(gpu_, &sd, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  // Samplers belong to GPU agents (ROCr: INVALID_AGENT for a CPU).
  EXPECT_EQ(hsa_ext_sampler_create(cpu_, &sd, &sampler), HSA_STATUS_ERROR_INVALID_AGENT);
  for (const hsa_ext_sampler_descriptor_t& bad :
       {hsa_ext_sampler_descriptor_t{static_cast<hsa_ext_sampler_coordinate_mode32_t>(2),
                                     sd.filter_mode, sd.address_mode},
        hsa_ext_sampler_descriptor_t{
            sd.coordinate_mode, static_cast<hsa_ext_sampler_filter_mode32_t>(2), sd.address_mode},
        hsa_ext_sampler_descriptor_t{sd.coordinate_mode, sd.filter_mode,
                                     static_cast<hsa_ext_sampler_addressing_mode32_t>(5)}}) {
    EXPECT_EQ(hsa_ext_sampler_create(gpu_, &bad, &sampler), HSA_STATUS_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(sampler.handle, 0u);
  }
  ASSERT_EQ(hsa_ext_sampler_create(gpu_, &sd, &sampler), HSA_STATUS_SUCCESS);
  EXPECT_NE(sampler.handle, 0u);
  EXPECT_EQ(hsa_ext_sampler_destroy(made_up_agent_, sampler), HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_ext_sampler_destroy(gpu_, sampler), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_ext_sampler_destroy(gpu_, sampler), HSA_STATUS_ERROR_INVALID_ARGUMENT);

  EXPECT_EQ(hsa_ext_sampler_destroy(made_up_agent_, hsa_ext_sampler_t{0x66}),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_ext_sampler_destroy(gpu_, hsa_ext_sampler_t{0x66}),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_ext_sampler_destroy(gpu_, hsa_ext_sampler_t{0}), HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

}  // namespace
