// unshare(2) of the mount namespace, inside a new user namespace when the
// caller is not root (user_namespaces(7): the creator holds every
// capability over the namespaces it creates, enough to mount tmpfs and bind
// mounts; the capabilities end at execve because the mapped uid is not 0).
#include "private_namespace.h"

#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <string>

#include "setup_error.h"

namespace with_virtual_gpu {
namespace {

void write_proc_file(const std::string& path, const std::string& text) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) throw SetupError(errno_text("cannot open " + path));
  const ssize_t n = ::write(fd, text.data(), text.size());
  const int err = errno;
  ::close(fd);
  if (n != static_cast<ssize_t>(text.size())) {
    errno = err;
    throw SetupError(
        errno_text("cannot write '" + text.substr(0, text.size() - 1) + "' to " + path));
  }
}

// The sysctls that forbid unprivileged user namespaces, for the message.
std::string userns_hint() {
  std::string hint;
  const struct {
    const char* path;
    const char* blocking;  // the value that blocks them
  } knobs[] = {
      {"/proc/sys/user/max_user_namespaces", "0"},
      {"/proc/sys/kernel/unprivileged_userns_clone", "0"},
      {"/proc/sys/kernel/apparmor_restrict_unprivileged_userns", "1"},
  };
  for (const auto& k : knobs) {
    std::ifstream in(k.path);
    std::string value;
    if (in >> value && value == k.blocking)
      hint += std::string("\n  ") + k.path + " is " + value + " (this blocks them)";
  }
  if (hint.empty())
    hint = "\n  (no sysctl forbids them here: a container's seccomp or AppArmor profile may)";
  return hint;
}

}  // namespace

void enter_private_mount_namespace() {
  const uid_t uid = ::geteuid();
  const gid_t gid = ::getegid();
  const bool root = uid == 0;
  bool user_ns = !root;
  if (::unshare(root ? CLONE_NEWNS : CLONE_NEWUSER | CLONE_NEWNS) != 0) {
    if (root) {
      const std::string first = errno_text("cannot create a mount namespace (unshare CLONE_NEWNS)");
      // Root without CAP_SYS_ADMIN (a container's root) may still own a
      // user namespace of its own.
      if (errno != EPERM || ::unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0)
        throw SetupError(first +
                         "\n  a container without CAP_SYS_ADMIN or with a seccomp filter refuses "
                         "this (and a user namespace too); run with-virtual-gpu where "
                         "namespaces are allowed");
      user_ns = true;
    } else {
      throw SetupError(errno_text("cannot create a user and mount namespace as uid " +
                                  std::to_string(uid) + " (unshare CLONE_NEWUSER|CLONE_NEWNS)") +
                       "\n  unprivileged user namespaces are not permitted here:" + userns_hint() +
                       "\n  run with-virtual-gpu as root, or allow them (e.g. sysctl "
                       "user.max_user_namespaces=15000)");
    }
  }
  if (user_ns) {
    // Our own ids map to themselves; setgroups must be denied first for an
    // unprivileged gid_map (user_namespaces(7), "Interaction with setgroups").
    write_proc_file("/proc/self/setgroups", "deny\n");
    write_proc_file("/proc/self/uid_map", std::to_string(uid) + " " + std::to_string(uid) + " 1\n");
    write_proc_file("/proc/self/gid_map", std::to_string(gid) + " " + std::to_string(gid) + " 1\n");
  }
  // A copied namespace keeps the host's shared peer groups: without this,
  // the tmpfs over /dev would appear on the host too.
  if (::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0)
    throw SetupError(
        errno_text("cannot make the namespace's mounts private (mount --make-rprivate /)"));
}

}  // namespace with_virtual_gpu
