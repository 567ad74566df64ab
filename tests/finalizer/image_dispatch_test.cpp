// Images through the whole stack: an image made by our runtime
// (hsa_ext_image_create_with_layout, ROCr's gfx9 object), an HSAIL kernel
// with ldimage, stimage, queryimage and rdimage (with a sampler of our
// runtime) finalized for gfx900, run on the virtual GPU's MIMG
// instructions; the texels, samples and query answers are checked against
// the CPU (PRM 7.1.6's addressing and filtering rules) and the descriptor
// the test asked for.
#include <hsa/hsa_ext_image.h>

#include <algorithm>
#include <cmath>

#include "finalized_gpu.h"

namespace finalizer_test {
namespace {

// dst(x, y) = src(x, y) + (1, 2, 3, 4) per channel; work-item (0, 0)
// also writes what queryimage says of src into info.
constexpr const char* kImageAddHsail = R"(
module &m:1:0:$full:$large:$default;
extension "IMAGE";
kernel &image_add(kernarg_roimg %src, kernarg_woimg %dst, kernarg_u64 %info)
{
	ld_kernarg_roimg $d0, [%src];
	ld_kernarg_woimg $d1, [%dst];
	ld_kernarg_u64 $d2, [%info];
	workitemabsid_u32 $s0, 0;
	workitemabsid_u32 $s1, 1;
	ldimage_v4_2d_u32_roimg_u32 ($s2, $s3, $s4, $s5), $d0, ($s0, $s1);
	add_u32 $s2, $s2, 1;
	add_u32 $s3, $s3, 2;
	add_u32 $s4, $s4, 3;
	add_u32 $s5, $s5, 4;
	stimage_v4_2d_u32_woimg_u32 ($s2, $s3, $s4, $s5), $d1, ($s0, $s1);
	or_b32 $s6, $s0, $s1;
	cmp_ne_b1_u32 $c0, $s6, 0;
	cbr_b1 $c0, @done;
	queryimage_2d_width_u32_roimg $s7, $d0;
	st_global_u32 $s7, [$d2];
	queryimage_2d_height_u32_roimg $s7, $d0;
	st_global_u32 $s7, [$d2 + 4];
	queryimage_2d_channelorder_u32_roimg $s7, $d0;
	st_global_u32 $s7, [$d2 + 8];
	queryimage_2d_channeltype_u32_roimg $s7, $d0;
	st_global_u32 $s7, [$d2 + 12];
@done:
	ret;
};
)";

// out[i] = rdimage(src, sampler, (u[i], v[i])) as four f32 channels.
constexpr const char* kRdimageHsail = R"(
module &m:1:0:$full:$large:$default;
extension "IMAGE";
kernel &sample(kernarg_roimg %src, kernarg_samp %smp, kernarg_u64 %uv, kernarg_u64 %out)
{
	ld_kernarg_roimg $d0, [%src];
	ld_kernarg_samp $d1, [%smp];
	ld_kernarg_u64 $d2, [%uv];
	ld_kernarg_u64 $d3, [%out];
	workitemabsid_u32 $s0, 0;
	cvt_u64_u32 $d4, $s0;
	shl_u64 $d5, $d4, 3;
	add_u64 $d5, $d2, $d5;
	ld_global_f32 $s1, [$d5];
	ld_global_f32 $s2, [$d5 + 4];
	rdimage_v4_2d_f32_roimg_f32 ($s3, $s4, $s5, $s6), $d0, $d1, ($s1, $s2);
	shl_u64 $d6, $d4, 4;
	add_u64 $d6, $d3, $d6;
	st_global_f32 $s3, [$d6];
	st_global_f32 $s4, [$d6 + 4];
	st_global_f32 $s5, [$d6 + 8];
	st_global_f32 $s6, [$d6 + 12];
	ret;
};
)";

class ImageDispatch : public FinalizedGpu {
 protected:
  // A linear 2D RGBA UNSIGNED_INT8 image of width x height over data.
  hsa_ext_image_t Create(
      void* data, hsa_access_permission_t access,
      hsa_ext_image_channel_type_t type = HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT8) {
    hsa_ext_image_descriptor_t d{};
    d.geometry = HSA_EXT_IMAGE_GEOMETRY_2D;
    d.width = kWidth;
    d.height = kHeight;
    d.depth = 0;
    d.array_size = 0;
    d.format.channel_type = type;
    d.format.channel_order = HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA;
    hsa_ext_image_t image{0};
    EXPECT_EQ(
        hsa_ext_image_create_with_layout(gpu_, &d, data, access, HSA_EXT_IMAGE_DATA_LAYOUT_LINEAR,
                                         kRowPitch, kRowPitch * kHeight, &image),
        HSA_STATUS_SUCCESS);
    return image;
  }

