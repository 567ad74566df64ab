// hsa_memory_allocate/free/copy/register/deregister/assign_agent with the
// data checked.
#include <hsa/hsa.h>

#include <cstdlib>
#include <cstring>
#include <vector>

#include "core_fixture.h"

namespace {

class CoreMemoryTest : public CoreTest {
 protected:
  void SetUp() override {
    CoreTest::SetUp();
    vram_ = find_region(gpu_, HSA_REGION_SEGMENT_GLOBAL, HSA_REGION_GLOBAL_FLAG_COARSE_GRAINED);
    fine_ = find_region(cpu_, HSA_REGION_SEGMENT_GLOBAL, HSA_REGION_GLOBAL_FLAG_FINE_GRAINED);
    kernarg_ = find_region(cpu_, HSA_REGION_SEGMENT_GLOBAL, HSA_REGION_GLOBAL_FLAG_KERNARG);
    ASSERT_NE(vram_.handle, 0u);
    ASSERT_NE(fine_.handle, 0u);
    ASSERT_NE(kernarg_.handle, 0u);
  }
  hsa_region_t vram_{0}, fine_{0}, kernarg_{0};
};

std::vector<uint8_t> pattern(size_t n, uint8_t seed) {
  std::vector<uint8_t> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<uint8_t>(i * 131 + seed);
  return v;
}

// The thunk's view of an address: which GPU nodes it is mapped to.
bool mapped_to_a_gpu(const void* p) {
  HsaPointerInfo info{};
  if (hsaKmtQueryPointerInfo(p, &info) != HSAKMT_STATUS_SUCCESS) return false;
  return info.NMappedNodes > 0;
}

TEST_F(CoreMemoryTest, AllocateIsAlignedMappedAndUsable) {
  for (hsa_region_t r : {fine_, kernarg_}) {
    void* p = nullptr;
    ASSERT_EQ(hsa_memory_allocate(r, 10000, &p), HSA_STATUS_SUCCESS);
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 4096, 0u);
    EXPECT_TRUE(mapped_to_a_gpu(p));
    // Host accessible: write and read back directly.
    const std::vector<uint8_t> data = pattern(10000, 7);
    std::memcpy(p, data.data(), data.size());
    EXPECT_EQ(std::memcmp(p, data.data(), data.size()), 0);
    EXPECT_EQ(hsa_memory_free(p), HSA_STATUS_SUCCESS);
  }
}

TEST_F(CoreMemoryTest, CopyThroughVram) {
  const size_t n = 3 * 4096 + 123;
  void* host = nullptr;
  void* dev = nullptr;
  ASSERT_EQ(hsa_memory_allocate(fine_, n, &host), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_memory_allocate(vram_, n, &dev), HSA_STATUS_SUCCESS);
  EXPECT_TRUE(mapped_to_a_gpu(dev));
  const std::vector<uint8_t> src = pattern(n, 3);
  ASSERT_EQ(hsa_memory_copy(host, src.data(), n), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_memory_copy(dev, host, n), HSA_STATUS_SUCCESS);
  std::vector<uint8_t> back(n, 0);
  ASSERT_EQ(hsa_memory_copy(back.data(), dev, n), HSA_STATUS_SUCCESS);
  EXPECT_EQ(back, src);
  // A zero-byte copy is a no-op.
  EXPECT_EQ(hsa_memory_copy(back.data(), dev, 0), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_memory_free(dev), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_memory_free(host), HSA_STATUS_SUCCESS);
}

