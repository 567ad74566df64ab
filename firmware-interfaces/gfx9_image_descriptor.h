/* SPDX-License-Identifier: MIT */
/*
 * The gfx9 image resource (T#, 8 dwords) and sampler (S#, 4 dwords) that
 * MIMG instructions name through SRSRC and SSAMP, and the enumerations
 * their fields take.
 *
 * Sources: Vega ISA manual, chapter 8 "Image Memory Instructions" (image
 * resource and sampler tables); ROCR-Runtime src/image/resource_kv.h (the
 * SQ_IMG_RSRC_WORD0..7 / SQ_IMG_SAMP_WORD0..3 layouts shared by gfx8 and
 * gfx9: base address, MIN_LOD, DATA_FORMAT, NUM_FORMAT, WIDTH, HEIGHT,
 * PERF_MOD, DST_SEL_*, BASE_LEVEL, LAST_LEVEL, TYPE, DEPTH, BASE_ARRAY, all
 * of the S#) and src/image/image_manager_ai.cpp (gfx9's own fields, set
 * there by name: SW_MODE, PITCH, BC_SWIZZLE, ARRAY_PITCH, MAX_MIP); Mesa
 * src/amd/common/sid.h (S_008F14_* .. S_008F2C_* for the T# words,
 * S_008F30_* .. S_008F3C_* for the S#, the *_GFX9 variants where gfx9
 * differs); LLVM lib/Target/AMDGPU/MIMGInstructions.td for which fields
 * the instructions read.
 *
 * Every field is "shift, width" within its dword (fw_common.h helpers).
 */
#ifndef FW_GFX9_IMAGE_DESCRIPTOR_H
#define FW_GFX9_IMAGE_DESCRIPTOR_H

#include "fw_common.h"

/* --- T#: image resource, 256 bits ------------------------------------- */

#define FW_IMG_RSRC_DWORDS 8

/* The T# as it sits in SGPRs or memory (the fields below index word[]). */
struct fw_img_rsrc {
	uint32_t word[FW_IMG_RSRC_DWORDS];
};
FW_ASSERT_SIZE(struct fw_img_rsrc, 32);

/* Word 0 and word 1[7:0]: BASE_ADDRESS = byte address >> 8 (40 bits, so
 * images start 256-byte aligned). */
#define FW_IMG_W0_BASE_ADDRESS 0, 32
#define FW_IMG_W1_BASE_ADDRESS_HI 0, 8
#define FW_IMG_BASE_ADDRESS_SHIFT 8
/* Word 1. MIN_LOD is unsigned 4.8 fixed point. */
#define FW_IMG_W1_MIN_LOD 8, 12
#define FW_IMG_W1_DATA_FORMAT 20, 6	/* FW_IMG_DATA_FORMAT_* */
#define FW_IMG_W1_NUM_FORMAT 26, 4	/* FW_IMG_NUM_FORMAT_* */
#define FW_IMG_W1_NV 30, 1
#define FW_IMG_W1_META_DIRECT 31, 1
/* Word 2: sizes minus one of mip 0. */
#define FW_IMG_W2_WIDTH 0, 14
#define FW_IMG_W2_HEIGHT 14, 14
#define FW_IMG_W2_PERF_MOD 28, 3
/* Word 3. */
#define FW_IMG_W3_DST_SEL_X 0, 3	/* FW_SQ_SEL_* */
#define FW_IMG_W3_DST_SEL_Y 3, 3
#define FW_IMG_W3_DST_SEL_Z 6, 3
#define FW_IMG_W3_DST_SEL_W 9, 3
#define FW_IMG_W3_BASE_LEVEL 12, 4
#define FW_IMG_W3_LAST_LEVEL 16, 4
#define FW_IMG_W3_SW_MODE 20, 5		/* gfx9: swizzle mode (0 = linear) */
#define FW_IMG_W3_TYPE 28, 4		/* FW_SQ_RSRC_IMG_* */
/* Word 4. DEPTH is depth - 1 of a 3D image, last slice index of an array. */
#define FW_IMG_W4_DEPTH 0, 13
#define FW_IMG_W4_PITCH 13, 16		/* gfx9: pitch - 1 in elements */
#define FW_IMG_W4_BC_SWIZZLE 29, 3
/* Word 5. */
#define FW_IMG_W5_BASE_ARRAY 0, 13
#define FW_IMG_W5_ARRAY_PITCH 13, 4
#define FW_IMG_W5_META_DATA_ADDRESS 17, 8	/* meta address bits [47:40] */
#define FW_IMG_W5_META_LINEAR 25, 1
#define FW_IMG_W5_META_PIPE_ALIGNED 26, 1
#define FW_IMG_W5_META_RB_ALIGNED 27, 1
#define FW_IMG_W5_MAX_MIP 28, 4		/* mip levels - 1 of the resource */
/* Word 6. */
#define FW_IMG_W6_MIN_LOD_WARN 0, 12
#define FW_IMG_W6_COUNTER_BANK_ID 12, 8
#define FW_IMG_W6_LOD_HDW_CNT_EN 20, 1
#define FW_IMG_W6_COMPRESSION_EN 21, 1
#define FW_IMG_W6_ALPHA_IS_ON_MSB 22, 1
#define FW_IMG_W6_COLOR_TRANSFORM 23, 1
#define FW_IMG_W6_LOST_ALPHA_BITS 24, 4
#define FW_IMG_W6_LOST_COLOR_BITS 28, 4
/* Word 7: meta data address bits [39:8]. */
#define FW_IMG_W7_META_DATA_ADDRESS 0, 32

