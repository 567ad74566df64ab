// Programs the finalizer once refused (issue 23 items 3 and 8), through
// hsa_ext_program_finalize from HSAILasm's BRIG (the reference assembler's
// encoding) to a dispatch on the virtual GPU, each result checked against
// what the PRM says the kernel computes, worked out here on the CPU.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <unistd.h>

#include "finalizer_dispatch.h"
#include "finalizer_fixture.h"
#include "thunk_gpu.h"

namespace fin_test {
namespace {

class ApiExtFinalizerLink : public FinalizerTest {
 protected:
  void TearDown() override {
    Unload();
    FinalizerTest::TearDown();
  }

  // Executable, code object and program go, for the next Build.
  void Unload() {
    if (exe_.handle) {
      EXPECT_EQ(hsa_executable_destroy(exe_), HSA_STATUS_SUCCESS);
    }
    if (co_.handle) {
      EXPECT_EQ(hsa_code_object_destroy(co_), HSA_STATUS_SUCCESS);
    }
    if (program_.handle) {
      EXPECT_EQ(hsa_ext_program_destroy(program_), HSA_STATUS_SUCCESS);
    }
    exe_.handle = co_.handle = program_.handle = 0;
    brigs_.clear();
  }

  // A program of the modules (HSAIL texts, assembled by HSAILasm),
  // finalized and loaded; a fatal failure when HSAILasm refuses or the
  // finalization does not end with want (then nothing is loaded).
  void Build(const std::vector<std::string>& texts, int want = HSA_STATUS_SUCCESS) {
    ASSERT_EQ(access("/usr/bin/HSAILasm", X_OK), 0) << "HSAILasm (the oracle) is missing";
    NewProgram();
    for (const std::string& text : texts) {
      brigs_.push_back(hsailasm_brig(text));
      ASSERT_FALSE(brigs_.back().empty()) << "HSAILasm refuses:\n" << text;
      ASSERT_EQ(hsa_ext_program_add_module(program_, module_of(brigs_.back())), HSA_STATUS_SUCCESS);
    }
    ASSERT_EQ(static_cast<int>(Finalize(&co_)), want);
    if (want != HSA_STATUS_SUCCESS) return;
    ASSERT_EQ(hsa_executable_create_alt(HSA_PROFILE_BASE, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
                                        nullptr, &exe_),
              HSA_STATUS_SUCCESS);
    ASSERT_EQ(hsa_executable_load_code_object(exe_, gpu_, co_, nullptr), HSA_STATUS_SUCCESS);
    ASSERT_EQ(hsa_executable_freeze(exe_, nullptr), HSA_STATUS_SUCCESS);
  }

  hsa_executable_symbol_t Kernel(const char* name) {
    hsa_executable_symbol_t k{0};
    EXPECT_EQ(hsa_executable_get_symbol_by_name(exe_, name, &gpu_, &k), HSA_STATUS_SUCCESS) << name;
    return k;
  }

