#!/usr/bin/env bash
# The discovery files as a ROCm user meets them: components thunk and
# runtime installed into a scratch prefix, then a consumer program
# (consumer/) built through pkg-config and through find_package, each
# compiled from the prefix's headers (not Debian's ROCm in /usr), run on
# the prefix's libraries, listing the virtual GPU. The layout is the build's
# (HSA_GCN_THUNK_LIBDIR, HSA_GCN_RUNTIME_LIBDIR: cmake/install_dirs.cmake).
# Usage: discovery_test.sh BUILD_DIR SOURCE_DIR CXX LIBDIR THUNK_LIBDIR RUNTIME_LIBDIR
set -euo pipefail
build=$(realpath "$1")
src=$(realpath "$2")
cxx=$3
libdir=$4
thunk_libdir=$5
runtime_libdir=$6
scratch=$(mktemp -d "$build/discovery-test.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
fail() {
	echo "FAIL: $*" >&2
	exit 1
}
prefix=$scratch/prefix
for c in thunk runtime; do
	cmake --install "$build" --prefix "$prefix" --component $c >/dev/null
done
thunk=$prefix/$thunk_libdir
runtime=$prefix/$runtime_libdir

# The libraries with their link-time names, beside them; the discovery
# files where pkg-config and find_package look by default.
for f in "$thunk/libhsakmt.so" "$thunk/libhsakmt.so.1" "$runtime/libhsa-runtime64.so" \
	"$runtime/libhsa-runtime64.so.1" "$thunk/libgcn-translate.so.1" \
	"$runtime/libhsart-finalizer.so.1" "$prefix/$libdir/pkgconfig/libhsakmt.pc" \
	"$prefix/$libdir/cmake/hsakmt/hsakmt-config.cmake" \
	"$prefix/$libdir/cmake/hsakmt/hsakmt-config-version.cmake" \
	"$prefix/$libdir/cmake/hsakmt/hsakmtTargets.cmake" \
	"$prefix/$libdir/cmake/hsa-runtime64/hsa-runtime64-config.cmake" \
	"$prefix/$libdir/cmake/hsa-runtime64/hsa-runtime64-config-version.cmake" \
	"$prefix/$libdir/cmake/hsa-runtime64/hsa-runtime64Targets.cmake"; do
	[ -e "$f" ] || fail "${f#"$prefix/"} was not installed"
done

# The headers a build used: all from the prefix, none of /usr's ROCm.
check_headers() { # DEPS_FILE HOW
	for h in hsa/hsa.h hsakmt/hsakmt.h; do
		grep -q "$prefix/include/$h" "$1" || fail "$2: $h not taken from the prefix"
	done
	! grep -Eq '/usr/include/(hsa/|hsakmt)' "$1" || fail "$2: compiled with /usr's ROCm headers"
}

# The consumer's output: the KFD interface version of <linux/kfd_ioctl.h>,
# a gfx900 GPU agent, both libraries loaded from the prefix.
check_run() { # PROGRAM HOW
	env -u LD_LIBRARY_PATH "$1" >"$scratch/out.txt" 2>&1 || fail "$2: consumer failed: $(cat "$scratch/out.txt")"
	local major minor
	major=$(awk '$2 == "KFD_IOCTL_MAJOR_VERSION" { print $3 }' /usr/include/linux/kfd_ioctl.h)
	minor=$(awk '$2 == "KFD_IOCTL_MINOR_VERSION" { print $3 }' /usr/include/linux/kfd_ioctl.h)
	grep -qx "kfd-interface $major.$minor" "$scratch/out.txt" ||
		fail "$2: thunk version is not $major.$minor: $(cat "$scratch/out.txt")"
	grep -qx "agent gfx900 gpu" "$scratch/out.txt" || fail "$2: no gfx900 GPU agent: $(cat "$scratch/out.txt")"
	grep -qx "runtime-version 1.[0-9]*" "$scratch/out.txt" || fail "$2: no runtime version"
	local file
	file=$(awk '$1 == "thunk-file" { print $2 }' "$scratch/out.txt")
	[ "$(realpath "$file")" = "$(realpath "$thunk/libhsakmt.so.1")" ] || fail "$2: thunk loaded from $file"
	file=$(awk '$1 == "runtime-file" { print $2 }' "$scratch/out.txt")
	[ "$(realpath "$file")" = "$(realpath "$runtime/libhsa-runtime64.so.1")" ] ||
		fail "$2: runtime loaded from $file"
}

# (a) pkg-config: libhsakmt.pc as Debian names it. Debian ships no .pc for
# the runtime, nor do we: a Makefile names the runtime's directories itself
# (its headers' for <hsa.h>, its library's).
export PKG_CONFIG_PATH=$prefix/$libdir/pkgconfig
[ "$(pkg-config --modversion libhsakmt)" = 1.0.6 ] || fail "libhsakmt.pc: version is not 1.0.6"
[ "$(pkg-config --variable=libdir libhsakmt)" = "$thunk" ] ||
	fail "libhsakmt.pc: libdir is $(pkg-config --variable=libdir libhsakmt), not $thunk"
mkdir "$scratch/pc"
read -ra cflags <<<"$(pkg-config --cflags libhsakmt)"
read -ra libs <<<"$(pkg-config --libs libhsakmt)"
for f in main rocm6_style; do
	"$cxx" -std=c++17 "${cflags[@]}" -I"$prefix/include/hsa" -MD -MF "$scratch/pc/$f.d" -c "$src/tests/packaging/consumer/$f.cpp" \
		-o "$scratch/pc/$f.o"
	cat "$scratch/pc/$f.d" >>"$scratch/pc/deps.txt"
done
check_headers "$scratch/pc/deps.txt" pkg-config
"$cxx" "$scratch/pc/main.o" "$scratch/pc/rocm6_style.o" -o "$scratch/pc/consumer" "${libs[@]}" \
	-L"$runtime" -lhsa-runtime64 -ldl -Wl,-rpath,"$thunk:$runtime"
check_run "$scratch/pc/consumer" pkg-config

# (b) CMake: find_package(hsakmt) and find_package(hsa-runtime64), found
# through CMAKE_PREFIX_PATH before /usr's.
unset PKG_CONFIG_PATH
cmake -S "$src/tests/packaging/consumer" -B "$scratch/cm" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" \
	-DCMAKE_PREFIX_PATH="$prefix" >"$scratch/cm.txt" 2>&1 || fail "cmake consumer: $(cat "$scratch/cm.txt")"
for p in hsakmt hsa-runtime64; do
	grep -qx "${p}_DIR:PATH=$prefix/$libdir/cmake/$p" "$scratch/cm/CMakeCache.txt" ||
		fail "find_package($p) found $(grep "^${p}_DIR" "$scratch/cm/CMakeCache.txt")"
done
cmake --build "$scratch/cm" >"$scratch/cm.txt" 2>&1 || fail "cmake consumer build: $(cat "$scratch/cm.txt")"
ninja -C "$scratch/cm" -t deps >"$scratch/cm/deps.txt"
check_headers "$scratch/cm/deps.txt" cmake
check_run "$scratch/cm/consumer" cmake

# libhsakmt.pc names the prefix installed to, under DESTDIR as a package
# build stages it.
DESTDIR=$scratch/stage cmake --install "$build" --prefix /opt/hsa-gcn --component thunk >/dev/null
grep -qx "prefix=/opt/hsa-gcn" "$scratch/stage/opt/hsa-gcn/$libdir/pkgconfig/libhsakmt.pc" ||
	fail "staged libhsakmt.pc: $(head -1 "$scratch/stage/opt/hsa-gcn/$libdir/pkgconfig/libhsakmt.pc")"
echo "discovery: pkg-config and find_package consumers built from $prefix and ran on the virtual GPU"
