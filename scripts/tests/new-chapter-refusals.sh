#!/usr/bin/env bash
# new-chapter-refusals.sh: scripts/new-chapter refuses a bad chapter before it
# writes anything, and undoes everything it wrote when a later step fails. In a
# scratch copy of the tree's sources: names whose program clashes with a CMake
# target of the tree (ledger, a listed program's PROGRAM_core) or one CMake reserves (test, all,
# help, clean, install), names whose program shadows a command (bash, ls, make), chapter 00, a --title with a line break, --title
# without a value; then a chapter whose configure fails (a cmake that exits 3), one whose
# build fails after update-golden gave its cases IDs, and one interrupted (SIGINT) while it
# configures. Each must leave every file of the copy (but build/) as it was.
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
snapshot() { (cd "$tree" && find . \( -path ./scripts/lib/__pycache__ -o -path ./build \) -prune -o -type f -print0 | sort -z | xargs -0 md5sum); }
snapshot >"$scratch/before"
# expect STATUS TEXT ARGS...: new-chapter ARGS exits STATUS, says TEXT, and leaves the tree as it was.
expect() {
  local want=$1 text=$2 status=0
  shift 2
  (cd "$tree" && PATH=$scratch/bin:$PATH scripts/new-chapter "$@") >"$scratch/out" 2>&1 || status=$?
  snapshot >"$scratch/after"
  if [ $status -ne "$want" ] || ! grep -qF -- "$text" "$scratch/out" || ! cmp -s "$scratch/before" "$scratch/after"; then
    echo "FAIL new-chapter $*: exit $status (expected $want), output: $(tail -c 600 "$scratch/out")"
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
# A build that fails after update-golden wrote the golden files and the cases' IDs (its rebuild
# for --version): editions/ids.txt is restored too.
cat >"$scratch/probe" <<'EOF'
#!/bin/sh
for arg; do case $arg in *.svg) echo '<svg/>' >"$arg" ;; esac; done
echo probe
EOF
chmod +x "$scratch/probe"
cat >"$scratch/bin/cmake" <<EOF
#!/bin/sh
case "\$*" in
  *--build*--target\ refusal_probe\ *)
    [ ! -e "$scratch/built" ] || { touch "$scratch/rebuilt"; exit 3; }
    touch "$scratch/built" && mkdir -p build/chapters/$n-refusal-probe && cp "$scratch/probe" build/chapters/$n-refusal-probe/refusal_probe ;;
esac
EOF
expect 1 "restored chapters/chapters.list, book/numbers-allowlist.txt and editions/ids.txt" "$n-refusal-probe"
[ -e "$scratch/rebuilt" ] || { echo "FAIL: update-golden never reached its rebuild, after the IDs"; failures=$((failures + 1)); }
# Ctrl-C while configuring: SIGINT to new-chapter itself, the first of cmake's ancestors running it
# (its configure runs cmake through bash: scripts/lib/configure.sh).
cat >"$scratch/bin/cmake" <<'EOF'
#!/bin/sh
p=$PPID
while [ "$p" -gt 1 ] && ! tr '\0' ' ' </proc/$p/cmdline | grep -q 'scripts/new-chapter'; do p=$(cut -d' ' -f4 /proc/$p/stat); done
kill -INT "$p"
sleep 1
EOF
expect 1 "interrupted; removed every file it wrote" "$n-refusal-probe"
echo "$failures failed"
[ $failures -eq 0 ]
