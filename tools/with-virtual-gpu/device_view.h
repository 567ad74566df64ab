// The namespace's /dev: a tmpfs holding bind mounts of every entry of the
// host's /dev (device nodes, pts, shm, ...) plus "kfd", an empty file that
// opens read-write. rocminfo insists on opening /dev/kfd before hsa_init;
// the thunk behind it serves the KFD in process (HSAKMT_TRANSPORT=emulated)
// and never issues an ioctl on that file.
#pragma once

#include <string>

namespace with_virtual_gpu {

inline constexpr const char* kDevDir = "/dev";

// Needs a private mount namespace (enter_private_mount_namespace).
// host_kfd: the host's /dev/kfd stays (the gcnkfd module serves it);
// otherwise an empty kfd file of ours replaces any.
void build_device_view(bool host_kfd = false);

// A file created in the namespace's /dev tmpfs, for staging a bind-mount
// source; the caller unlinks it once mounted.
std::string write_staging_file(const std::string& name, const std::string& contents, int mode);

}  // namespace with_virtual_gpu
