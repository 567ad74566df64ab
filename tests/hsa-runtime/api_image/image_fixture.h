// The runtime initialized with its first GPU and CPU agents, memory for
// image data from the GPU's allocatable global region, and images and
// samplers the test made, all given back at the end.
#pragma once

#include <gtest/gtest.h>
#include <hsa/hsa.h>
#include <hsa/hsa_ext_image.h>

#include <cstdint>
#include <vector>

#include "hsa_test_agents.h"

class ImageFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
    const hsa_test::FirstAgents first = hsa_test::first_agents();
    gpu_ = first.gpu;
    cpu_ = first.cpu;
    ASSERT_NE(gpu_.handle, 0u) << "the emulated topology has a GPU";
    ASSERT_NE(cpu_.handle, 0u);
  }

  void TearDown() override {
    for (hsa_ext_image_t i : images_) EXPECT_EQ(hsa_ext_image_destroy(gpu_, i), HSA_STATUS_SUCCESS);
    for (hsa_ext_sampler_t s : samplers_)
      EXPECT_EQ(hsa_ext_sampler_destroy(gpu_, s), HSA_STATUS_SUCCESS);
    for (void* p : allocations_) EXPECT_EQ(hsa_memory_free(p), HSA_STATUS_SUCCESS);
    EXPECT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS);
  }

  // Memory from the agent's first allocatable global region.
  void* alloc(hsa_agent_t agent, size_t bytes) {
    hsa_region_t region{0};
    hsa_agent_iterate_regions(
        agent,
        [](hsa_region_t r, void* data) {
          hsa_region_segment_t seg{};
          bool allowed = false;
          hsa_region_get_info(r, HSA_REGION_INFO_SEGMENT, &seg);
          hsa_region_get_info(r, HSA_REGION_INFO_RUNTIME_ALLOC_ALLOWED, &allowed);
          auto* out = static_cast<hsa_region_t*>(data);
          if (seg == HSA_REGION_SEGMENT_GLOBAL && allowed && out->handle == 0) *out = r;
          return HSA_STATUS_SUCCESS;
        },
        &region);
    void* p = nullptr;
    EXPECT_EQ(hsa_memory_allocate(region, bytes, &p), HSA_STATUS_SUCCESS);
    if (p) allocations_.push_back(p);
    return p;
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

  hsa_agent_t gpu_{0}, cpu_{0};
  // No agent lives at a stack address, and 0 is never a handle.
  hsa_agent_t made_up_agent_{reinterpret_cast<uint64_t>(&gpu_)};
  hsa_agent_t null_agent_{0};
  std::vector<hsa_ext_image_t> images_;
  std::vector<hsa_ext_sampler_t> samplers_;
  std::vector<void*> allocations_;
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
