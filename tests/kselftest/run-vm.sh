#!/usr/bin/env bash
# Boots the gcnkfd module and the kselftest binaries in QEMU and collects
# their TAP output. See tests/kselftest/README.md.
#
# Usage: run-vm.sh --out DIR --kernel VMLINUZ --module GCNKFD_KO
#                  [--param NAME=VALUE]... [--timeout SECONDS]
#                  [--extra-program BIN [ARG...] --]... [--extra-file PATH]...
#                  [--device BIN [ARG...] --]
#                  [--memory SIZE] [--share-host [--kver KVER] [--share-cache MODE]
#                  [--share-keep DIR]...] [--share-dir ROOT [--device-in-share]]
#                  TEST_BINARY...
#
# Writes DIR/results.tap (kselftest runner format: one top-level TAP line
# per binary, each binary's own TAP indented with "# "), DIR/dmesg.txt,
# DIR/console.log and, per extra program, DIR/extra-N-NAME.log with its
# exit status in DIR/extra-N-NAME.rc. Exits 0 when the VM ran to the end,
# whatever the tests said: counting results is ctest's job.
#
# --device: the GPU's device process (gcn-vgpud). BIN and its libraries are
# copied at their host paths, as for --extra-program. After insmod a
# supervisor loop runs "BIN ARG... --pidfile /run/gcn-vgpud.pid" and starts
# it again 1 s after it exits (as systemd's Restart=always would), except
# while /run/gcn-vgpud.stop exists (zz_unload_test stops the device that
# way). The tests start once every GPU's debugfs file
# /sys/kernel/debug/gcnkfd/gpu<ID>/device says attached=1 (at most 60 s);
# the device's output is DIR/device.log.
#
# --share-host: the guest mounts the host's / read-only over virtio-9p at
# /host and runs the extra programs in "chroot /host" (tmpfs on /tmp, /run,
# /var/tmp and /dev/shm; devtmpfs, proc, sysfs and debugfs inside), so
# they, their libraries and --extra-file are not copied into the initramfs.
# The 9p modules come from /lib/modules/KVER (KVER from the vmlinuz-KVER
# name, or --kver); --share-cache is the 9p cache mode (default loose).
# --share-keep DIR: a directory under /tmp, /run or /var/tmp (a build tree
# there) that the guest shows, read-only from the share, inside its own
# tmpfs at the same path.
# --share-dir ROOT: as --share-host, with the directory ROOT (a Debian
# root file system, as tests/packaging installs packages into) shared
# instead of the host's /. The extra programs are paths inside ROOT and
# are taken as they are. --device-in-share: the device process is a path
# inside ROOT too and runs in the same chroot, with ROOT's own libraries.
# --memory is QEMU's -m (default 1G, 3G with --share-host).
#
# Environment: KSELFTEST_ACCEL=tcg forces TCG, =kvm tries KVM even when
# the CPU shows no vmx/svm (default: KVM when /dev/kvm is usable, else TCG); KSELFTEST_CONSOLE_LOGLEVEL=N lets kernel messages
# of level < N interleave with the console output (default 1: they are read
# afterwards from dmesg, so they cannot split a TAP line).
# KSELFTEST_DEVICE_WAIT=S: how long the guest waits for the device to
# attach (default 60).
set -euo pipefail

usage() {
	sed -n '5,11p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
}

