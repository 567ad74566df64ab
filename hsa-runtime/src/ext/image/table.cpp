// The images extension's function tables and agent attributes (images.h).
#include <cstring>

#include "ext/image/formats.h"
#include "ext/image/images.h"
#include "runtime/topology.h"

namespace hsart::image {

const hsa_ext_images_1_00_pfn_t& table_1_00() {
  static const hsa_ext_images_1_00_pfn_t t = {
      hsa_ext_image_get_capability, hsa_ext_image_data_get_info, hsa_ext_image_create,
      hsa_ext_image_destroy,        hsa_ext_image_copy,          hsa_ext_image_import,
      hsa_ext_image_export,         hsa_ext_image_clear,         hsa_ext_sampler_create,
      hsa_ext_sampler_destroy,
  };
  return t;
}

const hsa_ext_images_1_pfn_t& table_1() {
  static const hsa_ext_images_1_pfn_t t = {
      hsa_ext_image_get_capability,
      hsa_ext_image_data_get_info,
      hsa_ext_image_create,
      hsa_ext_image_destroy,
      hsa_ext_image_copy,
      hsa_ext_image_import,
      hsa_ext_image_export,
      hsa_ext_image_clear,
      hsa_ext_sampler_create,
      hsa_ext_sampler_destroy,
      hsa_ext_image_get_capability_with_layout,
      hsa_ext_image_data_get_info_with_layout,
      hsa_ext_image_create_with_layout,
  };
  return t;
}

bool agent_has_images(const Agent& agent) { return agent.type == HSA_DEVICE_TYPE_GPU; }

bool is_image_attribute(int attribute) {
  return attribute >= HSA_EXT_AGENT_INFO_IMAGE_1D_MAX_ELEMENTS &&
         attribute <= HSA_EXT_AGENT_INFO_IMAGE_LINEAR_ROW_PITCH_ALIGNMENT;
}

namespace {

// The limit attributes: geometry and how many words (1D: width; 2D: width,
// height; 3D: width, height, depth; layers: the array limit).
struct LimitAttribute {
  int attribute;
  hsa_ext_image_geometry_t geometry;
  unsigned words;
};

constexpr LimitAttribute kLimitAttributes[] = {
    {HSA_EXT_AGENT_INFO_IMAGE_1D_MAX_ELEMENTS, HSA_EXT_IMAGE_GEOMETRY_1D, 1},
    {HSA_EXT_AGENT_INFO_IMAGE_1DA_MAX_ELEMENTS, HSA_EXT_IMAGE_GEOMETRY_1DA, 1},
    {HSA_EXT_AGENT_INFO_IMAGE_1DB_MAX_ELEMENTS, HSA_EXT_IMAGE_GEOMETRY_1DB, 1},
    {HSA_EXT_AGENT_INFO_IMAGE_2D_MAX_ELEMENTS, HSA_EXT_IMAGE_GEOMETRY_2D, 2},
    {HSA_EXT_AGENT_INFO_IMAGE_2DA_MAX_ELEMENTS, HSA_EXT_IMAGE_GEOMETRY_2DA, 2},
    {HSA_EXT_AGENT_INFO_IMAGE_2DDEPTH_MAX_ELEMENTS, HSA_EXT_IMAGE_GEOMETRY_2DDEPTH, 2},
    {HSA_EXT_AGENT_INFO_IMAGE_2DADEPTH_MAX_ELEMENTS, HSA_EXT_IMAGE_GEOMETRY_2DADEPTH, 2},
    {HSA_EXT_AGENT_INFO_IMAGE_3D_MAX_ELEMENTS, HSA_EXT_IMAGE_GEOMETRY_3D, 3},
    {HSA_EXT_AGENT_INFO_IMAGE_ARRAY_MAX_LAYERS, HSA_EXT_IMAGE_GEOMETRY_2DA, 1},
};

// ROCr's handle limits (the OpenCL runtime's constants) and gfx9's linear
// row pitch alignment.
constexpr uint32_t kMaxReadOnlyImages = 128;
constexpr uint32_t kMaxReadWriteImages = 64;
constexpr uint32_t kMaxSamplers = 16;
constexpr uint32_t kRowPitchAlignment = 256;

}  // namespace

hsa_status_t agent_info(const Agent& agent, int attribute, void* value) {
  const bool images = agent_has_images(agent);
  auto* out = static_cast<uint32_t*>(value);
  for (const LimitAttribute& l : kLimitAttributes) {
    if (l.attribute != attribute) continue;
    const Limits lim = limits_of(l.geometry);
    uint32_t words[3] = {lim.width, lim.height, lim.depth};
    if (attribute == HSA_EXT_AGENT_INFO_IMAGE_ARRAY_MAX_LAYERS) words[0] = lim.layers;
    for (unsigned i = 0; i < l.words; ++i) out[i] = images ? words[i] : 0;
    return HSA_STATUS_SUCCESS;
  }
  switch (attribute) {
    case HSA_EXT_AGENT_INFO_MAX_IMAGE_RD_HANDLES:
      *out = images ? kMaxReadOnlyImages : 0;
      return HSA_STATUS_SUCCESS;
    case HSA_EXT_AGENT_INFO_MAX_IMAGE_RORW_HANDLES:
      *out = images ? kMaxReadWriteImages : 0;
      return HSA_STATUS_SUCCESS;
    case HSA_EXT_AGENT_INFO_MAX_SAMPLER_HANDLERS:
      *out = images ? kMaxSamplers : 0;
      return HSA_STATUS_SUCCESS;
    case HSA_EXT_AGENT_INFO_IMAGE_LINEAR_ROW_PITCH_ALIGNMENT:
      *out = images ? kRowPitchAlignment : 0;
      return HSA_STATUS_SUCCESS;
    default:
      return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  }
}

}  // namespace hsart::image
