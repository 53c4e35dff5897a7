#!/usr/bin/env bash
# assets-test.sh: a page's 运行 control runs the programs its outputs came from (book/run/assets.sh).
# In a scratch tree with a stand-in wasm build folder (a build.ninja making each chapter's
# program .js from one source file): with the programs as new as their sources the render puts
# the control in; after a source edit (what scripts/rebuild-chapter and scripts/preview rebuild
# natively, not in build-wasm/) it leaves the control out and says so; rebuilt, it is back.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "assets-test: FAILED: $*" >&2; exit 1; }
mkdir -p "$scratch/tree/chapters" "$scratch/tree/book" "$scratch/wasm"
cp "$root/book/chapters.sh" "$scratch/tree/book/"
mkdir -p "$scratch/tree/book/run" && cp "$root/book/run/wasm_fresh.py" "$scratch/tree/book/run/"
printf '02-a prog_a\n28-b prog_b\n' >"$scratch/tree/chapters/chapters.list"
{
  echo "rule make"
  echo "  command = cp \$in \$out"
  for c in 02-a/prog_a 28-b/prog_b; do
    mkdir -p "$scratch/wasm/chapters/${c%/*}" "$scratch/src/${c%/*}"
    echo "source of $c" >"$scratch/src/$c.cpp"
    echo "build chapters/$c.js: make $scratch/src/$c.cpp"
  done
} >"$scratch/wasm/build.ninja"
ninja -C "$scratch/wasm" >/dev/null
# verdict: what assets.sh decides in a fresh render ("control" or "no control"), its stderr in err.
verdict() {  # as render.sh sources assets.sh: under set -euo pipefail
  # shellcheck disable=SC2016  # $root is the inner shell's
  env root="$scratch/tree" BOOK_WASM_DIR="$scratch/wasm" bash -c 'set -euo pipefail; source "$root/book/chapters.sh"; source "$1"
    wasm_check_start; wasm_programs_built && echo control || echo "no control"' _ "$root/book/run/assets.sh" 2>"$scratch/err"
}
[ "$(verdict)" = control ] || fail "programs as new as their sources: the control is left out ($(cat "$scratch/err"))"
echo "ok   programs as new as their sources: the pages carry the control"
sleep 1.1  # a later modification time than the built programs, whatever the file system's resolution
echo "edited" >>"$scratch/src/28-b/prog_b.cpp"
[ "$(verdict)" = "no control" ] || fail "a source edited after its wasm program was built: the control is still put in"
grep -q "older than their sources.*without their 运行 control" "$scratch/err" || fail "the render does not say why: $(cat "$scratch/err")"
echo "ok   a source newer than its wasm program: the control is left out, saying so"
ninja -C "$scratch/wasm" >/dev/null
[ "$(verdict)" = control ] || fail "rebuilt: the control is not back"
echo "ok   rebuilt: the control is back"

# What wasm_fresh.py walks (ninja -t query, one run per level of the graph) is what
# `ninja -t inputs PROGRAM` lists, on a graph as CMake writes them: a library of two objects, an
# implicit and an order-only input, a phony edge (walked through, its inputs not listed).
graph=$scratch/graph
mkdir -p "$graph"
cat >"$graph/build.ninja" <<'NINJA'
rule cc
  command = cat $in > $out
build a.o: cc a.cpp | gen.h || codegen
build b.o: cc b.cpp
build lib.a: cc a.o b.o
build codegen: phony codegen.stamp
build gen.h: cc tool.txt
build prog_a.js: cc main_a.o | lib.a || codegen
build main_a.o: cc main_a.cpp
build prog_b.js: cc main_b.cpp || lib.a
NINJA
for program in prog_a.js prog_b.js; do
  want=$(ninja -C "$graph" -t inputs "$program" | sort)
  got=$(cd "$root/book/run" && python3 -c 'import sys, wasm_fresh
print("\n".join(sorted(wasm_fresh.recursive_inputs(sys.argv[1], [sys.argv[2]])[sys.argv[2]])))' "$graph" "$program")
  [ "$got" = "$want" ] || fail "$program: wasm_fresh.py walks to [$(echo $got)], ninja -t inputs lists [$(echo $want)]"
done
echo "ok   the inputs wasm_fresh.py walks to are ninja -t inputs' (a library, implicit, order-only, phony)"
