// The images extension's reports: the extension and its tables, the agent
// attributes, capabilities per geometry and format against ROCr's gfx9
// format table (image_lut_kv.cpp, written out here as one string per
// channel order), and data sizes against a CPU computation of the linear
// layout (rows padded to 256 bytes, slices of rows * pitch).
#include <cstring>
#include <string>

#include "image_fixture.h"

namespace {

using ApiImageReports = ImageFixture;

// ROCr's gfx9 table: per channel order, one character per channel type in
// hsa_ext_image_channel_type_t's order (snorm8, snorm16, unorm8, unorm16,
// unorm24, 555, 565, 101010, sint8, sint16, sint32, uint8, uint16, uint32,
// half, float): W read-write (RO|WO|RW), R read-only, D read-only and
// write-only, - unsupported.
const char* const kRocrTable[] = {
    "WWWW----WWWWWWWW",  // A
    "WWWW----WWWWWWWW",  // R
    "----------------",  // RX
    "WWWW----WWWWWWWW",  // RG
    "----------------",  // RGX
    "WWWW----WWWWWWWW",  // RA
    "-----WWW--------",  // RGB
    "----------------",  // RGBX
    "WWWW----WWWWWWWW",  // RGBA
    "W-W-----W--W----",  // BGRA
    "W-W-----W--W----",  // ARGB
    "----------------",  // ABGR
    "----------------",  // SRGB
    "----------------",  // SRGBX
    "--R-------------",  // SRGBA
    "----------------",  // SBGRA
    "WWWW----------WW",  // INTENSITY
    "WWWW----------WW",  // LUMINANCE
    "---D-----------D",  // DEPTH
    "----------------",  // DEPTH_STENCIL
};

uint32_t mask_of(char c) {
  switch (c) {
    case 'W':
      return 7;
    case 'R':
      return 1;
    case 'D':
      return 3;
    default:
      return 0;
  }
}

// ROCr's geometry filters: 1DB has no sRGB orders nor 555/565; the depth
// geometries have only the depth orders.
uint32_t expected_mask(uint32_t g, uint32_t t, uint32_t o) {
  const uint32_t m = mask_of(kRocrTable[o][t]);
  const bool depth =
      o == HSA_EXT_IMAGE_CHANNEL_ORDER_DEPTH || o == HSA_EXT_IMAGE_CHANNEL_ORDER_DEPTH_STENCIL;
  const bool srgb = o >= HSA_EXT_IMAGE_CHANNEL_ORDER_SRGB && o <= HSA_EXT_IMAGE_CHANNEL_ORDER_SBGRA;
  if (g == HSA_EXT_IMAGE_GEOMETRY_2DDEPTH || g == HSA_EXT_IMAGE_GEOMETRY_2DADEPTH)
    return depth ? m : 0;
  if (g == HSA_EXT_IMAGE_GEOMETRY_1DB && (srgb || t == HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_SHORT_555 ||
                                          t == HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_SHORT_565))
    return 0;
  return m;
}

// Bytes per element from HSA PRM 7.1.4.3: the channel type's bits times
// the order's components, or the packed size.
size_t element_size(uint32_t t, uint32_t o) {
  static const unsigned kBits[] = {8, 16, 8, 16, 24, 16, 16, 32, 8, 16, 32, 8, 16, 32, 16, 32};
  if (t >= 5 && t <= 7) return kBits[t] / 8;
  static const unsigned kComponents[] = {1, 1, 1, 2, 2, 2, 3, 3, 4, 4,
                                         4, 4, 3, 3, 4, 4, 1, 1, 1, 2};
  return kBits[t] / 8 * kComponents[o];
}

size_t align256(size_t v) { return (v + 255) / 256 * 256; }

TEST_F(ApiImageReports, ExtensionIsSupportedOnGpus) {
  bool supported = false;
  ASSERT_EQ(hsa_system_extension_supported(HSA_EXTENSION_IMAGES, 1, 0, &supported),
            HSA_STATUS_SUCCESS);
  EXPECT_TRUE(supported);
  ASSERT_EQ(hsa_system_extension_supported(HSA_EXTENSION_IMAGES, 1, 1, &supported),
            HSA_STATUS_SUCCESS);
  EXPECT_FALSE(supported) << "only minor version 0";
  ASSERT_EQ(hsa_agent_extension_supported(HSA_EXTENSION_IMAGES, gpu_, 1, 0, &supported),
            HSA_STATUS_SUCCESS);
  EXPECT_TRUE(supported);
  ASSERT_EQ(hsa_agent_extension_supported(HSA_EXTENSION_IMAGES, cpu_, 1, 0, &supported),
            HSA_STATUS_SUCCESS);
  EXPECT_FALSE(supported) << "images are the GPU's";
  uint16_t minor = 9;
  ASSERT_EQ(hsa_system_major_extension_supported(HSA_EXTENSION_IMAGES, 1, &minor, &supported),
            HSA_STATUS_SUCCESS);
  EXPECT_TRUE(supported);
  EXPECT_EQ(minor, 0);
  uint8_t mask[128] = {};
  ASSERT_EQ(hsa_system_get_info(HSA_SYSTEM_INFO_EXTENSIONS, mask), HSA_STATUS_SUCCESS);
  EXPECT_TRUE(mask[HSA_EXTENSION_IMAGES / 8] & (1u << (HSA_EXTENSION_IMAGES % 8)));
  ASSERT_EQ(hsa_agent_get_info(gpu_, HSA_AGENT_INFO_EXTENSIONS, mask), HSA_STATUS_SUCCESS);
  EXPECT_TRUE(mask[HSA_EXTENSION_IMAGES / 8] & (1u << (HSA_EXTENSION_IMAGES % 8)));
  ASSERT_EQ(hsa_agent_get_info(cpu_, HSA_AGENT_INFO_EXTENSIONS, mask), HSA_STATUS_SUCCESS);
  EXPECT_FALSE(mask[HSA_EXTENSION_IMAGES / 8] & (1u << (HSA_EXTENSION_IMAGES % 8)));
}

TEST_F(ApiImageReports, FunctionTables) {
  hsa_ext_images_1_00_pfn_t t100{};
  ASSERT_EQ(hsa_system_get_extension_table(HSA_EXTENSION_IMAGES, 1, 0, &t100), HSA_STATUS_SUCCESS);
  EXPECT_EQ(t100.hsa_ext_image_get_capability, &hsa_ext_image_get_capability);
  EXPECT_EQ(t100.hsa_ext_image_data_get_info, &hsa_ext_image_data_get_info);
  EXPECT_EQ(t100.hsa_ext_image_create, &hsa_ext_image_create);
  EXPECT_EQ(t100.hsa_ext_image_destroy, &hsa_ext_image_destroy);
  EXPECT_EQ(t100.hsa_ext_image_copy, &hsa_ext_image_copy);
  EXPECT_EQ(t100.hsa_ext_image_import, &hsa_ext_image_import);
  EXPECT_EQ(t100.hsa_ext_image_export, &hsa_ext_image_export);
  EXPECT_EQ(t100.hsa_ext_image_clear, &hsa_ext_image_clear);
  EXPECT_EQ(t100.hsa_ext_sampler_create, &hsa_ext_sampler_create);
  EXPECT_EQ(t100.hsa_ext_sampler_destroy, &hsa_ext_sampler_destroy);
  hsa_ext_images_1_pfn_t t1{};
  ASSERT_EQ(hsa_system_get_major_extension_table(HSA_EXTENSION_IMAGES, 1, sizeof t1, &t1),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(t1.hsa_ext_image_clear, &hsa_ext_image_clear);
  EXPECT_EQ(t1.hsa_ext_image_get_capability_with_layout, &hsa_ext_image_get_capability_with_layout);
  EXPECT_EQ(t1.hsa_ext_image_data_get_info_with_layout, &hsa_ext_image_data_get_info_with_layout);
  EXPECT_EQ(t1.hsa_ext_image_create_with_layout, &hsa_ext_image_create_with_layout);
  // A shorter (older) table gets what fits, nothing more.
  hsa_ext_images_1_pfn_t part;
  std::memset(&part, 0xAB, sizeof part);
  ASSERT_EQ(hsa_system_get_major_extension_table(HSA_EXTENSION_IMAGES, 1,
                                                 sizeof(hsa_ext_images_1_00_pfn_t), &part),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(part.hsa_ext_sampler_destroy, &hsa_ext_sampler_destroy);
  uint8_t tail[sizeof part - sizeof(hsa_ext_images_1_00_pfn_t)];
  std::memset(tail, 0xAB, sizeof tail);
  EXPECT_EQ(std::memcmp(reinterpret_cast<uint8_t*>(&part) + sizeof(hsa_ext_images_1_00_pfn_t), tail,
                        sizeof tail),
            0);
  EXPECT_EQ(hsa_system_get_extension_table(HSA_EXTENSION_IMAGES, 2, 0, &t100),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_system_get_extension_table(HSA_EXTENSION_IMAGES, 1, 1, &t100),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

TEST_F(ApiImageReports, AgentAttributes) {
  // ROCr's values on gfx9 (ROCr 5.2 reports the sampler count wrongly, by
  // a missing break; 16 is the value its code means).
  struct Attribute {
    uint32_t id, value;
  };
  const Attribute kAttributes[] = {
      {HSA_EXT_AGENT_INFO_MAX_IMAGE_RD_HANDLES, 128},
      {HSA_EXT_AGENT_INFO_MAX_IMAGE_RORW_HANDLES, 64},
      {HSA_EXT_AGENT_INFO_MAX_SAMPLER_HANDLERS, 16},
      {HSA_EXT_AGENT_INFO_IMAGE_LINEAR_ROW_PITCH_ALIGNMENT, 256},
      {HSA_EXT_AGENT_INFO_IMAGE_1D_MAX_ELEMENTS, 16384},
      {HSA_EXT_AGENT_INFO_IMAGE_1DB_MAX_ELEMENTS, UINT32_MAX},
      {HSA_EXT_AGENT_INFO_IMAGE_ARRAY_MAX_LAYERS, 8192},
  };
  for (const Attribute& a : kAttributes) {
    uint32_t v[2] = {0xDEAD, 0xBEEF};
    ASSERT_EQ(hsa_agent_get_info(gpu_, static_cast<hsa_agent_info_t>(a.id), v), HSA_STATUS_SUCCESS);
    EXPECT_EQ(v[0], a.value) << std::hex << a.id;
    EXPECT_EQ(v[1], 0xBEEFu) << "one uint32_t, as ROCr writes";
    ASSERT_EQ(hsa_agent_get_info(cpu_, static_cast<hsa_agent_info_t>(a.id), v), HSA_STATUS_SUCCESS);
    EXPECT_EQ(v[0], 0u);
  }
  uint32_t v3[3] = {};
  ASSERT_EQ(hsa_agent_get_info(
                gpu_, static_cast<hsa_agent_info_t>(HSA_EXT_AGENT_INFO_IMAGE_3D_MAX_ELEMENTS), v3),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(v3[0], 16384u);
  EXPECT_EQ(v3[1], 16384u);
  EXPECT_EQ(v3[2], 8192u);
  uint32_t v2[2] = {};
  ASSERT_EQ(hsa_agent_get_info(
                gpu_, static_cast<hsa_agent_info_t>(HSA_EXT_AGENT_INFO_IMAGE_2DA_MAX_ELEMENTS), v2),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(v2[0], 16384u);
  EXPECT_EQ(v2[1], 16384u);
}

TEST_F(ApiImageReports, CapabilitiesAreRocrs) {
  int supported = 0;
  for (uint32_t g = HSA_EXT_IMAGE_GEOMETRY_1D; g <= HSA_EXT_IMAGE_GEOMETRY_2DADEPTH; ++g) {
    for (uint32_t t = 0; t <= HSA_EXT_IMAGE_CHANNEL_TYPE_FLOAT; ++t) {
      for (uint32_t o = 0; o <= HSA_EXT_IMAGE_CHANNEL_ORDER_DEPTH_STENCIL; ++o) {
        const hsa_ext_image_format_t f{static_cast<hsa_ext_image_channel_type32_t>(t),
                                       static_cast<hsa_ext_image_channel_order32_t>(o)};
        const auto geometry = static_cast<hsa_ext_image_geometry_t>(g);
        const uint32_t want = expected_mask(g, t, o);
        uint32_t mask = 0xFF;
        ASSERT_EQ(hsa_ext_image_get_capability(gpu_, geometry, &f, &mask), HSA_STATUS_SUCCESS);
        EXPECT_EQ(mask, want) << "geometry " << g << " type " << t << " order " << o;
        mask = 0xFF;
        ASSERT_EQ(hsa_ext_image_get_capability_with_layout(gpu_, geometry, &f,
                                                           HSA_EXT_IMAGE_DATA_LAYOUT_LINEAR, &mask),
                  HSA_STATUS_SUCCESS);
        EXPECT_EQ(mask, want) << "linear: geometry " << g << " type " << t << " order " << o;
        mask = 0xFF;
        ASSERT_EQ(hsa_ext_image_get_capability(cpu_, geometry, &f, &mask), HSA_STATUS_SUCCESS);
        EXPECT_EQ(mask, 0u) << "the CPU has no images";
        supported += want != 0;
      }
    }
  }
  EXPECT_EQ(supported, 5 * 86 + 83 + 2 * 2) << "ROCr's count of supported pairs";
}

TEST_F(ApiImageReports, DataSizesAreLinear) {
  // Every supported format of every geometry at a few sizes: OPAQUE and
  // LINEAR report the same, rows padded to 256 bytes.
  const size_t kSizes[][4] = {{1, 1, 1, 1}, {3, 5, 2, 4}, {100, 7, 3, 2}, {257, 2, 1, 3}};
  for (uint32_t g = HSA_EXT_IMAGE_GEOMETRY_1D; g <= HSA_EXT_IMAGE_GEOMETRY_2DADEPTH; ++g) {
    for (uint32_t t = 0; t <= HSA_EXT_IMAGE_CHANNEL_TYPE_FLOAT; ++t) {
      for (uint32_t o = 0; o <= HSA_EXT_IMAGE_CHANNEL_ORDER_DEPTH_STENCIL; ++o) {
        if (expected_mask(g, t, o) == 0) continue;
        for (const auto& s : kSizes) {
          const auto geometry = static_cast<hsa_ext_image_geometry_t>(g);
          const bool has_height =
              g == HSA_EXT_IMAGE_GEOMETRY_2D || g == HSA_EXT_IMAGE_GEOMETRY_3D ||
              g == HSA_EXT_IMAGE_GEOMETRY_2DA || g == HSA_EXT_IMAGE_GEOMETRY_2DDEPTH ||
              g == HSA_EXT_IMAGE_GEOMETRY_2DADEPTH;
          const bool layered = g == HSA_EXT_IMAGE_GEOMETRY_1DA || g == HSA_EXT_IMAGE_GEOMETRY_2DA ||
                               g == HSA_EXT_IMAGE_GEOMETRY_2DADEPTH;
          const size_t h = has_height ? s[1] : 0;
          const size_t depth = g == HSA_EXT_IMAGE_GEOMETRY_3D ? s[2] : 0;
          const size_t layers = layered ? s[3] : 0;
          const hsa_ext_image_descriptor_t d = describe(
              geometry, s[0], h, depth, layers, static_cast<hsa_ext_image_channel_type_t>(t),
              static_cast<hsa_ext_image_channel_order_t>(o));
          const size_t es = element_size(t, o);
          const size_t rows = has_height ? h : 1;
          const size_t slices = depth ? depth : layers ? layers : 1;
          const size_t want = g == HSA_EXT_IMAGE_GEOMETRY_1DB ? align256(s[0] * es)
                                                              : align256(s[0] * es) * rows * slices;
          hsa_ext_image_data_info_t di{}, dl{};
          ASSERT_EQ(hsa_ext_image_data_get_info(gpu_, &d, HSA_ACCESS_PERMISSION_RO, &di),
                    HSA_STATUS_SUCCESS);
          ASSERT_EQ(
              hsa_ext_image_data_get_info_with_layout(gpu_, &d, HSA_ACCESS_PERMISSION_RO,
                                                      HSA_EXT_IMAGE_DATA_LAYOUT_LINEAR, 0, 0, &dl),
              HSA_STATUS_SUCCESS);
          EXPECT_EQ(di.size, want) << g << " " << t << " " << o << " width " << s[0];
          EXPECT_EQ(di.alignment, 256u);
          EXPECT_EQ(dl.size, di.size);
          EXPECT_EQ(dl.alignment, 256u);
        }
      }
    }
  }
}

}  // namespace
