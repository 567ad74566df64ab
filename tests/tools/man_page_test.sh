#!/usr/bin/env bash
# A manual page (man/): groff formats it without a warning, its .TH line
# carries the project's version, and it documents what the program takes,
# checked against the program itself rather than against a list:
#   --program PROGRAM   every option (--name, or HSAILasm's -name) in
#                       PROGRAM --help is in the page, and every one in
#                       the page is in --help
#   --kernel DIR        every module_param* of DIR/*.c is in the page
# Usage: man_page_test.sh PAGE VERSION (--program PROGRAM | --kernel DIR)
set -uo pipefail
page=$1
version=$2
mode=$3
subject=$4
fail() {
	echo "FAIL: $(basename "$page"): $*" >&2
	exit 1
}

warnings=$(groff -man -ww -z -t "$page" 2>&1) || fail "groff failed: $warnings"
[ -z "$warnings" ] || fail "groff warns: $warnings"
grep -q "^\.TH .* \"hsa-gcn $version\" " "$page" || fail ".TH does not name hsa-gcn $version"

# Options as words: a dash or two and a name of two characters or more
# (one-letter options, -o -g -h -v, are not told from other text), after
# a space, a bracket, a bar or a comma.
options() {
	grep -oE '(^|[][[:space:]|(,])--?[a-z][a-z0-9-]+' | sed -E 's/^[^-]+//' | sort -u
}
# The page's text without roff escapes: \- is a dash, fonts go.
page_options() {
	grep -v '^\.\\"' "$page" | sed -E -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' | options
}

case $mode in
--program)
	help=$("$subject" --help) || fail "$subject --help failed"
	in_help=$(echo "$help" | options)
	in_page=$(page_options)
	missing=$(comm -23 <(echo "$in_help") <(echo "$in_page") | tr '\n' ' ')
	extra=$(comm -13 <(echo "$in_help") <(echo "$in_page") | tr '\n' ' ')
	[ -z "$missing" ] || fail "in --help, not in the page: $missing"
	[ -z "$extra" ] || fail "in the page, not in --help: $extra"
	echo "$(basename "$page"): no warnings; options as in --help: $(echo "$in_help" | tr '\n' ' ')"
	;;
--kernel)
	params=$(grep -ohE 'module_param[a-z_]*\([[:space:]]*[A-Za-z0-9_]+' "$subject"/*.c |
		sed -E 's/.*\([[:space:]]*//' | sort -u)
	[ -n "$params" ] || fail "no module_param in $subject/*.c"
	text=$(grep -v '^\.\\"' "$page" | sed -e 's/\\-/-/g')
	for p in $params; do
		echo "$text" | grep -qE "^\.BR? $p( |$)" || fail "module parameter $p is not documented"
	done
	echo "$(basename "$page"): no warnings; parameters: $(echo "$params" | tr '\n' ' ')"
	;;
*) fail "unknown mode $mode" ;;
esac
