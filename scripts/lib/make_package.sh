#!/usr/bin/env bash
# make_package.sh CONFIG OUT_DIR: the package into OUT_DIR, as scripts/package and the
# package/install test make it (docs/install.md):
#   1. CPack (CONFIG: build/CPackConfig.cmake) makes the .deb, data.tar.gz compressed by CPack
#      itself (common/cmake/Package.cmake), with SOURCE_DATE_EPOCH from CONFIG: every file's time;
#   2. tar makes OUT_DIR/<CPACK_PACKAGE_FILE_NAME>.tar.gz from the .deb's files, under
#      <CPACK_PACKAGE_FILE_NAME>/ instead of usr/, sorted by name, owned by root, at the same time,
#      and gzip -n: the same build packaged twice gives the same bytes.
# Prints CPack's lines; exits 1 with a line naming the step that failed.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: make_package.sh CONFIG OUT_DIR" >&2; exit 2; }
config=$1 out=$2
setting() { sed -n "s/^set($1 \"\\([^\"]*\\)\")\$/\\1/p" "$config"; }
name=$(setting CPACK_PACKAGE_FILE_NAME) epoch=$(setting CPACK_LEDGER_SOURCE_DATE_EPOCH)
[ -n "$name" ] && [[ $epoch =~ ^[0-9]+$ ]] ||
  { echo "make_package.sh: $config sets no CPACK_PACKAGE_FILE_NAME or CPACK_LEDGER_SOURCE_DATE_EPOCH" >&2; exit 1; }
umask 022
rm -rf "$out/cpack" "$out/tree"
mkdir -p "$out/cpack" "$out/tree"
SOURCE_DATE_EPOCH=$epoch cpack --config "$config" -G DEB -B "$out/cpack" ||
  { echo "make_package.sh: cpack -G DEB failed (its lines above)" >&2; exit 1; }
debs=("$out"/cpack/*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || { echo "make_package.sh: cpack made not one .deb in $out/cpack" >&2; exit 1; }
dpkg-deb -x "${debs[0]}" "$out/tree" && [ -d "$out/tree/usr" ] ||
  { echo "make_package.sh: dpkg-deb -x ${debs[0]} failed or holds no usr/" >&2; exit 1; }
mv "$out/tree/usr" "$out/tree/$name"
tar -C "$out/tree" --sort=name --mtime="@$epoch" --owner=0 --group=0 --numeric-owner --format=gnu \
  -cf - "$name" | gzip -6n >"$out/$name.tar.gz" ||
  { echo "make_package.sh: tar of ${debs[0]}'s files failed" >&2; exit 1; }
mv "${debs[0]}" "$out/"
rm -rf "$out/cpack" "$out/tree"
