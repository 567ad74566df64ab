// Variables the application defines: agent, program and readonly
// definitions, their errors, and a load whose undefined symbol resolves to
// them (checked by running the kernel that reads it).
#include <cstring>

#include "exe_fixture.h"
#include "thunk_gpu.h"

namespace {

class ApiExecutableVariableTest : public ApiExecutableTest {
 protected:
  void SetUp() override {
    ApiExecutableTest::SetUp();
    offset_ = hsakmt_test::alloc_array<int>(1);
    ASSERT_NE(offset_, nullptr);
    *offset_ = 1234;
  }
  void TearDown() override {
    ApiExecutableTest::TearDown();
    hsakmt_test::free_system(offset_, 4);
  }

  // Runs add_offset from exe over n items and checks out = in + expected.
  void RunAddOffset(hsa_executable_t exe, int expected) {
    const hsa_executable_symbol_t k = Symbol(exe, "add_offset");
    const uint64_t object = Info<uint64_t>(k, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT);
    const uint32_t size = Info<uint32_t>(k, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE);
    ASSERT_GE(size, 16u);
    const uint32_t n = 128;
    int* in = hsakmt_test::alloc_array<int>(n);
    int* out = hsakmt_test::alloc_array<int>(n);
    ASSERT_TRUE(in && out);
    for (uint32_t i = 0; i < n; ++i) in[i] = static_cast<int>(3 * i);
    std::vector<uint8_t> args(size, 0);
    const uint64_t ptrs[2] = {reinterpret_cast<uintptr_t>(out), reinterpret_cast<uintptr_t>(in)};
    std::memcpy(args.data(), ptrs, sizeof ptrs);
    ASSERT_TRUE(exe_test::Dispatch(object, args, n));
    for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(out[i], in[i] + expected) << "element " << i;
    hsakmt_test::free_system(in, n * 4);
    hsakmt_test::free_system(out, n * 4);
  }

