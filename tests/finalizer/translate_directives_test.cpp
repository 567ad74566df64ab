// Variable initializers (PRM 4.10) and control directives (PRM 13.5).
// Initial values are read back on the emulated gfx900 and compared with the
// literals (as the host stores them) and with gccbrig's native run of the
// same BRIG; directives are checked in the code object's metadata as
// llvm-readelf prints it, and by dispatching the kernel.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "finalized_gpu.h"
#include "native_hsail_runner.h"
#include "translate_test_util.h"

namespace {

// Module- and kernel-scope global and readonly variables of many types,
// copied byte for byte to out (96 bytes; see Expected()).
const char kInit[] = R"(module &initmod:1:0:$full:$large:$default;
global_u32 &g[4] = u32[](1, 2, 3, 4000000000);
readonly_f32 &rf = 1.5f;
readonly_f16 &rh = -0.5h;
global_f64 &gd = 0d4002000000000000;  // 2.25
global_f32 &fa[3] = f32[](0.5f, -2.0f, 3.0e10f);
global_s8 &sb[5] = s8[](-1, 2, -3, 4, -128);
global_u64 &big = 0x123456789abcdef0;
global_s16 &sh[3] = s16[](-2, 300, -32768);
global_u32 &plain[2];
kernel &init(kernarg_u64 %out)
{
	global_u64 %loc[2] = u64[](7, 0xfedcba9876543210);
	readonly_f64 %ro = 0dBFF4000000000000;  // -1.25
	ld_kernarg_u64 $d0, [%out];
	ld_global_u32 $s0, [&g];
	st_global_u32 $s0, [$d0];
	ld_global_u32 $s0, [&g][4];
	st_global_u32 $s0, [$d0+4];
	ld_global_u32 $s0, [&g][8];
	st_global_u32 $s0, [$d0+8];
	ld_global_u32 $s0, [&g][12];
	st_global_u32 $s0, [$d0+12];
	ld_readonly_f32 $s0, [&rf];
	st_global_f32 $s0, [$d0+16];
	ld_readonly_f16 $s0, [&rh];
	st_global_f16 $s0, [$d0+20];
	ld_global_f64 $d1, [&gd];
	st_global_f64 $d1, [$d0+24];
	ld_global_f32 $s0, [&fa];
	st_global_f32 $s0, [$d0+32];
	ld_global_f32 $s0, [&fa][4];
	st_global_f32 $s0, [$d0+36];
	ld_global_f32 $s0, [&fa][8];
	st_global_f32 $s0, [$d0+40];
	ld_global_s8 $s0, [&sb];
	st_global_s8 $s0, [$d0+44];
	ld_global_s8 $s0, [&sb][1];
	st_global_s8 $s0, [$d0+45];
	ld_global_s8 $s0, [&sb][2];
	st_global_s8 $s0, [$d0+46];
	ld_global_s8 $s0, [&sb][3];
	st_global_s8 $s0, [$d0+47];
	ld_global_s8 $s0, [&sb][4];
	st_global_s8 $s0, [$d0+48];
	ld_global_u64 $d1, [&big];
	st_global_u64 $d1, [$d0+56];
	ld_global_s16 $s0, [&sh];
	st_global_s16 $s0, [$d0+64];
	ld_global_s16 $s0, [&sh][2];
	st_global_s16 $s0, [$d0+66];
	ld_global_s16 $s0, [&sh][4];
	st_global_s16 $s0, [$d0+68];
	ld_global_u32 $s0, [&plain][4];
	st_global_u32 $s0, [$d0+72];
	ld_global_u64 $d1, [%loc];
	st_global_u64 $d1, [$d0+80];
	ld_global_u64 $d1, [%loc][8];
	st_global_u64 $d1, [$d0+88];
	ld_readonly_f64 $d1, [%ro];
	st_global_f64 $d1, [$d0+96];
	ret;
};
)";
constexpr size_t kInitBytes = 104;

template <class T>
void Put(std::vector<uint8_t>* v, size_t at, T x) {
  std::memcpy(v->data() + at, &x, sizeof x);
}

