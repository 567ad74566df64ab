// The one seam between the thunk and "the kernel": the KFD uAPI. Everything
// above this interface is the same whether /dev/kfd is a real driver or the
// in-process emulated KFD.
//
// Errors follow the kernel's convention: calls return a negative errno
// (ioctl, open, close, munmap, read_file) or MAP_FAILED with errno set
// (mmap), never throw, and never crash on bad arguments.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <memory>
#include <string>

namespace hsakmt {

// sysfs root of the KFD topology (same paths and text format for both
// transports) and the device node.
inline constexpr const char* kKfdDevice = "/dev/kfd";
inline constexpr const char* kTopologyRoot = "/sys/devices/virtual/kfd/kfd/topology";

class Transport {
 public:
  virtual ~Transport() = default;

  // "kfd" or "emulated".
  virtual const char* name() const = 0;

  // open(2)/close(2) of /dev/kfd or a DRM render node (/dev/dri/renderD*).
  // Returns the fd or -errno.
  virtual int open(const char* path, int flags) = 0;
  virtual int close(int fd) = 0;

  // An AMDKFD_IOC_* command with its <linux/kfd_ioctl.h> struct, which is
  // read and written in place as the kernel does. Returns 0 or -errno.
  virtual int ioctl(int fd, unsigned long request, void* arg) = 0;

  // mmap(2)/munmap(2). fd -1 (anonymous) is plain host memory; fd of
  // /dev/kfd or a render node maps what the offset names (doorbells, the
  // event page, a buffer object's mmap_offset).
  virtual void* mmap(void* addr, size_t length, int prot, int flags, int fd, off_t offset) = 0;
  virtual int munmap(void* addr, size_t length) = 0;

  // Whole text of a file under kTopologyRoot (or another sysfs/procfs file
  // the thunk reads). Returns 0 or -errno (-ENOENT when it does not exist).
  virtual int read_file(const std::string& path, std::string* text) = 0;

  // fork(): called by the thunk's atfork handlers after it took its own
  // locks (before_fork), in the parent after the fork (after_fork_parent)
  // and in the child (after_fork_child). The real driver needs nothing: the
  // kernel gives the child no KFD process of its own until it opens one.
  virtual void before_fork() {}
  virtual void after_fork_parent() {}
  virtual void after_fork_child() {}
};

// The real driver: /dev/kfd, sysfs, render nodes.
std::unique_ptr<Transport> make_kfd_transport();
// The in-process KFD hosting the virtual GPU (libhsakmt/src/emulated/).
std::unique_ptr<Transport> make_emulated_transport();

// The process's transport, chosen once: $HSAKMT_TRANSPORT=kfd|emulated, or
// kfd when /dev/kfd exists and emulated otherwise. Logged once at debug
// level ($HSAKMT_DEBUG_LEVEL >= 7, as ROCm's thunk counts levels).
Transport& transport();

}  // namespace hsakmt
