#!/usr/bin/env bash
# package_memo_test.sh WORK_DIR (inside the tree: the memo keeps reads of the tree only):
# scripts/package's memo (scripts/lib/package_memo.py) keeps a package only while what the packager
# read holds. A stand-in for CPack reads a file and lists a folder, and writes one package file:
#   1. made and kept: the memo holds;
#   2. the file it read changed: it does not; put back: it holds again;
#   3. a new file in the folder it listed: it does not;
#   4. the package file changed after it was made: it does not.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 WORK_DIR" >&2; exit 2; }
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(realpath -m "$1")
case "$work/" in "$root"/*) ;; *) echo "package_memo_test: $work is not inside the tree $root" >&2; exit 2 ;; esac
memo=(python3 "$root/scripts/lib/package_memo.py")
rm -rf "$work" && mkdir -p "$work/in/listed" "$work/package" "$work/memo"
echo "what the package holds" >"$work/in/read.txt"
"${memo[@]}" run "$work/memo" "$work/staging" -- bash -c \
  'mkdir -p "$1" && ls "$2/listed" >/dev/null && cat "$2/read.txt" >"$1/book.deb"' _ "$work/staging" "$work/in"
mv "$work/staging/book.deb" "$work/package/"
"${memo[@]}" keep "$work/memo" "$work/package"
fail() { echo "FAIL: $*"; exit 1; }
holds() { "${memo[@]}" holds "$work/memo" "$work/package"; }
holds || fail "step 1: the package just made is not kept"
echo "changed" >>"$work/in/read.txt"
holds && fail "step 2: kept though a file the packager read changed"
echo "what the package holds" >"$work/in/read.txt"
holds || fail "step 2: the file put back, the package is not kept"
touch "$work/in/listed/new.txt"
holds && fail "step 3: kept though a folder the packager listed has a new file"
rm "$work/in/listed/new.txt"
echo "tampered" >>"$work/package/book.deb"
holds && fail "step 4: kept though the package file changed after it was made"
rm -rf "$work"
echo "PASS: the package kept while what the packager read, listed and made holds, and not after"
