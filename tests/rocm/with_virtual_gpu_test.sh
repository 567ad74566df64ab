#!/usr/bin/env bash
# with-virtual-gpu (tools/with-virtual-gpu): inside, the start-up checks of
# ROCm's tools pass (a read-write /dev/kfd, amdgpu in lsmod's list), the
# thunk is forced to the emulated transport and our libhsakmt.so.1 comes
# first (with --module: only amdgpu in lsmod's list); outside, nothing
# changed; exit statuses pass through; non-root
# users get the same view (checked when run as root, as user nobody and as
# root without CAP_SYS_ADMIN).
# Usage: with_virtual_gpu_test.sh WITH_VIRTUAL_GPU ROCMINFO
set -euo pipefail
wvg=$1
rocminfo=$2
fail() {
	echo "FAIL: $*" >&2
	exit 1
}

# Every check in one shell inside the namespace; prints what failed.
inside='
set -eu
[ -r /dev/kfd ] && [ -w /dev/kfd ] || { echo "/dev/kfd is not read-write"; exit 1; }
lsmod | grep -q "^amdgpu " || { echo "lsmod lists no amdgpu"; exit 1; }
[ "${HSAKMT_TRANSPORT:-}" = emulated ] || { echo "HSAKMT_TRANSPORT=${HSAKMT_TRANSPORT:-}"; exit 1; }
[ -e "${LD_LIBRARY_PATH%%:*}/libhsakmt.so.1" ] || { echo "LD_LIBRARY_PATH=$LD_LIBRARY_PATH"; exit 1; }
echo ok > /dev/null || { echo "/dev/null is not writable"; exit 1; }
[ -d /dev/pts ] && [ -d /dev/shm ] || { echo "/dev/pts or /dev/shm is missing"; exit 1; }
ls -A /dev
'

snapshot() {
	ls -A /dev
	[ -e /dev/kfd ] && echo "kfd present" || echo "kfd absent"
	[ -r /proc/modules ] && md5sum </proc/modules || echo "no /proc/modules"
	wc -l </proc/self/mountinfo
}
before=$(snapshot)

out=$("$wvg" sh -c "$inside") || fail "inside the namespace: $out"
# The host's /dev entries are all there, plus kfd.
missing=$(comm -23 <(ls -A /dev | sort) <(echo "$out" | sort))
[ -z "$missing" ] || fail "host /dev entries missing inside: $missing"

after=$(snapshot)
[ "$before" = "$after" ] || fail "the host changed: $(diff <(echo "$before") <(echo "$after"))"

# --module (the gcnkfd module serves the KFD): amdgpu in lsmod's list and
# nothing else; the host's /dev entries as they are (a host /dev/kfd stays
# the host's), no transport and no loader path of ours.
module_inside='
set -eu
lsmod | grep -q "^amdgpu " || { echo "lsmod lists no amdgpu"; exit 1; }
[ -z "${HSAKMT_TRANSPORT:-}" ] || { echo "HSAKMT_TRANSPORT=$HSAKMT_TRANSPORT"; exit 1; }
[ "${LD_LIBRARY_PATH:-}" = "$1" ] || { echo "LD_LIBRARY_PATH=${LD_LIBRARY_PATH:-}"; exit 1; }
ls -A /dev | grep -v "^\.with-virtual-gpu"
'
out=$("$wvg" --module sh -c "$module_inside" sh "${LD_LIBRARY_PATH:-}") ||
	fail "--module: $out"
[ "$(ls -A /dev | sort)" = "$(echo "$out" | sort)" ] ||
	fail "--module: /dev differs from the host's: $(diff <(ls -A /dev | sort) <(echo "$out" | sort))"
after=$(snapshot)
[ "$before" = "$after" ] || fail "--module: the host changed: $(diff <(echo "$before") <(echo "$after"))"

# Exit statuses: the command's own; 127 not found; 125 no command.
status=0
"$wvg" sh -c 'exit 7' || status=$?
[ "$status" -eq 7 ] || fail "exit status 7 came back as $status"
status=0
"$wvg" /nonexistent/program 2>/dev/null || status=$?
[ "$status" -eq 127 ] || fail "a missing program gave $status, not 127"
status=0
"$wvg" 2>/dev/null || status=$?
[ "$status" -eq 125 ] || fail "no command gave $status, not 125"

# Without the tool, on a host without amdgpu, rocminfo refuses to start:
# the checks the tool satisfies are real.
if ! { lsmod 2>/dev/null | grep -q '^amdgpu '; } && [ ! -e /dev/kfd ]; then
	status=0
	plain=$("$rocminfo" 2>&1) || status=$?
	[ "$status" -ne 0 ] || fail "rocminfo started without with-virtual-gpu"
	echo "$plain" | grep -q "ROCk module is NOT loaded" || fail "rocminfo said: $plain"
fi

# A user without privileges, and root without CAP_SYS_ADMIN (a container's
# root): a user namespace holds the mount namespace.
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null &&
	setpriv --reuid=65534 --regid=65534 --clear-groups test -x "$wvg"; then
	out=$(setpriv --reuid=65534 --regid=65534 --clear-groups "$wvg" sh -c "$inside") ||
		fail "as user nobody: $out"
	out=$(setpriv --inh-caps=-sys_admin --bounding-set=-sys_admin "$wvg" sh -c "$inside") ||
		fail "as root without CAP_SYS_ADMIN: $out"
	echo "checked as root, as root without CAP_SYS_ADMIN and as user nobody"
else
	echo "checked as $(id -un) (no unprivileged run: not root or the build tree is private)"
fi
