// The kselftests' system calls routed to the thunk's emulated KFD: the test
// binaries of tests/kselftest/ are linked a second time with this file and
// -Wl,--wrap= for open, close, dup, ioctl, mmap and opendir, so the same
// sources that run against gcnkfd in QEMU run against the in-process KFD.
//
// What the shim bridges, and nothing more:
// - /dev/kfd opens become emulated KFD files; their ioctls and mmaps go to
//   the transport, every other fd to libc.
// - The topology under /sys/devices/virtual/kfd/kfd/topology is the
//   emulated machine's text, written once into a private directory that
//   open/opendir of those paths are redirected to.
// - Opens of a GPU's render node, /dev/dri/renderD<minor> (the minors of
//   the emulated topology, as gcnkfd's are its render nodes'), become the
//   emulated KFD's render files: ACQUIRE_VM's drm_fd and the mmap of
//   buffer objects, as on the module. Their ioctls, mmaps and closes go to
//   the transport too.
// - The transport knows a file by the fd it gave it; a dup(2) of such an
//   fd names the same file, in the calls above and as ACQUIRE_VM's
//   drm_fd.
// Every rule (errnos, bounds, ids) stays the emulated KFD's own.
#include <dirent.h>
#include <fcntl.h>
#include <linux/kfd_ioctl.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdarg>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "emulated/topology.h"
#include "transport/transport.h"

extern "C" {
int __real_open(const char* path, int flags, ...);
int __real_close(int fd);
int __real_dup(int fd);
int __real_ioctl(int fd, unsigned long request, ...);
void* __real_mmap(void* addr, size_t length, int prot, int flags, int fd, off_t offset);
DIR* __real_opendir(const char* path);
}

namespace {

// One open of /dev/kfd or a render node, keyed by the fd the transport
// gave it: how many fds name it. The transport knows files by that first
// fd, so when the program closes it while a dup lives on, the number stays
// open until the last dup goes.
struct DevFile {
  int fds = 1;
  bool first_fd_open = true;
};

constexpr const char kRenderPrefix[] = "/dev/dri/renderD";

struct Shim {
  std::mutex mu;
  std::unique_ptr<hsakmt::Transport> transport = hsakmt::make_emulated_transport();
  std::map<int, DevFile> files;  // transport fd of a device open
  std::map<int, int> dups;       // dup(2) of such an fd -> that fd
  std::string topology_dir;      // the emulated sysfs tree on disk
  pid_t topology_owner = 0;      // the process that removes it at exit
};

Shim& shim() {
  static Shim* const s = new Shim;  // outlives static destructors
  return *s;
}

int fail(int negative_errno) {
  errno = -negative_errno;
  return -1;
}

// The device file an fd names (itself or what it is a dup of), or -1.
int dev_file_of(int fd) {
  Shim& s = shim();
  std::lock_guard<std::mutex> lock(s.mu);
  auto f = s.files.find(fd);
  if (f != s.files.end() && f->second.first_fd_open) return fd;
  auto it = s.dups.find(fd);
  return it == s.dups.end() ? -1 : it->second;
}

bool is_device(const char* path) {
  return path && (std::strcmp(path, hsakmt::kKfdDevice) == 0 ||
                  std::strncmp(path, kRenderPrefix, sizeof(kRenderPrefix) - 1) == 0);
}

void remove_topology_dir() {
  Shim& s = shim();
  // Forked test cases leave through _exit; only the process that wrote
  // the tree removes it.
  if (s.topology_owner != getpid()) return;
  std::error_code ignored;
  std::filesystem::remove_all(s.topology_dir, ignored);
}

// Writes every topology file of the emulated machine under a private
// directory, once, before the harness forks its first case.
__attribute__((constructor)) void write_topology() {
  Shim& s = shim();
  const char* tmp = std::getenv("TMPDIR");
  std::string dir = std::string(tmp && *tmp ? tmp : "/tmp") + "/kselftest-emu-XXXXXX";
  if (!mkdtemp(dir.data())) return;
  s.topology_dir = dir;
  s.topology_owner = getpid();
  std::atexit(remove_topology_dir);
  const std::string root = hsakmt::kTopologyRoot;
  for (const auto& [path, text] : hsakmt::emu::machine().files) {
    const std::filesystem::path target = dir + path.substr(root.size());
    std::filesystem::create_directories(target.parent_path());
    std::ofstream(target) << text;
  }
  for (const std::string& path : hsakmt::emu::machine().empty_dirs)
    std::filesystem::create_directories(dir + path.substr(root.size()));
}

// A path under the topology root redirected to the written tree.
std::string redirect(const char* path) {
  const size_t n = std::strlen(hsakmt::kTopologyRoot);
  if (path && std::strncmp(path, hsakmt::kTopologyRoot, n) == 0 &&
      (path[n] == '\0' || path[n] == '/'))
    return shim().topology_dir + (path + n);
  return {};
}

}  // namespace

