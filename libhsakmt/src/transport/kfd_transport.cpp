// Transport "kfd": the real driver. Each call is the system call itself; the
// kernel validates arguments and reports errors as errno.
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>
#include <xf86drm.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "transport.h"

namespace hsakmt {
namespace {

class KfdTransport final : public Transport {
 public:
  const char* name() const override { return "kfd"; }

  // Render nodes are opened through libdrm, as ROCm's thunk does, so the
  // driver sees the same client; everything else with open(2).
  int open(const char* path, int flags) override {
    static const char kRender[] = "/dev/dri/renderD";
    int fd;
    if (std::strncmp(path, kRender, sizeof(kRender) - 1) == 0) {
      errno = 0;
      fd = drmOpenRender(std::atoi(path + sizeof(kRender) - 1));
      if (fd < 0 && errno == 0) errno = ENODEV;
    } else {
      fd = ::open(path, flags | O_CLOEXEC);
    }
    return fd < 0 ? -errno : fd;
  }

  int close(int fd) override { return ::close(fd) < 0 ? -errno : 0; }

  int ioctl(int fd, unsigned long request, void* arg) override {
    return ::ioctl(fd, request, arg) < 0 ? -errno : 0;
  }

  void* mmap(void* addr, size_t length, int prot, int flags, int fd, off_t offset) override {
    return ::mmap(addr, length, prot, flags, fd, offset);
  }

  int munmap(void* addr, size_t length) override { return ::munmap(addr, length) < 0 ? -errno : 0; }

  int read_file(const std::string& path, std::string* text) override {
    std::ifstream in(path);
    if (!in) return errno ? -errno : -ENOENT;
    std::ostringstream s;
    s << in.rdbuf();
    *text = s.str();
    return 0;
  }
};

}  // namespace

std::unique_ptr<Transport> make_kfd_transport() { return std::make_unique<KfdTransport>(); }

}  // namespace hsakmt
