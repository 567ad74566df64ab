#!/usr/bin/env bash
# "dkms build" works on the tree as shipped: dkms.conf, kernel/,
# firmware-interfaces/ and kfd-common/ copied into a scratch source dir, added and built
# with private dkms, source and install trees, so nothing is written under
# /var/lib/dkms, /usr/src or /lib/modules.
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
