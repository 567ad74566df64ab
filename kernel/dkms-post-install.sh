#!/bin/sh
# dkms install's POST_INSTALL (dkms.conf): what starts the virtual GPU when
# the module loads, installed with the module. The udev rule gives /dev/kfd
# to group render and asks systemd for gcn-vgpud.service when
# /dev/gcnkfd-vgpu appears; the unit runs the device process, which comes
# with the user space (`make install`: gcn-vgpud on PATH, else
# /usr/local/sbin); the modprobe.d entry stops the unit before the module
# is removed. GCNKFD_ROOT (tests) installs under another root.
set -eu
here=$(dirname "$0")
root=${GCNKFD_ROOT:-}
daemon=$(command -v gcn-vgpud || echo /usr/local/sbin/gcn-vgpud)
mkdir -p "$root/etc/udev/rules.d" "$root/etc/systemd/system" "$root/etc/modprobe.d"
cp "$here/70-gcnkfd.rules" "$root/etc/udev/rules.d/70-gcnkfd.rules"
sed "s|^ExecStart=@SBINDIR@/gcn-vgpud\$|ExecStart=$daemon|" "$here/gcn-vgpud.service.in" \
	>"$root/etc/systemd/system/gcn-vgpud.service"
cp "$here/gcnkfd-modprobe.conf" "$root/etc/modprobe.d/gcnkfd.conf"
if [ -z "$root" ]; then
	udevadm control --reload 2>/dev/null || true
	systemctl daemon-reload 2>/dev/null || true
fi
[ -x "$daemon" ] || echo "gcnkfd: $daemon is not installed yet (make install); the GPU starts once it is"
