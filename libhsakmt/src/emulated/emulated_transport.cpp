// Transport "emulated": the KFD uAPI served in-process. Device opens get a
// real fd number (an eventfd nobody reads), so they never collide with the
// process's other fds. Every /dev/kfd fd shares one emulated KFD process, as
// the kernel shares one kfd_process per address space; closing the last one
// releases it. Render-node fds stand for one GPU each (ACQUIRE_VM, and mmap
// of buffer objects by their mmap_offset).
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include "emulated/ioctl_table.h"
#include "emulated/test_access.h"
#include "transport/transport.h"

namespace hsakmt {
namespace emu {
namespace {

struct OpenFile {
  bool kfd = false;     // /dev/kfd, else a render node
  uint32_t gpu_id = 0;  // render node's GPU
  uint64_t file = 0;    // identity of this open (a struct file)
};

// The emulated "kernel": shared by every transport object of the process.
struct Kernel {
  std::mutex mu;
  std::map<int, OpenFile> files;
  std::shared_ptr<Process> process;
  uint64_t next_file = 1;
};

// Never destroyed: it outlives static destructors. A forked child replaces
// it (after_fork_child).
Kernel*& kernel_slot() {
  static Kernel* k = new Kernel;
  return k;
}

Kernel& kernel() { return *kernel_slot(); }

std::shared_ptr<Process> process_of(int fd, bool* kfd, bool* known) {
  Kernel& k = kernel();
  std::lock_guard<std::mutex> lock(k.mu);
  auto it = k.files.find(fd);
  *known = it != k.files.end();
  *kfd = *known && it->second.kfd;
  return k.process;
}

// Whether `file` names one of p's VMs; Kernel::mu held.
bool holds_render_file(Process& p, uint64_t file) {
  std::lock_guard<std::mutex> lock(p.mu);
  for (const auto& d : p.devices)
    if (d->render_file == file) return true;
  return false;
}

void release_render_file(Process& p, uint64_t file) {
  std::lock_guard<std::mutex> lock(p.mu);
  for (auto& d : p.devices)
    if (d->render_file == file) d->render_file = 0;
}

void* fail_mmap(int err) {
  errno = err;
  return MAP_FAILED;
}

constexpr const char kRenderPrefix[] = "/dev/dri/renderD";

// mmap of /dev/kfd: doorbells, the KFD's own event page, the MMIO page.
void* mmap_kfd(Process& p, void* addr, size_t length, int prot, int flags, uint64_t offset) {
  if (offset % kPage) return fail_mmap(EINVAL);
  const uint64_t type = offset & KFDC_MMAP_TYPE_MASK;
  const auto gpu_id =
      static_cast<uint32_t>((offset & KFDC_MMAP_GPU_ID_MASK) >> KFDC_MMAP_GPU_ID_SHIFT);
  int fd = -1;
  // Buffers are mapped through their render node; Linux's kfd_mmap
  // answers any type it does not serve with -EFAULT.
  if (type != KFDC_MMAP_TYPE_EVENTS && type != KFDC_MMAP_TYPE_DOORBELL &&
      type != KFDC_MMAP_TYPE_MMIO)
    return fail_mmap(EFAULT);
  if (type == KFDC_MMAP_TYPE_EVENTS) {
    std::lock_guard<std::mutex> lock(p.ev_mu);
    if (!p.internal_signal_page.host() || length > KFD_SIGNAL_EVENT_LIMIT * 8)
      return fail_mmap(EINVAL);
    fd = p.internal_signal_page.fd();
    // The slots the process can see are the slots events may use.
    p.signal_slot_count = static_cast<uint32_t>(length / 8);
  } else {
    std::lock_guard<std::mutex> lock(p.mu);
    Device* d = p.device(gpu_id);
    if (!d) return fail_mmap(EINVAL);
    if (type == KFDC_MMAP_TYPE_DOORBELL && length == KFDC_DOORBELL_SLICE_BYTES)
      fd = d->doorbells.fd();
    else if (type == KFDC_MMAP_TYPE_MMIO && length == kPage)
      fd = d->mmio.fd();
    else
      return fail_mmap(EINVAL);
  }
  return ::mmap(addr, length, prot, flags, fd, 0);
}

// mmap of a render node: the buffer object at that offset.
void* mmap_render(Process& p, const OpenFile& f, void* addr, size_t length, int prot, int flags,
                  uint64_t offset) {
  std::lock_guard<std::mutex> lock(p.mu);
  auto it = p.bo_by_offset.upper_bound(offset);
  if (it == p.bo_by_offset.begin()) return fail_mmap(EINVAL);
  BufferObject* bo = std::prev(it)->second;
  const uint64_t rel = offset - bo->mmap_offset;
  if (rel >= bo->size || length > bo->size - rel) return fail_mmap(EINVAL);
  if (bo->owner->info->gpu_id != f.gpu_id) return fail_mmap(EACCES);
  // Only the file that names the VM maps its buffers (as gcnkfd and
  // amdgpu: drm_vma_node_allow for the acquiring file).
  if (bo->owner->render_file != f.file) return fail_mmap(EACCES);
  return ::mmap(addr, length, prot, flags, bo->fd(), static_cast<off_t>(bo->file_offset() + rel));
}

class EmulatedTransport final : public Transport {
 public:
  const char* name() const override { return "emulated"; }

