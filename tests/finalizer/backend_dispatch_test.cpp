// End to end: vector_add built in LLVM IR and emitted, or written in HSAIL
// and finalized, as a gfx900 code object (v2, v3, v4), loaded through the runtime's executable
// API by its HSAIL name "&vector_add" and dispatched on the virtual GPU
// (finalized_gpu.h); the result is checked against the CPU.
#include "backend_test_kernels.h"
#include "finalized_gpu.h"

namespace finalizer_test {
namespace {

using hsail::finalizer::Options;

class BackendDispatch : public FinalizedGpu, public ::testing::WithParamInterface<int> {
 protected:
  void CheckVectorAdd(std::vector<uint8_t> code);
};

// Loads a code object with vector_add(a, b, c, n) as "&vector_add", runs
// it over 1000 work-items and checks c against the CPU.
void BackendDispatch::CheckVectorAdd(std::vector<uint8_t> code) {
  uint64_t object = 0;
  uint32_t kernarg_size = 0;
  LoadCode(std::move(code), "&vector_add", &object, &kernarg_size);
  ASSERT_NE(object, 0u);
  ASSERT_GE(kernarg_size, 28u);

  const uint32_t n = 1000;  // the last workgroup is partial
  const uint32_t alloc = 1024;
  int32_t* a = Buffer<int32_t>(alloc);
  int32_t* b = Buffer<int32_t>(alloc);
  int32_t* c = Buffer<int32_t>(alloc);
  ASSERT_TRUE(a && b && c);
  for (uint32_t i = 0; i < alloc; ++i) {
    a[i] = static_cast<int32_t>(i * 7) - 300;
    b[i] = static_cast<int32_t>(i * i % 1013);
    c[i] = -1;
  }
  // The kernarg layout: three 8-byte pointers, then the 4-byte count.
  ASSERT_TRUE(Dispatch(object, {Ptr(a), Ptr(b), Ptr(c), n}, n, 64))
      << "the dispatch did not complete";
  for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(c[i], a[i] + b[i]) << "element " << i;
  for (uint32_t i = n; i < alloc; ++i) ASSERT_EQ(c[i], -1) << "element " << i << " past n";
}

TEST_P(BackendDispatch, VectorAddMatchesTheCpu) {
  Options options;
  options.code_object_version = GetParam();
  llvm::LLVMContext context;
  const std::unique_ptr<llvm::Module> ir = make_vector_add(context);
  CheckVectorAdd(hsail::finalizer::emit_code_object(*ir, options));
}

// The whole finalizer: HSAIL text -> BRIG module -> finalize() -> dispatch.
TEST_P(BackendDispatch, FinalizedHsailVectorAddMatchesTheCpu) {
  Options options;
  options.code_object_version = GetParam();
  const hsail::Module brig = hsail::parse_hsail(kVectorAddHsail);
  hsail::validate(brig);
  CheckVectorAdd(hsail::finalizer::finalize(brig, options));
}

INSTANTIATE_TEST_SUITE_P(CodeObjectVersions, BackendDispatch, ::testing::Values(2, 3, 4),
                         [](const ::testing::TestParamInfo<int>& info) {
                           return "v" + std::to_string(info.param);
                         });

}  // namespace
}  // namespace finalizer_test
