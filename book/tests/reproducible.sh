#!/usr/bin/env bash
# reproducible.sh RENDER_DIR WORK_DIR: the book is the same bytes wherever and whenever it is
# rendered. RENDER_DIR is the book/render fixture's render of this tree (build/book/test-render:
# ctest runs book/render first). In a copy of the tree at another path (with a space and Chinese
# in it), the whole book (its pages, the EPUB and the PDF) is rendered later from nothing: every
# published file (html/ and what is in it, book.epub, book.pdf) is byte for byte the fixture's.
# On failure it names the files and keeps WORK_DIR with the render's log.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -eq 2 ] || { echo "usage: reproducible.sh RENDER_DIR WORK_DIR" >&2; exit 2; }
fixture=$1
if [ ! -f "$fixture/html/index.html" ] || [ ! -f "$fixture/book.epub" ] || [ ! -f "$fixture/book.pdf" ]; then
  echo "reproducible: $fixture holds no whole render (html/, book.epub, book.pdf): run book/render first" \
    "(ctest does, book/render is this test's fixture)" >&2
  exit 2
fi
fixture=$(cd "$fixture" && pwd)
# shellcheck source=scripts/tests/template-copy.sh
source "$root/scripts/tests/template-copy.sh"
work=$(fresh_work_dir "$2")
tree="$work/另一 份/tree"
out=$work/out
fail() { echo "reproducible: FAILED: $*" >&2; echo "reproducible: logs in $work" >&2; exit 1; }

copy_sources "$root" "$tree"
epoch=$(git -C "$root" log -1 --format=%ct 2>/dev/null) || fail "$root is not a git work tree with a commit (the book's date)"
[ "$(git -C "$tree" log -1 --format=%ct 2>/dev/null)" = "$epoch" ] ||
  fail "the copy $tree does not see the tree's last commit (the book's date): WORK_DIR must be inside the tree"
# What the fixture's render read from outside the sources, the copy's reads too: the search's
# packages (book/search/npm-deps.sh; no `npm ci` of its own) and the run control's wasm programs
# (book/run/assets.sh: the tree's build-wasm/, or none, as for the fixture).
export BOOK_SEARCH_DEPS=${BOOK_SEARCH_DEPS:-$root/build/search-deps}
export BOOK_WASM_DIR=${BOOK_WASM_DIR:-$root/build-wasm}

render() {
  bash "$tree/book/render.sh" "$out" >"$work/render-$1.log" 2>&1 ||
    { tail -n 30 "$work/render-$1.log" >&2; fail "render $1 failed (log: $work/render-$1.log)"; }
}
# Rendered apart: a date taken from the clock would differ from the fixture's.
newest=$(stat -c %Y "$fixture/html/index.html" "$fixture/book.epub" "$fixture/book.pdf" | sort -n | tail -n 1)
while [ "$(date +%s)" -le "$newest" ]; do sleep 0.2; done
render first
published() { (cd "$1" && find html book.epub book.pdf -type f | LC_ALL=C sort); }
stale="(is $fixture the render of this tree as it is now? ctest renders it first, unless told -FA)"
[ "$(published "$fixture")" = "$(published "$out")" ] ||
  fail "render 1 publishes other files than the fixture $stale: $(diff <(published "$fixture") <(published "$out") | head -n 5)"
files=$(published "$out")
grep -q '^book.pdf$' <<<"$files" && grep -q '^book.epub$' <<<"$files" || fail "render 1 published no PDF or EPUB"
differ=()
while read -r f; do cmp -s "$fixture/$f" "$out/$f" || differ+=("$f"); done <<<"$files"
[ ${#differ[@]} -eq 0 ] || fail "render 1: ${#differ[@]} file(s) differ from the fixture's $stale: ${differ[*]:0:8}"
echo "reproducible: rendered from nothing at another path, later: $(wc -l <<<"$files") published files byte for byte the fixture's ($fixture)"
