#!/usr/bin/env bash
# `make install` as a user runs it, into a scratch prefix: every file lands,
# the installed tools run on the installed runtime and thunk (not the build
# tree's), the installed runtime finds its finalizer plugin, and component
# "thunk" alone installs the thunk and its discovery files and nothing else;
# components "tools", "device" and "kernel" install their programs and
# manual pages. The layout is the build's: LIBDIR (CMAKE_INSTALL_LIBDIR)
# holds the pkg-config and CMake files, THUNK_LIBDIR and RUNTIME_LIBDIR the
# libraries (cmake/install_dirs.cmake).
# Usage: install_test.sh BUILD_DIR SOURCE_DIR LIBDIR THUNK_LIBDIR RUNTIME_LIBDIR
set -euo pipefail
build=$1
src=$2
libdir=$3
thunk_libdir=$4
runtime_libdir=$5
prefix=$(mktemp -d "$build/install-test.XXXXXX")
trap 'rm -rf "$prefix"' EXIT
fail() {
	echo "FAIL: $*" >&2
	exit 1
}

cmake --install "$build" --prefix "$prefix/all" >/dev/null
for f in bin/hsainfo bin/hsa-run bin/hsail-finalize bin/hsailasm bin/with-virtual-gpu \
	"$thunk_libdir/libhsakmt.so.1" "$thunk_libdir/libhsakmt.so" "$thunk_libdir/libgcn-translate.so.1" \
	"$runtime_libdir/libhsa-runtime64.so.1" "$runtime_libdir/libhsa-runtime64.so" \
	"$runtime_libdir/libhsart-finalizer.so.1" "$libdir/pkgconfig/libhsakmt.pc" \
	"$libdir/cmake/hsakmt/hsakmt-config.cmake" "$libdir/cmake/hsa-runtime64/hsa-runtime64-config.cmake" \
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
	case $lib in libhsakmt*) dir=$thunk_libdir ;; *) dir=$runtime_libdir ;; esac
	[ -n "$loaded" ] && [ "$(realpath "$loaded")" = "$(realpath "$prefix/all/$dir/$lib")" ] ||
		fail "installed hsa-run does not load the installed $lib: $(grep "$lib" "$prefix/ldd.txt")"
done

env -u LD_LIBRARY_PATH "$prefix/all/bin/hsainfo" >"$prefix/hsainfo.txt"
grep -Eq '^ +Name: +gfx900$' "$prefix/hsainfo.txt" || fail "installed hsainfo lists no gfx900 agent"

# The installed with-virtual-gpu puts the installed thunk first.
thunk_dir=$("$prefix/all/bin/with-virtual-gpu" sh -c 'echo "${LD_LIBRARY_PATH%%:*}"')
[ "$thunk_dir" = "$(realpath "$prefix/all/$thunk_libdir")" ] ||
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
# (The per-configuration targets file is named after the build type.)
found=$(cd "$prefix/thunk" && find . ! -type d | sed 's/Targets-[a-z]*\.cmake$/Targets-CONFIG.cmake/' |
	sort | tr '\n' ' ')
expected=$(
	for f in include/hsakmt/hsakmt.h include/hsakmt/hsakmttypes.h \
		"$thunk_libdir/libgcn-translate.so.1" "$thunk_libdir/libgcn-translate.so.1.0.0" \
		"$thunk_libdir/libhsakmt.so" "$thunk_libdir/libhsakmt.so.1" "$thunk_libdir/libhsakmt.so.1.0.6" \
		"$libdir/pkgconfig/libhsakmt.pc" "$libdir/cmake/hsakmt/hsakmt-config.cmake" \
		"$libdir/cmake/hsakmt/hsakmt-config-version.cmake" "$libdir/cmake/hsakmt/hsakmtTargets.cmake" \
		"$libdir/cmake/hsakmt/hsakmtTargets-CONFIG.cmake"; do
		echo "./$f"
	done | sort | tr '\n' ' '
)
[ "$found" = "$expected" ] || fail "component thunk installed: $found; expected: $expected"
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
