#!/usr/bin/env bash
# moved-tree-test.sh: a tree copied, or moved, together with its configured build/ folder is
# configured afresh for itself by scripts/lib/configure.sh's configure_preset (what build-book,
# test, rebuild-chapter, fuzz and the Python tools, update-golden among them, configure with),
# which says so in one line on stderr; never does it
# keep building the original tree, nor stop at CMake's "CMakeCache.txt directory ... is
# different". On a CMake project of a few lines with a default preset (Ninja, build/).
# ctest runs it as scripts/configure-moved (labels cli and tools).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(cd "$(mktemp -d)" && pwd -P)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "moved-tree-test: FAILED: $*" >&2; exit 1; }
mkdir -p "$scratch/a/scripts/lib" "$scratch/a/chapters/01-moved" "$scratch/a/golden/01-moved"
cp "$root/scripts/lib/configure.sh" "$root"/scripts/lib/*.py "$scratch/a/scripts/lib/"
cp "$root/scripts/update-golden" "$scratch/a/scripts/"
# One chapter, whose program (written at configure time) prints the tree it was configured for.
echo "01-moved moved" >"$scratch/a/chapters/chapters.list"
echo "case" >"$scratch/a/golden/01-moved/cases.list"
cat >"$scratch/a/CMakeLists.txt" <<'EOF'
cmake_minimum_required(VERSION 3.20)
project(moved NONE)
message(STATUS "source=${CMAKE_SOURCE_DIR}")
file(WRITE ${CMAKE_BINARY_DIR}/chapters/01-moved/moved "#!/bin/sh\necho source=${CMAKE_SOURCE_DIR}\n")
file(CHMOD ${CMAKE_BINARY_DIR}/chapters/01-moved/moved PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
add_custom_target(moved)
EOF
cat >"$scratch/a/CMakePresets.json" <<'EOF'
{"version": 3, "configurePresets": [{"name": "default", "generator": "Ninja", "binaryDir": "${sourceDir}/build"}],
 "buildPresets": [{"name": "default", "configurePreset": "default"}]}
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
echo "source=$scratch/d" >"$scratch/a/golden/01-moved/case.txt"
# update-golden in a copy whose build/ is the original's: it configures the copy afresh through
# configure_preset (suite.configured) before building the program, whose output names the tree it
# was configured for, never the original's (before, it built there as it was: source=.../a).
cp -a "$scratch/a" "$scratch/d"
(cd "$scratch/d" && scripts/update-golden 01) >"$scratch/d.out" 2>"$scratch/d.err" ||
  { cat "$scratch/d.out" "$scratch/d.err" >&2; fail "update-golden in a copy"; }
grep -qx "configure: build/ was configured for $scratch/a, not this tree ($scratch/d): configuring it afresh" "$scratch/d.err" &&
  grep -qx '  same     golden/01-moved/case.txt' "$scratch/d.out" ||
  { cat "$scratch/d.out" "$scratch/d.err" >&2; fail "update-golden in a copy did not configure it for itself"; }
echo "ok   update-golden in a copy: named, configured for the copy, its program is the copy's"
# A copy whose build/ is a symbolic link to the original's (as the docs test makes its copy) uses it
# as it is: configure.sh never takes the original's build folder away from it.
mkdir "$scratch/e" && cp -a "$scratch/a/." "$scratch/e/" && rm -rf "$scratch/e/build" && ln -s "$scratch/a/build" "$scratch/e/build"
(cd "$scratch/e" && source scripts/lib/configure.sh && configured default) &&
  grep -qx "CMAKE_HOME_DIRECTORY:INTERNAL=$scratch/a" "$scratch/a/build/CMakeCache.txt" ||
  fail "a copy whose build/ links the original's took it for a moved one"
echo "ok   a build/ that is a link to another tree's is used as it is"
mv "$scratch/a" "$scratch/c"
configure c
configured_for c a
echo "ok   a moved tree: named, and configured where it is now"
configure c
[ ! -s "$scratch/c.err" ] || { cat "$scratch/c.err" >&2; fail "a tree configured for itself was configured afresh again"; }
echo "moved-tree-test: ok"