// The literals as the host stores them; 0xAA where nothing is written.
std::vector<uint8_t> Expected() {
  std::vector<uint8_t> e(kInitBytes, 0xAA);
  const uint32_t g[4] = {1, 2, 3, 4000000000u};
  for (int i = 0; i < 4; ++i) Put(&e, 4 * i, g[i]);
  Put(&e, 16, 1.5f);
  Put(&e, 20, uint16_t{0xB800});  // -0.5 in binary16
  Put(&e, 24, 2.25);
  Put(&e, 32, 0.5f);
  Put(&e, 36, -2.0f);
  Put(&e, 40, 3.0e10f);
  const int8_t sb[5] = {-1, 2, -3, 4, -128};
  std::memcpy(e.data() + 44, sb, 5);
  Put(&e, 56, uint64_t{0x123456789abcdef0});
  Put(&e, 64, int16_t{-2});
  Put(&e, 66, int16_t{300});
  Put(&e, 68, int16_t{-32768});
  Put(&e, 72, uint32_t{0});  // no initializer: zero
  Put(&e, 80, uint64_t{7});
  Put(&e, 88, uint64_t{0xfedcba9876543210});
  Put(&e, 96, -1.25);
  return e;
}

class FinalizedDirectives : public finalizer_test::FinalizedGpu {
 protected:
  // What llvm-readelf --notes prints for the code object Load() made.
  std::string Notes() {
    char path[] = "/tmp/finalizer_notes_XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) return "";
    std::FILE* f = fdopen(fd, "wb");
    std::fwrite(code_.data(), 1, code_.size(), f);
    std::fclose(f);
    std::string cmd = std::string("llvm-readelf-14 --notes ") + path + " 2>&1";
    std::string text;
    if (std::FILE* p = popen(cmd.c_str(), "r")) {
      char buf[4096];
      size_t got;
      while ((got = std::fread(buf, 1, sizeof buf, p)) > 0) text.append(buf, got);
      pclose(p);
    }
    std::remove(path);
    return text;
  }
};

TEST_F(FinalizedDirectives, InitializersMatchTheLiteralsAndGccbrig) {
  uint64_t object = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kInit, "&init", &object));
  uint8_t* out = Buffer<uint8_t>(kInitBytes);
  ASSERT_NE(out, nullptr);
  std::memset(out, 0xAA, kInitBytes);
  ASSERT_TRUE(Dispatch(object, {Ptr(out)}, 1, 1)) << "the dispatch did not complete";
  const std::vector<uint8_t> expected = Expected();
  for (size_t i = 0; i < kInitBytes; ++i) EXPECT_EQ(out[i], expected[i]) << "byte " << i;

  ASSERT_FALSE(native_hsail::gccbrig_path().empty()) << "gccbrig-11 is not installed";
  native_hsail::NativeModule native(hsail::parse_hsail(kInit).to_brig());
  std::vector<uint8_t> host(kInitBytes, 0xAA);
  std::vector<uint8_t> args(8);
  Put(&args, 0, Ptr(host.data()));
  native.dispatch("&initmod", "&init", args, native_hsail::NativeDispatch{});
  for (size_t i = 0; i < kInitBytes; ++i) EXPECT_EQ(host[i], out[i]) << "byte " << i;
}

// requiredworkgroupsize fixes the work-group size the backend plans for
// and reports; the kernel still runs with it.
const char kRequired[] = R"(module &reqmod:1:0:$full:$large:$default;
kernel &req(kernarg_u64 %out)
{
	requiredworkgroupsize 64, 1, 1;
	maxflatworkgroupsize 256;
	requireddim 1;
	requirenopartialworkgroups;
	maxdynamicgroupsize 0;
	enabledetectexceptions 0;
	ld_kernarg_u64 $d0, [%out];
	workitemabsid_u32 $s0, 0;
	workgroupsize_u32 $s1, 0;
	cvt_u64_u32 $d1, $s0;
	shl_u64 $d1, $d1, 2;
	add_u64 $d0, $d0, $d1;
	st_global_u32 $s1, [$d0];
	ret;
};
)";

const char kMaxFlat[] = R"(module &maxmod:1:0:$full:$large:$default;
kernel &maxflat(kernarg_u64 %out)
{
	maxflatworkgroupsize 128;
	ret;
};
)";

TEST_F(FinalizedDirectives, RequiredWorkGroupSizeReachesTheMetadata) {
  uint64_t object = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kRequired, "&req", &object));
  const std::string notes = Notes();
  EXPECT_NE(notes.find(".reqd_workgroup_size:"), std::string::npos) << notes;
  EXPECT_NE(notes.find("- 64\n      - 1\n      - 1"), std::string::npos) << notes;
  EXPECT_NE(notes.find(".max_flat_workgroup_size: 64"), std::string::npos) << notes;
  uint32_t* out = Buffer<uint32_t>(256);
  ASSERT_NE(out, nullptr);
  ASSERT_TRUE(Dispatch(object, {Ptr(out)}, 256, 64)) << "the dispatch did not complete";
  for (int i = 0; i < 256; ++i) EXPECT_EQ(out[i], 64u) << i;
}

