#!/usr/bin/env bash
# new-chapter-refusals.sh: scripts/new-chapter refuses a bad chapter before it
# writes anything, and undoes everything it wrote when a later step fails. In a
# scratch copy of the tree's sources: names whose program clashes with a CMake
# target of the tree (ledger, a listed program's PROGRAM_core) or one CMake reserves (test, all,
# help, clean, install), names whose program shadows a command (bash, ls, make), chapter 00, a --title with a line break, --title
# without a value; then a chapter whose configure fails (a cmake that exits 3)
# and one interrupted (SIGINT) while it configures. Each must leave every file
# of the copy as it was.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
tree=$scratch/tree
mkdir -p "$scratch/bin"
# shellcheck source=scripts/tests/template-copy.sh
source "$root/scripts/tests/template-copy.sh"
copy_sources "$root" "$tree"
n=$(free_chapter_number "$root")  # a number no chapter uses, so only the refusal under test can stop it
[ -n "$n" ] || { echo "FAIL: no free chapter number (01..99 all used)"; exit 1; }
failures=0
snapshot() { (cd "$tree" && find . -path ./scripts/lib/__pycache__ -prune -o -type f -print0 | sort -z | xargs -0 md5sum); }
snapshot >"$scratch/before"
# expect STATUS TEXT ARGS...: new-chapter ARGS exits STATUS, says TEXT, and leaves the tree as it was.
expect() {
  local want=$1 text=$2 status=0
  shift 2
  (cd "$tree" && PATH=$scratch/bin:$PATH scripts/new-chapter "$@") >"$scratch/out" 2>&1 || status=$?
  snapshot >"$scratch/after"
  if [ $status -ne "$want" ] || ! grep -qF -- "$text" "$scratch/out" || ! cmp -s "$scratch/before" "$scratch/after"; then
    echo "FAIL new-chapter $*: exit $status (expected $want), output: $(head -c 400 "$scratch/out")"
    diff "$scratch/before" "$scratch/after" | head -5
    failures=$((failures + 1))
  else
    echo "ok   new-chapter $* -> $(head -n 1 "$scratch/out" | cut -c1-120)"
  fi
}
expect 2 "would define the CMake targets ledger" "$n-ledger"
# A listed chapter's program, read from the list: its library target is PROGRAM_core.
listed=$(awk '!/^[[:space:]]*(#|$)/ {print $2; exit}' "$root/chapters/chapters.list")
expect 2 "would define the CMake target ${listed}_core" "$n-${listed//_/-}-core"
for reserved in test all help clean install; do expect 2 "program '$reserved' is a target name CMake reserves" "$n-$reserved"; done
for command in bash ls make; do expect 2 "program '$command' would shadow the command $command" "$n-$command"; done
expect 2 "chapter numbers run from 01 to 99" 00-intro
expect 2 "--title: one line of text" --title $'two\nlines' "$n-refusal-probe"
expect 2 "--title expects a value" "$n-refusal-probe" --title
printf '#!/bin/sh\nexit 3\n' >"$scratch/bin/cmake"
chmod +x "$scratch/bin/cmake"
expect 1 "removed every file it wrote" "$n-refusal-probe"
printf '#!/bin/sh\nkill -INT $PPID\nsleep 1\n' >"$scratch/bin/cmake"  # Ctrl-C while configuring
expect 1 "interrupted; removed every file it wrote" "$n-refusal-probe"
echo "$failures failed"
[ $failures -eq 0 ]