/* TYPE (SQ_RSRC_IMG_*; resource_kv.h, sid.h V_008F1C_SQ_RSRC_IMG_*). */
enum fw_sq_rsrc_img_type {
	FW_SQ_RSRC_IMG_1D = 8,
	FW_SQ_RSRC_IMG_2D = 9,
	FW_SQ_RSRC_IMG_3D = 10,
	FW_SQ_RSRC_IMG_CUBE = 11,
	FW_SQ_RSRC_IMG_1D_ARRAY = 12,
	FW_SQ_RSRC_IMG_2D_ARRAY = 13,
	FW_SQ_RSRC_IMG_2D_MSAA = 14,
	FW_SQ_RSRC_IMG_2D_MSAA_ARRAY = 15,
};

/* DST_SEL_* (SQ_SEL_*): what each returned component is. */
enum fw_sq_sel {
	FW_SQ_SEL_0 = 0,
	FW_SQ_SEL_1 = 1,
	FW_SQ_SEL_X = 4,
	FW_SQ_SEL_Y = 5,
	FW_SQ_SEL_Z = 6,
	FW_SQ_SEL_W = 7,
};

/*
 * IMG_DATA_FORMAT (6 bits; the low 4 bits' values are BUF_DATA_FORMAT's).
 * Packed formats are named from the most significant field down: in
 * 2_10_10_10 component X is bits [9:0] and W bits [31:30]; in 5_6_5 X is
 * bits [4:0] (sid.h V_008F14_IMG_DATA_FORMAT_*, and Mesa's format
 * translation, which maps R10G10B10A2 to 2_10_10_10).
 */
enum fw_img_data_format {
	FW_IMG_DATA_FORMAT_INVALID = 0,
	FW_IMG_DATA_FORMAT_8 = 1,
	FW_IMG_DATA_FORMAT_16 = 2,
	FW_IMG_DATA_FORMAT_8_8 = 3,
	FW_IMG_DATA_FORMAT_32 = 4,
	FW_IMG_DATA_FORMAT_16_16 = 5,
	FW_IMG_DATA_FORMAT_10_11_11 = 6,
	FW_IMG_DATA_FORMAT_11_11_10 = 7,
	FW_IMG_DATA_FORMAT_10_10_10_2 = 8,
	FW_IMG_DATA_FORMAT_2_10_10_10 = 9,
	FW_IMG_DATA_FORMAT_8_8_8_8 = 10,
	FW_IMG_DATA_FORMAT_32_32 = 11,
	FW_IMG_DATA_FORMAT_16_16_16_16 = 12,
	FW_IMG_DATA_FORMAT_32_32_32 = 13,
	FW_IMG_DATA_FORMAT_32_32_32_32 = 14,
	FW_IMG_DATA_FORMAT_5_6_5 = 16,
	FW_IMG_DATA_FORMAT_1_5_5_5 = 17,
	FW_IMG_DATA_FORMAT_5_5_5_1 = 18,
	FW_IMG_DATA_FORMAT_4_4_4_4 = 19,
	FW_IMG_DATA_FORMAT_8_24 = 20,
	FW_IMG_DATA_FORMAT_24_8 = 21,
	FW_IMG_DATA_FORMAT_X24_8_32 = 22,
};

