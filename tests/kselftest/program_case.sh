#!/usr/bin/env bash
# One program's result out of the kselftest VM's log (an extra program of
# run-vm.sh, run with HSAKMT_DEBUG_LEVEL=7; vm_program.cmake).
#
# Usage: program_case.sh LOG [REGEX]
# Prints the log; passes iff the program exited 0 (LOG's .rc file), the
# thunk it ran on showed (thunk_check.sh) and, with REGEX, a line of the log matches
# it (grep -E).
set -euo pipefail
log=$1 want=${2:-}

[ -r "$log" ] || { echo "no $log: the VM did not run" >&2; exit 1; }
cat "$log"
. "$(dirname "$0")/thunk_check.sh"
thunk_check "$log"
rc=$(cat "${log%.log}.rc" 2>/dev/null || true)
[ "$rc" = 0 ] || { echo "FAIL: exit status ${rc:-missing}" >&2; exit 1; }
if [ -n "$want" ] && ! grep -Eq -- "$want" "$log"; then
	echo "FAIL: no line matches '$want'" >&2
	exit 1
fi
exit 0
