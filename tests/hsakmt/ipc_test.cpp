// Memory shared between processes: hsaKmtShareMemory,
// hsaKmtRegisterSharedHandle(ToNodes). On a kernel KFD (gcnkfd) a parent
// shares VRAM with a forked child that opens the KFD itself: the child
// sees the parent's bytes, its writes reach the parent, the memory is an
// ordinary object of the child's (mapped to its GPU, reported as shared,
// released by hsaKmtDeregisterMemory), and it outlives the parent's free.
// On the in-process emulated KFD every call is NOT_SUPPORTED: there is no
// other process to share with.
//
// Children report through their exit status and leave with _exit.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>

#include "thunk_fixture.h"

namespace {

constexpr HSAuint64 kBytes = 64 * 1024;

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

int wait_child(pid_t pid) {
  int status = 0;
  if (waitpid(pid, &status, 0) != pid) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

class IpcTest : public ThunkTest {
 protected:
  void* alloc_vram() {
    HsaMemFlags f{};
    f.ui32.HostAccess = 1;
    f.ui32.NonPaged = 1;
    void* p = nullptr;
    EXPECT_EQ(hsaKmtAllocMemory(gpu(), kBytes, f, &p), HSAKMT_STATUS_SUCCESS);
    return p;
  }
};

// The child's side: imports (then says so on ready_fd and waits for a byte
// on wait_fd, when given), checks seed, maps to its GPU, writes
// child_seed, releases. 0 or the failing step.
int import_in_child(const HsaSharedMemoryHandle* h, uint32_t node, uint32_t seed,
                    uint32_t child_seed, int ready_fd = -1, int wait_fd = -1) {
  if (hsaKmtOpenKFD() != HSAKMT_STATUS_SUCCESS) return 10;
  void* p = nullptr;
  HSAuint64 size = 0;
  if (hsaKmtRegisterSharedHandleToNodes(h, &p, &size, 1, &node) != HSAKMT_STATUS_SUCCESS) return 11;
  if (size != kBytes) return 12;
  char c = 0;
  if (ready_fd >= 0 && write(ready_fd, &c, 1) != 1) return 13;
  if (wait_fd >= 0 && read(wait_fd, &c, 1) != 1) return 13;
  if (!holds(p, seed)) return 14;
  HsaPointerInfo info{};
  if (hsaKmtQueryPointerInfo(p, &info) != HSAKMT_STATUS_SUCCESS) return 15;
  if (info.Type != HSA_POINTER_REGISTERED_SHARED || info.SizeInBytes != kBytes ||
      info.GPUAddress != reinterpret_cast<HSAuint64>(p))
    return 16;
  HSAuint64 alt = 0;
  if (hsaKmtMapMemoryToGPU(p, size, &alt) != HSAKMT_STATUS_SUCCESS) return 17;
  fill(p, child_seed);
  if (hsaKmtUnmapMemoryToGPU(p) != HSAKMT_STATUS_SUCCESS) return 18;
  if (hsaKmtDeregisterMemory(p) != HSAKMT_STATUS_SUCCESS) return 19;
  if (hsaKmtCloseKFD() != HSAKMT_STATUS_SUCCESS) return 20;
  return 0;
}

TEST_F(IpcTest, InProcessKfdCannotShare) {
  if (!on_emulated_kfd()) GTEST_SKIP() << "a kernel KFD shares memory (the other cases)";
  void* p = alloc_vram();
  ASSERT_NE(p, nullptr);
  HsaSharedMemoryHandle h{};
  EXPECT_EQ(hsaKmtShareMemory(p, kBytes, &h), HSAKMT_STATUS_NOT_SUPPORTED);
  void* q = nullptr;
  HSAuint64 size = 0;
  EXPECT_EQ(hsaKmtRegisterSharedHandle(&h, &q, &size), HSAKMT_STATUS_NOT_SUPPORTED);
  uint32_t node = gpu();
  EXPECT_EQ(hsaKmtRegisterSharedHandleToNodes(&h, &q, &size, 1, &node),
            HSAKMT_STATUS_NOT_SUPPORTED);
  EXPECT_EQ(q, nullptr);
  EXPECT_EQ(hsaKmtFreeMemory(p, kBytes), HSAKMT_STATUS_SUCCESS);
}

TEST_F(IpcTest, ChildSeesAndWritesParentMemory) {
  if (on_emulated_kfd()) GTEST_SKIP() << "the emulated KFD is this process's own";
  void* p = alloc_vram();
  ASSERT_NE(p, nullptr);
  fill(p, 0x1111);
  HsaSharedMemoryHandle h{};
  ASSERT_EQ(hsaKmtShareMemory(p, kBytes, &h), HSAKMT_STATUS_SUCCESS);
  // Only the start of an object names it, as in ROCm.
  HsaSharedMemoryHandle other{};
  EXPECT_EQ(hsaKmtShareMemory(static_cast<char*>(p) + 4096, 4096, &other),
            HSAKMT_STATUS_INVALID_PARAMETER);
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) _exit(import_in_child(&h, gpu(), 0x1111, 0x2222));
  EXPECT_EQ(wait_child(pid), 0);
  EXPECT_TRUE(holds(p, 0x2222));
  EXPECT_EQ(hsaKmtFreeMemory(p, kBytes), HSAKMT_STATUS_SUCCESS);
}

TEST_F(IpcTest, ImportOutlivesExportersFree) {
  if (on_emulated_kfd()) GTEST_SKIP() << "the emulated KFD is this process's own";
  void* p = alloc_vram();
  ASSERT_NE(p, nullptr);
  fill(p, 0x3333);
  HsaSharedMemoryHandle h{};
  ASSERT_EQ(hsaKmtShareMemory(p, kBytes, &h), HSAKMT_STATUS_SUCCESS);
  int ready[2], go[2];
  ASSERT_EQ(pipe(ready), 0);
  ASSERT_EQ(pipe(go), 0);
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) _exit(import_in_child(&h, gpu(), 0x3333, 0x4444, ready[1], go[0]));
  // The child holds the pages: the exporter's free leaves them to it.
  char c = 0;
  ASSERT_EQ(read(ready[0], &c, 1), 1);
  ASSERT_EQ(hsaKmtFreeMemory(p, kBytes), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(write(go[1], &c, 1), 1);
  EXPECT_EQ(wait_child(pid), 0);
  for (int fd : {ready[0], ready[1], go[0], go[1]}) close(fd);
}

TEST_F(IpcTest, MadeUpHandleIsRefused) {
  if (on_emulated_kfd()) GTEST_SKIP() << "the emulated KFD is this process's own";
  void* p = alloc_vram();
  ASSERT_NE(p, nullptr);
  HsaSharedMemoryHandle h{};
  ASSERT_EQ(hsaKmtShareMemory(p, kBytes, &h), HSAKMT_STATUS_SUCCESS);
  HsaSharedMemoryHandle bad;
  std::memcpy(bad, h, sizeof(bad));
  bad[2] ^= 1;
  void* q = nullptr;
  HSAuint64 size = 0;
  EXPECT_EQ(hsaKmtRegisterSharedHandle(&bad, &q, &size), HSAKMT_STATUS_ERROR);
  // The right one imports in this process too: a second object.
  ASSERT_EQ(hsaKmtRegisterSharedHandle(&h, &q, &size), HSAKMT_STATUS_SUCCESS);
  EXPECT_NE(q, p);
  EXPECT_EQ(hsaKmtDeregisterMemory(q), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtFreeMemory(p, kBytes), HSAKMT_STATUS_SUCCESS);
}

}  // namespace
