#!/usr/bin/env bash
# make bench's vgpu_module_bench: the virtual GPU through the gcnkfd module
# against the same GPU in-process, in one boot of the test VM
# (tests/kselftest/run-vm.sh with gcn-vgpud as the device, 1 GPU, the
# host's / shared read-only). dispatch_bench runs twice in the guest, on
# the kfd transport (module + device process) and on the emulated one
# (in-process), and the device process's CPU use is read while no client
# is attached. Paths come from the environment (bench/CMakeLists.txt):
# VGPU_BENCH_RUNNER, VGPU_BENCH_KERNEL, VGPU_BENCH_MODULE, VGPU_BENCH_DEVICE,
# VGPU_BENCH_DISPATCH, VGPU_BENCH_IDLE, VGPU_BENCH_OUT.
set -euo pipefail
out=$VGPU_BENCH_OUT
rm -rf "$out"
# A tree under the guest's own /tmp, /run or /var/tmp (a clone in /tmp)
# is shown to it at its path (run-vm.sh --share-keep).
keep=()
for f in "$VGPU_BENCH_DISPATCH" "$VGPU_BENCH_IDLE"; do
	if [[ $(realpath "$f") =~ ^(/tmp|/run|/var/tmp)/[^/]+ ]]; then
		keep+=(--share-keep "${BASH_REMATCH[0]}")
	fi
done
"$VGPU_BENCH_RUNNER" --out "$out" --kernel "$VGPU_BENCH_KERNEL" \
	--module "$VGPU_BENCH_MODULE" --param num_gpus=1 --share-host --timeout 900 "${keep[@]}" \
	--device "$VGPU_BENCH_DEVICE" --threads 2 -- \
	--extra-program "$VGPU_BENCH_IDLE" 5 -- \
	--extra-program env HSAKMT_TRANSPORT=kfd "$VGPU_BENCH_DISPATCH" -- \
	--extra-program env HSAKMT_TRANSPORT=emulated GCN_EMU_THREADS=2 "$VGPU_BENCH_DISPATCH" -- \
	>"$out.runner.log" 2>&1 || {
	cat "$out.runner.log" >&2
	exit 1
}
for i in 1 2 3; do
	rc=$(cat "$out"/extra-$i-*.rc)
	[ "$rc" = 0 ] || {
		cat "$out"/extra-$i-*.log >&2
		echo "vgpu_module_bench: guest program $i exited $rc" >&2
		exit 1
	}
done
idle=$(cat "$out"/extra-1-*.log)
module=$(cat "$out"/extra-2-*.log)
inproc=$(cat "$out"/extra-3-*.log)
# The value column of a row of dispatch_bench's tables.
row() { echo "$1" | awk -F'|' -v k="$2" 'index($2, k) { gsub(/ /, "", $3); print $3; exit }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2fx", a / b; else print "-" }'; }
accel=$(grep -o 'accel=[a-z:]*' "$out.runner.log" | head -1 || true)
echo "The virtual gfx900 through gcnkfd (device process gcn-vgpud) against the same GPU in-process,"
echo "one QEMU VM (${accel:-accel=?}, 2 vCPUs), $(nproc) host cores, host load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| measure (median us, or per second)        | via /dev/kfd + gcn-vgpud | in-process | module / in-process |"
echo "|-------------------------------------------|--------------------------|------------|---------------------|"
for k in "round trip, spin on completion signal" "round trip, wait on the signal's KFD event" \
	"dispatches/s, 1000 in flight"; do
	m=$(row "$module" "$k")
	p=$(row "$inproc" "$k")
	printf '| %-41s | %24s | %10s | %19s |\n' "$k" "$m" "$p" "$(ratio "$m" "$p")"
done
echo
echo "| device process CPU (% of one core)        | value |"
echo "|-------------------------------------------|-------|"
printf '| %-41s | %5s |\n' "no client attached (5 s)" "$(echo "$idle" | awk '/^idle-cpu-percent/ { print $2 }')"
printf '| %-41s | %5s |\n' "a client's queue idle (2 s)" "$(row "$module" "device process CPU")"
echo
echo "The guest's own tables:"
echo
echo "$module"
echo
echo "$inproc"
