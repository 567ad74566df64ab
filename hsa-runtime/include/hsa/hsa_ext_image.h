/*
 * The HSA images extension (HSA_EXTENSION_IMAGES): images and samplers that
 * kernels read and write through opaque handles. Names, values, layouts
 * and prototypes match ROCm's (5.2); tests/hsa-runtime/abi checks them.
 *
 * Programs usually reach these functions through the function tables at
 * the end (hsa_system_get_major_extension_table), whose layout is part of
 * the ABI as well.
 */
#ifndef HSA_EXT_IMAGE_H
#define HSA_EXT_IMAGE_H

#include "hsa.h"

/* The runtime's sources define HSA_EXPORT (or HSA_EXPORT_IMAGES) to export
 * these functions; clients see plain declarations. */
#undef HSA_API
#if defined(HSA_EXPORT_IMAGES) || defined(HSA_EXPORT)
#define HSA_API HSA_API_EXPORT
#else
#define HSA_API HSA_API_IMPORT
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes of this extension (returned as hsa_status_t). */
enum {
  HSA_EXT_STATUS_ERROR_IMAGE_FORMAT_UNSUPPORTED = 0x3000,
  HSA_EXT_STATUS_ERROR_IMAGE_SIZE_UNSUPPORTED = 0x3001,
  HSA_EXT_STATUS_ERROR_IMAGE_PITCH_UNSUPPORTED = 0x3002,
  HSA_EXT_STATUS_ERROR_SAMPLER_DESCRIPTOR_UNSUPPORTED = 0x3003
};

/* Agent attributes of this extension (passed as hsa_agent_info_t). */
enum {
  HSA_EXT_AGENT_INFO_IMAGE_1D_MAX_ELEMENTS = 0x3000,
  HSA_EXT_AGENT_INFO_IMAGE_1DA_MAX_ELEMENTS = 0x3001,
  HSA_EXT_AGENT_INFO_IMAGE_1DB_MAX_ELEMENTS = 0x3002,
  HSA_EXT_AGENT_INFO_IMAGE_2D_MAX_ELEMENTS = 0x3003,
  HSA_EXT_AGENT_INFO_IMAGE_2DA_MAX_ELEMENTS = 0x3004,
  HSA_EXT_AGENT_INFO_IMAGE_2DDEPTH_MAX_ELEMENTS = 0x3005,
  HSA_EXT_AGENT_INFO_IMAGE_2DADEPTH_MAX_ELEMENTS = 0x3006,
  HSA_EXT_AGENT_INFO_IMAGE_3D_MAX_ELEMENTS = 0x3007,
  HSA_EXT_AGENT_INFO_IMAGE_ARRAY_MAX_LAYERS = 0x3008,
  HSA_EXT_AGENT_INFO_MAX_IMAGE_RD_HANDLES = 0x3009,
  HSA_EXT_AGENT_INFO_MAX_IMAGE_RORW_HANDLES = 0x300A,
  HSA_EXT_AGENT_INFO_MAX_SAMPLER_HANDLERS = 0x300B,
  HSA_EXT_AGENT_INFO_IMAGE_LINEAR_ROW_PITCH_ALIGNMENT = 0x300C
};

/* ------------------------------------------------------------------------
 * Images.
 */
typedef struct hsa_ext_image_s {
  uint64_t handle;
} hsa_ext_image_t;

/* A = array, B = buffer, DEPTH = depth image. */
typedef enum {
  HSA_EXT_IMAGE_GEOMETRY_1D = 0,
  HSA_EXT_IMAGE_GEOMETRY_2D = 1,
  HSA_EXT_IMAGE_GEOMETRY_3D = 2,
  HSA_EXT_IMAGE_GEOMETRY_1DA = 3,
  HSA_EXT_IMAGE_GEOMETRY_2DA = 4,
  HSA_EXT_IMAGE_GEOMETRY_1DB = 5,
  HSA_EXT_IMAGE_GEOMETRY_2DDEPTH = 6,
  HSA_EXT_IMAGE_GEOMETRY_2DADEPTH = 7
} hsa_ext_image_geometry_t;

