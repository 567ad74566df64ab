// End to end: code objects loaded through the executable API, their kernel
// object and kernarg size taken from symbol info, dispatched on a thunk AQL
// queue, results checked against the CPU. scaled_add also proves the
// loader's relocations: it reads a global and a __constant table through
// pointers the load patched.
#include <cstring>

#include "exe_fixture.h"
#include "thunk_gpu.h"

namespace {

class ApiExecutableDispatchTest : public ApiExecutableTest,
                                  public ::testing::WithParamInterface<const char*> {
 protected:
  void SetUp() override {
    ApiExecutableTest::SetUp();
    exe_ = NewExecutable();
    ASSERT_EQ(LoadFile(exe_, "exe_kernels", GetParam()), HSA_STATUS_SUCCESS);
    ASSERT_EQ(hsa_executable_freeze(exe_, nullptr), HSA_STATUS_SUCCESS);
  }

  // Kernel arguments laid out at their offsets in a block of the kernel's
  // kernarg segment size (hidden arguments, if any, stay zero).
  std::vector<uint8_t> Kernargs(hsa_executable_symbol_t k,
                                std::initializer_list<std::pair<size_t, uint64_t>> args,
                                size_t last_arg_end) {
    const uint32_t size = Info<uint32_t>(k, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE);
    EXPECT_GE(size, last_arg_end);
    std::vector<uint8_t> block(std::max<size_t>(size, last_arg_end), 0);
    for (const auto& [offset, value] : args) {
      const size_t bytes = offset + 8 <= block.size() ? 8 : 4;
      std::memcpy(block.data() + offset, &value, bytes);
    }
    return block;
  }

  hsa_executable_t exe_{0};
};

uint64_t Ptr(const void* p) { return reinterpret_cast<uintptr_t>(p); }

TEST_P(ApiExecutableDispatchTest, VectorAddMatchesTheCpu) {
  const hsa_executable_symbol_t k = Symbol(exe_, "vector_add");
  const uint64_t object = Info<uint64_t>(k, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT);
  ASSERT_NE(object, 0u);
  const uint32_t n = 1000;  // the last workgroup is partial
  const uint32_t alloc = 1024;
  int* a = hsakmt_test::alloc_array<int>(alloc);
  int* b = hsakmt_test::alloc_array<int>(alloc);
  int* c = hsakmt_test::alloc_array<int>(alloc);
  ASSERT_TRUE(a && b && c);
  for (uint32_t i = 0; i < alloc; ++i) {
    a[i] = static_cast<int>(i * 7) - 300;
    b[i] = static_cast<int>(i * i % 1013);
    c[i] = -1;
  }
  // vector_add(int* c, const int* a, const int* b, unsigned n)
  const auto args = Kernargs(k, {{0, Ptr(c)}, {8, Ptr(a)}, {16, Ptr(b)}, {24, n}}, 28);
  ASSERT_TRUE(exe_test::Dispatch(object, args, n)) << "the dispatch did not complete";
  for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(c[i], a[i] + b[i]) << "element " << i;
  for (uint32_t i = n; i < alloc; ++i) ASSERT_EQ(c[i], -1) << "element " << i << " past n";
  hsakmt_test::free_system(a, alloc * 4);
  hsakmt_test::free_system(b, alloc * 4);
  hsakmt_test::free_system(c, alloc * 4);
}

TEST_P(ApiExecutableDispatchTest, ScaledAddReadsRelocatedVariables) {
  const hsa_executable_symbol_t k = Symbol(exe_, "scaled_add");
  const uint64_t object = Info<uint64_t>(k, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT);
  // Change the global through its symbol address: the kernel must see it.
  const uint64_t scale_at =
      Info<uint64_t>(Symbol(exe_, "scale"), HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS);
  const int64_t scale = 5;
  std::memcpy(reinterpret_cast<void*>(scale_at), &scale, sizeof scale);
  const int bias[4] = {10, 20, 30, 40};  // the source's table
  const uint32_t n = 256;
  int* a = hsakmt_test::alloc_array<int>(n);
  int* c = hsakmt_test::alloc_array<int>(n);
  ASSERT_TRUE(a && c);
  for (uint32_t i = 0; i < n; ++i) a[i] = static_cast<int>(i) - 100;
  const auto args = Kernargs(k, {{0, Ptr(c)}, {8, Ptr(a)}}, 16);
  ASSERT_TRUE(exe_test::Dispatch(object, args, n));
  for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(c[i], a[i] * 5 + bias[i & 3]) << "element " << i;
  hsakmt_test::free_system(a, n * 4);
  hsakmt_test::free_system(c, n * 4);
}

INSTANTIATE_TEST_SUITE_P(CodeObjectVersions, ApiExecutableDispatchTest,
                         ::testing::Values("v2", "v3", "v4", "v4_noxnack"));

}  // namespace