TEST_F(FinalizedDirectives, MaxFlatWorkGroupSizeReachesTheMetadata) {
  uint64_t object = 0;
  ASSERT_NO_FATAL_FAILURE(Load(kMaxFlat, "&maxflat", &object));
  const std::string notes = Notes();
  EXPECT_NE(notes.find(".max_flat_workgroup_size: 128"), std::string::npos) << notes;
  EXPECT_EQ(notes.find(".reqd_workgroup_size:"), std::string::npos) << notes;
}

// Sizes the directives fix become constants in the queries: with them
// every query below folds; without them none does (they read the packet).
const char kFixedSizes[] = R"(module &fixmod:1:0:$full:$large:$default;
kernel &fixed(kernarg_u64 %out)
{
	requiredworkgroupsize 64, 2, 1;
	requiredgridsize 256, 4, 1;
	requireddim 2;
	requirenopartialworkgroups;
	ld_kernarg_u64 $d0, [%out];
	workgroupsize_u32 $s0, 0;
	st_global_u32 $s0, [$d0];
	workgroupsize_u32 $s0, 1;
	st_global_u32 $s0, [$d0+4];
	gridsize_u32 $s0, 0;
	st_global_u32 $s0, [$d0+8];
	gridsize_u32 $s0, 1;
	st_global_u32 $s0, [$d0+12];
	dim_u32 $s0;
	st_global_u32 $s0, [$d0+16];
	currentworkgroupsize_u32 $s0, 0;
	st_global_u32 $s0, [$d0+20];
	currentworkgroupsize_u32 $s0, 1;
	st_global_u32 $s0, [$d0+24];
	gridgroups_u32 $s0, 0;
	st_global_u32 $s0, [$d0+28];
	ret;
};
)";

TEST(FinalizerDirectiveQueries, FixedSizesFoldToTheirValues) {
  const uint64_t expected[] = {64, 2, 256, 4, 2, 64, 2, 4};
  llvm::LLVMContext context;
  auto m = finalizer_test::translate_text(context, kFixedSizes);
  std::vector<finalizer_test::Stored> got = finalizer_test::stored_values(*m, "&fixed");
  ASSERT_EQ(got.size(), 8u);
  for (size_t i = 0; i < 8; ++i) {
    EXPECT_TRUE(got[i].constant) << i;
    EXPECT_EQ(got[i].value, expected[i]) << i;
  }
  // The same queries without the directives read the dispatch packet.
  std::string plain(kFixedSizes);
  for (const char* d : {"\trequiredworkgroupsize 64, 2, 1;\n", "\trequiredgridsize 256, 4, 1;\n",
                        "\trequireddim 2;\n", "\trequirenopartialworkgroups;\n"}) {
    plain.erase(plain.find(d), std::string(d).size());
  }
  auto m2 = finalizer_test::translate_text(context, plain);
  for (const finalizer_test::Stored& s : finalizer_test::stored_values(*m2, "&fixed")) {
    EXPECT_FALSE(s.constant);
  }
}

// What the finalizer refuses, and why.
std::string RefusalOf(const std::string& body) {
  std::string text = "module &e:1:0:$full:$large:$default;\nkernel &k()\n{\n" + body + "\n};\n";
  try {
    hsail::Module brig = hsail::parse_hsail(text);
    hsail::validate(brig);
    hsail::finalizer::finalize(brig, hsail::finalizer::Options{});
  } catch (const hsail::finalizer::FinalizeError& e) {
    return e.what();
  }
  return "";
}

TEST(FinalizerDirectiveErrors, ExceptionPoliciesTheAgentLacksAreRefused) {
  EXPECT_NE(RefusalOf("enablebreakexceptions 1;\nret;").find("BREAK policy"), std::string::npos);
  EXPECT_NE(RefusalOf("enabledetectexceptions 16;\nret;").find("DETECT policy"), std::string::npos);
  EXPECT_EQ(RefusalOf("enablebreakexceptions 0;\nret;"), "");
  EXPECT_NE(RefusalOf("requiredworkgroupsize 64, 32, 1;\nret;")
                .find("not supported yet: work-groups of more than 1024 work-items (PRM 13.5)"),
            std::string::npos);
}

}  // namespace