/* How one channel is stored. */
typedef enum {
  HSA_EXT_IMAGE_CHANNEL_TYPE_SNORM_INT8 = 0,
  HSA_EXT_IMAGE_CHANNEL_TYPE_SNORM_INT16 = 1,
  HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8 = 2,
  HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT16 = 3,
  HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT24 = 4,
  HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_SHORT_555 = 5,
  HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_SHORT_565 = 6,
  HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_SHORT_101010 = 7,
  HSA_EXT_IMAGE_CHANNEL_TYPE_SIGNED_INT8 = 8,
  HSA_EXT_IMAGE_CHANNEL_TYPE_SIGNED_INT16 = 9,
  HSA_EXT_IMAGE_CHANNEL_TYPE_SIGNED_INT32 = 10,
  HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT8 = 11,
  HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT16 = 12,
  HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT32 = 13,
  HSA_EXT_IMAGE_CHANNEL_TYPE_HALF_FLOAT = 14,
  HSA_EXT_IMAGE_CHANNEL_TYPE_FLOAT = 15
} hsa_ext_image_channel_type_t;

typedef uint32_t hsa_ext_image_channel_type32_t;

/* Which channels there are and in what order. */
typedef enum {
  HSA_EXT_IMAGE_CHANNEL_ORDER_A = 0,
  HSA_EXT_IMAGE_CHANNEL_ORDER_R = 1,
  HSA_EXT_IMAGE_CHANNEL_ORDER_RX = 2,
  HSA_EXT_IMAGE_CHANNEL_ORDER_RG = 3,
  HSA_EXT_IMAGE_CHANNEL_ORDER_RGX = 4,
  HSA_EXT_IMAGE_CHANNEL_ORDER_RA = 5,
  HSA_EXT_IMAGE_CHANNEL_ORDER_RGB = 6,
  HSA_EXT_IMAGE_CHANNEL_ORDER_RGBX = 7,
  HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA = 8,
  HSA_EXT_IMAGE_CHANNEL_ORDER_BGRA = 9,
  HSA_EXT_IMAGE_CHANNEL_ORDER_ARGB = 10,
  HSA_EXT_IMAGE_CHANNEL_ORDER_ABGR = 11,
  HSA_EXT_IMAGE_CHANNEL_ORDER_SRGB = 12,
  HSA_EXT_IMAGE_CHANNEL_ORDER_SRGBX = 13,
  HSA_EXT_IMAGE_CHANNEL_ORDER_SRGBA = 14,
  HSA_EXT_IMAGE_CHANNEL_ORDER_SBGRA = 15,
  HSA_EXT_IMAGE_CHANNEL_ORDER_INTENSITY = 16,
  HSA_EXT_IMAGE_CHANNEL_ORDER_LUMINANCE = 17,
  HSA_EXT_IMAGE_CHANNEL_ORDER_DEPTH = 18,
  HSA_EXT_IMAGE_CHANNEL_ORDER_DEPTH_STENCIL = 19
} hsa_ext_image_channel_order_t;

typedef uint32_t hsa_ext_image_channel_order32_t;

typedef struct hsa_ext_image_format_s {
  hsa_ext_image_channel_type32_t channel_type;
  hsa_ext_image_channel_order32_t channel_order;
} hsa_ext_image_format_t;

/* Sizes are in elements; unused dimensions are 0. */
typedef struct hsa_ext_image_descriptor_s {
  hsa_ext_image_geometry_t geometry;
  size_t width;
  size_t height;
  size_t depth;
  size_t array_size;
  hsa_ext_image_format_t format;
} hsa_ext_image_descriptor_t;

/* Bits of the capability mask. */
typedef enum {
  HSA_EXT_IMAGE_CAPABILITY_NOT_SUPPORTED = 0x0,
  HSA_EXT_IMAGE_CAPABILITY_READ_ONLY = 0x1,
  HSA_EXT_IMAGE_CAPABILITY_WRITE_ONLY = 0x2,
  HSA_EXT_IMAGE_CAPABILITY_READ_WRITE = 0x4,
  HSA_EXT_IMAGE_CAPABILITY_READ_MODIFY_WRITE = 0x8,
  HSA_EXT_IMAGE_CAPABILITY_ACCESS_INVARIANT_DATA_LAYOUT = 0x10
} hsa_ext_image_capability_t;

