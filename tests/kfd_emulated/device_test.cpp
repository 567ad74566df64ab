// Per-device ioctls: apertures, VM acquisition, policies, clocks, tiles.
#include <fcntl.h>
#include <time.h>

#include <cerrno>

#include "kfd_fixture.h"

namespace kfd_test {
namespace {

TEST_F(KfdTest, AperturesAreTheGfx9FlatLayout) {
  kfd_ioctl_get_process_apertures_new_args a{};
  ASSERT_EQ(io(AMDKFD_IOC_GET_PROCESS_APERTURES_NEW, &a), 0);
  ASSERT_EQ(a.num_of_nodes, gpus_.size());
  std::vector<kfd_process_device_apertures> ap(a.num_of_nodes);
  a.kfd_process_device_apertures_ptr = reinterpret_cast<uintptr_t>(ap.data());
  ASSERT_EQ(io(AMDKFD_IOC_GET_PROCESS_APERTURES_NEW, &a), 0);
  for (size_t i = 0; i < ap.size(); ++i) {
    EXPECT_EQ(ap[i].gpu_id, gpus_[i]);
    EXPECT_EQ(ap[i].lds_base, 0x1000000000000ull);
    EXPECT_EQ(ap[i].lds_limit, 0x1000000000000ull + 0xffffffffull);
    EXPECT_EQ(ap[i].scratch_base, 0x2000000000000ull);
    EXPECT_EQ(ap[i].scratch_limit, 0x2000000000000ull + 0xffffffffull);
    // GPU VA = process VA: the user half of x86-64.
    EXPECT_LE(ap[i].gpuvm_base, 1ull << 20);
    EXPECT_EQ(ap[i].gpuvm_limit, (1ull << 47) - 1);
  }
  a.num_of_nodes = static_cast<uint32_t>(gpus_.size() + 1);
  EXPECT_EQ(io(AMDKFD_IOC_GET_PROCESS_APERTURES_NEW, &a), -EINVAL);
  a.num_of_nodes = 1;
  a.kfd_process_device_apertures_ptr = 0;
  EXPECT_EQ(io(AMDKFD_IOC_GET_PROCESS_APERTURES_NEW, &a), -EFAULT);

  kfd_ioctl_get_process_apertures_args old{};
  ASSERT_EQ(io(AMDKFD_IOC_GET_PROCESS_APERTURES, &old), 0);
  EXPECT_EQ(old.num_of_nodes, gpus_.size());
  EXPECT_EQ(old.process_apertures[0].gpu_id, gpus_[0]);
}

TEST_F(KfdTest, AcquireVmChecksTheRenderNode) {
  kfd_ioctl_acquire_vm_args a{};
  a.gpu_id = gpus_[0];
  a.drm_fd = static_cast<uint32_t>(render_fds_[0]);
  EXPECT_EQ(io(AMDKFD_IOC_ACQUIRE_VM, &a), 0);  // same file again: fine
  a.drm_fd = static_cast<uint32_t>(kfd_);
  EXPECT_EQ(io(AMDKFD_IOC_ACQUIRE_VM, &a), -EINVAL);  // not a render node
  a.drm_fd = 1000000;
  EXPECT_EQ(io(AMDKFD_IOC_ACQUIRE_VM, &a), -EINVAL);
  a.drm_fd = static_cast<uint32_t>(render_fds_[0]);
  a.gpu_id = 0;
  EXPECT_EQ(io(AMDKFD_IOC_ACQUIRE_VM, &a), -EINVAL);
  // Another open of the same node: the VM already has its file.
  const int other = t_->open("/dev/dri/renderD128", O_RDWR);
  ASSERT_GE(other, 0);
  a.gpu_id = gpus_[0];
  a.drm_fd = static_cast<uint32_t>(other);
  EXPECT_EQ(io(AMDKFD_IOC_ACQUIRE_VM, &a), -EBUSY);
  t_->close(other);
}

TEST(KfdNoVm, DeviceWorkNeedsAcquireVm) {
  auto t = hsakmt::make_emulated_transport();
  const int fd = t->open(hsakmt::kKfdDevice, O_RDWR);
  ASSERT_GE(fd, 0);
  std::string text;
  ASSERT_EQ(t->read_file(std::string(hsakmt::kTopologyRoot) + "/nodes/1/gpu_id", &text), 0);
  kfd_ioctl_alloc_memory_of_gpu_args a{};
  a.gpu_id = static_cast<uint32_t>(std::stoul(text));
  a.va_addr = 1ull << 30;
  a.size = 4096;
  a.flags = KFD_IOC_ALLOC_MEM_FLAGS_GTT;
  EXPECT_EQ(t->ioctl(fd, AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, &a), -ENODEV);
  kfd_ioctl_create_queue_args q{};
  q.gpu_id = a.gpu_id;
  q.queue_type = KFD_IOC_QUEUE_TYPE_COMPUTE_AQL;
  EXPECT_EQ(t->ioctl(fd, AMDKFD_IOC_CREATE_QUEUE, &q), -ESRCH);
  t->close(fd);
}

TEST_F(KfdTest, MemoryPolicyScratchAndTrap) {
  kfd_ioctl_set_memory_policy_args m{};
  m.gpu_id = gpus_[0];
  m.default_policy = KFD_IOC_CACHE_POLICY_COHERENT;
  m.alternate_policy = KFD_IOC_CACHE_POLICY_NONCOHERENT;
  EXPECT_EQ(io(AMDKFD_IOC_SET_MEMORY_POLICY, &m), 0);
  m.alternate_policy = 7;
  EXPECT_EQ(io(AMDKFD_IOC_SET_MEMORY_POLICY, &m), -EINVAL);
  m.alternate_policy = 0;
  m.gpu_id = 0;
  EXPECT_EQ(io(AMDKFD_IOC_SET_MEMORY_POLICY, &m), -EINVAL);

  kfd_ioctl_set_scratch_backing_va_args s{};
  s.gpu_id = gpus_[0];
  s.va_addr = 1ull << 40;
  EXPECT_EQ(io(AMDKFD_IOC_SET_SCRATCH_BACKING_VA, &s), 0);
  s.gpu_id = 12345678;
  EXPECT_EQ(io(AMDKFD_IOC_SET_SCRATCH_BACKING_VA, &s), -EINVAL);

  kfd_ioctl_set_trap_handler_args tr{};
  tr.gpu_id = gpus_[0];
  EXPECT_EQ(io(AMDKFD_IOC_SET_TRAP_HANDLER, &tr), 0);
  tr.gpu_id = 1;
  EXPECT_EQ(io(AMDKFD_IOC_SET_TRAP_HANDLER, &tr), -EINVAL);
}

uint64_t now_ns(clockid_t id) {
  timespec ts{};
  clock_gettime(id, &ts);
  return static_cast<uint64_t>(ts.tv_sec) * 1000000000ull + ts.tv_nsec;
}

TEST_F(KfdTest, ClockCountersTrackTheHostClocks) {
  kfd_ioctl_get_clock_counters_args c{};
  c.gpu_id = gpus_[0];
  const uint64_t raw0 = now_ns(CLOCK_MONOTONIC_RAW);
  const uint64_t boot0 = now_ns(CLOCK_BOOTTIME);
  ASSERT_EQ(io(AMDKFD_IOC_GET_CLOCK_COUNTERS, &c), 0);
  const uint64_t raw1 = now_ns(CLOCK_MONOTONIC_RAW);
  const uint64_t boot1 = now_ns(CLOCK_BOOTTIME);
  EXPECT_GE(c.cpu_clock_counter, raw0);
  EXPECT_LE(c.cpu_clock_counter, raw1);
  EXPECT_GE(c.system_clock_counter, boot0);
  EXPECT_LE(c.system_clock_counter, boot1);
  EXPECT_EQ(c.system_clock_freq, 1000000000ull);
  EXPECT_NE(c.gpu_clock_counter, 0u);
  c.gpu_id = 0;
  ASSERT_EQ(io(AMDKFD_IOC_GET_CLOCK_COUNTERS, &c), 0);
  EXPECT_EQ(c.gpu_clock_counter, 0u);  // unknown GPU reads 0, as in Linux
}

TEST_F(KfdTest, TileConfigIsGfx9) {
  std::vector<uint32_t> tiles(40, 0xffffffff), macro(20, 0xffffffff);
  kfd_ioctl_get_tile_config_args a{};
  a.gpu_id = gpus_[0];
  a.tile_config_ptr = reinterpret_cast<uintptr_t>(tiles.data());
  a.macro_tile_config_ptr = reinterpret_cast<uintptr_t>(macro.data());
  a.num_tile_configs = 40;
  a.num_macro_tile_configs = 20;
  ASSERT_EQ(io(AMDKFD_IOC_GET_TILE_CONFIG, &a), 0);
  EXPECT_EQ(a.gb_addr_config, 0x2a114042u);
  EXPECT_EQ(a.num_tile_configs, 32u);
  EXPECT_EQ(a.num_macro_tile_configs, 16u);
  EXPECT_EQ(tiles[0], 0u);
  EXPECT_EQ(tiles[31], 0u);
  EXPECT_EQ(tiles[32], 0xffffffffu);  // past what the kernel reports: untouched
  a.num_tile_configs = 4;
  a.tile_config_ptr = 0;
  EXPECT_EQ(io(AMDKFD_IOC_GET_TILE_CONFIG, &a), -EFAULT);
  a.gpu_id = 0;
  EXPECT_EQ(io(AMDKFD_IOC_GET_TILE_CONFIG, &a), -EINVAL);
}

}  // namespace
}  // namespace kfd_test
