// Module-scope variables beyond plain definitions (PRM 4.3, 4.11, 4.12):
// private ones (a copy per work-item in each kernel), a declaration whose
// definition comes later in the module, a program-linkage variable the
// application defines (an undefined symbol the loader resolves through
// hsa_executable_agent_global_variable_define), and signal-handle
// variables. Each kernel runs on the virtual GPU; results are checked
// against what the host computes.
#include "finalized_gpu.h"

namespace finalizer_test {
namespace {

using ModuleVariables = FinalizedGpu;

// out[i] = i * 3 + later + ext, through a private module variable that
// every work-item writes and reads back after a barrier.
constexpr char kVariables[] = R"(module &vars:1:0:$full:$large:$default;
private_u32 &priv;
decl global_u32 &later;
decl prog global_u32 &ext;
kernel &k(kernarg_u64 %out)
{
	workitemabsid_u32 $s0, 0;
	mul_u32 $s1, $s0, 3;
	st_private_u32 $s1, [&priv];
	barrier;
	ld_private_u32 $s2, [&priv];
	ld_global_u32 $s3, [&later];
	add_u32 $s2, $s2, $s3;
	ld_global_u32 $s3, [&ext];
	add_u32 $s2, $s2, $s3;
	cvt_u64_u32 $d0, $s0;
	shl_u64 $d0, $d0, 2;
	ld_kernarg_u64 $d1, [%out];
	add_u64 $d1, $d1, $d0;
	st_global_u32 $s2, [$d1];
	ret;
};
global_u32 &later = 77;
)";

TEST_F(ModuleVariables, PrivateLaterDefinedAndApplicationDefined) {
  auto* ext = Buffer<uint32_t>(1);
  ASSERT_NE(ext, nullptr);
  *ext = 100000;
  defines_.push_back({"&ext", ext});
  uint64_t object = 0;
  Load(kVariables, "&k", &object);
  ASSERT_NE(object, 0u);
  constexpr uint32_t n = 200;
  auto* out = Buffer<uint32_t>(n);
  ASSERT_TRUE(Dispatch(object, {Ptr(out)}, n, 64));
  for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(out[i], i * 3 + 77 + 100000) << i;
}

TEST_F(ModuleVariables, AnUndefinedProgramVariableFailsToLoad) {
  hsail::Module brig = hsail::parse_hsail(kVariables);
  hsail::validate(brig);
  code_ = hsail::finalizer::finalize(brig, hsail::finalizer::Options{});
  ASSERT_EQ(hsa_code_object_reader_create_from_memory(code_.data(), code_.size(), &reader_),
            HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_executable_create_alt(HSA_PROFILE_BASE, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
                                      nullptr, &exe_),
            HSA_STATUS_SUCCESS);
  EXPECT_NE(hsa_executable_load_agent_code_object(exe_, gpu_, reader_, nullptr, nullptr),
            HSA_STATUS_SUCCESS)
      << "&ext is defined nowhere";
}

// A signal handle kept in a module variable and an array of them: the
// handle the host passes comes back unchanged, and the kernel's
// signal_add through the stored handle reaches the host's signal.
constexpr char kSignalVariables[] = R"(module &sigvars:1:0:$full:$large:$default;
global_sig64 &sig;
prog global_sig64 &sigs[4];
kernel &k(kernarg_sig64 %s, kernarg_u64 %out)
{
	ld_kernarg_sig64 $d0, [%s];
	st_global_sig64 $d0, [&sig];
	st_global_sig64 $d0, [&sigs][16];
	ld_global_sig64 $d1, [&sigs][16];
	ld_global_sig64 $d2, [&sig];
	ld_kernarg_u64 $d3, [%out];
	st_global_u64 $d1, [$d3];
	st_global_u64 $d2, [$d3+8];
	signalnoret_add_screl_s64_sig64 $d2, 5;
	ret;
};
)";

TEST_F(ModuleVariables, SignalHandlesInModuleVariables) {
  hsa_signal_t signal{0};
  ASSERT_EQ(hsa_signal_create(10, 0, nullptr, &signal), HSA_STATUS_SUCCESS);
  uint64_t object = 0;
  Load(kSignalVariables, "&k", &object);
  ASSERT_NE(object, 0u);
  auto* out = Buffer<uint64_t>(2);
  ASSERT_TRUE(Dispatch(object, {signal.handle, Ptr(out)}, 1, 1));
  EXPECT_EQ(out[0], signal.handle);
  EXPECT_EQ(out[1], signal.handle);
  EXPECT_EQ(hsa_signal_load_scacquire(signal), 15);
  EXPECT_EQ(hsa_signal_destroy(signal), HSA_STATUS_SUCCESS);
}

}  // namespace
}  // namespace finalizer_test