/* OPAQUE: the agent chooses the layout; LINEAR: rows and slices at the
 * pitches the caller gives. */
typedef enum {
  HSA_EXT_IMAGE_DATA_LAYOUT_OPAQUE = 0x0,
  HSA_EXT_IMAGE_DATA_LAYOUT_LINEAR = 0x1
} hsa_ext_image_data_layout_t;

hsa_status_t HSA_API hsa_ext_image_get_capability(hsa_agent_t agent,
                                                  hsa_ext_image_geometry_t geometry,
                                                  const hsa_ext_image_format_t* image_format,
                                                  uint32_t* capability_mask);

hsa_status_t HSA_API hsa_ext_image_get_capability_with_layout(
    hsa_agent_t agent, hsa_ext_image_geometry_t geometry,
    const hsa_ext_image_format_t* image_format, hsa_ext_image_data_layout_t image_data_layout,
    uint32_t* capability_mask);

/* Size and alignment of the memory an image's data needs. */
typedef struct hsa_ext_image_data_info_s {
  size_t size;
  size_t alignment;
} hsa_ext_image_data_info_t;

hsa_status_t HSA_API hsa_ext_image_data_get_info(hsa_agent_t agent,
                                                 const hsa_ext_image_descriptor_t* image_descriptor,
                                                 hsa_access_permission_t access_permission,
                                                 hsa_ext_image_data_info_t* image_data_info);

hsa_status_t HSA_API hsa_ext_image_data_get_info_with_layout(
    hsa_agent_t agent, const hsa_ext_image_descriptor_t* image_descriptor,
    hsa_access_permission_t access_permission, hsa_ext_image_data_layout_t image_data_layout,
    size_t image_data_row_pitch, size_t image_data_slice_pitch,
    hsa_ext_image_data_info_t* image_data_info);

hsa_status_t HSA_API hsa_ext_image_create(hsa_agent_t agent,
                                          const hsa_ext_image_descriptor_t* image_descriptor,
                                          const void* image_data,
                                          hsa_access_permission_t access_permission,
                                          hsa_ext_image_t* image);

hsa_status_t HSA_API hsa_ext_image_create_with_layout(
    hsa_agent_t agent, const hsa_ext_image_descriptor_t* image_descriptor, const void* image_data,
    hsa_access_permission_t access_permission, hsa_ext_image_data_layout_t image_data_layout,
    size_t image_data_row_pitch, size_t image_data_slice_pitch, hsa_ext_image_t* image);

hsa_status_t HSA_API hsa_ext_image_destroy(hsa_agent_t agent, hsa_ext_image_t image);

hsa_status_t HSA_API hsa_ext_image_copy(hsa_agent_t agent, hsa_ext_image_t src_image,
                                        const hsa_dim3_t* src_offset, hsa_ext_image_t dst_image,
                                        const hsa_dim3_t* dst_offset, const hsa_dim3_t* range);

/* A box inside an image, in elements. */
typedef struct hsa_ext_image_region_s {
  hsa_dim3_t offset;
  hsa_dim3_t range;
} hsa_ext_image_region_t;

/* Copies between linear memory and an image. */
hsa_status_t HSA_API hsa_ext_image_import(hsa_agent_t agent, const void* src_memory,
                                          size_t src_row_pitch, size_t src_slice_pitch,
                                          hsa_ext_image_t dst_image,
                                          const hsa_ext_image_region_t* image_region);

hsa_status_t HSA_API hsa_ext_image_export(hsa_agent_t agent, hsa_ext_image_t src_image,
                                          void* dst_memory, size_t dst_row_pitch,
                                          size_t dst_slice_pitch,
                                          const hsa_ext_image_region_t* image_region);

/* Fills a region with one element value. */
hsa_status_t HSA_API hsa_ext_image_clear(hsa_agent_t agent, hsa_ext_image_t image, const void* data,
                                         const hsa_ext_image_region_t* image_region);

/* ------------------------------------------------------------------------
 * Samplers.
 */
typedef struct hsa_ext_sampler_s {
  uint64_t handle;
} hsa_ext_sampler_t;

