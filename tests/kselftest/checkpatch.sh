#!/usr/bin/env bash
# The module's sources are checkpatch-clean: checkpatch.pl --strict (errors,
# warnings and CHECKs) on every *.c and *.h of the module's directory and of
# the shared directories (kfd-common/), in file mode. Shared headers also
# compile in user space, so they keep the C99 fixed-width types, and their
# property lists are X-macro tables that both C and C++ expand
# (PREFER_KERNEL_TYPES and COMPLEX_MACRO are not checked there, and only
# there).
# Usage: checkpatch.sh CHECKPATCH_PL KERNEL_DIR [SHARED_DIR...]
set -euo pipefail
checkpatch=$1
kernel_dir=$2
shift 2
shared_dirs=("$@")
[ -r "$checkpatch" ] || { echo "no $checkpatch (linux-source-6.1 not read out)" >&2; exit 1; }

# --no-tree: there is no kernel tree around an out-of-tree module (checks
# that read the tree, such as the list of known const structs beyond
# const_structs.checkpatch, cannot run).
# MACRO_ARG_REUSE: the ioctl table's entry macro names its request code
# twice (index and value), as amdkfd's AMDKFD_IOCTL_DEF does; the argument
# is always a constant. CAMELCASE only in ih_v9.c, whose memory-exception
# data has the uAPI's member names (NotPresent, ReadOnly in kfd_ioctl.h).
# Nothing else is ignored.
opts=(--no-tree --strict --file --show-types --color=never
	--ignore MACRO_ARG_REUSE)

shopt -s nullglob
files=()
shared=()
for dir in "$kernel_dir" "${shared_dirs[@]}"; do
	found=("$dir"/*.c "$dir"/*.h)
	[ ${#found[@]} -gt 0 ] || { echo "no sources in $dir" >&2; exit 1; }
	files+=("${found[@]}")
	[ "$dir" = "$kernel_dir" ] || shared+=("${found[@]}")
done
bad=0
for f in "${files[@]}"; do
	extra=()
	for g in "${shared[@]}"; do
		[ "$f" != "$g" ] || extra=(--ignore PREFER_KERNEL_TYPES,COMPLEX_MACRO)
	done
	[ "${f##*/}" != ih_v9.c ] || extra=(--ignore CAMELCASE)
	out=$(perl "$checkpatch" "${opts[@]}" "${extra[@]}" "$f" 2>&1 || true)
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
