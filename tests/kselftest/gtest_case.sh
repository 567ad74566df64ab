#!/usr/bin/env bash
# One gtest case out of a gtest binary's log from the kselftest VM (an
# extra program of run-vm.sh, run with --gtest_color=no and
# HSAKMT_DEBUG_LEVEL=7; vm_gtest.cmake).
#
# Usage: gtest_case.sh RUN_LOG LIST_LOG CASE     one case: passes iff the run
#                                                printed "[       OK ] CASE"
#        gtest_case.sh RUN_LOG LIST_LOG --binary COUNT
#                                                the run as a whole: it
#                                                exited 0 and the VM's
#                                                --gtest_list_tests selected
#                                                COUNT cases (what configure
#                                                found)
# Both need the thunk the case ran on to show (thunk_check.sh). Exit 0: ok; 77:
# skipped (ctest SKIP_RETURN_CODE); 1: failed or missing.
set -euo pipefail
log=$1 list=$2 case=$3

[ -r "$log" ] || { echo "no $log: kselftest.vm did not run" >&2; exit 1; }
. "$(dirname "$0")/thunk_check.sh"
thunk_check "$log"

if [ "$case" = --binary ]; then
	want=$4
	rc=$(cat "${log%.log}.rc" 2>/dev/null || true)
	# --gtest_list_tests: "Suite." lines, then "  Test" lines.
	have=$(grep -c '^  [A-Za-z0-9_]' "$list" 2>/dev/null || true)
	grep -E '^\[(==========|  PASSED  |  FAILED  )\]' "$log" || true
	[ "$have" = "$want" ] || {
		echo "FAIL: the VM's filter selected ${have:-no} cases; configure found $want" >&2
		exit 1
	}
	[ "$rc" = 0 ] || { echo "FAIL: exit status ${rc:-missing}" >&2; exit 1; }
	exit 0
fi

# The case's own lines: from its RUN line to its result line.
esc=$(printf '%s' "$case" | sed 's/[.[\*^$]/\\&/g')
# Parameterised names hold "/", which delimits sed's addresses.
sed_esc=$(printf '%s' "$esc" | sed 's|/|\\/|g')
sed -n "/^\[ RUN      \] $sed_esc\$/,/^\[ *[A-Z]* *\] $sed_esc (/p" "$log"
if grep -q "^\[       OK \] $esc (" "$log"; then
	exit 0
elif grep -q "^\[  SKIPPED \] $esc (" "$log"; then
	exit 77
elif grep -q "^\[  FAILED  \] $esc (" "$log"; then
	echo "FAIL: $case failed in the VM" >&2
	exit 1
fi
echo "FAIL: no result for $case in $log (not selected, or the run died):" >&2
tail -n 20 "$log" >&2
exit 1
