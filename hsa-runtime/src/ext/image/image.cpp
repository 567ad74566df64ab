// The images extension (hsa_ext_image_*, hsa_ext_sampler_*) on the GPU
// agents: ROCr's gfx9 formats (formats.cpp), linear layouts for both OPAQUE
// and LINEAR (layout.cpp), image and sampler objects holding the T#/V# and
// S# kernels read (objects.cpp, descriptor_gfx9.h), data moved by SDMA
// (transfer.cpp). CPU agents have no images: capability 0, then
// IMAGE_FORMAT_UNSUPPORTED, and INVALID_AGENT for samplers, as in ROCr.
// Arguments are checked in ROCr's order: the agent, then the pointers and
// enumerations, then the handles, then the values.
#include <hsa/hsa_ext_image.h>

#include <cstring>

#include "ext/image/descriptor_gfx9.h"
#include "ext/image/formats.h"
#include "ext/image/images.h"
#include "ext/image/layout.h"
#include "ext/image/objects.h"
#include "ext/image/texel.h"
#include "ext/image/transfer.h"
#include "memory/gpu_visible_memory.h"
#include "runtime/init_check.h"
#include "runtime/topology.h"

namespace hsart::image {
namespace {

bool geometry_ok(hsa_ext_image_geometry_t geometry) {
  return static_cast<uint32_t>(geometry) <= HSA_EXT_IMAGE_GEOMETRY_2DADEPTH;
}

// A descriptor's geometry field as stored: the caller's bits may name no
// enumerator, and loading such a value as the enum type is undefined
// behaviour (UBSan's -fsanitize=enum catches it), so it is read as bytes.
bool geometry_ok(const hsa_ext_image_descriptor_t& d) {
  uint32_t raw;
  static_assert(sizeof raw == sizeof d.geometry, "hsa_ext_image_geometry_t is 32-bit");
  std::memcpy(&raw, &d.geometry, sizeof raw);
  return raw <= HSA_EXT_IMAGE_GEOMETRY_2DADEPTH;
}

bool format_ok(const hsa_ext_image_format_t& f) {
  return static_cast<uint32_t>(f.channel_type) <= HSA_EXT_IMAGE_CHANNEL_TYPE_FLOAT &&
         static_cast<uint32_t>(f.channel_order) <= HSA_EXT_IMAGE_CHANNEL_ORDER_DEPTH_STENCIL;
}

bool permission_ok(hsa_access_permission_t permission) {
  return permission >= HSA_ACCESS_PERMISSION_RO && permission <= HSA_ACCESS_PERMISSION_RW;
}

// The *_with_layout functions take the explicit layout only; OPAQUE has
// its own entry points.
bool explicit_layout(hsa_ext_image_data_layout_t layout) {
  return layout == HSA_EXT_IMAGE_DATA_LAYOUT_LINEAR;
}

hsa_status_t ext_status(int status) { return static_cast<hsa_status_t>(status); }

FormatInfo agent_format(const Agent& a, const hsa_ext_image_format_t& f,
                        hsa_ext_image_geometry_t g) {
  return agent_has_images(a) ? format_info(f, g) : FormatInfo{};
}

hsa_status_t capability(hsa_agent_t agent, hsa_ext_image_geometry_t geometry,
                        const hsa_ext_image_format_t* image_format, bool layout_ok,
                        uint32_t* capability_mask) {
  const Agent* a = agent_from(agent);
  if (!a) return HSA_STATUS_ERROR_INVALID_AGENT;
  if (!image_format || !capability_mask || !geometry_ok(geometry) || !layout_ok ||
      !format_ok(*image_format))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  *capability_mask = agent_format(*a, *image_format, geometry).capability;
  return HSA_STATUS_SUCCESS;
}

// The descriptor's format, size and layout (ROCr's order: format, then the
// agent's limits, then the pitches).
hsa_status_t describe(const Agent& a, const hsa_ext_image_descriptor_t& d, size_t row_pitch,
                      size_t slice_pitch, FormatInfo* format, Layout* layout) {
  if (!geometry_ok(d) || !format_ok(d.format)) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  *format = agent_format(a, d.format, d.geometry);
  if (format->capability == 0) return ext_status(HSA_EXT_STATUS_ERROR_IMAGE_FORMAT_UNSUPPORTED);
  const Limits lim = limits_of(d.geometry);
  if (d.width > lim.width || d.height > lim.height || d.depth > lim.depth ||
      d.array_size > lim.layers)
    return ext_status(HSA_EXT_STATUS_ERROR_IMAGE_SIZE_UNSUPPORTED);
  // An empty image has no descriptor (WIDTH is width - 1).
  if (d.width == 0 || rows_of(d) == 0 || slices_of(d) == 0)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  // A 1DB image's V# counts bytes in 32 bits.
  if (d.geometry == HSA_EXT_IMAGE_GEOMETRY_1DB && d.width * format->element_size > UINT32_MAX)
    return ext_status(HSA_EXT_STATUS_ERROR_IMAGE_SIZE_UNSUPPORTED);
  return layout_of(d, format->element_size, row_pitch, slice_pitch, layout);
}

hsa_status_t data_info(hsa_agent_t agent, const hsa_ext_image_descriptor_t* image_descriptor,
                       hsa_access_permission_t access_permission, bool layout_ok, size_t row_pitch,
                       size_t slice_pitch, hsa_ext_image_data_info_t* image_data_info) {
  const Agent* a = agent_from(agent);
  if (!a) return HSA_STATUS_ERROR_INVALID_AGENT;
  if (!image_descriptor || !image_data_info || !permission_ok(access_permission) || !layout_ok)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  *image_data_info = {};
  FormatInfo format;
  Layout layout;
  const hsa_status_t s = describe(*a, *image_descriptor, row_pitch, slice_pitch, &format, &layout);
  if (s != HSA_STATUS_SUCCESS) return s;
  image_data_info->size = layout.size;
  image_data_info->alignment = layout.alignment;
  return HSA_STATUS_SUCCESS;
}

// The T# (or V#) and the ABI dwords 8-10 of an image.
void fill_image_object(uint32_t* w, const ImageRecord& r) {
  const hsa_ext_image_descriptor_t& d = r.desc;
  const uint64_t address = reinterpret_cast<uintptr_t>(r.data);
  const Swizzle sw = swizzle_of(d.format.channel_order);
  if (d.geometry == HSA_EXT_IMAGE_GEOMETRY_1DB) {
    put(w, vsharp::kBaseAddress, address);
    put(w, vsharp::kBaseAddressHi, address >> 32);
    put(w, vsharp::kStride, r.format.element_size);
    put(w, vsharp::kNumRecords, d.width * r.format.element_size);
    put(w, vsharp::kDstSelX, sw.x);
    put(w, vsharp::kDstSelY, sw.y);
    put(w, vsharp::kDstSelZ, sw.z);
    put(w, vsharp::kDstSelW, sw.w);
    put(w, vsharp::kNumFormat, r.format.num_format);
    put(w, vsharp::kDataFormat, r.format.data_format);
    // ROCr stores the element size in the 2-bit INDEX_STRIDE (kept
    // truncated); it only matters with swizzling, which is off.
    put(w, vsharp::kIndexStride, r.format.element_size);
    put(w, vsharp::kType, kRsrcBuf);
  } else {
    put(w, tsharp::kBaseAddress, address >> 8);
    put(w, tsharp::kBaseAddressHi, address >> 40);
    put(w, tsharp::kDataFormat, r.format.data_format);
    put(w, tsharp::kNumFormat, r.format.num_format);
    put(w, tsharp::kWidth, d.width - 1);
    put(w, tsharp::kHeight, rows_of(d) - 1);
    put(w, tsharp::kDstSelX, sw.x);
    put(w, tsharp::kDstSelY, sw.y);
    put(w, tsharp::kDstSelZ, sw.z);
    put(w, tsharp::kDstSelW, sw.w);
    put(w, tsharp::kSwMode, kSwModeLinear);
    put(w, tsharp::kType, resource_type_of(d.geometry));
    // DEPTH: the last layer of an array, the last slice of a 3D image.
    const bool has_depth = is_array(d.geometry) || d.geometry == HSA_EXT_IMAGE_GEOMETRY_3D;
    put(w, tsharp::kDepth, has_depth ? slices_of(d) - 1 : 0);
    put(w, tsharp::kPitch, r.layout.row_pitch / r.format.element_size - 1);
    put(w, tsharp::kBcSwizzle, bc_swizzle_of(sw));
  }
  w[8] = d.format.channel_type;
  w[9] = d.format.channel_order;
  w[10] = static_cast<uint32_t>(d.width);
}

hsa_status_t create(hsa_agent_t agent, const hsa_ext_image_descriptor_t* image_descriptor,
                    const void* image_data, hsa_access_permission_t access_permission,
                    bool layout_ok, size_t row_pitch, size_t slice_pitch, hsa_ext_image_t* image) {
  const Agent* a = agent_from(agent);
  if (!a) return HSA_STATUS_ERROR_INVALID_AGENT;
  if (!image_descriptor || !image_data || !image || !permission_ok(access_permission) || !layout_ok)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  image->handle = 0;
  ImageRecord r;
  hsa_status_t s = describe(*a, *image_descriptor, row_pitch, slice_pitch, &r.format, &r.layout);
  if (s != HSA_STATUS_SUCCESS) return s;
  if (reinterpret_cast<uintptr_t>(image_data) % r.layout.alignment != 0)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  r.agent = agent;
  r.desc = *image_descriptor;
  r.permission = access_permission;
  r.data = static_cast<uint8_t*>(const_cast<void*>(image_data));
  uint32_t* object = new_object();
  if (!object) return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  fill_image_object(object, r);
  add_image(object, r);
  image->handle = reinterpret_cast<uintptr_t>(object);
  return HSA_STATUS_SUCCESS;
}

// The size of the image along x, y, z as regions count it: 1DA layers are
// y, 2DA layers and 3D slices are z.
hsa_dim3_t extent_of(const hsa_ext_image_descriptor_t& d) {
  hsa_dim3_t e{static_cast<uint32_t>(d.width), 1, 1};
  switch (d.geometry) {
    case HSA_EXT_IMAGE_GEOMETRY_1DA:
      e.y = slices_of(d);
      break;
    case HSA_EXT_IMAGE_GEOMETRY_1D:
    case HSA_EXT_IMAGE_GEOMETRY_1DB:
      break;
    default:
      e.y = rows_of(d);
      e.z = slices_of(d);
      break;
  }
  return e;
}

bool inside(const ImageRecord& r, const hsa_dim3_t& offset, const hsa_dim3_t& range) {
  const hsa_dim3_t e = extent_of(r.desc);
  return uint64_t{offset.x} + range.x <= e.x && uint64_t{offset.y} + range.y <= e.y &&
         uint64_t{offset.z} + range.z <= e.z;
}

// The caller's pitches for a region: 0 means packed; smaller than packed
// is an error.
bool host_pitches(const ImageRecord& r, const hsa_ext_image_region_t& region, size_t* row_pitch,
                  size_t* slice_pitch) {
  const size_t row_bytes = size_t{region.range.x} * r.format.element_size;
  if (*row_pitch == 0) *row_pitch = row_bytes;
  if (*row_pitch < row_bytes) return false;
  const size_t slice_bytes = *row_pitch * region.range.y;
  if (*slice_pitch == 0) *slice_pitch = slice_bytes;
  return *slice_pitch >= slice_bytes || region.range.z <= 1;
}

// The S# of a sampler descriptor (false: an enumeration is out of range).
bool fill_sampler_object(uint32_t* w, const hsa_ext_sampler_descriptor_t& d) {
  uint32_t clamp;
  switch (d.address_mode) {
    case HSA_EXT_SAMPLER_ADDRESSING_MODE_CLAMP_TO_EDGE:
      clamp = kTexClampLastTexel;
      break;
    case HSA_EXT_SAMPLER_ADDRESSING_MODE_CLAMP_TO_BORDER:
      clamp = kTexClampBorder;
      break;
    case HSA_EXT_SAMPLER_ADDRESSING_MODE_MIRRORED_REPEAT:
      clamp = kTexMirror;
      break;
    case HSA_EXT_SAMPLER_ADDRESSING_MODE_UNDEFINED:  // any mode will do: ROCr wraps
    case HSA_EXT_SAMPLER_ADDRESSING_MODE_REPEAT:
      clamp = kTexWrap;
      break;
    default:
      return false;
  }
  uint32_t filter;
  switch (d.filter_mode) {
    case HSA_EXT_SAMPLER_FILTER_MODE_NEAREST:
      filter = kXyFilterPoint;
      break;
    case HSA_EXT_SAMPLER_FILTER_MODE_LINEAR:
      filter = kXyFilterBilinear;
      break;
    default:
      return false;
  }
  if (d.coordinate_mode != HSA_EXT_SAMPLER_COORDINATE_MODE_UNNORMALIZED &&
      d.coordinate_mode != HSA_EXT_SAMPLER_COORDINATE_MODE_NORMALIZED)
    return false;
  put(w, ssharp::kClampX, clamp);
  put(w, ssharp::kClampY, clamp);
  put(w, ssharp::kClampZ, clamp);
  put(w, ssharp::kForceUnnormalized,
      d.coordinate_mode == HSA_EXT_SAMPLER_COORDINATE_MODE_UNNORMALIZED);
  // No mip levels: LOD 0 to the largest (4095 in 4.8 fixed point).
  put(w, ssharp::kMaxLod, 4095);
  put(w, ssharp::kXyMagFilter, filter);
  put(w, ssharp::kXyMinFilter, filter);
  put(w, ssharp::kZFilter, kZFilterNone);
  put(w, ssharp::kMipFilter, kMipFilterNone);
  // HSA's border colour is transparent black (PRM 7.1.6.2).
  put(w, ssharp::kBorderColorType, kBorderTransBlack);
  return true;
}

}  // namespace

hsa_status_t create_owned_image(const Agent& agent, const hsa_ext_image_descriptor_t& descriptor,
                                hsa_access_permission_t access, OwnedImage* out) {
  *out = {};
  if (!permission_ok(access)) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  ImageRecord r;
  hsa_status_t s = describe(agent, descriptor, 0, 0, &r.format, &r.layout);
  if (s != HSA_STATUS_SUCCESS) return s;
  // Whole pages, zeroed: page alignment covers the layout's 256 bytes.
  void* data = alloc_gpu_visible(r.layout.size);
  if (!data) return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  uint32_t* object = new_object();
  if (!object) {
    free_gpu_visible(data, r.layout.size);
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  }
  r.agent = handle_of(&agent);
  r.desc = descriptor;
  r.permission = access;
  r.data = static_cast<uint8_t*>(data);
  fill_image_object(object, r);
  add_image(object, r);
  *out = OwnedImage{reinterpret_cast<uintptr_t>(object), data, r.layout.size};
  return HSA_STATUS_SUCCESS;
}

void destroy_owned_image(const OwnedImage& image) {
  // hsa_shut_down may have dropped the object already (images_stop); the
  // data is ours either way.
  remove_image(image.handle);
  free_gpu_visible(image.data, image.bytes);
}

hsa_status_t create_owned_sampler(const Agent& agent,
                                  const hsa_ext_sampler_descriptor_t& descriptor,
                                  uint64_t* handle) {
  *handle = 0;
  if (!agent_has_images(agent)) return HSA_STATUS_ERROR_INVALID_AGENT;
  uint32_t words[kSamplerObjectDwords] = {};
  if (!fill_sampler_object(words, descriptor)) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  uint32_t* object = new_object();
  if (!object) return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  std::memcpy(object, words, sizeof words);
  add_sampler(object, handle_of(&agent));
  *handle = reinterpret_cast<uintptr_t>(object);
  return HSA_STATUS_SUCCESS;
}

void destroy_owned_sampler(uint64_t handle) { remove_sampler(handle); }

}  // namespace hsart::image