  std::vector<std::vector<uint8_t>> brigs_;
  hsa_code_object_t co_{0};
  hsa_executable_t exe_{0};
};

template <typename T>
void Put(std::vector<uint8_t>* bytes, size_t offset, T value) {
  if (bytes->size() < offset + sizeof value) bytes->resize(offset + sizeof value, 0xee);
  std::memcpy(bytes->data() + offset, &value, sizeof value);
}

// Kernarg formals with align(n) above their natural alignment and of
// array type (PRM 4.21: each formal at the next multiple of its
// alignment): a u32 at 0, x (u32, align 16) at 16, arr (u16[3]) at 20,
// y (u64, align 32) at 32, out at 40; 48 bytes aligned to 32.
const char kKernargLayout[] = R"(module &layout:1:0:$full:$large:$default;
kernel &k(kernarg_u32 %a, align(16) kernarg_u32 %x, kernarg_u16 %arr[3],
          align(32) kernarg_u64 %y, kernarg_u64 %out)
{
	ld_kernarg_u64 $d0, [%out];
	ld_kernarg_u32 $s0, [%a];
	st_global_u32 $s0, [$d0];
	ld_kernarg_u32 $s0, [%x];
	st_global_u32 $s0, [$d0+4];
	ld_kernarg_u16 $s0, [%arr];
	st_global_u32 $s0, [$d0+8];
	ld_kernarg_u16 $s0, [%arr][2];
	st_global_u32 $s0, [$d0+12];
	mov_b64 $d1, 4;
	ld_kernarg_u16 $s0, [%arr][$d1];
	st_global_u32 $s0, [$d0+16];
	ld_kernarg_u64 $d2, [%y];
	st_global_u64 $d2, [$d0+24];
	ret;
};
)";

TEST_F(ApiExtFinalizerLink, KernargAlignmentAndArraysFollowThePrmLayout) {
  ASSERT_NO_FATAL_FAILURE(Build({kKernargLayout}));
  hsa_executable_symbol_t k = Kernel("&k");
  EXPECT_EQ(Info<uint32_t>(k, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE), 48u);
  EXPECT_EQ(Info<uint32_t>(k, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_ALIGNMENT), 32u);
  uint32_t* out = hsakmt_test::alloc_array<uint32_t>(8);
  ASSERT_NE(out, nullptr);
  std::memset(out, 0, 32);
  // The padding holds values the kernel must not read.
  std::vector<uint8_t> args(48, 0xee);
  Put<uint32_t>(&args, 0, 0x11111111);
  Put<uint32_t>(&args, 4, 0xbad0bad0);
  Put<uint32_t>(&args, 16, 0x22222222);
  Put<uint16_t>(&args, 20, 0x3331);
  Put<uint16_t>(&args, 22, 0x3332);
  Put<uint16_t>(&args, 24, 0x3333);
  Put<uint64_t>(&args, 32, 0x4444444455555555ull);
  Put<uint64_t>(&args, 40, reinterpret_cast<uintptr_t>(out));
  ASSERT_TRUE(Dispatch(gpu_, k, args, 1, 1)) << "the dispatch did not complete";
  EXPECT_EQ(out[0], 0x11111111u);
  EXPECT_EQ(out[1], 0x22222222u);
  EXPECT_EQ(out[2], 0x3331u);
  EXPECT_EQ(out[3], 0x3332u);
  EXPECT_EQ(out[4], 0x3333u);
  EXPECT_EQ(out[6], 0x55555555u);
  EXPECT_EQ(out[7], 0x44444444u);
  hsakmt_test::free_system(out, 4096);
}

// A function declared in one module and defined in another of the same
// program (PRM 4.12.1), and a module-linkage &helper in each module that
// must stay two functions: out[i] = 2 * (i + 5) + 1000 + 7 from &twice
// (which calls its module's identity &helper) and the caller's &helper.
const char kCaller[] = R"(module &caller:1:0:$full:$large:$default;
decl prog function &twice(arg_u32 %r)(arg_u32 %x);
function &helper(arg_u32 %r)(arg_u32 %x)
{
	ld_arg_u32 $s0, [%x];
	add_u32 $s0, $s0, 1000;
	st_arg_u32 $s0, [%r];
	ret;
};
kernel &k(kernarg_u64 %out)
{
	workitemabsid_u32 $s0, 0;
	add_u32 $s1, $s0, 5;
	{
		arg_u32 %r;
		arg_u32 %x;
		st_arg_u32 $s1, [%x];
		call &twice (%r) (%x);
		ld_arg_u32 $s2, [%r];
	}
	{
		arg_u32 %r2;
		arg_u32 %x2;
		st_arg_u32 $s2, [%x2];
		call &helper (%r2) (%x2);
		ld_arg_u32 $s2, [%r2];
	}
	add_u32 $s2, $s2, 7;
	ld_kernarg_u64 $d0, [%out];
	cvt_u64_u32 $d1, $s0;
	shl_u64 $d1, $d1, 2;
	add_u64 $d0, $d0, $d1;
	st_global_u32 $s2, [$d0];
	ret;
};
)";

const char kCallee[] = R"(module &callee:1:0:$full:$large:$default;
function &helper(arg_u32 %r)(arg_u32 %x)
{
	ld_arg_u32 $s0, [%x];
	st_arg_u32 $s0, [%r];
	ret;
};
prog function &twice(arg_u32 %r)(arg_u32 %x)
{
	ld_arg_u32 $s0, [%x];
	{
		arg_u32 %hr;
		arg_u32 %hx;
		st_arg_u32 $s0, [%hx];
		call &helper (%hr) (%hx);
		ld_arg_u32 $s0, [%hr];
	}
	add_u32 $s0, $s0, $s0;
	st_arg_u32 $s0, [%r];
	ret;
};
)";

TEST_F(ApiExtFinalizerLink, AFunctionDefinedInAnotherModuleIsCalled) {
  for (bool callee_first : {false, true}) {
    SCOPED_TRACE(callee_first ? "callee module first" : "caller module first");
    ASSERT_NO_FATAL_FAILURE(Build(callee_first ? std::vector<std::string>{kCallee, kCaller}
                                               : std::vector<std::string>{kCaller, kCallee}));
    hsa_executable_symbol_t k = Kernel("&k");
    const uint32_t n = 100;
    uint32_t* out = hsakmt_test::alloc_array<uint32_t>(n);
    ASSERT_NE(out, nullptr);
    std::memset(out, 0, n * sizeof *out);
    std::vector<uint8_t> args;
    Put<uint64_t>(&args, 0, reinterpret_cast<uintptr_t>(out));
    ASSERT_TRUE(Dispatch(gpu_, k, args, n, 64)) << "the dispatch did not complete";
    for (uint32_t i = 0; i < n; ++i) EXPECT_EQ(out[i], 2 * (i + 5) + 1000 + 7) << i;
    hsakmt_test::free_system(out, 4096);
    Unload();
  }
}

