// The thunk is looked up beside the program, never on the loader's path:
// a thunk found there could be Debian's, which drives the real /dev/kfd.
#include "thunk_dir.h"

#include <unistd.h>

#include <cstdlib>
#include <string>

#include "setup_error.h"

namespace with_virtual_gpu {
namespace {

// Relative to this program's directory; CMake passes both
// (tools/with-virtual-gpu/CMakeLists.txt). The installed place first: an
// installed copy's build-tree path could lead anywhere.
const char* const kCandidates[] = {
    WITH_VIRTUAL_GPU_INSTALL_THUNK_DIR,  // installed: bin/ to HSA_GCN_THUNK_LIBDIR
    WITH_VIRTUAL_GPU_BUILD_THUNK_DIR,    // build tree: <build>/libhsakmt
};

constexpr const char* kThunk = "libhsakmt.so.1";

}  // namespace

std::string find_thunk_dir(const std::string& self) {
  const std::string own_dir = self.substr(0, self.rfind('/'));
  std::string searched;
  for (const char* relative : kCandidates) {
    const std::string dir = own_dir + "/" + relative;
    if (::access((dir + "/" + kThunk).c_str(), R_OK) == 0) {
      char* real = ::realpath(dir.c_str(), nullptr);
      if (!real) throw SetupError(errno_text("cannot resolve " + dir));
      std::string result(real);
      ::free(real);
      return result;
    }
    searched += "\n  " + dir + "/" + kThunk;
  }
  throw SetupError(std::string("cannot find our ") + kThunk + "; looked for:" + searched);
}

}  // namespace with_virtual_gpu