  static constexpr uint32_t kWidth = 13;  // odd, so rows are padded
  static constexpr uint32_t kHeight = 5;
  static constexpr size_t kRowPitch = 256;  // the linear layout's pitch unit
};

TEST_F(ImageDispatch, LdimageStimageAndQueryimageOnTheVirtualGpu) {
  uint64_t object = 0;
  Load(kImageAddHsail, "&image_add", &object);
  ASSERT_NE(object, 0u);

  uint8_t* src_data = Buffer<uint8_t>(kRowPitch * kHeight);
  uint8_t* dst_data = Buffer<uint8_t>(kRowPitch * kHeight);
  uint32_t* info = Buffer<uint32_t>(4);
  ASSERT_TRUE(src_data && dst_data && info);
  ASSERT_EQ(reinterpret_cast<uintptr_t>(src_data) % 256, 0u);
  for (uint32_t y = 0; y < kHeight; ++y) {
    for (uint32_t x = 0; x < kWidth; ++x) {
      for (uint32_t c = 0; c < 4; ++c) {
        // Below 251: the sums stay in range (stores of larger values
        // clamp: UnsignedClamp(8), PRM 7.1.4.2, Table 7-3).
        src_data[y * kRowPitch + x * 4 + c] =
            static_cast<uint8_t>((x * 11 + y * 29 + c * 50) % 251);
      }
    }
  }
  std::memset(dst_data, 0xee, kRowPitch * kHeight);

  const hsa_ext_image_t src = Create(src_data, HSA_ACCESS_PERMISSION_RO);
  const hsa_ext_image_t dst = Create(dst_data, HSA_ACCESS_PERMISSION_WO);
  ASSERT_NE(src.handle, 0u);
  ASSERT_NE(dst.handle, 0u);

  rows_ = kHeight;
  group_rows_ = 1;
  ASSERT_TRUE(Dispatch(object, {src.handle, dst.handle, Ptr(info)}, kWidth, kWidth))
      << "the dispatch did not complete";

  for (uint32_t y = 0; y < kHeight; ++y) {
    for (uint32_t x = 0; x < kWidth; ++x) {
      for (uint32_t c = 0; c < 4; ++c) {
        const size_t at = y * kRowPitch + x * 4 + c;
        ASSERT_EQ(dst_data[at], static_cast<uint8_t>(src_data[at] + c + 1))
            << "texel (" << x << ", " << y << ") channel " << c;
      }
    }
    // The padding past the last texel of a row is not the image's.
    for (size_t at = y * kRowPitch + kWidth * 4; at < (y + 1) * kRowPitch; ++at) {
      ASSERT_EQ(dst_data[at], 0xee) << "padding byte " << at;
    }
  }
  // PRM 7.4: width and height in texels; the channel order and type as
  // BRIG numbers them, which are the HSA runtime's values.
  EXPECT_EQ(info[0], kWidth);
  EXPECT_EQ(info[1], kHeight);
  EXPECT_EQ(info[2], static_cast<uint32_t>(HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA));
  EXPECT_EQ(info[3], static_cast<uint32_t>(HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT8));

  EXPECT_EQ(hsa_ext_image_destroy(gpu_, src), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_ext_image_destroy(gpu_, dst), HSA_STATUS_SUCCESS);
}

