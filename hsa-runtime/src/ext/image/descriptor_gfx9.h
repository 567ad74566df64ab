// The gfx9 (Vega) resource descriptors an image or sampler handle points
// at: the 256-bit image resource T# (SQ_IMG_RSRC_WORD0..7), the 128-bit
// buffer resource V# (SQ_BUF_RSRC_WORD0..3) a 1DB image uses in T#'s first
// four dwords, and the 128-bit sampler S# (SQ_IMG_SAMP_WORD0..3). Each field
// is (dword, lowest bit, width), as the Vega ISA manual and the gfx9
// register headers (Mesa's sid.h S_008F1x_/S_008F3x_, ROCr's resource_ai.h)
// place them. Private to the runtime for now: the byte layouts belong in
// firmware-interfaces/ (gfx9_image_descriptor.h, being written for the
// virtual GPU's image instructions) and should be merged with it.
#pragma once

#include <cstdint>

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

// T#: image resource.
namespace tsharp {
constexpr Field kBaseAddress{0, 0, 32};   // address bits 39:8
constexpr Field kBaseAddressHi{1, 0, 8};  // address bits 47:40
constexpr Field kMinLod{1, 8, 12};
constexpr Field kDataFormat{1, 20, 6};
constexpr Field kNumFormat{1, 26, 4};
constexpr Field kWidth{2, 0, 14};    // width - 1
constexpr Field kHeight{2, 14, 14};  // height - 1
constexpr Field kPerfMod{2, 28, 3};
constexpr Field kDstSelX{3, 0, 3};
constexpr Field kDstSelY{3, 3, 3};
constexpr Field kDstSelZ{3, 6, 3};
constexpr Field kDstSelW{3, 9, 3};
constexpr Field kBaseLevel{3, 12, 4};
constexpr Field kLastLevel{3, 16, 4};
constexpr Field kSwMode{3, 20, 5};
constexpr Field kType{3, 28, 4};
constexpr Field kDepth{4, 0, 13};   // depth - 1, or last array layer
constexpr Field kPitch{4, 13, 16};  // pitch in elements - 1
constexpr Field kBcSwizzle{4, 29, 3};
constexpr Field kBaseArray{5, 0, 13};
constexpr Field kArrayPitch{5, 13, 4};
constexpr Field kMaxMip{5, 28, 4};
constexpr Field kMetaDataAddress{7, 0, 32};
}  // namespace tsharp

// V#: buffer resource (1DB images).
namespace vsharp {
constexpr Field kBaseAddress{0, 0, 32};    // address bits 31:0
constexpr Field kBaseAddressHi{1, 0, 16};  // address bits 47:32
constexpr Field kStride{1, 16, 14};
constexpr Field kCacheSwizzle{1, 30, 1};
constexpr Field kSwizzleEnable{1, 31, 1};
constexpr Field kNumRecords{2, 0, 32};
constexpr Field kDstSelX{3, 0, 3};
constexpr Field kDstSelY{3, 3, 3};
constexpr Field kDstSelZ{3, 6, 3};
constexpr Field kDstSelW{3, 9, 3};
constexpr Field kNumFormat{3, 12, 3};
constexpr Field kDataFormat{3, 15, 4};
constexpr Field kIndexStride{3, 21, 2};
constexpr Field kAddTidEnable{3, 23, 1};
constexpr Field kType{3, 30, 2};
}  // namespace vsharp

// S#: sampler.
namespace ssharp {
constexpr Field kClampX{0, 0, 3};
constexpr Field kClampY{0, 3, 3};
constexpr Field kClampZ{0, 6, 3};
constexpr Field kMaxAnisoRatio{0, 9, 3};
constexpr Field kDepthCompareFunc{0, 12, 3};
constexpr Field kForceUnnormalized{0, 15, 1};
constexpr Field kFilterMode{0, 29, 2};
constexpr Field kMinLod{1, 0, 12};
constexpr Field kMaxLod{1, 12, 12};
constexpr Field kLodBias{2, 0, 14};
constexpr Field kXyMagFilter{2, 20, 2};
constexpr Field kXyMinFilter{2, 22, 2};
constexpr Field kZFilter{2, 24, 2};
constexpr Field kMipFilter{2, 26, 2};
constexpr Field kBorderColorPtr{3, 0, 12};
constexpr Field kBorderColorType{3, 30, 2};
}  // namespace ssharp

// Field values.
enum DstSel : uint32_t { kSel0 = 0, kSel1 = 1, kSelX = 4, kSelY = 5, kSelZ = 6, kSelW = 7 };

// IMG_DATA_FORMAT (also BUF_DATA_FORMAT for the formats a V# can name).
enum DataFormat : uint32_t {
  kFmt8 = 1,
  kFmt16 = 2,
  kFmt8_8 = 3,
  kFmt32 = 4,
  kFmt16_16 = 5,
  kFmt2_10_10_10 = 9,
  kFmt8_8_8_8 = 10,
  kFmt32_32 = 11,
  kFmt16_16_16_16 = 12,
  kFmt32_32_32_32 = 14,
  kFmt5_6_5 = 16,
  kFmt1_5_5_5 = 17,
};

// IMG_NUM_FORMAT (BUF_NUM_FORMAT shares 0..7).
enum NumFormat : uint32_t {
  kUnorm = 0,
  kSnorm = 1,
  kUint = 4,
  kSint = 5,
  kFloat = 7,
  kSrgb = 9,
};

// SQ_RSRC_IMG_* (T# TYPE); a V#'s TYPE is 0 (SQ_RSRC_BUF).
enum ResourceType : uint32_t {
  kRsrcBuf = 0,
  kRsrcImg1D = 8,
  kRsrcImg2D = 9,
  kRsrcImg3D = 10,
  kRsrcImg1DArray = 12,
  kRsrcImg2DArray = 13,
};

// T# BC_SWIZZLE: where the border colour's components go.
enum BcSwizzle : uint32_t {
  kBcXYZW = 0,
  kBcXWYZ = 1,
  kBcWZYX = 2,
  kBcWXYZ = 3,
  kBcZYXW = 4,
  kBcYXWZ = 5,
};

// SQ_TEX_CLAMP (S# CLAMP_X/Y/Z).
enum TexClamp : uint32_t {
  kTexWrap = 0,
  kTexMirror = 1,
  kTexClampLastTexel = 2,
  kTexClampBorder = 6,
};

// SQ_TEX_XY_FILTER, SQ_TEX_Z_FILTER, SQ_TEX_MIP_FILTER, SQ_TEX_BORDER_COLOR.
enum TexXyFilter : uint32_t { kXyFilterPoint = 0, kXyFilterBilinear = 1 };
enum TexZFilter : uint32_t { kZFilterNone = 0 };
enum TexMipFilter : uint32_t { kMipFilterNone = 0 };
enum TexBorderColor : uint32_t { kBorderTransBlack = 0 };

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
