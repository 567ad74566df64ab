#!/usr/bin/env bash
# Checks (or with --fix, applies) the repository's .clang-format on every
# C/C++ source outside the kernel-style code: kernel/, firmware-interfaces/, kfd-common/,
# the module's kselftests (tests/kselftest/) and its in-VM benchmark.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(find . -path ./build -prune -o -path './build-*' -prune -o \
	-path ./kernel -prune -o -path ./firmware-interfaces -prune -o -path ./kfd-common -prune -o \
	-path ./tests/kselftest -prune -o -path ./bench/kfd_module_bench.c -prune -o \
	\( -name '*.cpp' -o -name '*.hpp' -o -name '*.h' -o -name '*.c' \) -print | sort)
[ ${#files[@]} -gt 0 ] || { echo "format: no sources"; exit 0; }
if [ "${1:-}" = --fix ]; then
	clang-format-14 -i "${files[@]}"
	echo "format: ${#files[@]} files formatted"
else
	clang-format-14 --dry-run -Werror "${files[@]}"
	echo "format: ${#files[@]} files clean"
fi
