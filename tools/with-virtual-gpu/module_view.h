// What `lsmod` says inside the namespace: the amdgpu module loaded, the
// check rocminfo 5.2 makes (popen("lsmod | grep amdgpu") must print
// something) before it touches the runtime.
#pragma once

#include <string>

namespace with_virtual_gpu {

// The amdgpu entry as /proc/modules (and so lsmod) lists a module. Size 0:
// no module code is loaded; the virtual GPU lives in the thunk.
inline constexpr const char* kAmdgpuModulesLine = "amdgpu 0 0 - Live 0x0000000000000000\n";

// Kernels with module support: /proc/modules with an amdgpu line appended
// is bind-mounted over /proc/modules. Kernels without it (CONFIG_MODULES=n:
// no /proc/modules, lsmod fails) cannot get a file inside procfs, so an
// `lsmod` of ours goes first on PATH instead; `path` is updated then.
// `self` is this program's absolute path (the lsmod it provides).
void build_module_view(const std::string& self, std::string* path);

// The program run as "lsmod": lsmod's listing of the amdgpu line.
int print_lsmod();

}  // namespace with_virtual_gpu
