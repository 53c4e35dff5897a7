#!/usr/bin/env bash
# moved-tree-test.sh: a tree copied, or moved, together with its configured build/ folder is
# configured afresh for itself by scripts/lib/configure.sh's configure_preset (what build-book,
# test and rebuild-chapter configure with), which says so in one line on stderr; never does it
# keep building the original tree, nor stop at CMake's "CMakeCache.txt directory ... is
# different". On a CMake project of a few lines with a default preset (Ninja, build/).
# ctest runs it as scripts/configure-moved (labels cli and tools).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(cd "$(mktemp -d)" && pwd -P)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "moved-tree-test: FAILED: $*" >&2; exit 1; }
mkdir -p "$scratch/a/scripts/lib"
cp "$root/scripts/lib/configure.sh" "$scratch/a/scripts/lib/"
cat >"$scratch/a/CMakeLists.txt" <<'EOF'
cmake_minimum_required(VERSION 3.20)
project(moved NONE)
message(STATUS "source=${CMAKE_SOURCE_DIR}")
EOF
cat >"$scratch/a/CMakePresets.json" <<'EOF'
{"version": 3, "configurePresets": [{"name": "default", "generator": "Ninja", "binaryDir": "${sourceDir}/build"}]}
EOF
# configure TREE: configure_preset default in TREE; stdout and stderr into scratch/<tree>.out, .err.
configure() {
  (cd "$scratch/$1" && source scripts/lib/configure.sh && configure_preset default) \
    >"$scratch/$1.out" 2>"$scratch/$1.err" || { cat "$scratch/$1.out" "$scratch/$1.err" >&2; fail "configure in $1"; }
}
# configured_for TREE FROM: the configure of TREE said, in one line, that build/ was FROM's, and
# TREE's build/ is now TREE's.
configured_for() {
  local tree=$scratch/$1
  [ "$(grep -c . "$scratch/$1.err")" -eq 1 ] &&
    grep -qx "configure: build/ was configured for $scratch/$2, not this tree ($tree): configuring it afresh" "$scratch/$1.err" ||
    { cat "$scratch/$1.err" >&2; fail "$1: the configure did not say in one line that build/ was $2's"; }
  grep -qx "CMAKE_HOME_DIRECTORY:INTERNAL=$tree" "$tree/build/CMakeCache.txt" && grep -qx -- "-- source=$tree" "$scratch/$1.out" ||
    fail "$1: build/ is not configured for $tree ($(grep '^CMAKE_HOME_DIRECTORY' "$tree/build/CMakeCache.txt"))"
}

configure a
grep -q 'configured for' "$scratch/a.err" && fail "the tree's own build/ was taken for another's"
cp -a "$scratch/a" "$scratch/b"
configure b
configured_for b a
echo "ok   a copy with the original beside it: named, and configured for the copy"
mv "$scratch/a" "$scratch/c"
configure c
configured_for c a
echo "ok   a moved tree: named, and configured where it is now"
configure c
[ ! -s "$scratch/c.err" ] || { cat "$scratch/c.err" >&2; fail "a tree configured for itself was configured afresh again"; }
echo "moved-tree-test: ok"
