// The namespace's /dev, rebuilt on a tmpfs so that a kfd entry can be added
// without creating anything in the host's devtmpfs (which a private mount
// namespace still shares). mknod is not needed: every host entry comes back
// as a bind mount (device nodes, and directories with the mounts under them
// such as /dev/pts and /dev/shm) or, for a symlink, as a copy of the link.
#include "device_view.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <string>

#include "setup_error.h"

namespace with_virtual_gpu {
namespace {

constexpr const char* kKfdName = "kfd";

struct Fd {
  int fd = -1;
  explicit Fd(int f) : fd(f) {}
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
};

std::string dev_path(const std::string& name) { return std::string(kDevDir) + "/" + name; }

// Recreates host entry `name` (seen through old_dev, the host's /dev
// opened before the tmpfs covered it) in new_dev.
void recreate_entry(int old_dev, int new_dev, const std::string& name) {
  struct stat st {};
  if (::fstatat(old_dev, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0)
    throw SetupError(errno_text("cannot stat host's " + dev_path(name)));
  if (S_ISLNK(st.st_mode)) {
    std::string target(st.st_size > 0 ? st.st_size + 1 : 4096, '\0');
    const ssize_t n = ::readlinkat(old_dev, name.c_str(), target.data(), target.size());
    if (n < 0) throw SetupError(errno_text("cannot read host's link " + dev_path(name)));
    target.resize(n);
    if (::symlinkat(target.c_str(), new_dev, name.c_str()) != 0)
      throw SetupError(errno_text("cannot create link " + dev_path(name)));
    return;
  }
  unsigned long flags = MS_BIND;
  if (S_ISDIR(st.st_mode)) {
    if (::mkdirat(new_dev, name.c_str(), st.st_mode & 07777) != 0)
      throw SetupError(errno_text("cannot create directory " + dev_path(name)));
    flags |= MS_REC;  // with the mounts below it (/dev/pts, /dev/shm, ...)
  } else {
    const Fd placeholder(
        ::openat(new_dev, name.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0600));
    if (placeholder.fd < 0) throw SetupError(errno_text("cannot create " + dev_path(name)));
  }
  // The host's entry through the fd: its path is covered by the tmpfs now.
  const std::string source = "/proc/self/fd/" + std::to_string(old_dev) + "/" + name;
  if (::mount(source.c_str(), dev_path(name).c_str(), nullptr, flags, nullptr) != 0)
    throw SetupError(errno_text("cannot bind-mount the host's " + dev_path(name)));
}

}  // namespace

void build_device_view(bool host_kfd) {
  const Fd old_dev(::open(kDevDir, O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (old_dev.fd < 0) throw SetupError(errno_text(std::string("cannot open ") + kDevDir));
  if (::mount("with-virtual-gpu", kDevDir, "tmpfs", MS_NOSUID, "mode=0755") != 0)
    throw SetupError(errno_text(std::string("cannot mount a tmpfs over ") + kDevDir));
  const Fd new_dev(::open(kDevDir, O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (new_dev.fd < 0) throw SetupError(errno_text(std::string("cannot open the new ") + kDevDir));

  // readdir on a duplicate: closedir closes it, old_dev stays open.
  DIR* dir = ::fdopendir(::fcntl(old_dev.fd, F_DUPFD_CLOEXEC, 0));
  if (!dir) throw SetupError(errno_text(std::string("cannot list the host's ") + kDevDir));
  try {
    errno = 0;
    while (const dirent* e = ::readdir(dir)) {
      const std::string name = e->d_name;
      // A host /dev/kfd (a real GPU) gives way to ours: the transport is
      // forced to emulated, so nothing would use it.
      if (name != "." && name != ".." && (host_kfd || name != kKfdName))
        recreate_entry(old_dev.fd, new_dev.fd, name);
      errno = 0;
    }
    if (errno != 0) throw SetupError(errno_text(std::string("cannot list the host's ") + kDevDir));
  } catch (...) {
    ::closedir(dir);
    throw;
  }
  ::closedir(dir);

  if (host_kfd) return;
  // Read-write for every user of the namespace, the check rocminfo makes.
  const Fd kfd(::openat(new_dev.fd, kKfdName, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0666));
  if (kfd.fd < 0 || ::fchmod(kfd.fd, 0666) != 0)
    throw SetupError(errno_text("cannot create " + dev_path(kKfdName)));
}

std::string write_staging_file(const std::string& name, const std::string& contents, int mode) {
  const std::string path = dev_path(name);
  const Fd fd(::open(path.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0600));
  if (fd.fd < 0) throw SetupError(errno_text("cannot create " + path));
  if (::write(fd.fd, contents.data(), contents.size()) != static_cast<ssize_t>(contents.size()) ||
      ::fchmod(fd.fd, mode) != 0)
    throw SetupError(errno_text("cannot write " + path));
  return path;
}

}  // namespace with_virtual_gpu
