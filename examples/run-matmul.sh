#!/usr/bin/env bash
# Runs the matmul example on the first GPU agent with hsa-run and checks C
# against the CPU's result: run-matmul.sh [BUILD_DIR] [hsail|opencl]
# (defaults: build, hsail). hsail is matmul.hsail, which hsa-run assembles
# and finalizes in process; opencl is matmul.cl as clang-14 built it
# (BUILD_DIR/examples/matmul.co). Without /dev/kfd the runtime uses the
# emulated GPU.
set -euo pipefail
build=${1:-build}
kind=${2:-hsail}
here=$(cd "$(dirname "$0")" && pwd)
ex=$build/examples
case $kind in
hsail) kernel=$here/matmul.hsail ;;
opencl) kernel=$ex/matmul.co ;;
*)
	echo "usage: run-matmul.sh [BUILD_DIR] [hsail|opencl]" >&2
	exit 2
	;;
esac
exec "$build/tools/hsa-run/hsa-run" "$kernel" matmul \
	buf:f32:4096 buf:f32:file="$ex/matmul_a.bin" buf:f32:file="$ex/matmul_b.bin" \
	u32:64 u32:64 u32:64 \
	--grid 64,64 --workgroup 8,8 \
	--print 0=8 --expect 0="$ex/matmul_c_expected.bin" --time