/* BUF_DATA_FORMAT (4 bits, V#/MTBUF dfmt): the same values up to 15. */
enum fw_buf_data_format {
	FW_BUF_DATA_FORMAT_INVALID = 0,
	FW_BUF_DATA_FORMAT_8 = 1,
	FW_BUF_DATA_FORMAT_16 = 2,
	FW_BUF_DATA_FORMAT_8_8 = 3,
	FW_BUF_DATA_FORMAT_32 = 4,
	FW_BUF_DATA_FORMAT_16_16 = 5,
	FW_BUF_DATA_FORMAT_10_11_11 = 6,
	FW_BUF_DATA_FORMAT_11_11_10 = 7,
	FW_BUF_DATA_FORMAT_10_10_10_2 = 8,
	FW_BUF_DATA_FORMAT_2_10_10_10 = 9,
	FW_BUF_DATA_FORMAT_8_8_8_8 = 10,
	FW_BUF_DATA_FORMAT_32_32 = 11,
	FW_BUF_DATA_FORMAT_16_16_16_16 = 12,
	FW_BUF_DATA_FORMAT_32_32_32 = 13,
	FW_BUF_DATA_FORMAT_32_32_32_32 = 14,
};

/* IMG_NUM_FORMAT (4 bits; resource_kv.h "type", sid.h IMG_NUM_FORMAT_*). */
enum fw_img_num_format {
	FW_IMG_NUM_FORMAT_UNORM = 0,
	FW_IMG_NUM_FORMAT_SNORM = 1,
	FW_IMG_NUM_FORMAT_USCALED = 2,
	FW_IMG_NUM_FORMAT_SSCALED = 3,
	FW_IMG_NUM_FORMAT_UINT = 4,
	FW_IMG_NUM_FORMAT_SINT = 5,
	FW_IMG_NUM_FORMAT_FLOAT = 7,
	FW_IMG_NUM_FORMAT_SRGB = 9,
};

/* --- S#: sampler, 128 bits --------------------------------------------- */

#define FW_IMG_SAMP_DWORDS 4

struct fw_img_samp {
	uint32_t word[FW_IMG_SAMP_DWORDS];
};
FW_ASSERT_SIZE(struct fw_img_samp, 16);

