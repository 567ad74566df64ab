// The images extension as the rest of the runtime sees it: its function
// tables and the agent attributes it adds (table.cpp).
#pragma once

#include <hsa/hsa.h>
#include <hsa/hsa_ext_image.h>

#include <cstdint>

namespace hsart {
struct Agent;
}

namespace hsart::image {

const hsa_ext_images_1_00_pfn_t& table_1_00();
const hsa_ext_images_1_pfn_t& table_1();

// Whether the agent has the extension: GPU agents do.
bool agent_has_images(const Agent& agent);

// HSA_EXT_AGENT_INFO_* (0x3000-0x300C) of an agent; INVALID_ARGUMENT for
// any other attribute. Written as uint32_t, as ROCr writes them.
bool is_image_attribute(int attribute);
hsa_status_t agent_info(const Agent& agent, int attribute, void* value);

// Images and samplers the runtime makes for itself: the objects a code
// object's initialized image and sampler variables name (HSA PRM 7.1;
// executables/handle_init.cpp). An owned image's data is runtime memory,
// zeroed (the PRM leaves it undefined), freed with the image. The statuses
// are hsa_ext_image_create's and hsa_ext_sampler_create's.
struct OwnedImage {
  uint64_t handle = 0;
  void* data = nullptr;
  uint64_t bytes = 0;
};
hsa_status_t create_owned_image(const Agent& agent, const hsa_ext_image_descriptor_t& descriptor,
                                hsa_access_permission_t access, OwnedImage* out);
void destroy_owned_image(const OwnedImage& image);
hsa_status_t create_owned_sampler(const Agent& agent,
                                  const hsa_ext_sampler_descriptor_t& descriptor, uint64_t* handle);
void destroy_owned_sampler(uint64_t handle);

}  // namespace hsart::image
