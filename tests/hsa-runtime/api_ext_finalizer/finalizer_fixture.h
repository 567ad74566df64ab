// Shared by the finalizer extension tests: the runtime initialized with its
// first GPU and that GPU's ISA, HSAIL kernels and the BRIG bytes libhsail
// assembles from them (an hsa_ext_module_t is a pointer to such bytes),
// and a program destroyed at TearDown.
#pragma once

#include <gtest/gtest.h>
#include <hsa/hsa.h>
#include <hsa/hsa_ext_finalize.h>

#include <cstdint>
#include <string>
#include <vector>

#include <hsail/text/parser.h>

#include "hsa_test_agents.h"
#include "prm_examples.h"

namespace fin_test {

// The PRM's vector add (HSAIL PRM 3.1) for the large machine model (64-bit
// addresses), the module's name and rounding left to the caller.
inline std::string vec_add_hsail(const std::string& module = "&VectorAdd",
                                 const std::string& header = "$full:$large:$default",
                                 const std::string& kernel = "&vec_add") {
  return "module " + module + ":1:0:" + header + ";\n" + "kernel " + kernel +
         R"((kernarg_u64 %a, kernarg_u64 %b, kernarg_u64 %c, kernarg_u32 %n)
{
	ld_kernarg_u32 $s0, [%n];
	workitemabsid_u32 $s1, 0;
	cmp_lt_b1_u32 $c0, $s1, $s0;
	cbr_b1 $c0, @body;
	ret;
@body:
	cvt_u64_u32 $d0, $s1;
	shl_u64 $d0, $d0, 2;
	ld_kernarg_u64 $d1, [%a];
	add_u64 $d1, $d1, $d0;
	ld_global_f32 $s2, [$d1];
	ld_kernarg_u64 $d2, [%b];
	add_u64 $d2, $d2, $d0;
	ld_global_f32 $s3, [$d2];
	add_f32 $s2, $s3, $s2;
	ld_kernarg_u64 $d3, [%c];
	add_u64 $d3, $d3, $d0;
	st_global_f32 $s2, [$d3];
	ret;
};
)";
}

// The PRM's vector add exactly as PRM 3.1 prints it: small machine model,
// 32-bit addresses (tests/finalizer/prm_examples.h).
using finalizer_test::kPrmVectorAdd;

// BRIG bytes, kept 16-byte aligned (BRIG's own alignment) by the vector's
// allocator, which aligns to at least that.
inline std::vector<uint8_t> brig_of(const std::string& hsail_text) {
  return hsail::parse_hsail(hsail_text).to_brig();
}

inline hsa_ext_module_t module_of(std::vector<uint8_t>& brig) {
  return reinterpret_cast<hsa_ext_module_t>(brig.data());
}

// HSA's extension statuses (0x2000 and up) lie outside hsa_status_t's
// enumerators, so they are compared as integers: no hsa_status_t object
// in a test ever holds one (UBSan's enum check objects to loading it).
inline int ext(int status) { return status; }
#define EXPECT_STATUS(call, status) EXPECT_EQ(static_cast<int>(call), static_cast<int>(status))

class FinalizerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
    gpu_ = hsa_test::first_agents().gpu;
    ASSERT_NE(gpu_.handle, 0u) << "the emulated topology has a GPU";
    ASSERT_EQ(hsa_agent_get_info(gpu_, HSA_AGENT_INFO_ISA, &isa_), HSA_STATUS_SUCCESS);
  }
  void TearDown() override {
    if (program_.handle) {
      EXPECT_EQ(hsa_ext_program_destroy(program_), HSA_STATUS_SUCCESS);
    }
    EXPECT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS);
  }

  // A program of the large model and full profile, as the modules here.
  hsa_ext_program_t& NewProgram(
      hsa_default_float_rounding_mode_t rounding = HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT) {
    EXPECT_EQ(hsa_ext_program_create(HSA_MACHINE_MODEL_LARGE, HSA_PROFILE_FULL, rounding, nullptr,
                                     &program_),
              HSA_STATUS_SUCCESS);
    return program_;
  }

  hsa_status_t Finalize(hsa_code_object_t* code_object) {
    hsa_ext_control_directives_t directives{};
    return hsa_ext_program_finalize(program_, isa_, HSA_EXT_FINALIZER_CALL_CONVENTION_AUTO,
                                    directives, nullptr, HSA_CODE_OBJECT_TYPE_PROGRAM, code_object);
  }

  hsa_agent_t gpu_{0};
  hsa_isa_t isa_{0};
  hsa_ext_program_t program_{0};
};

}  // namespace fin_test
