// The amdgpu module as lsmod reports it, built in the private namespace.
#include "module_view.h"

#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

#include "device_view.h"
#include "setup_error.h"

namespace with_virtual_gpu {
namespace {

constexpr const char* kProcModules = "/proc/modules";
// The lsmod of ours for kernels without /proc/modules: a directory in the
// namespace's /dev tmpfs (nothing on the host), first on PATH.
constexpr const char* kShimDir = "/dev/.with-virtual-gpu";

bool lists_amdgpu(const std::string& modules) {
  std::istringstream in(modules);
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("amdgpu ", 0) == 0) return true;
  return false;
}

void bind_modules_file(const std::string& host_modules) {
  if (lists_amdgpu(host_modules)) return;  // a real amdgpu is loaded: nothing to add
  const std::string staged =
      write_staging_file(".with-virtual-gpu-modules", host_modules + kAmdgpuModulesLine, 0444);
  if (::mount(staged.c_str(), kProcModules, nullptr, MS_BIND, nullptr) != 0)
    throw SetupError(
        errno_text(std::string("cannot bind-mount a module list over ") + kProcModules));
  // The mount keeps the file; its name in /dev is no longer needed.
  ::unlink(staged.c_str());
}

void install_lsmod_shim(const std::string& self, std::string* path) {
  if (::mkdir(kShimDir, 0755) != 0)
    throw SetupError(errno_text(std::string("cannot create ") + kShimDir));
  const std::string lsmod = std::string(kShimDir) + "/lsmod";
  if (::symlink(self.c_str(), lsmod.c_str()) != 0)
    throw SetupError(errno_text("cannot create " + lsmod));
  *path = path->empty() ? kShimDir : std::string(kShimDir) + ":" + *path;
}

}  // namespace

void build_module_view(const std::string& self, std::string* path) {
  struct stat st {};
  if (::stat(kProcModules, &st) != 0) {
    if (errno != ENOENT) throw SetupError(errno_text(std::string("cannot stat ") + kProcModules));
    install_lsmod_shim(self, path);
    return;
  }
  std::ifstream in(kProcModules);
  if (!in) throw SetupError(std::string("cannot read ") + kProcModules);
  bind_modules_file(std::string(std::istreambuf_iterator<char>(in), {}));
}

// lsmod's layout (kmod's tools/lsmod.c): name, size, use count.
int print_lsmod() {
  std::printf("%-19s %8s  %s\n", "Module", "Size", "Used by");
  std::printf("%-19s %8d  %d\n", "amdgpu", 0, 0);
  return 0;
}

}  // namespace with_virtual_gpu
