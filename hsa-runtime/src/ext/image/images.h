// The images extension as the rest of the runtime sees it: its function
// tables and the agent attributes it adds (table.cpp).
#pragma once

#include <hsa/hsa.h>
#include <hsa/hsa_ext_image.h>

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

}  // namespace hsart::image