extern "C" {

int __wrap_open(const char* path, int flags, ...) {
  mode_t mode = 0;
  if (flags & (O_CREAT | O_TMPFILE)) {
    va_list ap;
    va_start(ap, flags);
    mode = va_arg(ap, mode_t);
    va_end(ap);
  }
  if (is_device(path)) {
    Shim& s = shim();
    const int fd = s.transport->open(path, flags);
    if (fd < 0) return fail(fd);
    std::lock_guard<std::mutex> lock(s.mu);
    s.files[fd] = DevFile{};
    return fd;
  }
  const std::string moved = redirect(path);
  return __real_open(moved.empty() ? path : moved.c_str(), flags, mode);
}

DIR* __wrap_opendir(const char* path) {
  const std::string moved = redirect(path);
  return __real_opendir(moved.empty() ? path : moved.c_str());
}

int __wrap_dup(int fd) {
  const int copy = __real_dup(fd);
  const int file = copy < 0 ? -1 : dev_file_of(fd);
  if (file >= 0) {
    Shim& s = shim();
    std::lock_guard<std::mutex> lock(s.mu);
    s.dups[copy] = file;
    s.files[file].fds++;
  }
  return copy;
}

int __wrap_close(int fd) {
  Shim& s = shim();
  int file = -1;
  {
    std::lock_guard<std::mutex> lock(s.mu);
    auto d = s.dups.find(fd);
    auto f = s.files.find(fd);
    if (d != s.dups.end()) {
      file = d->second;
      s.dups.erase(d);
      __real_close(fd);
    } else if (f != s.files.end() && f->second.first_fd_open) {
      file = fd;
      f->second.first_fd_open = false;
    } else {
      return __real_close(fd);
    }
    auto it = s.files.find(file);
    if (--it->second.fds > 0) return 0;
    s.files.erase(it);
  }
  // The last fd of the file.
  const int r = s.transport->close(file);
  return r < 0 ? fail(r) : 0;
}

int __wrap_ioctl(int fd, unsigned long request, ...) {
  va_list ap;
  va_start(ap, request);
  void* arg = va_arg(ap, void*);
  va_end(ap);
  const int file = dev_file_of(fd);
  if (file < 0) return __real_ioctl(fd, request, arg);
  Shim& s = shim();
  // ACQUIRE_VM naming a dup of a render file: the file itself.
  if (_IOC_TYPE(request) == AMDKFD_IOCTL_BASE &&
      _IOC_NR(request) == _IOC_NR(AMDKFD_IOC_ACQUIRE_VM) &&
      _IOC_SIZE(request) >= sizeof(kfd_ioctl_acquire_vm_args) && arg) {
    kfd_ioctl_acquire_vm_args a;
    std::memcpy(&a, arg, sizeof(a));
    const int vm_file = dev_file_of(static_cast<int>(a.drm_fd));
    if (vm_file >= 0 && vm_file != static_cast<int>(a.drm_fd)) {
      a.drm_fd = static_cast<uint32_t>(vm_file);
      const int r = s.transport->ioctl(file, request, &a);
      return r < 0 ? fail(r) : 0;
    }
  }
  const int r = s.transport->ioctl(file, request, arg);
  return r < 0 ? fail(r) : 0;
}

void* __wrap_mmap(void* addr, size_t length, int prot, int flags, int fd, off_t offset) {
  const int file = dev_file_of(fd);
  if (file < 0) return __real_mmap(addr, length, prot, flags, fd, offset);
  return shim().transport->mmap(addr, length, prot, flags, file, offset);
}

}  // extern "C"
