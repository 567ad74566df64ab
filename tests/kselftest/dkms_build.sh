#!/usr/bin/env bash
# "dkms build" works on the tree as shipped: dkms.conf, kernel/,
# firmware-interfaces/ and kfd-common/ copied into a scratch source dir, added and built
# with private dkms, source and install trees, so nothing is written under
# /var/lib/dkms, /usr/src or /lib/modules; then its POST_INSTALL script
# into a scratch root.
# Usage: dkms_build.sh SOURCE_DIR KVER SCRATCH_PARENT
set -euo pipefail
src=$1 kver=$2
command -v dkms >/dev/null || { echo "dkms is not installed (make deps)" >&2; exit 1; }
[ -d "/lib/modules/$kver/build" ] || { echo "no headers for $kver" >&2; exit 1; }
tmp=$(mktemp -d "$3/dkms-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

name=$(sed -n 's/^PACKAGE_NAME="\(.*\)"$/\1/p' "$src/dkms.conf")
version=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"$/\1/p' "$src/dkms.conf")
pkg=$tmp/src/$name-$version
mkdir -p "$pkg" "$tmp/dkms" "$tmp/usr-src" "$tmp/install"
cp "$src/dkms.conf" "$pkg/"
cp -r "$src/kernel" "$src/firmware-interfaces" "$src/kfd-common" "$pkg/"
trees=(--dkmstree "$tmp/dkms" --sourcetree "$tmp/usr-src" --installtree "$tmp/install")

# dkms signs what it builds and, without a key, makes one under
# /var/lib/dkms; a sign tool that does not exist makes it skip signing.
export sign_file=/nonexistent/sign-file
dkms add "${trees[@]}" "$pkg"
if ! dkms build "${trees[@]}" -j 1 -m "$name" -v "$version" -k "$kver"; then
	cat "$tmp/dkms/$name/$version/build/make.log" >&2 || true
	echo "FAIL: dkms build" >&2
	exit 1
fi
ko=$(find "$tmp/dkms/$name/$version/$kver" -name 'gcnkfd.ko*' | head -n 1)
[ -n "$ko" ] || { echo "FAIL: dkms built no gcnkfd.ko" >&2; exit 1; }
modinfo "$ko" | grep -E '^(filename|vermagic):'
echo "dkms: built $(basename "$ko") for $kver"

# What dkms install runs afterwards (POST_INSTALL), from the package's
# source, into a scratch root: the rule, the unit starting the daemon, the
# modprobe.d entry.
post=$(sed -n 's/^POST_INSTALL="\(.*\)"$/\1/p' "$src/dkms.conf")
[ -x "$pkg/$post" ] || { echo "FAIL: POST_INSTALL '$post' is not an executable of the package" >&2; exit 1; }
GCNKFD_ROOT=$tmp/root PATH=/nonexistent:$PATH "$pkg/$post" >/dev/null
grep -q 'KERNEL=="gcnkfd-vgpu".*SYSTEMD_WANTS.*gcn-vgpud.service' "$tmp/root/etc/udev/rules.d/70-gcnkfd.rules" ||
	{ echo "FAIL: the installed udev rule does not start gcn-vgpud.service" >&2; exit 1; }
grep -Eq '^ExecStart=/.*/gcn-vgpud$' "$tmp/root/etc/systemd/system/gcn-vgpud.service" ||
	{ echo "FAIL: the installed unit has no ExecStart of gcn-vgpud" >&2; exit 1; }
grep -q '^remove gcnkfd ' "$tmp/root/etc/modprobe.d/gcnkfd.conf" ||
	{ echo "FAIL: no modprobe.d entry" >&2; exit 1; }
echo "dkms: POST_INSTALL installs the rule, the unit and the modprobe.d entry"
