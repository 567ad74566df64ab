#!/bin/sh
# image_report_test.sh OURS ROCR HSAKMT_DIR: the images extension's answers
# of our runtime and of Debian's ROCr (on our thunk) must be equal line for
# line (image_report.cpp says what is printed and masked).
set -eu
ours=$1 rocr=$2 kmt=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
HSAKMT_TRANSPORT=emulated "$ours" > "$dir/ours.txt"
HSAKMT_TRANSPORT=emulated LD_LIBRARY_PATH="$kmt" "$rocr" > "$dir/rocr.txt"
lines=$(wc -l < "$dir/rocr.txt")
if [ "$lines" -lt 2600 ]; then
  echo "ROCr's report is short ($lines lines)"; cat "$dir/rocr.txt"; exit 1
fi
diff -u "$dir/rocr.txt" "$dir/ours.txt"
echo "equal: $lines lines"
