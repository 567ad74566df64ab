// hsa_amd_memory_lock, _lock_to_pool and _unlock on malloc'd memory: the
// thunk's pointer info says the range is pinned and mapped to the GPUs
// asked for, and data the GPU writes through the agent pointer (the
// range's own GPU address, as on a dGPU with ROCm's thunk) is the host's.
#include <cstdlib>
#include <cstring>
#include <vector>

#include "memory_fixture.h"

namespace {

using amd_memory_test::thunk_pointer;

class ApiLockTest : public AmdMemoryTest {
 protected:
  void SetUp() override {
    AmdMemoryTest::SetUp();
    host_ = static_cast<char*>(std::aligned_alloc(4096, kBytes));
    ASSERT_NE(host_, nullptr);
    std::memset(host_, 0, kBytes);
  }
  void TearDown() override {
    AmdMemoryTest::TearDown();
    std::free(host_);
  }
  static constexpr size_t kBytes = 3 * 4096;
  char* host_ = nullptr;
};

TEST_F(ApiLockTest, LockPinsAndMapsToEveryGpu) {
  EXPECT_EQ(thunk_pointer(host_).type, HSA_POINTER_UNKNOWN);
  void* agent_ptr = nullptr;
  ASSERT_EQ(hsa_amd_memory_lock(host_, kBytes, nullptr, 0, &agent_ptr), HSA_STATUS_SUCCESS);
  ASSERT_NE(agent_ptr, nullptr);
  const auto t = thunk_pointer(host_);
  EXPECT_EQ(t.type, HSA_POINTER_REGISTERED_USER);
  EXPECT_EQ(t.mapped, gpu_nodes_);
  EXPECT_TRUE(t.coarse);  // hsa_amd_memory_lock pins as coarse-grained memory
  // The agent pointer is where the GPU sees the host's pages (an address
  // of its own) and the thunk agrees.
  EXPECT_EQ(reinterpret_cast<uint64_t>(agent_ptr), t.gpu);
  EXPECT_NE(agent_ptr, static_cast<void*>(host_));
  EXPECT_EQ(t.cpu, static_cast<void*>(host_));
  // Written by the GPU through the agent's address, read through the host's.
  const char msg[] = "pinned for the GPU";
  void* src = nullptr;
  ASSERT_EQ(hsa_amd_memory_pool_allocate(system_, 4096, 0, &src), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_amd_agents_allow_access(1, &gpu_, nullptr, src), HSA_STATUS_SUCCESS);
  std::memcpy(src, msg, sizeof msg);
  hsa_signal_t done{};
  ASSERT_EQ(hsa_signal_create(1, 0, nullptr, &done), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_amd_memory_async_copy(static_cast<char*>(agent_ptr) + 4096, gpu_, src, cpu_,
                                      sizeof msg, 0, nullptr, done),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_signal_wait_scacquire(done, HSA_SIGNAL_CONDITION_LT, 1, UINT64_MAX,
                                      HSA_WAIT_STATE_BLOCKED),
            0);
  EXPECT_STREQ(host_ + 4096, msg);
  // The host address is not the GPU's: a copy through it is refused.
  EXPECT_EQ(hsa_amd_memory_async_copy(host_ + 4096, gpu_, src, cpu_, sizeof msg, 0, nullptr, done),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  hsa_signal_destroy(done);
  hsa_amd_memory_pool_free(src);
  ASSERT_EQ(hsa_amd_memory_unlock(host_), HSA_STATUS_SUCCESS);
  EXPECT_EQ(thunk_pointer(host_).type, HSA_POINTER_UNKNOWN);
  EXPECT_STREQ(host_ + 4096, msg);  // the data is the user's, untouched
}

TEST_F(ApiLockTest, UnalignedRangeAndChosenAgents) {
  // An unaligned pointer into malloc'd memory, for one GPU.
  char* p = host_ + 100;
  void* agent_ptr = nullptr;
  ASSERT_EQ(hsa_amd_memory_lock(p, 5000, &gpu_, 1, &agent_ptr), HSA_STATUS_SUCCESS);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(agent_ptr) % 4096, 100u) << "the page offset is kept";
  const auto t = thunk_pointer(p + 4999);
  EXPECT_EQ(t.gpu, reinterpret_cast<uintptr_t>(agent_ptr));
  EXPECT_EQ(t.size, 5000u);
  EXPECT_EQ(t.type, HSA_POINTER_REGISTERED_USER);
  EXPECT_EQ(t.mapped, std::vector<uint32_t>{amd_memory_test::node_of(gpu_)});
  EXPECT_EQ(t.cpu, static_cast<void*>(p));
  ASSERT_EQ(hsa_amd_memory_unlock(p), HSA_STATUS_SUCCESS);
  EXPECT_EQ(thunk_pointer(p).type, HSA_POINTER_UNKNOWN);
}

TEST_F(ApiLockTest, CpuOnlyListPinsNothing) {
  void* agent_ptr = nullptr;
  ASSERT_EQ(hsa_amd_memory_lock(host_, kBytes, &cpu_, 1, &agent_ptr), HSA_STATUS_SUCCESS);
  EXPECT_EQ(agent_ptr, static_cast<void*>(host_));
  EXPECT_EQ(thunk_pointer(host_).type, HSA_POINTER_UNKNOWN);
  EXPECT_EQ(hsa_amd_memory_unlock(host_), HSA_STATUS_SUCCESS);
}

TEST_F(ApiLockTest, NestedLocksCount) {
  void* a = nullptr;
  void* b = nullptr;
  ASSERT_EQ(hsa_amd_memory_lock(host_, kBytes, nullptr, 0, &a), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_amd_memory_lock(host_, kBytes, &gpu_, 1, &b), HSA_STATUS_SUCCESS);
  EXPECT_EQ(a, b);
  EXPECT_EQ(thunk_pointer(host_).mapped, gpu_nodes_);  // still the first lock's GPUs
  ASSERT_EQ(hsa_amd_memory_unlock(host_), HSA_STATUS_SUCCESS);
  EXPECT_EQ(thunk_pointer(host_).type, HSA_POINTER_REGISTERED_USER);  // one lock left
  EXPECT_EQ(thunk_pointer(host_).mapped, gpu_nodes_);
  ASSERT_EQ(hsa_amd_memory_unlock(host_), HSA_STATUS_SUCCESS);
  EXPECT_EQ(thunk_pointer(host_).type, HSA_POINTER_UNKNOWN);
  // Unlocking what is not locked changes nothing and succeeds (ROCr).
  EXPECT_EQ(hsa_amd_memory_unlock(host_), HSA_STATUS_SUCCESS);
}

// A range is registered for the GPUs of its first lock and the thunk adds
// none to a registration: a second lock naming another GPU is refused
// (the range stays as it was) rather than leave that GPU without access.
TEST_F(ApiLockTest, NestedLockForAnotherGpuIsRefused) {
  if (gpu_nodes_.size() < 2) GTEST_SKIP() << "needs two GPUs (GCN_EMU_GPUS=2)";
  void* a = nullptr;
  ASSERT_EQ(hsa_amd_memory_lock(host_, kBytes, &gpu_, 1, &a), HSA_STATUS_SUCCESS);
  void* b = reinterpret_cast<void*>(0x1);
  EXPECT_EQ(hsa_amd_memory_lock(host_, kBytes, nullptr, 0, &b), HSA_STATUS_ERROR);
  EXPECT_EQ(b, nullptr);
  EXPECT_EQ(thunk_pointer(host_).mapped, std::vector<uint32_t>{amd_memory_test::node_of(gpu_)});
  ASSERT_EQ(hsa_amd_memory_unlock(host_), HSA_STATUS_SUCCESS);
  EXPECT_EQ(thunk_pointer(host_).type, HSA_POINTER_UNKNOWN);
}

TEST_F(ApiLockTest, OverlappingDifferentRangeIsRefused) {
  void* a = nullptr;
  ASSERT_EQ(hsa_amd_memory_lock(host_, 4096, nullptr, 0, &a), HSA_STATUS_SUCCESS);
  void* b = reinterpret_cast<void*>(0x1);
  EXPECT_EQ(hsa_amd_memory_lock(host_, kBytes, nullptr, 0, &b), HSA_STATUS_ERROR);
  EXPECT_EQ(b, nullptr);
  EXPECT_EQ(thunk_pointer(host_ + 4096).type, HSA_POINTER_UNKNOWN);  // not extended
  ASSERT_EQ(hsa_amd_memory_unlock(host_), HSA_STATUS_SUCCESS);
}

TEST_F(ApiLockTest, LockToPoolTakesThePoolsGranularity) {
  void* agent_ptr = nullptr;
  ASSERT_EQ(hsa_amd_memory_lock_to_pool(host_, kBytes, &gpu_, 1, system_, 0, &agent_ptr),
            HSA_STATUS_SUCCESS);
  EXPECT_EQ(reinterpret_cast<uint64_t>(agent_ptr), thunk_pointer(host_).gpu);
  const auto t = thunk_pointer(host_);
  EXPECT_EQ(t.type, HSA_POINTER_REGISTERED_USER);
  EXPECT_FALSE(t.coarse);  // the system pool is fine-grained
  ASSERT_EQ(hsa_amd_memory_unlock(host_), HSA_STATUS_SUCCESS);
  EXPECT_EQ(thunk_pointer(host_).type, HSA_POINTER_UNKNOWN);
}

TEST_F(ApiLockTest, LockingRuntimeMemoryMapsIt) {
  void* p = nullptr;
  ASSERT_EQ(hsa_amd_memory_pool_allocate(system_, 4096, 0, &p), HSA_STATUS_SUCCESS);
  EXPECT_TRUE(thunk_pointer(p).mapped.empty());
  void* agent_ptr = nullptr;
  ASSERT_EQ(hsa_amd_memory_lock(p, 4096, &gpu_, 1, &agent_ptr), HSA_STATUS_SUCCESS);
  EXPECT_EQ(agent_ptr, p);
  EXPECT_EQ(thunk_pointer(p).type, HSA_POINTER_ALLOCATED);
  EXPECT_EQ(thunk_pointer(p).mapped, std::vector<uint32_t>{amd_memory_test::node_of(gpu_)});
  EXPECT_EQ(hsa_amd_memory_unlock(p), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_amd_memory_pool_free(p), HSA_STATUS_SUCCESS);
}

TEST_F(ApiLockTest, Errors) {
  void* agent_ptr = reinterpret_cast<void*>(0x1);
  EXPECT_EQ(hsa_amd_memory_lock(host_, 0, nullptr, 0, &agent_ptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_memory_lock(nullptr, kBytes, nullptr, 0, &agent_ptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_memory_lock(host_, kBytes, nullptr, 0, nullptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_memory_lock(host_, kBytes, &gpu_, 0, &agent_ptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(agent_ptr, nullptr);  // cleared once the pointer is known good (ROCr)
  EXPECT_EQ(hsa_amd_memory_lock(host_, kBytes, nullptr, 1, &agent_ptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_memory_lock(host_, kBytes, &gpu_, -1, &agent_ptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  hsa_agent_t bad[] = {gpu_, hsa_agent_t{0x31}};
  EXPECT_EQ(hsa_amd_memory_lock(host_, kBytes, bad, 2, &agent_ptr), HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(thunk_pointer(host_).type, HSA_POINTER_UNKNOWN);

  constexpr auto kBadPool = static_cast<hsa_status_t>(HSA_STATUS_ERROR_INVALID_MEMORY_POOL);
  EXPECT_EQ(hsa_amd_memory_lock_to_pool(host_, kBytes, nullptr, 0, vram_, 0, &agent_ptr), kBadPool);
  EXPECT_EQ(hsa_amd_memory_lock_to_pool(host_, kBytes, nullptr, 0, hsa_amd_memory_pool_t{0x31}, 0,
                                        &agent_ptr),
            kBadPool);
  EXPECT_EQ(hsa_amd_memory_lock_to_pool(host_, kBytes, nullptr, 0, system_, 1, &agent_ptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_memory_lock_to_pool(host_, 0, nullptr, 0, system_, 0, &agent_ptr),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_amd_memory_lock_to_pool(host_, kBytes, bad, 2, system_, 0, &agent_ptr),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(thunk_pointer(host_).type, HSA_POINTER_UNKNOWN);
}

TEST_F(ApiLockTest, ShutDownUnpinsWhatIsStillLocked) {
  void* agent_ptr = nullptr;
  ASSERT_EQ(hsa_amd_memory_lock(host_, kBytes, nullptr, 0, &agent_ptr), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_amd_memory_lock(host_, kBytes, nullptr, 0, &agent_ptr), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_shut_down(), HSA_STATUS_SUCCESS);
  // A fresh runtime (and thunk) knows nothing of it.
  ASSERT_EQ(hsa_init(), HSA_STATUS_SUCCESS);
  EXPECT_EQ(thunk_pointer(host_).type, HSA_POINTER_UNKNOWN);
  // The same range locks again as new.
  ASSERT_EQ(hsa_amd_memory_lock(host_, 4096, nullptr, 0, &agent_ptr), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_amd_memory_unlock(host_), HSA_STATUS_SUCCESS);
  EXPECT_EQ(thunk_pointer(host_).type, HSA_POINTER_UNKNOWN);
}

}  // namespace
