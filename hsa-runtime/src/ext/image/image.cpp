// The images extension (hsa_ext_image_*, hsa_ext_sampler_*) on agents
// without image hardware: the virtual GPU has no texture units, and
// hsa_system_extension_supported(HSA_EXTENSION_IMAGES) answers false.
// Every function checks its arguments in ROCr's order (agent first, then
// pointers and enumerations, HSA 1.1's list) and then gives the answer an
// agent without images gives:
//   - capability queries succeed with HSA_EXT_IMAGE_CAPABILITY_NOT_SUPPORTED
//     (0) for every geometry and format, as ROCr does for its CPU agents;
//   - data_get_info and create fail with IMAGE_FORMAT_UNSUPPORTED, as ROCr
//     does when the capability is 0;
//   - sampler_create fails with SAMPLER_DESCRIPTOR_UNSUPPORTED on a GPU
//     (INVALID_AGENT on a CPU, as in ROCr);
//   - every function taking an image or sampler handle fails with
//     INVALID_ARGUMENT: no handle can have been created.
#include <hsa/hsa_ext_image.h>

#include "runtime/init_check.h"
#include "runtime/topology.h"

namespace {

bool geometry_ok(hsa_ext_image_geometry_t geometry) {
  return static_cast<uint32_t>(geometry) <= HSA_EXT_IMAGE_GEOMETRY_2DADEPTH;
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

hsa_status_t capability(hsa_agent_t agent, hsa_ext_image_geometry_t geometry,
                        const hsa_ext_image_format_t* image_format, bool layout_ok,
                        uint32_t* capability_mask) {
  if (!hsart::agent_from(agent)) return HSA_STATUS_ERROR_INVALID_AGENT;
  if (!image_format || !capability_mask || !geometry_ok(geometry) || !layout_ok)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  *capability_mask = HSA_EXT_IMAGE_CAPABILITY_NOT_SUPPORTED;
  return HSA_STATUS_SUCCESS;
}

hsa_status_t data_info(hsa_agent_t agent, const hsa_ext_image_descriptor_t* image_descriptor,
                       hsa_access_permission_t access_permission, bool layout_ok,
                       hsa_ext_image_data_info_t* image_data_info) {
  if (!hsart::agent_from(agent)) return HSA_STATUS_ERROR_INVALID_AGENT;
  if (!image_descriptor || !image_data_info || !permission_ok(access_permission) || !layout_ok)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  *image_data_info = {};
  return ext_status(HSA_EXT_STATUS_ERROR_IMAGE_FORMAT_UNSUPPORTED);
}

hsa_status_t create(hsa_agent_t agent, const hsa_ext_image_descriptor_t* image_descriptor,
                    const void* image_data, hsa_access_permission_t access_permission,
                    bool layout_ok, hsa_ext_image_t* image) {
  if (!hsart::agent_from(agent)) return HSA_STATUS_ERROR_INVALID_AGENT;
  if (!image_descriptor || !image_data || !image || !permission_ok(access_permission) || !layout_ok)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  image->handle = 0;
  return ext_status(HSA_EXT_STATUS_ERROR_IMAGE_FORMAT_UNSUPPORTED);
}

// The functions on existing images and samplers: a valid agent, then no
// handle is valid (null pointers are invalid arguments as well).
hsa_status_t no_such_handle(hsa_agent_t agent) {
  if (!hsart::agent_from(agent)) return HSA_STATUS_ERROR_INVALID_AGENT;
  return HSA_STATUS_ERROR_INVALID_ARGUMENT;
}

}  // namespace

extern "C" hsa_status_t hsa_ext_image_get_capability(hsa_agent_t agent,
                                                     hsa_ext_image_geometry_t geometry,
                                                     const hsa_ext_image_format_t* image_format,
                                                     uint32_t* capability_mask) {
  HSART_CHECK_INIT();
  return capability(agent, geometry, image_format, true, capability_mask);
}

extern "C" hsa_status_t hsa_ext_image_get_capability_with_layout(
    hsa_agent_t agent, hsa_ext_image_geometry_t geometry,
    const hsa_ext_image_format_t* image_format, hsa_ext_image_data_layout_t image_data_layout,
    uint32_t* capability_mask) {
  HSART_CHECK_INIT();
  return capability(agent, geometry, image_format, explicit_layout(image_data_layout),
                    capability_mask);
}

extern "C" hsa_status_t hsa_ext_image_data_get_info(
    hsa_agent_t agent, const hsa_ext_image_descriptor_t* image_descriptor,
    hsa_access_permission_t access_permission, hsa_ext_image_data_info_t* image_data_info) {
  HSART_CHECK_INIT();
  return data_info(agent, image_descriptor, access_permission, true, image_data_info);
}

extern "C" hsa_status_t hsa_ext_image_data_get_info_with_layout(
    hsa_agent_t agent, const hsa_ext_image_descriptor_t* image_descriptor,
    hsa_access_permission_t access_permission, hsa_ext_image_data_layout_t image_data_layout,
    size_t image_data_row_pitch, size_t image_data_slice_pitch,
    hsa_ext_image_data_info_t* image_data_info) {
  HSART_CHECK_INIT();
  // The pitches would be checked against a supported format's element size;
  // there is none.
  (void)image_data_row_pitch;
  (void)image_data_slice_pitch;
  return data_info(agent, image_descriptor, access_permission, explicit_layout(image_data_layout),
                   image_data_info);
}

extern "C" hsa_status_t hsa_ext_image_create(hsa_agent_t agent,
                                             const hsa_ext_image_descriptor_t* image_descriptor,
                                             const void* image_data,
                                             hsa_access_permission_t access_permission,
                                             hsa_ext_image_t* image) {
  HSART_CHECK_INIT();
  return create(agent, image_descriptor, image_data, access_permission, true, image);
}

extern "C" hsa_status_t hsa_ext_image_create_with_layout(
    hsa_agent_t agent, const hsa_ext_image_descriptor_t* image_descriptor, const void* image_data,
    hsa_access_permission_t access_permission, hsa_ext_image_data_layout_t image_data_layout,
    size_t image_data_row_pitch, size_t image_data_slice_pitch, hsa_ext_image_t* image) {
  HSART_CHECK_INIT();
  (void)image_data_row_pitch;
  (void)image_data_slice_pitch;
  return create(agent, image_descriptor, image_data, access_permission,
                explicit_layout(image_data_layout), image);
}

extern "C" hsa_status_t hsa_ext_image_destroy(hsa_agent_t agent, hsa_ext_image_t image) {
  HSART_CHECK_INIT();
  (void)image;
  return no_such_handle(agent);
}

extern "C" hsa_status_t hsa_ext_image_copy(hsa_agent_t agent, hsa_ext_image_t src_image,
                                           const hsa_dim3_t* src_offset, hsa_ext_image_t dst_image,
                                           const hsa_dim3_t* dst_offset, const hsa_dim3_t* range) {
  HSART_CHECK_INIT();
  (void)src_image;
  (void)src_offset;
  (void)dst_image;
  (void)dst_offset;
  (void)range;
  return no_such_handle(agent);
}

extern "C" hsa_status_t hsa_ext_image_import(hsa_agent_t agent, const void* src_memory,
                                             size_t src_row_pitch, size_t src_slice_pitch,
                                             hsa_ext_image_t dst_image,
                                             const hsa_ext_image_region_t* image_region) {
  HSART_CHECK_INIT();
  (void)src_memory;
  (void)src_row_pitch;
  (void)src_slice_pitch;
  (void)dst_image;
  (void)image_region;
  return no_such_handle(agent);
}

extern "C" hsa_status_t hsa_ext_image_export(hsa_agent_t agent, hsa_ext_image_t src_image,
                                             void* dst_memory, size_t dst_row_pitch,
                                             size_t dst_slice_pitch,
                                             const hsa_ext_image_region_t* image_region) {
  HSART_CHECK_INIT();
  (void)src_image;
  (void)dst_memory;
  (void)dst_row_pitch;
  (void)dst_slice_pitch;
  (void)image_region;
  return no_such_handle(agent);
}

extern "C" hsa_status_t hsa_ext_image_clear(hsa_agent_t agent, hsa_ext_image_t image,
                                            const void* data,
                                            const hsa_ext_image_region_t* image_region) {
  HSART_CHECK_INIT();
  (void)image;
  (void)data;
  (void)image_region;
  return no_such_handle(agent);
}

extern "C" hsa_status_t hsa_ext_sampler_create(
    hsa_agent_t agent, const hsa_ext_sampler_descriptor_t* sampler_descriptor,
    hsa_ext_sampler_t* sampler) {
  HSART_CHECK_INIT();
  const hsart::Agent* a = hsart::agent_from(agent);
  if (!a) return HSA_STATUS_ERROR_INVALID_AGENT;
  if (!sampler_descriptor || !sampler) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  sampler->handle = 0;
  // Samplers belong to GPU agents only.
  if (a->type != HSA_DEVICE_TYPE_GPU) return HSA_STATUS_ERROR_INVALID_AGENT;
  return ext_status(HSA_EXT_STATUS_ERROR_SAMPLER_DESCRIPTOR_UNSUPPORTED);
}

extern "C" hsa_status_t hsa_ext_sampler_destroy(hsa_agent_t agent, hsa_ext_sampler_t sampler) {
  HSART_CHECK_INIT();
  (void)sampler;
  return no_such_handle(agent);
}
