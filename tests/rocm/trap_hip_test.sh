#!/bin/bash
# Runs trap_hip (Debian's HIP on our thunk) and expects what HIP does when
# ROCr reports a queue error: its callback prints ROCr's status
# (HSA_STATUS_ERROR_EXCEPTION, from ROCr's trap handler's llvm.trap code)
# and aborts. A VM-fault report instead means the trap handler did not run.
set -euo pipefail
program=$1
set +e
output=$("$program" 2>&1)
rc=$?
set -e
echo "$output"
if [[ $rc -ne 134 ]]; then
  echo "FAIL: expected SIGABRT (exit 134), got exit $rc" >&2
  exit 1
fi
if ! grep -q "callbackQueue aborting with error : HSA_STATUS_ERROR_EXCEPTION" <<<"$output"; then
  echo "FAIL: HIP's queue callback did not report HSA_STATUS_ERROR_EXCEPTION" >&2
  exit 1
fi
if grep -q "Memory access fault" <<<"$output"; then
  echo "FAIL: reported as a memory fault, not through the trap handler" >&2
  exit 1
fi
echo "PASS"
