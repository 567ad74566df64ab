// Symbols of a loaded code object and their attributes, for every code
// object version, checked against llvm-readelf-14's view of the same file
// and against the values the source gives the variables.
#include <algorithm>
#include <cstring>
#include <set>

#include "exe_fixture.h"

namespace {

using exe_test::KernelPath;

class ApiExecutableSymbolTest : public ApiExecutableTest,
                                public ::testing::WithParamInterface<const char*> {
 protected:
  void SetUp() override {
    ApiExecutableTest::SetUp();
    path_ = KernelPath("exe_kernels", GetParam());
    exe_ = NewExecutable();
    ASSERT_EQ(LoadFile(exe_, "exe_kernels", GetParam()), HSA_STATUS_SUCCESS);
    syms_ = exe_test::OracleSymbols(path_);
    kernels_ = exe_test::OracleKernels(path_);
    ASSERT_EQ(kernels_.size(), 2u) << "vector_add and scaled_add in the notes";
  }
  bool V2() const { return std::string(GetParam()) == "v2"; }
  // The descriptor symbol clang gives a kernel.
  std::string Descriptor(const std::string& kernel) const { return V2() ? kernel : kernel + ".kd"; }

  std::string path_;
  hsa_executable_t exe_{0};
  std::map<std::string, exe_test::OracleSymbol> syms_;
  std::map<std::string, exe_test::OracleKernel> kernels_;
};

TEST_P(ApiExecutableSymbolTest, KernelsAreFoundByNameAndDescriptorName) {
  for (const char* k : {"vector_add", "scaled_add"}) {
    const hsa_executable_symbol_t by_name = Symbol(exe_, k);
    const hsa_executable_symbol_t by_kd = Symbol(exe_, Descriptor(k).c_str());
    EXPECT_EQ(by_name.handle, by_kd.handle);
    EXPECT_EQ(Name(by_name), Descriptor(k));
    ASSERT_TRUE(syms_.count(Name(by_name))) << "readelf knows " << Name(by_name);
  }
  hsa_executable_symbol_t s{0};
  EXPECT_EQ(hsa_executable_get_symbol_by_name(exe_, "no_such_kernel", &gpu_, &s),
            HSA_STATUS_ERROR_INVALID_SYMBOL_NAME);
  // Agent symbols are not program symbols.
  EXPECT_EQ(hsa_executable_get_symbol_by_name(exe_, "vector_add", nullptr, &s),
            HSA_STATUS_ERROR_INVALID_SYMBOL_NAME);
  EXPECT_EQ(hsa_executable_get_symbol_by_name(exe_, "vector_add", &cpu_, &s),
            HSA_STATUS_ERROR_INVALID_SYMBOL_NAME);
  EXPECT_EQ(hsa_executable_get_symbol_by_name(exe_, nullptr, &gpu_, &s),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_executable_get_symbol_by_name(exe_, "vector_add", &gpu_, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  const hsa_agent_t bogus{4242};
  EXPECT_EQ(hsa_executable_get_symbol_by_name(exe_, "vector_add", &bogus, &s),
            HSA_STATUS_ERROR_INVALID_AGENT);
}

TEST_P(ApiExecutableSymbolTest, KernelAttributesMatchTheMetadata) {
  for (const char* k : {"vector_add", "scaled_add"}) {
    SCOPED_TRACE(k);
    const hsa_executable_symbol_t s = Symbol(exe_, k);
    const exe_test::OracleKernel& o = kernels_.at(k);
    EXPECT_EQ(Info<hsa_symbol_kind_t>(s, HSA_EXECUTABLE_SYMBOL_INFO_TYPE), HSA_SYMBOL_KIND_KERNEL);
    EXPECT_EQ(Info<uint32_t>(s, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE),
              o.kernarg_size);
    const uint32_t align =
        Info<uint32_t>(s, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_ALIGNMENT);
    if (V2()) {
      // v2 takes it from the amd_kernel_code_t the CP reads (log2 at byte
      // 100), as ROCr does; it is at least the metadata's alignment.
      const uint64_t object = Info<uint64_t>(s, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT);
      uint8_t log2 = 0;
      std::memcpy(&log2, reinterpret_cast<const uint8_t*>(object) + 100, 1);
      EXPECT_EQ(align, 1u << log2);
      EXPECT_GE(align, o.kernarg_align);
    } else {
      EXPECT_EQ(align, o.kernarg_align);
    }
    EXPECT_EQ(Info<uint32_t>(s, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE), o.group);
    EXPECT_EQ(Info<uint32_t>(s, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE), o.priv);
    EXPECT_FALSE(Info<bool>(s, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_DYNAMIC_CALLSTACK));
    EXPECT_EQ(Info<uint32_t>(s, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_CALL_CONVENTION), 0u);
    EXPECT_EQ(Info<hsa_agent_t>(s, HSA_EXECUTABLE_SYMBOL_INFO_AGENT).handle, gpu_.handle);
    EXPECT_EQ(Info<hsa_symbol_linkage_t>(s, HSA_EXECUTABLE_SYMBOL_INFO_LINKAGE),
              HSA_SYMBOL_LINKAGE_PROGRAM);
    EXPECT_TRUE(Info<bool>(s, HSA_EXECUTABLE_SYMBOL_INFO_IS_DEFINITION));
    EXPECT_EQ(Info<uint32_t>(s, HSA_EXECUTABLE_SYMBOL_INFO_MODULE_NAME_LENGTH), 0u);
    char module = 'x';
    EXPECT_EQ(hsa_executable_symbol_get_info(s, HSA_EXECUTABLE_SYMBOL_INFO_MODULE_NAME, &module),
              HSA_STATUS_SUCCESS);
    // Variable and indirect-function attributes do not apply to kernels.
    uint64_t v = 0;
    for (auto a :
         {HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SIZE,
          HSA_EXECUTABLE_SYMBOL_INFO_INDIRECT_FUNCTION_OBJECT,
          HSA_EXECUTABLE_SYMBOL_INFO_INDIRECT_FUNCTION_CALL_CONVENTION}) {
      EXPECT_EQ(hsa_executable_symbol_get_info(s, a, &v), HSA_STATUS_ERROR_INVALID_ARGUMENT) << a;
    }
  }
}

// The image keeps the file's layout: the distances between a kernel's
// descriptor and the variables are the distances between their symbol
// values, and the variables hold what the source initialized them to.
TEST_P(ApiExecutableSymbolTest, AddressesFollowTheFileLayout) {
  const hsa_executable_symbol_t va = Symbol(exe_, "vector_add");
  const hsa_executable_symbol_t sa = Symbol(exe_, "scaled_add");
  const hsa_executable_symbol_t bias = Symbol(exe_, "bias");
  const hsa_executable_symbol_t scale = Symbol(exe_, "scale");
  const uint64_t va_obj = Info<uint64_t>(va, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT);
  const uint64_t sa_obj = Info<uint64_t>(sa, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT);
  const uint64_t bias_at = Info<uint64_t>(bias, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS);
  const uint64_t scale_at = Info<uint64_t>(scale, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS);
  ASSERT_NE(va_obj, 0u);
  EXPECT_EQ(va_obj % 64, 0u) << "kernel descriptors are 64-byte aligned";
  const uint64_t va_file = syms_.at(Descriptor("vector_add")).value;
  EXPECT_EQ(sa_obj - va_obj, syms_.at(Descriptor("scaled_add")).value - va_file);
  EXPECT_EQ(bias_at - va_obj, syms_.at("bias").value - va_file);
  EXPECT_EQ(scale_at - va_obj, syms_.at("scale").value - va_file);
  int b[4];
  std::memcpy(b, reinterpret_cast<const void*>(bias_at), sizeof b);
  EXPECT_EQ(b[0], 10);
  EXPECT_EQ(b[3], 40);
  int64_t sc = 0;
  std::memcpy(&sc, reinterpret_cast<const void*>(scale_at), sizeof sc);
  EXPECT_EQ(sc, 3);
}

TEST_P(ApiExecutableSymbolTest, VariableAttributesMatchTheSymbolTable) {
  struct Expect {
    const char* name;
    hsa_variable_segment_t segment;
    bool is_const;
  };
  for (const Expect& x : {Expect{"bias", HSA_VARIABLE_SEGMENT_READONLY, true},
                          Expect{"scale", HSA_VARIABLE_SEGMENT_GLOBAL, false}}) {
    SCOPED_TRACE(x.name);
    const hsa_executable_symbol_t s = Symbol(exe_, x.name);
    EXPECT_EQ(Name(s), x.name);
    EXPECT_EQ(Info<hsa_symbol_kind_t>(s, HSA_EXECUTABLE_SYMBOL_INFO_TYPE),
              HSA_SYMBOL_KIND_VARIABLE);
    EXPECT_EQ(Info<uint32_t>(s, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SIZE), syms_.at(x.name).size);
    EXPECT_EQ(Info<hsa_variable_allocation_t>(s, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ALLOCATION),
              HSA_VARIABLE_ALLOCATION_AGENT);
    EXPECT_EQ(Info<hsa_variable_segment_t>(s, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SEGMENT),
              x.segment);
    EXPECT_EQ(Info<bool>(s, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_IS_CONST), x.is_const);
    const uint32_t align = Info<uint32_t>(s, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ALIGNMENT);
    const uint64_t at = Info<uint64_t>(s, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS);
    EXPECT_GE(align, 4u);  // int and long elements
    EXPECT_EQ(align & (align - 1), 0u) << "a power of two";
    EXPECT_EQ(at % align, 0u);
    EXPECT_EQ(Info<hsa_agent_t>(s, HSA_EXECUTABLE_SYMBOL_INFO_AGENT).handle, gpu_.handle);
    uint64_t v = 0;
    EXPECT_EQ(hsa_executable_symbol_get_info(s, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &v),
              HSA_STATUS_ERROR_INVALID_ARGUMENT);
  }
}

// The symbols iteration shows are the file's global kernels (descriptor
// symbols) and global objects, as llvm-readelf lists them.
TEST_P(ApiExecutableSymbolTest, IterationShowsTheGlobalSymbols) {
  std::set<std::string> expected;
  for (const auto& [name, o] : syms_) {
    if (o.bind != "GLOBAL" || !o.defined) continue;
    if (o.type == "OBJECT" || o.type == "AMDGPU_HSA_KERNEL") expected.insert(name);
  }
  ASSERT_EQ(expected.size(), 4u) << "two kernels, bias and scale";
  std::set<std::string> agent_seen, all_seen;
  ASSERT_EQ(hsa_executable_iterate_agent_symbols(
                exe_, gpu_,
                [](hsa_executable_t, hsa_agent_t, hsa_executable_symbol_t s, void* data) {
                  static_cast<std::set<std::string>*>(data)->insert(exe_test::SymbolName(s));
                  return HSA_STATUS_SUCCESS;
                },
                &agent_seen),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(agent_seen, expected);
  ASSERT_EQ(hsa_executable_iterate_symbols(
                exe_,
                [](hsa_executable_t, hsa_executable_symbol_t s, void* data) {
                  static_cast<std::set<std::string>*>(data)->insert(exe_test::SymbolName(s));
                  return HSA_STATUS_SUCCESS;
                },
                &all_seen),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(all_seen, expected);
  int program_count = 0;
  ASSERT_EQ(hsa_executable_iterate_program_symbols(
                exe_,
                [](hsa_executable_t, hsa_executable_symbol_t, void* data) {
                  ++*static_cast<int*>(data);
                  return HSA_STATUS_SUCCESS;
                },
                &program_count),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(program_count, 0) << "a code object has no program allocation";
  int cpu_count = 0;
  ASSERT_EQ(hsa_executable_iterate_agent_symbols(
                exe_, cpu_,
                [](hsa_executable_t, hsa_agent_t, hsa_executable_symbol_t, void* data) {
                  ++*static_cast<int*>(data);
                  return HSA_STATUS_SUCCESS;
                },
                &cpu_count),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(cpu_count, 0);
}

TEST_P(ApiExecutableSymbolTest, IterationStopsWhenTheCallbackSaysSo) {
  int calls = 0;
  EXPECT_EQ(hsa_executable_iterate_symbols(
                exe_,
                [](hsa_executable_t, hsa_executable_symbol_t, void* data) {
                  ++*static_cast<int*>(data);
                  return HSA_STATUS_INFO_BREAK;
                },
                &calls),
            HSA_STATUS_INFO_BREAK);
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(hsa_executable_iterate_symbols(exe_, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_executable_iterate_agent_symbols(exe_, gpu_, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_executable_iterate_program_symbols(exe_, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  auto agent_cb = [](hsa_executable_t, hsa_agent_t, hsa_executable_symbol_t, void*) {
    return HSA_STATUS_SUCCESS;
  };
  EXPECT_EQ(hsa_executable_iterate_agent_symbols(exe_, hsa_agent_t{99}, agent_cb, nullptr),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_executable_iterate_agent_symbols(hsa_executable_t{3}, gpu_, agent_cb, nullptr),
            HSA_STATUS_ERROR_INVALID_EXECUTABLE);
}

TEST_P(ApiExecutableSymbolTest, DeprecatedGetSymbolFindsAgentSymbols) {
  hsa_executable_symbol_t s{0};
  ASSERT_EQ(hsa_executable_get_symbol(exe_, nullptr, "vector_add", gpu_, 0, &s),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(s.handle, Symbol(exe_, "vector_add").handle);
  EXPECT_EQ(hsa_executable_get_symbol(exe_, "some_module", "vector_add", gpu_, 0, &s),
            HSA_STATUS_ERROR_INVALID_SYMBOL_NAME);
  EXPECT_EQ(hsa_executable_get_symbol(exe_, nullptr, "missing", gpu_, 0, &s),
            HSA_STATUS_ERROR_INVALID_SYMBOL_NAME);
  EXPECT_EQ(hsa_executable_get_symbol(exe_, nullptr, nullptr, gpu_, 0, &s),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

TEST_P(ApiExecutableSymbolTest, StaleSymbolHandlesAreInvalid) {
  const hsa_executable_symbol_t s = Symbol(exe_, "vector_add");
  uint32_t v = 0;
  EXPECT_EQ(hsa_executable_symbol_get_info(s, HSA_EXECUTABLE_SYMBOL_INFO_NAME_LENGTH, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_executable_symbol_get_info(s, static_cast<hsa_executable_symbol_info_t>(19), &v),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_executable_symbol_get_info(hsa_executable_symbol_t{16},
                                           HSA_EXECUTABLE_SYMBOL_INFO_NAME_LENGTH, &v),
            HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL);
  ASSERT_EQ(hsa_executable_destroy(exe_), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_executable_symbol_get_info(s, HSA_EXECUTABLE_SYMBOL_INFO_NAME_LENGTH, &v),
            HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL);
}

INSTANTIATE_TEST_SUITE_P(CodeObjectVersions, ApiExecutableSymbolTest,
                         ::testing::Values("v2", "v3", "v4", "v4_noxnack"));

}  // namespace
