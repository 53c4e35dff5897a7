#!/usr/bin/env bash
# reproducible.sh RENDER_DIR WORK_DIR: the book is the same bytes wherever and whenever it is rendered.
# RENDER_DIR is the book/render fixture's render of this tree (build/book/test-render: ctest runs
# book/render first), made from nothing or, as often, from its cache (book/render.sh's .cache).
# A copy of the tree at another path (with a space and Chinese in it) renders the whole book
# (pages, EPUB, PDF) from nothing, later, as build-book does (the book's date is the last commit's:
# WORK_DIR is inside the tree's git work tree); every published file (html/ and what is in it,
# book.epub, book.pdf) must be byte for byte the fixture's. So it also proves that a render from
# the cache is the render from nothing. On failure it names the files that differ and keeps WORK_DIR.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -eq 2 ] || { echo "usage: reproducible.sh RENDER_DIR WORK_DIR" >&2; exit 2; }
render=$1
if [ ! -f "$render/html/index.html" ] || [ ! -f "$render/book.epub" ] || [ ! -f "$render/book.pdf" ]; then
  echo "reproducible: $render holds no whole render (html/, book.epub, book.pdf): run book/render first" \
    "(ctest does, book/render is this test's fixture)" >&2
  exit 2
fi
render=$(cd "$render" && pwd)
# The fixture's EPUB and PDF are those of this tree only when it rendered every format.
[ -z "${BOOK_FORMATS:-}" ] || {
  echo "reproducible: BOOK_FORMATS=$BOOK_FORMATS is set: the fixture kept an older EPUB and PDF; unset it" >&2
  exit 2
}
# shellcheck source=scripts/tests/template-copy.sh
source "$root/scripts/tests/template-copy.sh"
work=$(fresh_work_dir "$2")
fail() { echo "reproducible: FAILED: $*" >&2; echo "reproducible: logs in $work" >&2; exit 1; }
tree="$work/另一 份/tree"
copy_sources "$root" "$tree"
epoch=$(git -C "$root" log -1 --format=%ct 2>/dev/null) || fail "$root is not a git work tree with a commit (the book's date)"
[ "$(git -C "$tree" log -1 --format=%ct 2>/dev/null)" = "$epoch" ] ||
  fail "the copy $tree does not see the tree's last commit (the book's date): WORK_DIR must be inside the tree"

# What the fixture's render read from outside the sources, the copy's reads too: the search's
# packages (book/search/npm-deps.sh; no `npm ci` of its own) and the run control's wasm programs
# (book/run/assets.sh: the tree's build-wasm/, or none, as for the fixture).
export BOOK_SEARCH_DEPS=${BOOK_SEARCH_DEPS:-$root/build/search-deps}
export BOOK_WASM_DIR=${BOOK_WASM_DIR:-$root/build-wasm}
# Rendered apart: a date taken from the clock would differ from the fixture's.
newest=$(stat -c %Y "$render/html/index.html" "$render/book.epub" "$render/book.pdf" | sort -n | tail -n 1)
while [ "$(date +%s)" -le "$newest" ]; do sleep 0.2; done
bash "$tree/book/render.sh" "$work/out" >"$work/render.log" 2>&1 ||
  { tail -n 30 "$work/render.log" >&2; fail "the copy's render failed (log: $work/render.log)"; }

published() { (cd "$1" && find html book.epub book.pdf -type f ! -path '*/.cache/*' | LC_ALL=C sort); }
stale="(is $render the render of this tree as it is now? ctest renders it first, unless told -FA)"
[ "$(published "$render")" = "$(published "$work/out")" ] ||
  fail "the copy publishes other files than the fixture $stale: $(diff <(published "$render") <(published "$work/out") | head -n 5)"
files=$(published "$work/out")
[ -n "$files" ] && grep -q '^book.pdf$' <<<"$files" && grep -q '^book.epub$' <<<"$files" || fail "the copy's render published no PDF or EPUB"
differ=()
while read -r f; do cmp -s "$render/$f" "$work/out/$f" || differ+=("$f"); done <<<"$files"
[ ${#differ[@]} -eq 0 ] || fail "${#differ[@]} file(s) differ from the fixture's $stale: ${differ[*]:0:8}"
echo "reproducible: $(wc -l <<<"$files") published files byte for byte the fixture's ($render), from a copy at another path, rendered from nothing, later"
rm -rf "$work"
