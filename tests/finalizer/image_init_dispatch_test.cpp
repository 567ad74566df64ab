// Initialized image and sampler variables end to end (HSA PRM 7.1): the
// finalizer's handle-initializer note, our runtime's loader making the
// objects for the GPU agent and writing their handles, HSAIL kernels on
// the virtual GPU reading them. queryimage/querysampler answers are
// checked against the initializers' values in the HSAIL text; texels
// stored through an initialized rwimg are read back with ldimage and with
// hsa_ext_image_export, against the CPU.
#include <hsa/hsa_ext_image.h>

#include <algorithm>
#include <string>
#include <vector>

#include "finalized_gpu.h"

namespace finalizer_test {
namespace {

constexpr uint32_t kWidth = 13, kHeight = 5;

constexpr const char* kHsail = R"(
module &m:1:0:$full:$large:$default;
extension "IMAGE";
prog alloc(agent) global_rwimg &canvas = rwimg(geometry = 2d, width = 13, height = 5, channel_type = unsigned_int32, channel_order = rgba);
alloc(agent) global_roimg &ro[2] = roimg[](roimg(geometry = 3d, width = 7, height = 6, depth = 3, channel_type = unorm_int8, channel_order = rgba), roimg(geometry = 2da, width = 9, height = 4, array = 5, channel_type = float, channel_order = r));
readonly_samp &smp = samp(coord = normalized, filter = linear, addressing = clamp_to_edge);
readonly_samp &smps[2] = samp[](samp(coord = unnormalized, filter = nearest, addressing = clamp_to_border), samp(coord = normalized, filter = nearest, addressing = mirrored_repeat));

kernel &paint()
{
	workitemabsid_u32 $s0, 0;
	workitemabsid_u32 $s1, 1;
	mul_u32 $s2, $s0, $s1;
	mad_u32 $s3, $s1, 13, $s0;
	add_u32 $s3, $s3, 1000;
	ld_global_rwimg $d0, [&canvas];
	stimage_v4_2d_u32_rwimg_u32 ($s0, $s1, $s2, $s3), $d0, ($s0, $s1);
	ret;
};

kernel &copy(kernarg_u64 %out)
{
	ld_kernarg_u64 $d1, [%out];
	workitemabsid_u32 $s0, 0;
	workitemabsid_u32 $s1, 1;
	ld_global_rwimg $d0, [&canvas];
	ldimage_v4_2d_u32_rwimg_u32 ($s2, $s3, $s4, $s5), $d0, ($s0, $s1);
	mad_u32 $s6, $s1, 13, $s0;
	cvt_u64_u32 $d2, $s6;
	shl_u64 $d2, $d2, 4;
	add_u64 $d1, $d1, $d2;
	st_global_u32 $s2, [$d1];
	st_global_u32 $s3, [$d1 + 4];
	st_global_u32 $s4, [$d1 + 8];
	st_global_u32 $s5, [$d1 + 12];
	ret;
};

kernel &query(kernarg_u64 %info)
{
	alloc(agent) global_woimg %buf = woimg(geometry = 1db, width = 100, channel_type = signed_int16, channel_order = rg);
	ld_kernarg_u64 $d1, [%info];
	ld_global_rwimg $d0, [&canvas];
	queryimage_2d_width_u32_rwimg $s0, $d0;
	st_global_u32 $s0, [$d1];
	queryimage_2d_height_u32_rwimg $s0, $d0;
	st_global_u32 $s0, [$d1 + 4];
	queryimage_2d_channelorder_u32_rwimg $s0, $d0;
	st_global_u32 $s0, [$d1 + 8];
	queryimage_2d_channeltype_u32_rwimg $s0, $d0;
	st_global_u32 $s0, [$d1 + 12];
	ld_global_roimg $d0, [&ro];
	queryimage_3d_width_u32_roimg $s0, $d0;
	st_global_u32 $s0, [$d1 + 16];
	queryimage_3d_height_u32_roimg $s0, $d0;
	st_global_u32 $s0, [$d1 + 20];
	queryimage_3d_depth_u32_roimg $s0, $d0;
	st_global_u32 $s0, [$d1 + 24];
	queryimage_3d_channelorder_u32_roimg $s0, $d0;
	st_global_u32 $s0, [$d1 + 28];
	queryimage_3d_channeltype_u32_roimg $s0, $d0;
	st_global_u32 $s0, [$d1 + 32];
	ld_global_roimg $d0, [&ro][8];
	queryimage_2da_width_u32_roimg $s0, $d0;
	st_global_u32 $s0, [$d1 + 36];
	queryimage_2da_height_u32_roimg $s0, $d0;
	st_global_u32 $s0, [$d1 + 40];
	queryimage_2da_array_u32_roimg $s0, $d0;
	st_global_u32 $s0, [$d1 + 44];
	queryimage_2da_channelorder_u32_roimg $s0, $d0;
	st_global_u32 $s0, [$d1 + 48];
	queryimage_2da_channeltype_u32_roimg $s0, $d0;
	st_global_u32 $s0, [$d1 + 52];
	ld_global_woimg $d0, [%buf];
	queryimage_1db_width_u32_woimg $s0, $d0;
	st_global_u32 $s0, [$d1 + 56];
	queryimage_1db_channelorder_u32_woimg $s0, $d0;
	st_global_u32 $s0, [$d1 + 60];
	queryimage_1db_channeltype_u32_woimg $s0, $d0;
	st_global_u32 $s0, [$d1 + 64];
	ld_readonly_samp $d0, [&smp];
	querysampler_coord_u32 $s0, $d0;
	st_global_u32 $s0, [$d1 + 68];
	querysampler_filter_u32 $s0, $d0;
	st_global_u32 $s0, [$d1 + 72];
	querysampler_addressing_u32 $s0, $d0;
	st_global_u32 $s0, [$d1 + 76];
	ld_readonly_samp $d0, [&smps];
	querysampler_coord_u32 $s0, $d0;
	st_global_u32 $s0, [$d1 + 80];
	querysampler_filter_u32 $s0, $d0;
	st_global_u32 $s0, [$d1 + 84];
	querysampler_addressing_u32 $s0, $d0;
	st_global_u32 $s0, [$d1 + 88];
	ld_readonly_samp $d0, [&smps][8];
	querysampler_coord_u32 $s0, $d0;
	st_global_u32 $s0, [$d1 + 92];
	querysampler_filter_u32 $s0, $d0;
	st_global_u32 $s0, [$d1 + 96];
	querysampler_addressing_u32 $s0, $d0;
	st_global_u32 $s0, [$d1 + 100];
	ret;
};
)";

class ImageInitDispatch : public FinalizedGpu {
 protected:
  uint64_t KernelObject(const char* name) {
    hsa_executable_symbol_t k{0};
    EXPECT_EQ(hsa_executable_get_symbol_by_name(exe_, name, &gpu_, &k), HSA_STATUS_SUCCESS);
    uint64_t object = 0;
    EXPECT_EQ(hsa_executable_symbol_get_info(k, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &object),
              HSA_STATUS_SUCCESS);
    return object;
  }

