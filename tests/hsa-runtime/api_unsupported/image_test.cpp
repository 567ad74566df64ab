// The images extension on agents without image hardware. The reference is
// the spec's answer for such an agent: hsa_system_extension_supported says
// the extension is missing, every capability mask is
// HSA_EXT_IMAGE_CAPABILITY_NOT_SUPPORTED (0), so no format's data layout
// exists, no image or sampler can be created and no handle is valid.
#include "unsupported_fixture.h"

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

using ApiImage = ApiUnsupportedFixture;

TEST_F(ApiImage, ExtensionIsNotSupported) {
  bool supported = true;
  ASSERT_EQ(hsa_system_extension_supported(HSA_EXTENSION_IMAGES, 1, 0, &supported),
            HSA_STATUS_SUCCESS);
  EXPECT_FALSE(supported);
  ASSERT_EQ(hsa_agent_extension_supported(HSA_EXTENSION_IMAGES, gpu_, 1, 0, &supported),
            HSA_STATUS_SUCCESS);
  EXPECT_FALSE(supported);
}

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
  // The OPAQUE layout has its own function.
  EXPECT_EQ(hsa_ext_image_get_capability_with_layout(gpu_, g2d, &kRgba8,
                                                     HSA_EXT_IMAGE_DATA_LAYOUT_OPAQUE, &mask),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

TEST_F(ApiImage, NoGeometryAndFormatIsCapable) {
  // Every geometry, channel type and order of hsa_ext_image.h, on both
  // agents, in both layouts: a real answer, NOT_SUPPORTED.
  for (hsa_agent_t agent : {gpu_, cpu_}) {
    for (uint32_t g = HSA_EXT_IMAGE_GEOMETRY_1D; g <= HSA_EXT_IMAGE_GEOMETRY_2DADEPTH; ++g) {
      for (uint32_t t = HSA_EXT_IMAGE_CHANNEL_TYPE_SNORM_INT8;
           t <= HSA_EXT_IMAGE_CHANNEL_TYPE_FLOAT; ++t) {
        for (uint32_t o = HSA_EXT_IMAGE_CHANNEL_ORDER_A;
             o <= HSA_EXT_IMAGE_CHANNEL_ORDER_DEPTH_STENCIL; ++o) {
          const hsa_ext_image_format_t f{t, o};
          const auto geometry = static_cast<hsa_ext_image_geometry_t>(g);
          uint32_t mask = 0xFF;
          ASSERT_EQ(hsa_ext_image_get_capability(agent, geometry, &f, &mask), HSA_STATUS_SUCCESS);
          ASSERT_EQ(mask, static_cast<uint32_t>(HSA_EXT_IMAGE_CAPABILITY_NOT_SUPPORTED))
              << g << " " << t << " " << o;
          mask = 0xFF;
          ASSERT_EQ(hsa_ext_image_get_capability_with_layout(
                        agent, geometry, &f, HSA_EXT_IMAGE_DATA_LAYOUT_LINEAR, &mask),
                    HSA_STATUS_SUCCESS);
          ASSERT_EQ(mask, static_cast<uint32_t>(HSA_EXT_IMAGE_CAPABILITY_NOT_SUPPORTED));
        }
      }
    }
  }
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
    EXPECT_EQ(static_cast<int>(hsa_ext_image_data_get_info(gpu_, &d, p, &di)),
              HSA_EXT_STATUS_ERROR_IMAGE_FORMAT_UNSUPPORTED);
    EXPECT_EQ(di.size, 0u);
    EXPECT_EQ(di.alignment, 0u);
  }

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
  EXPECT_EQ(
      static_cast<int>(hsa_ext_image_data_get_info_with_layout(gpu_, &d, rw, linear, 64, 0, &di)),
      HSA_EXT_STATUS_ERROR_IMAGE_FORMAT_UNSUPPORTED);
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
  EXPECT_EQ(static_cast<int>(hsa_ext_image_create(gpu_, &d, data, rw, &image)),
            HSA_EXT_STATUS_ERROR_IMAGE_FORMAT_UNSUPPORTED);
  EXPECT_EQ(image.handle, 0u);

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
      HSA_EXT_STATUS_ERROR_IMAGE_FORMAT_UNSUPPORTED);
  EXPECT_EQ(image.handle, 0u);
}

TEST_F(ApiImage, NoImageHandleIsValid) {
  // No image was ever created: made-up and null handles alike.
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
  EXPECT_EQ(static_cast<int>(hsa_ext_sampler_create(gpu_, &sd, &sampler)),
            HSA_EXT_STATUS_ERROR_SAMPLER_DESCRIPTOR_UNSUPPORTED);
  EXPECT_EQ(sampler.handle, 0u);

  EXPECT_EQ(hsa_ext_sampler_destroy(made_up_agent_, hsa_ext_sampler_t{0x66}),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_ext_sampler_destroy(gpu_, hsa_ext_sampler_t{0x66}),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_ext_sampler_destroy(gpu_, hsa_ext_sampler_t{0}), HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

}  // namespace
