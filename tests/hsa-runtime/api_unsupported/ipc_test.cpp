// hsa_amd_ipc_memory_* and hsa_amd_ipc_signal_*: argument errors as ROCr
// reports them, then INVALID_ARGUMENT for what names no shared memory or
// signal. Sharing memory itself, in process (not supported) and between
// processes on the module: api_amd_memory/ipc_memory_test.cpp.
#include <cstring>

#include "unsupported_fixture.h"

namespace {

constexpr size_t kBytes = 4096;

bool all_zero(const hsa_amd_ipc_memory_t& h) {
  for (uint32_t word : h.handle)
    if (word != 0) return false;
  return true;
}

hsa_amd_ipc_memory_t filled_handle() {
  hsa_amd_ipc_memory_t h;
  std::memset(&h, 0xA5, sizeof(h));
  return h;
}

TEST(ApiUnsupportedIpcInit, EveryFunctionNeedsInit) {
  hsa_amd_ipc_memory_t h = filled_handle();
  void* p = nullptr;
  hsa_signal_t s{1};
  char byte = 0;
  EXPECT_EQ(hsa_amd_ipc_memory_create(&byte, 1, &h), HSA_STATUS_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(hsa_amd_ipc_memory_attach(&h, 1, 0, nullptr, &p), HSA_STATUS_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(hsa_amd_ipc_memory_detach(&byte), HSA_STATUS_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(hsa_amd_ipc_signal_create(s, &h), HSA_STATUS_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(hsa_amd_ipc_signal_attach(&h, &s), HSA_STATUS_ERROR_NOT_INITIALIZED);
}

using ApiUnsupportedIpc = ApiUnsupportedFixture;

TEST_F(ApiUnsupportedIpc, MemoryCreate) {
  void* p = alloc(gpu_, kBytes);
  ASSERT_NE(p, nullptr);
  hsa_amd_ipc_memory_t h = filled_handle();
  EXPECT_EQ(hsa_amd_ipc_memory_create(nullptr, kBytes, &h), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_ipc_memory_create(p, kBytes, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  // Not a whole allocation of the runtime's (ROCr's rule): no stale handle
  // is left behind.
  EXPECT_EQ(hsa_amd_ipc_memory_create(static_cast<char*>(p) + 1, 1, &h),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_TRUE(all_zero(h));
  int on_stack = 0;
  h = filled_handle();
  EXPECT_EQ(hsa_amd_ipc_memory_create(&on_stack, sizeof(on_stack), &h),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_TRUE(all_zero(h));
}

TEST_F(ApiUnsupportedIpc, MemoryAttach) {
  hsa_amd_ipc_memory_t h = filled_handle();
  void* mapped = &h;
  EXPECT_EQ(hsa_amd_ipc_memory_attach(&h, kBytes, 0, nullptr, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_ipc_memory_attach(&h, kBytes, 1, nullptr, &mapped),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  const hsa_agent_t bad[] = {gpu_, made_up_agent_};
  EXPECT_EQ(hsa_amd_ipc_memory_attach(&h, kBytes, 2, bad, &mapped), HSA_STATUS_ERROR_INVALID_AGENT);
  const hsa_agent_t null_one[] = {null_agent_};
  EXPECT_EQ(hsa_amd_ipc_memory_attach(&h, kBytes, 1, null_one, &mapped),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_amd_ipc_memory_attach(nullptr, kBytes, 0, nullptr, &mapped),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  // Well-formed: no handle can name shared memory here.
  const hsa_agent_t both[] = {gpu_, cpu_};
  EXPECT_EQ(hsa_amd_ipc_memory_attach(&h, kBytes, 2, both, &mapped),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(mapped, nullptr);
  mapped = &h;
  EXPECT_EQ(hsa_amd_ipc_memory_attach(&h, kBytes, 0, nullptr, &mapped),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(mapped, nullptr);
}

TEST_F(ApiUnsupportedIpc, MemoryDetach) {
  // Neither null nor the runtime's own memory was imported by an attach.
  EXPECT_EQ(hsa_amd_ipc_memory_detach(nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  void* p = alloc(cpu_, kBytes);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(hsa_amd_ipc_memory_detach(p), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  // ... and the allocation is still the runtime's (TearDown frees it).
  hsa_amd_pointer_info_t info{};
  info.size = sizeof(info);
  ASSERT_EQ(hsa_amd_pointer_info(p, &info, nullptr, nullptr, nullptr), HSA_STATUS_SUCCESS);
  EXPECT_EQ(info.type, HSA_EXT_POINTER_TYPE_HSA);
}

TEST_F(ApiUnsupportedIpc, SignalCreate) {
  // No signal can be IPC-capable: the attribute is refused at creation.
  hsa_signal_t ipc{};
  EXPECT_NE(hsa_amd_signal_create(1, 0, nullptr, HSA_AMD_SIGNAL_IPC, &ipc), HSA_STATUS_SUCCESS);
  hsa_signal_t s = signal();
  hsa_amd_ipc_signal_t h = filled_handle();
  EXPECT_EQ(hsa_amd_ipc_signal_create(s, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_ipc_signal_create(made_up_signal_, &h), HSA_STATUS_ERROR_INVALID_SIGNAL);
  EXPECT_EQ(hsa_amd_ipc_signal_create(null_signal_, &h), HSA_STATUS_ERROR_INVALID_SIGNAL);
  // A live signal not created with HSA_AMD_SIGNAL_IPC.
  EXPECT_EQ(hsa_amd_ipc_signal_create(s, &h), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_TRUE(all_zero(h));
  // The signal is untouched.
  EXPECT_EQ(hsa_signal_load_scacquire(s), 1);
}

TEST_F(ApiUnsupportedIpc, SignalAttach) {
  hsa_amd_ipc_signal_t h = filled_handle();
  hsa_signal_t s{0x1234};
  EXPECT_EQ(hsa_amd_ipc_signal_attach(nullptr, &s), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_ipc_signal_attach(&h, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_ipc_signal_attach(&h, &s), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(s.handle, 0u);
}

}  // namespace