/* Word 0. */
#define FW_SAMP_W0_CLAMP_X 0, 3		/* FW_SQ_TEX_* addressing */
#define FW_SAMP_W0_CLAMP_Y 3, 3
#define FW_SAMP_W0_CLAMP_Z 6, 3
#define FW_SAMP_W0_MAX_ANISO_RATIO 9, 3
#define FW_SAMP_W0_DEPTH_COMPARE_FUNC 12, 3
#define FW_SAMP_W0_FORCE_UNNORMALIZED 15, 1
#define FW_SAMP_W0_ANISO_THRESHOLD 16, 3
#define FW_SAMP_W0_MC_COORD_TRUNC 19, 1
#define FW_SAMP_W0_FORCE_DEGAMMA 20, 1
#define FW_SAMP_W0_ANISO_BIAS 21, 6
#define FW_SAMP_W0_TRUNC_COORD 27, 1
#define FW_SAMP_W0_DISABLE_CUBE_WRAP 28, 1
#define FW_SAMP_W0_FILTER_MODE 29, 2
#define FW_SAMP_W0_COMPAT_MODE 31, 1
/* Word 1: LODs unsigned 4.8 fixed point. */
#define FW_SAMP_W1_MIN_LOD 0, 12
#define FW_SAMP_W1_MAX_LOD 12, 12
#define FW_SAMP_W1_PERF_MIP 24, 4
#define FW_SAMP_W1_PERF_Z 28, 4
/* Word 2: LOD_BIAS signed 5.8 fixed point. */
#define FW_SAMP_W2_LOD_BIAS 0, 14
#define FW_SAMP_W2_LOD_BIAS_SEC 14, 6
#define FW_SAMP_W2_XY_MAG_FILTER 20, 2	/* FW_SQ_TEX_XY_FILTER_* */
#define FW_SAMP_W2_XY_MIN_FILTER 22, 2
#define FW_SAMP_W2_Z_FILTER 24, 2
#define FW_SAMP_W2_MIP_FILTER 26, 2	/* FW_SQ_TEX_MIP_FILTER_* */
#define FW_SAMP_W2_MIP_POINT_PRECLAMP 28, 1
#define FW_SAMP_W2_DISABLE_LSB_CEIL 29, 1
#define FW_SAMP_W2_FILTER_PREC_FIX 30, 1
#define FW_SAMP_W2_ANISO_OVERRIDE 31, 1
/* Word 3. */
#define FW_SAMP_W3_BORDER_COLOR_PTR 0, 12
#define FW_SAMP_W3_BORDER_COLOR_TYPE 30, 2	/* FW_SQ_TEX_BORDER_COLOR_* */

enum fw_sq_tex_clamp {
	FW_SQ_TEX_WRAP = 0,
	FW_SQ_TEX_MIRROR = 1,
	FW_SQ_TEX_CLAMP_LAST_TEXEL = 2,
	FW_SQ_TEX_MIRROR_ONCE_LAST_TEXEL = 3,
	FW_SQ_TEX_CLAMP_HALF_BORDER = 4,
	FW_SQ_TEX_MIRROR_ONCE_HALF_BORDER = 5,
	FW_SQ_TEX_CLAMP_BORDER = 6,
	FW_SQ_TEX_MIRROR_ONCE_BORDER = 7,
};

enum fw_sq_tex_xy_filter {
	FW_SQ_TEX_XY_FILTER_POINT = 0,
	FW_SQ_TEX_XY_FILTER_BILINEAR = 1,
	FW_SQ_TEX_XY_FILTER_ANISO_POINT = 2,
	FW_SQ_TEX_XY_FILTER_ANISO_BILINEAR = 3,
};

enum fw_sq_tex_mip_filter {
	FW_SQ_TEX_MIP_FILTER_NONE = 0,
	FW_SQ_TEX_MIP_FILTER_POINT = 1,
	FW_SQ_TEX_MIP_FILTER_LINEAR = 2,
};

/* Z_FILTER (SQ_TEX_Z_FILTER_*): NONE leaves depth to the XY filter
 * (ROCr's OpenCL samplers set NONE and expect linear 3D filtering).
 */
enum fw_sq_tex_z_filter {
	FW_SQ_TEX_Z_FILTER_NONE = 0,
	FW_SQ_TEX_Z_FILTER_POINT = 1,
	FW_SQ_TEX_Z_FILTER_LINEAR = 2,
};

/* DEPTH_COMPARE_FUNC (SQ_TEX_DEPTH_COMPARE_*): reference OP texel. */
enum fw_sq_tex_depth_compare {
	FW_SQ_TEX_DEPTH_COMPARE_NEVER = 0,
	FW_SQ_TEX_DEPTH_COMPARE_LESS = 1,
	FW_SQ_TEX_DEPTH_COMPARE_EQUAL = 2,
	FW_SQ_TEX_DEPTH_COMPARE_LESSEQUAL = 3,
	FW_SQ_TEX_DEPTH_COMPARE_GREATER = 4,
	FW_SQ_TEX_DEPTH_COMPARE_NOTEQUAL = 5,
	FW_SQ_TEX_DEPTH_COMPARE_GREATEREQUAL = 6,
	FW_SQ_TEX_DEPTH_COMPARE_ALWAYS = 7,
};