out='' kernel='' module='' timeout=600
memory='' share_host=0 kver='' share_cache=loose share_keep=()
share_dir='' device_in_share=0
params=() tests=() extra_files=()
extra_cmds=()
device_cmd=()
while [ $# -gt 0 ]; do
	case $1 in
	--out) out=$2; shift 2 ;;
	--kernel) kernel=$2; shift 2 ;;
	--module) module=$2; shift 2 ;;
	--param) params+=("$2"); shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	--extra-file) extra_files+=("$2"); shift 2 ;;
	--memory) memory=$2; shift 2 ;;
	--share-host) share_host=1; shift ;;
	--share-dir) share_host=1; share_dir=$(realpath "$2"); shift 2 ;;
	--device-in-share) device_in_share=1; shift ;;
	--kver) kver=$2; shift 2 ;;
	--share-cache) share_cache=$2; shift 2 ;;
	--share-keep) share_keep+=("$(realpath -m "$2")"); shift 2 ;;
	--extra-program)
		shift
		cmd=()
		while [ $# -gt 0 ] && [ "$1" != -- ]; do
			cmd+=("$1")
			shift
		done
		[ $# -gt 0 ] && shift
		[ ${#cmd[@]} -gt 0 ] || usage
		# One line per program, each word quoted for the guest's shell.
		extra_cmds+=("$(printf '%q ' "${cmd[@]}")")
		;;
	--device)
		shift
		device_cmd=()
		while [ $# -gt 0 ] && [ "$1" != -- ]; do
			device_cmd+=("$1")
			shift
		done
		[ $# -gt 0 ] && shift
		[ ${#device_cmd[@]} -gt 0 ] || usage
		;;
	-h | --help) usage ;;
	-*) echo "run-vm.sh: unknown option $1" >&2; usage ;;
	*) tests+=("$1"); shift ;;
	esac
done
[ -n "$out" ] && [ -n "$kernel" ] && [ -n "$module" ] || usage
for f in "$kernel" "$module" "${tests[@]}"; do
	[ -r "$f" ] || { echo "run-vm.sh: cannot read $f" >&2; exit 2; }
done
busybox=$(command -v busybox || true)
[ -n "$busybox" ] && ! ldd "$busybox" >/dev/null 2>&1 || {
	echo "run-vm.sh: needs a static busybox (Debian: busybox-static)" >&2
	exit 2
}

mkdir -p "$out"
out=$(cd "$out" && pwd)
root=$out/initramfs
rm -rf "$root" "$out"/extra-* "$out/results.tap" "$out/dmesg.txt" "$out/console.log" \
	"$out/device.log"
mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,tmp,run,lib,etc,kselftest,extra}
cp "$busybox" "$root/bin/busybox"
ln -s busybox "$root/bin/sh"
cp "$module" "$root/lib/gcnkfd.ko"
for t in "${tests[@]}"; do
	cp "$t" "$root/kselftest/"
done

# Dynamically linked programs keep their host paths, and so do the
# libraries ldd resolves for them (the dynamic loader among them), so
# RUNPATHs pointing into a build tree still work in the guest.
copy_with_libs() {
	local bin=$1 lib
	mkdir -p "$root$(dirname "$bin")"
	cp -L "$bin" "$root$bin"
	# A static binary or a script has no libraries: ldd fails, nothing to copy.
	{ ldd "$bin" 2>/dev/null || true; } |
		awk '/=> \// { print $3 } /^\t\// { print $1 }' |
		while read -r lib; do
			[ -e "$root$lib" ] && continue
			mkdir -p "$root$(dirname "$lib")"
			cp -L "$lib" "$root$lib"
			dirname "$lib" >>"$out/initramfs.libdirs"
		done
}
# With --share-host the guest sees the host's files under their own paths,
# except where it mounts a tmpfs of its own.
check_shared() {
	local keep
	for keep in "${share_keep[@]}"; do
		case $1 in "$keep"/*) return 0 ;; esac
	done
	case $1 in
	/tmp/* | /run/* | /var/tmp/* | /dev/*)
		echo "run-vm.sh: --share-host: $1 is under a directory the guest" \
			"covers with its own tmpfs or devtmpfs; put it elsewhere" >&2
		exit 2
		;;
	esac
}
: >"$out/initramfs.libdirs"
: >"$root/etc/extra-programs"
for cmd in "${extra_cmds[@]}"; do
	bin=$(eval "set -- $cmd; echo \"\$1\"")
	if [ -n "$share_dir" ]; then
		[[ $bin == /* ]] || { echo "run-vm.sh: --share-dir: $bin is not an absolute path" >&2; exit 2; }
	else
		[[ $bin == /* ]] || bin=$(command -v "$bin")
		bin=$(realpath "$bin")
	fi
	if [ -n "$share_dir" ]; then
		:
	elif [ "$share_host" = 1 ]; then
		check_shared "$bin"
	else
		copy_with_libs "$bin"
	fi
	rest=$(eval "set -- $cmd; shift; printf '%q ' \"\$@\"")
	printf '%q %s\n' "$bin" "$rest" >>"$root/etc/extra-programs"
done
: >"$root/etc/device-command"
if [ ${#device_cmd[@]} -gt 0 ]; then
	bin=${device_cmd[0]}
	if [ "$device_in_share" = 1 ]; then
		[ -n "$share_dir" ] && [[ $bin == /* ]] || {
			echo "run-vm.sh: --device-in-share needs --share-dir and an absolute path" >&2
			exit 2
		}
	else
		[[ $bin == /* ]] || bin=$(command -v "$bin")
		bin=$(realpath "$bin")
		copy_with_libs "$bin"
	fi
	printf '%q ' "$bin" "${device_cmd[@]:1}" >"$root/etc/device-command"
	echo >>"$root/etc/device-command"
fi
# Data files are copied in any case: the kselftests run in the initramfs,
# outside the chroot (with --share-host the programs also see them there).
for f in "${extra_files[@]}"; do
	f=$(realpath "$f")
	[ "$share_host" = 1 ] && check_shared "$f"
	mkdir -p "$root$(dirname "$f")"
	cp -a "$f" "$root$f"
done
libpath=$(sort -u "$out/initramfs.libdirs" | paste -sd: -)
rm -f "$out/initramfs.libdirs"

# Modules of the booted kernel the guest loads: those gcnkfd depends on
# (drm, for the render nodes) before it, and with --share-host the
# virtio-9p ones; each list in load order, every module after the ones it
# depends on. Compressed modules are unpacked here, since busybox's insmod
# may not read them.
[ -n "$kver" ] || kver=$(basename "$kernel" | sed -n 's/^vmlinuz-//p')
mkdir -p "$root/lib/guest-modules"
: >"$root/etc/guest-modules.all"
: >"$root/etc/dep-modules"
: >"$root/etc/share-modules"
# guest_modules LIST NAME...: NAME and its dependencies into LIST.
guest_modules() {
	local list=$1 name dep file
	shift
	for name in "$@"; do
		grep -qx "$name" "$root/etc/guest-modules.all" && continue
		file=$(modinfo -k "$kver" -n "$name" 2>/dev/null) || {
			echo "run-vm.sh: no module $name for kernel $kver" \
				"(/lib/modules/$kver; name the version with --kver)" >&2
			exit 2
		}
		[ "$file" = "(builtin)" ] && continue
		for dep in $(modinfo -k "$kver" -F depends "$name" | tr , ' '); do
			guest_modules "$list" "$dep"
		done
		case $file in
		*.ko) cp "$file" "$root/lib/guest-modules/$name.ko" ;;
		*.ko.xz) xz -dc "$file" >"$root/lib/guest-modules/$name.ko" ;;
		*.ko.zst) zstd -qdc "$file" >"$root/lib/guest-modules/$name.ko" ;;
		*.ko.gz) gzip -dc "$file" >"$root/lib/guest-modules/$name.ko" ;;
		*)
			echo "run-vm.sh: cannot unpack $file" >&2
			exit 2
			;;
		esac || {
			echo "run-vm.sh: cannot unpack $file" >&2
			exit 2
		}
		echo "$name" >>"$root/etc/guest-modules.all"
		echo "$name" >>"$root/etc/$list"
	done
}
deps=$(modinfo -F depends "$module" | tr , ' ')
if [ -n "$deps" ] || [ "$share_host" = 1 ]; then
	[ -n "$kver" ] && [ -d "/lib/modules/$kver" ] || {
		echo "run-vm.sh: needs the modules of the booted kernel:" \
			"no /lib/modules/${kver:-?} (name the version with --kver)" >&2
		exit 2
	}
fi
# shellcheck disable=SC2086 # one word per module
[ -z "$deps" ] || guest_modules dep-modules $deps
if [ "$share_host" = 1 ]; then
	mkdir -p "$root/host"
	guest_modules share-modules virtio_pci 9pnet_virtio 9p
fi
# The gid of group render, for the render nodes as Debian's udev rules
# set them (50-udev-default.rules); the guest's own /etc/group names it.
render_gid=$(getent group render | cut -d: -f3)
render_gid=${render_gid:-109}
echo "root:x:0:" >"$root/etc/group"
echo "render:x:$render_gid:" >>"$root/etc/group"
echo "root:x:0:0:root:/tmp:/bin/sh" >"$root/etc/passwd"
echo "nobody:x:65534:65534:nobody:/nonexistent:/bin/sh" >>"$root/etc/passwd"

# The guest's own deadline comes 30 s before the host kills QEMU, so a hung
# test still leaves dmesg in the log.
guest_timeout=$((timeout > 60 ? timeout - 30 : timeout))
cat >"$root/etc/runner.conf" <<EOF
MODULE_PARAMS='${params[*]}'
GUEST_TIMEOUT=$guest_timeout
LOGLEVEL=${KSELFTEST_CONSOLE_LOGLEVEL:-1}
DEVICE_WAIT=${KSELFTEST_DEVICE_WAIT:-60}
EXTRA_LD_LIBRARY_PATH='$libpath'
SHARE_HOST=$share_host
DEVICE_IN_SHARE=$device_in_share
SHARE_CACHE=$share_cache
SHARE_KEEP='${share_keep[*]}'
RENDER_GID=$render_gid
EOF

cat >"$root/init" <<'EOF'
#!/bin/sh
# PID 1 of the test VM: load gcnkfd, run every kselftest binary, then the
# extra programs, print dmesg, power off. The host reads the console.
/bin/busybox --install -s /bin
export PATH=/bin:/sbin:/usr/bin:/usr/sbin
mount -t devtmpfs devtmpfs /dev
exec </dev/console >/dev/console 2>&1
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t debugfs debugfs /sys/kernel/debug
# No tmpfs over /tmp: the initramfs root is writable already, and extra
# programs keep their host paths, which may lie under /tmp.
. /etc/runner.conf
echo "$LOGLEVEL" >/proc/sys/kernel/printk
export GCNKFD_KO=/lib/gcnkfd.ko HOME=/tmp
DEVICE_CMD=$(cat /etc/device-command)

# The device process under a supervisor: restarted 1 s after it exits,
# unless /run/gcn-vgpud.stop exists (then it waits for the file to go).
# Its output goes to a file, not between the TAP lines.
supervise_device() {
	while :; do
		while [ -e /run/gcn-vgpud.stop ]; do
			sleep 0.2
		done
		echo "supervisor: starting $DEVICE_CMD" >>/tmp/gcn-vgpud.log
		if [ "$DEVICE_IN_SHARE" = 1 ]; then
			eval "chroot /host $DEVICE_CMD --pidfile /run/gcn-vgpud.pid" \
				</dev/null >>/tmp/gcn-vgpud.log 2>&1
		else
			eval "LD_LIBRARY_PATH=\$EXTRA_LD_LIBRARY_PATH $DEVICE_CMD --pidfile /run/gcn-vgpud.pid" \
				</dev/null >>/tmp/gcn-vgpud.log 2>&1
		fi
		echo "supervisor: device exited with $?" >>/tmp/gcn-vgpud.log
		rm -f /run/gcn-vgpud.pid
		sleep 1
	done
}

# Waits up to $1 seconds until every GPU's debugfs device file says
# attached=1; prints the outcome.
wait_device_attached() {
	tries=$(($1 * 5))
	while :; do
		all=1 n=0
		for f in /sys/kernel/debug/gcnkfd/gpu*/device; do
			[ -e "$f" ] || { all=0; break; }
			n=$((n + 1))
			grep -q '^attached=1 ' "$f" || all=0
		done
		if [ $all = 1 ] && [ $n -gt 0 ]; then
			echo "=== GCNKFD DEVICE ATTACHED $n ==="
			return 0
		fi
		tries=$((tries - 1))
		if [ $tries -le 0 ]; then
			echo "=== GCNKFD DEVICE NOT ATTACHED after $1 s ==="
			for f in /sys/kernel/debug/gcnkfd/gpu*/device; do
				echo "$f: $(cat "$f" 2>&1)"
			done
			tail -n 20 /tmp/gcn-vgpud.log
			return 1
		fi
		sleep 0.2
	done
}

# Watchdog: whatever hangs, the log still ends with dmesg.
(
	sleep "$GUEST_TIMEOUT"
	echo "=== GCNKFD GUEST TIMEOUT ==="
	echo "=== GCNKFD DMESG BEGIN ==="
	dmesg
	echo "=== GCNKFD DMESG END ==="
	poweroff -f
) &

# --share-host: the host's / (or --share-dir's root) at /host, read-only,
# mounted before the module loads so that a device process from the share
# can start with it. The extra programs run in "chroot /host" with the
# guest's own writable directories and kernel file systems (the module's
# /dev/kfd, sysfs and debugfs files) mounted inside. 512 KiB messages: big shared libraries load in fewer
# round trips.
if [ "$SHARE_HOST" = 1 ]; then
	# A line of its own: the console's first bytes may follow the BIOS's.
	echo
	for m in $(cat /etc/share-modules); do
		insmod "/lib/guest-modules/$m.ko" || echo "=== GCNKFD SHARE insmod $m failed ==="
	done
	# A kept directory is bound aside before the tmpfs hides it, then
	# bound back at its own path inside the tmpfs.
	mount -t 9p -o ro,trans=virtio,version=9p2000.L,msize=524288,cache=$SHARE_CACHE \
		hostroot /host &&
		for d in $SHARE_KEEP; do
			mkdir -p "/keep$d" && mount --bind "/host$d" "/keep$d" || break
		done &&
		for d in tmp run var/tmp; do mount -t tmpfs tmpfs "/host/$d"; done &&
		for d in $SHARE_KEEP; do
			mkdir -p "/host$d" && mount --bind "/keep$d" "/host$d" || break
		done &&
		mount -t devtmpfs devtmpfs /host/dev &&
		mkdir -p /host/dev/shm && mount -t tmpfs tmpfs /host/dev/shm &&
		mount -t proc proc /host/proc &&
		mount -t sysfs sysfs /host/sys &&
		mount -t debugfs debugfs /host/sys/kernel/debug
	echo "=== GCNKFD SHARE RC $? uptime $(cut -d' ' -f1 /proc/uptime) ==="
fi

for m in $(cat /etc/dep-modules); do
	insmod "/lib/guest-modules/$m.ko" || echo "=== GCNKFD DEP insmod $m failed ==="
done
echo "=== GCNKFD INSMOD $MODULE_PARAMS ==="
insmod /lib/gcnkfd.ko $MODULE_PARAMS
echo "=== GCNKFD INSMOD RC $? ==="
# What udev does on a Debian system (50-udev-default.rules, and the
# module's own 70-gcnkfd.rules for /dev/kfd): the render nodes and
# /dev/kfd belong to group render, mode 0660; the primary nodes to video.
for f in /dev/dri/renderD* /dev/kfd; do
	[ -e "$f" ] && chgrp "$RENDER_GID" "$f" && chmod 0660 "$f"
done
if [ -n "$DEVICE_CMD" ]; then
	: >/tmp/gcn-vgpud.log
	supervise_device &
	wait_device_attached "$DEVICE_WAIT"
fi

echo "=== GCNKFD TAP BEGIN ==="
n=$(ls /kselftest | wc -l)
echo "TAP version 13"
echo "1..$n"
i=0
for t in /kselftest/*; do
	# A boot for extra programs alone has no binary: the glob stays as is.
	[ -e "$t" ] || continue
	i=$((i + 1))
	name=${t##*/}
	echo "# selftests: gcnkfd: $name"
	(
		cd /tmp
		"$t" 2>&1
		echo $? >/tmp/.rc
	) | sed 's/^/# /'
	rc=$(cat /tmp/.rc)
	case $rc in
	0) echo "ok $i selftests: gcnkfd: $name" ;;
	4) echo "ok $i selftests: gcnkfd: $name # SKIP" ;;
	*) echo "not ok $i selftests: gcnkfd: $name # exit=$rc" ;;
	esac
