#!/usr/bin/env bash
# Runs our hsa-run on Debian's ROCr: hsa_run_on_rocr.sh HSA_RUN LD_DIR DEBIAN_ROCR ARGS...
# LD_DIR holds libhsa-runtime64.so.1 (a link to Debian's) and libhsakmt.so.1
# (ours); LD_LIBRARY_PATH wins over hsa-run's RUNPATH to our runtime. The
# loader's log proves which runtime ran; hsa-run's --expect checks results.
set -euo pipefail
hsa_run=$1
ld_dir=$2
debian_rocr=$3
shift 3
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT
LD_LIBRARY_PATH=$ld_dir LD_DEBUG=libs LD_DEBUG_OUTPUT=$log/ld "$hsa_run" "$@" | tee "$log/out"
if ! grep -q "^hsa-run: arg .* matches" "$log/out"; then
	echo "hsa-run did not report a checked result (pass --expect)" >&2
	exit 1
fi
loaded=$(sed -n 's/.*calling init: \(.*libhsa-runtime64\.so\.1\)$/\1/p' "$log"/ld.* | head -n1)
if [ -z "$loaded" ] || [ "$(readlink -f "$loaded")" != "$(readlink -f "$debian_rocr")" ]; then
	echo "hsa-run did not run on Debian's ROCr (loaded: ${loaded:-none})" >&2
	exit 1
fi
echo "runtime: $loaded -> $(readlink -f "$loaded")"