  // What the loader wrote into the program variable &canvas.
  uint64_t CanvasHandle() {
    hsa_executable_symbol_t v{0};
    EXPECT_EQ(hsa_executable_get_symbol_by_name(exe_, "&canvas", &gpu_, &v), HSA_STATUS_SUCCESS);
    uint64_t address = 0;
    EXPECT_EQ(
        hsa_executable_symbol_get_info(v, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS, &address),
        HSA_STATUS_SUCCESS);
    uint64_t handle = 0;
    if (address != 0) std::memcpy(&handle, reinterpret_cast<const void*>(address), 8);
    return handle;
  }

  // The texel &paint stores at (x, y).
  static uint32_t Painted(uint32_t x, uint32_t y, uint32_t c) {
    const uint32_t v[4] = {x, y, x * y, 1000 + y * kWidth + x};
    return v[c];
  }
};

TEST_F(ImageInitDispatch, QueriesStoresAndLoadsThroughInitializedVariables) {
  uint64_t copy = 0;
  Load(kHsail, "&copy", &copy);
  ASSERT_NE(copy, 0u);
  const uint64_t paint = KernelObject("&paint");
  const uint64_t query = KernelObject("&query");
  const uint64_t canvas = CanvasHandle();
  ASSERT_NE(canvas, 0u) << "the loader left &canvas's handle zero";

  uint32_t* out = Buffer<uint32_t>(kWidth * kHeight * 4);
  uint32_t* info = Buffer<uint32_t>(26);
  ASSERT_TRUE(out && info);

  // The runtime's image starts zeroed.
  std::memset(out, 0xee, kWidth * kHeight * 16);
  rows_ = kHeight;
  ASSERT_TRUE(Dispatch(copy, {Ptr(out)}, kWidth, kWidth)) << "copy did not complete";
  for (uint32_t i = 0; i < kWidth * kHeight * 4; ++i) ASSERT_EQ(out[i], 0u) << "word " << i;

  ASSERT_TRUE(Dispatch(paint, {}, kWidth, kWidth)) << "paint did not complete";
  ASSERT_TRUE(Dispatch(copy, {Ptr(out)}, kWidth, kWidth)) << "copy did not complete";
  for (uint32_t y = 0; y < kHeight; ++y) {
    for (uint32_t x = 0; x < kWidth; ++x) {
      for (uint32_t c = 0; c < 4; ++c) {
        ASSERT_EQ(out[(y * kWidth + x) * 4 + c], Painted(x, y, c))
            << "texel (" << x << ", " << y << ") channel " << c;
      }
    }
  }
  // The handle is a live image of the runtime's: its texels come out
  // through the images extension too.
  std::vector<uint32_t> host(kWidth * kHeight * 4, 0xeeeeeeee);
  hsa_ext_image_region_t region{};
  region.range = {kWidth, kHeight, 1};
  ASSERT_EQ(hsa_ext_image_export(gpu_, hsa_ext_image_t{canvas}, host.data(), 0, 0, &region),
            HSA_STATUS_SUCCESS);
  for (uint32_t y = 0; y < kHeight; ++y) {
    for (uint32_t x = 0; x < kWidth; ++x) {
      for (uint32_t c = 0; c < 4; ++c) {
        ASSERT_EQ(host[(y * kWidth + x) * 4 + c], Painted(x, y, c))
            << "exported texel (" << x << ", " << y << ") channel " << c;
      }
    }
  }

  rows_ = 1;
  ASSERT_TRUE(Dispatch(query, {Ptr(info)}, 1, 1)) << "query did not complete";
  // The initializers' values (PRM 7.5: BRIG's numbering, which is the HSA
  // runtime's): &canvas, &ro[0], &ro[1], %buf, then &smp, &smps[0], &smps[1].
  const std::vector<uint32_t> want = {13,
                                      5,
                                      HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA,
                                      HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT32,
                                      7,
                                      6,
                                      3,
                                      HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA,
                                      HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8,
                                      9,
                                      4,
                                      5,
                                      HSA_EXT_IMAGE_CHANNEL_ORDER_R,
                                      HSA_EXT_IMAGE_CHANNEL_TYPE_FLOAT,
                                      100,
                                      HSA_EXT_IMAGE_CHANNEL_ORDER_RG,
                                      HSA_EXT_IMAGE_CHANNEL_TYPE_SIGNED_INT16,
                                      HSA_EXT_SAMPLER_COORDINATE_MODE_NORMALIZED,
                                      HSA_EXT_SAMPLER_FILTER_MODE_LINEAR,
                                      HSA_EXT_SAMPLER_ADDRESSING_MODE_CLAMP_TO_EDGE,
                                      HSA_EXT_SAMPLER_COORDINATE_MODE_UNNORMALIZED,
                                      HSA_EXT_SAMPLER_FILTER_MODE_NEAREST,
                                      HSA_EXT_SAMPLER_ADDRESSING_MODE_CLAMP_TO_BORDER,
                                      HSA_EXT_SAMPLER_COORDINATE_MODE_NORMALIZED,
                                      HSA_EXT_SAMPLER_FILTER_MODE_NEAREST,
                                      HSA_EXT_SAMPLER_ADDRESSING_MODE_MIRRORED_REPEAT};
  for (size_t i = 0; i < want.size(); ++i) EXPECT_EQ(info[i], want[i]) << "answer " << i;

  // The objects belong to the executable: destroying it destroys them, so
  // the handle is no longer an image.
  ASSERT_EQ(hsa_executable_destroy(exe_), HSA_STATUS_SUCCESS);
  exe_.handle = 0;
  EXPECT_EQ(hsa_ext_image_destroy(gpu_, hsa_ext_image_t{canvas}),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

// A code object whose initializer the agent cannot make fails to load with
// the images extension's status, and leaves the executable as it was.
TEST_F(ImageInitDispatch, AnInitializerTheAgentCannotMakeFailsTheLoad) {
  hsa_ext_image_format_t f{HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT24,
                           HSA_EXT_IMAGE_CHANNEL_ORDER_DEPTH};
  uint32_t capability = 1;
  ASSERT_EQ(hsa_ext_image_get_capability(gpu_, HSA_EXT_IMAGE_GEOMETRY_2DDEPTH, &f, &capability),
            HSA_STATUS_SUCCESS);
  ASSERT_EQ(capability, 0u) << "the test needs a format the agent lacks";
  struct Case {
    const char* init;
    hsa_status_t status;
  };
  const Case cases[] = {
      {"roimg(geometry = 2ddepth, width = 4, height = 4, channel_type = unorm_int24, "
       "channel_order = depth)",
       static_cast<hsa_status_t>(HSA_EXT_STATUS_ERROR_IMAGE_FORMAT_UNSUPPORTED)},
      {"roimg(geometry = 2d, width = 16385, height = 4, channel_type = unorm_int8, "
       "channel_order = rgba)",
       static_cast<hsa_status_t>(HSA_EXT_STATUS_ERROR_IMAGE_SIZE_UNSUPPORTED)},
  };
  for (const Case& c : cases) {
    const std::string text =
        std::string("module &m:1:0:$full:$large:$default;\nextension \"IMAGE\";\n") +
        "alloc(agent) global_roimg &ok = roimg(geometry = 1d, width = 4, channel_type = "
        "unorm_int8, channel_order = rgba);\n"
        "alloc(agent) global_roimg &bad = " +
        c.init + ";\nkernel &k()\n{\n\tret;\n};\n";
    hsail::finalizer::Options options;
    code_ = hsail::finalizer::finalize(hsail::parse_hsail(text), options);
    hsa_code_object_reader_t reader{0};
    ASSERT_EQ(hsa_code_object_reader_create_from_memory(code_.data(), code_.size(), &reader),
              HSA_STATUS_SUCCESS);
    hsa_executable_t exe{0};
    ASSERT_EQ(hsa_executable_create_alt(HSA_PROFILE_BASE, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
                                        nullptr, &exe),
              HSA_STATUS_SUCCESS);
    EXPECT_EQ(hsa_executable_load_agent_code_object(exe, gpu_, reader, nullptr, nullptr), c.status)
        << c.init;
    // Nothing of the failed load stays: no kernel symbol.
    hsa_executable_symbol_t k{0};
    EXPECT_EQ(hsa_executable_get_symbol_by_name(exe, "&k", &gpu_, &k),
              HSA_STATUS_ERROR_INVALID_SYMBOL_NAME);
    EXPECT_EQ(hsa_executable_destroy(exe), HSA_STATUS_SUCCESS);
    EXPECT_EQ(hsa_code_object_reader_destroy(reader), HSA_STATUS_SUCCESS);
  }
}

// A handle-initializer note the loader cannot read in full (a version it
// does not know, a record naming no variable) is an invalid code object,
// never a partly filled one.
TEST_F(ImageInitDispatch, AnUnreadableNoteIsAnInvalidCodeObject) {
  const std::string text =
      "module &m:1:0:$full:$large:$default;\nextension \"IMAGE\";\n"
      "readonly_samp &s = samp(coord = normalized, filter = linear, addressing = "
      "clamp_to_edge);\nkernel &k()\n{\n\tret;\n};\n";
  const std::vector<uint8_t> good =
      hsail::finalizer::finalize(hsail::parse_hsail(text), hsail::finalizer::Options{});
  // The descriptor follows the owner name "hsa-gcn" and its NUL.
  const std::string owner("hsa-gcn\0", 8);
  auto it = std::search(good.begin(), good.end(), owner.begin(), owner.end());
  ASSERT_NE(it, good.end());
  const size_t desc = static_cast<size_t>(it - good.begin()) + 8;
  struct Patch {
    size_t at;  // from the descriptor
    uint32_t value;
    hsa_status_t status;
  };
  const Patch patches[] = {
      {0, 1, HSA_STATUS_SUCCESS},                      // as written
      {0, 2, HSA_STATUS_ERROR_INVALID_CODE_OBJECT},    // version 2
      {4, 48, HSA_STATUS_ERROR_INVALID_CODE_OBJECT},   // record size
      {8, 2, HSA_STATUS_ERROR_INVALID_CODE_OBJECT},    // more records than bytes
      {16, 1, HSA_STATUS_ERROR_INVALID_CODE_OBJECT},   // name "s" instead of "&s"
      {16, 99, HSA_STATUS_ERROR_INVALID_CODE_OBJECT},  // name outside the strings
      {20, 3, HSA_STATUS_ERROR_INVALID_CODE_OBJECT},   // kind 3
      {24, 8, HSA_STATUS_ERROR_INVALID_CODE_OBJECT},   // handle past the variable
  };
  for (const Patch& p : patches) {
    std::vector<uint8_t> code = good;
    std::memcpy(code.data() + desc + p.at, &p.value, 4);
    hsa_code_object_reader_t reader{0};
    ASSERT_EQ(hsa_code_object_reader_create_from_memory(code.data(), code.size(), &reader),
              HSA_STATUS_SUCCESS);
    hsa_executable_t exe{0};
    ASSERT_EQ(hsa_executable_create_alt(HSA_PROFILE_BASE, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
                                        nullptr, &exe),
              HSA_STATUS_SUCCESS);
    EXPECT_EQ(hsa_executable_load_agent_code_object(exe, gpu_, reader, nullptr, nullptr), p.status)
        << "word at " << p.at << " = " << p.value;
    EXPECT_EQ(hsa_executable_destroy(exe), HSA_STATUS_SUCCESS);
    EXPECT_EQ(hsa_code_object_reader_destroy(reader), HSA_STATUS_SUCCESS);
  }
}

}  // namespace
}  // namespace finalizer_test