using hsart::agent_from;
using hsart::image::ImageRecord;

extern "C" hsa_status_t hsa_ext_image_get_capability(hsa_agent_t agent,
                                                     hsa_ext_image_geometry_t geometry,
                                                     const hsa_ext_image_format_t* image_format,
                                                     uint32_t* capability_mask) {
  HSART_CHECK_INIT();
  return hsart::image::capability(agent, geometry, image_format, true, capability_mask);
}

extern "C" hsa_status_t hsa_ext_image_get_capability_with_layout(
    hsa_agent_t agent, hsa_ext_image_geometry_t geometry,
    const hsa_ext_image_format_t* image_format, hsa_ext_image_data_layout_t image_data_layout,
    uint32_t* capability_mask) {
  HSART_CHECK_INIT();
  return hsart::image::capability(agent, geometry, image_format,
                                  hsart::image::explicit_layout(image_data_layout),
                                  capability_mask);
}

extern "C" hsa_status_t hsa_ext_image_data_get_info(
    hsa_agent_t agent, const hsa_ext_image_descriptor_t* image_descriptor,
    hsa_access_permission_t access_permission, hsa_ext_image_data_info_t* image_data_info) {
  HSART_CHECK_INIT();
  return hsart::image::data_info(agent, image_descriptor, access_permission, true, 0, 0,
                                 image_data_info);
}

