// with-virtual-gpu: runs a program as if the host had an AMD GPU driven by
// amdgpu, on our thunk and its virtual gfx900 (README.md). ROCm's tools
// check for the driver before they load the runtime; here the checks see
// a private view (a /dev/kfd, an amdgpu module) built in a mount namespace
// of the command's own, and the thunk serves the KFD in process.
//
// Exit status: the command's own; 125 the namespace could not be set up
// (or bad arguments), 126 the command cannot be run, 127 not found.
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "command_line.h"
#include "device_view.h"
#include "module_view.h"
#include "private_namespace.h"
#include "setup_error.h"
#include "thunk_dir.h"

namespace {

using with_virtual_gpu::SetupError;

const char kUsage[] =
    "Usage: with-virtual-gpu [--module] [--] COMMAND [ARGS...]\n"
    "       with-virtual-gpu --help | --version\n"
    "\n"
    "Runs COMMAND on the virtual gfx900 GPU of our libhsakmt.so.1, with the\n"
    "start-up checks of ROCm's tools (rocminfo: `lsmod | grep amdgpu`, /dev/kfd\n"
    "opens read-write) satisfied inside a private mount namespace:\n"
    "  /dev          a tmpfs with the host's entries bind-mounted, plus kfd\n"
    "  /proc/modules the host's list plus an amdgpu line (without module\n"
    "                support: an lsmod of ours first on PATH)\n"
    "  HSAKMT_TRANSPORT=emulated, our thunk's directory first on LD_LIBRARY_PATH\n"
    "--module: the gcnkfd module serves /dev/kfd (ROCm's own thunk runs on it):\n"
    "  only the amdgpu module is added; the host's /dev/kfd and render nodes,\n"
    "  the thunk and the environment are left as they are.\n"
    "Nothing changes outside COMMAND's namespace. Non-root users get a user\n"
    "namespace mapping their own uid and gid.\n"
    "\n"
    "  --module    the gcnkfd module serves /dev/kfd (above)\n"
    "  --          end of options: COMMAND may start with a dash\n"
    "  --help      print this text and exit\n"
    "  --version   print the version and exit\n"
    "\n"
    "Exit status: COMMAND's; 125 setup failed or bad arguments, 126 COMMAND\n"
    "not executable, 127 COMMAND not found.\n";

// Also the status of a bad command line: 2 could be COMMAND's own.
constexpr int kSetupFailed = 125;

std::string own_path() {
  char buf[PATH_MAX];
  const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof(buf) - 1);
  if (n <= 0) throw SetupError(with_virtual_gpu::errno_text("cannot read /proc/self/exe"));
  return std::string(buf, n);
}

std::string prepended(const std::string& dir, const char* list) {
  return list && *list ? dir + ":" + list : dir;
}

}  // namespace

int main(int argc, char** argv) {
  // Run as "lsmod" through the namespace's shim (module_view.h).
  const char* slash = std::strrchr(argv[0], '/');
  if (std::strcmp(slash ? slash + 1 : argv[0], "lsmod") == 0)
    return with_virtual_gpu::print_lsmod();

  // Options come before COMMAND; the first word that is not one is it.
  bool module_only = false;
  int first = 1;
  for (; first < argc && argv[first][0] == '-'; ++first) {
    const std::string a = argv[first];
    if (a == "--help" || a == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if (a == "--version") return hsa_gcn_cli::print_version("with-virtual-gpu");
    if (a == "--") {
      ++first;
      break;
    }
    // With the module the real /dev/kfd and render nodes serve any thunk;
    // only rocminfo's module check needs the view.
    if (a != "--module")
      return hsa_gcn_cli::usage_error("with-virtual-gpu", "unknown option '" + a + "'",
                                      kSetupFailed);
    module_only = true;
  }
  if (first >= argc)
    return hsa_gcn_cli::usage_error("with-virtual-gpu", "no command given", kSetupFailed);

  try {
    const std::string self = own_path();
    const std::string thunk_dir = module_only ? "" : with_virtual_gpu::find_thunk_dir(self);
    with_virtual_gpu::enter_private_mount_namespace();
    // The staging files and the lsmod shim go to the namespace's /dev.
    with_virtual_gpu::build_device_view(module_only);
    const char* host_path = std::getenv("PATH");
    std::string path = host_path ? host_path : "/usr/local/bin:/usr/bin:/bin";
    with_virtual_gpu::build_module_view(self, &path);
    if (::setenv("PATH", path.c_str(), 1) != 0)
      throw SetupError(with_virtual_gpu::errno_text("cannot set the environment"));

    // /dev/kfd here is not a KFD: the thunk must not pick the real transport.
    if (!module_only &&
        (::setenv("HSAKMT_TRANSPORT", "emulated", 1) != 0 ||
         ::setenv("LD_LIBRARY_PATH", prepended(thunk_dir, std::getenv("LD_LIBRARY_PATH")).c_str(),
                  1) != 0))
      throw SetupError(with_virtual_gpu::errno_text("cannot set the environment"));
  } catch (const SetupError& e) {
    std::fprintf(stderr, "with-virtual-gpu: %s\n", e.what());
    return kSetupFailed;
  }

  ::execvp(argv[first], argv + first);
  const int err = errno;
  std::fprintf(stderr, "with-virtual-gpu: cannot run %s: %s\n", argv[first], std::strerror(err));
  return err == ENOENT ? 127 : 126;
}