/* FILTER_MODE (SQ_IMG_FILTER_MODE_*): how the footprint's texels combine. */
enum fw_sq_img_filter_mode {
	FW_SQ_IMG_FILTER_MODE_BLEND = 0,
	FW_SQ_IMG_FILTER_MODE_MIN = 1,
	FW_SQ_IMG_FILTER_MODE_MAX = 2,
};

/* MAX_ANISO_RATIO (SQ_TEX_ANISO_RATIO_*): 1 << value samples. */
enum fw_sq_tex_aniso_ratio {
	FW_SQ_TEX_ANISO_RATIO_1 = 0,
	FW_SQ_TEX_ANISO_RATIO_2 = 1,
	FW_SQ_TEX_ANISO_RATIO_4 = 2,
	FW_SQ_TEX_ANISO_RATIO_8 = 3,
	FW_SQ_TEX_ANISO_RATIO_16 = 4,
};

/* Fixed-point LOD fields: MIN_LOD/MAX_LOD (S# and T#) unsigned 4.8,
 * LOD_BIAS signed 5.8 (two's complement in its 14 bits).
 */
#define FW_SAMP_LOD_FRAC_BITS 8

enum fw_sq_tex_border_color {
	FW_SQ_TEX_BORDER_COLOR_TRANS_BLACK = 0,
	FW_SQ_TEX_BORDER_COLOR_OPAQUE_BLACK = 1,
	FW_SQ_TEX_BORDER_COLOR_OPAQUE_WHITE = 2,
	FW_SQ_TEX_BORDER_COLOR_REGISTER = 3,
};

/* T# BC_SWIZZLE (TEX_BC_Swizzle_*): where the border colour's
 * components go for the image's channel order (ROCr's GetBcSwizzle). */
enum fw_tex_bc_swizzle {
	FW_TEX_BC_SWIZZLE_XYZW = 0,
	FW_TEX_BC_SWIZZLE_XWYZ = 1,
	FW_TEX_BC_SWIZZLE_WZYX = 2,
	FW_TEX_BC_SWIZZLE_WXYZ = 3,
	FW_TEX_BC_SWIZZLE_ZYXW = 4,
	FW_TEX_BC_SWIZZLE_YXWZ = 5,
};

/* --- V#: buffer resource, 128 bits, as a 1DB image's first 4 dwords ---
 * (ROCr's sq_buf_rsrc_word*; the scratch V# of amd_queue.h uses the same
 * words, FW_BUF_RSRC*). */
#define FW_BUF_W0_BASE_ADDRESS 0, 32
#define FW_BUF_W1_BASE_ADDRESS_HI 0, 16
#define FW_BUF_W1_STRIDE 16, 14
#define FW_BUF_W1_CACHE_SWIZZLE 30, 1
#define FW_BUF_W1_SWIZZLE_ENABLE 31, 1
#define FW_BUF_W2_NUM_RECORDS 0, 32
#define FW_BUF_W3_DST_SEL_X 0, 3	/* FW_SQ_SEL_* */
#define FW_BUF_W3_DST_SEL_Y 3, 3
#define FW_BUF_W3_DST_SEL_Z 6, 3
#define FW_BUF_W3_DST_SEL_W 9, 3
#define FW_BUF_W3_NUM_FORMAT 12, 3	/* FW_IMG_NUM_FORMAT_* up to 7 */
#define FW_BUF_W3_DATA_FORMAT 15, 4	/* FW_BUF_DATA_FORMAT_* */
#define FW_BUF_W3_INDEX_STRIDE 21, 2
#define FW_BUF_W3_ADD_TID_ENABLE 23, 1
#define FW_BUF_W3_TYPE 30, 2		/* 0: SQ_RSRC_BUF */

/* Layout checks: the fields that share a word tile it in the order the
 * sources give, and the last field of each word ends at bit 32. */
#define FW__END(...) \
	(FW_FIELD_SHIFT(__VA_ARGS__) + FW_FIELD_WIDTH(__VA_ARGS__))
static_assert(FW__END(FW_IMG_W1_MIN_LOD) ==
	      FW_FIELD_SHIFT(FW_IMG_W1_DATA_FORMAT), "T# DATA_FORMAT");
