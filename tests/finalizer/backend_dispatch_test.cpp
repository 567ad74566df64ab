// End to end: vector_add built in LLVM IR and emitted, or written in HSAIL
// and finalized, as a gfx900 code object (v2, v3, v4), loaded through the runtime's executable
// API by its HSAIL name "&vector_add" and dispatched on a runtime queue of
// the virtual GPU; the result is checked against the CPU.
#include <gtest/gtest.h>
#include <hsa/hsa.h>

#include <cstring>
#include <thread>

#include "backend_test_kernels.h"
#include "finalizer.h"
#include "hsa_test_agents.h"
#include "parser.h"
#include "thunk_gpu.h"
#include "validator.h"

namespace finalizer_test {
namespace {

using hsail::finalizer::Options;

class BackendDispatch : public ::testing::TestWithParam<int> {
 protected:
  void SetUp() override {
    ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
    gpu_ = hsa_test::first_agents().gpu;
    ASSERT_NE(gpu_.handle, 0u) << "the emulated topology has a GPU";
  }
  void TearDown() override {
    if (exe_.handle) hsa_executable_destroy(exe_);
    if (reader_.handle) hsa_code_object_reader_destroy(reader_);
    EXPECT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS);
  }

  // Loads code into a frozen executable; the kernel symbol by HSAIL name.
  hsa_executable_symbol_t Load(const std::vector<uint8_t>& code) {
    hsa_executable_symbol_t kernel{0};
    EXPECT_EQ(hsa_code_object_reader_create_from_memory(code.data(), code.size(), &reader_),
              HSA_STATUS_SUCCESS);
    EXPECT_EQ(hsa_executable_create_alt(HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
                                        nullptr, &exe_),
              HSA_STATUS_SUCCESS);
    EXPECT_EQ(hsa_executable_load_agent_code_object(exe_, gpu_, reader_, nullptr, nullptr),
              HSA_STATUS_SUCCESS);
    EXPECT_EQ(hsa_executable_freeze(exe_, nullptr), HSA_STATUS_SUCCESS);
    EXPECT_EQ(hsa_executable_get_symbol_by_name(exe_, "&vector_add", &gpu_, &kernel),
              HSA_STATUS_SUCCESS);
    return kernel;
  }

  template <typename T>
  T Info(hsa_executable_symbol_t s, hsa_executable_symbol_info_t what) {
    T v{};
    EXPECT_EQ(hsa_executable_symbol_get_info(s, what, &v), HSA_STATUS_SUCCESS) << what;
    return v;
  }

  void CheckVectorAdd(const std::vector<uint8_t>& code);

  hsa_agent_t gpu_{0};
  hsa_code_object_reader_t reader_{0};
  hsa_executable_t exe_{0};
};

// Publishes a dispatch packet on q (body first, header last with release
// order, then the doorbell) and waits for its completion signal.
bool RunPacket(hsa_queue_t* q, hsa_kernel_dispatch_packet_t packet, hsa_signal_t done) {
  const uint64_t index = hsa_queue_add_write_index_screlease(q, 1);
  while (index - hsa_queue_load_read_index_scacquire(q) >= q->size) std::this_thread::yield();
  auto* slot = static_cast<hsa_kernel_dispatch_packet_t*>(q->base_address) + index % q->size;
  const uint16_t header = packet.header;
  packet.header = HSA_PACKET_TYPE_INVALID << HSA_PACKET_HEADER_TYPE;
  std::memcpy(slot, &packet, sizeof packet);
  __atomic_store_n(&slot->header, header, __ATOMIC_RELEASE);
  hsa_signal_store_screlease(q->doorbell_signal, static_cast<hsa_signal_value_t>(index));
  return hsa_signal_wait_scacquire(done, HSA_SIGNAL_CONDITION_EQ, 0, 20'000'000'000ull,
                                   HSA_WAIT_STATE_BLOCKED) == 0;
}

// Loads a code object with vector_add(a, b, c, n) as "&vector_add", runs
// it over 1000 work-items and checks c against the CPU.
void BackendDispatch::CheckVectorAdd(const std::vector<uint8_t>& code) {
  const hsa_executable_symbol_t kernel = Load(code);
  ASSERT_NE(kernel.handle, 0u);
  const uint64_t object = Info<uint64_t>(kernel, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT);
  const uint32_t kernarg_size =
      Info<uint32_t>(kernel, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE);
  ASSERT_NE(object, 0u);
  ASSERT_GE(kernarg_size, 28u);

  const uint32_t n = 1000;  // the last workgroup is partial
  const uint32_t alloc = 1024;
  int32_t* a = hsakmt_test::alloc_array<int32_t>(alloc);
  int32_t* b = hsakmt_test::alloc_array<int32_t>(alloc);
  int32_t* c = hsakmt_test::alloc_array<int32_t>(alloc);
  void* args = hsakmt_test::alloc_system(4096);
  ASSERT_TRUE(a && b && c && args);
  for (uint32_t i = 0; i < alloc; ++i) {
    a[i] = static_cast<int32_t>(i * 7) - 300;
    b[i] = static_cast<int32_t>(i * i % 1013);
    c[i] = -1;
  }
  // The kernarg layout: three 8-byte pointers, then the 4-byte count.
  const uint64_t pointers[3] = {reinterpret_cast<uintptr_t>(a), reinterpret_cast<uintptr_t>(b),
                                reinterpret_cast<uintptr_t>(c)};
  std::memset(args, 0, 4096);
  std::memcpy(args, pointers, sizeof pointers);
  std::memcpy(static_cast<uint8_t*>(args) + 24, &n, sizeof n);

  hsa_queue_t* q = nullptr;
  ASSERT_EQ(hsa_queue_create(gpu_, 64, HSA_QUEUE_TYPE_MULTI, nullptr, nullptr, UINT32_MAX,
                             UINT32_MAX, &q),
            HSA_STATUS_SUCCESS);
  hsa_signal_t done{0};
  ASSERT_EQ(hsa_signal_create(1, 0, nullptr, &done), HSA_STATUS_SUCCESS);
  hsa_kernel_dispatch_packet_t packet{};
  packet.header =
      static_cast<uint16_t>((HSA_PACKET_TYPE_KERNEL_DISPATCH << HSA_PACKET_HEADER_TYPE) |
                            (1 << HSA_PACKET_HEADER_BARRIER) |
                            (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
                            (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE));
  packet.setup = 1 << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS;
  packet.workgroup_size_x = 64;
  packet.workgroup_size_y = packet.workgroup_size_z = 1;
  packet.grid_size_x = n;
  packet.grid_size_y = packet.grid_size_z = 1;
  packet.private_segment_size =
      Info<uint32_t>(kernel, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE);
  packet.group_segment_size =
      Info<uint32_t>(kernel, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE);
  packet.kernel_object = object;
  packet.kernarg_address = args;
  packet.completion_signal = done;
  ASSERT_TRUE(RunPacket(q, packet, done)) << "the dispatch did not complete";

  for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(c[i], a[i] + b[i]) << "element " << i;
  for (uint32_t i = n; i < alloc; ++i) ASSERT_EQ(c[i], -1) << "element " << i << " past n";
  EXPECT_EQ(hsa_signal_destroy(done), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
  hsakmt_test::free_system(args, 4096);
  for (int32_t* p : {a, b, c}) hsakmt_test::free_system(p, alloc * sizeof(int32_t));
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
