#!/usr/bin/env bash
# Runs the matmul example on the first GPU agent with hsa-run and checks C
# against the CPU's result: run-matmul.sh [BUILD_DIR] (default build).
# Without /dev/kfd the runtime uses the emulated GPU.
set -euo pipefail
build=${1:-build}
ex=$build/examples
exec "$build/tools/hsa-run/hsa-run" "$ex/matmul.co" matmul \
	buf:f32:4096 buf:f32:file="$ex/matmul_a.bin" buf:f32:file="$ex/matmul_b.bin" \
	u32:64 u32:64 u32:64 \
	--grid 64,64 --workgroup 8,8 \
	--print 0=8 --expect 0="$ex/matmul_c_expected.bin" --time
