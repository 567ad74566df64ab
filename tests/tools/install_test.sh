#!/usr/bin/env bash
# `make install` as a user runs it, into a scratch prefix: every file lands,
# the installed tools run on the installed runtime and thunk (not the build
# tree's), the installed runtime finds its finalizer plugin, and component
# "thunk" alone installs the thunk and nothing else; components "tools",
# "device" and "kernel" install their programs and manual pages.
# Usage: install_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1
src=$2
prefix=$(mktemp -d "$build/install-test.XXXXXX")
trap 'rm -rf "$prefix"' EXIT
fail() {
	echo "FAIL: $*" >&2
	exit 1
}

cmake --install "$build" --prefix "$prefix/all" >/dev/null
for f in bin/hsainfo bin/hsa-run bin/hsail-finalize bin/hsailasm bin/with-virtual-gpu \
	lib/libhsakmt.so.1 lib/libgcn-translate.so.1 lib/libhsa-runtime64.so.1 lib/libhsart-finalizer.so.1 \
	include/hsa/hsa.h include/hsa/hsa_ext_amd.h include/hsakmt/hsakmt.h \
	share/man/man1/hsainfo.1 share/man/man1/hsa-run.1 share/man/man1/hsailasm.1 \
	share/man/man1/hsail-finalize.1 share/man/man1/with-virtual-gpu.1 \
	sbin/gcn-vgpud share/man/man8/gcn-vgpud.8 \
	$([ -f "$src/kernel/Kbuild" ] && echo lib/udev/rules.d/70-gcnkfd.rules \
		lib/systemd/system/gcn-vgpud.service lib/modprobe.d/gcnkfd.conf share/man/man4/gcnkfd.4); do
	[ -e "$prefix/all/$f" ] || fail "$f was not installed"
done
# The unit starts the installed device process.
if [ -f "$src/kernel/Kbuild" ]; then
	grep -qx "ExecStart=$prefix/all/sbin/gcn-vgpud" "$prefix/all/lib/systemd/system/gcn-vgpud.service" ||
		fail "gcn-vgpud.service does not start $prefix/all/sbin/gcn-vgpud"
fi

# The installed programs resolve our libraries from the prefix, whatever
# the build tree holds.
env -u LD_LIBRARY_PATH ldd "$prefix/all/bin/hsa-run" >"$prefix/ldd.txt"
for lib in libhsa-runtime64.so.1 libhsakmt.so.1; do
	loaded=$(awk -v l="$lib" '$1 == l { print $3 }' "$prefix/ldd.txt")
	[ -n "$loaded" ] && [ "$(realpath "$loaded")" = "$(realpath "$prefix/all/lib/$lib")" ] ||
		fail "installed hsa-run does not load the installed $lib: $(grep "$lib" "$prefix/ldd.txt")"
done

env -u LD_LIBRARY_PATH "$prefix/all/bin/hsainfo" >"$prefix/hsainfo.txt"
grep -Eq '^ +Name: +gfx900$' "$prefix/hsainfo.txt" || fail "installed hsainfo lists no gfx900 agent"

# The installed with-virtual-gpu puts the installed thunk first.
thunk_dir=$("$prefix/all/bin/with-virtual-gpu" sh -c 'echo "${LD_LIBRARY_PATH%%:*}"')
[ "$thunk_dir" = "$(realpath "$prefix/all/lib")" ] ||
	fail "installed with-virtual-gpu chose the thunk in '$thunk_dir'"

# HSAIL through the installed runtime: the finalizer plugin is found next
# to the installed libhsa-runtime64.so.1. The result is checked against the
# CPU's (examples/README.md).
ex=$build/examples
env -u LD_LIBRARY_PATH "$prefix/all/bin/hsa-run" "$src/examples/matmul.hsail" matmul \
	buf:f32:4096 buf:f32:file="$ex/matmul_a.bin" buf:f32:file="$ex/matmul_b.bin" \
	u32:64 u32:64 u32:64 --grid 64,64 --workgroup 8,8 \
	--expect 0="$ex/matmul_c_expected.bin" >"$prefix/run.txt" 2>&1 ||
	fail "installed hsa-run: $(cat "$prefix/run.txt")"
grep -q "matches" "$prefix/run.txt" || fail "installed hsa-run did not check its result"

cmake --install "$build" --prefix "$prefix/thunk" --component thunk >/dev/null
found=$(cd "$prefix/thunk" && find . -type f | sort | tr '\n' ' ')
[ "$found" = "./include/hsakmt/hsakmt.h ./include/hsakmt/hsakmttypes.h ./lib/libgcn-translate.so.1.0.0 ./lib/libhsakmt.so.1.0.6 " ] ||
	fail "component thunk installed: $found"
# The other components: each program with its manual page, uncompressed
# (a package's tools compress them).
component_files() {
	cmake --install "$build" --prefix "$prefix/$1" --component "$1" >/dev/null
	(cd "$prefix/$1" && find . -type f | sort | tr '\n' ' ')
}
found=$(component_files tools)
[ "$found" = "./bin/hsa-run ./bin/hsail-finalize ./bin/hsailasm ./bin/hsainfo ./bin/with-virtual-gpu \
./share/man/man1/hsa-run.1 ./share/man/man1/hsail-finalize.1 ./share/man/man1/hsailasm.1 \
./share/man/man1/hsainfo.1 ./share/man/man1/with-virtual-gpu.1 " ] ||
	fail "component tools installed: $found"
found=$(component_files device)
[ "$found" = "./sbin/gcn-vgpud ./share/man/man8/gcn-vgpud.8 " ] || fail "component device installed: $found"
if [ -f "$src/kernel/Kbuild" ]; then
	found=$(component_files kernel)
	[ "$found" = "./lib/modprobe.d/gcnkfd.conf ./lib/systemd/system/gcn-vgpud.service \
./lib/udev/rules.d/70-gcnkfd.rules ./share/man/man4/gcnkfd.4 " ] ||
		fail "component kernel installed: $found"
fi
# An installed page renders as man(1) shows it (where man-db is).
if command -v man >/dev/null; then
	man -l "$prefix/all/share/man/man1/hsainfo.1" 2>/dev/null | grep -q "hsainfo --agent" ||
		fail "man -l cannot render the installed hsainfo.1"
fi
echo "install: all files in place; installed tools run on the installed runtime"
