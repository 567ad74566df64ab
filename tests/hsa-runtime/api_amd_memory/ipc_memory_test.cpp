// hsa_amd_ipc_memory_create, _attach and _detach between two processes. On
// a kernel KFD (the module, in the VM) the parent shares an allocation and
// runs this binary again as the child (IpcMemoryChild, which does nothing
// without the handle in its environment): the child attaches, sees the
// parent's bytes, reports the pointer as IPC, writes its own and detaches;
// the parent reads them. On the in-process emulated KFD the thunk cannot
// share (hsaKmtShareMemory: NOT_SUPPORTED) and create fails as ROCr fails
// then, INVALID_ARGUMENT.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "memory_fixture.h"

namespace {

constexpr size_t kBytes = 64 * 1024;
constexpr const char* kHandleVar = "HSART_TEST_IPC_HANDLE";

bool on_emulated_kfd() {
  const char* forced = std::getenv("HSAKMT_TRANSPORT");
  if (forced) return std::strcmp(forced, "emulated") == 0;
  return access("/dev/kfd", F_OK) != 0;
}

uint32_t word(uint32_t seed, size_t i) { return seed ^ static_cast<uint32_t>(i * 2654435761u); }

void fill(void* p, uint32_t seed) {
  auto* w = static_cast<uint32_t*>(p);
  for (size_t i = 0; i < kBytes / 4; ++i) w[i] = word(seed, i);
}

bool holds(const void* p, uint32_t seed) {
  const auto* w = static_cast<const uint32_t*>(p);
  for (size_t i = 0; i < kBytes / 4; ++i)
    if (w[i] != word(seed, i)) return false;
  return true;
}

std::string to_hex(const hsa_amd_ipc_memory_t& h) {
  std::string s;
  char buf[9];
  for (uint32_t w : h.handle) {
    std::snprintf(buf, sizeof(buf), "%08x", w);
    s += buf;
  }
  return s;
}

bool from_hex(const char* s, hsa_amd_ipc_memory_t* h) {
  if (std::strlen(s) != 64) return false;
  for (int i = 0; i < 8; ++i) {
    char part[9] = {};
    std::memcpy(part, s + 8 * i, 8);
    h->handle[i] = static_cast<uint32_t>(std::strtoul(part, nullptr, 16));
  }
  return true;
}

// The CPU agent's first pool the runtime allocates from: system memory the
// parent and child both touch directly.
hsa_amd_memory_pool_t system_pool(hsa_agent_t cpu) {
  for (hsa_amd_memory_pool_t p : amd_memory_test::pools_of(cpu))
    if (amd_memory_test::pool_info<bool>(p, HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED))
      return p;
  return hsa_amd_memory_pool_t{0};
}

class IpcMemory : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
    const hsa_test::FirstAgents first = hsa_test::first_agents();
    gpu_ = first.gpu;
    cpu_ = first.cpu;
    ASSERT_NE(gpu_.handle, 0u);
    pool_ = system_pool(cpu_);
    ASSERT_NE(pool_.handle, 0u);
  }
  void TearDown() override { EXPECT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS); }

  hsa_agent_t gpu_{}, cpu_{};
  hsa_amd_memory_pool_t pool_{};
};

TEST_F(IpcMemory, InProcessNothingToShareWith) {
  if (!on_emulated_kfd()) GTEST_SKIP() << "a kernel KFD shares (TwoProcesses)";
  void* p = nullptr;
  ASSERT_EQ(hsa_amd_memory_pool_allocate(pool_, kBytes, 0, &p), HSA_STATUS_SUCCESS);
  // The thunk's answer, the reason for the runtime's.
  HsaSharedMemoryHandle shared{};
  EXPECT_EQ(hsaKmtShareMemory(p, kBytes, &shared), HSAKMT_STATUS_NOT_SUPPORTED);
  hsa_amd_ipc_memory_t h;
  std::memset(&h, 0xA5, sizeof(h));
  EXPECT_EQ(hsa_amd_ipc_memory_create(p, kBytes, &h), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  for (uint32_t w : h.handle) EXPECT_EQ(w, 0u);
  EXPECT_EQ(hsa_amd_memory_pool_free(p), HSA_STATUS_SUCCESS);
}

TEST_F(IpcMemory, TwoProcesses) {
  if (on_emulated_kfd()) GTEST_SKIP() << "the emulated KFD is this process's own";
  void* p = nullptr;
  ASSERT_EQ(hsa_amd_memory_pool_allocate(pool_, kBytes, 0, &p), HSA_STATUS_SUCCESS);
  fill(p, 0xabc);
  hsa_amd_ipc_memory_t h{};
  // ROCr's rule: the whole allocation, by its start and size.
  EXPECT_EQ(hsa_amd_ipc_memory_create(static_cast<char*>(p) + 4096, 4096, &h),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_ipc_memory_create(p, kBytes / 2, &h), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  ASSERT_EQ(hsa_amd_ipc_memory_create(p, kBytes, &h), HSA_STATUS_SUCCESS);

  // Set before the fork: the child of a threaded process only execs.
  ASSERT_EQ(setenv(kHandleVar, to_hex(h).c_str(), 1), 0);
  const pid_t pid = fork();
  if (pid == 0) {
    execl("/proc/self/exe", "ipc_child", "--gtest_filter=IpcMemoryChild.*", nullptr);
    _exit(127);
  }
  unsetenv(kHandleVar);
  ASSERT_GE(pid, 0);
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  EXPECT_TRUE(holds(p, 0xdef)) << "the child's writes reach the parent";
  // Not an import of this process: detach refuses it.
  EXPECT_EQ(hsa_amd_ipc_memory_detach(p), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_memory_pool_free(p), HSA_STATUS_SUCCESS);
}

// The child half of TwoProcesses; skips when run on its own.
TEST(IpcMemoryChild, AttachSeesParentMemory) {
  const char* hex = std::getenv(kHandleVar);
  if (!hex) GTEST_SKIP() << "run by IpcMemory.TwoProcesses";
  hsa_amd_ipc_memory_t h{};
  ASSERT_TRUE(from_hex(hex, &h));
  ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
  const hsa_test::FirstAgents first = hsa_test::first_agents();
  void* q = nullptr;
  ASSERT_EQ(hsa_amd_ipc_memory_attach(&h, kBytes, 1, &first.gpu, &q), HSA_STATUS_SUCCESS);
  ASSERT_NE(q, nullptr);
  EXPECT_TRUE(holds(q, 0xabc));
  hsa_amd_pointer_info_t info{};
  info.size = sizeof(info);
  ASSERT_EQ(hsa_amd_pointer_info(q, &info, nullptr, nullptr, nullptr), HSA_STATUS_SUCCESS);
  EXPECT_EQ(info.type, HSA_EXT_POINTER_TYPE_IPC);
  EXPECT_EQ(info.agentBaseAddress, q);
  EXPECT_EQ(info.sizeInBytes, kBytes);
  fill(q, 0xdef);
  EXPECT_EQ(hsa_amd_ipc_memory_detach(q), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_amd_ipc_memory_detach(q), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  // A second attach with no agents (mapped on every GPU) works as well.
  ASSERT_EQ(hsa_amd_ipc_memory_attach(&h, kBytes, 0, nullptr, &q), HSA_STATUS_SUCCESS);
  EXPECT_TRUE(holds(q, 0xdef));
  EXPECT_EQ(hsa_amd_ipc_memory_detach(q), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS);
}

}  // namespace
