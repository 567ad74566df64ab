// The HSA 1.0 code object API: deserialize/serialize round trip, info,
// symbols checked against llvm-readelf-14's view of the same file, and a
// code object loaded with hsa_executable_load_code_object and dispatched.
#include <cstdlib>
#include <cstring>
#include <set>

#include "exe_fixture.h"
#include "thunk_gpu.h"

namespace {

class ApiCodeObjectV1Test : public ApiExecutableTest,
                            public ::testing::WithParamInterface<const char*> {
 protected:
  void SetUp() override {
    ApiExecutableTest::SetUp();
    path_ = exe_test::KernelPath("exe_kernels", GetParam());
    bytes_ = exe_test::ReadFile(path_);
    ASSERT_FALSE(bytes_.empty());
    ASSERT_EQ(hsa_code_object_deserialize(bytes_.data(), bytes_.size(), nullptr, &co_),
              HSA_STATUS_SUCCESS);
  }
  void TearDown() override {
    if (co_.handle) {
      EXPECT_EQ(hsa_code_object_destroy(co_), HSA_STATUS_SUCCESS);
    }
    ApiExecutableTest::TearDown();
  }

  static std::string SymName(hsa_code_symbol_t s) {
    uint32_t n = 0;
    EXPECT_EQ(hsa_code_symbol_get_info(s, HSA_CODE_SYMBOL_INFO_NAME_LENGTH, &n),
              HSA_STATUS_SUCCESS);
    std::string name(n, '\0');
    EXPECT_EQ(hsa_code_symbol_get_info(s, HSA_CODE_SYMBOL_INFO_NAME, name.data()),
              HSA_STATUS_SUCCESS);
    return name;
  }

  std::string path_;
  std::vector<uint8_t> bytes_;
  hsa_code_object_t co_{0};
};

TEST_P(ApiCodeObjectV1Test, SerializeGivesTheElfBack) {
  void* out = nullptr;
  size_t size = 0;
  ASSERT_EQ(hsa_code_object_serialize(
                co_,
                [](size_t n, hsa_callback_data_t, void** p) {
                  *p = std::malloc(n);
                  return *p ? HSA_STATUS_SUCCESS : HSA_STATUS_ERROR_OUT_OF_RESOURCES;
                },
                hsa_callback_data_t{0}, nullptr, &out, &size),
            HSA_STATUS_SUCCESS);
  ASSERT_EQ(size, bytes_.size());
  EXPECT_EQ(std::memcmp(out, bytes_.data(), size), 0);
  std::free(out);
  // A failing allocator's status comes back unchanged.
  EXPECT_EQ(
      hsa_code_object_serialize(
          co_,
          [](size_t, hsa_callback_data_t, void**) { return HSA_STATUS_ERROR_OUT_OF_RESOURCES; },
          hsa_callback_data_t{0}, nullptr, &out, &size),
      HSA_STATUS_ERROR_OUT_OF_RESOURCES);
}

TEST_P(ApiCodeObjectV1Test, Info) {
  char version[64] = {};
  ASSERT_EQ(hsa_code_object_get_info(co_, HSA_CODE_OBJECT_INFO_VERSION, version),
            HSA_STATUS_SUCCESS);
  const std::string variant = GetParam();
  EXPECT_EQ(std::string(version), variant.substr(1, 1));  // "v4_noxnack" -> "4"
  hsa_isa_t isa{0}, gfx900{0};
  ASSERT_EQ(hsa_code_object_get_info(co_, HSA_CODE_OBJECT_INFO_ISA, &isa), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_isa_from_name("amdgcn-amd-amdhsa--gfx900", &gfx900), HSA_STATUS_SUCCESS);
  EXPECT_EQ(isa.handle, gfx900.handle);
  hsa_code_object_type_t type = static_cast<hsa_code_object_type_t>(9);
  ASSERT_EQ(hsa_code_object_get_info(co_, HSA_CODE_OBJECT_INFO_TYPE, &type), HSA_STATUS_SUCCESS);
  EXPECT_EQ(type, HSA_CODE_OBJECT_TYPE_PROGRAM);
  hsa_machine_model_t model{};
  ASSERT_EQ(hsa_code_object_get_info(co_, HSA_CODE_OBJECT_INFO_MACHINE_MODEL, &model),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(model, HSA_MACHINE_MODEL_LARGE);
  EXPECT_EQ(hsa_code_object_get_info(co_, static_cast<hsa_code_object_info_t>(77), &model),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

// Kernels and global variables, by name, with the sizes the metadata and
// the symbol table give.
TEST_P(ApiCodeObjectV1Test, SymbolsMatchTheOracle) {
  const auto kernels = exe_test::OracleKernels(path_);
  const auto syms = exe_test::OracleSymbols(path_);
  hsa_code_symbol_t k{0};
  ASSERT_EQ(hsa_code_object_get_symbol(co_, "vector_add", &k), HSA_STATUS_SUCCESS);
  hsa_symbol_kind_t kind{};
  ASSERT_EQ(hsa_code_symbol_get_info(k, HSA_CODE_SYMBOL_INFO_TYPE, &kind), HSA_STATUS_SUCCESS);
  EXPECT_EQ(kind, HSA_SYMBOL_KIND_KERNEL);
  uint32_t kernarg = 0, group = 0;
  ASSERT_EQ(hsa_code_symbol_get_info(k, HSA_CODE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE, &kernarg),
            HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_code_symbol_get_info(k, HSA_CODE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE, &group),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(kernarg, kernels.at("vector_add").kernarg_size);
  EXPECT_EQ(group, kernels.at("vector_add").group);

  hsa_code_symbol_t v{0};
  ASSERT_EQ(hsa_code_object_get_symbol_from_name(co_, nullptr, "scale", &v), HSA_STATUS_SUCCESS);
  uint32_t size = 0;
  bool is_const = true;
  ASSERT_EQ(hsa_code_symbol_get_info(v, HSA_CODE_SYMBOL_INFO_VARIABLE_SIZE, &size),
            HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_code_symbol_get_info(v, HSA_CODE_SYMBOL_INFO_VARIABLE_IS_CONST, &is_const),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(size, syms.at("scale").size);
  EXPECT_FALSE(is_const);
  // A variable has no kernel attributes, and an unknown name is refused.
  EXPECT_EQ(hsa_code_symbol_get_info(v, HSA_CODE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE, &size),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_code_object_get_symbol(co_, "no_such_symbol", &v),
            HSA_STATUS_ERROR_INVALID_SYMBOL_NAME);

  // Iteration visits each kernel of the metadata and the global symbols.
  std::set<std::string> names;
  std::vector<hsa_code_symbol_t> all;
  ASSERT_EQ(hsa_code_object_iterate_symbols(
                co_,
                [](hsa_code_object_t, hsa_code_symbol_t s, void* d) {
                  static_cast<std::vector<hsa_code_symbol_t>*>(d)->push_back(s);
                  return HSA_STATUS_SUCCESS;
                },
                &all),
            HSA_STATUS_SUCCESS);
  for (hsa_code_symbol_t s : all) names.insert(SymName(s));
  for (const auto& [name, meta] : kernels) {
    (void)meta;
    EXPECT_TRUE(names.count(name) || names.count(name + ".kd")) << name;
  }
  EXPECT_TRUE(names.count("scale"));
  EXPECT_TRUE(names.count("bias"));
}

// Loaded through hsa_executable_load_code_object, vector_add runs.
TEST_P(ApiCodeObjectV1Test, LoadedCodeObjectRuns) {
  hsa_executable_t exe = NewExecutable();
  ASSERT_EQ(hsa_executable_load_code_object(exe, gpu_, co_, nullptr), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_executable_freeze(exe, nullptr), HSA_STATUS_SUCCESS);
  const hsa_executable_symbol_t k = Symbol(exe, "vector_add");
  const uint64_t object = Info<uint64_t>(k, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT);
  const uint32_t n = 256;
  int* a = hsakmt_test::alloc_array<int>(n);
  int* b = hsakmt_test::alloc_array<int>(n);
  int* c = hsakmt_test::alloc_array<int>(n);
  ASSERT_TRUE(a && b && c);
  for (uint32_t i = 0; i < n; ++i) {
    a[i] = static_cast<int>(i) * 3;
    b[i] = 1000 - static_cast<int>(i);
    c[i] = -1;
  }
  const uint32_t size = Info<uint32_t>(k, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE);
  std::vector<uint8_t> args(std::max<uint32_t>(size, 28), 0);
  const uint64_t ptrs[3] = {reinterpret_cast<uintptr_t>(c), reinterpret_cast<uintptr_t>(a),
                            reinterpret_cast<uintptr_t>(b)};
  std::memcpy(args.data(), ptrs, sizeof ptrs);
  std::memcpy(args.data() + 24, &n, sizeof n);
  ASSERT_TRUE(exe_test::Dispatch(object, args, n));
  for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(c[i], a[i] + b[i]) << i;
  // A frozen executable takes no more code.
  EXPECT_EQ(hsa_executable_load_code_object(exe, gpu_, co_, nullptr),
            HSA_STATUS_ERROR_FROZEN_EXECUTABLE);
}

INSTANTIATE_TEST_SUITE_P(Versions, ApiCodeObjectV1Test,
                         ::testing::Values("v2", "v3", "v4", "v4_noxnack"));

TEST_F(ApiExecutableTest, CodeObjectV1Errors) {
  hsa_code_object_t co{0};
  const std::vector<uint8_t> junk(64, 0x5a);
  std::vector<uint8_t> copy = junk;
  EXPECT_EQ(hsa_code_object_deserialize(copy.data(), copy.size(), nullptr, &co),
            HSA_STATUS_ERROR_INVALID_CODE_OBJECT);
  EXPECT_EQ(hsa_code_object_deserialize(nullptr, 10, nullptr, &co),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_code_object_deserialize(copy.data(), 0, nullptr, &co),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_code_object_deserialize(copy.data(), copy.size(), nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  const hsa_code_object_t bogus{0x1234};
  char buf[64];
  hsa_code_symbol_t s{0};
  EXPECT_EQ(hsa_code_object_destroy(bogus), HSA_STATUS_ERROR_INVALID_CODE_OBJECT);
  EXPECT_EQ(hsa_code_object_get_info(bogus, HSA_CODE_OBJECT_INFO_VERSION, buf),
            HSA_STATUS_ERROR_INVALID_CODE_OBJECT);
  EXPECT_EQ(hsa_code_object_get_symbol(bogus, "x", &s), HSA_STATUS_ERROR_INVALID_CODE_OBJECT);
  EXPECT_EQ(hsa_code_symbol_get_info(hsa_code_symbol_t{0x1234}, HSA_CODE_SYMBOL_INFO_TYPE, buf),
            HSA_STATUS_ERROR_INVALID_CODE_SYMBOL);
  EXPECT_EQ(hsa_executable_load_code_object(NewExecutable(), gpu_, bogus, nullptr),
            HSA_STATUS_ERROR_INVALID_CODE_OBJECT);

  // A real code object: bad executable and agent, the CPU agent, after destroy.
  std::vector<uint8_t> bytes = exe_test::ReadFile(exe_test::KernelPath("exe_kernels", "v4"));
  ASSERT_EQ(hsa_code_object_deserialize(bytes.data(), bytes.size(), nullptr, &co),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_executable_load_code_object(hsa_executable_t{0x1234}, gpu_, co, nullptr),
            HSA_STATUS_ERROR_INVALID_EXECUTABLE);
  EXPECT_EQ(hsa_executable_load_code_object(NewExecutable(), hsa_agent_t{0x1234}, co, nullptr),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_executable_load_code_object(NewExecutable(), cpu_, co, nullptr),
            HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS);
  EXPECT_EQ(hsa_code_object_iterate_symbols(co, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_code_object_destroy(co), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_code_object_destroy(co), HSA_STATUS_ERROR_INVALID_CODE_OBJECT);
}

}  // namespace