typedef enum {
  HSA_EXT_SAMPLER_ADDRESSING_MODE_UNDEFINED = 0,
  HSA_EXT_SAMPLER_ADDRESSING_MODE_CLAMP_TO_EDGE = 1,
  HSA_EXT_SAMPLER_ADDRESSING_MODE_CLAMP_TO_BORDER = 2,
  HSA_EXT_SAMPLER_ADDRESSING_MODE_REPEAT = 3,
  HSA_EXT_SAMPLER_ADDRESSING_MODE_MIRRORED_REPEAT = 4
} hsa_ext_sampler_addressing_mode_t;

typedef uint32_t hsa_ext_sampler_addressing_mode32_t;

typedef enum {
  HSA_EXT_SAMPLER_COORDINATE_MODE_UNNORMALIZED = 0,
  HSA_EXT_SAMPLER_COORDINATE_MODE_NORMALIZED = 1
} hsa_ext_sampler_coordinate_mode_t;

typedef uint32_t hsa_ext_sampler_coordinate_mode32_t;

typedef enum {
  HSA_EXT_SAMPLER_FILTER_MODE_NEAREST = 0,
  HSA_EXT_SAMPLER_FILTER_MODE_LINEAR = 1
} hsa_ext_sampler_filter_mode_t;

typedef uint32_t hsa_ext_sampler_filter_mode32_t;

typedef struct hsa_ext_sampler_descriptor_s {
  hsa_ext_sampler_coordinate_mode32_t coordinate_mode;
  hsa_ext_sampler_filter_mode32_t filter_mode;
  hsa_ext_sampler_addressing_mode32_t address_mode;
} hsa_ext_sampler_descriptor_t;

hsa_status_t HSA_API hsa_ext_sampler_create(hsa_agent_t agent,
                                            const hsa_ext_sampler_descriptor_t* sampler_descriptor,
                                            hsa_ext_sampler_t* sampler);

hsa_status_t HSA_API hsa_ext_sampler_destroy(hsa_agent_t agent, hsa_ext_sampler_t sampler);

/* ------------------------------------------------------------------------
 * Function tables. Version 1.00 holds the first ten functions; version 1
 * appends the three *_with_layout ones. The macros announce each table.
 */
#define hsa_ext_images_1_00

typedef struct hsa_ext_images_1_00_pfn_s {
  hsa_status_t (*hsa_ext_image_get_capability)(hsa_agent_t agent, hsa_ext_image_geometry_t geometry,
                                               const hsa_ext_image_format_t* image_format,
                                               uint32_t* capability_mask);
  hsa_status_t (*hsa_ext_image_data_get_info)(hsa_agent_t agent,
                                              const hsa_ext_image_descriptor_t* image_descriptor,
                                              hsa_access_permission_t access_permission,
                                              hsa_ext_image_data_info_t* image_data_info);
  hsa_status_t (*hsa_ext_image_create)(hsa_agent_t agent,
                                       const hsa_ext_image_descriptor_t* image_descriptor,
                                       const void* image_data,
                                       hsa_access_permission_t access_permission,
                                       hsa_ext_image_t* image);
  hsa_status_t (*hsa_ext_image_destroy)(hsa_agent_t agent, hsa_ext_image_t image);
  hsa_status_t (*hsa_ext_image_copy)(hsa_agent_t agent, hsa_ext_image_t src_image,
                                     const hsa_dim3_t* src_offset, hsa_ext_image_t dst_image,
                                     const hsa_dim3_t* dst_offset, const hsa_dim3_t* range);
  hsa_status_t (*hsa_ext_image_import)(hsa_agent_t agent, const void* src_memory,
                                       size_t src_row_pitch, size_t src_slice_pitch,
                                       hsa_ext_image_t dst_image,
                                       const hsa_ext_image_region_t* image_region);
  hsa_status_t (*hsa_ext_image_export)(hsa_agent_t agent, hsa_ext_image_t src_image,
                                       void* dst_memory, size_t dst_row_pitch,
                                       size_t dst_slice_pitch,
                                       const hsa_ext_image_region_t* image_region);
  hsa_status_t (*hsa_ext_image_clear)(hsa_agent_t agent, hsa_ext_image_t image, const void* data,
                                      const hsa_ext_image_region_t* image_region);
  hsa_status_t (*hsa_ext_sampler_create)(hsa_agent_t agent,
                                         const hsa_ext_sampler_descriptor_t* sampler_descriptor,
                                         hsa_ext_sampler_t* sampler);
  hsa_status_t (*hsa_ext_sampler_destroy)(hsa_agent_t agent, hsa_ext_sampler_t sampler);
} hsa_ext_images_1_00_pfn_t;