  int open(const char* path, int) override {
    if (!path) return -EFAULT;
    OpenFile f;
    if (std::strcmp(path, kKfdDevice) == 0) {
      f.kfd = true;
    } else if (std::strncmp(path, kRenderPrefix, sizeof(kRenderPrefix) - 1) == 0) {
      char* end = nullptr;
      const unsigned long minor = std::strtoul(path + sizeof(kRenderPrefix) - 1, &end, 10);
      const GpuInfo* g = *end ? nullptr : gpu_by_render_minor(static_cast<uint32_t>(minor));
      if (!g) return -ENOENT;
      f.gpu_id = g->gpu_id;
    } else {
      return -ENOENT;
    }
    const int fd = eventfd(0, EFD_CLOEXEC);
    if (fd < 0) return -errno;
    Kernel& k = kernel();
    std::lock_guard<std::mutex> lock(k.mu);
    f.file = k.next_file++;
    if (f.kfd && !k.process) k.process = std::make_shared<Process>();
    k.files[fd] = f;
    return fd;
  }

  int close(int fd) override {
    Kernel& k = kernel();
    std::shared_ptr<Process> released;
    {
      std::lock_guard<std::mutex> lock(k.mu);
      auto it = k.files.find(fd);
      if (it == k.files.end()) return ::close(fd) < 0 ? -errno : 0;
      const OpenFile closed = it->second;
      k.files.erase(it);
      // As gcnkfd (kernel/render.c): a render file that acquired a VM
      // holds the process like a /dev/kfd file; its last close lets go
      // of the VM's name.
      if (k.process && !closed.kfd) release_render_file(*k.process, closed.file);
      bool held = false;
      for (const auto& [other, f] : k.files)
        held = held || f.kfd || (k.process && holds_render_file(*k.process, f.file));
      if (!held) released = std::move(k.process);
    }
    ::close(fd);
    // The process goes (queues, GPUs, memory) outside the lock, once no
    // ioctl in flight still holds it.
    released.reset();
    return 0;
  }

  int ioctl(int fd, unsigned long request, void* arg) override {
    bool kfd = false, known = false;
    uint32_t render_gpu = 0;
    std::shared_ptr<Process> p = process_of(fd, &kfd, &known);
    if (!known) return -EBADF;
    if (!kfd && render_file_of_fd(fd, &render_gpu)) return render_ioctl(render_gpu, request, arg);
    if (!p) return -ENOTTY;
    return kfd_ioctl(*p, request, arg);
  }

  void* mmap(void* addr, size_t length, int prot, int flags, int fd, off_t offset) override {
    if (fd < 0) return ::mmap(addr, length, prot, flags, fd, offset);
    OpenFile f;
    std::shared_ptr<Process> p;
    {
      Kernel& k = kernel();
      std::lock_guard<std::mutex> lock(k.mu);
      auto it = k.files.find(fd);
      if (it == k.files.end()) return ::mmap(addr, length, prot, flags, fd, offset);
      f = it->second;
      p = k.process;
    }
    if (!p) return fail_mmap(ENODEV);
    const auto off = static_cast<uint64_t>(offset);
    return f.kfd ? mmap_kfd(*p, addr, length, prot, flags, off)
                 : mmap_render(*p, f, addr, length, prot, flags, off);
  }

  int munmap(void* addr, size_t length) override { return ::munmap(addr, length) < 0 ? -errno : 0; }

  int read_file(const std::string& path, std::string* text) override {
    if (!text) return -EFAULT;
    const std::string root = kTopologyRoot;
    if (path.compare(0, root.size(), root) == 0) {
      const auto& files = machine().files;
      auto it = files.find(path);
      if (it == files.end()) return -ENOENT;
      *text = it->second;
      return 0;
    }
    std::ifstream in(path);
    if (!in) return -ENOENT;
    std::ostringstream s;
    s << in.rdbuf();
    *text = s.str();
    return 0;
  }

  // The thunk holds its own locks around this one, so no ioctl of the
  // thunk is half-way through the kernel's file table when the process
  // forks.
  void before_fork() override { kernel().mu.lock(); }
  void after_fork_parent() override { kernel().mu.unlock(); }

  // As the KFD has no process for the child's new address space, the child
  // starts with an empty kernel: its /dev/kfd opens get a process and GPUs
  // of their own, and the fds it inherited are unknown here (an ioctl on
  // one is -EBADF, as amdkfd answers a process that is not the file's;
  // closing one just closes the eventfd).
  //
  // The parent's kernel is abandoned, deliberately leaked: its Process
  // owns virtual GPUs whose command-processor and shader-engine threads
  // exist only in the parent, and queues whose condition variables may
  // have been mid-wait at the fork. Destroying it here would join threads
  // that do not exist and wait on condition variables nobody signals. Its
  // memory (host copies of the parent's GPU state) goes with the child.
  void after_fork_child() override { kernel_slot() = new Kernel; }
};

}  // namespace

uint64_t render_file_of_fd(int fd, uint32_t* gpu_id) {
  Kernel& k = kernel();
  std::lock_guard<std::mutex> lock(k.mu);
  auto it = k.files.find(fd);
  if (it == k.files.end() || it->second.kfd) return 0;
  *gpu_id = it->second.gpu_id;
  return it->second.file;
}

gcn::VirtualGpu* emulated_gpu_for_testing(uint32_t gpu_id) {
  Kernel& k = kernel();
  std::lock_guard<std::mutex> lock(k.mu);
  if (!k.process) return nullptr;
  Device* d = k.process->device(gpu_id);
  return d ? d->gpu.get() : nullptr;
}

}  // namespace emu

std::unique_ptr<Transport> make_emulated_transport() {
  return std::make_unique<emu::EmulatedTransport>();
}

}  // namespace hsakmt