extern "C" hsa_status_t hsa_ext_image_data_get_info_with_layout(
    hsa_agent_t agent, const hsa_ext_image_descriptor_t* image_descriptor,
    hsa_access_permission_t access_permission, hsa_ext_image_data_layout_t image_data_layout,
    size_t image_data_row_pitch, size_t image_data_slice_pitch,
    hsa_ext_image_data_info_t* image_data_info) {
  HSART_CHECK_INIT();
  return hsart::image::data_info(agent, image_descriptor, access_permission,
                                 hsart::image::explicit_layout(image_data_layout),
                                 image_data_row_pitch, image_data_slice_pitch, image_data_info);
}

extern "C" hsa_status_t hsa_ext_image_create(hsa_agent_t agent,
                                             const hsa_ext_image_descriptor_t* image_descriptor,
                                             const void* image_data,
                                             hsa_access_permission_t access_permission,
                                             hsa_ext_image_t* image) {
  HSART_CHECK_INIT();
  return hsart::image::create(agent, image_descriptor, image_data, access_permission, true, 0, 0,
                              image);
}

extern "C" hsa_status_t hsa_ext_image_create_with_layout(
    hsa_agent_t agent, const hsa_ext_image_descriptor_t* image_descriptor, const void* image_data,
    hsa_access_permission_t access_permission, hsa_ext_image_data_layout_t image_data_layout,
    size_t image_data_row_pitch, size_t image_data_slice_pitch, hsa_ext_image_t* image) {
  HSART_CHECK_INIT();
  return hsart::image::create(agent, image_descriptor, image_data, access_permission,
                              hsart::image::explicit_layout(image_data_layout),
                              image_data_row_pitch, image_data_slice_pitch, image);
}

