// hsa_amd_image_create and hsa_amd_image_get_info_max_dim: argument errors
// as ROCr reports them, IMAGE_FORMAT_UNSUPPORTED for a vendor-layout image
// (not implemented), and the images extension's limits: ROCr's answers on
// the same gfx900 (Debian's ROCr 5.2 on our thunk) for the GPU, 0 for the
// CPU.
#include <algorithm>
#include <iterator>

#include "unsupported_fixture.h"

namespace {

// The limits and how many uint32_t each fills (1D: width; 2D: width,
// height; 3D: width, height, depth), from hsa_ext_image.h's definitions.
struct Limit {
  uint32_t attribute;
  unsigned words;
  uint32_t gpu[3];
};
constexpr Limit kLimits[] = {
    {HSA_EXT_AGENT_INFO_IMAGE_1D_MAX_ELEMENTS, 1, {16384}},
    {HSA_EXT_AGENT_INFO_IMAGE_1DA_MAX_ELEMENTS, 1, {16384}},
    {HSA_EXT_AGENT_INFO_IMAGE_1DB_MAX_ELEMENTS, 1, {UINT32_MAX}},
    {HSA_EXT_AGENT_INFO_IMAGE_2D_MAX_ELEMENTS, 2, {16384, 16384}},
    {HSA_EXT_AGENT_INFO_IMAGE_2DA_MAX_ELEMENTS, 2, {16384, 16384}},
    {HSA_EXT_AGENT_INFO_IMAGE_2DDEPTH_MAX_ELEMENTS, 2, {16384, 16384}},
    {HSA_EXT_AGENT_INFO_IMAGE_2DADEPTH_MAX_ELEMENTS, 2, {16384, 16384}},
    {HSA_EXT_AGENT_INFO_IMAGE_3D_MAX_ELEMENTS, 3, {16384, 16384, 8192}},
    {HSA_EXT_AGENT_INFO_IMAGE_ARRAY_MAX_LAYERS, 1, {8192}},
};

hsa_agent_info_t info(uint32_t attribute) { return static_cast<hsa_agent_info_t>(attribute); }

TEST(ApiUnsupportedAmdImageInit, EveryFunctionNeedsInit) {
  uint32_t dims[3] = {};
  alignas(256) static uint8_t data[256];
  hsa_ext_image_descriptor_t desc{};
  hsa_amd_image_descriptor_t layout{1, 0, {0}};
  hsa_ext_image_t image{};
  EXPECT_EQ(hsa_amd_image_get_info_max_dim(hsa_agent_t{1},
                                           info(HSA_EXT_AGENT_INFO_IMAGE_3D_MAX_ELEMENTS), dims),
            HSA_STATUS_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(
      hsa_amd_image_create(hsa_agent_t{1}, &desc, &layout, data, HSA_ACCESS_PERMISSION_RW, &image),
      HSA_STATUS_ERROR_NOT_INITIALIZED);
}

using ApiUnsupportedAmdImage = ApiUnsupportedFixture;

TEST_F(ApiUnsupportedAmdImage, MaxDimIsRocrsForEveryLimit) {
  uint32_t dims[4];
  EXPECT_EQ(hsa_amd_image_get_info_max_dim(made_up_agent_,
                                           info(HSA_EXT_AGENT_INFO_IMAGE_1D_MAX_ELEMENTS), dims),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(
      hsa_amd_image_get_info_max_dim(gpu_, info(HSA_EXT_AGENT_INFO_IMAGE_1D_MAX_ELEMENTS), nullptr),
      HSA_STATUS_ERROR_INVALID_ARGUMENT);
  // Only the image limits: the attribute before the first and the two
  // after the last, and a core attribute.
  for (uint32_t bad : {0x2FFFu, 0x3009u, 0x300Cu, static_cast<uint32_t>(HSA_AGENT_INFO_NAME)}) {
    EXPECT_EQ(hsa_amd_image_get_info_max_dim(gpu_, info(bad), dims),
              HSA_STATUS_ERROR_INVALID_ARGUMENT)
        << std::hex << bad;
  }
  for (hsa_agent_t agent : {gpu_, cpu_}) {
    for (const Limit& l : kLimits) {
      std::fill(std::begin(dims), std::end(dims), 0xDEADBEEF);
      ASSERT_EQ(hsa_amd_image_get_info_max_dim(agent, info(l.attribute), dims), HSA_STATUS_SUCCESS)
          << std::hex << l.attribute;
      for (unsigned w = 0; w < 4; ++w) {
        // The limit's words (0 on the CPU); nothing past them is written.
        // (l.gpu has three words: read it only below l.words.)
        const uint32_t want = w >= l.words                  ? 0xDEADBEEFu
                              : agent.handle == gpu_.handle ? l.gpu[w]
                                                            : 0u;
        EXPECT_EQ(dims[w], want) << "attribute 0x" << std::hex << l.attribute << " word " << w;
      }
    }
  }
}

TEST_F(ApiUnsupportedAmdImage, CreateIsFormatUnsupported) {
  auto* data = static_cast<uint8_t*>(alloc(gpu_, 65536));
  ASSERT_NE(data, nullptr);
  ASSERT_EQ(reinterpret_cast<uintptr_t>(data) % 256, 0u);
  hsa_ext_image_descriptor_t desc{};
  desc.geometry = HSA_EXT_IMAGE_GEOMETRY_2D;
  desc.width = 64;
  desc.height = 64;
  desc.format = {HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8, HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA};
  hsa_amd_image_descriptor_t layout{1, 0x1002u << 16, {0}};
  hsa_ext_image_t image{0x77};
  const auto rw = HSA_ACCESS_PERMISSION_RW;
  EXPECT_EQ(hsa_amd_image_create(made_up_agent_, &desc, &layout, data, rw, &image),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_amd_image_create(gpu_, nullptr, &layout, data, rw, &image),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_image_create(gpu_, &desc, nullptr, data, rw, &image),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_image_create(gpu_, &desc, &layout, nullptr, rw, &image),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_image_create(gpu_, &desc, &layout, data, rw, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  // ROCr wants the data 256-byte aligned.
  EXPECT_EQ(hsa_amd_image_create(gpu_, &desc, &layout, data + 64, rw, &image),
            HSA_STATUS_ERROR_INVALID_ALLOCATION);
  EXPECT_EQ(static_cast<int>(hsa_amd_image_create(gpu_, &desc, &layout, data, rw, &image)),
            HSA_EXT_STATUS_ERROR_IMAGE_FORMAT_UNSUPPORTED);
  EXPECT_EQ(image.handle, 0u);
}

}  // namespace
