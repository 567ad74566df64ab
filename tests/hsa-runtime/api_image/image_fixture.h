// The runtime initialized with its first GPU and CPU agents, memory for
// image data from the GPU's allocatable global region, and images and
// samplers the test made, all given back at the end.
#pragma once

#include <gtest/gtest.h>
#include <hsa/hsa.h>
#include <hsa/hsa_ext_image.h>

#include <cstdint>
#include <vector>

#include "hsa_test_fixture.h"

class ImageFixture : public hsa_test::RuntimeFixture {
 protected:
  void release() override {
    for (hsa_ext_image_t i : images_) EXPECT_EQ(hsa_ext_image_destroy(gpu_, i), HSA_STATUS_SUCCESS);
    for (hsa_ext_sampler_t s : samplers_)
      EXPECT_EQ(hsa_ext_sampler_destroy(gpu_, s), HSA_STATUS_SUCCESS);
  }

  // An image on the GPU with its own memory (OPAQUE layout, or LINEAR with
  // the given pitches); the handle is 0 if creation failed.
  hsa_ext_image_t image(const hsa_ext_image_descriptor_t& d, bool linear = false,
                        size_t row_pitch = 0, size_t slice_pitch = 0, void** data = nullptr) {
    hsa_ext_image_data_info_t info{};
    const auto rw = HSA_ACCESS_PERMISSION_RW;
    const auto layout = HSA_EXT_IMAGE_DATA_LAYOUT_LINEAR;
    const hsa_status_t s = linear ? hsa_ext_image_data_get_info_with_layout(
                                        gpu_, &d, rw, layout, row_pitch, slice_pitch, &info)
                                  : hsa_ext_image_data_get_info(gpu_, &d, rw, &info);
    EXPECT_EQ(s, HSA_STATUS_SUCCESS);
    if (s != HSA_STATUS_SUCCESS) return {0};
    void* p = alloc(gpu_, info.size);
    if (data) *data = p;
    hsa_ext_image_t im{0};
    const hsa_status_t c = linear ? hsa_ext_image_create_with_layout(gpu_, &d, p, rw, layout,
                                                                     row_pitch, slice_pitch, &im)
                                  : hsa_ext_image_create(gpu_, &d, p, rw, &im);
    EXPECT_EQ(c, HSA_STATUS_SUCCESS);
    if (im.handle) images_.push_back(im);
    return im;
  }

  // No agent lives at a stack address, and 0 is never a handle.
  hsa_agent_t made_up_agent_{reinterpret_cast<uint64_t>(&gpu_)};
  hsa_agent_t null_agent_{0};
  std::vector<hsa_ext_image_t> images_;
  std::vector<hsa_ext_sampler_t> samplers_;
};

// A descriptor.
inline hsa_ext_image_descriptor_t describe(hsa_ext_image_geometry_t g, size_t w, size_t h,
                                           size_t depth, size_t layers,
                                           hsa_ext_image_channel_type_t type,
                                           hsa_ext_image_channel_order_t order) {
  hsa_ext_image_descriptor_t d{};
  d.geometry = g;
  d.width = w;
  d.height = h;
  d.depth = depth;
  d.array_size = layers;
  d.format = {type, order};
  return d;
}
