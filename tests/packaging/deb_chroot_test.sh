#!/usr/bin/env bash
# The Debian packages as a user meets them (README "Install"): installs
# BUILD_DIR/deb/*.deb with apt into a clean bookworm chroot, runs the stack
# from the installed files (hsainfo, a kernel with hsa-run, the ld.so.conf
# alternatives, the module that dkms built), boots that module with the
# chroot as the VM's root to run the same programs on /dev/kfd, then
# purges the packages and checks that the chroot is as it was before.
#
# Usage: deb_chroot_test.sh BUILD_DIR VMLINUZ RUN_VM_SH
# Needs root (chroot, mounts) and Debian's mirror (mmdebstrap, apt). The
# chroot's base is made once and kept as BUILD_DIR/packaging/base.tar.
set -euo pipefail

build=$(realpath "$1")
kernel=$2
run_vm=$3
kver=$(basename "$kernel" | sed -n 's/^vmlinuz-//p')
work=$build/packaging
root=$work/chroot
base=$work/base.tar
mkdir -p "$work"

fail() {
	echo "deb_chroot_test: FAIL: $*" >&2
	exit 1
}
# Any other failing command says where it stopped.
trap 'echo "deb_chroot_test: FAIL: line $LINENO: $BASH_COMMAND exited with $?" >&2' ERR
step() { echo "deb_chroot_test: $*"; }

[ "$(id -u)" -eq 0 ] || fail "needs root (chroot and mounts)"
# The packages without their debug symbols (*-dbgsym).
mapfile -t debs < <(ls "$build"/deb/*.deb | grep -v -- -dbgsym_)
[ ${#debs[@]} -gt 0 ] || fail "no packages in $build/deb (make deb)"
ours=()
for d in "${debs[@]}"; do ours+=("$(dpkg-deb -f "$d" Package)"); done

mounts=()
umount_all() {
	local i
	for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do
		umount -l "${mounts[i]}" 2>/dev/null || true
	done
	mounts=()
}
trap umount_all EXIT
bind() { # bind SRC DEST [ro]
	mkdir -p "$2"
	mount --bind "$1" "$2"
	mounts+=("$2")
	[ "${3:-}" != ro ] || mount -o remount,bind,ro "$2"
}
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
	HOME=/root LC_ALL=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"; }

# A clean bookworm with apt, from the same mirror as the host's packages.
if [ ! -s "$base" ]; then
	step "making the chroot's base (mmdebstrap)"
	mmdebstrap --quiet --variant=apt bookworm "$work/base-new.tar" http://deb.debian.org/debian
	mv "$work/base-new.tar" "$base"
fi
rm -rf "$root"
mkdir -p "$root"
tar -xf "$base" -C "$root"
cp /etc/resolv.conf "$root/etc/resolv.conf"
# The chroot's / a mount point of its own, as a system's is
# (with-virtual-gpu makes its mounts private from there).
bind "$root" "$root"
bind /proc "$root/proc"
bind /dev "$root/dev"
# DKMS builds against the headers of the kernel the VM boots, lent by the
# host (the same package, at the same paths) rather than downloaded: the
# mirror may have moved past that version.
headers=$(readlink -f "/lib/modules/$kver/build")
[ -d "$headers" ] || fail "no headers for $kver at /lib/modules/$kver/build"
# Debian's flavour headers include the common ones' Makefile, and link
# to kbuild's scripts.
common=$(sed -n 's|^include \(/.*\)/Makefile$|\1|p' "$headers/Makefile" | sed -n 1p)
lent=("$headers")
[ -z "$common" ] || lent+=("$common")
for d in "$headers"/* ${common:+"$common"/*}; do
	t=$(readlink -f "$d")
	case $t in "$headers"/* | "${common:-$headers}"/*) ;; *) lent+=("$t") ;; esac
done
mapfile -t lent < <(printf '%s\n' "${lent[@]}" | sort -u)
lend_headers() {
	local d
	for d in "${lent[@]}"; do bind "$d" "$root$d" ro; done
}
lend_headers
mkdir -p "$root/lib/modules/$kver"
ln -sfn "$headers" "$root/lib/modules/$kver/build"

# What the packages need from Debian, installed first, so that the
# snapshot below holds everything but our packages' own files.
deps=$(for d in "${debs[@]}"; do
	dpkg-deb -f "$d" Pre-Depends Depends | sed 's/^[A-Za-z-]*: //'
done | tr '\n' ',' | tr ',' '\n' | sed 's/^ *//;s/ *$//' | grep -v '^$' |
	grep -v -E "^($(
		IFS='|'
		echo "${ours[*]}"
	))( |$)" | sort -u | paste -sd, -)
