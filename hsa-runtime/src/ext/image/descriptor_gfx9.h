// The gfx9 (Vega) resource descriptors an image or sampler handle points
// at: the 256-bit image resource T# (SQ_IMG_RSRC_WORD0..7), the 128-bit
// buffer resource V# (SQ_BUF_RSRC_WORD0..3) a 1DB image uses in T#'s first
// four dwords, and the 128-bit sampler S# (SQ_IMG_SAMP_WORD0..3). Each field
// is (dword, lowest bit, width), as the Vega ISA manual and the gfx9
// register headers (Mesa's sid.h S_008F1x_/S_008F3x_, ROCr's resource_ai.h)
// place them. The positions and values live once, in
// firmware-interfaces/gfx9_image_descriptor.h, which the virtual GPU reads
// too; this header gives the runtime's encoders their (dword, shift,
// width) form.
#pragma once

#include <cstdint>

#include "gfx9_image_descriptor.h"

namespace hsart::image {

struct Field {
  unsigned dword;
  unsigned shift;
  unsigned width;
  constexpr uint32_t mask() const { return width == 32 ? ~0u : ((1u << width) - 1) << shift; }
};

// Writes `value` (truncated to the field's width, as the hardware register
// would keep it) into its field of `words`.
inline void put(uint32_t* words, Field f, uint64_t value) {
  const uint32_t bits = static_cast<uint32_t>(value << f.shift) & f.mask();
  words[f.dword] = (words[f.dword] & ~f.mask()) | bits;
}
inline uint32_t get(const uint32_t* words, Field f) {
  return (words[f.dword] & f.mask()) >> f.shift;
}

// A field of firmware-interfaces/gfx9_image_descriptor.h ("shift, width")
// in dword `word`: the positions are written there once.
#define HSART_FIELD(word, ...) \
  Field { word, FW_FIELD_SHIFT(__VA_ARGS__), FW_FIELD_WIDTH(__VA_ARGS__) }

// T#: image resource.
namespace tsharp {
constexpr Field kBaseAddress = HSART_FIELD(0, FW_IMG_W0_BASE_ADDRESS);       // address bits 39:8
constexpr Field kBaseAddressHi = HSART_FIELD(1, FW_IMG_W1_BASE_ADDRESS_HI);  // bits 47:40
constexpr Field kMinLod = HSART_FIELD(1, FW_IMG_W1_MIN_LOD);
constexpr Field kDataFormat = HSART_FIELD(1, FW_IMG_W1_DATA_FORMAT);
constexpr Field kNumFormat = HSART_FIELD(1, FW_IMG_W1_NUM_FORMAT);
constexpr Field kWidth = HSART_FIELD(2, FW_IMG_W2_WIDTH);    // width - 1
constexpr Field kHeight = HSART_FIELD(2, FW_IMG_W2_HEIGHT);  // height - 1
constexpr Field kPerfMod = HSART_FIELD(2, FW_IMG_W2_PERF_MOD);
constexpr Field kDstSelX = HSART_FIELD(3, FW_IMG_W3_DST_SEL_X);
constexpr Field kDstSelY = HSART_FIELD(3, FW_IMG_W3_DST_SEL_Y);
constexpr Field kDstSelZ = HSART_FIELD(3, FW_IMG_W3_DST_SEL_Z);
constexpr Field kDstSelW = HSART_FIELD(3, FW_IMG_W3_DST_SEL_W);
constexpr Field kBaseLevel = HSART_FIELD(3, FW_IMG_W3_BASE_LEVEL);
constexpr Field kLastLevel = HSART_FIELD(3, FW_IMG_W3_LAST_LEVEL);
constexpr Field kSwMode = HSART_FIELD(3, FW_IMG_W3_SW_MODE);
constexpr Field kType = HSART_FIELD(3, FW_IMG_W3_TYPE);
constexpr Field kDepth = HSART_FIELD(4, FW_IMG_W4_DEPTH);  // depth - 1, or last array layer
constexpr Field kPitch = HSART_FIELD(4, FW_IMG_W4_PITCH);  // pitch in elements - 1
constexpr Field kBcSwizzle = HSART_FIELD(4, FW_IMG_W4_BC_SWIZZLE);
constexpr Field kBaseArray = HSART_FIELD(5, FW_IMG_W5_BASE_ARRAY);
constexpr Field kArrayPitch = HSART_FIELD(5, FW_IMG_W5_ARRAY_PITCH);
constexpr Field kMaxMip = HSART_FIELD(5, FW_IMG_W5_MAX_MIP);
constexpr Field kMetaDataAddress = HSART_FIELD(7, FW_IMG_W7_META_DATA_ADDRESS);
}  // namespace tsharp

// V#: buffer resource (1DB images).
namespace vsharp {
constexpr Field kBaseAddress = HSART_FIELD(0, FW_BUF_W0_BASE_ADDRESS);       // bits 31:0
constexpr Field kBaseAddressHi = HSART_FIELD(1, FW_BUF_W1_BASE_ADDRESS_HI);  // bits 47:32
constexpr Field kStride = HSART_FIELD(1, FW_BUF_W1_STRIDE);
constexpr Field kCacheSwizzle = HSART_FIELD(1, FW_BUF_W1_CACHE_SWIZZLE);
constexpr Field kSwizzleEnable = HSART_FIELD(1, FW_BUF_W1_SWIZZLE_ENABLE);
constexpr Field kNumRecords = HSART_FIELD(2, FW_BUF_W2_NUM_RECORDS);
constexpr Field kDstSelX = HSART_FIELD(3, FW_BUF_W3_DST_SEL_X);
constexpr Field kDstSelY = HSART_FIELD(3, FW_BUF_W3_DST_SEL_Y);
constexpr Field kDstSelZ = HSART_FIELD(3, FW_BUF_W3_DST_SEL_Z);
constexpr Field kDstSelW = HSART_FIELD(3, FW_BUF_W3_DST_SEL_W);
constexpr Field kNumFormat = HSART_FIELD(3, FW_BUF_W3_NUM_FORMAT);
constexpr Field kDataFormat = HSART_FIELD(3, FW_BUF_W3_DATA_FORMAT);
constexpr Field kIndexStride = HSART_FIELD(3, FW_BUF_W3_INDEX_STRIDE);
constexpr Field kAddTidEnable = HSART_FIELD(3, FW_BUF_W3_ADD_TID_ENABLE);
constexpr Field kType = HSART_FIELD(3, FW_BUF_W3_TYPE);
}  // namespace vsharp

// S#: sampler.
namespace ssharp {
constexpr Field kClampX = HSART_FIELD(0, FW_SAMP_W0_CLAMP_X);
constexpr Field kClampY = HSART_FIELD(0, FW_SAMP_W0_CLAMP_Y);
constexpr Field kClampZ = HSART_FIELD(0, FW_SAMP_W0_CLAMP_Z);
constexpr Field kMaxAnisoRatio = HSART_FIELD(0, FW_SAMP_W0_MAX_ANISO_RATIO);
constexpr Field kDepthCompareFunc = HSART_FIELD(0, FW_SAMP_W0_DEPTH_COMPARE_FUNC);
constexpr Field kForceUnnormalized = HSART_FIELD(0, FW_SAMP_W0_FORCE_UNNORMALIZED);
constexpr Field kFilterMode = HSART_FIELD(0, FW_SAMP_W0_FILTER_MODE);
constexpr Field kMinLod = HSART_FIELD(1, FW_SAMP_W1_MIN_LOD);
constexpr Field kMaxLod = HSART_FIELD(1, FW_SAMP_W1_MAX_LOD);
constexpr Field kLodBias = HSART_FIELD(2, FW_SAMP_W2_LOD_BIAS);
constexpr Field kXyMagFilter = HSART_FIELD(2, FW_SAMP_W2_XY_MAG_FILTER);
constexpr Field kXyMinFilter = HSART_FIELD(2, FW_SAMP_W2_XY_MIN_FILTER);
constexpr Field kZFilter = HSART_FIELD(2, FW_SAMP_W2_Z_FILTER);
constexpr Field kMipFilter = HSART_FIELD(2, FW_SAMP_W2_MIP_FILTER);
constexpr Field kBorderColorPtr = HSART_FIELD(3, FW_SAMP_W3_BORDER_COLOR_PTR);
constexpr Field kBorderColorType = HSART_FIELD(3, FW_SAMP_W3_BORDER_COLOR_TYPE);
}  // namespace ssharp

#undef HSART_FIELD

// Field values, by firmware-interfaces' names.
enum DstSel : uint32_t {
  kSel0 = FW_SQ_SEL_0,
  kSel1 = FW_SQ_SEL_1,
  kSelX = FW_SQ_SEL_X,
  kSelY = FW_SQ_SEL_Y,
  kSelZ = FW_SQ_SEL_Z,
  kSelW = FW_SQ_SEL_W,
};

// IMG_DATA_FORMAT (also BUF_DATA_FORMAT for the formats a V# can name).
enum DataFormat : uint32_t {
  kFmt8 = FW_IMG_DATA_FORMAT_8,
  kFmt16 = FW_IMG_DATA_FORMAT_16,
  kFmt8_8 = FW_IMG_DATA_FORMAT_8_8,
  kFmt32 = FW_IMG_DATA_FORMAT_32,
  kFmt16_16 = FW_IMG_DATA_FORMAT_16_16,
  kFmt2_10_10_10 = FW_IMG_DATA_FORMAT_2_10_10_10,
  kFmt8_8_8_8 = FW_IMG_DATA_FORMAT_8_8_8_8,
  kFmt32_32 = FW_IMG_DATA_FORMAT_32_32,
  kFmt16_16_16_16 = FW_IMG_DATA_FORMAT_16_16_16_16,
  kFmt32_32_32_32 = FW_IMG_DATA_FORMAT_32_32_32_32,
  kFmt5_6_5 = FW_IMG_DATA_FORMAT_5_6_5,
  kFmt1_5_5_5 = FW_IMG_DATA_FORMAT_1_5_5_5,
};

// IMG_NUM_FORMAT (BUF_NUM_FORMAT shares 0..7).
enum NumFormat : uint32_t {
  kUnorm = FW_IMG_NUM_FORMAT_UNORM,
  kSnorm = FW_IMG_NUM_FORMAT_SNORM,
  kUint = FW_IMG_NUM_FORMAT_UINT,
  kSint = FW_IMG_NUM_FORMAT_SINT,
  kFloat = FW_IMG_NUM_FORMAT_FLOAT,
  kSrgb = FW_IMG_NUM_FORMAT_SRGB,
};

// SQ_RSRC_IMG_* (T# TYPE); a V#'s TYPE is 0 (SQ_RSRC_BUF).
enum ResourceType : uint32_t {
  kRsrcBuf = 0,
  kRsrcImg1D = FW_SQ_RSRC_IMG_1D,
  kRsrcImg2D = FW_SQ_RSRC_IMG_2D,
  kRsrcImg3D = FW_SQ_RSRC_IMG_3D,
  kRsrcImg1DArray = FW_SQ_RSRC_IMG_1D_ARRAY,
  kRsrcImg2DArray = FW_SQ_RSRC_IMG_2D_ARRAY,
};

// T# BC_SWIZZLE: where the border colour's components go.
enum BcSwizzle : uint32_t {
  kBcXYZW = FW_TEX_BC_SWIZZLE_XYZW,
  kBcXWYZ = FW_TEX_BC_SWIZZLE_XWYZ,
  kBcWZYX = FW_TEX_BC_SWIZZLE_WZYX,
  kBcWXYZ = FW_TEX_BC_SWIZZLE_WXYZ,
  kBcZYXW = FW_TEX_BC_SWIZZLE_ZYXW,
  kBcYXWZ = FW_TEX_BC_SWIZZLE_YXWZ,
};

// SQ_TEX_CLAMP (S# CLAMP_X/Y/Z).
enum TexClamp : uint32_t {
  kTexWrap = FW_SQ_TEX_WRAP,
  kTexMirror = FW_SQ_TEX_MIRROR,
  kTexClampLastTexel = FW_SQ_TEX_CLAMP_LAST_TEXEL,
  kTexClampBorder = FW_SQ_TEX_CLAMP_BORDER,
};

// SQ_TEX_XY_FILTER, SQ_TEX_Z_FILTER, SQ_TEX_MIP_FILTER, SQ_TEX_BORDER_COLOR.
enum TexXyFilter : uint32_t {
  kXyFilterPoint = FW_SQ_TEX_XY_FILTER_POINT,
  kXyFilterBilinear = FW_SQ_TEX_XY_FILTER_BILINEAR,
};
enum TexZFilter : uint32_t { kZFilterNone = 0 };
enum TexMipFilter : uint32_t { kMipFilterNone = FW_SQ_TEX_MIP_FILTER_NONE };
enum TexBorderColor : uint32_t { kBorderTransBlack = FW_SQ_TEX_BORDER_COLOR_TRANS_BLACK };

// SW_MODE 0: linear, the only layout this runtime creates.
constexpr uint32_t kSwModeLinear = 0;

// The fields tile their dwords without overlap where the manual says so.
static_assert(tsharp::kType.shift + tsharp::kType.width == 32);
static_assert(tsharp::kBcSwizzle.shift + tsharp::kBcSwizzle.width == 32);
static_assert(tsharp::kPitch.shift == tsharp::kDepth.shift + tsharp::kDepth.width);
static_assert(tsharp::kNumFormat.shift == tsharp::kDataFormat.shift + tsharp::kDataFormat.width);
static_assert(tsharp::kHeight.shift == tsharp::kWidth.shift + tsharp::kWidth.width);
static_assert(vsharp::kType.shift + vsharp::kType.width == 32);
static_assert(vsharp::kDataFormat.shift == vsharp::kNumFormat.shift + vsharp::kNumFormat.width);
static_assert(ssharp::kForceUnnormalized.shift == 15);
static_assert(ssharp::kMaxLod.shift == ssharp::kMinLod.shift + ssharp::kMinLod.width);
static_assert(ssharp::kBorderColorType.shift + ssharp::kBorderColorType.width == 32);
static_assert(Field{0, 4, 3}.mask() == 0x70u);

}  // namespace hsart::image