TEST_F(CoreMemoryTest, AllocateErrors) {
  void* p = nullptr;
  size_t max = 0;
  ASSERT_EQ(hsa_region_get_info(vram_, HSA_REGION_INFO_ALLOC_MAX_SIZE, &max), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_memory_allocate(vram_, 0, &p), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_memory_allocate(vram_, 4096, nullptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_memory_allocate(hsa_region_t{0x4242}, 4096, &p), HSA_STATUS_ERROR_INVALID_REGION);
  EXPECT_EQ(hsa_memory_allocate(vram_, max + 1, &p), HSA_STATUS_ERROR_INVALID_ALLOCATION);
}

TEST_F(CoreMemoryTest, FreeErrors) {
  EXPECT_EQ(hsa_memory_free(nullptr), HSA_STATUS_SUCCESS);  // documented no-op
  int local = 0;
  EXPECT_EQ(hsa_memory_free(&local), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  void* p = nullptr;
  ASSERT_EQ(hsa_memory_allocate(fine_, 4096, &p), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_memory_free(p), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_memory_free(p), HSA_STATUS_ERROR_INVALID_ARGUMENT);  // twice
}

TEST_F(CoreMemoryTest, CopyErrors) {
  char buf[16] = {};
  EXPECT_EQ(hsa_memory_copy(nullptr, buf, 8), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_memory_copy(buf, nullptr, 8), HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

TEST_F(CoreMemoryTest, RegisterMakesHostMemoryGpuVisible) {
  const size_t n = 2 * 4096;
  void* user = std::aligned_alloc(4096, n);
  ASSERT_NE(user, nullptr);
  EXPECT_FALSE(mapped_to_a_gpu(user));
  ASSERT_EQ(hsa_memory_register(user, n), HSA_STATUS_SUCCESS);
  EXPECT_TRUE(mapped_to_a_gpu(user));
  // Registered twice, deregistered twice: mapped until the last one.
  ASSERT_EQ(hsa_memory_register(user, n), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_memory_deregister(user, n), HSA_STATUS_SUCCESS);
  EXPECT_TRUE(mapped_to_a_gpu(user));
  // The data is the user's, untouched by registration.
  const std::vector<uint8_t> data = pattern(n, 11);
  std::memcpy(user, data.data(), n);
  std::vector<uint8_t> back(n);
  ASSERT_EQ(hsa_memory_copy(back.data(), user, n), HSA_STATUS_SUCCESS);
  EXPECT_EQ(back, data);
  ASSERT_EQ(hsa_memory_deregister(user, n), HSA_STATUS_SUCCESS);
  EXPECT_FALSE(mapped_to_a_gpu(user));
  EXPECT_EQ(hsa_memory_deregister(user, n), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  std::free(user);
}

// Two small buffers in one page register separately, as with ROCr on
// ROCm's thunk (each gets a userptr object of its own); each stays
// registered until its own deregistration.
TEST_F(CoreMemoryTest, TwoBuffersInOnePageRegister) {
  auto* page = static_cast<uint8_t*>(std::aligned_alloc(4096, 4096));
  ASSERT_NE(page, nullptr);
  uint8_t* a = page + 64;
  uint8_t* b = page + 2048;
  ASSERT_EQ(hsa_memory_register(a, 512), HSA_STATUS_SUCCESS);
  ASSERT_EQ(hsa_memory_register(b, 512), HSA_STATUS_SUCCESS);
  EXPECT_TRUE(mapped_to_a_gpu(a));
  EXPECT_TRUE(mapped_to_a_gpu(b));
  ASSERT_EQ(hsa_memory_deregister(a, 512), HSA_STATUS_SUCCESS);
  EXPECT_TRUE(mapped_to_a_gpu(b));
  ASSERT_EQ(hsa_memory_deregister(b, 512), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_memory_deregister(b, 512), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  std::free(page);
}

TEST_F(CoreMemoryTest, RegisterErrorsAndNoOps) {
  char buf[64] = {};
  EXPECT_EQ(hsa_memory_register(buf, 0), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_memory_register(nullptr, 0), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_memory_deregister(nullptr, 0), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_memory_deregister(buf, sizeof buf), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  // The runtime's own allocations are registered already.
  void* p = nullptr;
  ASSERT_EQ(hsa_memory_allocate(fine_, 4096, &p), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_memory_register(p, 4096), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_memory_deregister(p, 4096), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_memory_free(p), HSA_STATUS_SUCCESS);
}

TEST_F(CoreMemoryTest, AssignAgent) {
  void* p = nullptr;
  ASSERT_EQ(hsa_memory_allocate(vram_, 4096, &p), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_memory_assign_agent(p, gpu_, HSA_ACCESS_PERMISSION_RW), HSA_STATUS_SUCCESS);
  EXPECT_EQ(hsa_memory_assign_agent(p, hsa_agent_t{0x99}, HSA_ACCESS_PERMISSION_RW),
            HSA_STATUS_ERROR_INVALID_AGENT);
  EXPECT_EQ(hsa_memory_assign_agent(nullptr, gpu_, HSA_ACCESS_PERMISSION_RW),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_memory_assign_agent(p, gpu_, static_cast<hsa_access_permission_t>(7)),
            HSA_STATUS_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(hsa_memory_free(p), HSA_STATUS_SUCCESS);
}

}  // namespace