done
echo "=== GCNKFD TAP END ==="
# zz_unload_test stopped the device and let it start again.
[ -z "$DEVICE_CMD" ] || wait_device_attached "$DEVICE_WAIT"

i=0
while read -r line; do
	[ -n "$line" ] || continue
	i=$((i + 1))
	echo "=== GCNKFD EXTRA BEGIN $i ==="
	t0=$(cut -d' ' -f1 /proc/uptime)
	(
		cd /tmp
		if [ "$SHARE_HOST" = 1 ]; then
			# The host's own sh starts the program from the chroot's /tmp.
			eval "chroot /host /bin/sh -c 'cd /tmp && exec \"\$@\"' sh $line" 2>&1
		else
			eval "LD_LIBRARY_PATH=\$EXTRA_LD_LIBRARY_PATH $line" 2>&1
		fi
		echo $? >/tmp/.rc
	) </dev/null
	echo "=== GCNKFD EXTRA END $i rc=$(cat /tmp/.rc) ==="
	echo "=== GCNKFD EXTRA TIME $i $t0 $(cut -d' ' -f1 /proc/uptime) ==="
done </etc/extra-programs

if [ -n "$DEVICE_CMD" ]; then
	echo "=== GCNKFD DEVICE BEGIN ==="
	cat /tmp/gcn-vgpud.log
	echo "=== GCNKFD DEVICE END ==="
