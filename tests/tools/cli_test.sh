#!/usr/bin/env bash
# The command line every program shares (tools/common/command_line.h):
# --version prints exactly "TOOL (hsa-gcn) VERSION" and exits 0; --help
# prints "Usage: TOOL ..." to stdout and exits 0; an unknown option prints
# one line and "Try 'TOOL --help'." to stderr and exits USAGE_STATUS.
# Usage: cli_test.sh TOOL PROGRAM VERSION USAGE_STATUS
set -uo pipefail
tool=$1
program=$2
version=$3
usage_status=$4
fail() {
	echo "FAIL: $tool: $*" >&2
	exit 1
}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

"$program" --version >"$scratch/out" 2>"$scratch/err"
status=$?
[ "$status" -eq 0 ] || fail "--version exited $status"
[ "$(cat "$scratch/out")" = "$tool (hsa-gcn) $version" ] ||
	fail "--version printed '$(cat "$scratch/out")', not '$tool (hsa-gcn) $version'"
[ "$(wc -l <"$scratch/out")" -eq 1 ] || fail "--version printed more than one line"
[ ! -s "$scratch/err" ] || fail "--version wrote to stderr: $(cat "$scratch/err")"

"$program" --help >"$scratch/out" 2>"$scratch/err"
status=$?
[ "$status" -eq 0 ] || fail "--help exited $status"
head -n 1 "$scratch/out" | grep -q "^Usage: $tool " || fail "--help begins '$(head -n 1 "$scratch/out")'"
[ ! -s "$scratch/err" ] || fail "--help wrote to stderr: $(cat "$scratch/err")"

"$program" --no-such-option >"$scratch/out" 2>"$scratch/err"
status=$?
[ "$status" -eq "$usage_status" ] || fail "an unknown option exited $status, not $usage_status"
[ ! -s "$scratch/out" ] || fail "an unknown option wrote to stdout: $(cat "$scratch/out")"
[ "$(wc -l <"$scratch/err")" -eq 2 ] || fail "an unknown option printed: $(cat "$scratch/err")"
head -n 1 "$scratch/err" | grep -q "^$tool: .*--no-such-option" ||
	fail "the error does not name the option: $(head -n 1 "$scratch/err")"
[ "$(tail -n 1 "$scratch/err")" = "Try '$tool --help'." ] ||
	fail "the error ends '$(tail -n 1 "$scratch/err")'"
echo "$tool: --version, --help and a bad option as every tool answers them"
