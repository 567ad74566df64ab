#!/usr/bin/env bash
# Runs one kselftest binary built against the emulated KFD and writes its
# output to OUT_TAP in the format run-vm.sh gives results.tap (the binary's
# TAP indented by "# " under "# selftests: gcnkfd: NAME", then its result
# line), so tap_case.sh reads both alike.
#
# Usage: run-emu.sh OUT_TAP BINARY
# Exits 0 whatever the cases said: counting results is tap_case.sh's job.
set -uo pipefail
out=$1 bin=$2
name=${bin##*/}
mkdir -p "${out%/*}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(
	cd "$work" || exit 1
	"$bin" 2>&1
	echo $? >"$work/.rc"
) | sed 's/^/# /' >"$work/out"
rc=$(cat "$work/.rc")
{
	echo "TAP version 13"
	echo "1..1"
	echo "# selftests: gcnkfd: $name"
	cat "$work/out"
	case $rc in
	0) echo "ok 1 selftests: gcnkfd: $name" ;;
	4) echo "ok 1 selftests: gcnkfd: $name # SKIP" ;;
	*) echo "not ok 1 selftests: gcnkfd: $name # exit=$rc" ;;
	esac
} >"$out"
cat "$out"
