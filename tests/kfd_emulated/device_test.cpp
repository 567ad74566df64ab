// Per-device ioctls where the emulated KFD differs from gcnkfd or has its
// own parts: apertures, VM acquisition through render nodes, tile config.
// (Policies, scratch, trap handler and clocks: tests/kselftest device_test.)
#include <fcntl.h>

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
  // Linux bounds the count by every topology node, the CPU node included:
  // one more than the GPUs still fills only the GPUs' entries.
  a.num_of_nodes = static_cast<uint32_t>(gpus_.size() + 1);
  EXPECT_EQ(io(AMDKFD_IOC_GET_PROCESS_APERTURES_NEW, &a), 0);
  EXPECT_EQ(a.num_of_nodes, gpus_.size());
  a.num_of_nodes = static_cast<uint32_t>(gpus_.size() + 2);
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