# With Debian's ROCm beside ours: rocminfo pulls in its ROCr and thunk.
deps="$deps, rocminfo"
step "installing the packages' dependencies: $deps"
# The mirror once more after a pause, should the first try fail.
in_root apt-get update -qq || { sleep 10; in_root apt-get update -qq; }
in_root apt-get satisfy -y -qq --no-install-recommends "$deps" >"$work/deps.log" 2>&1 ||
	{ tail -n 30 "$work/deps.log"; fail "apt-get satisfy"; }

# The module index as depmod leaves it, before and after.
in_root depmod "$kver"

# Every file of the chroot but apt's and dpkg's own records and logs.
snapshot() {
	(cd "$root" && find . -xdev \( -path ./proc -o -path ./dev -o -path ./sys \
		-o -path ./tmp -o -path ./run -o -path ./var/lib/dpkg -o -path ./var/lib/apt \
		-o -path ./var/cache -o -path ./var/log -o -path ./root \
		$(printf -- '-o -path .%s ' "${lent[@]}") \) -prune -o -printf '%y %p %l\n' | LC_ALL=C sort)
}
snapshot >"$work/before.txt"

step "installing ${ours[*]}"
mkdir -p "$root/tmp/debs"
cp "${debs[@]}" "$root/tmp/debs/"
in_root sh -c 'apt-get install -y --no-install-recommends /tmp/debs/*.deb' \
	>"$work/install.log" 2>&1 || { tail -n 40 "$work/install.log"; fail "apt-get install"; }

# The libraries our programs and ROCm's load: ours, through the
# alternatives' ld.so.conf.d entries.
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
# awk reads to the end: leaving early would kill ldconfig with SIGPIPE,
# which pipefail reports as a failure.
first() { in_root ldconfig -p | awk -v so="$1" '$1 == so && !n++ { print $NF }'; }
[ "$(first libhsakmt.so.1)" = "/usr/lib/$multiarch/hsa-gcn/libhsakmt.so.1" ] ||
	fail "the loader's libhsakmt.so.1 is '$(first libhsakmt.so.1)'"
[ "$(first libhsa-runtime64.so.1)" = "/usr/lib/$multiarch/hsa-gcn/runtime/libhsa-runtime64.so.1" ] ||
	fail "the loader's libhsa-runtime64.so.1 is '$(first libhsa-runtime64.so.1)'"
# The other choice gives Debian's back.
ours_kmt=/usr/lib/$multiarch/hsa-gcn/libhsakmt.so.1
in_root update-alternatives --quiet --set "hsakmt-$multiarch" \
	"/usr/lib/$multiarch/hsa-gcn/rocm-ld.so.conf"
in_root ldconfig
debian_kmt=$(first libhsakmt.so.1)
[ -n "$debian_kmt" ] && [ "$debian_kmt" != "$ours_kmt" ] ||
	fail "the rocm choice loads '$debian_kmt'"
in_root update-alternatives --quiet --auto "hsakmt-$multiarch"
in_root ldconfig
[ "$(first libhsakmt.so.1)" = "$ours_kmt" ] || fail "auto did not bring our thunk back"
step "ld.so.conf.d alternatives: ok"

# Debian's ROCr (rocminfo) on our packaged thunk: the runtime's
# alternative on Debian's, the thunk's on ours, as a HIP user sets them.
in_root update-alternatives --quiet --set "hsa-runtime64-$multiarch" \
	"/usr/lib/$multiarch/hsa-gcn/runtime/rocm-ld.so.conf"
in_root ldconfig
# with-virtual-gpu shows rocminfo the /dev/kfd and amdgpu module it asks for.
in_root with-virtual-gpu rocminfo >"$work/rocminfo.txt" 2>&1 ||
	{ cat "$work/rocminfo.txt"; fail "rocminfo"; }
grep -q 'Name: *gfx900' "$work/rocminfo.txt" || fail "Debian's rocminfo shows no gfx900 on our thunk"
in_root update-alternatives --quiet --auto "hsa-runtime64-$multiarch"
in_root ldconfig
step "Debian's rocminfo on the packaged thunk: ok"