#define hsa_ext_images_1

typedef struct hsa_ext_images_1_pfn_s {
  hsa_status_t (*hsa_ext_image_get_capability)(hsa_agent_t agent, hsa_ext_image_geometry_t geometry,
                                               const hsa_ext_image_format_t* image_format,
                                               uint32_t* capability_mask);
  hsa_status_t (*hsa_ext_image_data_get_info)(hsa_agent_t agent,
                                              const hsa_ext_image_descriptor_t* image_descriptor,
                                              hsa_access_permission_t access_permission,
                                              hsa_ext_image_data_info_t* image_data_info);
  hsa_status_t (*hsa_ext_image_create)(hsa_agent_t agent,
                                       const hsa_ext_image_descriptor_t* image_descriptor,
                                       const void* image_data,
                                       hsa_access_permission_t access_permission,
                                       hsa_ext_image_t* image);
  hsa_status_t (*hsa_ext_image_destroy)(hsa_agent_t agent, hsa_ext_image_t image);
  hsa_status_t (*hsa_ext_image_copy)(hsa_agent_t agent, hsa_ext_image_t src_image,
                                     const hsa_dim3_t* src_offset, hsa_ext_image_t dst_image,
                                     const hsa_dim3_t* dst_offset, const hsa_dim3_t* range);
  hsa_status_t (*hsa_ext_image_import)(hsa_agent_t agent, const void* src_memory,
                                       size_t src_row_pitch, size_t src_slice_pitch,
                                       hsa_ext_image_t dst_image,
                                       const hsa_ext_image_region_t* image_region);
  hsa_status_t (*hsa_ext_image_export)(hsa_agent_t agent, hsa_ext_image_t src_image,
                                       void* dst_memory, size_t dst_row_pitch,
                                       size_t dst_slice_pitch,
                                       const hsa_ext_image_region_t* image_region);
  hsa_status_t (*hsa_ext_image_clear)(hsa_agent_t agent, hsa_ext_image_t image, const void* data,
                                      const hsa_ext_image_region_t* image_region);
  hsa_status_t (*hsa_ext_sampler_create)(hsa_agent_t agent,
                                         const hsa_ext_sampler_descriptor_t* sampler_descriptor,
                                         hsa_ext_sampler_t* sampler);
  hsa_status_t (*hsa_ext_sampler_destroy)(hsa_agent_t agent, hsa_ext_sampler_t sampler);
  hsa_status_t (*hsa_ext_image_get_capability_with_layout)(
      hsa_agent_t agent, hsa_ext_image_geometry_t geometry,
      const hsa_ext_image_format_t* image_format, hsa_ext_image_data_layout_t image_data_layout,
      uint32_t* capability_mask);
  hsa_status_t (*hsa_ext_image_data_get_info_with_layout)(
      hsa_agent_t agent, const hsa_ext_image_descriptor_t* image_descriptor,
      hsa_access_permission_t access_permission, hsa_ext_image_data_layout_t image_data_layout,
      size_t image_data_row_pitch, size_t image_data_slice_pitch,
      hsa_ext_image_data_info_t* image_data_info);
  hsa_status_t (*hsa_ext_image_create_with_layout)(
      hsa_agent_t agent, const hsa_ext_image_descriptor_t* image_descriptor, const void* image_data,
      hsa_access_permission_t access_permission, hsa_ext_image_data_layout_t image_data_layout,
      size_t image_data_row_pitch, size_t image_data_slice_pitch, hsa_ext_image_t* image);
} hsa_ext_images_1_pfn_t;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* HSA_EXT_IMAGE_H */
