// Memory through the thunk: allocation, GPU mapping, user-memory
// registration, pointer queries, and the errors for wrong addresses.
#include <sys/mman.h>

#include <cstdlib>
#include <cstring>
#include <vector>

#include "thunk_fixture.h"

namespace {

constexpr HSAuint64 kPage = 4096;

HsaMemFlags HostVisible() {
  HsaMemFlags f{};
  f.ui32.HostAccess = 1;
  f.ui32.NonPaged = 1;
  return f;
}

using MemoryTest = ThunkTest;

TEST_F(MemoryTest, SystemMemoryIsHostVisibleAndMapsToTheGpu) {
  void* p = nullptr;
  ASSERT_EQ(hsaKmtAllocMemory(0, 4 * kPage, HostVisible(), &p), HSAKMT_STATUS_SUCCESS);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % kPage, 0u);
  std::memset(p, 0x5a, 4 * kPage);  // the CPU can write all of it
  EXPECT_EQ(static_cast<uint8_t*>(p)[4 * kPage - 1], 0x5a);

  HSAuint64 gpu_va = 1;
  ASSERT_EQ(hsaKmtMapMemoryToGPU(p, 4 * kPage, &gpu_va), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(gpu_va, 0u) << "GPU VA = CPU VA: no alternate address (ROCm's thunk clears it)";

  HsaPointerInfo info{};
  // HsaPointerInfo is packed (4-byte alignment): 64-bit fields are copied
  // out before gtest binds references to them.
  ASSERT_EQ(hsaKmtQueryPointerInfo(static_cast<uint8_t*>(p) + 100, &info), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(info.Type, HSA_POINTER_ALLOCATED);
  EXPECT_EQ(static_cast<void*>(info.CPUAddress), p);
  EXPECT_EQ(static_cast<HSAuint64>(info.GPUAddress), reinterpret_cast<uintptr_t>(p));
  EXPECT_EQ(static_cast<HSAuint64>(info.SizeInBytes), 4 * kPage);
  // System memory and registered memory map to every GPU, as in ROCm's thunk.
  ASSERT_EQ(info.NMappedNodes, hsakmt_test::gpu_node_count());
  EXPECT_EQ(info.MappedNodes[0], gpu());

  ASSERT_EQ(hsaKmtUnmapMemoryToGPU(p), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(hsaKmtQueryPointerInfo(p, &info), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(info.NMappedNodes, 0u);
  EXPECT_EQ(hsaKmtFreeMemory(p, 4 * kPage), HSAKMT_STATUS_SUCCESS);
}

TEST_F(MemoryTest, VramWithAndWithoutHostAccess) {
  void* visible = nullptr;
  ASSERT_EQ(hsaKmtAllocMemory(gpu(), 2 * kPage, HostVisible(), &visible), HSAKMT_STATUS_SUCCESS);
  static_cast<uint32_t*>(visible)[0] = 0xC0FFEE;
  EXPECT_EQ(static_cast<uint32_t*>(visible)[0], 0xC0FFEEu);

  HsaMemFlags device_only{};
  device_only.ui32.NonPaged = 1;
  void* hidden = nullptr;
  ASSERT_EQ(hsaKmtAllocMemory(gpu(), 2 << 20, device_only, &hidden), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(hidden) % (2 << 20), 0u)
      << "large allocations 2 MiB aligned";
  ASSERT_EQ(hsaKmtMapMemoryToGPU(hidden, 2 << 20, nullptr), HSAKMT_STATUS_SUCCESS);
  HsaPointerInfo info{};
  ASSERT_EQ(hsaKmtQueryPointerInfo(hidden, &info), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(info.Node, gpu());
  EXPECT_EQ(static_cast<HSAuint64>(info.SizeInBytes), HSAuint64{2 << 20});

  EXPECT_EQ(hsaKmtFreeMemory(hidden, 2 << 20), HSAKMT_STATUS_SUCCESS) << "free unmaps first";
  EXPECT_EQ(hsaKmtFreeMemory(visible, 2 * kPage), HSAKMT_STATUS_SUCCESS);
}

TEST_F(MemoryTest, WrongArgumentsAndDoubleFree) {
  void* p = nullptr;
  EXPECT_EQ(hsaKmtAllocMemory(0, 100, HostVisible(), &p), HSAKMT_STATUS_INVALID_PARAMETER)
      << "size must be whole pages";
  EXPECT_EQ(hsaKmtAllocMemory(0, 0, HostVisible(), &p), HSAKMT_STATUS_INVALID_PARAMETER);
  EXPECT_EQ(hsaKmtAllocMemory(0, kPage, HostVisible(), nullptr), HSAKMT_STATUS_INVALID_PARAMETER);
  EXPECT_EQ(hsaKmtAllocMemory(1000, kPage, HostVisible(), &p), HSAKMT_STATUS_INVALID_NODE_UNIT);

  ASSERT_EQ(hsaKmtAllocMemory(0, kPage, HostVisible(), &p), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtFreeMemory(static_cast<uint8_t*>(p) + kPage / 2, kPage),
            HSAKMT_STATUS_MEMORY_NOT_REGISTERED)
      << "only the start of an allocation frees it";
  EXPECT_EQ(hsaKmtFreeMemory(p, kPage), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtFreeMemory(p, kPage), HSAKMT_STATUS_MEMORY_NOT_REGISTERED) << "double free";
  EXPECT_EQ(hsaKmtMapMemoryToGPU(p, kPage, nullptr), HSAKMT_STATUS_MEMORY_NOT_REGISTERED);
  EXPECT_EQ(hsaKmtUnmapMemoryToGPU(p), HSAKMT_STATUS_MEMORY_NOT_REGISTERED);
  EXPECT_EQ(hsaKmtFreeMemory(nullptr, kPage), HSAKMT_STATUS_INVALID_PARAMETER);

  int on_stack = 0;
  HsaPointerInfo info{};
  EXPECT_EQ(hsaKmtQueryPointerInfo(&on_stack, &info), HSAKMT_STATUS_ERROR);
  EXPECT_EQ(info.Type, HSA_POINTER_UNKNOWN);

  ASSERT_EQ(hsaKmtAllocMemory(0, kPage, HostVisible(), &p), HSAKMT_STATUS_SUCCESS);
  HSAuint32 bad_node = 999;
  EXPECT_EQ(hsaKmtMapMemoryToGPUNodes(p, kPage, nullptr, HsaMemMapFlags{}, 1, &bad_node),
            HSAKMT_STATUS_INVALID_NODE_UNIT);
  HSAuint32 good = gpu();
  EXPECT_EQ(hsaKmtMapMemoryToGPUNodes(p, kPage, nullptr, HsaMemMapFlags{}, 1, &good),
            HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtFreeMemory(p, kPage), HSAKMT_STATUS_SUCCESS);
}

TEST_F(MemoryTest, FixedAddressReusesAFreedRange) {
  void* p = nullptr;
  ASSERT_EQ(hsaKmtAllocMemory(0, 8 * kPage, HostVisible(), &p), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(hsaKmtFreeMemory(p, 8 * kPage), HSAKMT_STATUS_SUCCESS);
  HsaMemFlags fixed = HostVisible();
  fixed.ui32.FixedAddress = 1;
  void* q = p;
  ASSERT_EQ(hsaKmtAllocMemory(0, 8 * kPage, fixed, &q), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(q, p);
  void* clash = p;
  EXPECT_EQ(hsaKmtAllocMemory(0, kPage, fixed, &clash), HSAKMT_STATUS_INVALID_PARAMETER)
      << "the range is in use";
  EXPECT_EQ(hsaKmtFreeMemory(q, 8 * kPage), HSAKMT_STATUS_SUCCESS);
}

// HSA_RESERVE_SVM=1 (ROCm's thunk: a reserved SVM range from the GPUVM
// aperture's base) puts the first allocations low; without it mmap
// places the range, far above 4 GiB on x86-64.
TEST(ReservedSvmTest, ReservationStartsAtTheGpuvmBase) {
  auto first_allocation = [] {
    EXPECT_EQ(hsaKmtOpenKFD(), HSAKMT_STATUS_SUCCESS);
    void* p = nullptr;
    EXPECT_EQ(hsaKmtAllocMemory(0, kPage, HostVisible(), &p), HSAKMT_STATUS_SUCCESS);
    EXPECT_EQ(hsaKmtFreeMemory(p, kPage), HSAKMT_STATUS_SUCCESS);
    EXPECT_EQ(hsaKmtCloseKFD(), HSAKMT_STATUS_SUCCESS);
    return reinterpret_cast<uintptr_t>(p);
  };
  setenv("HSA_RESERVE_SVM", "1", 1);
  const uintptr_t reserved = first_allocation();
  unsetenv("HSA_RESERVE_SVM");
  const uintptr_t chosen = first_allocation();
  EXPECT_NE(reserved, 0u);
  EXPECT_LT(reserved, uintptr_t{1} << 32);
  EXPECT_GT(chosen, uintptr_t{1} << 32);
}

// AddressSanitizer's shadow starts at 0x7fff8000 on x86-64. With that page
// taken the reserved range cannot start at the GPUVM base at full size; the
// thunk halves it until it fits below, so allocations still start low. In
// an ASan build the shadow holds the page already.
TEST(ReservedSvmTest, ReservationShrinksToFitBelowATakenPage) {
  void* const shadow = reinterpret_cast<void*>(uintptr_t{0x7fff8000});
  void* const ours =
      mmap(shadow, kPage, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
  if (ours != MAP_FAILED && ours != shadow) {
    munmap(ours, kPage);
    GTEST_SKIP() << "mmap ignored MAP_FIXED_NOREPLACE (Linux before 4.17)";
  }
  setenv("HSA_RESERVE_SVM", "1", 1);
  EXPECT_EQ(hsaKmtOpenKFD(), HSAKMT_STATUS_SUCCESS);
  void* p = nullptr;
  EXPECT_EQ(hsaKmtAllocMemory(0, kPage, HostVisible(), &p), HSAKMT_STATUS_SUCCESS);
  EXPECT_NE(p, nullptr);
  EXPECT_LT(reinterpret_cast<uintptr_t>(p), reinterpret_cast<uintptr_t>(shadow));
  EXPECT_EQ(hsaKmtFreeMemory(p, kPage), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtCloseKFD(), HSAKMT_STATUS_SUCCESS);
  unsetenv("HSA_RESERVE_SVM");
  if (ours == shadow) munmap(ours, kPage);
}

// As ROCm's thunk on a dGPU (fmm_register_user_memory, fmm_get_mem_info):
// the user's pages get a GPU VA of their own with the same page offset,
// returned by the map and by pointer queries through either address.
TEST_F(MemoryTest, RegisteredUserMemoryGetsItsOwnGpuAddress) {
  const size_t bytes = 3 * kPage;
  auto* user = static_cast<uint8_t*>(std::aligned_alloc(kPage, bytes));
  ASSERT_NE(user, nullptr);
  uint8_t* p = user + 64;  // registration rounds to pages
  ASSERT_EQ(hsaKmtRegisterMemory(p, bytes - 128), HSAKMT_STATUS_SUCCESS);
  HSAuint64 gpu_va = 0;
  ASSERT_EQ(hsaKmtMapMemoryToGPU(p, bytes - 128, &gpu_va), HSAKMT_STATUS_SUCCESS);
  EXPECT_NE(gpu_va, reinterpret_cast<uintptr_t>(p));
  EXPECT_EQ(gpu_va % kPage, 64u) << "the page offset is kept";
  HsaPointerInfo info{};
  ASSERT_EQ(hsaKmtQueryPointerInfo(p, &info), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(info.Type, HSA_POINTER_REGISTERED_USER);
  EXPECT_EQ(static_cast<void*>(info.CPUAddress), p);
  EXPECT_EQ(static_cast<HSAuint64>(info.GPUAddress), gpu_va);
  EXPECT_EQ(static_cast<HSAuint64>(info.SizeInBytes), bytes - 128) << "the size registered";
  // System memory and registered memory map to every GPU, as in ROCm's thunk.
  ASSERT_EQ(info.NMappedNodes, hsakmt_test::gpu_node_count());
  EXPECT_EQ(info.MappedNodes[0], gpu());
  EXPECT_EQ(hsaKmtSetMemoryUserData(p, &info), HSAKMT_STATUS_SUCCESS);
  // The GPU address finds the same registration.
  HsaPointerInfo by_gpu{};
  ASSERT_EQ(hsaKmtQueryPointerInfo(reinterpret_cast<void*>(gpu_va + 10), &by_gpu),
            HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(static_cast<void*>(by_gpu.CPUAddress), p);
  EXPECT_EQ(static_cast<void*>(by_gpu.UserData), &info);

  // Maps are counted: the range stays mapped until the last unmap.
  HSAuint64 again = 0;
  HSAuint32 node = gpu();
  ASSERT_EQ(hsaKmtMapMemoryToGPUNodes(p, bytes - 128, &again, HsaMemMapFlags{}, 1, &node),
            HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(again, gpu_va);
  ASSERT_EQ(hsaKmtUnmapMemoryToGPU(p), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(hsaKmtQueryPointerInfo(p, &info), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(info.NMappedNodes, hsakmt_test::gpu_node_count()) << "the first map's nodes";
  ASSERT_EQ(hsaKmtUnmapMemoryToGPU(p), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(hsaKmtQueryPointerInfo(p, &info), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(info.NMappedNodes, 0u);

  EXPECT_EQ(hsaKmtDeregisterMemory(p), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtDeregisterMemory(p), HSAKMT_STATUS_MEMORY_NOT_REGISTERED);
  EXPECT_EQ(hsaKmtQueryPointerInfo(reinterpret_cast<void*>(gpu_va), &info), HSAKMT_STATUS_ERROR)
      << "the GPU address goes with the registration";
  std::free(user);
}

// ROCm's thunk gives each registration its own userptr object, so two
// different ranges that share a page both register (fmm_register_memory
// finds no object with that start and size and creates one), each with its
// own GPU address; the same range again only counts.
TEST_F(MemoryTest, RangesSharingAPageRegisterSeparately) {
  auto* page = static_cast<uint8_t*>(std::aligned_alloc(kPage, 2 * kPage));
  ASSERT_NE(page, nullptr);
  uint8_t* first = page + 16;
  uint8_t* second = page + 512;
  ASSERT_EQ(hsaKmtRegisterMemory(first, 256), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(hsaKmtRegisterMemory(second, 1024), HSAKMT_STATUS_SUCCESS) << "shares first's page";
  ASSERT_EQ(hsaKmtRegisterMemory(first, 256), HSAKMT_STATUS_SUCCESS) << "the same range again";
  HSAuint64 va_first = 0, va_second = 0;
  ASSERT_EQ(hsaKmtMapMemoryToGPU(first, 256, &va_first), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(hsaKmtMapMemoryToGPU(second, 1024, &va_second), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(va_first % kPage, 16u);
  EXPECT_EQ(va_second % kPage, 512u);
  EXPECT_NE(va_first & ~(kPage - 1), va_second & ~(kPage - 1)) << "each has its own GPU range";

  // Each query finds the registration that contains the address, also
  // inside the range (fmm_get_mem_info looks the range up).
  HsaPointerInfo info{};
  ASSERT_EQ(hsaKmtQueryPointerInfo(second + 1000, &info), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(info.Type, HSA_POINTER_REGISTERED_USER);
  EXPECT_EQ(static_cast<void*>(info.CPUAddress), second);
  EXPECT_EQ(static_cast<HSAuint64>(info.SizeInBytes), 1024u);
  ASSERT_EQ(hsaKmtQueryPointerInfo(first + 100, &info), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(static_cast<void*>(info.CPUAddress), first);
  EXPECT_EQ(static_cast<HSAuint64>(info.GPUAddress), va_first);

  ASSERT_EQ(hsaKmtUnmapMemoryToGPU(first), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(hsaKmtUnmapMemoryToGPU(second), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtDeregisterMemory(first), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(hsaKmtDeregisterMemory(first), HSAKMT_STATUS_SUCCESS) << "registered twice";
  EXPECT_EQ(hsaKmtDeregisterMemory(first), HSAKMT_STATUS_MEMORY_NOT_REGISTERED);
  ASSERT_EQ(hsaKmtQueryPointerInfo(second, &info), HSAKMT_STATUS_SUCCESS) << "still registered";
  EXPECT_EQ(hsaKmtDeregisterMemory(second), HSAKMT_STATUS_SUCCESS);
  std::free(page);
}

// What ROCm's fmm_get_mem_info reports for user memory: the flags of its
// userptr buffer object (a plain registration is coarse grained, as
// hsaKmtRegisterMemory asks for), no registered nodes unless the
// registration named them, and the GPUs its map reached.
TEST_F(MemoryTest, PointerInfoOfUserMemoryIsRocms) {
  auto* user = static_cast<uint8_t*>(std::aligned_alloc(kPage, kPage));
  ASSERT_NE(user, nullptr);
  ASSERT_EQ(hsaKmtRegisterMemory(user, kPage), HSAKMT_STATUS_SUCCESS);
  HsaPointerInfo info{};
  ASSERT_EQ(hsaKmtQueryPointerInfo(user, &info), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(info.MemFlags.ui32.CoarseGrain, 1u);
  EXPECT_EQ(info.NRegisteredNodes, 0u);
  EXPECT_EQ(info.NMappedNodes, 0u);
  ASSERT_EQ(hsaKmtMapMemoryToGPU(user, kPage, nullptr), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(hsaKmtQueryPointerInfo(user, &info), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(info.NRegisteredNodes, 0u);
  EXPECT_EQ(info.NMappedNodes, hsakmt_test::gpu_node_count());
  ASSERT_EQ(hsaKmtUnmapMemoryToGPU(user), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(hsaKmtDeregisterMemory(user), HSAKMT_STATUS_SUCCESS);

  // With flags the registration's coherence is the caller's.
  HsaMemFlags fine{};
  ASSERT_EQ(hsaKmtRegisterMemoryWithFlags(user, kPage, fine), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(hsaKmtQueryPointerInfo(user, &info), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(info.MemFlags.ui32.CoarseGrain, 0u);
  ASSERT_EQ(hsaKmtDeregisterMemory(user), HSAKMT_STATUS_SUCCESS);

  // Registered to a node list: those are the registered nodes.
  HSAuint32 node = gpu();
  ASSERT_EQ(hsaKmtRegisterMemoryToNodes(user, kPage, 1, &node), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(hsaKmtQueryPointerInfo(user, &info), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(info.NRegisteredNodes, 1u);
  EXPECT_EQ(info.RegisteredNodes[0], node);
  ASSERT_EQ(hsaKmtDeregisterMemory(user), HSAKMT_STATUS_SUCCESS);
  std::free(user);
}

// Two GPUs (the "two_gpus." ctest variant runs this with GCN_EMU_GPUS=2).
class TwoGpuMemoryTest : public ThunkTest {
 protected:
  void SetUp() override {
    ThunkTest::SetUp();
    if (hsakmt_test::gpu_node_count() < 2) GTEST_SKIP() << "needs two GPU nodes";
    HsaSystemProperties sys{};
    ASSERT_EQ(hsaKmtAcquireSystemProperties(&sys), HSAKMT_STATUS_SUCCESS);
    for (HSAuint32 n = 0; n < sys.NumNodes && gpus_.size() < 2; ++n) {
      HsaNodeProperties p{};
      if (hsaKmtGetNodeProperties(n, &p) == HSAKMT_STATUS_SUCCESS && p.NumFComputeCores)
        gpus_.push_back(n);
    }
    ASSERT_EQ(gpus_.size(), 2u);
  }
  std::vector<HSAuint32> gpus_;
};

// fmm_map_to_gpu_nodes: the buffer ends up mapped on exactly the nodes
// asked for (nodes left out are unmapped); an allocation has no registered
// nodes of its own.
TEST_F(TwoGpuMemoryTest, MapToNodesReportsExactlyThoseNodes) {
  void* p = nullptr;
  ASSERT_EQ(hsaKmtAllocMemory(0, kPage, HostVisible(), &p), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(hsaKmtMapMemoryToGPUNodes(p, kPage, nullptr, HsaMemMapFlags{}, 2, gpus_.data()),
            HSAKMT_STATUS_SUCCESS);
  HsaPointerInfo info{};
  ASSERT_EQ(hsaKmtQueryPointerInfo(p, &info), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(info.NRegisteredNodes, 0u);
  ASSERT_EQ(info.NMappedNodes, 2u);
  EXPECT_EQ(info.MappedNodes[0], gpus_[0]);
  EXPECT_EQ(info.MappedNodes[1], gpus_[1]);

  ASSERT_EQ(hsaKmtMapMemoryToGPUNodes(p, kPage, nullptr, HsaMemMapFlags{}, 1, &gpus_[1]),
            HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(hsaKmtQueryPointerInfo(p, &info), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(info.NMappedNodes, 1u) << "the first GPU's mapping is dropped";
  EXPECT_EQ(info.MappedNodes[0], gpus_[1]);
  ASSERT_EQ(hsaKmtUnmapMemoryToGPU(p), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(hsaKmtQueryPointerInfo(p, &info), HSAKMT_STATUS_SUCCESS);
  EXPECT_EQ(info.NMappedNodes, 0u);
  EXPECT_EQ(hsaKmtFreeMemory(p, kPage), HSAKMT_STATUS_SUCCESS);
}

// User memory registered to both GPUs: both are registered nodes, and its
// map (which for user memory ignores the node list) reaches both.
TEST_F(TwoGpuMemoryTest, UserMemoryRegisteredToBothGpus) {
  auto* user = static_cast<uint8_t*>(std::aligned_alloc(kPage, kPage));
  ASSERT_NE(user, nullptr);
  ASSERT_EQ(hsaKmtRegisterMemoryToNodes(user, kPage, 2, gpus_.data()), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(hsaKmtMapMemoryToGPUNodes(user, kPage, nullptr, HsaMemMapFlags{}, 1, &gpus_[0]),
            HSAKMT_STATUS_SUCCESS);
  HsaPointerInfo info{};
  ASSERT_EQ(hsaKmtQueryPointerInfo(user, &info), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(info.NRegisteredNodes, 2u);
  EXPECT_EQ(info.RegisteredNodes[0], gpus_[0]);
  EXPECT_EQ(info.RegisteredNodes[1], gpus_[1]);
  EXPECT_EQ(info.NMappedNodes, 2u);
  ASSERT_EQ(hsaKmtUnmapMemoryToGPU(user), HSAKMT_STATUS_SUCCESS);
  ASSERT_EQ(hsaKmtDeregisterMemory(user), HSAKMT_STATUS_SUCCESS);
  std::free(user);
}

}  // namespace
