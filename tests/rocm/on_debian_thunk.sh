#!/bin/sh
# Runs a ROCm client on Debian's own user space, as a user who installed
# only the module would: ROCm's thunk (Debian's libhsakmt.so.1), ROCr and
# HIP as the loader finds them, with no LD_LIBRARY_PATH, LD_PRELOAD or
# HSA_*/HIP_*/HSAKMT_*/ROC* variable. First it prints the libhsakmt.so.1
# the loader picks for the program ("debian-thunk: ..."), which the checks
# of the kselftest VM's cases read (gtest_case.sh, program_case.sh).
#
# Usage: on_debian_thunk.sh [--no-leak-check] [--check CLIENT] PROGRAM [ARG...]
# --check: the ROCm client whose libhsakmt.so.1 to show, when PROGRAM
# only starts it (with-virtual-gpu --module rocminfo).
# --no-leak-check: ASAN_OPTIONS=detect_leaks=0, for a program of an ASan
# build (make check SANITIZE=address): the leaks LeakSanitizer would find
# at exit are Debian's ROCr's and thunk's, not the program's.
set -eu
client=
while [ $# -gt 0 ]; do
	case $1 in
	--check) client=$2; shift 2 ;;
	--no-leak-check) export ASAN_OPTIONS=detect_leaks=0; shift ;;
	*) break ;;
	esac
done
for v in $(env | sed -n 's/^\(\(HSA\|HIP\|HSAKMT\|ROC\|GPU_\|AMD_\)[A-Za-z0-9_]*\)=.*/\1/p'); do
	unset "$v"
done
unset LD_LIBRARY_PATH LD_PRELOAD
echo "debian-thunk: $(ldd "${client:-$1}" | grep 'libhsakmt\.so\.1' | sed 's/^[[:space:]]*//')"
exec "$@"
