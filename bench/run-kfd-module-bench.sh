#!/usr/bin/env bash
# make bench's kfd_module_bench: boots the test VM (tests/kselftest/run-vm.sh)
# with gcnkfd.ko and runs the static kfd_module_bench there, then prints its
# table. The paths come from the environment (bench/CMakeLists.txt):
# KFD_BENCH_RUNNER, KFD_BENCH_KERNEL, KFD_BENCH_MODULE, KFD_BENCH_BINARY,
# KFD_BENCH_OUT, and KFD_BENCH_DEVICE (gcn-vgpud: the GPU behind the
# module, without which CREATE_QUEUE is -EIO).
set -euo pipefail
out=$KFD_BENCH_OUT
rm -rf "$out"
"$KFD_BENCH_RUNNER" --out "$out" --kernel "$KFD_BENCH_KERNEL" \
	--module "$KFD_BENCH_MODULE" --param num_gpus=1 \
	--device "$KFD_BENCH_DEVICE" --threads 1 -- \
	--extra-program "$KFD_BENCH_BINARY" -- >"$out.runner.log" 2>&1 || {
	cat "$out.runner.log" >&2
	exit 1
}
log=$(ls "$out"/extra-*.log)
rc=$(cat "${log%.log}.rc")
accel=$(grep -o 'accel=[a-z:]*' "$out.runner.log" | head -1 || true)
echo "gcnkfd in a QEMU VM (${accel:-accel=?}, 2 vCPUs, 1 GiB), $(nproc) host cores, host load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "Each operation next to a native kernel operation of the same shape, same VM, same run."
echo
cat "$log"
[ "$rc" = 0 ] || { echo "kfd_module_bench exited $rc" >&2; exit 1; }
