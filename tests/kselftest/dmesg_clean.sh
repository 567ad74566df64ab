#!/usr/bin/env bash
# The VM's kernel log after loading gcnkfd and running every kselftest holds
# no warning, oops or corruption report. The taint note for an unsigned
# out-of-tree module is expected and not matched.
# Usage: dmesg_clean.sh DMESG_TXT
set -euo pipefail
log=$1
[ -s "$log" ] || { echo "no $log: kselftest.vm did not run to the end" >&2; exit 1; }
pattern='WARNING:|BUG:|Oops|general protection fault|Call Trace|refcount_t|list_add corruption|list_del corruption|kernel BUG|UBSAN|KASAN|stack-protector'
if grep -Eq "$pattern" "$log"; then
	echo "FAIL: the kernel reported problems:" >&2
	grep -E -B 2 -A 25 "$pattern" "$log" | head -n 200 >&2
	exit 1
fi
echo "dmesg: $(wc -l <"$log") lines, no warning, oops or corruption report"