extern "C" hsa_status_t hsa_ext_image_destroy(hsa_agent_t agent, hsa_ext_image_t image) {
  HSART_CHECK_INIT();
  if (!agent_from(agent)) return HSA_STATUS_ERROR_INVALID_AGENT;
  return hsart::image::remove_image(image.handle) ? HSA_STATUS_SUCCESS
                                                  : HSA_STATUS_ERROR_INVALID_ARGUMENT;
}

extern "C" hsa_status_t hsa_ext_image_copy(hsa_agent_t agent, hsa_ext_image_t src_image,
                                           const hsa_dim3_t* src_offset, hsa_ext_image_t dst_image,
                                           const hsa_dim3_t* dst_offset, const hsa_dim3_t* range) {
  HSART_CHECK_INIT();
  if (!agent_from(agent)) return HSA_STATUS_ERROR_INVALID_AGENT;
  if (!src_offset || !dst_offset || !range) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  ImageRecord src, dst;
  if (!hsart::image::find_image(src_image.handle, &src) ||
      !hsart::image::find_image(dst_image.handle, &dst))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  // One agent's images, of one format (the bytes are copied unchanged), or
  // SRGBA and RGBA of UNORM_INT8 (converted, as ROCr allows).
  const hsa_ext_image_format_t& sf = src.desc.format;
  const hsa_ext_image_format_t& df = dst.desc.format;
  const bool same = sf.channel_type == df.channel_type && sf.channel_order == df.channel_order;
  const auto srgba = HSA_EXT_IMAGE_CHANNEL_ORDER_SRGBA, rgba = HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA;
  const bool srgb_pair = sf.channel_type == HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8 &&
                         df.channel_type == HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8 &&
                         ((sf.channel_order == srgba && df.channel_order == rgba) ||
                          (sf.channel_order == rgba && df.channel_order == srgba));
  if (src.agent.handle != dst.agent.handle || !(same || srgb_pair))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (!hsart::image::inside(src, *src_offset, *range) ||
      !hsart::image::inside(dst, *dst_offset, *range))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (srgb_pair) return hsart::image::copy_srgb_region(src, *src_offset, dst, *dst_offset, *range);
  return hsart::image::copy_region(src, *src_offset, dst, *dst_offset, *range);
}

