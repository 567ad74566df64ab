#include "kfd_fixture.h"

#include <fcntl.h>
#include <sys/mman.h>

#include <sstream>

namespace kfd_test {

std::map<std::string, uint64_t> parse_properties(const std::string& text) {
  std::map<std::string, uint64_t> out;
  std::istringstream in(text);
  std::string name;
  uint64_t value;
  while (in >> name >> value) out[name] = value;
  return out;
}

Reservation::Reservation(uint64_t bytes) : bytes_(bytes) {
  void* p = mmap(nullptr, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p != MAP_FAILED) base_ = reinterpret_cast<uint64_t>(p);
}

Reservation::~Reservation() {
  if (base_) munmap(reinterpret_cast<void*>(base_), bytes_);
}

void KfdTest::SetUp() {
  t_ = hsakmt::make_emulated_transport();
  kfd_ = t_->open(hsakmt::kKfdDevice, O_RDWR);
  ASSERT_GE(kfd_, 0);
  auto sys = parse_properties(read("system_properties"));
  ASSERT_TRUE(sys.count("platform_id"));
  for (uint32_t node = 0;; ++node) {
    std::string text;
    if (t_->read_file(
            std::string(hsakmt::kTopologyRoot) + "/nodes/" + std::to_string(node) + "/gpu_id",
            &text) != 0)
      break;
    const uint32_t id = static_cast<uint32_t>(std::stoul(text));
    if (id == 0) continue;
    auto props = parse_properties(read("nodes/" + std::to_string(node) + "/properties"));
    const std::string render = "/dev/dri/renderD" + std::to_string(props["drm_render_minor"]);
    const int fd = t_->open(render.c_str(), O_RDWR);
    ASSERT_GE(fd, 0) << render;
    render_fds_.push_back(fd);
    kfd_ioctl_acquire_vm_args acquire{};
    acquire.drm_fd = static_cast<uint32_t>(fd);
    acquire.gpu_id = id;
    ASSERT_EQ(io(AMDKFD_IOC_ACQUIRE_VM, &acquire), 0);
    gpus_.push_back(id);
    gpu_nodes_.push_back(node);
  }
  ASSERT_FALSE(gpus_.empty());
}

void KfdTest::TearDown() {
  for (int fd : render_fds_) t_->close(fd);
  if (kfd_ >= 0) {
    EXPECT_EQ(t_->close(kfd_), 0);
  }
}

std::string KfdTest::read(const std::string& relative_path) {
  std::string text;
  const int r = t_->read_file(std::string(hsakmt::kTopologyRoot) + "/" + relative_path, &text);
  EXPECT_EQ(r, 0) << relative_path;
  return text;
}

int KfdTest::alloc(uint32_t gpu, uint64_t va, uint64_t size, uint32_t flags, uint64_t* handle,
                   uint64_t* mmap_offset, uint64_t user_addr) {
  kfd_ioctl_alloc_memory_of_gpu_args a{};
  a.va_addr = va;
  a.size = size;
  a.gpu_id = gpu;
  a.flags = flags;
  a.mmap_offset = user_addr;
  const int r = io(AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, &a);
  if (handle) *handle = a.handle;
  if (mmap_offset) *mmap_offset = a.mmap_offset;
  return r;
}

int KfdTest::free_bo(uint64_t handle) {
  kfd_ioctl_free_memory_of_gpu_args a{};
  a.handle = handle;
  return io(AMDKFD_IOC_FREE_MEMORY_OF_GPU, &a);
}

int KfdTest::map(uint64_t handle, const std::vector<uint32_t>& gpus, uint32_t* n_success) {
  kfd_ioctl_map_memory_to_gpu_args a{};
  a.handle = handle;
  a.device_ids_array_ptr = reinterpret_cast<uintptr_t>(gpus.data());
  a.n_devices = static_cast<uint32_t>(gpus.size());
  const int r = io(AMDKFD_IOC_MAP_MEMORY_TO_GPU, &a);
  if (n_success) *n_success = a.n_success;
  return r;
}

int KfdTest::unmap(uint64_t handle, const std::vector<uint32_t>& gpus) {
  kfd_ioctl_unmap_memory_from_gpu_args a{};
  a.handle = handle;
  a.device_ids_array_ptr = reinterpret_cast<uintptr_t>(gpus.data());
  a.n_devices = static_cast<uint32_t>(gpus.size());
  return io(AMDKFD_IOC_UNMAP_MEMORY_FROM_GPU, &a);
}

uint8_t* KfdTest::gpu_view(uint32_t gpu, uint64_t va) {
  gcn::VirtualGpu* g = hsakmt::emu::emulated_gpu_for_testing(gpu);
  if (!g) return nullptr;
  gcn::Mapping m;
  if (!g->memory().lookup(va, &m)) return nullptr;
  return m.host + (va - m.va);
}

int KfdTest::create_event(uint32_t type, bool auto_reset, kfd_ioctl_create_event_args* out,
                          uint64_t event_page) {
  *out = {};
  out->event_type = type;
  out->auto_reset = auto_reset;
  out->node_id = gpu_nodes_[0];
  out->event_page_offset = event_page;
  return io(AMDKFD_IOC_CREATE_EVENT, out);
}

int KfdTest::wait(std::vector<uint32_t> ids, bool all, uint32_t timeout_ms, uint32_t* result,
                  std::vector<kfd_event_data>* data) {
  std::vector<kfd_event_data> local(ids.size());
  std::vector<kfd_event_data>& d = data ? *data : local;
  d.resize(ids.size());
  for (size_t i = 0; i < ids.size(); ++i) d[i].event_id = ids[i];
  kfd_ioctl_wait_events_args a{};
  a.events_ptr = reinterpret_cast<uintptr_t>(d.data());
  a.num_events = static_cast<uint32_t>(ids.size());
  a.wait_for_all = all;
  a.timeout = timeout_ms;
  const int r = io(AMDKFD_IOC_WAIT_EVENTS, &a);
  *result = a.wait_result;
  return r;
}

}  // namespace kfd_test
