#!/usr/bin/env bash
# make_package.sh CONFIG OUT_DIR CACHE_DIR: the package into OUT_DIR, as scripts/package and the
# package/install test make it (docs/install.md):
#   1. CPack (CONFIG: build/CPackConfig.cmake) makes the .deb with its data uncompressed
#      (common/cmake/Package.cmake), into OUT_DIR/cpack/;
#   2. scripts/lib/package_gzip.py compresses it into OUT_DIR/<the .deb> and makes the tarball,
#      OUT_DIR/<CPACK_PACKAGE_FILE_NAME>.tar.gz, from the same files, each file's compressed bytes
#      kept in CACHE_DIR under their digest: a file unchanged since the last package is not
#      compressed again (at 36 chapters, 7 CPU s per gzip of 150 MB, nearly all of it programs).
# Prints CPack's and package_gzip's lines; exits 1 with a line naming the step that failed.
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: make_package.sh CONFIG OUT_DIR CACHE_DIR" >&2; exit 2; }
config=$1 out=$2 cache=$3
here=$(cd "$(dirname "$0")" && pwd)
name=$(sed -n 's/^set(CPACK_PACKAGE_FILE_NAME "\([^"]*\)")$/\1/p' "$config")
[ -n "$name" ] || { echo "make_package.sh: $config sets no CPACK_PACKAGE_FILE_NAME" >&2; exit 1; }
rm -rf "$out/cpack"
mkdir -p "$out/cpack"
cpack --config "$config" -G DEB -B "$out/cpack" || { echo "make_package.sh: cpack -G DEB failed (its lines above)" >&2; exit 1; }
debs=("$out"/cpack/*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || { echo "make_package.sh: cpack made not one .deb in $out/cpack" >&2; exit 1; }
python3 "$here/package_gzip.py" "${debs[0]}" "$out" "$name" "$cache" ||
  { echo "make_package.sh: package_gzip.py failed (its line above)" >&2; exit 1; }
rm -rf "$out/cpack"