fi
echo "=== GCNKFD DMESG BEGIN ==="
dmesg
echo "=== GCNKFD DMESG END ==="
echo "=== GCNKFD VM DONE ==="
poweroff -f
EOF
chmod +x "$root/init"

(cd "$root" && find . -print0 | LC_ALL=C sort -z |
	cpio --null -o -H newc --quiet -R 0:0) | gzip -1 >"$out/initramfs.cpio.gz"

# KVM needs /dev/kvm and a CPU that shows vmx or svm: inside a VM without
# nested virtualisation /dev/kvm may exist while guests hang at boot.
accel=tcg
if [ "${KSELFTEST_ACCEL:-}" != tcg ] && [ -r /dev/kvm ] && [ -w /dev/kvm ] &&
	{ [ "${KSELFTEST_ACCEL:-}" = kvm ] || grep -Eqw 'vmx|svm' /proc/cpuinfo; }; then
	accel=kvm:tcg
fi
# --share-host: the host's / read-only over virtio-9p; inode numbers of
# other host file systems are remapped so they cannot collide.
share_args=()
if [ "$share_host" = 1 ]; then
	share_args=(-virtfs "local,path=${share_dir:-/},mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap")
	memory=${memory:-3G}
fi
memory=${memory:-1G}
echo "run-vm.sh: booting $(basename "$kernel") with accel=$accel, -m $memory," \
	"timeout ${timeout}s${share_args:+, host / shared read-only}"
