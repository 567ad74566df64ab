// Executables: creation and info, freeze, validation, loading and every
// documented error (bad handles, NULLs, frozen, wrong ISA, bad bytes).
#include <atomic>
#include <cstring>
#include <thread>

#include "exe_fixture.h"

namespace {

using exe_test::KernelPath;
using exe_test::ReadFile;

// ELF64 header: e_flags at byte 48. The mach is its low byte (gfx900 =
// 0x2c, gfx906 = 0x2f); code object v4 keeps xnack in bits 8-9 (on = 3).
constexpr size_t kEFlags = 48;
constexpr uint32_t kMachGfx906 = 0x2f;
constexpr uint32_t kXnackV4Mask = 0x300;
constexpr uint32_t kXnackV4On = 0x300;

uint32_t EFlags(const std::vector<uint8_t>& elf) {
  uint32_t f = 0;
  std::memcpy(&f, elf.data() + kEFlags, 4);
  return f;
}
void SetEFlags(std::vector<uint8_t>* elf, uint32_t f) { std::memcpy(elf->data() + kEFlags, &f, 4); }

TEST_F(ApiExecutableTest, CreateAltRecordsProfileAndRoundingMode) {
  hsa_executable_t e{0};
  ASSERT_EQ(
      hsa_executable_create_alt(HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_ZERO, "", &e),
      HSA_STATUS_SUCCESS);
  executables_.push_back(e);
  hsa_profile_t profile{};
  hsa_executable_state_t state{};
  hsa_default_float_rounding_mode_t mode{};
  ASSERT_EQ(hsa_executable_get_info(e, HSA_EXECUTABLE_INFO_PROFILE, &profile), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_executable_get_info(e, HSA_EXECUTABLE_INFO_STATE, &state), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_executable_get_info(e, HSA_EXECUTABLE_INFO_DEFAULT_FLOAT_ROUNDING_MODE, &mode),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(profile, HSA_PROFILE_FULL);
  EXPECT_EQ(state, HSA_EXECUTABLE_STATE_UNFROZEN);
  EXPECT_EQ(mode, HSA_DEFAULT_FLOAT_ROUNDING_MODE_ZERO);
}

TEST_F(ApiExecutableTest, CreateRejectsBadArguments) {
  hsa_executable_t e{0};
  EXPECT_EQ(hsa_executable_create_alt(HSA_PROFILE_BASE, HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR,
                                      nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_executable_create_alt(static_cast<hsa_profile_t>(7),
                                      HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR, nullptr, &e),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_executable_create_alt(
                HSA_PROFILE_BASE, static_cast<hsa_default_float_rounding_mode_t>(9), nullptr, &e),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(
      hsa_executable_create(HSA_PROFILE_BASE, static_cast<hsa_executable_state_t>(5), nullptr, &e),
      HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

TEST_F(ApiExecutableTest, DeprecatedCreateHonoursTheInitialState) {
  hsa_executable_t e{0};
  ASSERT_EQ(hsa_executable_create(HSA_PROFILE_BASE, HSA_EXECUTABLE_STATE_FROZEN, nullptr, &e),
            HSA_STATUS_SUCCESS);
  executables_.push_back(e);
  hsa_executable_state_t state{};
  hsa_default_float_rounding_mode_t mode{};
  ASSERT_EQ(hsa_executable_get_info(e, HSA_EXECUTABLE_INFO_STATE, &state), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_executable_get_info(e, HSA_EXECUTABLE_INFO_DEFAULT_FLOAT_ROUNDING_MODE, &mode),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(state, HSA_EXECUTABLE_STATE_FROZEN);
  EXPECT_EQ(mode, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT);
  EXPECT_EQ(LoadFile(e, "exe_kernels", "v3"), HSA_STATUS_ERROR_FROZEN_EXECUTABLE);
}

TEST_F(ApiExecutableTest, GetInfoRejectsBadArguments) {
  hsa_executable_t e = NewExecutable();
  uint32_t v = 0;
  EXPECT_EQ(hsa_executable_get_info(e, HSA_EXECUTABLE_INFO_PROFILE, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_executable_get_info(e, static_cast<hsa_executable_info_t>(99), &v),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_executable_get_info(hsa_executable_t{0}, HSA_EXECUTABLE_INFO_PROFILE, &v),
            HSA_STATUS_ERROR_INVALID_EXECUTABLE);
}

TEST_F(ApiExecutableTest, DestroyedHandleIsInvalidEverywhere) {
  hsa_executable_t e{0};
  ASSERT_EQ(hsa_executable_create_alt(HSA_PROFILE_BASE, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
                                      nullptr, &e),
            HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_executable_destroy(e), HSA_STATUS_SUCCESS);
  uint32_t result = 0;
  hsa_executable_symbol_t s{0};
  int x = 0;
  EXPECT_EQ(hsa_executable_destroy(e), HSA_STATUS_ERROR_INVALID_EXECUTABLE);
  EXPECT_EQ(hsa_executable_freeze(e, nullptr), HSA_STATUS_ERROR_INVALID_EXECUTABLE);
  EXPECT_EQ(hsa_executable_validate(e, &result), HSA_STATUS_ERROR_INVALID_EXECUTABLE);
  EXPECT_EQ(hsa_executable_get_symbol_by_name(e, "vector_add", &gpu_, &s),
            HSA_STATUS_ERROR_INVALID_EXECUTABLE);
  EXPECT_EQ(hsa_executable_global_variable_define(e, "x", &x), HSA_STATUS_ERROR_INVALID_EXECUTABLE);
  EXPECT_EQ(LoadFile(e, "exe_kernels", "v3"), HSA_STATUS_ERROR_INVALID_EXECUTABLE);
}

TEST_F(ApiExecutableTest, FreezeOnceThenLoadsAndDefinitionsFail) {
  hsa_executable_t e = NewExecutable();
  ASSERT_EQ(LoadFile(e, "exe_kernels", "v3"), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_executable_freeze(e, nullptr), HSA_STATUS_SUCCESS);
  hsa_executable_state_t state{};
  ASSERT_EQ(hsa_executable_get_info(e, HSA_EXECUTABLE_INFO_STATE, &state), HSA_STATUS_SUCCESS);
  EXPECT_EQ(state, HSA_EXECUTABLE_STATE_FROZEN);
  EXPECT_EQ(hsa_executable_freeze(e, nullptr), HSA_STATUS_ERROR_FROZEN_EXECUTABLE);
  EXPECT_EQ(LoadFile(e, "exe_kernels", "v4"), HSA_STATUS_ERROR_FROZEN_EXECUTABLE);
  int x = 0;
  EXPECT_EQ(hsa_executable_global_variable_define(e, "x", &x), HSA_STATUS_ERROR_FROZEN_EXECUTABLE);
  EXPECT_EQ(hsa_executable_agent_global_variable_define(e, gpu_, "x", &x),
            HSA_STATUS_ERROR_FROZEN_EXECUTABLE);
  EXPECT_EQ(hsa_executable_readonly_variable_define(e, gpu_, "x", &x),
            HSA_STATUS_ERROR_FROZEN_EXECUTABLE);
  const std::vector<uint8_t> bytes = ReadFile(KernelPath("exe_kernels", "v3"));
  EXPECT_EQ(hsa_executable_load_program_code_object(e, Reader(bytes), nullptr, nullptr),
            HSA_STATUS_ERROR_FROZEN_EXECUTABLE);
  // Symbols stay readable after freezing.
  EXPECT_EQ(Name(Symbol(e, "vector_add")), "vector_add.kd");
}

TEST_F(ApiExecutableTest, ValidateReportsZeroForConsistentExecutables) {
  hsa_executable_t e = NewExecutable();
  uint32_t result = 77;
  ASSERT_EQ(hsa_executable_validate(e, &result), HSA_STATUS_SUCCESS);
  EXPECT_EQ(result, 0u);
  ASSERT_EQ(LoadFile(e, "exe_kernels", "v2"), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_executable_freeze(e, nullptr), HSA_STATUS_SUCCESS);
  result = 77;
  ASSERT_EQ(hsa_executable_validate_alt(e, nullptr, &result), HSA_STATUS_SUCCESS);
  EXPECT_EQ(result, 0u);
  EXPECT_EQ(hsa_executable_validate(e, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_executable_validate_alt(e, nullptr, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

TEST_F(ApiExecutableTest, LoadRejectsBadHandles) {
  hsa_executable_t e = NewExecutable();
  const hsa_code_object_reader_t r = Reader(ReadFile(KernelPath("exe_kernels", "v3")));
  EXPECT_EQ(hsa_executable_load_agent_code_object(hsa_executable_t{0}, gpu_, r, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_EXECUTABLE);
  EXPECT_EQ(hsa_executable_load_agent_code_object(e, hsa_agent_t{12345}, r, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(
      hsa_executable_load_agent_code_object(e, gpu_, hsa_code_object_reader_t{8}, nullptr, nullptr),
      HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER);
  // The CPU agent has no GPU ISA.
  EXPECT_EQ(hsa_executable_load_agent_code_object(e, cpu_, r, nullptr, nullptr),
            HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS);
}

TEST_F(ApiExecutableTest, LoadReturnsALoadedCodeObjectHandle) {
  hsa_executable_t e = NewExecutable();
  const hsa_code_object_reader_t r = Reader(ReadFile(KernelPath("exe_kernels", "v4")));
  hsa_loaded_code_object_t lco{0};
  ASSERT_EQ(hsa_executable_load_agent_code_object(e, gpu_, r, nullptr, &lco), HSA_STATUS_SUCCESS);
  EXPECT_NE(lco.handle, 0u);
}

TEST_F(ApiExecutableTest, MalformedCodeObjectsAreInvalid) {
  hsa_executable_t e = NewExecutable();
  const std::vector<uint8_t> good = ReadFile(KernelPath("exe_kernels", "v3"));
  ASSERT_GT(good.size(), 256u);
  std::vector<uint8_t> garbage(4096, 0xA5);
  std::vector<uint8_t> truncated(good.begin(), good.begin() + 100);
  std::vector<uint8_t> bad_class = good;
  bad_class[4] = 1;  // ELFCLASS32
  for (const std::vector<uint8_t>* bytes : {&garbage, &truncated, &bad_class}) {
    EXPECT_EQ(hsa_executable_load_agent_code_object(e, gpu_, Reader(*bytes), nullptr, nullptr),
              HSA_STATUS_ERROR_INVALID_CODE_OBJECT);
    EXPECT_EQ(hsa_executable_load_program_code_object(e, Reader(*bytes), nullptr, nullptr),
              HSA_STATUS_ERROR_INVALID_CODE_OBJECT);
  }
  // Nothing was added by the failed loads.
  hsa_executable_symbol_t s{0};
  EXPECT_EQ(hsa_executable_get_symbol_by_name(e, "vector_add", &gpu_, &s),
            HSA_STATUS_ERROR_INVALID_SYMBOL_NAME);
}

TEST_F(ApiExecutableTest, AnotherGpusCodeObjectIsIncompatible) {
  std::vector<uint8_t> bytes = ReadFile(KernelPath("exe_kernels", "v3"));
  ASSERT_EQ(EFlags(bytes) & 0xff, 0x2cu) << "clang built gfx900";
  SetEFlags(&bytes, (EFlags(bytes) & ~0xffu) | kMachGfx906);
  hsa_executable_t e = NewExecutable();
  EXPECT_EQ(hsa_executable_load_agent_code_object(e, gpu_, Reader(bytes), nullptr, nullptr),
            HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS);
}

TEST_F(ApiExecutableTest, OnlyRequiredXnackIsIncompatible) {
  hsa_executable_t e = NewExecutable();
  // v4 default is xnack "any", v4_noxnack is "off": both run on gfx900.
  std::vector<uint8_t> any = ReadFile(KernelPath("extern_kernels", "v4"));
  std::vector<uint8_t> off = ReadFile(KernelPath("exe_kernels", "v4_noxnack"));
  EXPECT_EQ(EFlags(any) & kXnackV4Mask, 0x100u);
  EXPECT_EQ(EFlags(off) & kXnackV4Mask, 0x200u);
  EXPECT_EQ(hsa_executable_load_agent_code_object(e, gpu_, Reader(off), nullptr, nullptr),
            HSA_STATUS_SUCCESS);
  int app_offset = 0;
  ASSERT_EQ(hsa_executable_agent_global_variable_define(e, gpu_, "app_offset", &app_offset),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_executable_load_agent_code_object(e, gpu_, Reader(any), nullptr, nullptr),
            HSA_STATUS_SUCCESS);
  std::vector<uint8_t> on = ReadFile(KernelPath("exe_kernels", "v4"));
  SetEFlags(&on, (EFlags(on) & ~kXnackV4Mask) | kXnackV4On);
  hsa_executable_t e2 = NewExecutable();
  EXPECT_EQ(hsa_executable_load_agent_code_object(e2, gpu_, Reader(on), nullptr, nullptr),
            HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS);
  // Code object v3 has one xnack bit (0x100): clang sets it for code that
  // runs either way, so v3 loads with and without it.
  std::vector<uint8_t> v3_on = ReadFile(KernelPath("exe_kernels", "v3"));
  ASSERT_EQ(EFlags(v3_on) & 0x100u, 0x100u);
  std::vector<uint8_t> v3_off = v3_on;
  SetEFlags(&v3_off, EFlags(v3_on) & ~0x100u);
  hsa_executable_t e3 = NewExecutable();
  EXPECT_EQ(hsa_executable_load_agent_code_object(e3, gpu_, Reader(v3_off), nullptr, nullptr),
            HSA_STATUS_SUCCESS);
  hsa_executable_t e4 = NewExecutable();
  EXPECT_EQ(hsa_executable_load_agent_code_object(e4, gpu_, Reader(v3_on), nullptr, nullptr),
            HSA_STATUS_SUCCESS);
}

// Every AMDGPU code object targets an ISA: as a program (agent-less) code
// object it is refused with INCOMPATIBLE_ARGUMENTS (HSA 1.1's status for a
// code object the executable or implementation cannot take), and nothing
// is loaded.
TEST_F(ApiExecutableTest, ProgramCodeObjectIsRefused) {
  hsa_executable_t e = NewExecutable();
  const hsa_code_object_reader_t r = Reader(ReadFile(KernelPath("exe_kernels", "v3")));
  EXPECT_EQ(hsa_executable_load_program_code_object(e, r, nullptr, nullptr),
            HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS);
  EXPECT_EQ(hsa_executable_load_program_code_object(hsa_executable_t{0}, r, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_EXECUTABLE);
  EXPECT_EQ(
      hsa_executable_load_program_code_object(e, hsa_code_object_reader_t{0}, nullptr, nullptr),
      HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER);
  hsa_executable_symbol_t s{0};
  EXPECT_EQ(hsa_executable_get_symbol_by_name(e, "vector_add", &gpu_, &s),
            HSA_STATUS_ERROR_INVALID_SYMBOL_NAME);
}

}  // namespace

namespace {

// Executables made, loaded, looked up and destroyed from several threads at
// once: each thread sees only its own symbols and every call succeeds.
TEST_F(ApiExecutableTest, ThreadsLoadAndDestroyConcurrently) {
  const std::vector<uint8_t> bytes = ReadFile(KernelPath("exe_kernels", "v4"));
  ASSERT_FALSE(bytes.empty());
  std::atomic<int> failures{0};
  auto work = [&] {
    for (int i = 0; i < 10; ++i) {
      hsa_code_object_reader_t r{0};
      hsa_executable_t e{0};
      hsa_executable_symbol_t s{0};
      uint64_t object = 0;
      if (hsa_code_object_reader_create_from_memory(bytes.data(), bytes.size(), &r) ||
          hsa_executable_create_alt(HSA_PROFILE_BASE, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
                                    nullptr, &e) ||
          hsa_executable_load_agent_code_object(e, gpu_, r, nullptr, nullptr) ||
          hsa_executable_freeze(e, nullptr) ||
          hsa_executable_get_symbol_by_name(e, "vector_add", &gpu_, &s) ||
          hsa_executable_symbol_get_info(s, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &object) ||
          object == 0 || hsa_executable_destroy(e) || hsa_code_object_reader_destroy(r))
        ++failures;
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) threads.emplace_back(work);
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(failures.load(), 0);
}

}  // namespace
