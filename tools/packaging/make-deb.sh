#!/usr/bin/env bash
# Builds the Debian packages (debian/) with dpkg-buildpackage and checks
# them with lintian: make-deb.sh [BUILD_DIR] (default build).
#
# dpkg-buildpackage writes its packages next to the source tree, so it runs
# on a copy of the tree in BUILD_DIR/deb/hsa-gcn-VERSION and the packages
# land in BUILD_DIR/deb. The copy keeps its build directory
# (obj-<triplet>) between runs and the files keep their times, so a second
# run rebuilds only what changed.
#
# Prints the packages' paths, one per line, last. Exits non-zero when the
# build fails or lintian reports an error or a warning (its report is
# BUILD_DIR/deb/lintian.txt).
set -euo pipefail

here=$(cd "$(dirname "$0")/../.." && pwd)
build=$(realpath -m "${1:-build}")
version=$(dpkg-parsechangelog -l "$here/debian/changelog" -S Version)
work=$build/deb
src=$work/hsa-gcn-$version
mkdir -p "$src"

# The tree's files: what git tracks plus new files not ignored, or, out
# of a git checkout, everything but build trees.
list=$work/files.list
if git -C "$here" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	git -C "$here" ls-files -z --cached --others --exclude-standard >"$list"
else
	(cd "$here" && find . -path ./build -prune -o -path './build-*' -prune -o \
		-path ./.git -prune -o \( -type f -o -type l \) -print0) >"$list"
fi
find "$src" -mindepth 1 -maxdepth 1 ! -name 'obj-*' -exec rm -rf {} +
(cd "$here" && tar --null -T "$list" -cf - --ignore-failed-read) | tar -xpf - -C "$src"

rm -f "$work"/*.deb "$work"/*.ddeb "$work"/*.buildinfo "$work"/*.changes
jobs=${JOBS:-$(nproc)}
(cd "$src" && DEB_BUILD_OPTIONS="parallel=$jobs ${DEB_BUILD_OPTIONS:-}" \
	dpkg-buildpackage -b -us -uc -nc) >"$work/build.log" 2>&1 || {
	tail -n 40 "$work/build.log" >&2
	echo "make-deb.sh: dpkg-buildpackage failed; log: $work/build.log" >&2
	exit 1
}

changes=$(ls "$work"/hsa-gcn_"$version"_*.changes)
if ! lintian --fail-on error,warning --tag-display-limit 0 "$changes" \
	>"$work/lintian.txt" 2>&1; then
	cat "$work/lintian.txt" >&2
	echo "make-deb.sh: lintian is not clean ($work/lintian.txt)" >&2
	exit 1
fi
ls "$work"/*.deb
