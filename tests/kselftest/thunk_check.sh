# thunk_check LOG: that a case of the kselftest VM ran on the thunk it
# was meant to, sourced by gtest_case.sh and program_case.sh; fails the
# case (exit 1) otherwise. GCNKFD_CASE_THUNK (set on the ctest):
#   ours (default)  our thunk, forced onto the kfd transport: it printed
#                   "libhsakmt: transport 'kfd'" (HSAKMT_DEBUG_LEVEL=7);
#   debian          Debian's libhsakmt.so.1 (ROCm's thunk), as
#                   tests/rocm/on_debian_thunk.sh found it for the program
#                   with no LD_LIBRARY_PATH; ours printed nothing.
thunk_check() {
	if [ "${GCNKFD_CASE_THUNK:-ours}" = debian ]; then
		grep -Eq '^debian-thunk: libhsakmt\.so\.1 => /(usr/)?lib/[^ ]*/libhsakmt\.so\.1 ' "$1" &&
			! grep -q "^libhsakmt: transport" "$1" || {
			echo "FAIL: the program did not run on Debian's libhsakmt.so.1 ($1):" >&2
			grep -E '^(debian-thunk|libhsakmt): ' "$1" >&2 || true
			exit 1
		}
		return 0
	fi
	grep -q "^libhsakmt: transport 'kfd'" "$1" || {
		echo "FAIL: the thunk did not report transport 'kfd' in $1:" >&2
		tail -n 20 "$1" >&2
		exit 1
	}
}
