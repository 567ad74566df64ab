// The image and sampler objects the handles point at (objects.cpp). A
// handle is the address of the object's descriptor words in memory every
// GPU can read, since kernels load the T# or S# straight from the handle:
//   image:   dwords 0-7 the T# (a 1DB image: dwords 0-3 a V#), dword 8 the
//            HSA channel type, dword 9 the channel order, dword 10 the width;
//   sampler: dwords 0-3 the S#.
// (ROCr's gfx9 image object ABI, which the finalizer's image instructions
// read.) The runtime keeps what else it knows of each object beside it, and
// knows which handles are live, so that a made-up handle is refused, never
// dereferenced.
#pragma once

#include <hsa/hsa_ext_image.h>

#include <cstdint>

#include "ext/image/formats.h"
#include "ext/image/layout.h"

namespace hsart {
struct Runtime;
}

namespace hsart::image {

constexpr unsigned kImageObjectDwords = 12;
constexpr unsigned kSamplerObjectDwords = 4;

struct ImageRecord {
  hsa_agent_t agent{};
  hsa_ext_image_descriptor_t desc{};
  hsa_access_permission_t permission{};
  FormatInfo format;
  Layout layout;
  uint8_t* data = nullptr;
};

// A zeroed object of up to 16 dwords in GPU-visible memory, 64-byte
// aligned; nullptr when the thunk has no memory.
uint32_t* new_object();

// Registers a filled object; from then on its handle is valid.
void add_image(const uint32_t* object, const ImageRecord& record);
void add_sampler(const uint32_t* object, hsa_agent_t agent);

// The live image a handle names (false: none).
bool find_image(uint64_t handle, ImageRecord* record);
// Forgets and frees the object the handle names; false if none (the
// agent passed with it is not checked, as in ROCr).
bool remove_image(uint64_t handle);
bool remove_sampler(uint64_t handle);

// Frees every object (hsa_shut_down; runtime/components.cpp).
void images_stop(Runtime& rt);

}  // namespace hsart::image
