// Buffer objects: what the CPU writes at a VA the GPU reads at the same VA,
// and the KFD's errnos for handles, VAs and sizes.
#include <sys/mman.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "kfd_fixture.h"

namespace kfd_test {
namespace {

constexpr uint32_t kVram = KFD_IOC_ALLOC_MEM_FLAGS_VRAM | KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE |
                           KFD_IOC_ALLOC_MEM_FLAGS_PUBLIC;
constexpr uint32_t kGtt = KFD_IOC_ALLOC_MEM_FLAGS_GTT | KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE;

class MemoryTest : public KfdTest {
 protected:
  uint64_t vram_free() {
    kfd_ioctl_get_available_memory_args a{};
    a.gpu_id = gpus_[0];
    EXPECT_EQ(io(AMDKFD_IOC_AVAILABLE_MEMORY, &a), 0);
    return a.available;
  }
  void* cpu_map(uint64_t va, uint64_t size, uint64_t offset) {
    return t_->mmap(reinterpret_cast<void*>(va), size, PROT_READ | PROT_WRITE,
                    MAP_SHARED | MAP_FIXED, render_fds_[0], static_cast<off_t>(offset));
  }
  Reservation va_{64ull << 20};
};

TEST_F(MemoryTest, VramWrittenByCpuIsReadByGpuAndBack) {
  const uint64_t size = 1 << 20, va = va_.base();
  const uint64_t before = vram_free();
  uint64_t handle = 0, offset = 0;
  ASSERT_EQ(alloc(gpus_[0], va, size, kVram, &handle, &offset), 0);
  EXPECT_EQ(handle >> 32, gpus_[0]);  // the handle carries the gpu id
  EXPECT_EQ(vram_free(), before - size);
  auto* cpu = static_cast<uint32_t*>(cpu_map(va, size, offset));
  ASSERT_EQ(reinterpret_cast<uint64_t>(cpu), va);
  for (uint32_t i = 0; i < size / 4; ++i) cpu[i] = i * 2654435761u;
  EXPECT_EQ(gpu_view(gpus_[0], va), nullptr);  // not mapped to the GPU yet
  uint32_t n = 0;
  ASSERT_EQ(map(handle, {gpus_[0]}, &n), 0);
  EXPECT_EQ(n, 1u);
  auto* gpu = reinterpret_cast<uint32_t*>(gpu_view(gpus_[0], va));
  ASSERT_NE(gpu, nullptr);
  for (uint32_t i = 0; i < size / 4; ++i) ASSERT_EQ(gpu[i], i * 2654435761u) << i;
  gpu[100] = 0x12345678;
  EXPECT_EQ(cpu[100], 0x12345678u);
  EXPECT_EQ(gpu_view(gpus_[0], va + size), nullptr);  // just past the end
  ASSERT_EQ(unmap(handle, {gpus_[0]}), 0);
  EXPECT_EQ(gpu_view(gpus_[0], va), nullptr);
  ASSERT_EQ(free_bo(handle), 0);
  EXPECT_EQ(vram_free(), before);
  EXPECT_EQ(free_bo(handle), -EINVAL);  // double free
}

TEST_F(MemoryTest, GttSeenByGpuWithoutCpuMappingThenByCpu) {
  const uint64_t va = va_.base() + (8 << 20);
  uint64_t handle = 0, offset = 0;
  ASSERT_EQ(alloc(gpus_[0], va, 8192, kGtt, &handle, &offset), 0);
  ASSERT_EQ(map(handle, {gpus_[0]}), 0);
  auto* gpu = reinterpret_cast<uint64_t*>(gpu_view(gpus_[0], va));
  ASSERT_NE(gpu, nullptr);
  gpu[1023] = 0xfeedfacecafebeefull;
  auto* cpu = static_cast<uint64_t*>(cpu_map(va, 8192, offset));
  ASSERT_EQ(reinterpret_cast<uint64_t>(cpu), va);
  EXPECT_EQ(cpu[1023], 0xfeedfacecafebeefull);
  EXPECT_EQ(cpu[0], 0u);  // fresh memory is zero
  // Freeing a mapped buffer is refused until it is unmapped.
  EXPECT_EQ(free_bo(handle), -EBUSY);
  ASSERT_EQ(unmap(handle, {gpus_[0]}), 0);
  EXPECT_EQ(unmap(handle, {gpus_[0]}), -EINVAL);  // not mapped there any more
  EXPECT_EQ(free_bo(handle), 0);
}

TEST_F(MemoryTest, RenderNodeMmapChecksOffsetAndSize) {
  const uint64_t va = va_.base();
  uint64_t handle = 0, offset = 0;
  ASSERT_EQ(alloc(gpus_[0], va, 4096, kGtt, &handle, &offset), 0);
  errno = 0;
  EXPECT_EQ(cpu_map(va, 8192, offset), MAP_FAILED);  // longer than the BO
  EXPECT_EQ(errno, EINVAL);
  EXPECT_EQ(cpu_map(va, 4096, offset + (1ull << 40)), MAP_FAILED);
  EXPECT_EQ(free_bo(handle), 0);
  EXPECT_EQ(cpu_map(va, 4096, offset), MAP_FAILED);  // gone with the BO
}

TEST_F(MemoryTest, VaRulesAndSizes) {
  const uint64_t va = va_.base();
  uint64_t h1 = 0, h2 = 0;
  ASSERT_EQ(alloc(gpus_[0], va, 3 * 4096, kGtt, &h1), 0);
  EXPECT_EQ(alloc(gpus_[0], va + 8192, 4096, kGtt, &h2), -EINVAL);             // overlaps
  EXPECT_EQ(alloc(gpus_[0], va + 100 + (1 << 20), 4096, kGtt, &h2), -EINVAL);  // unaligned
  EXPECT_EQ(alloc(gpus_[0], va + (1 << 20), 0, kGtt, &h2), -EINVAL);           // empty
  EXPECT_EQ(alloc(gpus_[0], va + (1 << 20), 4096, KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE, &h2),
            -EINVAL);                                                           // no memory domain
  EXPECT_EQ(alloc(0, va + (1 << 20), 4096, kGtt, &h2), -EINVAL);                // unknown GPU
  EXPECT_EQ(alloc(gpus_[0], 1ull << 47, 4096, kGtt, &h2), -EINVAL);             // outside GPUVM
  EXPECT_EQ(alloc(gpus_[0], va + (1 << 20), 9ull << 30, kVram, &h2), -ENOMEM);  // > VRAM
  // Right next to it is fine.
  ASSERT_EQ(alloc(gpus_[0], va + 3 * 4096, 4096, kGtt, &h2), 0);
  EXPECT_NE(h1, h2);
  EXPECT_EQ(free_bo(h1), 0);
  EXPECT_EQ(free_bo(h2), 0);
}

TEST_F(MemoryTest, WrongHandlesAndDeviceLists) {
  const uint64_t va = va_.base();
  uint64_t h = 0;
  ASSERT_EQ(alloc(gpus_[0], va, 4096, kGtt, &h), 0);
  const uint64_t bogus = (static_cast<uint64_t>(gpus_[0]) << 32) | 0x7777;
  EXPECT_EQ(free_bo(bogus), -EINVAL);
  EXPECT_EQ(free_bo(0x12345), -EINVAL);        // no such GPU in the handle
  EXPECT_EQ(map(bogus, {gpus_[0]}), -ENOMEM);  // as amdgpu's lookup reports it
  EXPECT_EQ(map(0x12345, {gpus_[0]}), -EINVAL);
  EXPECT_EQ(map(h, {}), -EINVAL);
  kfd_ioctl_map_memory_to_gpu_args a{};
  a.handle = h;
  a.n_devices = 1;
  EXPECT_EQ(io(AMDKFD_IOC_MAP_MEMORY_TO_GPU, &a), -EFAULT);  // no device array
  a.n_success = 2;
  EXPECT_EQ(io(AMDKFD_IOC_MAP_MEMORY_TO_GPU, &a), -EINVAL);
  // n_success counts the devices done before the failure.
  uint32_t n = 0;
  EXPECT_EQ(map(h, {gpus_[0], 0xdead}, &n), -EINVAL);
  EXPECT_EQ(n, 1u);
  EXPECT_NE(gpu_view(gpus_[0], va), nullptr);
  EXPECT_EQ(map(h, {gpus_[0]}), 0);  // mapping again is a no-op
  EXPECT_EQ(unmap(h, {gpus_[0]}), 0);
  EXPECT_EQ(free_bo(h), 0);
  EXPECT_EQ(map(h, {gpus_[0]}), -ENOMEM);
}

TEST_F(MemoryTest, UserptrMapsTheUserPagesThemselves) {
  const size_t bytes = 3 * 4096;
  auto* user = static_cast<uint8_t*>(std::aligned_alloc(4096, bytes));
  ASSERT_NE(user, nullptr);
  for (size_t i = 0; i < bytes; ++i) user[i] = static_cast<uint8_t>(i * 7);
  const uint64_t addr = reinterpret_cast<uint64_t>(user);
  const uint32_t flags = KFD_IOC_ALLOC_MEM_FLAGS_USERPTR | KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE;
  uint64_t h = 0;
  ASSERT_EQ(alloc(gpus_[0], addr, bytes, flags, &h, nullptr, addr), 0);
  ASSERT_EQ(map(h, {gpus_[0]}), 0);
  EXPECT_EQ(gpu_view(gpus_[0], addr + 4097), user + 4097);
  EXPECT_EQ(gpu_view(gpus_[0], addr + 4097)[0], static_cast<uint8_t>(4097 * 7));
  ASSERT_EQ(unmap(h, {gpus_[0]}), 0);
  ASSERT_EQ(free_bo(h), 0);
  std::free(user);

  // User memory must be mapped and page aligned.
  const uint64_t hole = va_.base() + (32 << 20);  // PROT_NONE reservation: not memory
  munmap(reinterpret_cast<void*>(hole), 4096);
  EXPECT_EQ(alloc(gpus_[0], hole, 4096, flags, &h, nullptr, hole), -EFAULT);
  EXPECT_EQ(alloc(gpus_[0], hole, 4096, flags, &h, nullptr, hole + 8), -EINVAL);
}

TEST_F(MemoryTest, DoorbellAndMmioBuffers) {
  const uint64_t va = va_.base();
  uint64_t h = 0, offset = 0;
  const uint32_t db = KFD_IOC_ALLOC_MEM_FLAGS_DOORBELL | KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE;
  EXPECT_EQ(alloc(gpus_[0], va, 4096, db, &h), -EINVAL);  // must be the 8 KiB slice
  ASSERT_EQ(alloc(gpus_[0], va, 8192, db, &h, &offset), 0);
  EXPECT_EQ(offset >> 62, 3u);  // KFD_MMAP_TYPE_DOORBELL
  EXPECT_EQ(free_bo(h), 0);
  const uint32_t mmio = KFD_IOC_ALLOC_MEM_FLAGS_MMIO_REMAP | KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE;
  EXPECT_EQ(alloc(gpus_[0], va, 8192, mmio, &h), -EINVAL);  // one page
  ASSERT_EQ(alloc(gpus_[0], va, 4096, mmio, &h, &offset), 0);
  EXPECT_EQ(offset, static_cast<uint64_t>(gpus_[0]) << 46);  // TYPE_MMIO | gpu id
  void* p =
      t_->mmap(nullptr, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, kfd_, static_cast<off_t>(offset));
  ASSERT_NE(p, MAP_FAILED);
  static_cast<volatile uint32_t*>(p)[0] = 1;  // an HDP flush: accepted
  t_->munmap(p, 4096);
  EXPECT_EQ(free_bo(h), 0);
}

TEST_F(MemoryTest, SecondGpuMapsTheSameBuffer) {
  if (gpus_.size() < 2) GTEST_SKIP() << "needs GCN_EMU_GPUS >= 2";
  const uint64_t va = va_.base();
  uint64_t h = 0;
  ASSERT_EQ(alloc(gpus_[0], va, 4096, kGtt, &h), 0);
  uint32_t n = 0;
  ASSERT_EQ(map(h, {gpus_[0], gpus_[1]}, &n), 0);
  EXPECT_EQ(n, 2u);
  ASSERT_NE(gpu_view(gpus_[1], va), nullptr);
  gpu_view(gpus_[1], va)[5] = 42;
  EXPECT_EQ(gpu_view(gpus_[0], va)[5], 42);
  EXPECT_EQ(unmap(h, {gpus_[0], gpus_[1]}), 0);
  EXPECT_EQ(free_bo(h), 0);
}

}  // namespace
}  // namespace kfd_test
