#include "kfd_backend_port.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace gcn::device {

namespace {

std::string why(const std::string& what) { return what + ": " + std::strerror(errno); }

}  // namespace

std::unique_ptr<KfdBackendPort> KfdBackendPort::attach(const std::string& path, uint32_t gpu_id,
                                                       std::string* error) {
  std::unique_ptr<KfdBackendPort> p(new KfdBackendPort());
  p->gpu_id_ = gpu_id;
  const std::string gpu = path + " (gpu " + std::to_string(gpu_id) + ")";
  p->fd_ = open(path.c_str(), O_RDWR | O_CLOEXEC);
  if (p->fd_ < 0) {
    *error = why("cannot open " + path) + (errno == ENOENT ? " (is the gcnkfd module loaded?)"
                                           : errno == EACCES || errno == EPERM
                                               ? " (the device process must run as root)"
                                               : "");
    return nullptr;
  }
  fw_vgpu_attach a{};
  a.gpu_id = gpu_id;
  if (ioctl(p->fd_, FW_VGPU_IOC_ATTACH, &a) != 0) {
    *error = why("ATTACH " + gpu) + (errno == EBUSY    ? " (another device process serves this GPU)"
                                     : errno == ENODEV ? " (no such GPU in the module's topology)"
                                                       : "");
    return nullptr;
  }
  if (a.version != FW_VGPU_VERSION) {
    *error = "ATTACH " + gpu + ": backend version " + std::to_string(a.version) + ", expected " +
             std::to_string(FW_VGPU_VERSION);
    return nullptr;
  }
  if (!a.ih_entries || (a.ih_entries & (a.ih_entries - 1))) {
    *error = "ATTACH " + gpu + ": IH ring of " + std::to_string(a.ih_entries) +
             " entries is not a power of two";
    return nullptr;
  }
  p->compute_units_ = a.compute_units;
  p->ih_entries_ = a.ih_entries;
  p->ring_bytes_ = FW_VGPU_IH_HEADER_BYTES + uint64_t{a.ih_entries} * sizeof(fw_ih_entry);
  void* ring = mmap(nullptr, p->ring_bytes_, PROT_READ | PROT_WRITE, MAP_SHARED, p->fd_, 0);
  if (ring == MAP_FAILED) {
    *error = why("mmap of the IH ring of " + gpu);
    return nullptr;
  }
  p->ring_ = ring;
  p->wake_fd_ = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (p->wake_fd_ < 0) {
    *error = why("eventfd");
    return nullptr;
  }
  const int fd = p->fd_;
  p->ih_ = std::make_unique<IhRing>(ring, a.ih_entries, [fd] {
    if (ioctl(fd, FW_VGPU_IOC_IRQ) != 0 && errno != EINTR)
      std::fprintf(stderr, "gcn-vgpud: ioctl(IRQ): %s\n", std::strerror(errno));
  });
  return p;
}

KfdBackendPort::~KfdBackendPort() {
  if (ih_) ih_->stop();
  if (ring_) munmap(ring_, ring_bytes_);
  if (wake_fd_ >= 0) close(wake_fd_);
  if (fd_ >= 0) close(fd_);
}

void KfdBackendPort::shut_down() {
  if (ih_) ih_->stop();
  const uint64_t one = 1;
  if (write(wake_fd_, &one, sizeof(one)) < 0) {
    // The counter is already non-zero: next() wakes anyway.
  }
}

bool KfdBackendPort::next(fw_vgpu_msg* msg) {
  for (;;) {
    pollfd fds[2] = {{fd_, POLLIN, 0}, {wake_fd_, POLLIN, 0}};
    if (poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      std::fprintf(stderr, "gcn-vgpud: gpu %u: poll: %s\n", gpu_id_, std::strerror(errno));
      return false;
    }
    if (fds[1].revents) return false;
    if (fds[0].revents & (POLLERR | POLLHUP | POLLNVAL)) {
      std::fprintf(stderr, "gcn-vgpud: gpu %u: the backend file hung up\n", gpu_id_);
      return false;
    }
    if (!(fds[0].revents & POLLIN)) continue;
    const ssize_t n = read(fd_, msg, sizeof(*msg));
    if (n == static_cast<ssize_t>(sizeof(*msg))) return true;
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n < 0)
      std::fprintf(stderr, "gcn-vgpud: gpu %u: read: %s\n", gpu_id_, std::strerror(errno));
    else
      std::fprintf(stderr, "gcn-vgpud: gpu %u: read returned %zd bytes, expected %zu\n", gpu_id_, n,
                   sizeof(*msg));
    return false;
  }
}

void KfdBackendPort::ack(uint32_t seq, int32_t result) {
  fw_vgpu_ack a{seq, result};
  while (ioctl(fd_, FW_VGPU_IOC_ACK, &a) != 0) {
    if (errno == EINTR) continue;
    std::fprintf(stderr, "gcn-vgpud: gpu %u: ACK of seq %u: %s\n", gpu_id_, seq,
                 std::strerror(errno));
    return;
  }
}

void* KfdBackendPort::map(uint64_t offset, uint64_t size, bool writable) {
  void* p = mmap(nullptr, size, PROT_READ | (writable ? PROT_WRITE : 0), MAP_SHARED, fd_,
                 static_cast<off_t>(offset));
  return p == MAP_FAILED ? nullptr : p;
}

bool KfdBackendPort::retire(void* host, uint64_t size) {
  // The same host range, now private junk: an engine still holding a stale
  // translation reads and writes it harmlessly, the module's pages are no
  // longer mapped here, and the range cannot be reused by another mmap
  // while the stale translation may live.
  void* p = mmap(host, size, PROT_READ | PROT_WRITE,
                 MAP_FIXED | MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) {
    std::fprintf(stderr, "gcn-vgpud: gpu %u: cannot retire %p (%llu bytes): %s\n", gpu_id_, host,
                 static_cast<unsigned long long>(size), std::strerror(errno));
    return false;
  }
  return true;
}

void KfdBackendPort::release(void* host, uint64_t size) { munmap(host, size); }

int KfdBackendPort::page_request(fw_vgpu_page_request* req) {
  while (ioctl(fd_, FW_VGPU_IOC_PAGE_REQUEST, req) != 0) {
    if (errno != EINTR) return -errno;
  }
  return 0;
}

void KfdBackendPort::raise(const fw_ih_entry& entry) { ih_->push(entry); }

}  // namespace gcn::device
