#!/usr/bin/env bash
# One kselftest result out of the VM's results.tap (run-vm.sh writes it in
# the kselftest runner's format: each binary's own TAP indented by "# ").
#
# Usage: tap_case.sh RESULTS_TAP BINARY CASE     one case: passes iff the
#                                                binary printed "ok N CASE"
#        tap_case.sh RESULTS_TAP BINARY --binary COUNT
#                                                the binary as a whole: it
#                                                exited 0 and planned COUNT
#                                                cases (what configure found)
# Exit 0: ok; 77: skipped (ctest SKIP_RETURN_CODE); 1: failed or missing.
set -euo pipefail
tap=$1 bin=$2 case=$3

[ -r "$tap" ] || { echo "no $tap: kselftest.vm did not run" >&2; exit 1; }
section=$(awk -v b="$bin" '
	$0 == "# selftests: gcnkfd: " b { on = 1; next }
	on && $0 ~ ("^(not )?ok [0-9]+ selftests: gcnkfd: " b "( |$)") { print; exit }
	on { print }' "$tap")
[ -n "$section" ] || { echo "$bin did not run in the VM (see $tap)" >&2; exit 1; }

if [ "$case" = --binary ]; then
	want=$4
	echo "$section"
	plan=$(echo "$section" | sed -n 's/^# 1\.\.\([0-9]*\)$/\1/p' | head -n 1)
	[ "$plan" = "$want" ] || {
		echo "FAIL: $bin planned ${plan:-no} cases; configure found $want in its source" >&2
		exit 1
	}
	echo "$section" | tail -n 1 | grep -q '^ok ' || { echo "FAIL: $bin exited non-zero" >&2; exit 1; }
	exit 0
fi

# The case's own lines: from its RUN line to the next result line (the
# 6.1 harness prints a skipped case as "ok N # SKIP reason", without its
# name, so the result is the line that ends the case's block).
esc=$(printf '%s' "$case" | sed 's/[.[\*^$/]/\\&/g')
block=$(echo "$section" | sed -n "/^# #  RUN  *$esc \.\.\.\$/,/^# \(not \)\{0,1\}ok [0-9]* /p")
if [ -n "$block" ]; then
	echo "$block"
	result=$(echo "$block" | tail -n 1)
else
	result=$(echo "$section" | grep -E "^# (not )?ok [0-9]+ $esc( |$)" || true)
fi
case $result in
"# ok "*"# SKIP"*) exit 77 ;;
"# ok "*) exit 0 ;;
"# not ok "*) echo "FAIL: $result" >&2; exit 1 ;;
*)
	echo "FAIL: no result for $case in $bin's output:" >&2
	echo "$section" | tail -n 20 >&2
	exit 1
	;;
esac