extern "C" hsa_status_t hsa_ext_image_import(hsa_agent_t agent, const void* src_memory,
                                             size_t src_row_pitch, size_t src_slice_pitch,
                                             hsa_ext_image_t dst_image,
                                             const hsa_ext_image_region_t* image_region) {
  HSART_CHECK_INIT();
  if (!agent_from(agent)) return HSA_STATUS_ERROR_INVALID_AGENT;
  if (!src_memory || !image_region) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  ImageRecord dst;
  if (!hsart::image::find_image(dst_image.handle, &dst)) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (!hsart::image::inside(dst, image_region->offset, image_region->range) ||
      !hsart::image::host_pitches(dst, *image_region, &src_row_pitch, &src_slice_pitch))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  return hsart::image::import_region(dst, src_memory, src_row_pitch, src_slice_pitch,
                                     *image_region);
}

extern "C" hsa_status_t hsa_ext_image_export(hsa_agent_t agent, hsa_ext_image_t src_image,
                                             void* dst_memory, size_t dst_row_pitch,
                                             size_t dst_slice_pitch,
                                             const hsa_ext_image_region_t* image_region) {
  HSART_CHECK_INIT();
  if (!agent_from(agent)) return HSA_STATUS_ERROR_INVALID_AGENT;
  if (!dst_memory || !image_region) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  ImageRecord src;
  if (!hsart::image::find_image(src_image.handle, &src)) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (!hsart::image::inside(src, image_region->offset, image_region->range) ||
      !hsart::image::host_pitches(src, *image_region, &dst_row_pitch, &dst_slice_pitch))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  return hsart::image::export_region(src, dst_memory, dst_row_pitch, dst_slice_pitch,
                                     *image_region);
}

