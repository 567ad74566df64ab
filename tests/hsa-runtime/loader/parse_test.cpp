// Parse checks against the kernels' source (argument counts and sizes)
// and against llvm-readelf-14's reading of the same code objects.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <sstream>

#include "code_object.h"
#include "test_files.h"

namespace hsart::loader::test {
namespace {

struct SourceKernel {
  const char* name;
  std::vector<uint64_t> arg_sizes;  // from loader_kernels.cl
};
const SourceKernel kSourceKernels[] = {
    {"scale_add", {8, 8, 4, 2}},  // int*, const int*, int, short
    {"lookup", {8, 8}},
    {"indirect", {8}},
    {"use_extern", {8}},
};

class ParseTest : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override {
    path_ = KernelPath(GetParam());
    std::vector<uint8_t> bytes = ReadFile(path_);
    ASSERT_FALSE(bytes.empty()) << path_;
    ASSERT_TRUE(Parse(bytes.data(), bytes.size(), &co_, &error_)) << error_;
  }
  std::string path_;
  CodeObject co_;
  std::string error_;
};

TEST_P(ParseTest, VersionAndIsa) {
  const std::string v = GetParam();
  // e_ident[EI_ABIVERSION] 0/1/2 and the target ID syntax of each version:
  // clang-14 defaults gfx900 to xnack on (v2/v3 bit) or "any" (v4).
  const std::map<std::string, std::pair<unsigned, std::string>> expected = {
      {"v2", {2, "amdgcn-amd-amdhsa--gfx900+xnack"}},
      {"v3", {3, "amdgcn-amd-amdhsa--gfx900+xnack"}},
      {"v4", {4, "amdgcn-amd-amdhsa--gfx900"}},
      {"v4_noxnack", {4, "amdgcn-amd-amdhsa--gfx900:xnack-"}},
  };
  EXPECT_EQ(co_.version, expected.at(v).first);
  EXPECT_EQ(co_.isa_name, expected.at(v).second);
  EXPECT_EQ(co_.mach, 0x2cu);
  EXPECT_EQ(co_.processor, "gfx900");
  const std::map<std::string, Feature> xnack = {
      {"v2", Feature::On}, {"v3", Feature::On}, {"v4", Feature::Any}, {"v4_noxnack", Feature::Off}};
  EXPECT_EQ(co_.xnack, xnack.at(v));
  EXPECT_EQ(co_.sramecc, co_.version >= 4 ? Feature::Unsupported : Feature::Off);
}

TEST_P(ParseTest, KernelsMatchSourceAndReadelf) {
  const auto oracle = OracleKernels(path_);
  const auto syms = OracleSymbols(path_);
  ASSERT_EQ(oracle.size(), 4u) << "oracle failed to read " << path_;
  ASSERT_EQ(co_.kernels.size(), 4u);
  for (const SourceKernel& src : kSourceKernels) {
    SCOPED_TRACE(src.name);
    const Kernel* k = co_.find_kernel(src.name);
    ASSERT_NE(k, nullptr);
    const OracleKernel& o = oracle.at(src.name);
    const bool v2 = co_.version == 2;
    EXPECT_EQ(k->symbol, v2 ? std::string(src.name) : std::string(src.name) + ".kd");
    EXPECT_EQ(k->descriptor_offset, syms.at(k->symbol));
    EXPECT_EQ(k->descriptor_offset % 64, 0u);
    EXPECT_EQ(k->kernarg_segment_size, o.kernarg_size);
    if (v2) {
      // amd_kernel_code_t's log2 field says 16 (LLVM's v2 minimum), more
      // than the YAML's natural alignment; the runtime must honour it.
      EXPECT_EQ(k->kernarg_segment_align, 16u);
      EXPECT_GE(k->kernarg_segment_align, o.kernarg_align);
    } else {
      EXPECT_EQ(k->kernarg_segment_align, o.kernarg_align);
    }
    EXPECT_EQ(k->group_segment_fixed_size, o.group);
    EXPECT_EQ(k->private_segment_fixed_size, o.priv);
    EXPECT_EQ(k->wavefront_size, 64u);
    EXPECT_FALSE(k->dynamic_callstack);
    // The explicit arguments are packed at natural alignment, so the
    // kernarg block covers at least their total.
    uint64_t end = 0;
    for (uint64_t s : src.arg_sizes) end = (end + s - 1) / s * s + s;
    EXPECT_GE(k->kernarg_segment_size, end);
    EXPECT_EQ(o.arg_sizes, src.arg_sizes);
    EXPECT_EQ(k->sgpr_count, o.sgprs);
    EXPECT_EQ(k->vgpr_count, o.vgprs);
    ASSERT_EQ(k->args.size(), src.arg_sizes.size());
    uint64_t at = 0;
    for (size_t i = 0; i < k->args.size(); ++i) {
      const uint64_t size = src.arg_sizes[i];
      at = (at + size - 1) / size * size;  // natural alignment
      EXPECT_EQ(k->args[i].size, size) << i;
      EXPECT_EQ(k->args[i].offset, at) << i;
      if (!v2) {
        EXPECT_EQ(k->args[i].offset, o.arg_offsets[i]) << i;
      }
      at += size;
    }
    EXPECT_EQ(k->args[0].value_kind, "global_buffer");
  }
}

TEST_P(ParseTest, Variables) {
  const auto syms = OracleSymbols(path_);
  struct Expect {
    const char* name;
    uint64_t size;
    bool readonly;
  };
  // table is __constant (.rodata); counter and counter_ptr are __global.
  for (const Expect& e :
       {Expect{"table", 32, true}, Expect{"counter", 4, false}, Expect{"counter_ptr", 8, false}}) {
    SCOPED_TRACE(e.name);
    const Variable* v = co_.find_variable(e.name);
    ASSERT_NE(v, nullptr);
    EXPECT_TRUE(v->defined);
    EXPECT_EQ(v->size, e.size);
    EXPECT_EQ(v->readonly, e.readonly);
    EXPECT_EQ(v->offset, syms.at(e.name));
    EXPECT_EQ(v->binding, Binding::Local);  // hidden program-scope data
  }
  const Variable* ext = co_.find_variable("app_var");
  ASSERT_NE(ext, nullptr);
  EXPECT_FALSE(ext->defined);
  EXPECT_EQ(ext->binding, Binding::Global);
  EXPECT_EQ(co_.find_variable("scale_add.kd"), nullptr);
}

TEST_P(ParseTest, ImageCoversSegments) {
  EXPECT_GE(co_.image_align, 4096u);
  EXPECT_EQ(co_.image_size % 4096, 0u);
  ASSERT_FALSE(co_.segments.empty());
  for (const Segment& s : co_.segments) EXPECT_LE(s.image_offset + s.mem_size, co_.image_size);
  // rows[2] and counter_ptr need RELATIVE64; app_var's GOT slot ABS64.
  size_t relative = 0, abs64 = 0;
  for (const Relocation& r : co_.relocations) {
    relative += r.type == 13;
    abs64 += r.type == 3 && r.symbol == "app_var" && !r.symbol_defined;
  }
  EXPECT_EQ(relative, 3u);
  EXPECT_EQ(abs64, 1u);
}

INSTANTIATE_TEST_SUITE_P(Versions, ParseTest, ::testing::Values("v2", "v3", "v4", "v4_noxnack"));

class ParseErrors : public ::testing::Test {
 protected:
  void SetUp() override { bytes_ = ReadFile(KernelPath("v4")); }
  bool parse() { return Parse(bytes_.data(), bytes_.size(), &co_, &error_); }
  std::vector<uint8_t> bytes_;
  CodeObject co_;
  std::string error_;
};

TEST_F(ParseErrors, WrongMachine) {
  bytes_[18] = 62;  // EM_X86_64
  EXPECT_FALSE(parse());
  EXPECT_NE(error_.find("EM_AMDGPU"), std::string::npos) << error_;
}

TEST_F(ParseErrors, UnsupportedVersion) {
  bytes_[8] = 3;  // code object v5
  EXPECT_FALSE(parse());
  EXPECT_NE(error_.find("unsupported code object version"), std::string::npos) << error_;
}

TEST_F(ParseErrors, NotElf) {
  bytes_[1] = 'X';
  EXPECT_FALSE(parse());
  EXPECT_NE(error_.find("not an ELF"), std::string::npos) << error_;
}

TEST_F(ParseErrors, TruncatedSegment) {
  // Cut inside the text segment: its file range no longer fits.
  bytes_.resize(0x900 + 16);
  EXPECT_FALSE(parse());
  EXPECT_NE(error_.find("outside the file"), std::string::npos) << error_;
}

TEST_F(ParseErrors, EmptyInput) {
  EXPECT_FALSE(Parse(nullptr, 0, &co_, &error_));
  EXPECT_NE(error_.find("ELF header"), std::string::npos) << error_;
}

TEST_F(ParseErrors, BadMetadataNote) {
  // Find the msgpack blob ("amdhsa." key) and corrupt its first type byte
  // into a reserved one.
  const std::string key = "amdhsa.";
  auto it = std::search(bytes_.begin(), bytes_.end(), key.begin(), key.end());
  ASSERT_NE(it, bytes_.end());
  size_t at = static_cast<size_t>(it - bytes_.begin());
  // The root map header precedes the first key's string header.
  ASSERT_GE(at, 2u);
  bytes_[at - 2] = 0xc1;  // never used
  EXPECT_FALSE(parse());
  EXPECT_NE(error_.find("NT_AMDGPU_METADATA"), std::string::npos) << error_;
}

TEST_F(ParseErrors, KernelEntryOutsideImage) {
  ASSERT_TRUE(parse()) << error_;
  const Kernel* k = co_.find_kernel("scale_add");
  ASSERT_NE(k, nullptr);
  // The descriptors sit in the first PT_LOAD, whose file offsets equal
  // its image offsets.
  ASSERT_EQ(co_.segments[0].file_offset, 0u);
  ASSERT_EQ(co_.segments[0].image_offset, 0u);
  const int64_t far = int64_t{1} << 40;
  std::memcpy(&bytes_[k->descriptor_offset + 16], &far, 8);  // kernel_code_entry_byte_offset
  EXPECT_FALSE(parse());
  EXPECT_NE(error_.find("scale_add"), std::string::npos) << error_;
  EXPECT_NE(error_.find("code entry"), std::string::npos) << error_;
}

// File offset of .rela.dyn, from llvm-readelf's section list.
uint64_t RelaDynOffset(const std::string& path) {
  std::istringstream in(Readelf("-S", path));
  std::string line;
  while (std::getline(in, line)) {
    if (line.find(".rela.dyn") == std::string::npos) continue;
    std::istringstream f(line.substr(line.find(".rela.dyn")));
    std::string name, type, addr, off;
    f >> name >> type >> addr >> off;
    return std::strtoull(off.c_str(), nullptr, 16);
  }
  return 0;
}

TEST_F(ParseErrors, BadRelocationType) {
  const uint64_t rela = RelaDynOffset(KernelPath("v4"));
  ASSERT_NE(rela, 0u);
  bytes_[rela + 8] = 99;  // r_info's type byte of the first entry
  EXPECT_FALSE(parse());
  EXPECT_NE(error_.find("relocation section"), std::string::npos) << error_;
  EXPECT_NE(error_.find("unsupported relocation type 99"), std::string::npos) << error_;
}

TEST_F(ParseErrors, RelocationOutsideImage) {
  const uint64_t rela = RelaDynOffset(KernelPath("v4"));
  ASSERT_NE(rela, 0u);
  const uint64_t far = 0xfffff000;
  std::memcpy(&bytes_[rela], &far, 8);  // r_offset
  EXPECT_FALSE(parse());
  EXPECT_NE(error_.find("outside the image"), std::string::npos) << error_;
}

}  // namespace
}  // namespace hsart::loader::test
