#!/usr/bin/env bash
# kernel/ is checkpatch-clean: checkpatch.pl --strict (errors, warnings and
# CHECKs) on every kernel/*.c and *.h, in file mode.
# Usage: checkpatch.sh CHECKPATCH_PL KERNEL_DIR
set -euo pipefail
checkpatch=$1
dir=$2
[ -r "$checkpatch" ] || { echo "no $checkpatch (linux-source-6.1 not read out)" >&2; exit 1; }

# --no-tree: there is no kernel tree around an out-of-tree module (checks
# that read the tree, such as the list of known const structs beyond
# const_structs.checkpatch, cannot run).
# MACRO_ARG_REUSE: the ioctl table's entry macro names its request code
# twice (index and value), as amdkfd's AMDKFD_IOCTL_DEF does; the argument
# is always a constant. Nothing else is ignored.
opts=(--no-tree --strict --file --show-types --color=never
	--ignore MACRO_ARG_REUSE)

shopt -s nullglob
files=("$dir"/*.c "$dir"/*.h)
[ ${#files[@]} -gt 0 ] || { echo "no sources in $dir" >&2; exit 1; }
bad=0
for f in "${files[@]}"; do
	out=$(perl "$checkpatch" "${opts[@]}" "$f" 2>&1 || true)
	total=$(echo "$out" | grep '^total:' || true)
	case $total in
	"total: 0 errors, 0 warnings, 0 checks,"*) ;;
	*)
		echo "$out" | sed '/^total:/q'
		bad=$((bad + 1))
		;;
	esac
done
if [ $bad -gt 0 ]; then
	echo "FAIL: checkpatch found problems in $bad of ${#files[@]} files" >&2
	exit 1
fi
echo "checkpatch --strict: ${#files[@]} files clean"
