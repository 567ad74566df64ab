// Initialized image and sampler variables (HSA PRM 7.1): the loader's
// handle-initializer records (loader/code_object.h, HandleInit) become
// image and sampler objects of the images extension, made for the agent
// the code object is loaded for, their handles written into the loaded
// image where the variables live.
#include <cstring>

#include "brig.h"
#include "executables/state.h"
#include "handle_init_note.h"

namespace hsart::exec {
namespace {

// The note carries BRIG's enumerations and hsa_access_permission_t; the
// images extension takes them unchanged.
constexpr bool same(int a, int b) { return a == b; }
static_assert(same(FW_BRIG_GEOMETRY_2DADEPTH, HSA_EXT_IMAGE_GEOMETRY_2DADEPTH));
static_assert(same(FW_BRIG_GEOMETRY_1DB, HSA_EXT_IMAGE_GEOMETRY_1DB));
static_assert(same(FW_BRIG_CHANNEL_ORDER_DEPTH_STENCIL, HSA_EXT_IMAGE_CHANNEL_ORDER_DEPTH_STENCIL));
static_assert(same(FW_BRIG_CHANNEL_TYPE_FLOAT, HSA_EXT_IMAGE_CHANNEL_TYPE_FLOAT));
static_assert(same(FW_BRIG_SAMPLER_COORD_NORMALIZED, HSA_EXT_SAMPLER_COORDINATE_MODE_NORMALIZED));
static_assert(same(FW_BRIG_SAMPLER_FILTER_LINEAR, HSA_EXT_SAMPLER_FILTER_MODE_LINEAR));
static_assert(same(FW_BRIG_SAMPLER_ADDRESSING_MIRRORED_REPEAT,
                   HSA_EXT_SAMPLER_ADDRESSING_MODE_MIRRORED_REPEAT));
static_assert(same(FW_HANDLE_INIT_ACCESS_RO, HSA_ACCESS_PERMISSION_RO));
static_assert(same(FW_HANDLE_INIT_ACCESS_WO, HSA_ACCESS_PERMISSION_WO));
static_assert(same(FW_HANDLE_INIT_ACCESS_RW, HSA_ACCESS_PERMISSION_RW));

hsa_ext_image_descriptor_t image_descriptor(const loader::HandleInit& h) {
  // The note's enumerations are BRIG's, which the images extension shares.
  hsa_ext_image_descriptor_t d{};
  d.geometry = static_cast<hsa_ext_image_geometry_t>(h.geometry);
  d.width = h.width;
  d.height = h.height;
  d.depth = h.depth;
  d.array_size = h.array_size;
  d.format.channel_type = static_cast<hsa_ext_image_channel_type32_t>(h.channel_type);
  d.format.channel_order = static_cast<hsa_ext_image_channel_order32_t>(h.channel_order);
  return d;
}

hsa_ext_sampler_descriptor_t sampler_descriptor(const loader::HandleInit& h) {
  hsa_ext_sampler_descriptor_t d{};
  d.coordinate_mode = static_cast<hsa_ext_sampler_coordinate_mode32_t>(h.coord);
  d.filter_mode = static_cast<hsa_ext_sampler_filter_mode32_t>(h.filter);
  d.address_mode = static_cast<hsa_ext_sampler_addressing_mode32_t>(h.addressing);
  return d;
}

}  // namespace

hsa_status_t fill_handles(Loaded* l) {
  for (const loader::HandleInit& h : l->co.handle_inits) {
    uint64_t handle = 0;
    hsa_status_t s;
    if (h.kind == loader::HandleInit::Kind::Image) {
      image::OwnedImage im;
      s = image::create_owned_image(*l->agent, image_descriptor(h),
                                    static_cast<hsa_access_permission_t>(h.access), &im);
      if (s == HSA_STATUS_SUCCESS) l->images.push_back(im);
      handle = im.handle;
    } else {
      s = image::create_owned_sampler(*l->agent, sampler_descriptor(h), &handle);
      if (s == HSA_STATUS_SUCCESS) l->samplers.push_back(handle);
    }
    if (s != HSA_STATUS_SUCCESS) {
      release_handles(l);
      return s;
    }
    // The loaded image is host memory the GPU sees (load.cpp).
    std::memcpy(reinterpret_cast<void*>(l->base + h.image_offset), &handle, sizeof handle);
  }
  return HSA_STATUS_SUCCESS;
}

void release_handles(Loaded* l) {
  for (const image::OwnedImage& im : l->images) image::destroy_owned_image(im);
  for (uint64_t s : l->samplers) image::destroy_owned_sampler(s);
  l->images.clear();
  l->samplers.clear();
}

}  // namespace hsart::exec