start=$(date +%s)
set +e
timeout -k 10 "$timeout" qemu-system-x86_64 \
	-machine "accel=$accel" -m "$memory" -smp 2 "${share_args[@]}" \
	-nographic -no-reboot -monitor none -serial stdio \
	-kernel "$kernel" -initrd "$out/initramfs.cpio.gz" \
	-append "console=ttyS0 quiet panic=-1" </dev/null |
	tr -d '\r' >"$out/console.log"
qemu_rc=${PIPESTATUS[0]}
set -e
elapsed=$(($(date +%s) - start))

section() {
	sed -n "/^=== GCNKFD $1 BEGIN ===\$/,/^=== GCNKFD $1 END ===\$/p" "$out/console.log" |
		sed '1d;$d'
}
section TAP >"$out/results.tap"
section DMESG >"$out/dmesg.txt"
[ ${#device_cmd[@]} -eq 0 ] || section DEVICE >"$out/device.log"
i=0
while read -r line; do
	[ -n "$line" ] || continue
	i=$((i + 1))
	set -- $line
	name=$(basename "$1")
	sed -n "/^=== GCNKFD EXTRA BEGIN $i ===\$/,/^=== GCNKFD EXTRA END $i rc=/p" \
		"$out/console.log" >"$out/extra-$i-$name.log"
	sed -n "s/^=== GCNKFD EXTRA END $i rc=\([0-9]*\) ===\$/\1/p" "$out/console.log" \
		>"$out/extra-$i-$name.rc"
	sed -i '1d;$d' "$out/extra-$i-$name.log"
done <"$root/etc/extra-programs"

ran=tcg
grep -q 'Hypervisor detected: KVM' "$out/dmesg.txt" && ran=kvm
echo "run-vm.sh: VM ran ${elapsed}s with $ran (qemu exit $qemu_rc)"
grep '^=== GCNKFD INSMOD RC' "$out/console.log" || true
if [ ${#device_cmd[@]} -gt 0 ]; then
	grep -E '^=== GCNKFD DEVICE (NOT )?ATTACHED' "$out/console.log" | sed 's/^/run-vm.sh: /' || true
	grep -q '^=== GCNKFD DEVICE NOT ATTACHED' "$out/console.log" &&
		echo "run-vm.sh: the device did not attach; its log: $out/device.log" >&2
fi
grep '^=== GCNKFD SHARE ' "$out/console.log" || true
# Guest uptime at each extra program's start and end.
sed -n 's/^=== GCNKFD EXTRA TIME \([0-9]*\) \([0-9.]*\) \([0-9.]*\) ===$/run-vm.sh: extra program \1 ran from \2 s to \3 s of guest uptime/p' \
	"$out/console.log"
if grep -q '^=== GCNKFD VM DONE ===$' "$out/console.log"; then
	echo "run-vm.sh: $(grep -c '^ok ' "$out/results.tap") of ${#tests[@]} binaries ok;" \
		"results in $out/results.tap"
	exit 0
fi
if grep -q '^=== GCNKFD GUEST TIMEOUT ===$' "$out/console.log"; then
	echo "run-vm.sh: the guest hit its ${guest_timeout}s deadline" >&2
else
	echo "run-vm.sh: the VM did not run to the end; last console lines:" >&2
	tail -n 30 "$out/console.log" >&2
fi
exit 1