// Declared with program linkage, called, and defined by no module: the
// program cannot be finalized.
TEST_F(ApiExtFinalizerLink, AFunctionNoModuleDefinesFails) {
  ASSERT_NO_FATAL_FAILURE(Build({kCaller}, HSA_EXT_STATUS_ERROR_FINALIZATION_FAILED));
}

// A module-scope private variable of program linkage declared in the
// kernel's module and defined in another (PRM 4.12.1): each work-item's
// copy holds what it stored, out[i] = 3 * i + 1, and the two work-items
// of a wavefront never see each other's.
const char kPrivateUser[] = R"(module &user:1:0:$full:$large:$default;
decl prog private_u32 &p[2];
kernel &k(kernarg_u64 %out)
{
	workitemabsid_u32 $s0, 0;
	mul_u32 $s1, $s0, 3;
	st_private_u32 $s1, [&p];
	st_private_u32 1, [&p][4];
	ld_private_u32 $s1, [&p];
	ld_private_u32 $s2, [&p][4];
	add_u32 $s1, $s1, $s2;
	ld_kernarg_u64 $d0, [%out];
	cvt_u64_u32 $d1, $s0;
	shl_u64 $d1, $d1, 2;
	add_u64 $d0, $d0, $d1;
	st_global_u32 $s1, [$d0];
	ret;
};
)";

const char kPrivateOwner[] = R"(module &owner:1:0:$full:$large:$default;
prog private_u32 &p[2];
)";

TEST_F(ApiExtFinalizerLink, APrivateVariableDefinedInAnotherModule) {
  ASSERT_NO_FATAL_FAILURE(Build({kPrivateUser, kPrivateOwner}));
  hsa_executable_symbol_t k = Kernel("&k");
  const uint32_t n = 100;
  uint32_t* out = hsakmt_test::alloc_array<uint32_t>(n);
  ASSERT_NE(out, nullptr);
  std::memset(out, 0, n * sizeof *out);
  std::vector<uint8_t> args;
  Put<uint64_t>(&args, 0, reinterpret_cast<uintptr_t>(out));
  ASSERT_TRUE(Dispatch(gpu_, k, args, n, 64)) << "the dispatch did not complete";
  for (uint32_t i = 0; i < n; ++i) EXPECT_EQ(out[i], 3 * i + 1) << i;
  hsakmt_test::free_system(out, 4096);
}

// Declared with program linkage by the only module: not finalized.
TEST_F(ApiExtFinalizerLink, APrivateVariableNoModuleDefinesFails) {
  ASSERT_NO_FATAL_FAILURE(Build({kPrivateUser}, HSA_EXT_STATUS_ERROR_FINALIZATION_FAILED));
}

// A global variable of program linkage declared in the kernel's module and
// defined, with an initial value, in another (PRM 4.12.1): the kernel reads
// the definition's value and the executable finds the variable by name.
const char kGlobalUser[] = R"(module &guser:1:0:$full:$large:$default;
decl prog global_u32 &g;
kernel &k(kernarg_u64 %out)
{
	ld_global_u32 $s0, [&g];
	add_u32 $s0, $s0, 1;
	st_global_u32 $s0, [&g];
	ld_kernarg_u64 $d0, [%out];
	st_global_u32 $s0, [$d0];
	ret;
};
)";

const char kGlobalOwner[] = R"(module &gowner:1:0:$full:$large:$default;
prog global_u32 &g = 1234;
)";

TEST_F(ApiExtFinalizerLink, AGlobalVariableDefinedInAnotherModule) {
  ASSERT_NO_FATAL_FAILURE(Build({kGlobalUser, kGlobalOwner}));
  hsa_executable_symbol_t k = Kernel("&k");
  uint32_t* out = hsakmt_test::alloc_array<uint32_t>(1);
  ASSERT_NE(out, nullptr);
  *out = 0;
  std::vector<uint8_t> args;
  Put<uint64_t>(&args, 0, reinterpret_cast<uintptr_t>(out));
  ASSERT_TRUE(Dispatch(gpu_, k, args, 1, 1)) << "the dispatch did not complete";
  EXPECT_EQ(*out, 1235u);
  hsa_executable_symbol_t g{0};
  ASSERT_EQ(hsa_executable_get_symbol_by_name(exe_, "&g", &gpu_, &g), HSA_STATUS_SUCCESS);
  EXPECT_EQ(Info<hsa_symbol_kind_t>(g, HSA_EXECUTABLE_SYMBOL_INFO_TYPE), HSA_SYMBOL_KIND_VARIABLE);
  const uint64_t address = Info<uint64_t>(g, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS);
  ASSERT_NE(address, 0u);
  // The kernel's increment is in the variable the executable names.
  uint32_t value = 0;
  ASSERT_EQ(hsa_memory_copy(&value, reinterpret_cast<const void*>(address), sizeof value),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(value, 1235u);
  hsakmt_test::free_system(out, 4096);
}

}  // namespace
}  // namespace fin_test
