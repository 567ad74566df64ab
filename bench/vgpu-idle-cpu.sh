#!/bin/sh
# Runs in the bench VM (run-vgpu-module-bench.sh): the device process's CPU
# use, in % of one core, over $1 seconds with no client attached. Its pid
# is in the module's debugfs file.
secs=${1:-5}
pid=$(sed -n 's/^attached=1 pid=\([0-9]*\).*/\1/p' /sys/kernel/debug/gcnkfd/gpu*/device | head -1)
[ -n "$pid" ] || { echo "no device attached" >&2; exit 1; }
ticks() { awk '{ sub(/.*\) /, ""); print $12 + $13 }' "/proc/$pid/stat"; }
sleep 1
t0=$(ticks)
sleep "$secs"
t1=$(ticks)
hz=$(getconf CLK_TCK)
awk -v a="$t0" -v b="$t1" -v hz="$hz" -v s="$secs" \
	'BEGIN { printf "idle-cpu-percent %.2f\n", 100 * (b - a) / hz / s }'