static_assert(FW__END(FW_IMG_W1_DATA_FORMAT) ==
	      FW_FIELD_SHIFT(FW_IMG_W1_NUM_FORMAT), "T# NUM_FORMAT");
static_assert(FW__END(FW_IMG_W2_WIDTH) == FW_FIELD_SHIFT(FW_IMG_W2_HEIGHT),
	      "T# HEIGHT follows WIDTH");
static_assert(FW__END(FW_IMG_W3_LAST_LEVEL) ==
	      FW_FIELD_SHIFT(FW_IMG_W3_SW_MODE), "T# SW_MODE");
static_assert(FW__END(FW_IMG_W3_TYPE) == 32, "T# TYPE ends word 3");
static_assert(FW__END(FW_IMG_W4_DEPTH) == FW_FIELD_SHIFT(FW_IMG_W4_PITCH),
	      "T# PITCH follows DEPTH");
static_assert(FW__END(FW_IMG_W4_BC_SWIZZLE) == 32, "T# word 4 is full");
static_assert(FW__END(FW_IMG_W5_MAX_MIP) == 32, "T# word 5 is full");
static_assert(FW__END(FW_IMG_W6_LOST_COLOR_BITS) == 32, "T# word 6 is full");
static_assert(FW__END(FW_SAMP_W0_CLAMP_Z) ==
	      FW_FIELD_SHIFT(FW_SAMP_W0_MAX_ANISO_RATIO), "S# MAX_ANISO_RATIO");
static_assert(FW__END(FW_SAMP_W0_DEPTH_COMPARE_FUNC) ==
	      FW_FIELD_SHIFT(FW_SAMP_W0_FORCE_UNNORMALIZED),
	      "S# FORCE_UNNORMALIZED");
static_assert(FW__END(FW_SAMP_W0_FILTER_MODE) ==
	      FW_FIELD_SHIFT(FW_SAMP_W0_COMPAT_MODE), "S# FILTER_MODE");
static_assert(FW__END(FW_SAMP_W1_MIN_LOD) ==
	      FW_FIELD_SHIFT(FW_SAMP_W1_MAX_LOD), "S# MAX_LOD follows MIN_LOD");
static_assert(FW_FIELD_WIDTH(FW_SAMP_W1_MIN_LOD) ==
	      4 + FW_SAMP_LOD_FRAC_BITS, "S# MIN_LOD is u4.8");
static_assert(FW_FIELD_WIDTH(FW_SAMP_W2_LOD_BIAS) ==
	      6 + FW_SAMP_LOD_FRAC_BITS, "S# LOD_BIAS is s5.8");
static_assert(FW__END(FW_SAMP_W2_XY_MAG_FILTER) ==
	      FW_FIELD_SHIFT(FW_SAMP_W2_XY_MIN_FILTER), "S# XY_MIN_FILTER");
static_assert(FW__END(FW_SAMP_W2_Z_FILTER) ==
	      FW_FIELD_SHIFT(FW_SAMP_W2_MIP_FILTER), "S# MIP_FILTER");
static_assert(FW__END(FW_SAMP_W0_COMPAT_MODE) == 32, "S# word 0 is full");
static_assert(FW__END(FW_SAMP_W1_PERF_Z) == 32, "S# word 1 is full");
static_assert(FW__END(FW_SAMP_W2_ANISO_OVERRIDE) == 32, "S# word 2 is full");
static_assert(FW__END(FW_SAMP_W3_BORDER_COLOR_TYPE) == 32,
	      "S# word 3 ends with the border colour type");
static_assert(FW__END(FW_BUF_W1_BASE_ADDRESS_HI) ==
	      FW_FIELD_SHIFT(FW_BUF_W1_STRIDE), "V# STRIDE");
static_assert(FW__END(FW_BUF_W3_NUM_FORMAT) ==
	      FW_FIELD_SHIFT(FW_BUF_W3_DATA_FORMAT), "V# DATA_FORMAT");
static_assert(FW__END(FW_BUF_W3_TYPE) == 32, "V# TYPE ends word 3");
#undef FW__END

#endif /* FW_GFX9_IMAGE_DESCRIPTOR_H */