# hsainfo and a kernel on the emulated KFD (no /dev/kfd in a chroot).
in_root hsainfo >"$work/hsainfo.txt" 2>&1 || { cat "$work/hsainfo.txt"; fail "hsainfo"; }
grep -q 'Name: *gfx900' "$work/hsainfo.txt" || fail "hsainfo shows no gfx900 agent"
for t in hsainfo hsa-run hsailasm hsail-finalize with-virtual-gpu; do
	in_root "$t" --version | grep "^$t " >/dev/null || fail "$t --version"
done
# c[i] = a[i] + b[i] with a = i and b = 1: the CPU's answer, i + 1. The
# files live in /root/test (outside the snapshot), which the VM's chroot
# shows as well; its /tmp is a tmpfs of its own.
mkdir -p "$root/root/test"
python3 -c 'import struct,sys; sys.stdout.buffer.write(struct.pack("<1024f", *[i + 1.0 for i in range(1024)]))' \
	>"$root/root/test/expected.bin"
example=$(in_root sh -c 'ls /usr/share/doc/hsa-gcn-tools/examples/vector_add.hsail*' | sed -n 1p)
[ -n "$example" ] || fail "no vector_add example installed"
if [ "${example%.gz}" != "$example" ]; then
	in_root sh -c "zcat $example >/root/test/vector_add.hsail"
	example=/root/test/vector_add.hsail
fi
run_kernel=(hsa-run "$example" vector_add buf:f32:1024:iota buf:f32:1024:const=1 buf:f32:1024
	u32:1024 --grid 1024 --expect 2=/root/test/expected.bin)
in_root "${run_kernel[@]}" >"$work/hsa-run.txt" 2>&1 || { cat "$work/hsa-run.txt"; fail "hsa-run"; }
step "hsainfo and vector_add on the emulated KFD: ok"

# The module dkms built and installed for the VM's kernel.
ko=$root/lib/modules/$kver/updates/dkms/gcnkfd.ko
[ -f "$ko" ] || { tail -n 30 "$work/install.log"; fail "dkms installed no gcnkfd.ko for $kver"; }
[ "$(modinfo -F vermagic "$ko" | cut -d' ' -f1)" = "$kver" ] || fail "gcnkfd.ko is not for $kver"
step "dkms built gcnkfd.ko for $kver: ok"

# The module's path: the VM boots the packaged module with the chroot as
# its shared root; the packaged device process plays the GPU, and the
# packaged programs run on /dev/kfd.
cp "$ko" "$work/gcnkfd.ko"
umount_all
vm=$work/vm
"$run_vm" --out "$vm" --kernel "$kernel" --module "$work/gcnkfd.ko" --timeout 600 \
	--share-dir "$root" --device-in-share --device /usr/sbin/gcn-vgpud -- \
	--extra-program /usr/bin/env HSAKMT_TRANSPORT=kfd HSAKMT_DEBUG_LEVEL=7 /usr/bin/hsainfo -- \
	--extra-program /usr/bin/env HSAKMT_TRANSPORT=kfd /usr/bin/"${run_kernel[@]}" -- ||
	fail "the VM did not run to the end ($vm/console.log)"
grep -q '^=== GCNKFD DEVICE ATTACHED' "$vm/console.log" || fail "the packaged gcn-vgpud did not attach"
[ "$(cat "$vm/extra-1-env.rc")" = 0 ] || { cat "$vm/extra-1-env.log"; fail "hsainfo on /dev/kfd"; }
grep -q "transport 'kfd'" "$vm/extra-1-env.log" || fail "hsainfo did not use /dev/kfd"
grep -q 'Name: *gfx900' "$vm/extra-1-env.log" || fail "hsainfo on /dev/kfd shows no gfx900"
[ "$(cat "$vm/extra-2-env.rc")" = 0 ] || { cat "$vm/extra-2-env.log"; fail "vector_add on /dev/kfd"; }
step "the packaged module, device and tools in the VM: ok"

bind "$root" "$root"
bind /proc "$root/proc"
bind /dev "$root/dev"
lend_headers
step "purging ${ours[*]}"
in_root apt-get purge -y "${ours[@]}" >"$work/purge.log" 2>&1 ||
	{ tail -n 30 "$work/purge.log"; fail "apt-get purge"; }
in_root ldconfig
snapshot >"$work/after.txt"
if ! diff -u "$work/before.txt" "$work/after.txt" >"$work/left-behind.diff"; then
	cat "$work/left-behind.diff"
	fail "the chroot differs from before the installation"
fi
step "nothing left behind: ok"
