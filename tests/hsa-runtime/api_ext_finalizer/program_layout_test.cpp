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

class ApiExtFinalizerLayout : public FinalizerTest {
 protected:
  void TearDown() override {
    if (exe_.handle) {
      EXPECT_EQ(hsa_executable_destroy(exe_), HSA_STATUS_SUCCESS);
    }
    if (co_.handle) {
      EXPECT_EQ(hsa_code_object_destroy(co_), HSA_STATUS_SUCCESS);
    }
    FinalizerTest::TearDown();
  }

  // A program of the modules (HSAIL texts, assembled by HSAILasm),
  // finalized and loaded; a fatal failure when HSAILasm or the finalizer
  // refuses.
  void Build(const std::vector<std::string>& texts) {
    ASSERT_EQ(access("/usr/bin/HSAILasm", X_OK), 0) << "HSAILasm (the oracle) is missing";
    NewProgram();
    for (const std::string& text : texts) {
      brigs_.push_back(hsailasm_brig(text));
      ASSERT_FALSE(brigs_.back().empty()) << "HSAILasm refuses:\n" << text;
      ASSERT_EQ(hsa_ext_program_add_module(program_, module_of(brigs_.back())), HSA_STATUS_SUCCESS);
    }
    ASSERT_EQ(Finalize(&co_), HSA_STATUS_SUCCESS);
    ASSERT_EQ(hsa_executable_create_alt(HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
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

TEST_F(ApiExtFinalizerLayout, KernargAlignmentAndArraysFollowThePrmLayout) {
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

}  // namespace
}  // namespace fin_test
