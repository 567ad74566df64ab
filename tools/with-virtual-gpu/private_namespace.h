// A mount namespace of the process's own, whose mounts never propagate back
// to the host's namespace. Unprivileged callers get it inside a new user
// namespace that maps only their own uid and gid.
#pragma once

namespace with_virtual_gpu {

// Throws SetupError with the likely cause (user namespaces disabled, a
// container's seccomp or AppArmor policy) when the kernel refuses.
void enter_private_mount_namespace();

}  // namespace with_virtual_gpu