// rdimage through our runtime's sampler objects: nearest with
// unnormalized coordinates returns texels exactly (x / 255 for UNORM_INT8,
// PRM 7.1.4.1); linear with normalized coordinates against a CPU bilinear
// (PRM 7.1.6.3: the four texels around u - 0.5, v - 0.5) within 1/256, the
// virtual GPU's (and gfx9's) 8-bit weights; clamp_to_edge holds
// coordinates outside the image to the edge texels.
TEST_F(ImageDispatch, RdimageSamplesWithNearestAndLinearSamplers) {
  uint64_t object = 0;
  Load(kRdimageHsail, "&sample", &object);
  ASSERT_NE(object, 0u);
  uint8_t* data = Buffer<uint8_t>(kRowPitch * kHeight);
  ASSERT_TRUE(data);
  auto texel = [&](int x, int y, int c) {
    x = std::min(std::max(x, 0), int{kWidth} - 1);
    y = std::min(std::max(y, 0), int{kHeight} - 1);
    return data[y * kRowPitch + x * 4 + c] / 255.0;
  };
  for (uint32_t y = 0; y < kHeight; ++y)
    for (uint32_t x = 0; x < kWidth; ++x)
      for (uint32_t c = 0; c < 4; ++c)
        data[y * kRowPitch + x * 4 + c] = static_cast<uint8_t>((x * 37 + y * 91 + c * 70) % 256);
  const hsa_ext_image_t image =
      Create(data, HSA_ACCESS_PERMISSION_RO, HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8);
  ASSERT_NE(image.handle, 0u);

  constexpr uint32_t kN = 128;
  float* uv = Buffer<float>(2 * kN);
  float* out = Buffer<float>(4 * kN);
  ASSERT_TRUE(uv && out);
  for (const bool linear : {false, true}) {
    SCOPED_TRACE(linear ? "linear, normalized" : "nearest, unnormalized");
    hsa_ext_sampler_descriptor_t sd{};
    sd.coordinate_mode = linear ? HSA_EXT_SAMPLER_COORDINATE_MODE_NORMALIZED
                                : HSA_EXT_SAMPLER_COORDINATE_MODE_UNNORMALIZED;
    sd.filter_mode =
        linear ? HSA_EXT_SAMPLER_FILTER_MODE_LINEAR : HSA_EXT_SAMPLER_FILTER_MODE_NEAREST;
    sd.address_mode = HSA_EXT_SAMPLER_ADDRESSING_MODE_CLAMP_TO_EDGE;
    hsa_ext_sampler_t sampler{0};
    ASSERT_EQ(hsa_ext_sampler_create(gpu_, &sd, &sampler), HSA_STATUS_SUCCESS);
    // Texel space from 2 texels before to 2 past the image; nearest at a
    // quarter texel past a texel's start, linear anywhere.
    for (uint32_t i = 0; i < kN; ++i) {
      double tx = -2.0 + (kWidth + 4.0) * ((i * 37) % kN) / kN;
      double ty = -2.0 + (kHeight + 4.0) * ((i * 53) % kN) / kN;
      if (!linear) tx = std::floor(tx) + 0.25, ty = std::floor(ty) + 0.25;
      uv[2 * i] = static_cast<float>(linear ? tx / kWidth : tx);
      uv[2 * i + 1] = static_cast<float>(linear ? ty / kHeight : ty);
    }
    std::fill(out, out + 4 * kN, -1.0f);
    ASSERT_TRUE(Dispatch(object, {image.handle, sampler.handle, Ptr(uv), Ptr(out)}, kN, 64))
        << "the dispatch did not complete";
    for (uint32_t i = 0; i < kN; ++i) {
      const double u = linear ? double(uv[2 * i]) * kWidth : uv[2 * i];
      const double v = linear ? double(uv[2 * i + 1]) * kHeight : uv[2 * i + 1];
      for (int c = 0; c < 4; ++c) {
        double want;
        if (!linear) {
          want = texel(int(std::floor(u)), int(std::floor(v)), c);
          EXPECT_EQ(out[4 * i + c], static_cast<float>(want))
              << "sample " << i << " at (" << u << ", " << v << ") channel " << c;
          continue;
        }
        const double su = u - 0.5, sv = v - 0.5;
        const int i0 = int(std::floor(su)), j0 = int(std::floor(sv));
        const double a = su - i0, b = sv - j0;
        want = (1 - a) * (1 - b) * texel(i0, j0, c) + a * (1 - b) * texel(i0 + 1, j0, c) +
               (1 - a) * b * texel(i0, j0 + 1, c) + a * b * texel(i0 + 1, j0 + 1, c);
        EXPECT_NEAR(out[4 * i + c], want, 1.0 / 256 + 1e-6)
            << "sample " << i << " at (" << u << ", " << v << ") channel " << c;
      }
    }
    EXPECT_EQ(hsa_ext_sampler_destroy(gpu_, sampler), HSA_STATUS_SUCCESS);
  }
  EXPECT_EQ(hsa_ext_image_destroy(gpu_, image), HSA_STATUS_SUCCESS);
}

}  // namespace
}  // namespace finalizer_test