  int* offset_ = nullptr;  // GPU-visible, what app_offset is defined as
};

TEST_F(ApiExecutableVariableTest, UndefinedVariableFailsTheLoad) {
  for (const char* v : {"v2", "v3", "v4"}) {
    hsa_executable_t e = NewExecutable();
    EXPECT_EQ(LoadFile(e, "extern_kernels", v), HSA_STATUS_ERROR_VARIABLE_UNDEFINED) << v;
    hsa_executable_symbol_t s{0};
    EXPECT_EQ(hsa_executable_get_symbol_by_name(e, "add_offset", &gpu_, &s),
              HSA_STATUS_ERROR_INVALID_SYMBOL_NAME);
  }
}

TEST_F(ApiExecutableVariableTest, AgentDefinitionResolvesTheRelocation) {
  for (const char* v : {"v2", "v3", "v4"}) {
    SCOPED_TRACE(v);
    hsa_executable_t e = NewExecutable();
    ASSERT_EQ(hsa_executable_agent_global_variable_define(e, gpu_, "app_offset", offset_),
              HSA_STATUS_SUCCESS);
    ASSERT_EQ(LoadFile(e, "extern_kernels", v), HSA_STATUS_SUCCESS);
    ASSERT_EQ(hsa_executable_freeze(e, nullptr), HSA_STATUS_SUCCESS);
    const hsa_executable_symbol_t s = Symbol(e, "app_offset");
    EXPECT_EQ(Info<uint64_t>(s, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS),
              reinterpret_cast<uintptr_t>(offset_));
    EXPECT_EQ(Info<hsa_variable_allocation_t>(s, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ALLOCATION),
              HSA_VARIABLE_ALLOCATION_AGENT);
    EXPECT_EQ(Info<hsa_variable_segment_t>(s, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SEGMENT),
              HSA_VARIABLE_SEGMENT_GLOBAL);
    EXPECT_FALSE(Info<bool>(s, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_IS_CONST));
    *offset_ = 1234;
    RunAddOffset(e, 1234);
    *offset_ = -77;  // the kernel reads the variable, not a copy of it
    RunAddOffset(e, -77);
  }
}

TEST_F(ApiExecutableVariableTest, ProgramDefinitionResolvesForEveryAgent) {
  hsa_executable_t e = NewExecutable();
  ASSERT_EQ(hsa_executable_global_variable_define(e, "app_offset", offset_), HSA_STATUS_SUCCESS);
  ASSERT_EQ(LoadFile(e, "extern_kernels", "v4"), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_executable_freeze(e, nullptr), HSA_STATUS_SUCCESS);
  *offset_ = 99;
  RunAddOffset(e, 99);
  // A program variable: found without an agent, listed as a program symbol.
  hsa_executable_symbol_t s{0};
  ASSERT_EQ(hsa_executable_get_symbol_by_name(e, "app_offset", nullptr, &s), HSA_STATUS_SUCCESS);
  EXPECT_EQ(Info<hsa_variable_allocation_t>(s, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ALLOCATION),
            HSA_VARIABLE_ALLOCATION_PROGRAM);
  hsa_agent_t agent{0};
  EXPECT_EQ(hsa_executable_symbol_get_info(s, HSA_EXECUTABLE_SYMBOL_INFO_AGENT, &agent),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  std::vector<uint64_t> program;
  ASSERT_EQ(hsa_executable_iterate_program_symbols(
                e,
                [](hsa_executable_t, hsa_executable_symbol_t sym, void* data) {
                  static_cast<std::vector<uint64_t>*>(data)->push_back(sym.handle);
                  return HSA_STATUS_SUCCESS;
                },
                &program),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(program, std::vector<uint64_t>{s.handle});
  // The deprecated lookup falls back to program symbols.
  hsa_executable_symbol_t old{0};
  ASSERT_EQ(hsa_executable_get_symbol(e, nullptr, "app_offset", gpu_, 0, &old), HSA_STATUS_SUCCESS);
  EXPECT_EQ(old.handle, s.handle);
}

TEST_F(ApiExecutableVariableTest, ReadonlyDefinitionIsConst) {
  hsa_executable_t e = NewExecutable();
  ASSERT_EQ(hsa_executable_readonly_variable_define(e, gpu_, "app_offset", offset_),
            HSA_STATUS_SUCCESS);
  const hsa_executable_symbol_t s = Symbol(e, "app_offset");
  EXPECT_EQ(Info<hsa_variable_segment_t>(s, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SEGMENT),
            HSA_VARIABLE_SEGMENT_READONLY);
  EXPECT_TRUE(Info<bool>(s, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_IS_CONST));
  EXPECT_EQ(Info<hsa_agent_t>(s, HSA_EXECUTABLE_SYMBOL_INFO_AGENT).handle, gpu_.handle);
  ASSERT_EQ(LoadFile(e, "extern_kernels", "v3"), HSA_STATUS_SUCCESS);
  *offset_ = 5;
  RunAddOffset(e, 5);
}

TEST_F(ApiExecutableVariableTest, DefinitionErrors) {
  hsa_executable_t e = NewExecutable();
  EXPECT_EQ(hsa_executable_global_variable_define(e, nullptr, offset_),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_executable_global_variable_define(e, "x", nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_executable_agent_global_variable_define(e, hsa_agent_t{7}, "x", offset_),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_executable_readonly_variable_define(e, hsa_agent_t{7}, "x", offset_),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_executable_agent_global_variable_define(hsa_executable_t{1}, gpu_, "x", offset_),
            HSA_STATUS_ERROR_INVALID_EXECUTABLE);
  ASSERT_EQ(hsa_executable_global_variable_define(e, "x", offset_), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_executable_global_variable_define(e, "x", offset_),
            HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED);
  EXPECT_EQ(hsa_executable_agent_global_variable_define(e, gpu_, "x", offset_),
            HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED);
  // A code object's own variable is a definition too, in either order.
  ASSERT_EQ(LoadFile(e, "exe_kernels", "v3"), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_executable_agent_global_variable_define(e, gpu_, "scale", offset_),
            HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED);
  hsa_executable_t e2 = NewExecutable();
  ASSERT_EQ(hsa_executable_agent_global_variable_define(e2, gpu_, "scale", offset_),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(LoadFile(e2, "exe_kernels", "v3"), HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED);
}

}  // namespace
