// A process's session with the emulated KFD driven through the transport
// with raw <linux/kfd_ioctl.h> structs, as the thunk drives it: /dev/kfd
// open, every GPU's render node open and its VM acquired.
#pragma once

#include <gtest/gtest.h>
#include <linux/kfd_ioctl.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "emulated/test_access.h"
#include "transport/transport.h"

namespace kfd_test {

// "name value" lines of a topology properties file.
std::map<std::string, uint64_t> parse_properties(const std::string& text);

// A PROT_NONE reservation of the process's address space, as the thunk
// makes before it asks for buffer objects in it.
class Reservation {
 public:
  explicit Reservation(uint64_t bytes);
  ~Reservation();
  uint64_t base() const { return base_; }

 private:
  uint64_t base_ = 0;
  uint64_t bytes_ = 0;
};

class KfdTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;

  int io(unsigned long request, void* arg) { return t_->ioctl(kfd_, request, arg); }
  std::string read(const std::string& relative_path);  // under the topology root

  // ALLOC_MEMORY_OF_GPU; returns the errno result, fills handle/offset.
  int alloc(uint32_t gpu, uint64_t va, uint64_t size, uint32_t flags, uint64_t* handle,
            uint64_t* mmap_offset = nullptr, uint64_t user_addr = 0);
  int free_bo(uint64_t handle);
  int map(uint64_t handle, const std::vector<uint32_t>& gpus, uint32_t* n_success = nullptr);
  int unmap(uint64_t handle, const std::vector<uint32_t>& gpus);
  // What the GPU sees at va (nullptr when unmapped).
  uint8_t* gpu_view(uint32_t gpu, uint64_t va);

  int create_event(uint32_t type, bool auto_reset, kfd_ioctl_create_event_args* out,
                   uint64_t event_page = 0);
  int wait(std::vector<uint32_t> ids, bool all, uint32_t timeout_ms, uint32_t* result,
           std::vector<kfd_event_data>* data = nullptr);

  std::unique_ptr<hsakmt::Transport> t_;
  int kfd_ = -1;
  std::vector<uint32_t> gpus_;       // gpu ids in node order
  std::vector<uint32_t> gpu_nodes_;  // their node ids
  std::vector<int> render_fds_;
};

}  // namespace kfd_test
