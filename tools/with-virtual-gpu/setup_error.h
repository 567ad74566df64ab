// The one error type of with-virtual-gpu's setup steps: what failed, with
// the path and errno text, printed once by main before it exits 125.
#pragma once

#include <stdexcept>
#include <string>

namespace with_virtual_gpu {

struct SetupError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// "WHAT: strerror(errno)", for a failed system call.
std::string errno_text(const std::string& what);

}  // namespace with_virtual_gpu
