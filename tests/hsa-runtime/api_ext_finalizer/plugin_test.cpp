// The finalizer lives in libhsart-finalizer.so.1, which the runtime loads
// on the first finalization: a process that only initialises the runtime
// does not map LLVM, one that finalizes does. Module bytes are the
// runtime's own copy from hsa_ext_program_add_module on, so the
// application may reuse its buffer before finalizing.
#include <cstdlib>
#include <fstream>
#include <string>

#include "finalizer_fixture.h"

namespace fin_test {
namespace {

using ApiExtFinalizerPlugin = FinalizerTest;

// Whether a library whose path contains name is mapped into this process.
bool mapped(const std::string& name) {
  std::ifstream maps("/proc/self/maps");
  std::string line;
  while (std::getline(maps, line))
    if (line.find(name) != std::string::npos) return true;
  return false;
}

// Runs in a fresh process (threadsafe death tests re-execute the binary),
// so no earlier test has loaded the plugin. Exit code 0 = as expected.
void FinalizeInAFreshProcess() {
  if (hsa_init() != HSA_STATUS_SUCCESS) std::exit(10);
  hsa_isa_t isa{0};
  hsa_agent_t gpu = hsa_test::first_agents().gpu;
  if (hsa_agent_get_info(gpu, HSA_AGENT_INFO_ISA, &isa) != HSA_STATUS_SUCCESS) std::exit(11);
  if (mapped("libLLVM") || mapped("libhsart-finalizer")) std::exit(12);
  std::vector<uint8_t> brig = brig_of(vec_add_hsail());
  hsa_ext_program_t program{0};
  if (hsa_ext_program_create(HSA_MACHINE_MODEL_LARGE, HSA_PROFILE_FULL,
                             HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT, nullptr,
                             &program) != HSA_STATUS_SUCCESS ||
      hsa_ext_program_add_module(program, module_of(brig)) != HSA_STATUS_SUCCESS)
    std::exit(13);
  if (mapped("libLLVM")) std::exit(14);  // adding a module only validates it
  hsa_code_object_t co{0};
  hsa_ext_control_directives_t directives{};
  if (hsa_ext_program_finalize(program, isa, HSA_EXT_FINALIZER_CALL_CONVENTION_AUTO, directives,
                               nullptr, HSA_CODE_OBJECT_TYPE_PROGRAM, &co) != HSA_STATUS_SUCCESS)
    std::exit(15);
  if (!mapped("libhsart-finalizer.so") || !mapped("libLLVM")) std::exit(16);
  hsa_code_object_destroy(co);
  hsa_ext_program_destroy(program);
  hsa_shut_down();
  std::exit(0);
}

TEST(ApiExtFinalizerPluginLoad, LlvmIsMappedOnlyOnceAProgramIsFinalized) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(FinalizeInAFreshProcess(), ::testing::ExitedWithCode(0), "");
}

TEST_F(ApiExtFinalizerPlugin, TheApplicationMayReuseItsModuleBuffer) {
  std::vector<uint8_t> brig = brig_of(vec_add_hsail());
  ASSERT_EQ(hsa_ext_program_add_module(NewProgram(), module_of(brig)), HSA_STATUS_SUCCESS);
  // Overwrite the header and sections: only the runtime's copy remains.
  std::fill(brig.begin(), brig.end(), 0xa5);
  hsa_code_object_t co{0};
  ASSERT_EQ(Finalize(&co), HSA_STATUS_SUCCESS);
  hsa_code_symbol_t any{0};
  EXPECT_EQ(hsa_code_object_get_symbol(co, "&vec_add", &any), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_code_object_destroy(co), HSA_STATUS_SUCCESS);
}

}  // namespace
}  // namespace fin_test
