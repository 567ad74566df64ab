// Where our libhsakmt.so.1 is, relative to this program: the build tree's
// libhsakmt/ or the installed thunk directory (HSA_GCN_THUNK_LIBDIR).
#pragma once

#include <string>

namespace with_virtual_gpu {

// `self` is this program's absolute path. Throws SetupError listing the
// places searched when none holds libhsakmt.so.1.
std::string find_thunk_dir(const std::string& self);

}  // namespace with_virtual_gpu
