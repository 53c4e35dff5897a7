#!/usr/bin/env bash
# package-version-test.sh: the package's version and the commit --version names, on trees that
# are not the usual git checkout (common/cmake/PackageVersion.cmake, Edition.cmake;
# docs/install.md), with a CMake project of a few lines that includes them (no build):
#  1. a tree without .git, at edition 1: version 1+dev, never 1, the real edition-1 package's;
#     asked to name a commit (BOOK_BUILD_COMMIT), its configure fails saying git knows none;
#  2. a SHA-256 git repository: `git rev-parse HEAD` (64 hex digits) is a commit to build from:
#     at the edition's commit the version is 1, after it 1+git<date>.<hash>; edition_info.py
#     writes the 64-digit commit into what --version prints.
# ctest runs it as scripts/package-version (labels cli and tools).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "package-version-test: FAILED: $*" >&2; exit 1; }
export GIT_AUTHOR_NAME=package-version-test GIT_AUTHOR_EMAIL=package-version-test@localhost
export GIT_COMMITTER_NAME=package-version-test GIT_COMMITTER_EMAIL=package-version-test@localhost
export GIT_AUTHOR_DATE=2026-12-01T00:00:00Z GIT_COMMITTER_DATE=2026-12-01T00:00:00Z
src=$scratch/src
mkdir -p "$src/editions"
cat >"$src/CMakeLists.txt" <<EOF
cmake_minimum_required(VERSION 3.20)
project(package_version NONE)
include("$root/common/cmake/PackageVersion.cmake")
message(STATUS "version=\${LEDGER_PACKAGE_VERSION}")
EOF
latest() { printf 'EDITION=1\nEDITION_DATE=2026-12-01\nEDITION_COMMIT=%s\n' "$1" >"$src/editions/latest.txt"; }
# version [cmake args]: the version a fresh configure of src gives (stderr into scratch/cmake.log).
version() {
  rm -rf "$scratch/build"
  cmake -S "$src" -B "$scratch/build" "$@" 2>"$scratch/cmake.log" | sed -n 's/^-- version=//p'
}

latest 0123456789abcdef0123456789abcdef01234567
v=$(version)
[ "$v" = "1+dev" ] || { cat "$scratch/cmake.log" >&2; fail "a tree without .git at edition 1: version '$v', want 1+dev (never 1)"; }
if v=$(version -DBOOK_BUILD_COMMIT=0123456789abcdef0123456789abcdef01234567); [ -n "$v" ]; then
  fail "a tree without .git configured with BOOK_BUILD_COMMIT gave version '$v'"
fi
grep -q 'is no commit git' "$scratch/cmake.log" || { cat "$scratch/cmake.log" >&2; fail "the refusal does not say git knows no such commit"; }
echo "ok   a tree without .git: version 1+dev; a commit to name is refused"

git -C "$src" init -q --object-format=sha256 . || fail "git init --object-format=sha256"
git -C "$src" add -A && git -C "$src" commit -qm "edition 1's tree"
head=$(git -C "$src" rev-parse HEAD)
[ ${#head} -eq 64 ] || fail "not a SHA-256 repository: HEAD is $head"
latest "$head"
v=$(version -DBOOK_BUILD_COMMIT="$head")
[ "$v" = 1 ] || { cat "$scratch/cmake.log" >&2; fail "SHA-256, at the edition's commit: version '$v', want 1"; }
git -C "$src" commit -qm "after the edition" --allow-empty
after=$(git -C "$src" rev-parse HEAD)
v=$(version -DBOOK_BUILD_COMMIT="$after")
[ "$v" = "1+git20261201.${after:0:7}" ] || { cat "$scratch/cmake.log" >&2; fail "SHA-256, after the edition: version '$v'"; }
python3 "$root/common/tools/edition_info.py" "$scratch/edition" --commit="$after" ||
  fail "edition_info.py refuses a 64-digit commit"
first=$(awk '!/^[[:space:]]*(#|$)/ {print $1; exit}' "$root/chapters/chapters.list")
grep -q "\"$after\"" "$scratch/edition/edition_$first.cpp" || fail "edition_info.py did not write the 64-digit commit"
echo "ok   a SHA-256 repository: versions 1 and 1+git<date>.<hash>; --version gets the 64-digit commit"
echo "package-version-test: ok"
