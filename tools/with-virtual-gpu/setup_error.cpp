#include "setup_error.h"

#include <cerrno>
#include <cstring>

namespace with_virtual_gpu {

std::string errno_text(const std::string& what) { return what + ": " + std::strerror(errno); }

}  // namespace with_virtual_gpu