extern "C" hsa_status_t hsa_ext_image_clear(hsa_agent_t agent, hsa_ext_image_t image,
                                            const void* data,
                                            const hsa_ext_image_region_t* image_region) {
  HSART_CHECK_INIT();
  if (!agent_from(agent)) return HSA_STATUS_ERROR_INVALID_AGENT;
  if (!data || !image_region) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  ImageRecord im;
  if (!hsart::image::find_image(image.handle, &im)) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (!hsart::image::inside(im, image_region->offset, image_region->range))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  uint8_t element[16];
  if (hsart::image::texel_bytes(im.desc.format, data, element) != im.format.element_size)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  return hsart::image::fill_region(im, element, *image_region);
}

extern "C" hsa_status_t hsa_ext_sampler_create(
    hsa_agent_t agent, const hsa_ext_sampler_descriptor_t* sampler_descriptor,
    hsa_ext_sampler_t* sampler) {
  HSART_CHECK_INIT();
  const hsart::Agent* a = agent_from(agent);
  if (!a) return HSA_STATUS_ERROR_INVALID_AGENT;
  if (!sampler_descriptor || !sampler) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  sampler->handle = 0;
  // Samplers belong to GPU agents only.
  if (!hsart::image::agent_has_images(*a)) return HSA_STATUS_ERROR_INVALID_AGENT;
  uint32_t words[hsart::image::kSamplerObjectDwords] = {};
  if (!hsart::image::fill_sampler_object(words, *sampler_descriptor))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  uint32_t* object = hsart::image::new_object();
  if (!object) return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  std::memcpy(object, words, sizeof words);
  hsart::image::add_sampler(object, agent);
  sampler->handle = reinterpret_cast<uintptr_t>(object);
  return HSA_STATUS_SUCCESS;
}

extern "C" hsa_status_t hsa_ext_sampler_destroy(hsa_agent_t agent, hsa_ext_sampler_t sampler) {
  HSART_CHECK_INIT();
  if (!agent_from(agent)) return HSA_STATUS_ERROR_INVALID_AGENT;
  return hsart::image::remove_sampler(sampler.handle) ? HSA_STATUS_SUCCESS
                                                      : HSA_STATUS_ERROR_INVALID_ARGUMENT;
}
