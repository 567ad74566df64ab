#!/usr/bin/env bash
# Installs the Debian packages listed in tools/deps/packages.txt that are not
# installed yet. Idempotent: when everything is present it asks apt nothing.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
list="$here/deps/packages.txt"
root=$(dirname "$here")

wanted=()
while read -r line; do
	line=${line%%#*}
	line=$(echo "$line" | xargs)
	[ -n "$line" ] || continue
	if [[ $line == kernel:* ]]; then
		[ -f "$root/kernel/Kbuild" ] || continue
		line=$(echo "${line#kernel:}" | xargs)
	fi
	wanted+=("$line")
done <"$list"

missing=()
for pkg in "${wanted[@]}"; do
	status=$(dpkg-query -W -f='${db:Status-Status}' "$pkg" 2>/dev/null || true)
	[ "$status" = installed ] || missing+=("$pkg")
done

if [ ${#missing[@]} -eq 0 ]; then
	echo "deps: all ${#wanted[@]} Debian packages present"
	exit 0
fi

echo "deps: installing ${missing[*]}"
sudo=()
if [ "$(id -u)" -ne 0 ]; then
	command -v sudo >/dev/null || {
		echo "deps: need root (or sudo) to install: ${missing[*]}" >&2
		exit 1
	}
	sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
